# Element reads are numpy scalars: they mix with Python numbers, and a variable that is a Python
# number on some paths and a numpy scalar on others keeps each kind's semantics (ZeroDivisionError
# for a float, inf for np.float64; np.int64 wraps).
import math

import numpy as np

a = np.array([1.5, -2.0, 3.25, 4.0])
m = np.arange(12.0).reshape(3, 4)
ints = np.array([3, 9223372036854775807, -1])
f32 = np.array([0.1, 0.2, 0.7], dtype=np.float32)
flags = np.array([True, False, True])


def total(x):
    s = 0.0
    for i in range(x.shape[0]):
        s = s + x[i]
    return s


def largest(x):
    b = -1e9
    for v in x:
        if v > b:
            b = v
    return b


def count_positive(x):
    c = 0
    for i in range(x.shape[0]):
        c = c + (x[i] > 0)
    return c


def grid_sum(g):
    t = 0.0
    for i in range(g.shape[0]):
        for j in range(g.shape[1]):
            t = t + g[i, j] * 0.5
    return t


def safe_mean(x):
    s = total(x)
    if x.shape[0] == 0:
        return 0.0
    return s / x.shape[0]


print(a[0], a[-1], m[1, 2], m[-1, -1], ints[1], f32[0], flags[1])
print(total(a), total(a[:0]), largest(a), count_positive(a), grid_sum(m), safe_mean(a), safe_mean(a[:0]))
print(a[1] / 0.0, -a[0] / 0.0, m[0, 0] / m[0, 0] > 0, ints[1] + 1, ints[0] * 2 - ints[2])
print(f32[0] + f32[1], f32[2] * 3.0, f32[0] + 1, a[0] + f32[1], f32.dtype, (f32[0] * 2).dtype)
print(float(a[2]), int(m[2, 3]), int(ints[2]), bool(flags[0]), a[2] > 3, ints[0] == 3)
s = 0
for k in range(ints.shape[0]):
    s = s + ints[k]
print(s)
r = 0.0
for k in range(3):
    if k == 1:
        r = m[k, k]
print(r, r / 2.0)
e = total(a[:0])
print(e)
print(e / 2.0, a[0] / e if e != 0.0 else -1.0)

# Builtins and math on numpy scalars: max keeps the first argument unless a later one is greater
# (the result's kind depends on the values), round and math convert to the Python number.
print(abs(a[1]), round(a[0]), round(m[1, 1]), max(a[0], 1.0), max(a[1], 1.0), min(ints[2], 2), max(a[0], a[3]))
print(math.sqrt(m[2, 1]), math.floor(a[1]), math.exp(a[0]) > 12.0, max(a[1], 1.0) / 2.0)
print(a[3] ** 2, a[0] // 2.0, a[1] % 2.0, ints[0] // 2, ints[2] % 5, ints[0] ** 2, -ints[2], ints[0] / ints[2])
print(f"{a[0]:.3f} {ints[0]:>4} {f32[1]} {f32[0] * 2} {m[1, 2]}")
print(m[0, 1] // m[0, 0], m[0, 1] % m[0, 0], a[1] ** 0.5, 10.0 ** a[3], ints[0] ** ints[0])

# At module level too, and passed to a function (specialized for float|np.float64).
acc = 0.0
for v in a:
    acc = acc + v
none_yet = 0.0
for v in a[:0]:
    none_yet = none_yet + v


def half(x):
    return x / 2.0


print(acc, none_yet, half(acc), half(none_yet), half(a[0]), half(1.0))

# round(x, n) of a numpy scalar rounds as np.round (scaling by 10**n): 2.675 -> 2.68, where
# Python's round of the float gives 2.67.
r = np.array([2.675, -1.005, 12345.678, 0.5])
ri = np.array([1234, -15])
print(round(r[0], 2), round(float(r[0]), 2), round(r[1], 2), round(r[2], -2), round(r[3], 0), round(ri[0], -2), round(ri[1], -1))
