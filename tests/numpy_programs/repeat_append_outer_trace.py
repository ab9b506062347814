# exact output
# np.repeat, np.append, np.outer, np.trace and a.dot(b)
import numpy as np

print(np.repeat(np.arange(4), 3), np.repeat(np.arange(6).reshape(2, 3), 2, axis=1))
print(np.repeat(np.arange(6).reshape(2, 3), 2), np.repeat(np.arange(6.0).reshape(2, 3), 3, axis=0))
print(np.repeat(np.arange(3), 0), np.repeat(5, 3), np.repeat(np.array([True, False]), 2, axis=-1))
print(np.append(np.arange(3), np.arange(2.0)), np.append(np.arange(4).reshape(2, 2), 7))
print(np.append(np.zeros((1, 2)), np.ones((2, 2)), axis=0), np.append(np.eye(2), np.eye(2), axis=1))
v = np.array([1.0, 2.0, 3.0])
print(np.outer(v, v), np.outer(np.arange(2), np.arange(3)), np.outer(v, 2.0))
print(np.trace(np.arange(9).reshape(3, 3)), np.trace(np.arange(6.0).reshape(2, 3)), np.trace(np.eye(4) * 0.1))
a = np.arange(6.0).reshape(2, 3)
b = np.arange(12.0).reshape(3, 4)
print(a.dot(b), a.dot(v), v.dot(v), np.arange(3).dot(np.arange(3)))
try:
    print(np.repeat(np.arange(3), -1))
except ValueError as e:
    print("ValueError:", e)
