class A:
    def __init__(self, x):
        self.x = x


class B(A):
    pass


b = B(1)
xs = [A(1), b]
c = B(2)
print(c in xs, b in xs, xs.index(b), xs.count(c))
