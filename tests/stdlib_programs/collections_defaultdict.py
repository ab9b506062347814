from collections import defaultdict
import collections

dd = defaultdict(list)
for k, v in [("a", 1), ("b", 2), ("a", 3)]:
    dd[k].append(v)
print(dd, dd["a"], len(dd), dd["zz"], len(dd), "q" in dd, type(dd).__name__, isinstance(dd, dict))
di = defaultdict(int)
for ch in "hello world":
    di[ch] = di[ch] + 1
print(di, dict(di), di.get("x", -1), sorted(di.items()))
df = collections.defaultdict(float)
df["x"] = df["x"] + 1.5
print(df, df["y"])
ds = defaultdict(str)
ds[1] = ds[1] + "a"
ds[1] = ds[1] + "b"
print(ds, repr(ds[2]))
dset = defaultdict(set)
for a, b in [(1, 2), (1, 3), (2, 1), (1, 2)]:
    dset[a].add(b)
print(dset)
dl = defaultdict(lambda: 7)
print(dl["x"] + 1, dict(dl))


def zero_pair():
    return [0, 0]


dp = defaultdict(zero_pair)
dp["k"][1] = 5
print(dict(dp), dp["k"], dp["m"])
graph = defaultdict(list)
for u, v in [(1, 2), (2, 3), (1, 3), (3, 4)]:
    graph[u].append(v)
    graph[v].append(u)
print(graph)
for node in sorted(graph):
    print(node, graph[node])
nested = defaultdict(dict)
nested["a"]["b"] = 1
print(nested, f"{nested}")
keys = list(dd)
print(keys, [len(v) for v in dd.values()])
