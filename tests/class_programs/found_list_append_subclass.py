class A:
    def __init__(self, x):
        self.x = x


class B(A):
    pass


xs = [A(1), A(2)]
xs.append(B(3))
d = {"a": A(4)}
d["b"] = B(5)
print([o.x for o in xs], d["b"].x)
