# @total_ordering over @dataclass, an ABC without abstract methods, a dataclass of a plain base.
from abc import ABC
from dataclasses import dataclass
from functools import total_ordering


class Plain(ABC):
    def hello(self):
        return "hi"


@total_ordering
@dataclass
class Version:
    major: int
    minor: int = 0

    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)


class Base:
    def __init__(self):
        self.tag = "base"


@dataclass
class Derived(Base):
    x: int = 1


vs = [Version(1, 2), Version(1), Version(0, 9)]
print(Plain().hello(), sorted(vs), max(vs), Version(1) <= Version(1, 0), Version(2) > Version(1, 5))
print(Derived(3))
