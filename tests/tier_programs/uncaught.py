# An uncaught error inside a recursive function in two tiers: CPython's exit status and output.
def walk(n, d):
    if n == 0:
        return d[n]
    return walk(n - 1, d)


print(walk(3, {0: "zero"}))
print(walk(30, {1: "one"}))
