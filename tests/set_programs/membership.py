# `x in seen` before anything is stored into `seen` (an empty display filled later in the loop):
# the test fixes the element type, as a store does (was: always False, for lists too).
def unique_list(xs):
    seen = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return seen


def unique_set(xs):
    seen = set()
    order = []
    for x in xs:
        if x in seen:
            continue
        seen.add(x)
        order.append(x)
    return order, seen


def first_repeat(words):
    counts = {}
    for w in words:
        if w in counts:
            return w, counts[w]
        counts[w] = len(counts)
    return "", -1


print(unique_list([3, 1, 3, 2, 1, 5]))
print(unique_set([3, 1, 3, 2, 1, 5, 40, 8]))
print(first_repeat("a b c b a".split()))
