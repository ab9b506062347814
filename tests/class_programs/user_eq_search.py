class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return "Point(" + str(self.x) + ", " + str(self.y) + ")"

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def dist2(self, other):
        dx = self.x - other.x
        dy = self.y - other.y
        return dx * dx + dy * dy


class Empty:
    pass


pts = [Point(i, i * 2 % 5) for i in range(5)]
origin = Point(0, 0)
print(pts, Point(1, 2) == Point(1, 2), Point(1, 2) in pts, pts.index(Point(2, 4)), pts.count(Point(0, 0)))
e = Empty()
e2 = e
print(e is e2, isinstance(e, Empty), isinstance(e, Point))
