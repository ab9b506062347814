# corpus: float_points - many small Point objects: built from sin/cos, normalized, then reduced to
#   the component-wise maximum (a float and allocation benchmark).
# model: python/pyperformance, pyperformance/data-files/benchmarks/bm_float/run_benchmark.py
#   (https://github.com/python/pyperformance, MIT License). Written independently for this corpus in
#   the style of its model; no code copied. Adapted: 20,000 points, the result printed.
# license: pyscript's (this repository's)
# corpus-tags: classes, operators

from math import sin, cos, sqrt

POINTS = 20000


class Point:
    def __init__(self, i):
        self.x = x = sin(i)
        self.y = cos(i) * 3
        self.z = (x * x) / 2

    def __repr__(self):
        return f"<Point: x={self.x}, y={self.y}, z={self.z}>"

    def normalize(self):
        norm = sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x = self.x / norm
        self.y = self.y / norm
        self.z = self.z / norm

    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self


def maximize(points):
    best = points[0]
    for p in points[1:]:
        best.maximize(p)
    return best


def benchmark(n):
    points = [None] * n
    for i in range(n):
        points[i] = Point(i)
    for p in points:
        p.normalize()
    return maximize(points)


if __name__ == "__main__":
    print(benchmark(POINTS))
    print(benchmark(1000))
