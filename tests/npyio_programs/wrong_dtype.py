# pyscript-runtime-error: 13:5 TypeError: 'np_f32.npy' holds an array of int64 of rank 1, but the program was compiled for float32 of rank 2 there (np.load's type is fixed when compiling)
# np_f32.npy holds a float32 matrix when compiling; the program overwrites it with int64 data
# through a path pyscript cannot know when compiling. CPython goes on with the new array; pyscript
# stops at the load, naming both types (its static types are fixed when compiling).
import numpy as np


def npy(stem):
    return stem + ".npy"


np.save(npy("np_f32"), np.arange(3))
x = np.load("np_f32.npy")
print(x)
