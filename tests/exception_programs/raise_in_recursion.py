# Raising deep in a recursion; handlers at several depths re-raise or recover.
def walk(n, path):
    here = path + [n]
    if n < 0:
        return 0
    if n == 0:
        raise LookupError("bottom of " + str(here))
    try:
        return walk(n - 1, here)
    except LookupError as e:
        if n % 3 == 0:
            print("level", n, "passes on")
            raise
        return len(here) * 100


def fact(n):
    if n < 0:
        raise ValueError("negative: " + str(n))
    if n <= 1:
        return 1
    return n * fact(n - 1)


print(walk(1, []))
print(walk(3, []))
try:
    print(walk(6, []))
except LookupError as e:
    print("top:", e)
for n in [5, -2, 3]:
    try:
        print(fact(n))
    except ValueError as e:
        print("fact:", e)
