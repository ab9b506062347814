# expect-runtime-error: 13:7
# np_weights.npz holds w1 when compiling (which types it); the program then rewrites it through a
# path it builds at run time, without w1: numpy's KeyError at the subscript.
import numpy as np


def npz(stem):
    return stem + ".npz"


np.savez(npz("np_weights"), b1=np.zeros(2, dtype=np.float32))
print(np.load("np_weights.npz")["b1"])
print(np.load("np_weights.npz")["w1"])
