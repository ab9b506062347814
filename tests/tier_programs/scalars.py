# Recursive functions of ints, floats and bools, called from a top level without loops: each is
# compiled in two tiers (Note [Two tiers]).
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def power(x, n):
    if n == 0:
        return 1.0
    half = power(x, n // 2)
    if n % 2 == 0:
        return half * half
    return half * half * x


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def digits(n):
    if n < 10:
        return 1
    return 1 + digits(n // 10)


def harmonic(n):
    if n == 1:
        return 1.0
    return 1.0 / n + harmonic(n - 1)


print(fib(24), power(1.0001, 5000), power(-2.5, 7))
print(is_even(501), is_odd(501), digits(9876543210123))
print(harmonic(400))
print(fib(18) - fib(17), power(2.0, 10) / 3)
