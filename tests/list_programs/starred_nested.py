# Starred targets in a nested def, a comprehension and a generator's loop.
def outer(rows):
    def inner(r):
        a, *b = r
        return a + len(b)
    return [inner(r) for r in rows]


print(outer([[1, 2], [3]]))
print([a + sum(b) for a, *b in [(1, 2, 3), (4, 5, 6)]])


def gen(rows):
    for head, *tail in rows:
        yield head * len(tail)


print(list(gen([[2, 0, 0], [3]])))
