# exact output
# numpy 1.24 lets an index array out of bounds pass when the result is empty (with a
# DeprecationWarning), and a mask axis of length 0 match any length; pyscript does the same.
import numpy as np

x = np.arange(6.0).reshape(2, 3)
print(x[:0, np.array([5])].shape, x[np.array([7, -9]), :0].shape, np.zeros((2, 0))[np.array([5])].shape)
print(x[np.zeros(0, dtype=np.int64)], x[np.zeros((0,), dtype=np.bool_)].shape)
print(x[np.zeros((2, 0), dtype=np.bool_)], x[:, np.zeros(0, dtype=np.bool_)].shape)
print(np.concatenate([x[:0], x[1:]]), np.stack([x[:, :0], x[:, 3:]]).shape, np.pad(x[:0], 1).shape)
