# KeyError from dicts: str, int and tuple keys; str(e) is the key's repr.
d = {"a": 1, "b": 2}
for k in ["a", "z", "b"]:
    try:
        print(k, d[k])
    except KeyError as e:
        print("missing", e, repr(e), str(e) == "'z'")
counts = {1: "one"}
try:
    print(counts[2])
except KeyError as e:
    print("int key", e)
grid = {(0, 0): 1.5, (1, 2): 2.5}
try:
    print(grid[(1, 2)], grid[(2, 1)])
except KeyError as e:
    print("tuple key", e, repr(e))
try:
    del d["q"]
except KeyError as e:
    print("del", e)
try:
    d.pop("nope")
except KeyError as e:
    print("pop", e)
print(d.pop("nope", 0), d)
try:
    raise KeyError("made")
except LookupError as e:
    print("raised", e, repr(e))
