# numpy's ValueError for shapes that do not fit, caught with numpy's message.
import numpy as np


def add(a, b):
    try:
        return a + b
    except ValueError as e:
        print("add:", e)
        return a


x = np.ones((2, 3))
print(add(x, np.ones(3)))
print(add(x, np.ones((3, 2))))
try:
    y = x @ np.ones((2, 2))
    print(y)
except ValueError as e:
    print("matmul:", e)
try:
    z = x.reshape(4, 2)
    print(z)
except ValueError as e:
    print("reshape:", e)
try:
    w = np.concatenate([x, np.ones((2, 2))])
    print(w)
except ValueError as e:
    print("concatenate:", e)
try:
    print(float(x))
except TypeError as e:
    print("float:", e)
