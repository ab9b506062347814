# Note [Acyclic classes] (lower/class_cycles.cpp): which class lines say `acyclic`.


# Acyclic: every store into `left`/`right` is `self.f = <parameter>` in an __init__.
class Tree:
    def __init__(self, left, right):
        self.left = left
        self.right = right


# Acyclic: holds no object at all.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y


# Acyclic: holds Vecs, which hold nothing, though `pos` is stored outside __init__.
class Body:
    def __init__(self, pos):
        self.pos = pos

    def move(self, d):
        self.pos = Vec(self.pos.x + d.x, self.pos.y + d.y)


# Not acyclic: `next` is stored outside __init__ (a.next = b, b.next = a).
class Ring:
    def __init__(self, next):
        self.next = next


# Not acyclic: its list can hold any Item, the item itself too.
class Item:
    def __init__(self, name):
        self.name = name
        self.others = [self]


# Not acyclic: the parameter is rebound before it is stored.
class Rebound:
    def __init__(self, other):
        other = self
        self.other = other


# Acyclic: Base's store takes a parameter of Derived's __init__ through super().__init__.
class Base:
    def __init__(self, link):
        self.link = link


class Derived(Base):
    def __init__(self, link, k):
        super().__init__(link)
        self.k = k


def main():
    t = Tree(Tree(None, None), None)
    b = Body(Vec(1.0, 2.0))
    b.move(Vec(0.5, 0.5))
    r = Ring(None)
    r.next = Ring(r)
    i = Item("a")
    o = Rebound(None)
    d = Derived(Base(None), 3)
    print(t.left is None, b.pos.x, r.next.next is r, len(i.others), o.other is o, d.k)


main()
