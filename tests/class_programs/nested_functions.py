# Nested functions: closures over the enclosing function's variables (captured by value at the
# `def`), defaults, keyword calls, recursion, nesting, callbacks and sort keys.


def outer(xs, k):
    def scale(v):
        return v * k

    def add(a, b=10):
        return a + b + k

    total = 0
    for x in xs:
        total = total + scale(x) + add(x) + add(b=1, a=x)
    return total


def apply(f, v):
    return f(v)


def fact_of(n):
    def fact(m):
        if m <= 1:
            return 1
        return m * fact(m - 1)

    return fact(n)


def sort_by(rows, idx):
    def key(p):
        return p[idx]

    return sorted(rows, key=key)


def collect(n):
    out = []
    seen = {}

    def push(v):
        out.append(v * 2)
        seen[str(v)] = v

    for i in range(n):
        push(i)
    return out, len(seen)


def nest(a):
    def mid(b):
        def inner(c):
            return a + b + c

        return inner(b * 10)

    return mid(a + 1)


def use_apply(k):
    def f(v):
        return v + k

    return apply(f, 5)


class Counter:
    def __init__(self, step):
        self.step = step
        self.count = 0

    def run(self, n):
        def bump(times):
            for _ in range(times):
                self.count = self.count + self.step

        bump(n)
        bump(1)
        return self.count


def compose(n):
    def twice(v):
        return v * 2

    def plus(v):
        return v + n

    return [twice(plus(i)) for i in range(3)], max([1, 5, 3], key=twice)


print(outer([1, 2, 3], 3))
print(fact_of(6))
print(sort_by([[1, 5], [2, 3], [0, 9]], 1))
print(collect(4))
print(nest(1))
print(use_apply(2))
print(Counter(3).run(4))
print(compose(4))
