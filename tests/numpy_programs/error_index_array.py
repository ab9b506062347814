# exact output
# An int64 index array with an element out of bounds: numpy's IndexError names the axis of the
# indexed array and the element as written (negative too).
import numpy as np

x = np.arange(12).reshape(3, 4)
idx = np.array([0, 3, -4])
print(x[:, idx])
print(x[idx - 1])
