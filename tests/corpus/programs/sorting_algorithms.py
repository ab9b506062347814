# corpus: sorting_algorithms - bubble, insertion, selection, shell, merge, quick (Lomuto, in place),
#   heap and counting sort on seeded random lists; each checked against sorted(), with comparison
#   counts for the simple ones.
# model: TheAlgorithms/Python, sorts/bubble_sort.py, insertion_sort.py, merge_sort.py,
#   quick_sort.py, heap_sort.py, shell_sort.py and counting_sort.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied.
# license: pyscript's (this repository's)
# corpus-tags: augmented-assign, recursion, slices


import random


def bubble_sort(collection):
    data = list(collection)
    comparisons = 0
    for i in range(len(data) - 1):
        swapped = False
        for j in range(len(data) - 1 - i):
            comparisons += 1
            if data[j] > data[j + 1]:
                data[j], data[j + 1] = data[j + 1], data[j]
                swapped = True
        if not swapped:
            break
    return data, comparisons


def insertion_sort(collection):
    data = list(collection)
    comparisons = 0
    for i in range(1, len(data)):
        key = data[i]
        j = i - 1
        while j >= 0:
            comparisons += 1
            if data[j] <= key:
                break
            data[j + 1] = data[j]
            j -= 1
        data[j + 1] = key
    return data, comparisons


def selection_sort(collection):
    data = list(collection)
    for i in range(len(data)):
        least = min(range(i, len(data)), key=data.__getitem__)
        data[i], data[least] = data[least], data[i]
    return data


def shell_sort(collection):
    data = list(collection)
    gap = len(data) // 2
    while gap > 0:
        for i in range(gap, len(data)):
            temp = data[i]
            j = i
            while j >= gap and data[j - gap] > temp:
                data[j] = data[j - gap]
                j -= gap
            data[j] = temp
        gap //= 2
    return data


def merge_sort(collection):
    if len(collection) <= 1:
        return list(collection)
    mid = len(collection) // 2
    left, right = merge_sort(collection[:mid]), merge_sort(collection[mid:])
    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return merged


def quick_sort(data, lo=0, hi=None):
    if hi is None:
        hi = len(data) - 1
    if lo < hi:
        pivot = data[hi]
        i = lo
        for j in range(lo, hi):
            if data[j] < pivot:
                data[i], data[j] = data[j], data[i]
                i += 1
        data[i], data[hi] = data[hi], data[i]
        quick_sort(data, lo, i - 1)
        quick_sort(data, i + 1, hi)
    return data


def heapify(data, n, i):
    largest = i
    left, right = 2 * i + 1, 2 * i + 2
    if left < n and data[left] > data[largest]:
        largest = left
    if right < n and data[right] > data[largest]:
        largest = right
    if largest != i:
        data[i], data[largest] = data[largest], data[i]
        heapify(data, n, largest)


def heap_sort(collection):
    data = list(collection)
    n = len(data)
    for i in range(n // 2 - 1, -1, -1):
        heapify(data, n, i)
    for end in range(n - 1, 0, -1):
        data[0], data[end] = data[end], data[0]
        heapify(data, end, 0)
    return data


def counting_sort(collection):
    if not collection:
        return []
    lo, hi = min(collection), max(collection)
    counts = [0] * (hi - lo + 1)
    for x in collection:
        counts[x - lo] += 1
    out = []
    for offset, c in enumerate(counts):
        out.extend([offset + lo] * c)
    return out


if __name__ == "__main__":
    random.seed(2023)
    data = [random.randint(-500, 500) for _ in range(400)]
    expected = sorted(data)
    b, bc = bubble_sort(data)
    ins, ic = insertion_sort(data)
    print("bubble", b == expected, bc, "| insertion", ins == expected, ic)
    print("already sorted:", bubble_sort(expected)[1], insertion_sort(expected)[1])
    results = {
        "selection": selection_sort(data),
        "shell": shell_sort(data),
        "merge": merge_sort(data),
        "quick": quick_sort(list(data)),
        "heap": heap_sort(data),
        "counting": counting_sort(data),
    }
    for name, result in results.items():
        print(f"{name:10} {result == expected} {result[:5]} ... {result[-3:]}")
    words = "the quick brown fox jumps over the lazy dog".split()
    print(merge_sort(words), quick_sort(words[:]))
    print(heap_sort([3.5, -1.25, 2.0, 0.0]), counting_sort([]))
