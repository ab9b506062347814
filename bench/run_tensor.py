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


def best_time(fn, args, repeat, runs=3):
    for _ in range(min(repeat, 100)):
        fn(*args)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn(*args)
        times.append((time.perf_counter() - t0) / repeat)
    return min(times)


try:
    import torch
except ImportError:
    torch = None
if torch is None:
    print("PyTorch: not installed (Debian's python3-torch), not measured")
else:
    # One thread, as numpy's elementwise ops and pyscript's loops run on one.
    torch.set_num_threads(1)
    w = [torch.randn(512, 256), torch.zeros(256), torch.randn(256, 128), torch.zeros(128), torch.randn(128, 2), torch.zeros(2)]

    def forward(x, w1, b1, w2, b2, w3, b3):
        h = torch.relu(x @ w1 + b1)
        h = torch.relu(h @ w2 + b2)
        return h @ w3 + b3

    def chain(x, y):
        return torch.tanh(x * y + 1.0) * 0.5 - torch.maximum(x - y, torch.zeros(())) / (1.0 + y * y)

    def gemm(a, b):
        return a @ b

    ex = torch.linspace(-3.0, 3.0, 4194304)
    ey = torch.cos(torch.arange(4194304) * 0.001)
    ga, gb = torch.randn(256, 512), torch.randn(512, 256)
    print(f"PyTorch {torch.__version__}, 1 thread:")
    for label, wrap in (("eager", lambda f: f), ("torch.jit.script", torch.jit.script)):
        mlp_us = best_time(wrap(forward), [torch.randn(1, 512)] + w, 1000) * 1e6
        chain_ms = best_time(wrap(chain), (ex, ey), 10) * 1e3
        gemm_s = best_time(wrap(gemm), (ga, gb), 100)
        print(f"  {label:17} MLP batch 1 {mlp_us:6.2f} us/forward, elementwise chain {chain_ms:6.2f} ms, "
              f"GEMM {2 * 256 * 512 * 256 / gemm_s / 1e9:6.1f} GFLOP/s")
