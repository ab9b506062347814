words = ["a", "bbb", "cc"]
for w in words:
    print("[" + w.rjust(5) + "]", "[" + w.ljust(4, "*") + "]", "[" + w.center(6, "-") + "]", "[" + w.center(5) + "]")
print("42".zfill(5), "-42".zfill(6), "+7".zfill(1), "".zfill(3), "abc".center(2), "x".center(4, "."))
for n in range(1, 6):
    print(repr("ab".center(n)), repr("abc".center(n + 2)))
try:
    print("x".rjust(3, "ab"))
except TypeError as e:
    print("TypeError:", e)
