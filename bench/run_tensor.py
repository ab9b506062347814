#!/usr/bin/env python3
"""Tensor benchmarks side by side in one run: numpy (CPython), pyscript run, pyscript through a
C++ typed handle, and PyTorch eager / torch.jit.script when Debian's python3-torch is installed.
Usage: bench/run_tensor.py [BUILD_DIR]   (needs ninja -C build; numpy's BLAS is what Debian
selected: install libopenblas0-pthread to compare with OpenBLAS, as the issue's figures do)"""
import os
import re
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build")
pyscript = os.path.join(build, "pyscript")


def number(pattern, text):
    m = re.search(pattern, text)
    return float(m.group(1)) if m else float("nan")


def best(cmd, pattern, runs=3):
    values = []
    for _ in range(runs):
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        values.append(number(pattern, out))
    return min(values)


rows = []
mlp = os.path.join(here, "mlp.py")
rows.append(("MLP batch 1, us/forward", best(["/usr/bin/python3", mlp], r"mlp batch 1: ([\d.e+-]+)"),
             best([pyscript, "run", mlp], r"mlp batch 1: ([\d.e+-]+)")))
ew = os.path.join(here, "elementwise.py")
rows.append(("elementwise chain 4M f32, ms", best(["/usr/bin/python3", ew], r"float32: ([\d.e+-]+)"),
             best([pyscript, "run", ew], r"float32: ([\d.e+-]+)")))
gemm = os.path.join(here, "gemm.py")
rows.append(("GEMM 256x512x256 f32, GFLOP/s", best(["/usr/bin/python3", gemm], r"us, ([\d.e+-]+) GFLOP"),
             best([pyscript, "run", gemm], r"us, ([\d.e+-]+) GFLOP")))
handle = subprocess.run([os.path.join(build, "bench", "mlp_bench"), os.path.join(here, "..", "examples", "mlp.py")],
                        capture_output=True, text=True, check=True).stdout

print(f"{'benchmark':34} {'numpy':>10} {'pyscript run':>13} {'ratio':>8}")
for name, np_value, ps_value in rows:
    ratio = ps_value / np_value if "GFLOP" in name else np_value / ps_value
    print(f"{name:34} {np_value:10.2f} {ps_value:13.2f} {ratio:7.2f}x")
batch1 = number(r"mlp_batch1_handle ([\d.]+)", handle)
batch256 = number(r"mlp_batch256_handle ([\d.]+)", handle)
print(f"MLP through a C++ typed handle: batch 1 {batch1:.2f} us/forward, batch 256 {batch256:.1f} us/forward")
try:
    import torch
    import numpy as np
    torch.set_num_threads(1)
    ns = {}
    exec(open(os.path.join(here, "..", "examples", "mlp.py")).read().split("w1 = ")[0], ns)
    w = [torch.randn(512, 256), torch.zeros(256), torch.randn(256, 128), torch.zeros(128), torch.randn(128, 2), torch.zeros(2)]
    x = torch.randn(1, 512)

    def forward(x, w1, b1, w2, b2, w3, b3):
        h = torch.relu(x @ w1 + b1)
        h = torch.relu(h @ w2 + b2)
        return h @ w3 + b3
    scripted = torch.jit.script(forward)
    for label, fn in (("torch eager", forward), ("torch.jit.script", scripted)):
        for _ in range(100):
            fn(x, *w)
        t0 = time.perf_counter()
        for _ in range(1000):
            fn(x, *w)
        print(f"MLP batch 1, {label}: {(time.perf_counter() - t0) * 1e3:.2f} us/forward")
except ImportError:
    print("PyTorch: not installed (Debian's python3-torch), not measured")
