# @dataclass: inherited fields, field(default=, repr=, compare=), dataclasses.dataclass, a subclass that is no dataclass, no fields.
from dataclasses import dataclass, field
import dataclasses


@dataclass
class Point:
    x: float
    y: float = 0.0


@dataclass
class Point3(Point):
    z: float = 0.0
    label: str = field(default="p", repr=False, compare=False)


@dataclasses.dataclass
class Bag:
    items: dict = dataclasses.field(default_factory=dict)
    tags: list[str] = field(default_factory=list)


class Named(Point):
    pass


@dataclass
class Empty:
    pass


p = Point(1.5)
q = Point3(1.5, 0.0, 2.0, "q")
print(p, q, Named(1.0, 2.0))
print(p == Point(1.5, 0.0), p == q, q == Point3(1.5, 0.0, 2.0, "other"), p == Named(1.5))
b = Bag()
b.items["k"] = 3
b.tags.append("t")
print(b, Bag(), Bag({"a": 1}) == Bag({"a": 1}))
print(Empty(), Empty() == Empty())
pts = [Point(2.0, 1.0), Point(1.0, 5.0)]
print(pts, Point(1.0, 5.0) in pts, pts.index(Point(1.0, 5.0)))
