# Note [Widened displays]: a list or dict made with one class that later receives a sibling class
# (a Sequential built by append) holds their common base.

class Layer:
    def forward(self, x):
        return x


class Scale(Layer):
    def __init__(self, k):
        self.k = k

    def forward(self, x):
        return x * self.k


class Shift(Layer):
    def __init__(self, b):
        self.b = b

    def forward(self, x):
        return x + self.b


class Net:
    def __init__(self):
        self.layers = []
        self.layers.append(Scale(2.0))
        self.layers.append(Shift(0.5))

    def forward(self, x):
        for l in self.layers:
            x = l.forward(x)
        return x


layers = []
layers.append(Scale(3.0))
layers.append(Shift(1.0))
y = 1.0
for l in layers:
    y = l.forward(y)
print(y, Net().forward(1.0))
xs = [Scale(1.0)]
xs.append(Shift(2.0))
print(len(xs))
d = {"a": Scale(1.0)}
d["b"] = Shift(3.0)
print(d["b"].forward(1.0), d["a"].forward(2.0))
empty = {}
empty["x"] = Shift(1.0)
empty["y"] = Scale(4.0)
print([empty[k].forward(1.0) for k in empty])
