# corpus: graph_algorithms - a weighted Graph class (adjacency dict of dicts) with BFS, DFS,
#   Dijkstra (heapq), Prim's minimum spanning tree, connected components and cycle detection, on a
#   fixed road map and a seeded random graph.
# model: TheAlgorithms/Python, graphs/dijkstra.py, graphs/minimum_spanning_tree_prims.py and
#   graphs/breadth_first_search.py (https://github.com/TheAlgorithms/Python, MIT License). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, stdlib, sets, exceptions, tuple-keys, generators

import heapq
import random
from collections import deque


class Graph:
    def __init__(self, directed=False):
        self.adj = {}
        self.directed = directed

    def add_edge(self, u, v, w=1):
        self.adj.setdefault(u, {})[v] = w
        self.adj.setdefault(v, {})
        if not self.directed:
            self.adj[v][u] = w

    def vertices(self):
        return list(self.adj)

    def edges(self):
        for u, nbrs in self.adj.items():
            for v, w in nbrs.items():
                if self.directed or u < v:
                    yield u, v, w

    def bfs(self, start):
        seen = {start}
        order = []
        queue = deque([start])
        while queue:
            u = queue.popleft()
            order.append(u)
            for v in sorted(self.adj[u]):
                if v not in seen:
                    seen.add(v)
                    queue.append(v)
        return order

    def dfs(self, start, seen=None):
        if seen is None:
            seen = set()
        seen.add(start)
        order = [start]
        for v in sorted(self.adj[start]):
            if v not in seen:
                order.extend(self.dfs(v, seen))
        return order

    def dijkstra(self, source):
        if source not in self.adj:
            raise KeyError(f"unknown vertex {source!r}")
        dist = {source: 0}
        prev = {}
        heap = [(0, source)]
        done = set()
        while heap:
            d, u = heapq.heappop(heap)
            if u in done:
                continue
            done.add(u)
            for v, w in self.adj[u].items():
                nd = d + w
                if v not in dist or nd < dist[v]:
                    dist[v] = nd
                    prev[v] = u
                    heapq.heappush(heap, (nd, v))
        return dist, prev

    def path(self, source, target):
        dist, prev = self.dijkstra(source)
        if target not in dist:
            return None, float("inf")
        node, path = target, [target]
        while node != source:
            node = prev[node]
            path.append(node)
        return path[::-1], dist[target]

    def prim(self):
        start = min(self.adj)
        in_tree = {start}
        heap = [(w, start, v) for v, w in self.adj[start].items()]
        heapq.heapify(heap)
        tree = []
        while heap and len(in_tree) < len(self.adj):
            w, u, v = heapq.heappop(heap)
            if v in in_tree:
                continue
            in_tree.add(v)
            tree.append((u, v, w))
            for x, wx in self.adj[v].items():
                if x not in in_tree:
                    heapq.heappush(heap, (wx, v, x))
        return tree

    def components(self):
        seen = set()
        comps = []
        for v in sorted(self.adj):
            if v not in seen:
                comp = self.dfs(v, seen)
                comps.append(sorted(comp))
        return comps

    def has_cycle(self):
        parent = {}

        def find(x):
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        for u, v, _ in self.edges():
            ru, rv = find(u), find(v)
            if ru == rv:
                return True
            parent[ru] = rv
        return False


if __name__ == "__main__":
    roads = Graph()
    for u, v, w in [("A", "B", 7), ("A", "C", 9), ("A", "F", 14), ("B", "C", 10), ("B", "D", 15),
                    ("C", "D", 11), ("C", "F", 2), ("D", "E", 6), ("E", "F", 9), ("G", "H", 1)]:
        roads.add_edge(u, v, w)
    print("bfs:", roads.bfs("A"))
    print("dfs:", roads.dfs("A"))
    print("A->E:", roads.path("A", "E"))
    print("A->H:", roads.path("A", "H"))
    print("components:", roads.components())
    mst = roads.prim()
    print("mst:", mst, "weight", sum(w for _, _, w in mst))
    print("cycle:", roads.has_cycle())
    try:
        roads.dijkstra("Z")
    except KeyError as e:
        print("KeyError:", e)

    random.seed(7)
    g = Graph()
    for i in range(300):
        for _ in range(3):
            j = random.randrange(300)
            if j != i:
                g.add_edge(i, j, random.randint(1, 20))
    dist, _ = g.dijkstra(0)
    print(len(dist), max(dist.values()), sum(dist.values()))
    print(len(g.components()), len(g.prim()), sum(w for _, _, w in g.prim()))
