# np.load in functions: a path from a module constant, saves in functions that run before the
# load; a training loop that saves its weights each epoch and a model that loads them.
import numpy as np

WEIGHTS = "weights.npz"
CHECKPOINT = "checkpoint.npy"


def train(epochs):
    w = np.zeros((3, 2))
    for epoch in range(epochs):
        w = w + (epoch + 1) * 0.25
        np.save(CHECKPOINT, w)
    np.savez(WEIGHTS, w=w, b=np.ones(2))
    return w


def predict(x):
    data = np.load(WEIGHTS)
    return x @ data["w"] + data["b"]


def resume():
    w = np.load(CHECKPOINT)
    return w.sum()


w = train(3)
print(w)
print(predict(np.array([[1.0, 2.0, 3.0]])))
print(resume())
path = "local.npy"
np.save(path, np.arange(4) * 3)
print(np.load(path))
print(np.load("./local.npy")[2])
