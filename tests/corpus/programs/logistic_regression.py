# corpus: logistic_regression - binary logistic regression trained by batch gradient descent on
#   two Gaussian blobs: sigmoid, cross-entropy cost, gradient, decision boundary, accuracy; written
#   with value updates only (w = w - lr * grad).
# model: TheAlgorithms/Python, machine_learning/logistic_regression.py
#   (https://github.com/TheAlgorithms/Python, MIT License). Written independently for this corpus;
#   no code copied. Adapted: synthetic data instead of the iris data set, seeded.
# license: pyscript's (this repository's)
# corpus-tags: numpy
# corpus-compare: tolerant

import numpy as np


def sigmoid_function(z):
    return 1 / (1 + np.exp(-z))


def cost_function(h, y):
    return (-y * np.log(h) - (1 - y) * np.log(1 - h)).mean()


def log_likelihood(x, y, weights):
    scores = np.dot(x, weights)
    return np.sum(y * scores - np.log(1 + np.exp(scores)))


def logistic_reg(alpha, x, y, max_iterations=2000):
    theta = np.zeros(x.shape[1])
    history = []
    for iterations in range(max_iterations):
        z = np.dot(x, theta)
        h = sigmoid_function(z)
        gradient = np.dot(x.T, h - y) / y.size
        theta = theta - alpha * gradient
        if iterations % 400 == 0:
            j = cost_function(sigmoid_function(np.dot(x, theta)), y)
            history.append(round(float(j), 6))
    return theta, history


def make_blobs(n, seed):
    rng = np.random.default_rng(seed)
    a = rng.normal(loc=[-1.0, -0.5], scale=0.8, size=(n, 2))
    b = rng.normal(loc=[1.2, 1.0], scale=0.9, size=(n, 2))
    x = np.concatenate([a, b])
    y = np.concatenate([np.zeros(n), np.ones(n)])
    return x, y


if __name__ == "__main__":
    x, y = make_blobs(150, 42)
    x1 = np.hstack([np.ones((x.shape[0], 1)), x])
    theta, history = logistic_reg(0.1, x1, y)
    print("theta:", np.round(theta, 4))
    print("cost history:", history)
    predictions = sigmoid_function(x1 @ theta) >= 0.5
    print("accuracy:", np.mean(predictions == y))
    print("log likelihood: %.4f" % log_likelihood(x1, y, theta))
    slope = -theta[1] / theta[2]
    intercept = -theta[0] / theta[2]
    print(f"decision boundary: y = {slope:.4f} * x + {intercept:.4f}")
    grid = np.array([[1.0, -2.0, -2.0], [1.0, 0.0, 0.0], [1.0, 2.0, 2.0]])
    print("probabilities:", np.round(sigmoid_function(grid @ theta), 4))
