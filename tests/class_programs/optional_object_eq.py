# == and != where a side is an Optional object whose class has __eq__ (Note [== of Optional objects]).
class P:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


def pick(flag, v=1):
    return P(v) if flag else None


a, b, c = pick(False), pick(False), pick(True)
print(a == b, a != b, (1, a) == (1, b), c == P(1), c != P(2), P(1) == c, [a, b] == [b, a])
for x, y in ((a, c), (c, a)):
    try:
        print(x == y)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    print(a != c)
except AttributeError as e:
    print("AttributeError:", e)
print(None == b, None != b, pick(True, 3) == pick(True, 3), pick(True, 3) != pick(True, 4))
