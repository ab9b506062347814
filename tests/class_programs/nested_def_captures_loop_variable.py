# expect-error: 8:13 closure
# A nested function defined in a loop captures the loop variable, which the next iteration
# assigns again: CPython's closures would see the latest value.

def loop(xs):
    fs = []
    for x in xs:
        def g(v):
            return v + x
        fs.append(g)
    return [f(1) for f in fs]


print(loop([1, 2]))
