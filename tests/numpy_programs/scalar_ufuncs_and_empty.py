# numpy ufuncs of Python scalars give numpy scalars (once a compiler error: a fused loop with no
# array to take its shape from), and empty arrays print as [] whatever their shape (once an
# uncaught exception). Both found by the random tensor programs.
import numpy as np


def magnitude(x):
    return np.abs(float(x.sum()))


print(magnitude(np.ones(3) * -1.5))
print(np.sqrt(2.0), np.exp(1.0), np.tanh(0.5), np.exp(np.abs(-2.0)) * 2.0)
print(np.zeros((0,)), np.zeros((2, 0)), np.zeros((0, 3), dtype=np.int64))
print(np.arange(5)[3:1], np.arange(6.0).reshape(2, 3)[:, 2:2])
print(np.arange(5)[3:1].sum(), np.zeros((0, 3)).sum(axis=0))
