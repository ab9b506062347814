# expect-error: 9:14 generator
N = 3
def g():
    yield N


def f():
    N = 10
    for x in g():
        print(x, N)


f()
