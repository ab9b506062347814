# exact output
# A boolean mask whose shape does not match the axes it indexes.
import numpy as np

x = np.arange(12).reshape(3, 4)
print(x[x > 4], x[:, x[0] > 1])
keep = x[:, 0] > 2
print(x[keep])
print(x[:, keep])
