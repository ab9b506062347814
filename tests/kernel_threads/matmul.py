# Matrix products below and above the size cut by rows on the pool (Note [Matrix products on the
# pool]), row counts that are not multiples of the pieces, float32 and float64, batched, and the
# MLP with its fused bias and ReLU.
import numpy as np


def weights(rows, cols, phase):
    return np.sin(np.arange(rows * cols) * 0.37 + phase).reshape(rows, cols) * 0.05


for m, k, n in [(3, 40, 5), (17, 64, 33), (300, 200, 150), (1000, 257, 129)]:
    a = weights(m, k, 0.1)
    b = weights(k, n, 0.2)
    np.save("mm64_" + str(m) + ".npy", a @ b)
    np.save("mm32_" + str(m) + ".npy", a.astype(np.float32) @ b.astype(np.float32))

batch = np.sin(np.arange(4 * 300 * 90) * 0.01).reshape(4, 300, 90).astype(np.float32)
w = weights(90, 200, 0.3).astype(np.float32)
np.save("batched.npy", batch @ w)

w1 = weights(512, 256, 0.1).astype(np.float32)
b1 = np.zeros(256, dtype=np.float32)
w2 = weights(256, 128, 0.2).astype(np.float32)
b2 = np.full(128, 0.01, dtype=np.float32)
w3 = weights(128, 2, 0.3).astype(np.float32)
b3 = np.zeros(2, dtype=np.float32)
for rows in [1, 256]:
    x = np.cos(np.arange(rows * 512) * 0.11).astype(np.float32).reshape(rows, 512)
    h = np.maximum(x @ w1 + b1, 0.0)
    h = np.maximum(h @ w2 + b2, 0.0)
    y = h @ w3 + b3
    np.save("mlp_" + str(rows) + ".npy", y)
    print(rows, float(y.sum()))
