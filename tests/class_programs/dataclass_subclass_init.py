# A dataclass's generated __init__ called by a subclass's __init__, keyword arguments, the defaults as class attributes.
from dataclasses import dataclass


@dataclass
class Base:
    a: int
    b: str = "x"


class Child(Base):
    def __init__(self, a):
        super().__init__(a * 2, b="child")
        self.extra = a


c = Child(4)
print(c, c.extra, c == Base(8, "child"), Base(b="y", a=1))
print(Base.b)
print(Base.b, Child.b, c.b)
