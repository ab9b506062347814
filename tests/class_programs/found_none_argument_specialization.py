class A:
    def __init__(self, x):
        self.x = x


def f(n):
    if n is None:
        return 0
    return n.x


print(f(A(3)), f(None))
