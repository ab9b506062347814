class P:
    def __init__(self, x):
        self.x = x

    def __lt__(self, other):
        return self.x < other.x

    def __gt__(self, other):
        return self.x > other.x


ps = [P(3), P(1), P(2)]
print(min(ps).x, max(ps).x)
