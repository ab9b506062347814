import numpy as np


def rayleigh(a, steps):
    v = np.ones(a.shape[0])
    lam = 0.0
    for _ in range(steps):
        w = a @ v
        v = w / np.linalg.norm(w)
        lam = v @ a @ v
    return lam


a = np.array([[2.0, 1.0], [1.0, 3.0]])
values = []
for k in range(4):
    values.append(rayleigh(a, k))
print(values)
print(np.round(np.array(values), 6))
firsts = []
firsts.append(np.float64(2.5))
firsts.append(1.5)
print(firsts, sum(firsts), isinstance(firsts[0], float))
