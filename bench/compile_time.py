#!/usr/bin/env python3
"""Compile time of `pyscript compile --emit=graph` for every conformance program (whole process,
best of 5), side by side with torch.jit.script and numba on fancy_func when they are installed.
Usage: bench/compile_time.py [PYSCRIPT] [CORPUS_DIR]"""
import os
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
pyscript = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build", "pyscript")
corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "conformance")


def best_of(n, fn):
    best = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


rows = []
for sub in ("scalar", "tensor"):
    d = os.path.join(corpus, sub)
    for name in sorted(os.listdir(d)):
        if not name.endswith(".py"):
            continue
        path = os.path.join(d, name)
        p = subprocess.run([pyscript, "compile", path, "--emit=graph"], capture_output=True)
        status = "ok" if p.returncode == 0 else "not compiled (arrays come later)"
        t = best_of(5, lambda: subprocess.run([pyscript, "compile", path, "--emit=graph"],
                                             capture_output=True))
        rows.append((f"{sub}/{name}", t * 1e3, status))

print(f"{'program':32} {'ms (whole process)':>20}  status")
for name, ms, status in rows:
    print(f"{name:32} {ms:20.2f}  {status}")

# Peers on fancy_func, in-process (their import time left out).
src = "def add(a, b):\n    return a + b\n\n\ndef fancy_func(a, b, c, d):\n    e = add(a, b)\n    f = add(c, d)\n    return add(e, f)\n"


def fresh_module(tmp, counter=[0]):
    """The source as a new module from a file: torch.jit.script reads a function's source file."""
    import importlib.util
    counter[0] += 1
    path = os.path.join(tmp, f"fancy_{counter[0]}.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location(f"fancy_{counter[0]}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


try:
    import tempfile
    import torch
    with tempfile.TemporaryDirectory() as tmp:
        t = best_of(3, lambda: torch.jit.script(fresh_module(tmp).fancy_func))
    print(f"torch.jit.script(fancy_func), in process: {t * 1e3:.1f} ms")
except Exception as e:  # not installed here: no number
    print(f"torch.jit.script: not measured ({type(e).__name__}: {e})")
try:
    import numba
    def compile_numba():
        ns = {}
        exec(src, ns)
        add = numba.njit(ns["add"])
        ns["add"] = add
        f = numba.njit(ns["fancy_func"])
        f(1, 2, 3, 4)
    t = best_of(3, compile_numba)
    print(f"numba.njit(fancy_func) first call: {t * 1e3:.1f} ms")
except Exception as e:
    print(f"numba: not measured ({type(e).__name__})")
