# The seeds' HybridNet: 3 -> 4 -> 2, a hidden ReLU layer, then a softmax over the two outputs.
import numpy as np


def hybrid_net(x, w1, b1, w2, b2):
    h = np.maximum(x @ w1 + b1, 0.0)
    logits = h @ w2 + b2
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


w1 = np.array([[0.2, -0.5, 0.1, 0.7], [0.4, 0.3, -0.2, 0.1], [-0.3, 0.8, 0.5, -0.6]])
b1 = np.array([0.1, 0.0, -0.1, 0.2])
w2 = np.array([[0.5, -0.4], [0.3, 0.9], [-0.7, 0.2], [0.6, 0.1]])
b2 = np.array([0.05, -0.05])
x = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
p = hybrid_net(x, w1, b1, w2, b2)
print(p)
print(p.sum(axis=1), p.argmax(axis=1))
