# corpus: conv2d_naive - a naive 2-D convolution layer forward and backward pass with loops over
#   the output positions (padding, stride), writing each output element into a preallocated array;
#   checked against a numerical gradient, then used for edge detection on a synthetic image.
# model: Stanford CS231n assignment 2, cs231n/layers.py (conv_forward_naive / conv_backward_naive;
#   https://cs231n.github.io/, MIT License for the starter code). Written independently for this
#   corpus; no code copied.
# license: pyscript's (this repository's)
# corpus-tags: numpy, lambda, augmented-assign, inplace-array
# corpus-compare: tolerant

import numpy as np


def conv_forward_naive(x, w, b, conv_param):
    stride, pad = conv_param["stride"], conv_param["pad"]
    N, C, H, W = x.shape
    F, _, HH, WW = w.shape
    H_out = 1 + (H + 2 * pad - HH) // stride
    W_out = 1 + (W + 2 * pad - WW) // stride
    x_pad = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), mode="constant")
    out = np.zeros((N, F, H_out, W_out))
    for n in range(N):
        for f in range(F):
            for i in range(H_out):
                for j in range(W_out):
                    window = x_pad[n, :, i * stride:i * stride + HH, j * stride:j * stride + WW]
                    out[n, f, i, j] = np.sum(window * w[f]) + b[f]
    cache = (x, w, b, conv_param)
    return out, cache


def conv_backward_naive(dout, cache):
    x, w, b, conv_param = cache
    stride, pad = conv_param["stride"], conv_param["pad"]
    N, C, H, W = x.shape
    F, _, HH, WW = w.shape
    _, _, H_out, W_out = dout.shape
    x_pad = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), mode="constant")
    dx_pad = np.zeros_like(x_pad)
    dw = np.zeros_like(w)
    db = np.sum(dout, axis=(0, 2, 3))
    for n in range(N):
        for f in range(F):
            for i in range(H_out):
                for j in range(W_out):
                    hs, ws = i * stride, j * stride
                    dw[f] += x_pad[n, :, hs:hs + HH, ws:ws + WW] * dout[n, f, i, j]
                    dx_pad[n, :, hs:hs + HH, ws:ws + WW] += w[f] * dout[n, f, i, j]
    dx = dx_pad[:, :, pad:pad + H, pad:pad + W]
    return dx, dw, db


def eval_numerical_gradient_array(f, x, df, h=1e-5):
    grad = np.zeros_like(x)
    it = np.nditer(x, flags=["multi_index"], op_flags=["readwrite"])
    while not it.finished:
        ix = it.multi_index
        oldval = x[ix]
        x[ix] = oldval + h
        pos = f(x).copy()
        x[ix] = oldval - h
        neg = f(x).copy()
        x[ix] = oldval
        grad[ix] = np.sum((pos - neg) * df) / (2 * h)
        it.iternext()
    return grad


def rel_error(x, y):
    return np.max(np.abs(x - y) / (np.maximum(1e-8, np.abs(x) + np.abs(y))))


if __name__ == "__main__":
    np.random.seed(231)
    x = np.random.randn(2, 3, 5, 5)
    w = np.random.randn(2, 3, 3, 3)
    b = np.random.randn(2)
    conv_param = {"stride": 1, "pad": 1}
    out, cache = conv_forward_naive(x, w, b, conv_param)
    dout = np.random.randn(*out.shape)
    dx, dw, db = conv_backward_naive(dout, cache)
    dx_num = eval_numerical_gradient_array(lambda xx: conv_forward_naive(xx, w, b, conv_param)[0], x, dout)
    dw_num = eval_numerical_gradient_array(lambda ww: conv_forward_naive(x, ww, b, conv_param)[0], w, dout)
    print("out shape:", out.shape, "checksum %.6f" % out.sum())
    for name, err in (("dx", rel_error(dx, dx_num)), ("dw", rel_error(dw, dw_num))):
        print(name, "ok" if err < 1e-7 else "BAD")
    print("db:", np.round(db, 5))

    img = np.zeros((1, 1, 12, 12))
    img[0, 0, 3:9, 3:9] = 1.0
    sobel = np.array([[[[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]]]], dtype=float)
    edges, _ = conv_forward_naive(img, sobel, np.zeros(1), {"stride": 2, "pad": 1})
    print(edges[0, 0].astype(int))
