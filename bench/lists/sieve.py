# The sieve of Eratosthenes on a list of bools: the primes up to N, their count and their sum.
# bench/run_lists.py runs it beside bench/lists/sieve_reference.c.
import time

N = 5000000


def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = False
    is_prime[1] = False
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i = i + 1
    return is_prime


def bench(n):
    is_prime = sieve(n)
    count = 0
    total = 0
    for k, p in enumerate(is_prime):
        if p:
            count = count + 1
            total = total + k
    return count, total


def report(result):
    count, total = result
    print(f"primes up to {N}: {count}")
    print(f"sum: {total}")


if __name__ == "__main__":
    warm = bench(N)
    t0 = time.perf_counter()
    result = bench(N)
    t1 = time.perf_counter()
    assert result == warm
    report(result)
    print(f"time: {(t1 - t0) * 1000.0:.3f} ms")
