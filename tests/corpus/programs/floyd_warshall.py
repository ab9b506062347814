# corpus: floyd_warshall - all-pairs shortest paths by Floyd-Warshall on an adjacency matrix with
#   float('inf') for missing edges, path reconstruction through a next-hop matrix, negative edges,
#   negative-cycle detection, and the graph's diameter and center.
# model: TheAlgorithms/Python, graphs/graphs_floyd_warshall.py and dynamic_programming/
#   floyd_warshall.py (https://github.com/TheAlgorithms/Python, MIT License). Written independently
#   for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: lists, float-inf

INF = float("inf")


def floyd_warshall(n, edges):
    dist = [[INF] * n for _ in range(n)]
    nxt = [[None] * n for _ in range(n)]
    for i in range(n):
        dist[i][i] = 0
        nxt[i][i] = i
    for u, v, w in edges:
        dist[u][v] = w
        nxt[u][v] = v
    for k in range(n):
        for i in range(n):
            if dist[i][k] == INF:
                continue
            for j in range(n):
                if dist[i][k] + dist[k][j] < dist[i][j]:
                    dist[i][j] = dist[i][k] + dist[k][j]
                    nxt[i][j] = nxt[i][k]
    negative_cycle = any(dist[i][i] < 0 for i in range(n))
    return dist, nxt, negative_cycle


def path(nxt, u, v):
    if nxt[u][v] is None:
        return []
    p = [u]
    while u != v:
        u = nxt[u][v]
        p.append(u)
    return p


def show(dist):
    for row in dist:
        print(" ".join("  inf" if d == INF else f"{d:5}" for d in row))


if __name__ == "__main__":
    edges = [(0, 1, 3), (0, 2, 8), (0, 4, -4), (1, 3, 1), (1, 4, 7), (2, 1, 4), (3, 0, 2),
             (3, 2, -5), (4, 3, 6)]
    dist, nxt, neg = floyd_warshall(5, edges)
    show(dist)
    print("negative cycle:", neg)
    for u, v in ((0, 2), (2, 4), (4, 1)):
        print(f"path {u}->{v}: {path(nxt, u, v)} cost {dist[u][v]}")

    n = 40
    ring = [(i, (i + 1) % n, 1.5) for i in range(n)] + [(i, (i * 7 + 3) % n, 4.0) for i in range(0, n, 3)]
    dist, nxt, neg = floyd_warshall(n, ring)
    ecc = [max(row) for row in dist]
    print("diameter:", max(ecc), "radius:", min(ecc), "center:", [i for i, e in enumerate(ecc) if e == min(ecc)])
    print("path 5->30:", path(nxt, 5, 30))

    dist, nxt, neg = floyd_warshall(3, [(0, 1, 1), (1, 2, -2), (2, 0, 0.5), (2, 1, 4)])
    print("negative cycle:", neg)
    dist, nxt, neg = floyd_warshall(3, [(0, 1, 2)])
    show(dist)
    print("path 2->0:", path(nxt, 2, 0))
