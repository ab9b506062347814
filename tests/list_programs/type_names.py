# type(x).__name__ and isinstance with builtin types, decided by the types as CPython decides them
import numpy as np


def describe(x):
    return type(x).__name__


def kind(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, (int, float)):
        return "number"
    if isinstance(x, str):
        return "text"
    if isinstance(x, (list, tuple)):
        return "sequence"
    if isinstance(x, dict):
        return "mapping"
    return "other"


print(describe(1), describe(2.5), describe(True), describe("s"), describe(None))
print(describe([1]), describe({"a": 1}), describe((1, "a")), describe(np.zeros(3)))
a = np.arange(4.0)
print(describe(a.sum()), describe(np.arange(3).sum()), describe(a > 1), describe(a[0] > 1))
print(kind(1), kind(True), kind(2.5), kind("x"), kind([1]), kind((1, 2)), kind({1: 2}), kind(None))
print(isinstance(a.sum(), float), isinstance(np.arange(3).sum(), int), isinstance(True, int))
print(isinstance(1, float), isinstance(1.0, int), isinstance("1", (int, str)))


class Animal:
    def __init__(self, name):
        self.name = name


class Dog(Animal):
    pass


class Cat(Animal):
    pass


pets = [Dog("rex"), Cat("tom"), Animal("generic")]
print([type(p).__name__ for p in pets], [isinstance(p, (Dog, str)) for p in pets])
best = None
for p in pets:
    if p.name == "tom":
        best = p
print(type(best).__name__)
best = None
print(type(best).__name__)


class AppError(ValueError):
    pass


for exc in (ValueError("v"), KeyError("k"), ZeroDivisionError("z")):
    print(type(exc).__name__, exc)
for bad in ("7", "x", "0"):
    try:
        if bad == "0":
            raise AppError("zero")
        print(int(bad) // (int(bad) - 7))
    except (ValueError, ZeroDivisionError) as e:
        print(type(e).__name__ + ":", e)
try:
    np.linalg.inv(np.zeros((2, 2)))
except Exception as e:
    print(type(e).__name__, e)
