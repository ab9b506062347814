# exact output
# Arrays inside tuples print as numpy's repr: array(...), ', ' between elements, the dtype named
# unless numpy implies it, continuation lines under 'array('.
import numpy as np
a = np.arange(4.0)
b = np.arange(6, dtype=np.float32).reshape(2, 3) / 7
c = np.arange(3) > 0
print((a, 1))
print((b, c, "x"))
print(((a, 2), (3, (4.5, "s"))))
print((np.arange(30.0) / 3,))
print((np.ones((2, 2, 2)), np.zeros((0,)), np.zeros((2, 0)), np.zeros(0, dtype=np.float32)))
print((np.arange(2000), np.linspace(0.0, 1.0, 40, dtype=np.float32)))
print((np.arange(24).reshape(2, 3, 4) * 1000000,))


def stats(x):
    return (x.mean(axis=0), x.max(axis=1), x.shape[0])


print(stats(np.arange(12.0).reshape(3, 4) / 7))
big = np.arange(12, dtype=np.float32) * 123456.7
print((big, big > 1e6))
print((np.arange(16, dtype=np.float32).reshape(2, 8) * 1000.5,))
