# numpy's bool arithmetic: + is logical or, * logical and, and the result stays bool (a weak Python
# bool too); with an int it is int arithmetic. pyscript computed int64 here (found by the random
# tensor programs).
import numpy as np

x = np.arange(4) > 0
y = np.arange(4) > 2
print(x + y, x * y)
print(x + True, x * False, True * y)
print(x + 1, y * 3, np.maximum(x, y), np.minimum(x, y))
print((x + y).sum(), (x * y).dtype)
