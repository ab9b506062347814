class A:
    def __init__(self, x):
        self.x = x

    def get(self):
        return self.x


class B(A):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def get(self):
        return self.y


a = A(1)
print(a.get())
