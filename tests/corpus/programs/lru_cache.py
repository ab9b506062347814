# corpus: lru_cache - a least-recently-used cache built from a dict and a doubly linked list with
#   sentinel nodes (O(1) get and put), exercised with a fixed access pattern and used to memoize a
#   recursive function.
# model: TheAlgorithms/Python, other/lru_cache.py (https://github.com/TheAlgorithms/Python, MIT
#   License); the LeetCode 146 design. Written independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, augmented-assign, closures


class DoubleLinkedListNode:
    def __init__(self, key, val):
        self.key = key
        self.val = val
        self.prev = None
        self.next = None

    def __repr__(self):
        return f"Node(key={self.key}, val={self.val})"


class DoubleLinkedList:
    def __init__(self):
        self.head = DoubleLinkedListNode(None, None)
        self.rear = DoubleLinkedListNode(None, None)
        self.head.next, self.rear.prev = self.rear, self.head

    def add(self, node):
        previous = self.rear.prev
        previous.next = node
        node.prev = previous
        self.rear.prev = node
        node.next = self.rear

    def remove(self, node):
        if node.prev is None or node.next is None:
            return None
        node.prev.next = node.next
        node.next.prev = node.prev
        node.prev = None
        node.next = None
        return node

    def keys(self):
        out = []
        node = self.head.next
        while node is not self.rear:
            out.append(node.key)
            node = node.next
        return out


class LRUCache:
    def __init__(self, capacity):
        self.list = DoubleLinkedList()
        self.capacity = capacity
        self.num_keys = 0
        self.hits = 0
        self.miss = 0
        self.cache = {}

    def __repr__(self):
        return (f"CacheInfo(hits={self.hits}, misses={self.miss}, "
                f"capacity={self.capacity}, current size={self.num_keys})")

    def __contains__(self, key):
        return key in self.cache

    def get(self, key):
        if key in self.cache:
            self.hits += 1
            node = self.list.remove(self.cache[key])
            self.list.add(node)
            return node.val
        self.miss += 1
        return None

    def put(self, key, value):
        if key not in self.cache:
            if self.num_keys >= self.capacity:
                first = self.list.head.next
                self.list.remove(first)
                del self.cache[first.key]
                self.num_keys -= 1
            self.cache[key] = DoubleLinkedListNode(key, value)
            self.list.add(self.cache[key])
            self.num_keys += 1
        else:
            node = self.list.remove(self.cache[key])
            node.val = value
            self.list.add(node)


def memoized(size):
    def decorator(func):
        cache = LRUCache(size)

        def wrapper(n):
            result = cache.get(n)
            if result is None:
                result = func(n)
                cache.put(n, result)
            return result
        wrapper.cache = cache
        return wrapper
    return decorator


@memoized(100)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@memoized(8)
def ways(n):
    """Ways to climb n stairs with steps of 1, 2 or 3."""
    if n < 0:
        return 0
    if n == 0:
        return 1
    return ways(n - 1) + ways(n - 2) + ways(n - 3)


if __name__ == "__main__":
    cache = LRUCache(3)
    for k in [1, 2, 3, 1, 4, 2, 5, 1, 3, 4]:
        v = cache.get(k)
        if v is None:
            cache.put(k, k * 10)
        print(k, "hit" if v is not None else "miss", cache.list.keys())
    cache.put(4, 400)
    print(cache.get(4), 2 in cache, 4 in cache, cache)
    print("fib(90) =", fib(90), fib.cache)
    print("ways(60) =", ways(60), ways.cache)
