class P:
    def __init__(self, x):
        self.x = x

    def __lt__(self, other):
        return self.x < other.x

    def __repr__(self):
        return f"P({self.x})"


ps = [P(3), P(1), P(2)]
print(sorted(ps))
ps.sort()
print(ps)
