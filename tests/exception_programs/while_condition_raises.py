# A while loop's condition raising after some iterations, inside a try.
xs = [3, 2, 1]
i = 0
acc = 0
try:
    while xs[i] > 0:
        acc = acc + xs[i]
        i = i + 1
except IndexError as e:
    print("stopped", i, acc, e)

d = {"a": 1, "b": 2}
seen = []
try:
    for k in d:
        seen.append(k)
        if k == "a":
            d["c"] = 3
except RuntimeError as e:
    print("dict:", e, seen, len(d))

counts = {"x": 1}
keys = []
try:
    for k in counts:
        keys.append(k)
        counts["y"] = 2
except RuntimeError as e:
    print("last step:", e, keys)
