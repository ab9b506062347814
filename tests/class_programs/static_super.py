import math


class Shape:
    unit = "cm"

    def __init__(self, name):
        self.name = name

    def area(self):
        return 0.0

    def describe(self):
        return f"{self.name}: {self.area():.2f} {self.unit}^2"

    @staticmethod
    def square(x):
        return x * x


class Circle(Shape):
    def __init__(self, r):
        super().__init__("circle")
        self.r = r

    def area(self):
        return math.pi * Shape.square(self.r)


class Rect(Shape):
    unit = "m"

    def __init__(self, w, h):
        super().__init__("rect")
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h

    def describe(self):
        return "[" + super().describe() + "]"


class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
        self.name = "square"


shapes = [Circle(1.5), Rect(2.0, 3.0), Square(2.5), Circle(0.5)]
for s in shapes:
    print(s.describe(), isinstance(s, Rect), isinstance(s, Square))
total = 0.0
for s in shapes:
    total = total + s.area()
print(round(total, 6), Shape.square(7), Rect.unit, Circle.unit, shapes[2].unit)
big = [s.name for s in shapes if s.area() > 5.0]
print(big)
