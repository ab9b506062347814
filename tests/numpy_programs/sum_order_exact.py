# exact output
# Sums and means add in numpy's order (Note [numpy's summation order] in runtime/array_sum.cpp):
# pairwise in chunks of 8,192 along the innermost run, one by one along other axes, float32 in
# float32; printed with all digits, so any other order shows.
import numpy as np
x = (np.arange(30000) % 1013) * 0.37 - 50.0
print(x.sum(), x.mean(), x[::7].sum(), x[::-1].sum(), x.reshape(100, 300).sum(axis=0)[:2], x.reshape(100, 300).sum(axis=1)[:2])
y = x.astype(np.float32)
print(y.sum(), y.mean(), y.reshape(300, 100).T.sum(), y.reshape(300, 100).mean(axis=1)[:3], y.reshape(10, 30, 100).sum(axis=1)[0, :2])
z = np.arange(30000) % 97
print(z.mean(), z.reshape(300, 100).mean(axis=0)[:3], (z > 50).mean())
w = (x * x).reshape(20, 1500) / 7.0
print(w.T.sum(axis=0)[:2], w.T.sum(axis=1)[:2], w.T.mean(), ((w - w.mean()) ** 2).mean(), w[::-1, ::2].sum())
v = y.reshape(3, 100, 100)
print(v.sum(axis=2)[0, :2], v.sum(axis=0)[0, :2], v.mean(axis=1)[2, :2], v[:, ::-1, :].sum(), v.transpose(2, 0, 1).sum(axis=0)[0, :2])
