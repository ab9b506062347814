# corpus: primes - prime number utilities: trial division, the sieve of Eratosthenes, a
#   deterministic Miller-Rabin test for 64-bit numbers with pow(a, d, n), prime factorization,
#   Euler's totient, Goldbach partitions, twin primes and prime gaps.
# model: TheAlgorithms/Python, maths/prime_check.py, maths/sieve_of_eratosthenes.py,
#   ciphers/deterministic_miller_rabin.py and maths/prime_factors.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: augmented-assign, generators, sets


def is_prime_trial(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    i = 3
    while i * i <= n:
        if n % i == 0:
            return False
        i += 2
    return True


def sieve(limit):
    flags = [True] * (limit + 1)
    flags[0:2] = [False, False]
    for p in range(2, int(limit ** 0.5) + 1):
        if flags[p]:
            flags[p * p::p] = [False] * len(range(p * p, limit + 1, p))
    return [i for i, f in enumerate(flags) if f]


def miller_rabin(n):
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def factorize(n):
    factors = {}
    p = 2
    while p * p <= n:
        while n % p == 0:
            factors[p] = factors.get(p, 0) + 1
            n //= p
        p += 1 if p == 2 else 2
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


def totient(n):
    result = n
    for p in factorize(n):
        result -= result // p
    return result


def goldbach(n, prime_set):
    return [(p, n - p) for p in sorted(prime_set) if p <= n - p and n - p in prime_set]


def twin_primes(primes):
    for a, b in zip(primes, primes[1:]):
        if b - a == 2:
            yield a, b


if __name__ == "__main__":
    primes = sieve(100_000)
    print(len(primes), primes[:10], primes[-3:])
    lookup = set(primes)
    print(all(is_prime_trial(n) == (n in lookup) for n in range(2000)))
    print(all(miller_rabin(n) == is_prime_trial(n) for n in range(1, 5000)))
    big = [2_147_483_647, 1_000_000_007, 999_999_999_989, 3_215_031_751, 4_759_123_141]
    print([(n, miller_rabin(n)) for n in big])
    for n in (360, 97, 1001, 65536, 999_999, 600_851_475_143):
        f = factorize(n)
        print(n, "=", " * ".join(f"{p}^{e}" if e > 1 else str(p) for p, e in f.items()), "phi", totient(n))
    prime_set = set(primes[:200])
    print(goldbach(100, prime_set))
    twins = list(twin_primes(primes))
    print(len(twins), twins[:5], twins[-1])
    gaps = {}
    for a, b in zip(primes, primes[1:]):
        gaps[b - a] = gaps.get(b - a, 0) + 1
    print(sorted(gaps.items())[:8], "max gap", max(gaps))
