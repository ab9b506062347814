# corpus: shapes - an abstract Shape base class with area/perimeter, subclasses Circle, Rectangle,
#   Square(Rectangle) and Triangle, sorting and grouping shapes with key functions, __eq__/__lt__.
# model: the shape-hierarchy example of Python OOP tutorials, e.g. TheAlgorithms/Python,
#   maths/area.py and geometry/geometry.py (https://github.com/TheAlgorithms/Python, MIT License).
#   Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, inheritance, operators, lambda, exceptions, stdlib, str-format

import math
from abc import ABC, abstractmethod
from functools import total_ordering


@total_ordering
class Shape(ABC):
    name = "shape"

    @abstractmethod
    def area(self) -> float:
        ...

    @abstractmethod
    def perimeter(self) -> float:
        ...

    def __eq__(self, other):
        return isinstance(other, Shape) and math.isclose(self.area(), other.area())

    def __lt__(self, other):
        return self.area() < other.area()

    def describe(self):
        return f"{self.name:<9} area={self.area():8.3f} perimeter={self.perimeter():7.3f}"


class Circle(Shape):
    name = "circle"

    def __init__(self, radius):
        if radius <= 0:
            raise ValueError("radius must be positive")
        self.radius = radius

    def area(self):
        return math.pi * self.radius ** 2

    def perimeter(self):
        return 2 * math.pi * self.radius


class Rectangle(Shape):
    name = "rectangle"

    def __init__(self, width, height):
        if width <= 0 or height <= 0:
            raise ValueError("sides must be positive")
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height

    def perimeter(self):
        return 2 * (self.width + self.height)


class Square(Rectangle):
    name = "square"

    def __init__(self, side):
        super().__init__(side, side)


class Triangle(Shape):
    name = "triangle"

    def __init__(self, a, b, c):
        sides = sorted([a, b, c])
        if sides[0] + sides[1] <= sides[2]:
            raise ValueError(f"{a}, {b}, {c} do not make a triangle")
        self.a, self.b, self.c = a, b, c

    def area(self):
        s = self.perimeter() / 2
        return math.sqrt(s * (s - self.a) * (s - self.b) * (s - self.c))

    def perimeter(self):
        return self.a + self.b + self.c


def make_shapes(specs):
    shapes = []
    for kind, *args in specs:
        cls = {"circle": Circle, "rect": Rectangle, "square": Square, "tri": Triangle}[kind]
        try:
            shapes.append(cls(*args))
        except ValueError as err:
            print("skipped", kind, args, "-", err)
    return shapes


if __name__ == "__main__":
    specs = [("circle", 1.5), ("rect", 3, 4), ("square", 2.5), ("tri", 3, 4, 5), ("circle", -1),
             ("tri", 1, 2, 10), ("rect", 2, 8), ("square", 4), ("circle", 0.5), ("tri", 5, 5, 6)]
    shapes = make_shapes(specs)
    for s in sorted(shapes):
        print(s.describe())
    print("largest:", max(shapes).describe())
    print("by perimeter:", [s.name for s in sorted(shapes, key=lambda s: s.perimeter(), reverse=True)])
    by_kind = {}
    for s in shapes:
        by_kind.setdefault(type(s).__name__, []).append(round(s.area(), 2))
    print(by_kind)
    print("square == rect(2, 8)?", Square(4) == Rectangle(2, 8), "| squares are rectangles:",
          all(isinstance(s, Rectangle) for s in shapes if isinstance(s, Square)))
    print("total area: %.4f" % sum(s.area() for s in shapes))
    try:
        Shape()
    except TypeError as e:
        print("TypeError:", str(e).split(" with")[0])
