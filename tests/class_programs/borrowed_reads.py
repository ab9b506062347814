# Reads that hold no count of their own (Note [Borrowed references]) next to what may free what
# they read: the container dropped (its last reference released), the field or list element
# overwritten, a call that stores into the field, a chain of reads through an object that is
# replaced. Each read value is used after that, so a wrong borrow reads freed memory.


class Leaf:
    def __init__(self, v, tag):
        self.v = v
        self.tag = tag


class Box:
    def __init__(self, leaf):
        self.leaf = leaf
        self.items = [leaf]


class Outer:
    def __init__(self, box):
        self.box = box


def make(i):
    return Box(Leaf(float(i), "leaf" + str(i)))


def replace(box, i):
    box.leaf = Leaf(float(i) * 10.0, "new" + str(i))


def weight(leaf):
    return leaf.v * 2.0 + len(leaf.tag)


def dropped_container(i):
    v = make(i).leaf
    return v.v + len(v.tag)


def overwritten_field(i):
    b = make(i)
    old = b.leaf
    b.leaf = Leaf(-1.0, "x")
    return old.v + len(old.tag) + b.leaf.v


def overwritten_element(i):
    b = make(i)
    first = b.items[0]
    b.items[0] = Leaf(5.0, "five")
    b.items.append(first)
    return first.v + b.items[0].v + len(b.items)


def call_that_stores(i):
    b = make(i)
    v = b.leaf
    replace(b, i)
    return v.v + b.leaf.v + weight(v)


def chain(i):
    o = Outer(make(i))
    inner = o.box.leaf
    o.box = make(i + 100)
    return inner.v + o.box.leaf.v + len(inner.tag)


def reads_only(i):
    o = Outer(make(i))
    total = 0.0
    for k in range(3):
        total = total + weight(o.box.leaf) + o.box.items[0].v
    return total


def main():
    s = 0.0
    for i in range(200):
        s = s + dropped_container(i) + overwritten_field(i) + overwritten_element(i)
        s = s + call_that_stores(i) + chain(i) + reads_only(i)
    print(s)
    o = Outer(make(1))
    leaf = o.box.leaf
    o = Outer(make(2))
    print(leaf.v, leaf.tag, o.box.leaf.tag)


main()
