# corpus: fractions_class - an immutable Fraction class (normalized by gcd) with arithmetic and
#   comparison operators, used for harmonic numbers, Egyptian fractions and a continued fraction.
# model: the rational-number class of textbook chapters, e.g. Problem Solving with Algorithms and
#   Data Structures using Python (Miller & Ranum), section 1.13 "Fraction" (https://runestone.academy/
#   ns/books/published/pythonds/Introduction/ObjectOrientedProgramminginPythonDefiningClasses.html).
#   Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, augmented-assign, sets, operators


def gcd(m, n):
    while n:
        m, n = n, m % n
    return abs(m)


class Fraction:
    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError("denominator is zero")
        if den < 0:
            num, den = -num, -den
        common = gcd(num, den) or 1
        self.num = num // common
        self.den = den // common

    def __str__(self):
        return str(self.num) if self.den == 1 else f"{self.num}/{self.den}"

    def __repr__(self):
        return f"Fraction({self.num}, {self.den})"

    def __add__(self, other):
        if isinstance(other, int):
            other = Fraction(other)
        return Fraction(self.num * other.den + self.den * other.num, self.den * other.den)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, int):
            other = Fraction(other)
        return Fraction(self.num * other.den - self.den * other.num, self.den * other.den)

    def __mul__(self, other):
        if isinstance(other, int):
            other = Fraction(other)
        return Fraction(self.num * other.num, self.den * other.den)

    def __truediv__(self, other):
        if isinstance(other, int):
            other = Fraction(other)
        return Fraction(self.num * other.den, self.den * other.num)

    def __neg__(self):
        return Fraction(-self.num, self.den)

    def __eq__(self, other):
        return self.num * other.den == other.num * self.den

    def __lt__(self, other):
        return self.num * other.den < other.num * self.den

    def __le__(self, other):
        return self == other or self < other

    def __float__(self):
        return self.num / self.den

    def __hash__(self):
        return hash((self.num, self.den))


def harmonic(n):
    total = Fraction(0)
    for k in range(1, n + 1):
        total += Fraction(1, k)
    return total


def egyptian(f):
    """Greedy Egyptian fraction decomposition of 0 < f < 1."""
    parts = []
    while f.num != 0:
        d = -(-f.den // f.num)  # ceiling division
        parts.append(Fraction(1, d))
        f = f - Fraction(1, d)
    return parts


def continued_fraction(terms):
    value = Fraction(terms[-1])
    for t in reversed(terms[:-1]):
        value = t + Fraction(1) / value
    return value


if __name__ == "__main__":
    a, b = Fraction(3, 4), Fraction(-5, 6)
    print(a + b, a - b, a * b, a / b, -a, a < b, b <= a)
    print("H(20) =", harmonic(20), "~", round(float(harmonic(20)), 10))
    for f in (Fraction(4, 13), Fraction(6, 23), Fraction(7, 15)):
        parts = egyptian(f)
        print(f, "=", " + ".join(map(str, parts)), sum(parts, Fraction(0)) == f)
    approx = continued_fraction([1] * 30)
    print("golden ratio ~", approx, float(approx))
    print(sorted([Fraction(1, 3), Fraction(1, 4), Fraction(2, 7), Fraction(3, 10)]))
    print(len({Fraction(1, 2), Fraction(2, 4), Fraction(3, 6), Fraction(1, 3)}))
    try:
        Fraction(1, 2) / Fraction(0, 5)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
