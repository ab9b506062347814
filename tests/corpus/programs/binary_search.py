# corpus: binary_search - binary search variants on sorted lists: iterative and recursive search,
#   lower and upper bounds (checked against the bisect module), search in a rotated array, integer
#   square root and the first bad version by bisection on a predicate, exponential search.
# model: TheAlgorithms/Python, searches/binary_search.py and searches/exponential_search.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: lambda, augmented-assign, sets, stdlib, recursion

import bisect


def binary_search(items, target):
    lo, hi = 0, len(items) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def binary_search_recursive(items, target, lo=0, hi=None):
    if hi is None:
        hi = len(items) - 1
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if items[mid] == target:
        return mid
    if items[mid] < target:
        return binary_search_recursive(items, target, mid + 1, hi)
    return binary_search_recursive(items, target, lo, mid - 1)


def lower_bound(items, target):
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def upper_bound(items, target):
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] <= target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def search_rotated(items, target):
    lo, hi = 0, len(items) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[lo] <= items[mid]:
            if items[lo] <= target < items[mid]:
                hi = mid - 1
            else:
                lo = mid + 1
        else:
            if items[mid] < target <= items[hi]:
                lo = mid + 1
            else:
                hi = mid - 1
    return -1


def first_true(lo, hi, predicate):
    while lo < hi:
        mid = (lo + hi) // 2
        if predicate(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def isqrt(n):
    return first_true(0, n + 1, lambda x: x * x > n) - 1


def exponential_search(items, target):
    if not items:
        return -1
    bound = 1
    while bound < len(items) and items[bound] < target:
        bound *= 2
    lo, hi = bound // 2, min(bound, len(items) - 1)
    i = lower_bound(items[lo:hi + 1], target) + lo
    return i if i < len(items) and items[i] == target else -1


if __name__ == "__main__":
    data = sorted({(i * 7919) % 1009 for i in range(600)})
    print(len(data), data[:8])
    queries = [data[0], data[17], data[299], data[300], data[-1], 1009, -3, 4]
    print([binary_search(data, q) for q in queries])
    print([binary_search_recursive(data, q) for q in queries] == [binary_search(data, q) for q in queries])
    dup = [1, 2, 2, 2, 3, 5, 5, 8, 13, 13, 13, 13, 21]
    print([(x, lower_bound(dup, x), upper_bound(dup, x)) for x in (0, 2, 4, 13, 30)])
    print(all(lower_bound(dup, x) == bisect.bisect_left(dup, x) and upper_bound(dup, x) == bisect.bisect_right(dup, x)
              for x in range(-1, 25)))
    rotated = data[300:] + data[:300]
    print([search_rotated(rotated, q) for q in queries])
    print([isqrt(n) for n in (0, 1, 15, 16, 17, 10 ** 12, 2 ** 40 + 1)])
    print("first bad version:", first_true(1, 10_000, lambda v: v >= 4_321))
    print([exponential_search(data, q) for q in queries] == [binary_search(data, q) for q in queries])
