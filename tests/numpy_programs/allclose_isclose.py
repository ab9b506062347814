# exact output
# np.allclose (a Python bool) and np.isclose: numpy's tolerance |a - b| <= atol + rtol * |b| in
# b's float dtype, broadcasting, inf equal only to itself, nan never (unless equal_nan).
import numpy as np

a = np.array([1.0, 2.0, 3.0, np.inf, np.nan, -np.inf])
b = np.array([1.0 + 1e-9, 2.00002, 3.001, np.inf, np.nan, np.inf])
print(np.allclose(a[:3], b[:3]), np.allclose(a[:2], b[:2]), np.isclose(a, b), np.isclose(a, b, equal_nan=True))
print(np.isclose(a, b, rtol=1e-3), np.isclose(a, b, 0.0, 0.01), np.allclose(a, a), np.allclose(a, a, equal_nan=True))
f = np.array([[0.1, 0.2], [0.3, 0.4]], dtype=np.float32)
print(np.isclose(f, 0.1), np.isclose(f, np.float32(0.3)), np.allclose(f, f + 1e-7), np.isclose(f, f.astype(np.float64)))
i = np.array([1, 2, 3])
print(np.isclose(i, 1), np.allclose(i, np.array([1, 2, 3])), np.isclose(i, i * 1.00001), np.isclose(np.array([True, False]), 1))
print(np.isclose(1.0, 1.0 + 1e-9), np.allclose(2, 2.0), np.isclose(a.reshape(6, 1), b).sum())
c = np.array([[1e-9, -1e-9], [1e10, 1.00001e10]])
print(np.isclose(c, 0.0), np.isclose(c, 1e10), np.allclose(c, 0.0, atol=1e-8), np.allclose(c[1], 1e10) == True)
if np.allclose(np.ones(3) * 0.1 * 3, 0.3):
    print("close")
