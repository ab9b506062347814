# exact output
# np.concatenate, np.stack, np.hstack, np.vstack: list and tuple displays and tuple values, every
# dtype, ranks 1-3, negative axes, axis=None, empty arrays, mixed dtypes (numpy's promotion).
import numpy as np


def joined(a, b):
    return np.concatenate([a, b], axis=-1), np.stack((a, b), axis=1)


f32 = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
f64 = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
i64 = np.arange(6).reshape(2, 3) - 2
b = np.arange(6).reshape(2, 3) % 2 == 0
print(np.concatenate([f32, f32]))
print(np.concatenate((i64, b)), np.concatenate((i64, b)).dtype)
print(np.concatenate([b, b], axis=1))
print(np.concatenate([f32, i64]).dtype, np.concatenate([f32, b]).dtype, np.concatenate([f64, f32]).dtype)
print(np.concatenate([f32, f64, i64], axis=0))
print(np.concatenate([i64, i64.T.T], axis=-2))
print(np.concatenate([f64, i64], axis=None))
print(np.concatenate((np.arange(3), np.arange(0), np.arange(2))))
print(np.concatenate([np.zeros((0, 3)), i64]).shape, np.concatenate([np.zeros((2, 0)), i64], axis=1))
c3 = np.arange(24).reshape(2, 3, 4)
print(np.concatenate([c3, c3[:, :1]], axis=1).shape, np.concatenate([c3, c3[:, :, ::-1]], axis=2)[1])
print(np.concatenate([c3[:, 1], c3[:, 2]], axis=0))
t = (f32, f32 * 2)
print(np.concatenate(t, axis=1))
print(np.stack(t))
print(np.stack([i64, i64 + 10], axis=2))
print(np.stack([i64, i64 + 10], axis=-1).shape, np.stack([i64, i64], axis=-3).shape, np.stack([c3, c3], 3).shape)
print(np.stack([b, b, b]).dtype, np.stack([np.float32(1.5), np.float32(2.5)]))
print(np.stack([1.0, 2, 3]), np.stack([1, 2, 3]), np.stack((True, False)))
print(np.hstack([np.arange(3), np.arange(2)]), np.hstack((f32, f32)))
print(np.hstack((np.float32(1.5), np.arange(2, dtype=np.float32))))
print(np.hstack([c3, c3]).shape, np.hstack((1, 2.5)))
print(np.vstack([np.arange(3), np.arange(3.0)]))
print(np.vstack((i64, np.arange(3))))
print(np.vstack([c3, c3]).shape, np.vstack((1, 2)))
x, y = joined(i64, i64 * 3)
print(x)
print(y)
x, y = joined(np.arange(4.0, dtype=np.float32), np.ones(4, dtype=np.float32))
print(x, y)
