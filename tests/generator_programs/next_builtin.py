def gen(n):
    for i in range(n):
        print("yield", i)
        yield i * 10


def count_up():
    i = 0
    while True:
        yield i
        i = i + 1


class Box:
    def __init__(self, v):
        self.v = v


xs = [3, 8, 12, 5]
print(next(x for x in xs if x > 4))
print(next((x for x in xs if x > 100), None))
print(next((x for x in xs if x > 100), -1))
print(next(iter(xs)))
print(next(iter("hello")))
d = {"a": 1, "b": 2}
print(next(iter(d)))
print(next(gen(5)))
print(next(count_up()))
print(next(b for b in [Box(1), Box(2)] if b.v > 1).v)
print(next((b for b in [Box(1)] if b.v > 1), None) is None)
try:
    print(next(x for x in xs if x > 50))
except StopIteration:
    print("stop")
try:
    next(gen(0))
except StopIteration as e:
    print("stop again", repr(str(e)))
print(next(gen(3), 99))
print(next(gen(0), 99))
print(next(x * 0.5 for x in xs))


def count_from(i):
    while True:
        yield i
        i = i + 1


def stops_early():
    # a consumer that stops an infinite generator: nothing after the loop is dead
    found = any(v == 3 for v in count_from(0))
    first_big = next(v for v in count_from(5) if v * v > 50)
    return found, first_big


print(stops_early())
print(next(iter([[1, 2], [3]])), next(iter({"k": 2.5}.values())))


class Bag:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        for x in self.items:
            yield x * 10


print(next(iter(Bag([4, 5]))), next(iter(Bag([])), -1))
