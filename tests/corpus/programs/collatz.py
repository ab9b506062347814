# corpus: collatz - the longest Collatz chain below a limit (Project Euler 14) with a dict cache of
#   chain lengths, plus the chain's peak and a histogram of chain lengths.
# model: Project Euler problem 14 (https://projecteuler.net/problem=14, CC BY-NC-SA 4.0) and
#   TheAlgorithms/Python, project_euler/problem_014/sol2.py (https://github.com/TheAlgorithms/Python,
#   MIT License). Written independently for this corpus; no code copied. Adapted: limit 100,000.
# license: pyscript's (this repository's)
# corpus-tags: augmented-assign

cache = {1: 1}


def chain_length(n):
    path = []
    while n not in cache:
        path.append(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    length = cache[n]
    for m in reversed(path):
        length += 1
        cache[m] = length
    return length


def peak(n):
    top = n
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        top = max(top, n)
    return top


def solution(limit=100_000):
    best = max(range(1, limit), key=chain_length)
    return best, chain_length(best)


if __name__ == "__main__":
    start, length = solution()
    print(f"longest chain below 100000 starts at {start} ({length} terms, peak {peak(start)})")
    histogram = {}
    for n in range(1, 10_000):
        bucket = chain_length(n) // 25 * 25
        histogram[bucket] = histogram.get(bucket, 0) + 1
    for bucket in sorted(histogram):
        print(f"{bucket:3d}-{bucket + 24:3d} {histogram[bucket]:5d} " + "*" * (histogram[bucket] // 60))
    print("cached values:", len(cache))
