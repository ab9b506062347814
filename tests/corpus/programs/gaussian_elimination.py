# corpus: gaussian_elimination - solve linear systems held in lists of lists: Gaussian elimination
#   with partial pivoting, back substitution, determinant, inverse by Gauss-Jordan, LU
#   decomposition (Doolittle) and the residual; a singular system raises an exception.
# model: TheAlgorithms/Python, linear_algebra/gaussian_elimination.py and
#   arithmetic_analysis/lu_decomposition.py (https://github.com/TheAlgorithms/Python, MIT License).
#   Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, augmented-assign, str-format


class SingularMatrixError(ArithmeticError):
    pass


def solve(a, b):
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise SingularMatrixError(f"matrix is singular (column {col})")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= factor * m[col][c]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        s = m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))
        x[i] = s / m[i][i]
    return x


def determinant(a):
    n = len(a)
    m = [row[:] for row in a]
    det = 1.0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if m[pivot][col] == 0:
            return 0.0
        if pivot != col:
            m[col], m[pivot] = m[pivot], m[col]
            det = -det
        det *= m[col][col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n):
                m[r][c] -= factor * m[col][c]
    return det


def inverse(a):
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise SingularMatrixError("matrix is not invertible")
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        m[col] = [v / p for v in m[col]]
        for r in range(n):
            if r != col:
                f = m[r][col]
                m[r] = [vr - f * vc for vr, vc in zip(m[r], m[col])]
    return [row[n:] for row in m]


def lu(a):
    n = len(a)
    lower = [[0.0] * n for _ in range(n)]
    upper = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for k in range(i, n):
            upper[i][k] = a[i][k] - sum(lower[i][j] * upper[j][k] for j in range(i))
        if upper[i][i] == 0:
            raise SingularMatrixError("LU needs pivoting here")
        for k in range(i, n):
            if i == k:
                lower[i][i] = 1.0
            else:
                lower[k][i] = (a[k][i] - sum(lower[k][j] * upper[j][i] for j in range(i))) / upper[i][i]
    return lower, upper


def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]


def fmt(rows):
    return "\n".join("  ".join(f"{v:9.4f}" for v in row) for row in rows)


if __name__ == "__main__":
    a = [[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]]
    b = [8.0, -11.0, -3.0]
    x = solve(a, b)
    print("x =", [round(v, 10) for v in x])
    print("residual:", max(abs(sum(a[i][j] * x[j] for j in range(3)) - b[i]) for i in range(3)) < 1e-12)
    print("det =", round(determinant(a), 10))
    print(fmt(inverse(a)))
    L, U = lu([[4.0, 3.0, 2.0], [2.0, 1.0, 3.0], [3.0, 2.0, 1.0]])
    print(fmt(L))
    print(fmt(U))
    print(fmt(matmul(L, U)))
    hilbert = [[1.0 / (i + j + 1) for j in range(6)] for i in range(6)]
    xs = solve(hilbert, [sum(row) for row in hilbert])
    print("hilbert solution:", [f"{v:.6f}" for v in xs], f"det {determinant(hilbert):.6e}")
    for bad in ([[1.0, 2.0], [2.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]):
        try:
            print(solve(bad, [1.0, 2.0]), lu(bad))
        except SingularMatrixError as e:
            print(type(e).__name__ + ":", e)
        except ArithmeticError as e:
            print("arithmetic error:", e)
