# exact output
# & | ^ ~ of bool arrays (and of a bool array with a bool): numpy's logical and, or, xor, not
import numpy as np

a = np.array([True, True, False, False])
b = np.array([True, False, True, False])
x = np.arange(6)
print(a & b, a | b, a ^ b, ~a, ~(a & b), a & True, False | b, (x > 1) & (x < 4), (x == 0) | (x == 5))
print(np.sum((x % 2 == 0) & (x > 0)), x[(x < 2) | (x > 4)], x[~(x > 2)], ((x > 1) ^ (x > 3)).dtype)
m = np.arange(4).reshape(2, 2) > 0
print(m & a.reshape(2, 2), m | np.array([True, False]), ~m, np.bool_(True) & a)
print(np.array([[np.sum((x == i) & (x % 3 == j)) for j in range(3)] for i in range(3)]))
