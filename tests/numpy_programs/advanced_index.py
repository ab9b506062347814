# exact output
# None / np.newaxis in an index, boolean masks (of the whole array or of leading axes, also empty
# results) and int64 index arrays (negative, 2-D, beside ints, slices and None: numpy moves the
# array's axes first when an int and the array are not adjacent).
import numpy as np


def above(x, t):
    return x[x > t]


x = np.arange(24).reshape(2, 3, 4)
f = np.linspace(-1.0, 1.0, 6, dtype=np.float32)
print(f[:, None], f[None, :].shape, f[np.newaxis], f[:, np.newaxis, None].shape)
print(x[:, None].shape, x[None, 1].shape, x[1, None, :, None, 2])
print(x[0, None], np.arange(3)[None, 1:], np.array(2.5)[None], np.array(7)[None, None].shape)
print(f[:, None] * f[None, :])
print(above(f, 0.0), above(x, 17), above(x, 100), above(f, 5.0).shape)
print(x[x % 5 == 0], f[f < 0].dtype, f[(f > -0.5) == (f < 0.5)])
m = np.array([True, False])
print(x[m], x[m].shape, x[np.array([[True, False, True], [False, False, True]])])
print(x[:, np.array([False, True, True])], x[1:, np.array([True, False, True]), ::2])
print(x[0, np.array([True, True, False])], x[np.zeros((2, 3, 4), dtype=np.bool_)])
b = np.arange(6) % 2 == 0
print(b[b], np.arange(6.0)[b], b[np.array([5, 0, 5])])
idx = np.array([2, 0, -1])
print(f[idx], x[np.array([1, 0])].shape, x[np.array([1])][0, 0])
print(x[:, idx], x[1, idx], x[:, :, idx].shape, x[0, 1, idx])
print(x[np.array([[0, 1], [1, 1]]), 2], x[np.array([[0, 1], [1, 1]])].shape)
print(x[0, :, np.array([1, 3])])
print(x[np.array([1, 0]), :, 1], x[np.array([1, 0]), None, 0].shape, x[None, np.array([1]), 0].shape)
print(x[0, None, np.array([2, 1])].shape, x[:, np.array([0, 2]), None].shape)
print(f[np.arange(0)], f[np.argmax(f)], x[np.argmax(f) - 5], x[np.array([0, 1]), np.array(2)].shape)
print(f[np.array([[1], [2]])] + f[:2], f[np.arange(6)[::-1]])
