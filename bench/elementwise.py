# The fused elementwise chain on 4M float32 (the tensor issue's benchmark), timed inside the
# program, so one file measures CPython + numpy and `pyscript run` (bench/run_tensor.py).
import time

import numpy as np


def chain(x, y):
    return np.tanh(x * y + 1.0) * 0.5 - np.maximum(x - y, 0.0) / (1.0 + y * y)


def run(n, x, y):
    z = chain(x, y)
    t0 = time.perf_counter()
    for i in range(n):
        z = chain(x, y)
    t1 = time.perf_counter()
    print("elementwise chain, 4M float32:", (t1 - t0) / n * 1e3, "ms")
    return z


x = np.linspace(-3.0, 3.0, 4194304).astype(np.float32)
y = np.cos(np.arange(4194304) * 0.001).astype(np.float32)
z = run(10, x, y)
print(z.sum(), z.max(), z.min())
