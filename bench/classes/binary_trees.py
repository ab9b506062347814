# The Benchmarks Game binary-trees, written the way a Python programmer writes it with a class: a
# `Node` holds `left` and `right` (None at the leaves), `make(depth)` builds a full tree recursively
# and `Node.check()` counts its nodes. Millions of short-lived objects: allocation, freeing and
# Optional attributes. bench/run_classes.py runs it under CPython and `pyscript run` beside
# bench/classes/binary_trees_reference.c (malloc/free); the program times its own hot part (after a
# warm-up run). The maximum depth is N (15), or the first command-line argument.
import sys
import time

N = 15
MIN_DEPTH = 4


class Node:
    def __init__(self, left, right):
        self.left = left
        self.right = right

    def check(self):
        if self.left is None:
            return 1
        return 1 + self.left.check() + self.right.check()


def make(depth):
    if depth == 0:
        return Node(None, None)
    return Node(make(depth - 1), make(depth - 1))


def bench(n):
    """The benchmark's checks, in the order it prints them: the stretch tree, one per depth of the
    short-lived trees (each the sum over all its iterations), the long-lived tree."""
    max_depth = max(MIN_DEPTH + 2, n)
    checks = [make(max_depth + 1).check()]
    long_lived = make(max_depth)
    for depth in range(MIN_DEPTH, max_depth + 1, 2):
        iterations = 2 ** (max_depth - depth + MIN_DEPTH)
        check = 0
        for i in range(iterations):
            check = check + make(depth).check()
        checks.append(check)
    checks.append(long_lived.check())
    return checks


def report(n, checks):
    max_depth = max(MIN_DEPTH + 2, n)
    print(f"stretch tree of depth {max_depth + 1}\t check: {checks[0]}")
    k = 1
    for depth in range(MIN_DEPTH, max_depth + 1, 2):
        iterations = 2 ** (max_depth - depth + MIN_DEPTH)
        print(f"{iterations}\t trees of depth {depth}\t check: {checks[k]}")
        k = k + 1
    print(f"long lived tree of depth {max_depth}\t check: {checks[k]}")


if __name__ == "__main__":
    n = N
    if len(sys.argv) > 1:
        n = int(sys.argv[1])
    warm = bench(n)
    t0 = time.perf_counter()
    checks = bench(n)
    t1 = time.perf_counter()
    assert checks == warm
    report(n, checks)
    print(f"time: {(t1 - t0) * 1000.0:.3f} ms")
