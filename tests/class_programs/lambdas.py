def make_adder(k):
    return lambda x: x + k


def apply(f, xs):
    return [f(x) for x in xs]


pairs = [(3, "c"), (1, "a"), (2, "b"), (5, "a")]
print(sorted(pairs, key=lambda p: p[1]), sorted(pairs, key=lambda p: -p[0]))
add5 = make_adder(5)
print(add5(10), apply(add5, [1, 2, 3]), apply(lambda v: v * v, [4, 5]))
scale = 2.5
f = lambda a, b=1.0: a * scale + b
print(f(2.0), f(2.0, 0.0), f(1.0, b=3.0))
words = ["banana", "kiwi", "apple", "fig"]
words.sort(key=lambda w: (len(w), w))
print(words)
prefix = "x"
tag = lambda s: prefix + ":" + s
print([tag(w) for w in words])
n = 3
g = lambda: n * 2
print(g())


class Item:
    def __init__(self, name, price):
        self.name = name
        self.price = price

    def __repr__(self):
        return f"Item({self.name}, {self.price})"


items = [Item("a", 3.0), Item("b", 1.5), Item("c", 2.25)]
items.sort(key=lambda it: it.price)
print(items, sorted([3, 1, 2], key=lambda v: -v))
