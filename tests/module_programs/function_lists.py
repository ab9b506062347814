import math


def a():
    return 1


def b():
    return 2


def outer():
    def inner():
        return 5
    return inner.__name__


fs = [a, b, lambda: 3]
for f in fs:
    print(f.__name__, f())
print(len(fs), math.sqrt.__name__, outer())
for g in [math.sqrt, math.floor]:
    print(g.__name__, g(10.5))


def scaled(x, factor=3):
    return x * factor


def shifted(x, by=10):
    return x + by


for op in [scaled, shifted]:
    print(op.__name__, op(2), op(2, 5))
