import numpy as np


def second_half(x):
    return x[x.shape[0] // 2:]


m = np.arange(20).reshape(4, 5) * 1.5
print(m[1], m[1:3], m[:, 0], m[::-1, ::2], m[-1, -1], m[1, 2:])
print(second_half(np.linspace(0.0, 1.0, 6)))
total = 0.0
for row in m:
    total = total + float(row.sum())
print(total, len(m), float(m[2, 3]), int(m[1, 1]))
