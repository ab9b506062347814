# An archive loaded in a loop that rewrites it each time, a name bound to one inside a branch of a
# function, allow_pickle (which changes nothing for these dtypes), numpy's functions imported by
# name, and arrays saved and loaded in another order than they were made.
import numpy as np
from numpy import load, save, savez

savez("state.npz", w=np.ones(2), b=np.zeros(2))
for epoch in range(3):
    data = np.load("state.npz")
    print(epoch, data["w"] * epoch, data["b"])
    np.savez("state.npz", w=data["w"] + 1.0, b=data["b"] - 0.5)
x = np.load("state.npz", allow_pickle=True)["w"]
np.save("x", x, allow_pickle=False)
print(load("x.npy"))


def bias(flag):
    if flag:
        z = np.load("state.npz")
        return z["b"]
    return np.zeros(2)


print(bias(True), bias(False))
save("ints.npy", np.arange(10)[::3])  # a view: numpy saves its elements in order
save("cols.npy", np.arange(12.0).reshape(3, 4)[:, 1])
print(load("ints.npy"), load("cols.npy"))
grid = np.arange(12, dtype=np.float32).reshape(3, 4)
save("grid_t.npy", grid.T)  # Fortran-contiguous: numpy writes fortran_order True
print(load("grid_t.npy"), load("grid_t.npy").shape)
