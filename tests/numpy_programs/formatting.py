import numpy as np

print(np.array([1e-5, 1.0, 123.0]))
print(np.array([1.5e10, -2.0]))
print(np.array([0.1, 0.25, 1.0 / 3.0], dtype=np.float32))
print(np.array([-0.0, 0.0, 1.0]))
print(np.linspace(0.0, 1.0, 11))
print(np.arange(2000) * 0.5)
print(np.arange(30).reshape(3, 10) * 1001)
print(np.array([[True, False], [False, True]]))
print(np.arange(12).reshape(2, 2, 3))
x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
print(x.sum(), x.mean(), x.max(), (x * 0.1).sum())
