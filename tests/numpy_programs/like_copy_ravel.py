# exact output
# np.empty (its shape and dtype: numpy's contents are undefined), np.zeros_like/ones_like/full_like
# with and without dtype=, copies, flatten and ravel of views (transposed, reversed, strided).
import numpy as np

x = np.arange(12, dtype=np.float32).reshape(3, 4) - 5.5
i = np.arange(12).reshape(2, 3, 2)
b = x > 0
e = np.empty((2, 3), dtype=np.int64)
print(e.shape, e.dtype, np.empty(4).shape, np.empty((0, 2), dtype=np.bool_).dtype)
print(np.zeros_like(x), np.zeros_like(i).dtype, np.zeros_like(b))
print(np.ones_like(x, dtype=np.int64), np.ones_like(b), np.ones_like(i, dtype="float32").dtype)
print(np.full_like(x, 2.5), np.full_like(i, 2.7), np.full_like(b, 3), np.full_like(x, -0.0))
print(np.full_like(i, 7, dtype=np.float64).shape, np.full_like(x, 9007199254740993, dtype=np.int64))
print(np.full_like(x[:0], 1.0), np.zeros_like(2.5), np.ones_like(3), np.full_like(True, 0))
print(np.zeros_like(x.T).shape, np.ones_like(x[::2, 1:]).shape)
y = x.copy()
print(y, np.copy(i[1]), b.copy().dtype)
print(x.flatten(), x.T.flatten(), x[::-1, ::2].flatten())
print(i.ravel(), np.ravel(i.transpose(2, 0, 1)), i[:, 1].ravel(), b.ravel())
print(np.ravel(x[:0]), x.T.ravel().shape, np.arange(5)[::-2].ravel())
z = x.flatten() * 2
print(z, x)
