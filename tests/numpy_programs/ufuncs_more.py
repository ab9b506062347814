# The ufuncs added from include/pyscript/ufuncs.def rows, and numpy names of the operators.
import numpy as np
f = np.array([-1.5, -0.0, 0.0, 2.25, np.nan, np.inf])
g = np.array([-1.5, 0.5, 2.0], dtype=np.float32)
i = np.array([-2, 0, 3])
b = np.array([True, False])
print(np.floor(f), np.ceil(f), np.sign(f))
print(np.floor(g), np.ceil(g), np.sign(g), np.square(g))
print(np.floor(i), np.sign(i), np.square(i), np.square(f))
print(np.log1p(np.abs(f)), np.expm1(g), np.expm1(i))
print(np.isnan(f), np.isinf(f), np.isnan(i), np.isinf(b), np.isnan(g))
print(np.arctan2(f, 2.0), np.arctan2(i, i), np.arctan2(g, g))
print(np.power(i, 2), np.add(f, 1.0), np.multiply(i, i), np.less(i, 1), np.negative(i))
print(np.subtract(g, 1), np.divide(i, 2), np.floor_divide(i, 2), np.maximum(i, 0))
