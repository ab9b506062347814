# int64 arrays from Python ints beyond 2**53 are exact (np.full and np.array once went through a
# double and rounded; found by the random tensor programs).
import numpy as np

big = 9007199254741741
print(np.full(2, big), np.full((2, 2), -big - 2, dtype=np.int64))
print(np.array([big, 3, -big]), np.array([[big], [1]]))
print(np.array([1.9, -2.5], dtype=np.int64), np.full(2, 2 ** 60, dtype=np.float64))
print(np.full(3, big) + 1, (np.array([big, 1]) * 2).sum())
# The numbers above compare within a relative tolerance; these differences would show rounding.
print(np.full(2, big) - big, np.array([big, -big]) + np.array([-big, big]), np.full(1, -big - 2)[0] + big)
