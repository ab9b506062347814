# An object graph for `pyscript export` (tests/state_test.py): shared references, cycles, every
# kind of value. report() prints it all; mutate(True) changes it through one name and report()
# shows the change through the others; draws(True) continues the random streams.
# loader: call:report call1:mutate call:report call1:draws int:count list:scores str:name
import random

import numpy as np


class Node:
    def __init__(self, value):
        self.value = value
        self.prev = None
        self.next = None


class Tree:
    def __init__(self, name, parent):
        self.name = name
        self.parent = parent
        self.first = None
        self.sibling = None

    def children(self):
        names = []
        child = self.first
        while child is not None:
            names.append(child.name)
            child = child.sibling
        return names


class Shape:
    def __init__(self, name, scale):
        self.name = name
        self.scale = scale

    def area(self):
        return 0.0

    def describe(self):
        return f"{self.name}: {self.area():.3f}"


class Square(Shape):
    def __init__(self, side):
        super().__init__("square", 1.0)
        self.side = side

    def area(self):
        return self.side * self.side * self.scale


class Circle(Shape):
    def __init__(self, radius, weights):
        super().__init__("circle", 2.0)
        self.radius = radius
        self.weights = weights

    def area(self):
        return 3.14159 * self.radius * self.radius * self.scale


def make_chain(n):
    head = Node(0)
    last = head
    for i in range(1, n):
        node = Node(i * i)
        node.prev = last
        last.next = node
        last = node
    return head


def add_child(parent, name):
    child = Tree(name, parent)
    child.sibling = parent.first
    parent.first = child
    return child


chain = make_chain(5)
tail = chain.next.next.next.next
root = Tree("root", None)
left = add_child(root, "left")
right = add_child(root, "right")
leaf = add_child(left, "leaf")

row = [1, 2, 3]
grid = [row, row, [7, 8]]
alias = grid
table = {"a": row, "b": [4, 5]}
by_id = {1: root, 2: leaf}
pairs = {(1, "x"): 1.5, (2, "y"): -0.25}
weights = np.arange(6, dtype=np.float32).reshape(2, 3) * 0.5
favourite = Circle(1.5, weights)
shapes = [Square(2.0), favourite, Square(0.5)]
nothing = None
maybe = shapes[0] if len(shapes) > 2 else None
count = 0
for s in shapes:
    count = count + 1
total = 0.0
for s in shapes:
    total = total + s.area()
flag = count > 2
name = "naïve ☃ state"
point = (3, 4.5, "p", True)
ints = np.array([[1, 2], [3, 4]])
mask = ints > 2
col = ints.T
mean = weights.mean()
peak = ints.max()
scores: list[float] = []
scores.append(0.5)
scores.append(0.75)
np.random.seed(7)
warm = np.random.rand()
rng = np.random.default_rng(42)
first = rng.random()
random.seed(3)
coin = random.random()


def report():
    print("== report ==")
    node = chain
    while node is not None:
        back = node.prev.value if node.prev is not None else -1
        print("node", node.value, "prev", back)
        node = node.next
    print(tail.prev.next is tail, chain.next.prev is chain)
    print(root.name, root.children(), leaf.parent.parent.name, left.parent is root)
    print(root.parent is None, leaf.children(), right.sibling is left, left.sibling is None)
    print(grid, alias is grid, grid[0] is grid[1], table["a"] is row)
    print(table, {k: v.name for k, v in by_id.items()}, by_id[1] is root)
    print(pairs)
    print([s.describe() for s in shapes], favourite is shapes[1])
    print((favourite.weights == weights).all(), weights.dtype, weights)
    print(nothing, maybe.describe() if maybe is not None else "none", flag)
    print(name, len(name), point)
    print(ints, mask, col)
    print(mean, peak, scores, warm, first, coin)


def mutate(really):
    if really:
        row.append(99)
        alias[2][0] = -7
        table["b"].append(6)
        add_child(root, "late")
        tail.prev.value = 1000
        favourite.radius = 0.5
        by_id[1].name = "ROOT"
        scores.append(1.0)


def draws(really):
    if really:
        print(rng.random(), rng.integers(0, 100), np.random.rand(), np.random.randint(0, 1000), random.random())


report()
mutate(False)
draws(False)
