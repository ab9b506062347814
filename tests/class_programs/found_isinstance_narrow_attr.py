class A:
    def __init__(self, x):
        self.x = x


class B(A):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y


for o in [A(1), B(2, 3)]:
    if isinstance(o, B):
        print("B", o.y)
    else:
        print("A", o.x)
