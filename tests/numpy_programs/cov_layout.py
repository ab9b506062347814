# np.cov's last digits follow numpy's memory layout: x.T is column-major, so numpy's centered copy
# is too and its dot(X, X.T) is SYRK of the transpose; one row is a BLAS dot; a (1, k) @ (k, 1)
# product is a dot as well. A scale of 2**62 in one column makes rounding show in the digits.
import numpy as np

rng = np.random.default_rng(7)
x = rng.normal(size=(50, 4)) * np.array([3.0, 1.0, 2 ** 62, 2.0])
for c in [np.cov(x.T, ddof=0), np.cov(x.T), np.cov(x.T, ddof=2)]:
    print([float(c[i, i]) for i in range(4)], float(c[0, 1]), float(c[1, 3]))
print(float(np.cov(x[:, 0])), float(np.cov(x[:, 2])), float(np.cov(x[:, 1], bias=True)))
y = x.T.copy()  # row-major
print([float(v) for v in np.cov(y).ravel()])
print([float(v) for v in np.cov(x[::3].T).ravel()])
vals = np.linalg.eigh(np.cov(x.T))[0]
print(vals)
r = x[:, 1:2].T - 0.1
print(float((r @ r.T)[0, 0]), float((r @ x[:, 3:4])[0, 0]))
ints = np.arange(12).reshape(3, 4) ** 2
print(np.cov(ints), np.cov(ints.T))
