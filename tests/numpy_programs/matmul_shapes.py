import numpy as np

a = np.arange(6, dtype=np.float64).reshape(2, 3)
v = np.array([1.0, -1.0, 2.0])
print(a @ v, v @ a.T, v @ v, np.dot(a, a.T), np.matmul(a.T, a))
batch = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
w = np.ones((4, 2), dtype=np.float32)
print(batch @ w, (batch @ w).dtype)
print(np.eye(3) @ a.T, np.full((2, 2), 7), np.zeros(3, dtype=np.int64))
