# Joining and selecting: np.concatenate of mixed dtypes (one array_concat converting to float64),
# x[:, None] (a view: array_expand_dims), a mask, and an int array beside an int that is not next
# to it (numpy moves the array's axis first: array_take, then array_transpose).
import numpy as np


def select(x, idx):
    y = np.concatenate([x, np.ones((1, 3), dtype=np.float32)], axis=0)
    return y[:, None], y[y > 0.5], np.stack((x, x))[0, :, idx]


print(select(np.arange(6).reshape(2, 3), np.array([2, 0])))
