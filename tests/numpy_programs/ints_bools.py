import numpy as np

i = np.arange(-5, 7)
print(i // 3, i % 3, i * i, -i, abs(i))
print(i > 0, (i > 0).sum(), np.where(i > 0, i, 0))
print(i / 2, (i / 2).dtype, i.astype(np.float32) * 0.5)
print(np.maximum(i, 2), np.minimum(i, 2.5))
b = np.array([True, False, True])
print(b, b.astype(np.int64) + 1, b.dtype)
