# One list referenced from two dicts and a list: removing it from one container (del, pop,
# clear, overwrite) leaves it alive and shared through the others.
shared = [1, 2]
d1 = {"k": shared}
d2 = {"k": shared, "j": [0]}
holder = [shared, d2["j"]]
del d1["k"]
d2["k"].append(3)
print(shared, d1, d2, holder)
print(holder[0] is shared, "k" in d1, d2.get("k") is shared, d1.get("k") is None)
popped = d2.pop("k")
popped.append(4)
print(popped is shared, shared, d2, holder)
holder.clear()
print(shared, holder, popped)
d1["k"] = shared
d1["k"] = [5]
print(shared, d1)
names = ["a"]
index = {1: names, 2: names}
index[1] = index[2]
index[2] = ["b"]
index[1].append("c")
print(names, index)
pool = [[1], [2], [3]]
kept = pool[1]
del pool[1]
kept.append(20)
print(pool, kept)
last = pool.pop()
pool.clear()
last.append(30)
print(pool, last)
cache: dict[str, list[int]] = {}
cache["x"] = cache.get("x", [])
cache["x"].append(1)
cache.setdefault("y", cache["x"]).append(2)
print(cache, cache["x"] is cache["y"])
cache.update({"x": [9]})
print(cache)
cache["y"] = cache["y"]
xs = cache["y"]
xs[0] = xs[0]
print(cache, xs)
groups: dict[int, list[str]] = {}
for w in ["aa", "b", "cc", "d", "eee"]:
    groups.setdefault(len(w), []).append(w)
print(groups)
alias = groups[1]
groups.clear()
alias.append("z")
print(groups, alias)
