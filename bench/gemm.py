# Matrix products at the MLP's first layer, batch 256 (256x512 @ 512x256, float32): GFLOP/s
# under pyscript and under numpy (OpenBLAS sgemm), from the same file (bench/run_tensor.py).
import time

import numpy as np


def layer(x, w):
    return x @ w


def run(n, x, w):
    y = layer(x, w)
    t0 = time.perf_counter()
    for i in range(n):
        y = layer(x, w)
    t1 = time.perf_counter()
    seconds = (t1 - t0) / n
    print("gemm 256x512x256 float32:", seconds * 1e6, "us,", 2.0 * 256 * 512 * 256 / seconds / 1e9, "GFLOP/s")
    return y


x = np.sin(np.arange(256 * 512) * 0.01).astype(np.float32).reshape(256, 512)
w = np.cos(np.arange(512 * 256) * 0.02).astype(np.float32).reshape(512, 256)
y = run(50, x, w)
print(y.sum())
