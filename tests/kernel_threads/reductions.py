# oracle: cpython
# Sums and means in numpy's order (Note [Sums on the pool]), large enough for the pool, and small:
# numpy's digits (inputs from exact arithmetic only), whatever the thread count.
import numpy as np


def values(n, mul, mod):
    return ((np.arange(n) * mul) % mod - mod // 2) * 0.0137


for n in [1000, 131071, 131072, 1000003, 4194304]:
    x = values(n, 37, 1001).astype(np.float32)
    xd = values(n, 53, 9973) * 1e3
    print(n, float(x.sum()), float(x.mean()), float(xd.sum()), float(xd.mean()))
m = values(600 * 5000, 13, 997).reshape(600, 5000)
print(float(m.sum()), float(m.T.sum()), float(m[::-1].sum()))
print(float(m.sum(axis=1)[7]), float(m.sum(axis=0)[4999]), float(m.mean(axis=1)[599]))
np.save("rows.npy", m.sum(axis=1))
np.save("cols.npy", m.sum(axis=0))
big = values(3 * 400000, 7, 10007).astype(np.float32).reshape(3, 400000)
print(float(big.sum(axis=1)[0]), float(big.sum(axis=1)[2]))
