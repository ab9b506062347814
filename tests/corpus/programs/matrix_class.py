# corpus: matrix_class - a Matrix class over lists of lists: indexing with (row, col) tuples,
#   +, -, * (matrix and scalar), transpose, determinant by cofactor expansion, inverse, identity,
#   equality and a readable __str__; errors for mismatched shapes.
# model: TheAlgorithms/Python, matrix/matrix_class.py (https://github.com/TheAlgorithms/Python, MIT
#   License). Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, augmented-assign, operators, recursion, tuple-keys


class Matrix:
    def __init__(self, rows):
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise TypeError("a matrix needs rows of the same non-zero length")
        self.rows = [list(r) for r in rows]

    @classmethod
    def identity(cls, n):
        return cls([[1 if i == j else 0 for j in range(n)] for i in range(n)])

    @property
    def num_rows(self):
        return len(self.rows)

    @property
    def num_columns(self):
        return len(self.rows[0])

    @property
    def order(self):
        return (self.num_rows, self.num_columns)

    def is_square(self):
        return self.num_rows == self.num_columns

    def __getitem__(self, pos):
        i, j = pos
        return self.rows[i][j]

    def __setitem__(self, pos, value):
        i, j = pos
        self.rows[i][j] = value

    def __str__(self):
        width = max(len(str(x)) for r in self.rows for x in r)
        return "\n".join("[" + " ".join(str(x).rjust(width) for x in r) + "]" for r in self.rows)

    def __repr__(self):
        return f"Matrix({self.rows})"

    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows

    def __add__(self, other):
        if self.order != other.order:
            raise ValueError("addition requires matrices of the same order")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __mul__(self, other):
        if isinstance(other, (int, float)):
            return Matrix([[x * other for x in r] for r in self.rows])
        if self.num_columns != other.num_rows:
            raise ValueError(f"cannot multiply {self.order} by {other.order}")
        cols = other.transpose().rows
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])

    def __pow__(self, k):
        if not self.is_square():
            raise ValueError("only square matrices have powers")
        result = Matrix.identity(self.num_rows)
        base = self
        while k:
            if k & 1:
                result = result * base
            base = base * base
            k >>= 1
        return result

    def transpose(self):
        return Matrix([list(c) for c in zip(*self.rows)])

    def minor(self, i, j):
        return Matrix([r[:j] + r[j + 1:] for k, r in enumerate(self.rows) if k != i])

    def determinant(self):
        if not self.is_square():
            raise ValueError("only square matrices have a determinant")
        if self.num_rows == 1:
            return self[0, 0]
        if self.num_rows == 2:
            return self[0, 0] * self[1, 1] - self[0, 1] * self[1, 0]
        return sum((-1) ** j * self[0, j] * self.minor(0, j).determinant() for j in range(self.num_columns))

    def inverse(self):
        det = self.determinant()
        if det == 0:
            raise ZeroDivisionError("matrix is singular")
        n = self.num_rows
        cof = Matrix([[(-1) ** (i + j) * self.minor(i, j).determinant() for j in range(n)] for i in range(n)])
        return cof.transpose() * (1 / det)


if __name__ == "__main__":
    a = Matrix([[2, 0, 1], [1, 3, 2], [1, 1, 2]])
    b = Matrix([[1, 2, 3], [4, 5, 6], [7, 8, 10]])
    print(a + b, end="\n\n")
    print(a * b, end="\n\n")
    print((a - b).order, a.determinant(), b.determinant(), (a * b).determinant())
    inv = a.inverse()
    print(inv)
    prod = a * inv
    print(Matrix([[round(x, 9) + 0.0 for x in r] for r in prod.rows]) == Matrix.identity(3) * 1.0)
    fibm = Matrix([[1, 1], [1, 0]]) ** 40
    print("fib(40) =", fibm[0, 1])
    a[0, 0] = 7
    print(repr(a.transpose()))
    for bad in (lambda: a * Matrix([[1, 2]]), lambda: Matrix([[1, 2], [3]]),
                lambda: Matrix([[1, 2], [2, 4]]).inverse(), lambda: a + Matrix([[1]])):
        try:
            bad()
        except (ValueError, TypeError, ZeroDivisionError) as e:
            print(type(e).__name__ + ":", e)
