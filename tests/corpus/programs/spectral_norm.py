# corpus: spectral_norm - the Benchmarks Game spectral-norm: the largest singular value of the
#   infinite matrix A(i, j) = 1 / ((i + j)(i + j + 1) / 2 + i + 1), by ten power-method steps on
#   A^T A, with map/zip/lambda-style list code; n = 100.
# model: the Computer Language Benchmarks Game, spectral-norm Python 3 programs
#   (https://benchmarksgame-team.pages.debian.net/benchmarksgame/, Revised BSD license), and
#   python/pyperformance bm_spectral_norm (MIT License). Written independently for this corpus; no
#   code copied. Adapted: n = 100.
# license: pyscript's (this repository's)
# corpus-tags: lambda

from math import sqrt


def eval_a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def eval_times_u(func, u):
    return [func((i, u)) for i in range(len(list(u)))]


def part_a_times_u(i_u):
    i, u = i_u
    return sum(eval_a(i, j) * u_j for j, u_j in enumerate(u))


def part_at_times_u(i_u):
    i, u = i_u
    return sum(eval_a(j, i) * u_j for j, u_j in enumerate(u))


def eval_ata_times_u(u):
    return eval_times_u(part_at_times_u, eval_times_u(part_a_times_u, u))


def main(n):
    u = [1] * n
    for _ in range(10):
        v = eval_ata_times_u(u)
        u = eval_ata_times_u(v)
    vbv = sum(map(lambda ue, ve: ue * ve, u, v))
    vv = sum(map(lambda ve: ve * ve, v))
    return sqrt(vbv / vv)


if __name__ == "__main__":
    print("%0.9f" % main(100))
    print("%0.9f" % main(10))
