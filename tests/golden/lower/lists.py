# Lists, dicts and str in the IR: element reads and writes, appends, a loop over a list (its length
# read again each step), a comprehension and a dict count; len before and after an append stay two.
def count(words):
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


def grow(xs, v):
    n = len(xs)
    xs.append(v)
    xs[0] = xs[-1] * 2
    return n, len(xs), [x + 1 for x in xs if x > 0]


print(grow([1, 2], 3), count("a b a".split()))
