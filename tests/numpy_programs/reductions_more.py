# exact output
# prod var std argmin all any count_nonzero: numpy's dtypes, axis (negative too), keepdims, ddof,
# empty arrays, nan and inf; float results in numpy's order of operations (digit for digit).
import numpy as np

f = np.array([[1.5, -2.25, 3.0, 0.1], [4.0, 0.5, -6.5, 0.7], [0.3, 0.2, 0.1, -0.4]])
g = f.astype(np.float32)
i = np.array([[3, 1, -2], [0, -5, 7]])
b = np.array([[True, False, True], [True, True, True]])
t = np.arange(24).reshape(2, 3, 4) * 0.37 - 4.0

print(np.prod(f), f.prod(axis=0), np.prod(f, axis=-1, keepdims=True))
print(np.prod(g), g.prod(1), np.prod(i), np.prod(i, 0), np.prod(b), b.prod(axis=1))
print(np.var(f), np.var(f, axis=0), f.var(axis=1, ddof=1), np.var(f, axis=-1, keepdims=True))
print(np.std(f), f.std(0), np.std(f, axis=1, ddof=1), np.std(g), g.var(axis=0))
print(np.var(i), np.std(i, axis=0), i.var(1, ddof=1), np.var(b), np.std(b, axis=0))
print(np.var(t), t.var(axis=1), np.std(t, axis=(2)), t.T.var(), t.T.std(axis=0))
print(np.var(t[:, ::-1]), np.var(t.transpose(1, 0, 2), axis=2), np.std(t[::-1, :, ::2], axis=1))
print(np.argmin(f), f.argmin(axis=0), np.argmin(f, axis=-1), np.argmin(i, axis=0), b.argmin(), np.argmin(t, axis=1))
print(np.all(b), b.all(axis=0), np.all(f, axis=1), np.all(i > -6, keepdims=True), np.all(t, axis=-1))
print(np.any(b), b.any(axis=1), np.any(f > 3.5, axis=0), np.any(i == 7), np.any(t > 4, axis=(0)))
print(np.count_nonzero(b), np.count_nonzero(i), np.count_nonzero(f, axis=0), np.count_nonzero(t, axis=-1))
print(np.count_nonzero(i, axis=1, keepdims=True), np.count_nonzero(b, keepdims=True), np.count_nonzero(t > 0) + 1)

# nan, inf, signed zeros
n = np.array([[1.0, np.nan, -np.inf], [np.inf, 2.0, -0.0], [0.0, -0.0, 3.0]])
print(np.prod(n, axis=0), np.var(n, axis=1), np.std(n[2]), np.argmin(n, axis=1), np.argmin(n[1:]))
print(np.all(n, axis=0), np.any(n, axis=1), np.count_nonzero(n), n.prod(axis=1, keepdims=True))

# empty arrays: identities, nan for var/std of nothing
e = np.zeros((0, 3))
print(np.prod(e), np.prod(e, axis=0), np.all(e), np.any(e), np.all(e, axis=1), np.count_nonzero(e, axis=0))
print(np.var(e, axis=1), np.std(e, axis=1), np.argmin(e, axis=1), np.prod(np.zeros((0,), dtype=np.int64)))

# views with negative strides: each lane starts below the data pointer (a regression)
r = t[::-1, :, ::-1]
print(np.argmin(r, axis=2), np.count_nonzero(r > 0, axis=1), np.all(r > -4.5, axis=0), r.prod(axis=-1), np.any(r[::-1] > 4, axis=1))
