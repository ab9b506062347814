# Reference cycles through a field that __init__ assigns from a parameter it rebinds first, and
# through a field stored again after __init__ (Note [Acyclic classes] in lower/class_cycles.cpp):
# neither class may be taken for one whose instances are never on a cycle; tests/cycles_rss.py
# checks that memory stays flat.
import sys


class Rebound:
    def __init__(self, other, tag):
        if other is None:
            other = self
        self.other = other
        self.tag = tag


class Pair:
    def __init__(self, mate, tag):
        self.mate = mate
        self.tag = tag


def main(n):
    total = 0
    for i in range(n):
        r = Rebound(None, "r" + str(i % 3))
        a = Pair(None, "a")
        b = Pair(a, "bb")
        a.mate = b
        total = total + len(r.other.other.tag) + len(a.mate.mate.tag) + len(b.mate.mate.tag)
    return total


n = 1000000
if len(sys.argv) > 1:
    n = int(sys.argv[1])
print(main(n))
