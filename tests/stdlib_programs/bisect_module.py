# expect-runtime-error: 48:1
import bisect
from bisect import bisect_left, insort_right

a = [1, 2, 2, 2, 3, 5, 8, 8, 13]
for x in [0, 1, 2, 4, 8, 13, 20]:
    print(x, bisect_left(a, x), bisect.bisect_right(a, x), bisect.bisect(a, x))
print(bisect.bisect_left(a, 2, 2), bisect.bisect_right(a, 2, 0, 3), bisect.bisect_left(a, 8, hi=6))
print(bisect.bisect_right(a, 8, lo=1, hi=len(a)))
words = ["apple", "banana", "cherry", "date"]
print(bisect.bisect_left(words, "blueberry"), bisect.bisect_right(words, "cherry"))
pairs = [(1, "z"), (3, "a"), (3, "b"), (7, "c")]
print(bisect.bisect_left(pairs, (3, "b")), bisect.bisect_right(pairs, (3, "az")))
print(bisect.bisect_left(pairs, 3, key=lambda p: p[0]), bisect.bisect_right(pairs, 3, key=lambda p: p[0]))


def second(p):
    return p[1]


by_name = [(9, "a"), (1, "c"), (5, "e")]
print(bisect.bisect(by_name, "d", key=second))
insort_right(by_name, (0, "d"), key=second)
bisect.insort_left(by_name, (4, "c"), key=second)
print(by_name)
xs = []
for v in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    bisect.insort(xs, v)
print(xs)
fl = [0.5, 1.5]
bisect.insort_left(fl, 1.5)
bisect.insort_right(fl, -1.0, 0, 1)
print(fl)
empty: list[int] = []
print(bisect.bisect_left(empty, 3), bisect.bisect_right(empty, 3))
try:
    bisect.bisect_left(a, 3, -1)
except ValueError as e:
    print("ValueError:", e)
try:
    bisect.bisect_right(a, 3, 0, 20)
except IndexError as e:
    print("IndexError:", e)
try:
    bisect.insort(a, 3, -2)
except ValueError as e:
    print("ValueError:", e)
bisect.bisect_right(a, 1, -3)
