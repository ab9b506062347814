# oracle: cpython
# max, min and argmax of whole arrays, by pieces on the pool (Note [Extrema on the pool]): nan
# (the first one wins), infinities, the maximum repeated across pieces (argmax: the first), int
# and bool arrays, int sums that wrap; sizes around the pieces' 65,536 elements.
import numpy as np

for n in [10, 65535, 65536, 65537, 1000003]:
    x = np.sin(np.arange(n) * 0.37).astype(np.float32)
    xd = np.cos(np.arange(n) * 0.11) * 100.0
    print(n, float(x.max()), float(x.min()), int(x.argmax()), float(xd.max()), float(xd.min()), int(xd.argmax()))
    i = (np.arange(n) * 7919) % 100003 - 50000
    print(int(i.max()), int(i.min()), int(i.argmax()), int(i.sum()), int((i > 0).sum()), bool((i > 49990).max()))
k = np.arange(300001)
big = np.where((k == 123456) | (k == 250000), np.inf, np.linspace(-5.0, 5.0, 300001))
print(float(big.max()), int(big.argmax()), float(big.min()))
big = np.where((k == 200000) | (k == 290000), np.nan, big)
print(float(big.max()), float(big.min()), int(big.argmax()))
j = np.arange(200000)
small = np.where((j == 7) | (j == 150000), -3.0, np.zeros(200000))
print(float(small.min()), int(small.argmax()), float(small.max()))
w = np.full(200000, 9007199254740993, dtype=np.int64)
print(int(w.sum()), int(w.max()))
m = np.arange(600 * 700).reshape(600, 700) % 1009
print(int(m.max()), int(m.argmax()), int(m.T.max()), int(m[::2].min()))
