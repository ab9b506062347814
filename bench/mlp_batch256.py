# The seed MLP (512 -> 256 -> 128 -> 2, ReLU, float32) at batch 256: 200 forwards, timed inside
# the program, so the same file measures CPython + numpy and `pyscript run` (bench/run_threads.py).
import time

import numpy as np


def dense(x, w, b):
    return x @ w + b


def relu(x):
    return np.maximum(x, 0)


def mlp(x, w1, b1, w2, b2, w3, b3):
    h = relu(dense(x, w1, b1))
    h = relu(dense(h, w2, b2))
    return dense(h, w3, b3)


def weights(rows, cols, phase):
    return np.sin(np.arange(rows * cols) * 0.37 + phase).astype(np.float32).reshape(rows, cols) * 0.05


def run(n, x, w1, b1, w2, b2, w3, b3):
    y = mlp(x, w1, b1, w2, b2, w3, b3)
    best = 1e30
    for r in range(5):
        t0 = time.perf_counter()
        for i in range(n):
            y = mlp(x, w1, b1, w2, b2, w3, b3)
        t1 = time.perf_counter()
        best = min(best, (t1 - t0) / n * 1e6)
    print("mlp batch 256:", best, "us per forward")
    return y


w1 = weights(512, 256, 0.1)
b1 = np.zeros(256, dtype=np.float32)
w2 = weights(256, 128, 0.2)
b2 = np.full(128, 0.01, dtype=np.float32)
w3 = weights(128, 2, 0.3)
b3 = np.zeros(2, dtype=np.float32)
x = np.cos(np.arange(256 * 512) * 0.11).astype(np.float32).reshape(256, 512)
y = run(40, x, w1, b1, w2, b2, w3, b3)
print(float(y.sum()))
