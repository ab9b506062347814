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
# Python's float, int and bool as dtypes.
print(np.zeros(2, dtype=float), np.ones(3, dtype=int), np.full(2, 1, dtype=bool))
print(np.arange(3).astype(float), x.astype(int), np.array([1.5, 0.0]).astype(bool))
