# A class whose methods are named like ndarray methods that change an array in place (put, fill):
# calls on its objects are method calls, not the in-place diagnostic.

class Cache:
    def __init__(self):
        self.d = {}

    def put(self, k, v):
        self.d[k] = v

    def fill(self, v):
        for k in self.d:
            self.d[k] = v


c = Cache()
c.put(1, 2)
c.put(3, 4)
c.fill(0)
print(c.d)
