# from M import NAME read inside methods and a class body (each a scope of its own, as in CPython)
from math import sin, cos, sqrt as root


class Point:
    scale = root(4.0)

    def __init__(self, i):
        self.x = x = sin(i)
        self.y = cos(i) * self.scale
        self.z = x * x

    def norm(self):
        return root(self.x * self.x + self.y * self.y + self.z * self.z)


class Shadow:
    def __init__(self, cos):
        self.c = cos + 1

    def sin(self):
        sin = 5
        return sin


p = Point(1)
print(p.x, p.y, p.z, p.norm(), Point.scale)
print(Shadow(2).c, Shadow(0).sin(), sin(0.5))
