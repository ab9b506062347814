def rows():
    yield [1, 2]
    yield [3]


class P:
    def __init__(self, v):
        self.v = v


for i in range(3):
    r = next(rows())
    print(r, next(p for p in [P(1), P(2)] if p.v > i).v if i < 2 else 0)
try:
    next(x for x in [[1]] if len(x) > 5)
except StopIteration:
    print("none")
