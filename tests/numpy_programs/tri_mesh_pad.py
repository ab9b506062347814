# exact output
# np.triu / np.tril (k above and below, ranks 1-3, non-square), np.meshgrid ('xy' and 'ij',
# mixed dtypes, three inputs, unpacked or indexed), np.pad with an int, (before, after) and
# per-axis widths, constant values of another type, zero widths and empty arrays.
import numpy as np

m = np.arange(1, 13).reshape(3, 4)
f = np.linspace(-1.0, 1.0, 9, dtype=np.float32).reshape(3, 3)
print(np.triu(m), np.tril(m), np.triu(m, 1), np.tril(m, k=-1), np.triu(m, k=-5), np.tril(m, 9))
print(np.triu(f, -1), np.tril(f > 0), np.triu(np.arange(4)), np.tril(np.arange(3.0), 1))
print(np.triu(np.arange(18).reshape(2, 3, 3), 1), np.tril(m.T).shape, np.triu(np.zeros((0, 3))).shape)
k = 1
print(np.triu(m[:, ::-1], k + 1), np.tril(m[::2], -k))
x, y = np.meshgrid(np.arange(3), np.linspace(0.0, 1.0, 2, dtype=np.float32))
print(x, y, x.dtype, y.dtype)
g = np.meshgrid(np.arange(2), np.arange(3.0), indexing="ij")
print(g[0], g[1])
a, b, c = np.meshgrid(np.arange(2), np.arange(3), np.array([True, False]))
print(a.shape, b[1], c.dtype, c[:, :, 1])
p, q, r = np.meshgrid(np.arange(2), np.arange(3), np.arange(4), indexing="ij")
print(p.shape, q[1, :, 0], r[0, 0])
(s,) = np.meshgrid(np.arange(3.0))
print(s, np.meshgrid(np.arange(4).reshape(2, 2), 5)[1])
print(np.pad(m, 1), np.pad(f, (1, 2)), np.pad(np.arange(3), (0, 2), constant_values=7))
print(np.pad(m, ((1, 0), (0, 2)), constant_values=-1), np.pad(m, ((2,),)).shape, np.pad(m, ((1, 2),)).shape)
print(np.pad(f, 1, mode="constant", constant_values=0.5), np.pad(np.arange(3), 1, constant_values=2.7))
print(np.pad(f > 0, 1, constant_values=True), np.pad(np.arange(3.0), 1, constant_values=2))
print(np.pad(np.arange(24).reshape(2, 3, 4), ((0, 1), (1, 0), (0, 0))).shape, np.pad(m[:0], 1))
print(np.pad(np.arange(6).reshape(2, 3), ((1,), (2,))), np.pad(m, 0).shape, np.pad(m, (k, k + 1)).shape)
