# methods read module-level constants as functions do; a method named like an array method that
# changes its array in place (put, fill, sort) is the program's own
LINES = [(0, 1, 2), (3, 4, 5), (0, 4, 8)]
EMPTY = " "


class Board:
    def __init__(self, cells):
        self.cells = cells

    def winner(self):
        for a, b, c in LINES:
            if self.cells[a] != EMPTY and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return "-"


class Cache:
    def __init__(self):
        self.data = {}
        self.order: list[int] = []

    def put(self, key, value):
        self.data[key] = value
        self.order.append(key)

    def fill(self, n):
        for k in range(n):
            self.put(k, k * 10)

    def sort(self):
        self.order.sort(reverse=True)


print(Board(["x", "x", "x", " ", "o", "o", " ", " ", " "]).winner(), Board([" "] * 9).winner())
c = Cache()
c.fill(3)
c.put(7, 70)
c.sort()
print(c.data, c.order)
