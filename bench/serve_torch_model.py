#!/usr/bin/env python3
"""Scripts the seed MLP (512 -> 256 -> 128 -> 2, ReLU, float32; the weights of examples/mlp.py)
with torch.jit.script and saves it for bench/serve (torch::jit::load). Run at bench time by
bench/run_serve.py, never by the tests.
Usage: bench/serve_torch_model.py OUT.pt"""
import sys

import numpy as np
import torch


def weights(rows, cols, phase):
    w = np.sin(np.arange(rows * cols) * 0.37 + phase).astype(np.float32).reshape(rows, cols) * 0.05
    return torch.from_numpy(np.ascontiguousarray(w))


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w1 = torch.nn.Parameter(weights(512, 256, 0.1), requires_grad=False)
        self.b1 = torch.nn.Parameter(torch.zeros(256), requires_grad=False)
        self.w2 = torch.nn.Parameter(weights(256, 128, 0.2), requires_grad=False)
        self.b2 = torch.nn.Parameter(torch.full((128,), 0.01), requires_grad=False)
        self.w3 = torch.nn.Parameter(weights(128, 2, 0.3), requires_grad=False)
        self.b3 = torch.nn.Parameter(torch.zeros(2), requires_grad=False)

    def forward(self, x):
        h = torch.relu(x @ self.w1 + self.b1)
        h = torch.relu(h @ self.w2 + self.b2)
        return h @ self.w3 + self.b3


if __name__ == "__main__":
    torch.set_num_threads(1)
    scripted = torch.jit.script(MLP().eval())
    scripted.save(sys.argv[1])
