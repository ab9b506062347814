# expect-error: 12:1 setter
class A:
    def __init__(self):
        self.x = 1

    @property
    def double(self):
        return self.x * 2


a = A()
a.double = 5
print(a.double)
