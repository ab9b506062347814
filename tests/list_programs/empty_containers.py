# Empty lists, dicts and strings printed, compared, measured and sliced.
print([], {}, "", [[]], [{}], {"k": []}, ([], 1))
print(len([]), [] == [], {} == {}, [] is None, bool([]), bool({}), not [])
xs: list[int] = []
d: dict[str, int] = {}
print(xs, d, len(xs), len(d), xs == [], d == {}, str(xs), repr(d), f"{xs}{d}")
print(xs[1:], xs[::-1], xs[5:2], "abc"[5:], "abc"[2:1], [1, 2][3:])
print(sorted(xs), list(reversed(xs)), sum(xs), any(xs), all(xs), [x * 2 for x in xs])
print(" ".join([]), "".split(), "a".split("a"), "  ".split(), ",".join(["", ""]))
print(list(range(0)), [0] * 0, [0] * -1, "ab" * 0, [[1]] * 0, list(d), list(d.items()))
print({k: v for k, v in d.items()}, {x: x for x in xs}, [k for k in d])
for x in xs:
    print("never")
else:
    print("empty loop else")
while xs:
    xs.pop()
else:
    print("empty while else")
xs.append(1)
xs.pop()
d["a"] = 1
del d["a"]
print(xs, d, len(xs), len(d), xs.copy(), d.copy(), xs + xs, xs * 3)
grid = [[] for _ in range(3)]
grid[1].append(5)
print(grid, [len(r) for r in grid], [r for r in grid if r])
s = ""
for ch in s:
    print("never")
print(repr(s), s == "", len(s), s.upper(), s.strip(), s.find("a"), s.count(""), s.startswith(""))
print(max([3, 1]), min(["b", "a"]), sorted({"b": 1, "a": 2}), sorted([[2], [], [1, 0]]))
