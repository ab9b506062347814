# An exception travels through frames that own lists, str and arrays; the handler sees the state.
import numpy as np


def inner(xs, name, a):
    label = name + "!"
    doubled = [x * 2 for x in xs]
    b = a * 2.0
    if len(doubled) > 2:
        raise ValueError("too long: " + label + " " + str(len(doubled)) + " " + str(b.sum()))
    return doubled


def middle(xs, name):
    tmp = [name] * 3
    arr = np.arange(4.0)
    out = inner(xs, tmp[0] + name, arr)
    return out + [len(tmp)]


def outer(n):
    words = ["w" + str(i) for i in range(n)]
    try:
        return middle(list(range(n)), "-".join(words))
    except ValueError as e:
        print("outer caught:", e)
        return [-1]


print(outer(2))
print(outer(3))
print(outer(1))
results = []
for n in range(5):
    try:
        results.append(len(middle(list(range(n)), "x")))
    except ValueError as e:
        results.append(-n)
print(results)
