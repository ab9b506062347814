# from numpy import ...: functions, dtypes, submodules
from numpy import zeros, ones, arange, float32, int64, linalg, array
from numpy.random import seed, rand
import numpy as np

a = zeros((2, 3), dtype=float32)
b = ones(3, dtype=int64)
print(a, a.dtype, b, arange(4).astype(float32))
print(linalg.norm(array([3.0, 4.0])), np.sum(b))
seed(3)
print(rand(3))
