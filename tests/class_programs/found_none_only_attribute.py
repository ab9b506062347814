class N:
    def __init__(self, v):
        self.v = v
        self.nxt = None

    def follow(self):
        if self.nxt is not None:
            return self.nxt.v
        return -1


a = N(1)
print(a.follow(), a.nxt is None)
