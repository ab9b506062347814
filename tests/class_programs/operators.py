class Frac:
    def __init__(self, n, d):
        g = Frac.gcd(abs(n), abs(d))
        if d < 0:
            g = -g
        self.n = n // g
        self.d = d // g

    @staticmethod
    def gcd(a, b):
        while b:
            a, b = b, a % b
        return a

    def __add__(self, o):
        return Frac(self.n * o.d + o.n * self.d, self.d * o.d)

    def __sub__(self, o):
        return Frac(self.n * o.d - o.n * self.d, self.d * o.d)

    def __mul__(self, o):
        return Frac(self.n * o.n, self.d * o.d)

    def __truediv__(self, o):
        return Frac(self.n * o.d, self.d * o.n)

    def __neg__(self):
        return Frac(-self.n, self.d)

    def __eq__(self, o):
        return self.n == o.n and self.d == o.d

    def __lt__(self, o):
        return self.n * o.d < o.n * self.d

    def __le__(self, o):
        return self.n * o.d <= o.n * self.d

    def __str__(self):
        return f"{self.n}/{self.d}"

    def __repr__(self):
        return f"Frac({self.n}, {self.d})"


class Bag:
    def __init__(self):
        self.items: list[int] = []

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, v):
        self.items[i] = v

    def __contains__(self, v):
        return v in self.items

    def __bool__(self):
        return len(self.items) > 0

    def add(self, v):
        self.items.append(v)
        return self


a = Frac(1, 2)
b = Frac(3, -4)
print(a + b, a - b, a * b, a / b, -a, a == Frac(2, 4), a != b, b < a, a <= a, [a, b])
print(str(a), repr(b), f"{a} and {b!r}")
bag = Bag()
print(bool(bag), len(bag))
if not bag:
    print("empty")
bag.add(3).add(5).add(8)
bag[1] = 50
print(len(bag), bag[0], bag[-1], bag[1], 8 in bag, 9 in bag, 9 not in bag, bool(bag))
