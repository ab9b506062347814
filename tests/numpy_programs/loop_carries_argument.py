# A loop whose carried array starts as a value the loop body also reads (here the argument x):
# memory planning once looked up the retain it had just inserted and crashed the compiler.
import numpy as np


def grow(x, n):
    acc = x
    for k in range(n):
        acc = acc * 1.5 + x
    return acc


def clamp_walk(x, n):
    acc = x
    k = 0
    while k < n:
        acc = np.maximum(acc * 0.5, x - 1.0)
        k = k + 1
    return acc


def keep_both(x, n):
    acc = x
    first = x
    for k in range(n):
        acc = acc + first
    return acc, first


x = np.array([[1.0, 2.0], [3.0, 4.0]])
print(grow(x, 4))
print(clamp_walk(x.astype(np.float32), 6))
a, f = keep_both(x, 3)
print(a)
print(f)
print(grow(x, 0))
