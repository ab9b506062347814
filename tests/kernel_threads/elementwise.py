# Fused elementwise chains, large (on the pool) and small (inline), float32 and float64, with the
# math functions whose vector and scalar versions may round differently (Note [Pieces do not
# change results]); sizes that leave a tail after the last whole vector.
import numpy as np


def chain(x, y):
    return np.tanh(x * y + 1.0) * 0.5 - np.maximum(x - y, 0.0) / (1.0 + y * y)


def mathy(x):
    return np.sin(x) * np.exp(x * 0.1) + np.log(np.abs(x) + 1.0) - np.cos(x * 3.0)


for n in [1000, 65535, 65536, 1000003]:
    x = np.linspace(-3.0, 3.0, n).astype(np.float32)
    y = np.cos(np.arange(n) * 0.001).astype(np.float32)
    np.save("chain32_" + str(n) + ".npy", chain(x, y))
    np.save("math32_" + str(n) + ".npy", mathy(x))
    xd = np.linspace(-3.0, 3.0, n)
    yd = np.cos(np.arange(n) * 0.001)
    np.save("chain64_" + str(n) + ".npy", chain(xd, yd))
    np.save("math64_" + str(n) + ".npy", mathy(xd))

# Broadcast inputs and a 2-D result; a chain in a loop reusing its buffer.
a = np.linspace(0.0, 1.0, 700).reshape(700, 1)
b = np.linspace(-1.0, 1.0, 300)
np.save("outer.npy", np.tanh(a * b) + np.sqrt(a + 1.0))
z = np.linspace(0.0, 1.0, 200003).astype(np.float32)
for i in range(5):
    z = np.sin(z) * 0.9 + 0.05
np.save("loop.npy", z)
print(float(z[0]), float(z[200002]))
