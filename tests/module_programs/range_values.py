from itertools import permutations


def span(n):
    return range(1, n + 1)


cols = range(4)
print(len(cols), cols[1], cols[-1], 2 in cols, 7 in cols, list(cols), sorted(cols, reverse=True))
print([c * 2 for c in cols], sum(cols), max(cols), min(cols), set(cols) == {0, 1, 2, 3})
print(len(list(permutations(cols, 2))), list(permutations(range(3), 3))[:2])
r = span(5)
print(list(r[1:3]), r[::2] == range(1, 6, 2), r == range(1, 6), r == list(r), r != [1, 2, 3, 4, 5])
print(cols.index(2), cols.count(3), isinstance(cols, list), type(cols).__name__)
a, b, c = range(3)
print(a, b, c, bool(range(0)), bool(cols))
for i in cols:
    print(i, end=" ")
print()
try:
    print(cols[10])
except IndexError as e:
    print("IndexError:", e)
empty = range(5, 0)
print(len(empty), list(empty), [x for x in range(10, 0, -3)])
print(list(reversed(range(3))))
x, y = "3,4".split(",")
print(x, y)
pairs = [[1, 2], [3, 4]]
for p, q in pairs:
    print(p + q)
for bad in ([1], [1, 2, 3]):
    try:
        m, n = bad
        print(m, n)
    except ValueError as e:
        print("ValueError:", e)
r = range(1, 10, 3)
print(r.index(7), r.count(4))
for x in (5, 10, True):
    try:
        print(r.index(x))
    except ValueError as e:
        print("ValueError:", e)
print(r.index(1))
