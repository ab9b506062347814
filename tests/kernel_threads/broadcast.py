# oracle: cpython
# Broadcast inputs of fused loops (copied by rows, or an element repeated along a row, before
# the loop), small and on the pool: numpy's values (only correctly rounded ops here).
import numpy as np

a = np.arange(3 * 1 * 20, dtype=np.float64).reshape(3, 1, 20) * 0.5
b = np.arange(1 * 4 * 20, dtype=np.float64).reshape(1, 4, 20) * 0.25
print(np.sqrt(a * b + 1.0).sum(), (a - b)[2][3][:5])
c = np.arange(400, dtype=np.float32).reshape(400, 1)
d = np.arange(3000, dtype=np.float32).reshape(1, 3000)
e = np.sqrt(c * d + 1.0)
print(float(e.sum()), float(e[399][2999]), float(e[7][0]), float(e[123][456]))
f = np.arange(12, dtype=np.float64).reshape(2, 3, 2)
g = np.arange(3, dtype=np.float64).reshape(3, 1)
print(f * g + 0.5)
h = np.arange(100, dtype=np.float64).reshape(100, 1, 1)
k = np.arange(3000, dtype=np.float64).reshape(1, 3, 1000)
m = h / (k + 1.0) - k
print(float(m.sum()), float(m[99][2][999]), float(m[50][1][3]))
bias = np.linspace(-1.0, 1.0, 257).astype(np.float32)
x = np.arange(300 * 257, dtype=np.float32).reshape(300, 257) * 0.001
r = np.maximum(x + bias, 0.0)
print(float(r.sum()), float(r[299][256]), float(r[0][0]))
