# expect-runtime-error: 44:1
s = {1, 2, 3}
try:
    s.remove(5)
except KeyError as e:
    print("KeyError", e)
empty = {0}
empty.pop()
try:
    empty.pop()
except KeyError as e:
    print("KeyError", repr(str(e)))
try:
    for x in s:
        s.discard(x)
except RuntimeError as e:
    print("RuntimeError", e)
print(s)
t = {10, 20}
for x in t:
    t.add(x)  # no change in size: no error
print(t)
words = set()
for w in "the quick brown fox jumps over the lazy dog the end".split():
    words.add(w)
print(len(words), sorted(words), "the" in words, "cat" not in words)
print(sorted(set("mississippi")))
print(set({"a": 1}.keys()) == {"a"}, set([1, 2]) == {2, 1}, {1} != {2})
print({1, 2} < {1, 2, 3}, {1, 2} <= {1, 2}, {1, 2} > {1}, {1, 2} >= {3}, {1}.isdisjoint({2}), {1, 2}.issuperset({2}))
u = {3, 1}
u.update([5, 6])
u.update((7, 8))
print(u)
print(type(u).__name__, isinstance(u, set))
def unique_sorted(xs):
    seen = set()
    out = []
    for x in xs:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out, seen
print(unique_sorted([3, 1, 3, 2, 1, 5]))
s.remove(42)
