# expect-runtime-error: 53:1
import heapq
import random
from heapq import heappush, heappop, heapify

h = []
for x in [5, 3, 8, 1, 9, 2, 7, 3, 0, 6]:
    heappush(h, x)
    print(h)
out = []
while h:
    out.append(heappop(h))
print(out, h)
random.seed(7)
data = [random.randint(0, 99) for _ in range(40)]
heapify(data)
print(data)
print(heapq.heappushpop(data, 50), heapq.heappushpop(data, -1), heapq.heapreplace(data, 77))
print(data)
jobs = [(3, "write"), (1, "plan"), (2, "code"), (1, "alpha"), (5, "ship"), (2, "test")]
heapq.heapify(jobs)
print(jobs)
heapq.heappush(jobs, (0, "start"))
print([heapq.heappop(jobs) for _ in range(4)], jobs)
fl = [2.5, -1.0, 3.25, 0.0]
heapq.heapify(fl)
print(fl, heapq.heappop(fl))
names = ["pear", "fig", "apple", "kiwi", "banana"]
heapify(names)
print(names, heappop(names), names)
print(heapq.nlargest(3, [4, 1, 9, 3, 9, 7]), heapq.nsmallest(2, [4, 1, 9, 3, 1]))
print(heapq.nlargest(10, [4, 1, 9]), heapq.nsmallest(0, [4, 1, 9]), heapq.nlargest(-2, [4, 1, 9]))
print(heapq.nlargest(1, [4, 1, 9]), heapq.nsmallest(1, [4, 1, 9]))
pairs = [("a", 3), ("b", 1), ("c", 3), ("d", 2)]
print(heapq.nlargest(2, pairs, key=lambda p: p[1]), heapq.nsmallest(3, pairs, key=lambda p: p[1]))
print(heapq.nlargest(2, "hello"), heapq.nsmallest(3, {5: "x", 2: "y", 9: "z"}))
one = [42]
print(heapq.heappushpop(one, 50), one, heapq.heapreplace(one, 10), one)
e: list[int] = []
print(heapq.heappushpop(e, 3), e)
try:
    heappop(e)
except IndexError as err:
    print("IndexError:", err)
try:
    heapq.heapreplace(e, 1)
except IndexError as err:
    print("IndexError:", err)
big = list(range(3000, 0, -1))
heapify(big)
print(big[:12], big[-5:])
print([heappop(big) for _ in range(5)])
heappop(e)
