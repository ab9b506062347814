# numpy's matmul and dot of bool arrays are bool (any of the ands).
import numpy as np
x = np.arange(4) > 1
y = np.arange(4) > 2
m = np.array([[True, False], [False, False]])
print(x @ y, (x @ y).dtype, m @ m, (m @ m).dtype, np.dot(x, y), m @ np.array([True, True]))
