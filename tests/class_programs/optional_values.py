def find(words, prefix):
    for w in words:
        if w.startswith(prefix):
            return w
    return None


def longest(words):
    best = None
    for w in words:
        if best is None or len(w) > len(best):
            best = w
    return best


ws = ["apple", "banana", "cherry", "avocado"]
print(find(ws, "b"), find(ws, "z"), longest(ws))
r = find(ws, "ch")
if r is not None:
    print(r.upper(), len(r))
print([find(ws, p) for p in ["a", "x", "c"]])
d = {"a": [1, 2], "b": []}
x = d.get("a", None)
y = d.get("c", None)
if x:
    print("x", len(x), x)
print(y, y is None, bool(x), not y)
s = None
for w in ws:
    if s is None:
        s = w
    else:
        s = s + "," + w
print(s)
