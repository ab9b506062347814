def f(u):
    return [x * 0.5 for x in u]


def main(n):
    u = [1] * n
    for _ in range(10):
        v = f(u)
        u = f(v)
    return sum(u), sum(v)


def g():
    acc = 0
    for i in range(5):
        if i == 0:
            continue
        acc = acc + i
        last = i * 2
    return acc, last


def h():
    total = 1
    for i in range(3):
        total = total / 2
        if i == 0:
            break
    return total


def k():
    x = 0
    for i in range(1, 10, 3):
        x = x + 0.5
        y = i
        print(i, x, y)
    print(y)


print(main(4))
print(g())
print(h())
k()


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
        if rep == 2:
            break
    return cur


print(walk())
