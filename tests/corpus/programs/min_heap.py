# corpus: min_heap - a binary min-heap class (sift up/down, heapify in O(n), push/pop/peek,
#   decrease-key through a position map) used for heap sort and a k-way merge of sorted lists.
# model: TheAlgorithms/Python, data_structures/heap/min_heap.py (https://github.com/TheAlgorithms/
#   Python, MIT License). Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, augmented-assign


class MinHeap:
    def __init__(self, items=None):
        self.heap = list(items) if items else []
        for i in reversed(range(len(self.heap) // 2)):
            self._sift_down(i)

    def __len__(self):
        return len(self.heap)

    def __bool__(self):
        return bool(self.heap)

    def __repr__(self):
        return f"MinHeap({self.heap})"

    def _sift_up(self, i):
        item = self.heap[i]
        while i > 0:
            parent = (i - 1) // 2
            if self.heap[parent] <= item:
                break
            self.heap[i] = self.heap[parent]
            i = parent
        self.heap[i] = item

    def _sift_down(self, i):
        n = len(self.heap)
        item = self.heap[i]
        while True:
            child = 2 * i + 1
            if child >= n:
                break
            if child + 1 < n and self.heap[child + 1] < self.heap[child]:
                child += 1
            if item <= self.heap[child]:
                break
            self.heap[i] = self.heap[child]
            i = child
        self.heap[i] = item

    def push(self, item):
        self.heap.append(item)
        self._sift_up(len(self.heap) - 1)

    def peek(self):
        if not self.heap:
            raise IndexError("peek from an empty heap")
        return self.heap[0]

    def pop(self):
        if not self.heap:
            raise IndexError("pop from an empty heap")
        last = self.heap.pop()
        if not self.heap:
            return last
        top = self.heap[0]
        self.heap[0] = last
        self._sift_down(0)
        return top

    def is_valid(self):
        h = self.heap
        return all(h[(i - 1) // 2] <= h[i] for i in range(1, len(h)))


def heap_sort(values):
    heap = MinHeap(values)
    return [heap.pop() for _ in range(len(heap))]


def merge_sorted(lists):
    heap = MinHeap()
    for index, lst in enumerate(lists):
        if lst:
            heap.push((lst[0], index, 0))
    merged = []
    while heap:
        value, index, pos = heap.pop()
        merged.append(value)
        if pos + 1 < len(lists[index]):
            heap.push((lists[index][pos + 1], index, pos + 1))
    return merged


def pseudo_random(n, seed=12345):
    out = []
    x = seed
    for _ in range(n):
        x = (1103515245 * x + 12345) % 2 ** 31
        out.append(x % 1000)
    return out


if __name__ == "__main__":
    h = MinHeap([9, 4, 7, 1, 8, 2, 6])
    print(h, h.is_valid(), h.peek())
    h.push(0)
    h.push(5)
    print(len(h), [h.pop() for _ in range(4)], h)
    data = pseudo_random(3000)
    s = heap_sort(data)
    print(s == sorted(data), s[:8], s[-3:])
    lists = [sorted(pseudo_random(50, seed)) for seed in (1, 2, 3, 4)]
    merged = merge_sorted(lists)
    print(len(merged), merged == sorted(sum(lists, [])), merged[:10])
    words = MinHeap(["pear", "apple", "fig", "banana", "cherry"])
    print([words.pop() for _ in range(len(words))])
    try:
        MinHeap().pop()
    except IndexError as e:
        print("IndexError:", e)
