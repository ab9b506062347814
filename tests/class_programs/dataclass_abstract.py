# A dataclass deriving from ABC with an abstract method: the TypeError where the abstract one is made.
from abc import ABC, abstractmethod
from dataclasses import dataclass, field


@dataclass
class Shape(ABC):
    name: str

    @abstractmethod
    def area(self):
        pass


@dataclass
class Sq(Shape):
    side: float = 1.0

    def area(self):
        return self.side ** 2


def make(kind):
    if kind == "sq":
        return Sq("s", 2.0)
    return Shape("abstract")


print(make("sq"), make("sq").area())
try:
    make("x")
except TypeError as e:
    print(e)
print(Sq("a") == Sq("a", 1.0), Sq("a") != Sq("b"))
