# np.linalg.eigh (LAPACK's dsyevd, as numpy calls it) and np.cov
import numpy as np

a = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
w, v = np.linalg.eigh(a)
print(w, v)
print(np.allclose(a @ v, v * w), np.linalg.eigh(np.eye(3) * 2)[0], np.linalg.eigh(np.arange(4).reshape(2, 2))[1])
stack = np.stack([a, 2 * a])
ws, vs = np.linalg.eigh(stack)
print(ws.shape, vs.shape, ws[1])
rng = np.random.default_rng(7)
x = rng.normal(size=(50, 4)) * np.array([3.0, 1.0, 0.5, 2.0])
c = np.cov(x.T)
print(c.shape, np.round(c, 6), np.cov(x[:, 0]), np.cov(x.T, bias=True)[0, 0], np.cov(x.T, ddof=0)[1, 1])
print(np.cov(np.arange(5)), np.cov(np.array([[1, 2, 4], [0, 1, 1]])))
vals, vecs = np.linalg.eigh(c)
print(np.round(vals, 6), np.allclose(c @ vecs, vecs * vals))
try:
    np.linalg.eigh(np.ones((2, 3)))
except Exception as e:
    print("LinAlgError:", e)
