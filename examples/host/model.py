# Called from examples/host/host.cpp through pyscript's C++ API.
def add(a, b):
    return a + b


def fancy_func(a, b, c, d):
    e = add(a, b)
    f = add(c, d)
    g = add(e, f)
    return g


def ratio(a, b):
    return a / b


print("top level of model.py:", fancy_func(1, 2, 3, 4))
