# An empty list or dict display in one branch of a conditional expression takes the element types
# of the other branch.

def pick(xs, c):
    ys = xs if c else []
    zs = [] if c else xs
    return len(ys), len(zs)


print(pick([1, 2], True), pick([3], False))
d = {"a": 1}
e = d if len(d) > 3 else {}
print(e)
