# expect-error: 15:12 class
class A:
    def __init__(self, v):
        self.v = v

    @classmethod
    def make(cls, v):
        return cls(v)


class B(A):
    pass


print(type(B.make(1)).__name__)
