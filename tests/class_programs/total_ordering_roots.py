# @total_ordering from each root (__le__, __gt__, __ge__, one inherited), with __eq__ and without.
import functools
from functools import total_ordering


@total_ordering
class Le:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v

    def __le__(self, other):
        return self.v <= other.v


@functools.total_ordering
class Gt:
    def __init__(self, v):
        self.v = v

    def __gt__(self, other):
        return self.v > other.v


@total_ordering
class Ge:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v

    def __ge__(self, other):
        return self.v >= other.v


class Base:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v < other.v


@total_ordering
class Derived(Base):
    def __eq__(self, other):
        return self.v == other.v


def table(a, b):
    return [a < b, a <= b, a > b, a >= b, a == b, a != b]


for cls in ("Le", "Gt", "Ge", "Derived"):
    for x, y in ((1, 2), (2, 2), (3, 2)):
        if cls == "Le":
            print(cls, x, y, table(Le(x), Le(y)))
        elif cls == "Gt":
            print(cls, x, y, table(Gt(x), Gt(y)))
        elif cls == "Ge":
            print(cls, x, y, table(Ge(x), Ge(y)))
        else:
            print(cls, x, y, table(Derived(x), Derived(y)))
print([d.v for d in sorted([Ge(3), Ge(1), Ge(2)])], max([Le(3), Le(5), Le(1)]).v)
