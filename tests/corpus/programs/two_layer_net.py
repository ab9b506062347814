# corpus: two_layer_net - a two-layer fully connected network (affine - ReLU - affine - softmax)
#   as a class holding its parameters in a dict, with the forward pass, the softmax loss with L2
#   regularization, hand-written backpropagation, a numerical gradient check, and minibatch SGD with
#   learning-rate decay on a synthetic three-class spiral.
# model: Stanford CS231n assignment 1, cs231n/classifiers/neural_net.py (TwoLayerNet; course
#   materials at https://cs231n.github.io/, MIT License for the starter code). Written independently
#   for this corpus; no code copied. Adapted: synthetic data, 300 iterations, seeded.
# license: pyscript's (this repository's)
# corpus-tags: classes, numpy, lambda, augmented-assign, inplace-array, str-format
# corpus-compare: tolerant

import numpy as np


class TwoLayerNet(object):
    def __init__(self, input_size, hidden_size, output_size, std=1e-1):
        self.params = {}
        self.params['W1'] = std * np.random.randn(input_size, hidden_size)
        self.params['b1'] = np.zeros(hidden_size)
        self.params['W2'] = std * np.random.randn(hidden_size, output_size)
        self.params['b2'] = np.zeros(output_size)

    def loss(self, X, y=None, reg=0.0):
        W1, b1 = self.params['W1'], self.params['b1']
        W2, b2 = self.params['W2'], self.params['b2']
        N, D = X.shape

        hidden = np.maximum(0, X.dot(W1) + b1)
        scores = hidden.dot(W2) + b2
        if y is None:
            return scores

        shifted = scores - np.max(scores, axis=1, keepdims=True)
        exp_scores = np.exp(shifted)
        probs = exp_scores / np.sum(exp_scores, axis=1, keepdims=True)
        data_loss = -np.sum(np.log(probs[np.arange(N), y])) / N
        reg_loss = reg * (np.sum(W1 * W1) + np.sum(W2 * W2))
        loss = data_loss + reg_loss

        grads = {}
        dscores = probs.copy()
        dscores[np.arange(N), y] -= 1
        dscores /= N
        grads['W2'] = hidden.T.dot(dscores)
        grads['b2'] = np.sum(dscores, axis=0)
        dhidden = dscores.dot(W2.T)
        dhidden[hidden <= 0] = 0
        grads['W1'] = X.T.dot(dhidden)
        grads['b1'] = np.sum(dhidden, axis=0)
        grads['W2'] += 2 * reg * W2
        grads['W1'] += 2 * reg * W1
        return loss, grads

    def train(self, X, y, learning_rate=1.0, learning_rate_decay=0.95, reg=1e-4,
              num_iters=300, batch_size=60, verbose=False):
        num_train = X.shape[0]
        iterations_per_epoch = max(num_train // batch_size, 1)
        loss_history = []
        train_acc_history = []
        for it in range(num_iters):
            idx = np.random.choice(num_train, batch_size, replace=True)
            X_batch, y_batch = X[idx], y[idx]
            loss, grads = self.loss(X_batch, y=y_batch, reg=reg)
            loss_history.append(loss)
            for name in self.params:
                self.params[name] -= learning_rate * grads[name]
            if verbose and it % 50 == 0:
                print('iteration %d / %d: loss %f' % (it, num_iters, loss))
            if it % iterations_per_epoch == 0:
                train_acc_history.append((self.predict(X_batch) == y_batch).mean())
                learning_rate *= learning_rate_decay
        return {'loss_history': loss_history, 'train_acc_history': train_acc_history}

    def predict(self, X):
        return np.argmax(self.loss(X), axis=1)


def spiral(points_per_class, classes):
    X = np.zeros((points_per_class * classes, 2))
    y = np.zeros(points_per_class * classes, dtype=int)
    for j in range(classes):
        ix = range(points_per_class * j, points_per_class * (j + 1))
        r = np.linspace(0.0, 1, points_per_class)
        t = np.linspace(j * 4, (j + 1) * 4, points_per_class) + np.random.randn(points_per_class) * 0.2
        X[ix] = np.c_[r * np.sin(t), r * np.cos(t)]
        y[ix] = j
    return X, y


def rel_error(x, y):
    return np.max(np.abs(x - y) / (np.maximum(1e-8, np.abs(x) + np.abs(y))))


def numerical_gradient(f, x, h=1e-5):
    grad = np.zeros_like(x)
    it = np.nditer(x, flags=['multi_index'], op_flags=['readwrite'])
    while not it.finished:
        ix = it.multi_index
        old = x[ix]
        x[ix] = old + h
        fxph = f(x)
        x[ix] = old - h
        fxmh = f(x)
        x[ix] = old
        grad[ix] = (fxph - fxmh) / (2 * h)
        it.iternext()
    return grad


if __name__ == '__main__':
    np.random.seed(0)
    X, y = spiral(100, 3)
    net = TwoLayerNet(2, 50, 3)

    small = TwoLayerNet(2, 5, 3)
    Xs, ys = X[5::30], y[5::30]
    loss, grads = small.loss(Xs, ys, reg=0.05)
    for name in sorted(grads):
        f = lambda W: small.loss(Xs, ys, reg=0.05)[0]
        num = numerical_gradient(f, small.params[name])
        print('%s max relative error: %s' % (name, 'ok' if rel_error(num, grads[name]) < 1e-4 else 'BAD'))

    stats = net.train(X, y, verbose=True)
    print('final loss: %.4f' % stats['loss_history'][-1])
    print('training accuracy: %.3f' % (net.predict(X) == y).mean())
    print('accuracy per epoch:', np.round(stats['train_acc_history'][-5:], 3))
