# expect-error: 3:5 generator
def g():
    yield 1


it = g()
print(next(it))
