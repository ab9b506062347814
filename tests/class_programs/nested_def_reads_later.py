# expect-error: 6:9 closure
# A nested function reading a variable its enclosing function assigns only after the def:
# pyscript captures at the def, so it refuses rather than guess.

def late(x):
    def g(v):
        return v + y
    y = 3
    return g(x)


print(late(1))
