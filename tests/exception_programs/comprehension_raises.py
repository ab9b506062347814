# An exception inside a comprehension leaves the whole assignment: the name keeps its old value.
def inverses(xs):
    out = [0.0]
    try:
        out = [1.0 / x for x in xs]
    except ZeroDivisionError as e:
        print("comprehension:", e, out)
    return out


print(inverses([1.0, 2.0]))
print(inverses([1.0, 0.0, 2.0]))
total = -1
try:
    total = sum(10 // x for x in [5, 2, 0])
except ZeroDivisionError:
    print("sum stopped, total still", total)
d = {"a": 1}
try:
    vals = {k: d[k] for k in ["a", "b"]}
except KeyError as e:
    print("dict comprehension:", e)
