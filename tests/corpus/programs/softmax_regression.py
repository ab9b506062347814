# corpus: softmax_regression - multinomial logistic (softmax) regression on four seeded Gaussian
#   classes: one-hot labels, a numerically stable softmax, cross-entropy loss with weight decay,
#   full-batch gradient descent written with value updates, accuracy and a confusion matrix.
# model: d2l-ai/d2l-en, chapter_linear-classification/softmax-regression-scratch.md ("Dive into
#   Deep Learning", https://github.com/d2l-ai/d2l-en; code MIT-0), in plain numpy. Written
#   independently for this corpus; no code copied. Adapted: synthetic data instead of
#   Fashion-MNIST.
# license: pyscript's (this repository's)
# corpus-tags: numpy
# corpus-compare: tolerant

import numpy as np


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def one_hot(y, k):
    return (y[:, None] == np.arange(k)[None, :]).astype(np.float64)


def cross_entropy(p, y_onehot):
    return -np.mean(np.sum(y_onehot * np.log(p + 1e-12), axis=1))


def train(x, y, k, lr=0.5, epochs=200, weight_decay=1e-3):
    n, d = x.shape
    w = np.zeros((d, k))
    b = np.zeros(k)
    t = one_hot(y, k)
    losses = []
    for epoch in range(epochs):
        p = softmax(x @ w + b)
        loss = cross_entropy(p, t) + 0.5 * weight_decay * np.sum(w * w)
        g = (p - t) / n
        grad_w = x.T @ g + weight_decay * w
        grad_b = g.sum(axis=0)
        w = w - lr * grad_w
        b = b - lr * grad_b
        if epoch % 40 == 0 or epoch == epochs - 1:
            losses.append((epoch, round(float(loss), 5)))
    return w, b, losses


def confusion(y_true, y_pred, k):
    return np.array([[np.sum((y_true == i) & (y_pred == j)) for j in range(k)] for i in range(k)])


if __name__ == "__main__":
    np.random.seed(3)
    centers = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 3.0], [3.0, 3.0]])
    x = np.concatenate([c + np.random.randn(80, 2) for c in centers])
    y = np.repeat(np.arange(4), 80)
    mu, sd = x.mean(axis=0), x.std(axis=0)
    xs = (x - mu) / sd
    w, b, losses = train(xs, y, 4)
    for epoch, loss in losses:
        print(f"epoch {epoch:3d} loss {loss}")
    pred = softmax(xs @ w + b).argmax(axis=1)
    print("accuracy:", np.mean(pred == y))
    print(confusion(y, pred, 4))
    print("W:\n", np.round(w, 3))
    print("b:", np.round(b, 3))
