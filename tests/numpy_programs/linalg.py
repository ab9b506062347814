# exact output
# np.linalg.norm / solve / inv / det through the LAPACK numpy calls: numpy's digits (det is
# sign * exp(sum(log|u_ii|)), so det(2 * eye(3)) is 7.999999999999998), float32 results where every
# input is float32 (computed in float64, as numpy does), stacked matrices.
import numpy as np

m = np.array([[4.0, 1.0, 2.0], [2.0, 3.0, -1.0], [1.0, -2.0, 5.0]])
v = np.array([1.0, 2.0, 3.0])
print(np.linalg.det(m), np.linalg.det(np.eye(3) * 2), np.linalg.det(np.array([[1, 2], [3, 4]])))
print(np.linalg.inv(m), np.linalg.solve(m, v), np.linalg.solve(m, np.eye(3)), np.linalg.solve(m, m.T))
g = m.astype(np.float32)
print(np.linalg.det(g), np.linalg.inv(g), np.linalg.solve(g, v.astype(np.float32)), np.linalg.solve(g, v))
s = np.arange(18).reshape(2, 3, 3) * 0.5 + np.eye(3)
print(np.linalg.det(s), np.linalg.inv(s), np.linalg.solve(s, np.ones((2, 3))), np.linalg.solve(s, np.ones((2, 3, 2))))
print(np.linalg.det(np.array([[1.0, 2.0], [2.0, 4.0]])), np.linalg.det(np.zeros((0, 0))), np.linalg.inv(np.zeros((0, 0))))
print(np.linalg.det(np.array([[0.0, 1.0], [1.0, 0.0]])), np.linalg.det(m[::-1]), np.linalg.inv(m.T), np.linalg.det(m[:, ::2][:2]))

x = np.array([[3.0, -4.0, 1.5], [0.25, 2.0, -7.0]])
print(np.linalg.norm(x), np.linalg.norm(x.T), np.linalg.norm(x[:, ::2]), np.linalg.norm(v), np.linalg.norm(x[0]))
print(np.linalg.norm(x, axis=0), np.linalg.norm(x, axis=-1), np.linalg.norm(x, axis=1, keepdims=True), np.linalg.norm(x, keepdims=True))
print(np.linalg.norm(x, "fro"), np.linalg.norm(x, 1), np.linalg.norm(x, -1), np.linalg.norm(x, np.inf), np.linalg.norm(x, -np.inf))
print(np.linalg.norm(v, 1), np.linalg.norm(v, 2), np.linalg.norm(v, np.inf), np.linalg.norm(v, -np.inf), np.linalg.norm(v, 0), np.linalg.norm(v, 3))
print(np.linalg.norm(x, ord=1, axis=1), np.linalg.norm(x, ord=np.inf, axis=0), np.linalg.norm(x, ord=0, axis=1), np.linalg.norm(x, 1, (1, 0)))
print(np.linalg.norm(x.astype(np.float32)), np.linalg.norm(np.array([3, 4])), np.linalg.norm(np.array([True, True])), np.linalg.norm(np.zeros((0,))))
print(np.linalg.norm(np.arange(24).reshape(2, 3, 4) * 0.1), np.linalg.norm(np.arange(24).reshape(2, 3, 4), axis=2), np.linalg.norm(x, np.inf, keepdims=True))
