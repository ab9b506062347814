# builtins and math functions as values: passed to functions, held in variables, used as keys
import math
from math import sqrt


def apply(f, x):
    return f(x)


def apply_all(f, xs):
    return [f(x) for x in xs]


def twice(f, a, b):
    return f(f(a, b), b)


print(apply(int, "42"), apply(float, "2.5"), apply(str, 17), apply(len, [1, 2, 3]), apply(abs, -3.5))
print(apply_all(str, [1, 2, 3]), apply_all(int, ["7", " 8 ", "-9"]), apply_all(bool, [0, 3, 0]))
print(apply_all(repr, ["a", "b"]), apply_all(ord, "az"), apply_all(chr, [72, 105]))
print(apply(sorted, [3, 1, 2]), apply(sum, [1.5, 2.5]), apply(max, [4, 9, 2]), apply(min, "hello"))
print(apply(list, "abc"), apply(tuple, (1, 2)), apply(round, 2.5), apply(round, 3.5))
print(twice(max, 3, 7), twice(min, 3, 7), apply(abs, -2))
print(apply(math.sqrt, 2.0), apply(sqrt, 16), apply_all(math.floor, [1.5, -1.5]), apply(math.gcd, 12))
conv = float
print(conv("3.25") * 2, conv(7))
key = str
print(sorted([10, 9, 100, 1], key=key), sorted(["bb", "a", "ccc"], key=len, reverse=True))
print(max(["x", "yyy", "zz"], key=len), min([-5, 3, -1], key=abs))
print(apply(any, [0, 0, 1]), apply(all, [1, 1, 0]))
try:
    apply(int, "x1")
except ValueError as e:
    print("ValueError:", e)
try:
    empty: list[int] = []
    apply(max, empty)
except ValueError as e:
    print("ValueError:", e)
