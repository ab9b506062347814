#!/usr/bin/env python3
"""Element loops side by side in one run (issue 12): bench/elements.py under `pyscript run`, the
same loops in C (bench/elements_reference.c, gcc -O2, through ctypes), numba (@njit of the same
functions, when python3-numba is installed) and CPython. Prints each time (best of several) and
the ratios to C; checks that every implementation computes the same sums.
Usage: bench/run_elements.py [BUILD_DIR]"""
import ctypes
import os
import subprocess
import sys
import tempfile
import timeit

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build")
source = os.path.join(here, "elements.py")

ns = {"__name__": "elements"}
with open(source) as f:
    exec(compile(f.read(), source, "exec"), ns)
a, b = ns["vectors"](1000000)
g = ns["grid"](1000)
expected = {"dot": ns["dot"](a, b), "stencil": ns["stencil"](g)}
t = {}
results = {}


def best(fn, repeat):
    return min(timeit.repeat(fn, number=1, repeat=repeat)) * 1000.0


# pyscript: the program times its own loops (after a first call: the JIT has compiled them).
out = subprocess.run([os.path.join(build, "pyscript"), "run", source], capture_output=True, text=True, check=True).stdout
for line in out.splitlines():
    name, value = line.split()
    if name == "used_value":
        continue
    if name.endswith("_value"):
        results[("pyscript", name[:-6])] = float(value)
    else:
        t[("pyscript", name[:-3])] = float(value)

# C at gcc -O2.
with tempfile.TemporaryDirectory() as tmp:
    lib = os.path.join(tmp, "elements.so")
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", lib, os.path.join(here, "elements_reference.c")], check=True)
    c = ctypes.CDLL(lib)
    c.c_dot.restype = c.c_stencil.restype = ctypes.c_double
    ptr = lambda x: x.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
    results[("C", "dot")] = c.c_dot(ptr(a), ptr(b), ctypes.c_long(a.shape[0]))
    results[("C", "stencil")] = c.c_stencil(ptr(g), ctypes.c_long(g.shape[0]), ctypes.c_long(g.shape[1]))
    t[("C", "dot")] = best(lambda: c.c_dot(ptr(a), ptr(b), ctypes.c_long(a.shape[0])), 20)
    t[("C", "stencil")] = best(lambda: c.c_stencil(ptr(g), ctypes.c_long(g.shape[0]), ctypes.c_long(g.shape[1])), 20)

try:
    import numba
    dot_nb, stencil_nb = numba.njit(ns["dot"]), numba.njit(ns["stencil"])
    results[("numba", "dot")] = dot_nb(a, b)
    results[("numba", "stencil")] = stencil_nb(g)
    t[("numba", "dot")] = best(lambda: dot_nb(a, b), 20)
    t[("numba", "stencil")] = best(lambda: stencil_nb(g), 20)
except ImportError:
    print("(numba is not installed: apt-get install python3-numba)")

t[("CPython", "dot")] = best(lambda: ns["dot"](a, b), 2)
t[("CPython", "stencil")] = best(lambda: ns["stencil"](g), 2)
for (impl, loop), value in results.items():
    if value != expected[loop]:
        sys.exit(f"MISMATCH: {impl} {loop} = {value!r}, CPython {expected[loop]!r}")

impls = ["pyscript", "C", "numba", "CPython"]
print(f"{'loop':10}" + "".join(f"{i:>12}" for i in impls) + "   (ms, best of 20; CPython best of 2)")
for loop in ("dot", "stencil"):
    print(f"{loop:10}" + "".join(f"{t[(i, loop)]:12.3f}" if (i, loop) in t else f"{'-':>12}" for i in impls))
total = {i: sum(t[(i, l)] for l in ("dot", "stencil")) for i in impls if (i, "dot") in t}
print(f"{'both':10}" + "".join(f"{total[i]:12.3f}" if i in total else f"{'-':>12}" for i in impls))
print("ratio to C (both loops): " + ", ".join(f"{i} {total[i] / total['C']:.2f}x" for i in impls if i in total))
