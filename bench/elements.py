# numba-style element loops (issue 12): a dot product over 1M float64 written as an element loop,
# and a 5-point stencil sum over a 1000x1000 float64 array (reads only). The same file runs under
# CPython and `pyscript run`; bench/run_elements.py times it beside C (gcc -O2) and numba.
import numpy as np
import time


def dot(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s = s + a[i] * b[i]
    return s


def stencil(g):
    t = 0.0
    for i in range(1, g.shape[0] - 1):
        for j in range(1, g.shape[1] - 1):
            t = t + (g[i - 1, j] + g[i + 1, j] + g[i, j - 1] + g[i, j + 1] - 4.0 * g[i, j])
    return t


# Inputs made by exact arithmetic only (no transcendental function, whose last bit may differ from
# numpy's), so every implementation sums the same numbers.
def vectors(n):
    x = np.arange(n)
    return (x % 997) * 0.01 - 3.0, (x % 101) * 0.25 + 0.5


def grid(n):
    x = np.arange(n * n)
    return ((x % 1009) * 0.001 - 0.5).reshape(n, n)


if __name__ == "__main__":
    a, b = vectors(1000000)
    g = grid(1000)
    print("dot_value", dot(a, b))
    print("stencil_value", stencil(g))
    best_dot = 1e9
    best_stencil = 1e9
    # The results are used (summed and printed): an unused result lets LLVM drop work from the
    # timed loop, which made the loops look faster than C.
    used = 0.0
    for k in range(20):
        t0 = time.perf_counter()
        d = dot(a, b)
        t1 = time.perf_counter()
        s = stencil(g)
        t2 = time.perf_counter()
        used = used + d + s
        best_dot = min(best_dot, t1 - t0)
        best_stencil = min(best_stencil, t2 - t1)
    print("used_value", used)
    print("dot_ms", best_dot * 1000.0)
    print("stencil_ms", best_stencil * 1000.0)
