# corpus: linreg_scratch - linear regression from scratch: synthetic data y = Xw + b + noise, a
#   generator yielding shuffled minibatches, the squared loss, minibatch SGD updating the
#   parameters in place, and the estimation error of w and b after three epochs.
# model: d2l-ai/d2l-en, chapter_linear-regression/linear-regression-scratch.md ("Dive into Deep
#   Learning", https://github.com/d2l-ai/d2l-en; code MIT-0, text CC BY-SA 4.0), its numpy/MXNet
#   flavour. Written independently for this corpus with numpy instead of a framework (gradients by
#   hand); no code copied.
# license: pyscript's (this repository's)
# corpus-tags: numpy, generators, inplace-array, augmented-assign
# corpus-compare: tolerant

import random

import numpy as np


def synthetic_data(w, b, num_examples):
    """Generate y = Xw + b + noise."""
    X = np.random.normal(0, 1, (num_examples, len(w)))
    y = np.dot(X, w) + b
    y += np.random.normal(0, 0.01, y.shape)
    return X, y.reshape((-1, 1))


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    random.shuffle(indices)
    for i in range(0, num_examples, batch_size):
        batch_indices = np.array(indices[i: min(i + batch_size, num_examples)])
        yield features[batch_indices], labels[batch_indices]


def linreg(X, w, b):
    return np.dot(X, w) + b


def squared_loss(y_hat, y):
    return (y_hat - y.reshape(y_hat.shape)) ** 2 / 2


def grads(X, y, w, b):
    err = linreg(X, w, b) - y
    return X.T @ err, err.sum(axis=0)


def sgd(params, gradients, lr, batch_size):
    for param, grad in zip(params, gradients):
        param[:] = param - lr * grad / batch_size


if __name__ == "__main__":
    np.random.seed(1)
    random.seed(1)
    true_w = np.array([2, -3.4])
    true_b = 4.2
    features, labels = synthetic_data(true_w, true_b, 1000)
    print("features:", features[0], "\nlabel:", labels[0])

    w = np.random.normal(0, 0.01, (2, 1))
    b = np.zeros(1)
    lr = 0.03
    num_epochs = 3
    batch_size = 10
    for epoch in range(num_epochs):
        for X, y in data_iter(batch_size, features, labels):
            gw, gb = grads(X, y, w, b)
            sgd([w, b], [gw, gb], lr, batch_size)
        train_l = squared_loss(linreg(features, w, b), labels)
        print(f"epoch {epoch + 1}, loss {float(train_l.mean()):f}")
    print(f"error in estimating w: {true_w - w.reshape(true_w.shape)}")
    print(f"error in estimating b: {true_b - b}")
    w_ls = np.linalg.solve(features.T @ features, features.T @ (labels - labels.mean()))
    print("least squares w:", np.round(w_ls.ravel(), 3))
