# abc.ABC, @abstractmethod (TypeError where an abstract class is instantiated) and @total_ordering from __lt__.
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
        return isinstance(other, Shape) and abs(self.area() - other.area()) < 1e-9

    def __lt__(self, other):
        return self.area() < other.area()

    def describe(self):
        return f"{self.name:<9} area={self.area():8.3f} perimeter={self.perimeter():7.3f}"


class Circle(Shape):
    name = "circle"

    def __init__(self, radius):
        self.radius = radius

    def area(self):
        return math.pi * self.radius ** 2

    def perimeter(self):
        return 2 * math.pi * self.radius


class Rectangle(Shape):
    name = "rectangle"

    def __init__(self, width, height):
        self.width = width
        self.height = height

    def area(self):
        return self.width * self.height

    def perimeter(self):
        return 2 * (self.width + self.height)


class Half(Shape):
    def area(self):
        return 1.0


shapes = [Circle(1.5), Rectangle(3.0, 4.0), Circle(0.5), Rectangle(2.0, 8.0)]
for s in sorted(shapes):
    print(s.describe())
print("largest:", max(shapes).describe(), "smallest:", min(shapes).describe())
a, b = shapes[1], shapes[3]
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(shapes[0] > shapes[2], shapes[0] >= shapes[2], shapes[0] <= shapes[2])
try:
    Shape()
except TypeError as e:
    print("TypeError:", e)
try:
    Half()
except TypeError as e:
    print("TypeError:", e)
