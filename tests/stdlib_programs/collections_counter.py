from collections import Counter
import collections

c = Counter("mississippi")
print(c, c["s"], c["z"], len(c), "z" in c)
print(c.most_common(2), c.most_common(), c.most_common(0), c.most_common(-1), c.most_common(10))
words = "the cat and the hat and the bat".split()
w = Counter(x for x in words if x != "and")
print(w.most_common(1), w["the"], w)
w.update(["cat", "dog"])
w.update({"bat": 5, "emu": 1})
print(w, sorted(w.elements()), w.total())
w.subtract(["the", "the", "the", "the"])
print(w, list(w.elements())[:3])
print(Counter(), repr(Counter([3, 1, 3])), str(Counter([2.5])))
nums = Counter([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])
print(nums, nums.most_common(3), max(nums.keys()))
for k in sorted(nums):
    print(k, nums[k], end="; ")
print()
letters = Counter(ch for ch in "Hello, World" if ch.isalpha())
print("".join(ch for ch, _ in letters.most_common(3)), letters)
m = collections.Counter({"a": 2, "b": 0, "c": -1})
m["d"] = m["d"] + 3
del m["b"]
print(m, m.most_common(), dict(m), list(m.keys()), list(m.values()), list(m.items()))
pairs = Counter([(1, 2), (1, 2), (0, 5)])
print(pairs, pairs[(1, 2)])
print(f"{c}", f"{letters!r}")
