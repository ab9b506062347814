# expect-error: 8:12 generator
def g(n):
    if n > 0:
        yield from g(n - 1)
    yield n


print(list(g(3)))
