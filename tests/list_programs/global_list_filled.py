# A module-level empty list that functions fill (Note [Widened displays]): was printed as [None, ...]
# and corrupted the heap; max/min with key= call the key once per element, compare as CPython.
calls = []


def key(p):
    calls.append(p[0])
    return p[1]


pairs = [("a", 3), ("b", 7), ("c", 7), ("d", 1)]
print(max(pairs, key=key), min(pairs, key=key), calls)
print(max(["x"], key=len), max("hello", key=ord), min([(1, 2.5), (0, 2.5)], key=lambda t: t[1]))
