import functools
import string
from functools import reduce
from string import ascii_lowercase, ascii_uppercase, digits


def add(a, b):
    return a + b


print(reduce(add, [1, 2, 3, 4]), functools.reduce(add, [1, 2, 3, 4], 100))
print(reduce(lambda a, b: a * b, list(range(1, 8))), reduce(lambda acc, w: acc + len(w), ["ab", "cde"], 0))
print(reduce(max, [3, 9, 2]), reduce(lambda a, b: a + b, ["x", "y", "z"]), reduce(add, [7]))
print(reduce(lambda a, b: a + b, "abc", ""), reduce(add, [1.5, 2.5]))
print(reduce(lambda acc, p: acc + p[0] * p[1], [(1, 2), (3, 4)], 0))
empty: list[int] = []
print(reduce(add, empty, 5))
try:
    reduce(add, empty)
except TypeError as e:
    print("TypeError:", e)
print(ascii_lowercase, ascii_uppercase, digits)
print(string.ascii_letters, string.hexdigits, string.octdigits)
print(string.punctuation, repr(string.whitespace), repr(string.printable))
print(len(string.printable), "q" in ascii_lowercase, ascii_lowercase.find("q"))
print("".join(ascii_uppercase[(ascii_uppercase.find(c) + 3) % 26] for c in "HELLO"))
print([c for c in "a1-b2!" if c in string.punctuation or c in digits])
