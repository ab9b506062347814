s = {3, 1, 2}
print(s)
t = set()
t.add(5)
t.add(13)
t.add(21)
print(t, len(t), 13 in t, 4 in t)
u = {x * 7 for x in range(10)}
print(u)
print(sorted(u), sum(u), max(u), min(u))
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, a ^ b)
print(a <= b, {3, 4} <= a, a > {1}, a == {4, 3, 2, 1}, a != b)
words = set("hello world".split())
print(len(words), "hello" in words)
c = set([1, 2, 2, 3, 100, 36, 68])
print(c)
c.discard(2)
c.remove(100)
print(c, c.pop(), c)
for x in {10, 20, 30, 40, 50, 60, 70, 80, 90}:
    print(x, end=" ")
print()
print(set(), str({1.5, 2.5}), repr({(1, 2), (3, 4)}))
e = set()
print(e, len(e), bool(e), bool(a))
try:
    c.remove(999)
except KeyError as err:
    print("KeyError", err)
d = {"a": 1, "b": 2}
print(sorted(set(d)))
print(a.union([7, 8]), a.intersection(b), a.difference(b), a.symmetric_difference(b), a.issubset(b), a.isdisjoint({9}))
a.update([9, 10])
print(a)
try:
    for x in a:
        a.add(x + 100)
except RuntimeError as err:
    print("RuntimeError", err)
