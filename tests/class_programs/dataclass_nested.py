# @dataclass fields holding dataclasses, lists of them, an int kept an int under a float annotation,
# a user __repr__ and __eq__ kept, list[int] fixing an empty list's element type.
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Pt:
    x: float
    y: float


@dataclass
class Path:
    name: str
    points: List[Pt] = field(default_factory=list)
    closed: bool = False
    ids: list[int] = field(default_factory=list)
    parent: Optional["Path"] = field(default=None, repr=False)


@dataclass
class Tag:
    label: str
    weight: int = 1

    def __repr__(self):
        return "#" + self.label

    def __eq__(self, other):
        return self.label.lower() == other.label.lower()


p = Path("tri", [Pt(0, 0), Pt(1, 0)])
p.points.append(Pt(0, 1))
print(p)
q = Path("sub", parent=p)
print(q.parent is p, len(q.ids), q == Path("sub", [], False, [], p), q == Path("sub"))
print(Tag("A"), Tag("a") == Tag("A", 5), [Tag("x"), Tag("y", 2)])
