# Reference cycles made through __init__ (Note [Acyclic classes] in lower/class_cycles.cpp): a base
# class stores only its __init__'s parameter, but a subclass passes `self` to super().__init__, and
# an object's __init__ is called again on the object itself. No class here may be taken for one
# whose instances are never on a cycle; tests/cycles_rss.py checks that memory stays flat.
import sys


class Link:
    def __init__(self, to, label):
        self.to = to
        self.label = label


class SelfLink(Link):
    def __init__(self, label):
        super().__init__(self, label)


def self_loop(i):
    s = SelfLink("s" + str(i % 7))
    return len(s.to.to.label)


class Chain:
    def __init__(self, to, label):
        self.to = to
        self.label = label


def reinit(i):
    a = Chain(None, "a" + str(i % 5))
    b = Chain(a, "b")
    a.__init__(b, "again")
    return len(a.to.to.label)


def main(n):
    total = 0
    for i in range(n):
        total = total + self_loop(i) + reinit(i)
    return total


n = 1000000
if len(sys.argv) > 1:
    n = int(sys.argv[1])
print(main(n))
