# A model object that loads its weights from an archive in __init__ and saves them from a method.
import numpy as np
np.savez("m.npz", w=np.ones((2, 2), dtype=np.float32), b=np.zeros(2, dtype=np.float32))

class Layer:
    def __init__(self, path_unused):
        z = np.load("m.npz")
        self.w = z["w"]
        self.b = np.load("m.npz")["b"]

    def __call__(self, x):
        return x @ self.w + self.b

    def save(self):
        np.savez("m2.npz", w=self.w * 2, b=self.b)

layer = Layer(0)
print(layer(np.ones((1, 2), dtype=np.float32)))
layer.save()
print(np.load("m2.npz")["w"])
