# expect-runtime-error: 55:7
from collections import deque, Counter
import collections

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], 3 in d, 7 not in d, bool(d))
print(d.popleft(), d.pop(), d)
d.rotate(1)
print(d)
d.rotate(-1)
d.rotate()
d.rotate(7)
print(d)
d.extendleft([9, 8])
d.extend([5, 6])
print(d, list(d), sum(d), sorted(d), max(d))
d[0] = 100
d.remove(9)
d.insert(1, 42)
print(d, d.count(42), d.index(42), str(d), repr(d), f"{d}|{d!r}")
q = deque()
q.append("a")
q.append("b")
while q:
    print(q.popleft())
try:
    q.popleft()
except IndexError as e:
    print("IndexError:", e)
try:
    q.pop()
except IndexError as e:
    print("IndexError:", e)
print(q, len(q), type(q).__name__, isinstance(q, list), type(Counter()).__name__, isinstance(Counter(), dict))
w = collections.deque("abc")
w.reverse()
print(w, [c.upper() for c in w])
pts = deque([(0, 0)])
seen = {(0, 0)}
while pts:
    x, y = pts.popleft()
    for nx, ny in [(x + 1, y), (x, y + 1)]:
        if nx <= 2 and ny <= 2 and (nx, ny) not in seen:
            seen.add((nx, ny))
            pts.append((nx, ny))
print(len(seen), sorted(seen)[-3:])
r = deque(range(5))
r.rotate(2)
print(r, deque(x * x for x in range(4)), deque([1.5]), deque(sorted([3, 1, 2])))
empty = deque()
empty.appendleft(3)
print(empty)
print(q.popleft())
