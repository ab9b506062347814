class Greedy:
    def __init__(self, name):
        self.name = name

    def choose(self, options):
        return max(options)

    def __str__(self):
        return "Greedy(" + self.name + ")"

    def __repr__(self):
        return "G<" + self.name + ">"


class Modest(object):
    def choose(self, options):
        return min(options)

    def __repr__(self):
        return "Modest()"


players = {"a": Greedy("g"), "b": Modest()}
for key in ["a", "b", "a"]:
    p = players[key]
    print(key, p.choose([3, 1, 2]), p, str(p), isinstance(p, Greedy))
crowd = [Modest(), Greedy("x")]
print(crowd)
print([c.choose([5, 9]) for c in crowd])
x = crowd[0]
x = Greedy("y") if len(crowd) > 5 else x
print(x, x is crowd[0], x == crowd[1])
