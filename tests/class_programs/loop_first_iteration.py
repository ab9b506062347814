def f(u):
    return [x * 0.5 for x in u]


def main(n):
    u = [1] * n
    for _ in range(10):
        v = f(u)
        u = f(v)
    return sum(u), sum(v)


def k():
    x = 0
    for i in range(1, 10, 3):
        x = x + 0.5
        y = i
        print(i, x, y)
    print(y)


class Walker:
    def __init__(self):
        self.steps = [0] * 3

    def halve(self, xs):
        return [x / 2 for x in xs]


def walk():
    w = Walker()
    cur = w.steps
    for rep in range(4):
        cur = w.halve([c + rep for c in cur])
    return cur


def once():
    for i in range(1):
        total = [float(i)] * 2
    return total


print(main(4))
k()
print(walk())
print(once())
