# Iteration order is CPython's table order: colliding hashes, deletions (dummies reused), growth,
# merges of equal-sized and smaller tables, pop's finger, constant displays.
a = set()
for v in [8, 16, 24, 32, 0, -8, 2**61 - 1, 2**61, -(2**61), 40, 48, 56]:
    a.add(v)
    print(a)
for v in [16, 32, 48]:
    a.discard(v)
print(a)
a.add(64)
a.add(16)
print(a)
print({-4, -2305843009213693949, 12, -936325}, {-4, -2305843009213693949, 12, -936325, 3, 11})
x = -4
print({x, -2305843009213693949, 12, -936325})
b = set(range(0, 200, 7))
c = set(range(0, 200, 5))
print(b | c)
print(b & c, c & b)
print(b - c)
print(b ^ c)
print(b.union(b), b.copy())
d = {(i % 3, i * 8) for i in range(10)}
print(d)
print(sorted(d))
e = set([1, 2, 3, 9, 17, 25])
while e:
    print(e.pop(), e)
f = set(range(40))
for v in range(0, 40, 3):
    f.discard(v)
f.difference_update({1, 2, 4})
print(f)
f.intersection_update(set(range(10, 30)))
print(f)
f.symmetric_difference_update({11, 12, 100})
print(f)
g = {1.5, 2.0, 2.5, 1.0, 0.5, 3.0 * 2**61}
print(g, len(g))
print({k: len(k) for k in sorted({"b", "a", "c"})})
