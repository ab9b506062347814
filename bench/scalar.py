# Scalar benchmarks: the same code runs under CPython (bench/run_scalar.py) and pyscript
# (bench/scalar_bench.cpp, through the C++ host API); bench/scalar_reference.c is it in C.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def mandelbrot(size, max_iter):
    inside = 0
    for py in range(size):
        y0 = py * 2.0 / size - 1.0
        for px in range(size):
            x0 = px * 3.0 / size - 2.0
            x = 0.0
            y = 0.0
            i = 0
            while i < max_iter and x * x + y * y <= 4.0:
                xt = x * x - y * y + x0
                y = 2.0 * x * y + y0
                x = xt
                i = i + 1
            if i == max_iter:
                inside = inside + 1
    return inside


def add(a, b):
    return a + b


def fancy_func(a, b, c, d):
    e = add(a, b)
    f = add(c, d)
    g = add(e, f)
    return g
