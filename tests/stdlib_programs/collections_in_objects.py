from collections import deque, Counter, defaultdict


class Queue:
    def __init__(self):
        self.items = deque()
        self.seen = Counter()
        self.by = defaultdict(list)

    def push(self, x):
        self.items.append(x)
        self.seen[x] = self.seen[x] + 1
        self.by[x % 2].append(x)

    def pop(self):
        return self.items.popleft()


q = Queue()
for v in [3, 1, 3, 4]:
    q.push(v)
print(q.pop(), q.items, q.seen, q.by, len(q.items))
rows = [deque([1]), deque([2, 3])]
rows[1].appendleft(0)
print(len(rows), list(rows[1]))
m = {"a": Counter("aab")}
print(m["a"]["a"], m["a"].most_common(1))


def drain(d):
    out = []
    while d:
        out.append(d.popleft())
    return out


print(drain(deque("xyz")), drain(deque([1, 2])))
