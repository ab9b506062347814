import numpy as np

a = np.array([0.1, 0.5, 0.5, 0.9, np.nan])
for v in (0.0, 0.5, 0.7, 1.0, 2.0, np.nan):
    print(v, np.searchsorted(a, v), np.searchsorted(a, v, side="right"))
b = np.arange(10)
i = np.searchsorted(b, 4)
print(i, b[i], int(i) + 1, np.cumsum(np.ones(4))[np.searchsorted(np.cumsum(np.ones(4)) / 4.0, 0.6)])
