def count_up(n):
    i = 0
    while i < n:
        yield i
        i = i + 1


def pairs(xs):
    for a, b in zip(xs, xs[1:]):
        if b - a == 2:
            yield a, b


def fib():
    a, b = 1, 2
    while True:
        yield a
        a, b = b, a + b


def flat(rows):
    for r in rows:
        yield from r
    yield -1


def early(n):
    for i in range(n):
        if i == 3:
            return
        yield i * 10
    print("not reached")


class Graph:
    def __init__(self):
        self.adj = {1: {2: 5, 3: 1}, 2: {3: 2}, 3: {}}

    def edges(self):
        for u, nbrs in self.adj.items():
            for v, w in nbrs.items():
                yield u, v, w


class Bag:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        for x in self.items:
            yield x
        print("bag done")


def main():
    total = 0
    for x in count_up(5):
        total = total + x
    print(total)
    print(list(pairs([3, 5, 7, 11, 13, 17, 19, 23])))
    for f in fib():
        if f > 100:
            break
        print(f, end=" ")
    print()
    for k, f in enumerate(fib(), start=2):
        if len(str(f)) >= 5:
            print("first 5-digit", k, f)
            break
    print([v * 2 for v in flat([[1, 2], [3]])])
    for v in early(10):
        print("early", v)
    else:
        print("else ran")
    g = Graph()
    for u, v, w in g.edges():
        if w == 1:
            continue
        print("edge", u, v, w)
    print(sorted(g.edges()))
    b = Bag([4, 5, 6])
    for x in b:
        print("bag", x)
    print(sum(1 for _ in b), sum(x for x in b if x > 4))
    print(max(count_up(7)), sum(count_up(4)), ",".join(str(i) for i in count_up(3)))
    for x in count_up(3):
        for y in count_up(x):
            print(x, y)


main()
