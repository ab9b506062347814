# exact output
# 1-D . 1-D dot products as numpy computes them (the BLAS dot, then 0.0 + it in double): all 17 digits.
import numpy as np
a = np.linspace(-1.3, 2.7, 37)
b = np.linspace(0.1, 5.3, 37) * 1.7
print(a @ b, np.dot(a, b), np.dot(a[:5], b[:5]), a[:20] @ b[:20])
fa = a.astype(np.float32)
fb = b.astype(np.float32)
print(fa @ fb, np.dot(fa[:9], fb[:9]))
print(a[::-2] @ b[::-2], np.dot(fa[::3], fb[::3]), a @ fb)
