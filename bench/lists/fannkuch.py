# The Benchmarks Game fannkuch-redux, written with lists and plain loops: for every permutation of
# 0..n-1 (in the Benchmarks Game's order), flip the first perm[0] + 1 elements until 0 comes first;
# print the checksum (flips added for even-numbered permutations, subtracted for odd ones) and the
# largest number of flips. bench/run_lists.py runs it beside bench/lists/fannkuch_reference.c.
import time

N = 9


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    perm_count = 0
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r = r - 1
        perm = list(perm1)
        flips = 0
        k = perm[0]
        while k != 0:
            i = 0
            j = k
            while i < j:
                perm[i], perm[j] = perm[j], perm[i]
                i = i + 1
                j = j - 1
            flips = flips + 1
            k = perm[0]
        max_flips = max(max_flips, flips)
        if perm_count % 2 == 0:
            checksum = checksum + flips
        else:
            checksum = checksum - flips
        # The next permutation: rotate the first r + 1 elements left by one while count[r] runs out.
        while True:
            if r == n:
                return checksum, max_flips
            perm0 = perm1[0]
            for i in range(r):
                perm1[i] = perm1[i + 1]
            perm1[r] = perm0
            count[r] = count[r] - 1
            if count[r] > 0:
                break
            r = r + 1
        perm_count = perm_count + 1


def bench(n):
    return fannkuch(n)


def report(result):
    checksum, max_flips = result
    print(checksum)
    print(f"Pfannkuchen({N}) = {max_flips}")


if __name__ == "__main__":
    warm = bench(N)
    t0 = time.perf_counter()
    result = bench(N)
    t1 = time.perf_counter()
    assert result == warm
    report(result)
    print(f"time: {(t1 - t0) * 1000.0:.3f} ms")
