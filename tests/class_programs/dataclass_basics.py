# @dataclass: the generated __init__, __repr__ and __eq__, a property, default_factory.
from dataclasses import dataclass, field


@dataclass
class Item:
    sku: str
    name: str
    price: float
    quantity: int = 0
    reserved: int = 0

    @property
    def available(self):
        return self.quantity - self.reserved


@dataclass
class Order:
    number: int
    lines: list = field(default_factory=list)
    status: str = "new"

    def add(self, sku, qty):
        self.lines.append((sku, qty))
        return self


a = Item("A100", "widget", 2.5, 40)
print(a)
print(a.available, a == Item("A100", "widget", 2.5, 40), a == Item("A100", "widget", 2.5, 41))
a.reserved = 3
print(a, a.available, a != Item("A100", "widget", 2.5, 40))
o = Order(1).add("A", 2).add("B", 3)
p = Order(2)
print(o, p, o.lines, p.lines)
print(Order(3, [("x", 1)], "done"))
