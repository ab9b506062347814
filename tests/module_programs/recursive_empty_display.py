def subsets(items):
    if not items:
        return [[]]
    without = subsets(items[1:])
    return without + [[items[0]] + s for s in without]


print(subsets(["x", "y", "z"]))
print(subsets([3, 1]))
