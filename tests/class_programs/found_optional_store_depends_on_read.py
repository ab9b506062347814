class Item:
    def __init__(self, level):
        self.level = level


class W:
    def __init__(self):
        self.nxt = None


a = W()
n = a.nxt.level if a.nxt is not None else -1
w = W()
w.nxt = Item(n)
print(n, w.nxt.level)
