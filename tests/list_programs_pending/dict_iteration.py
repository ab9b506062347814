# CPython's errors when a dict changes size during iteration (caught and printed); lists may
# change during iteration without an error, by position.
d = {"a": 1, "b": 2}
try:
    for k in d:
        d[k + k] = 0
except RuntimeError as e:
    print("caught", e)
print(d)
e = {1: "x", 2: "y", 3: "z"}
try:
    for k in e:
        del e[k]
except RuntimeError as err:
    print("caught", err)
print(e)
f = {1: 10, 2: 20}
try:
    for k, v in f.items():
        if k == 1:
            del f[1]
            f[5] = v
        print("visit", k, v)
except RuntimeError as err:
    print("caught", err)
print(f)
g = {"p": [1], "q": [2]}
try:
    for v in g.values():
        g["r"] = v
except RuntimeError as err:
    print("caught", err)
print(g)
h = {"a": 1, "b": 2}
for k in h:
    h[k] = h[k] * 10
print(h)
for k in list(h):
    h[k + "!"] = 0
    del h[k]
print(h)
xs = [1, 2, 2, 3, 4]
for x in xs:
    if x % 2 == 0:
        xs.remove(x)
print(xs)
ys = [1, 2, 3]
seen: list[int] = []
for y in ys:
    seen.append(y)
    if len(ys) < 5:
        ys.append(y * 10)
print(ys, seen)
zs = [5, 6, 7]
for i, z in enumerate(zs):
    zs.pop()
    print(i, z, zs)
count = {}
for ch in "banana":
    count[ch] = count.get(ch, 0) + 1
print(count, list(count.keys()), list(count.values()), list(count.items()))
