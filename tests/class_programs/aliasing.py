class Counter:
    def __init__(self):
        self.n = 0
        self.log: list[str] = []

    def bump(self, by):
        self.n = self.n + by
        self.log.append(f"+{by}")


def bump_all(cs, k):
    for c in cs:
        c.bump(k)


a = Counter()
b = a
c = Counter()
b.bump(2)
bump_all([a, c, a], 3)
print(a.n, b.n, c.n, a.log, c.log, a is b, a is c, a == b, a != c)
d = {"x": a, "y": c}
d["x"].bump(10)
print(a.n, d["y"].n, len(d))
pair = (a, 5)
pair[0].bump(1)
print(a.n, pair[1])
cs = [Counter() for _ in range(3)]
for i, cc in enumerate(cs):
    cc.bump(i)
print([cc.n for cc in cs], sum(cc.n for cc in cs))
