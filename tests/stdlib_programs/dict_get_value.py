def best_key(scores):
    return min(scores, key=scores.get)


def make():
    print("making the dict")
    return {"b": 2, "a": 2, "c": 1}


scores = {"a": 3.5, "b": 1.25, "c": 2.0}
print(best_key(scores), max(scores, key=scores.get))
print(sorted(scores, key=scores.get), sorted(scores, key=scores.get, reverse=True))
counts = {1: 5, 2: 9, 3: 1}
get = counts.get
print(get(2), get(7), max(counts, key=counts.get))
# the dict is evaluated once, where `.get` is read; ties keep the first key
print(sorted(make(), key=make().get))
rank = {"x": 2, "y": 0, "z": 1}
print(sorted(["x", "y", "z"], key=rank.get), [rank.get(w) for w in "zyx"])
ranking = rank.get
rank = {"x": 0, "y": 1, "z": 2}
print(ranking("x"), rank.get("x"))
try:
    print(sorted(["x", "q", "y"], key=ranking))
except TypeError as e:
    print("TypeError:", e)
seen = {"first": 1}
lookup = seen.get
seen["later"] = 7
print(lookup("later"), lookup("missing"))
