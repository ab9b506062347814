# corpus: fannkuch - the Benchmarks Game fannkuch-redux: for every permutation of 1..n (generated in
#   the benchmark's order), count the prefix reversals ("pancake flips") until 1 is first; print the
#   checksum and the maximum number of flips.
# model: the Computer Language Benchmarks Game, fannkuch-redux Python 3 programs
#   (https://benchmarksgame-team.pages.debian.net/benchmarksgame/, Revised BSD license). Written
#   independently for this corpus; no code copied. Adapted: n = 8.
# license: pyscript's (this repository's)
# corpus-tags: augmented-assign, slices


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        perm = perm1[:]
        flips = 0
        k = perm[0]
        while k:
            perm[:k + 1] = perm[k::-1]
            flips += 1
            k = perm[0]
        max_flips = max(max_flips, flips)
        checksum += flips if sign == 1 else -flips
        # next permutation in the benchmark's order
        while True:
            if r == n:
                return checksum, max_flips
            perm0 = perm1[0]
            perm1[:r] = perm1[1:r + 1]
            perm1[r] = perm0
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1
        sign = -sign


if __name__ == "__main__":
    n = 8
    checksum, flips = fannkuch(n)
    print(checksum)
    print(f"Pfannkuchen({n}) = {flips}")
