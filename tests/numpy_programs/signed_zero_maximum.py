# np.maximum / np.minimum keep the second operand on a tie, which shows for 0.0 and -0.0 (found by
# the random tensor programs). Dividing by the result turns the sign of a zero into the sign of inf.
import numpy as np


def relu(x):
    return np.maximum(x, 0.0)


x = np.array([-0.0, 1.0, -2.0, 0.0])
z = np.array([0.0, 0.0, -0.0, -0.0])
print(1.0 / relu(x), 1.0 / np.maximum(0.0, x), 1.0 / np.minimum(x, -0.0))
print(1.0 / np.maximum(x, z), 1.0 / np.minimum(z, x), 1.0 / np.maximum(x.astype(np.float32), 0.0))
# np.inf / np.nan, and numpy's room for "-inf" and "nan" in a column.
print(np.array([np.nan, 1.0]), np.array([-np.inf, np.nan]), np.array([np.inf, np.nan]))
print(np.array([-np.inf, 1.5e-9]), np.array([1.0, -np.inf], dtype=np.float32), np.array([np.nan, -2.5, 100.25]))
