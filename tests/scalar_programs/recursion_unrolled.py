# Self-recursive functions that codegen/unroll_recursion.cpp inlines into themselves and whose
# early returns it evaluates at each call: results, the order of side effects, and every kind of
# return value must be what CPython gives.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def trib(n):
    if n < 3:
        return 1 if n == 2 else 0
    return trib(n - 1) + trib(n - 2) + trib(n - 3)


def noisy(n):
    # Prints on the way down and up: the order of calls must not change.
    if n <= 0:
        return 1
    print("enter", n)
    r = noisy(n - 1) + noisy(n - 2)
    print("leave", n, r)
    return r


def walk(n, depth):
    # Returns None; the early return is not the first statement.
    if depth > 3:
        print("too deep", n)
        return
    if n < 2:
        return
    walk(n // 2, depth + 1)
    print(n, depth)
    walk(n - n // 2, depth + 1)


def even(n):
    if n == 0:
        return True
    if n == 1:
        return False
    return even(n - 2)


def halves(x, n):
    if n == 0:
        return x
    return halves(x / 2.0, n - 1) + halves(x / 3.0, n - 1) * 0.5


def pair(n):
    if n < 2:
        return (n, 1)
    a, b = pair(n - 1)
    c, d = pair(n - 2)
    return (a + c, b + d)


def collatz(n, steps):
    if n == 1:
        return steps
    if n % 2 == 0:
        return collatz(n // 2, steps + 1)
    return collatz(3 * n + 1, steps + 1)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def count_down(n):
    # A loop in the body, and a recursive call inside it.
    total = 0
    if n <= 0:
        return 0
    for i in range(n):
        total = total + count_down(i // 2) + 1
    return total


def deep(n):
    # Two calls per frame, 998 frames deep at most: the frame count survives unrolling.
    if n == 0:
        return 0
    return deep(n - 1) + deep(0) + 1


for k in range(12):
    print(k, fib(k), trib(k))
print(fib(30))
print(noisy(4))
walk(20, 0)
print(even(0), even(7), even(500))
print(halves(1.0, 6))
print(pair(15))
print(collatz(27, 0), collatz(97, 0))
print(ackermann(2, 3), ackermann(3, 3))
print(count_down(10))
print(deep(997))
