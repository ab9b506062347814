# corpus: perceptron - Rosenblatt's perceptron and the Adaline (adaptive linear neuron) as
#   scikit-learn-style classes with fit/net_input/predict, trained on two seeded, linearly separable
#   blobs; errors per epoch and the cost curve.
# model: rasbt/python-machine-learning-book-3rd-edition, ch02/ch02.py (Sebastian Raschka, "Python
#   Machine Learning", https://github.com/rasbt/python-machine-learning-book-3rd-edition, MIT
#   License). Written independently for this corpus in the style of its model; no code copied.
#   Adapted: synthetic data instead of iris, no plots.
# license: pyscript's (this repository's)
# corpus-tags: numpy, classes, inplace-array, augmented-assign
# corpus-compare: tolerant

import numpy as np


class Perceptron(object):
    """Perceptron classifier.

    eta: learning rate (0.0 .. 1.0); n_iter: passes over the training set;
    random_state: seed for the initial weights.
    """

    def __init__(self, eta=0.01, n_iter=50, random_state=1):
        self.eta = eta
        self.n_iter = n_iter
        self.random_state = random_state

    def fit(self, X, y):
        rgen = np.random.RandomState(self.random_state)
        self.w_ = rgen.normal(loc=0.0, scale=0.01, size=1 + X.shape[1])
        self.errors_ = []
        for _ in range(self.n_iter):
            errors = 0
            for xi, target in zip(X, y):
                update = self.eta * (target - self.predict(xi))
                self.w_[1:] += update * xi
                self.w_[0] += update
                errors += int(update != 0.0)
            self.errors_.append(errors)
        return self

    def net_input(self, X):
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def predict(self, X):
        return np.where(self.net_input(X) >= 0.0, 1, -1)


class AdalineGD(object):
    def __init__(self, eta=0.01, n_iter=50, random_state=1):
        self.eta = eta
        self.n_iter = n_iter
        self.random_state = random_state

    def fit(self, X, y):
        rgen = np.random.RandomState(self.random_state)
        self.w_ = rgen.normal(loc=0.0, scale=0.01, size=1 + X.shape[1])
        self.cost_ = []
        for i in range(self.n_iter):
            net_input = self.net_input(X)
            output = self.activation(net_input)
            errors = (y - output)
            self.w_[1:] += self.eta * X.T.dot(errors)
            self.w_[0] += self.eta * errors.sum()
            cost = (errors ** 2).sum() / 2.0
            self.cost_.append(cost)
        return self

    def net_input(self, X):
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def activation(self, X):
        return X

    def predict(self, X):
        return np.where(self.activation(self.net_input(X)) >= 0.0, 1, -1)


if __name__ == "__main__":
    rng = np.random.RandomState(0)
    X = np.vstack([rng.normal([1.5, 3.0], 0.5, size=(50, 2)), rng.normal([5.0, 0.5], 0.5, size=(50, 2))])
    y = np.hstack([-np.ones(50, dtype=int), np.ones(50, dtype=int)])

    ppn = Perceptron(eta=0.1, n_iter=10).fit(X, y)
    print("perceptron errors per epoch:", ppn.errors_)
    print("perceptron weights:", np.round(ppn.w_, 4))
    print("perceptron accuracy:", (ppn.predict(X) == y).mean())

    X_std = (X - X.mean(axis=0)) / X.std(axis=0)
    for eta in (0.01, 0.0001):
        ada = AdalineGD(n_iter=15, eta=eta).fit(X_std, y)
        print(f"adaline eta={eta}: cost first {ada.cost_[0]:.4f} last {ada.cost_[-1]:.4f}",
              "accuracy", (ada.predict(X_std) == y).mean())
    print("weights:", np.round(ada.w_, 5))
