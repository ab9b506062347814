# RecursionError caught, at the top level and inside a function; the program goes on.
def depth(n):
    if n < 0:
        return 0
    return depth(n + 1) + 1


try:
    print(depth(0))
except RecursionError as e:
    print("top:", e)


def guarded(n):
    try:
        return depth(n)
    except RecursionError:
        return -1


print(guarded(0), guarded(-5))


def count(n):
    if n == 0:
        return 0
    return 1 + count(n - 1)


print(count(500))
try:
    print(count(5000))
except RuntimeError as e:
    print("as RuntimeError:", e)
print(count(900))
