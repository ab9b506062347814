# corpus: inventory - a small stock-keeping module: dataclasses for items and order lines, an
#   Inventory class with add/remove/reserve, a hierarchy of custom exceptions, order processing that
#   rolls back a partially reserved order (try/except/else/finally), and a report.
# model: the inventory/order examples of Python OOP and error-handling tutorials (e.g. Real Python,
#   "Python Exceptions: An Introduction", https://realpython.com/python-exceptions/). Written
#   independently for this corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: classes, dataclass, exceptions, stdlib, augmented-assign, lambda, str-format

from dataclasses import dataclass, field


class InventoryError(Exception):
    pass


class UnknownItem(InventoryError, KeyError):
    def __str__(self):
        return f"unknown item {self.args[0]!r}"


class OutOfStock(InventoryError):
    def __init__(self, sku, wanted, available):
        super().__init__(f"{sku}: wanted {wanted}, only {available} available")
        self.sku = sku


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


class Inventory:
    def __init__(self):
        self.items = {}
        self.log = []

    def add_item(self, item):
        if item.sku in self.items:
            raise InventoryError(f"duplicate sku {item.sku}")
        self.items[item.sku] = item

    def get(self, sku):
        try:
            return self.items[sku]
        except KeyError:
            raise UnknownItem(sku) from None

    def reserve(self, sku, qty):
        item = self.get(sku)
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        if item.available < qty:
            raise OutOfStock(sku, qty, item.available)
        item.reserved += qty

    def release(self, sku, qty):
        self.get(sku).reserved -= qty

    def process(self, order):
        done = []
        try:
            for sku, qty in order.lines:
                self.reserve(sku, qty)
                done.append((sku, qty))
        except (InventoryError, ValueError) as err:
            for sku, qty in done:
                self.release(sku, qty)
            order.status = f"rejected ({type(err).__name__}: {err})"
        else:
            for sku, qty in done:
                item = self.items[sku]
                item.quantity -= qty
                item.reserved -= qty
            order.status = "shipped"
        finally:
            self.log.append((order.number, order.status.split()[0]))
        return order.status

    def total_value(self):
        return sum(i.price * i.quantity for i in self.items.values())

    def report(self):
        lines = []
        for item in sorted(self.items.values(), key=lambda i: (-i.quantity, i.sku)):
            lines.append(f"{item.sku:6} {item.name:<14} {item.quantity:4d} x {item.price:7.2f}")
        return "\n".join(lines)


if __name__ == "__main__":
    inv = Inventory()
    for item in [Item("A100", "widget", 2.50, 40), Item("B200", "gadget", 12.99, 5),
                 Item("C300", "doohickey", 0.75, 200), Item("D400", "gizmo", 99.0, 1)]:
        inv.add_item(item)
    try:
        inv.add_item(Item("A100", "widget again", 1.0))
    except InventoryError as e:
        print("error:", e)
    orders = [
        Order(1).add("A100", 10).add("C300", 50),
        Order(2).add("B200", 3).add("D400", 2),
        Order(3).add("A100", 5).add("Z999", 1),
        Order(4).add("C300", -1),
        Order(5).add("B200", 5).add("D400", 1),
        Order(6).add("B200", 2),
    ]
    for order in orders:
        print(f"order {order.number}: {inv.process(order)}")
    print(inv.report())
    print(f"stock value: {inv.total_value():.2f}")
    print(inv.log)
    print(Item("E500", "thing", 1.0))
    try:
        inv.get("nope")
    except KeyError as e:
        print("KeyError caught:", e, isinstance(e, InventoryError))
