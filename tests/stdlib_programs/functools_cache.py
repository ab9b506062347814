import functools
from functools import lru_cache, cache


@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@functools.cache
def ways(n, k):
    if n == 0:
        return 1
    if n < 0 or k == 0:
        return 0
    return ways(n - k, k) + ways(n, k - 1)


def outer(xs):
    @lru_cache
    def best(i):
        if i >= len(xs):
            return 0
        return max(xs[i] + best(i + 2), best(i + 1))
    return best(0)


@cache
@lru_cache(128)
def sq(x):
    return x * x


print(fib(20), ways(10, 10), outer([5, 1, 1, 5, 7, 2]), sq(12))
