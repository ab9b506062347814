# The d2l book's HybridNet ("Hybrid Programming"): layers are objects, a Dense layer holds its
# weight and bias and is called like a function, and the network's forward prints the shapes it
# sees and calls its layers: 3 inputs -> 4 hidden units (ReLU) -> 2 outputs, then a softmax.
#   pyscript run examples/hybrid_net.py                       prints what python3 prints
#   pyscript export examples/hybrid_net.py -o hybrid_net.pys  code and weights in one file, which
#   examples/deploy/serve_net.cpp serves from C++ (no Python, no weights passed by hand)
import numpy as np


class Dense:
    def __init__(self, weight, bias, relu):
        self.weight = weight
        self.bias = bias
        self.relu = relu

    def __call__(self, x):
        y = x @ self.weight + self.bias
        if self.relu:
            return np.maximum(y, 0.0)
        return y


class HybridNet:
    def __init__(self):
        self.hidden = Dense(np.array([[0.2, -0.5, 0.1, 0.7], [0.4, 0.3, -0.2, 0.1], [-0.3, 0.8, 0.5, -0.6]]),
                            np.array([0.1, 0.0, -0.1, 0.2]), True)
        self.output = Dense(np.array([[0.5, -0.4], [0.3, 0.9], [-0.7, 0.2], [0.6, 0.1]]), np.array([0.05, -0.05]),
                            False)

    def forward(self, x):
        print("x:", x.shape)
        h = self.hidden(x)
        print("hidden:", h.shape)
        logits = self.output(h)
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)


net = HybridNet()
x = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
p = net.forward(x)
print(p)
print(p.sum(axis=1), p.argmax(axis=1))
