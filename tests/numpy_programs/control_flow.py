import numpy as np


def normalize(x):
    n = np.sqrt((x * x).sum())
    if n > 0:
        return x / n
    return x


def iterate(x, steps):
    y = x
    k = 0
    while k < steps:
        y = np.tanh(y * 1.5 - 0.2)
        if float(y.max()) > 0.9:
            break
        k = k + 1
    return y, k


print(normalize(np.array([3.0, 4.0])), normalize(np.zeros(2)))
y, k = iterate(np.linspace(-1.0, 1.0, 5), 10)
print(y, k)
