# Optional numbers: equality, truth, tuples, dict keys and displays mixing None and numbers.
def pick(k):
    if k > 0:
        return k * 0.0
    return None


def flag(k):
    if k > 1:
        return k > 2
    return None


def same(a, b):
    return a == b, a != b, a is None, b is not None


a = pick(1)
b = pick(-1)
c = flag(3)
d = flag(0)
print(a, b, c, d, bool(a), bool(b), bool(c), not d)
if a:
    print("a truthy")
if c:
    print("c truthy")
print(same(a, b), same(b, b), same(a, a), same(c, d), a == 0, b == 0, c == True, d == False)
t = (a, b, 3)
print(t, [t], {1: b, 2: a})
counts = {}
for k in [b, a, b]:
    counts[k] = counts.get(k, 0) + 1
print(counts)
print("x", a, b, sep="|", end="!\n")
print(f"{a!r} {b!r} {c} {d}")
print(str(b) + str(a), repr(b), [b, a] == [None, 0.0], (a, b) == (0.0, None))
print([b, a] == [None, 0.0], [x for x in (a, None, 2.5)])
