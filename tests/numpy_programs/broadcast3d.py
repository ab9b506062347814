import numpy as np

a = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
b = np.arange(4) * 0.5
c = np.ones((3, 1))
print(a + b)
print((a * c - b).sum(axis=2))
print(a.max(axis=0), a.min(axis=1, keepdims=True))
print(a.mean(axis=2).argmax(axis=1), a.argmax())
print(a.T.shape, a.reshape(4, -1).shape, a.ndim, a.size)
