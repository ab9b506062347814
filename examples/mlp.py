# The seeds' MLP: 512 -> 256 -> 128 -> 2 with ReLU, float32, weights made here.
# Runs the same under `python3 examples/mlp.py` (numpy, eager) and `pyscript run examples/mlp.py`.
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


w1 = weights(512, 256, 0.1)
b1 = np.zeros(256, dtype=np.float32)
w2 = weights(256, 128, 0.2)
b2 = np.full(128, 0.01, dtype=np.float32)
w3 = weights(128, 2, 0.3)
b3 = np.zeros(2, dtype=np.float32)
x = np.cos(np.arange(512) * 0.11).astype(np.float32).reshape(1, 512)
y = mlp(x, w1, b1, w2, b2, w3, b3)
print(y.shape, y.dtype)
print(y)
batch = np.cos(np.arange(4 * 512) * 0.07).astype(np.float32).reshape(4, 512)
print(mlp(batch, w1, b1, w2, b2, w3, b3))
