from collections import defaultdict, Counter, deque
import heapq
import bisect

adj = defaultdict(lambda: defaultdict(int))
for u, v, w in [("a", "b", 3), ("a", "c", 1), ("b", "c", 7), ("a", "b", 2)]:
    adj[u][v] = adj[u][v] + w
print(sorted((u, sorted(adj[u].items())) for u in adj))
print(dict(adj["a"]), len(adj), adj["zz"]["q"], len(adj))


def bfs(graph, start):
    seen = {start}
    order = []
    q = deque([start])
    while q:
        node = q.popleft()
        order.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in seen:
                seen.add(nxt)
                q.append(nxt)
    return order


g = defaultdict(list)
for a, b in [(1, 2), (1, 3), (2, 4), (3, 4), (4, 5)]:
    g[a].append(b)
    g[b].append(a)
print(bfs(g, 1))


def dijkstra(edges, src):
    dist = {src: 0}
    heap = [(0, src)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist.get(u, 10**9):
            continue
        for v, w in edges.get(u, []):
            nd = d + w
            if nd < dist.get(v, 10**9):
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dist


print(sorted(dijkstra({"a": [("b", 4), ("c", 1)], "c": [("b", 2)], "b": [("d", 5)]}, "a").items()))
scores = [55, 70, 85, 90]
grades = "FDCBA"
print([grades[bisect.bisect(scores, s)] for s in [33, 99, 77, 70, 89, 90, 100]])
words = "a b c a b a".split()
freq = Counter(words)
print(sorted(freq, key=lambda w: (-freq[w], w)), freq.most_common(1)[0][0])
top = heapq.nlargest(2, freq.items(), key=lambda kv: kv[1])
print(top)

groups2 = defaultdict(list)
pairs = defaultdict(lambda: [])
tally = Counter()
q = deque()


def add(k, v):
    groups2[k].append(v)
    pairs[k].append((k, v))
    tally[k] = tally[k] + 1
    q.append(v)


add("x", 1)
add("y", 2)
add("x", 3)
print(groups2, dict(pairs), tally, q)
from math import sqrt
norm = lambda v: sqrt(v[0] * v[0] + v[1] * v[1])
print(norm((3.0, 4.0)))
