# exact output
# cumsum/cumprod (axis=None flattens; ints and bools accumulate in int64), np.round/np.around/
# a.round with numpy's scaling (half to even), np.clip/a.clip with numpy's promotion and nan.
import numpy as np

f = np.array([[1.5, -2.25, 3.0], [4.0, 0.1, -6.5]])
g = np.array([0.1, 0.2, 0.3, -0.0, 1e8], dtype=np.float32)
i = np.array([[3, 1, -2], [0, -5, 7]])
b = np.array([True, False, True, True])
print(np.cumsum(f), f.cumsum(axis=0), np.cumsum(f, axis=-1), np.cumprod(f, axis=1), f.cumprod())
print(np.cumsum(g), g.cumprod(), np.cumsum(i, axis=1), i.cumprod(axis=0), np.cumsum(b), b.cumprod())
print(np.cumsum(np.array([-0.0, -0.0])), np.cumsum(np.zeros((2, 0)), axis=1), np.cumsum(np.zeros((0, 2))))
print(np.cumsum(np.arange(24).reshape(2, 3, 4), axis=1), np.cumprod(f.T, axis=0))

r = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 0.125, 2.675, -7.45, 1234.5678, np.nan, np.inf, -0.0])
print(np.round(r), np.round(r, 1), np.around(r, 2), r.round(3), np.round(r, -1), r.round(-2))
print(np.round(r.astype(np.float32), 2), np.round(g, 1), np.round(i, -1), np.round(i, 2), np.round(i))
print(np.round(np.array([1.0e300, 5.0e-324]), 10), np.round(np.array([123.456]), 23), np.round(np.array([15, -25, 35, 1250]), -1))
print(np.round(np.array([[0.123456789, 9.87654321], [1e-9, -3.14159]]), 5), np.round(2.5), np.round(7, -1))

print(np.clip(f, -1, 2), np.clip(f, 0.0, None), np.clip(f, None, 1), f.clip(0.5), f.clip(max=-1.0))
print(np.clip(i, 0, 3), np.clip(i, 0.5, 2.5), i.clip(-1), np.clip(b, 0, 0), np.clip(g, 0.15, 0.25))
print(np.clip(f, np.array([0.0, 1.0, 2.0]), 3.0), np.clip(i, np.array([[0], [5]]), 6), np.clip(f, 2, -1))
print(np.clip(np.array([np.nan, -0.0, 0.0, np.inf]), -0.0, 0.0), np.clip(np.array([1.0, 2.0]), np.nan, 5.0))
print(np.clip(g, np.float32(0.1), 2.0), np.clip(5, 0, 3), np.clip(g, 0, np.array([1.0])))
