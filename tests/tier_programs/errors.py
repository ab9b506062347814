# Errors raised inside recursive functions compiled in two tiers, caught at the top level, and the
# recursion limit counted the same way in both tiers.
def countdown(n):
    if n == 0:
        return 10 // n
    return countdown(n - 1) + 1


def depth_of(n):
    if n == 0:
        return 0
    return 1 + depth_of(n - 1)


def pick(xs, i):
    if i == 0:
        return xs[100]
    return pick(xs, i - 1)


try:
    print(countdown(50))
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(depth_of(900))
try:
    print(depth_of(5000))
except RecursionError:
    print("RecursionError")
try:
    print(pick([1, 2, 3], 20))
except IndexError as e:
    print("IndexError:", e)
print(depth_of(990))
