# The Benchmarks Game spectral-norm, written with lists: the largest singular value of the infinite
# matrix A[i][j] = 1 / ((i + j) * (i + j + 1) / 2 + i + 1), by 10 rounds of the power method on
# A^T A, n x n. bench/run_lists.py runs it beside bench/lists/spectral_norm_reference.c.
import math
import time

N = 400


def eval_a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def times_a(u):
    n = len(u)
    return [sum(eval_a(i, j) * u[j] for j in range(n)) for i in range(n)]


def times_at(u):
    n = len(u)
    return [sum(eval_a(j, i) * u[j] for j in range(n)) for i in range(n)]


def times_ata(u):
    return times_at(times_a(u))


def bench(n):
    u = [1.0] * n
    v = u
    for k in range(10):
        v = times_ata(u)
        u = times_ata(v)
    vbv = sum(ue * ve for ue, ve in zip(u, v))
    vv = sum(ve * ve for ve in v)
    return math.sqrt(vbv / vv)


def report(result):
    print(f"{result:.9f}")


if __name__ == "__main__":
    warm = bench(N)
    t0 = time.perf_counter()
    result = bench(N)
    t1 = time.perf_counter()
    assert result == warm
    report(result)
    print(f"time: {(t1 - t0) * 1000.0:.3f} ms")
