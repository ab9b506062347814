# d.get(k) and d.pop(k, None) of number values are Optional numbers (Note [Optional numbers]).
counts = {"a": 1, "b": 2}
for w in ["a", "c", "b", "c"]:
    c = counts.get(w)
    if c is None:
        counts[w] = 1
    else:
        counts[w] = c + 1
print(counts, counts.get("z"), counts.get("a", None), counts.pop("a", None), counts.pop("q", None), counts)
f = {1: 0.5}
print(f.get(1), f.get(2) is None, f.get(1) == 0.5)
