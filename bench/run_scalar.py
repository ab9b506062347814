#!/usr/bin/env python3
"""Scalar benchmarks side by side in one run: pyscript (typed handles, JIT), C at gcc -O2, CPython.
Usage: bench/run_scalar.py [BUILD_DIR]   (needs build/bench/scalar_bench: ninja -C build)"""
import os
import statistics
import subprocess
import sys
import time
import timeit

here = os.path.dirname(os.path.abspath(__file__))
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build")
bench_exe = os.path.join(build, "bench", "scalar_bench")
pyscript = os.path.join(build, "pyscript")

out = subprocess.run([bench_exe, os.path.join(here, "scalar.py")], capture_output=True, text=True,
                     check=True).stdout
t = {}
for line in out.splitlines():
    name, value = line.split()[:2]
    if name == "MISMATCH":
        sys.exit("result mismatch: " + line)
    t[name] = float(value)

ns = {}
with open(os.path.join(here, "scalar.py")) as f:
    exec(f.read(), ns)
t["fib27_cpython"] = min(timeit.repeat(lambda: ns["fib"](27), number=1, repeat=3))
t["mandelbrot_cpython"] = min(timeit.repeat(lambda: ns["mandelbrot"](200, 200), number=1, repeat=3))
fancy = ns["fancy_func"]
n = 1_000_000
t["call_1e7_cpython"] = 10 * min(timeit.repeat(lambda: [fancy(i, 1, 2, 3) for i in range(n)], number=1, repeat=3))


def clang_reference():
    """fib and mandelbrot of bench/scalar_reference.c built by clang -O2 (LLVM, without Python's
    checks), timed through ctypes: how far LLVM's code for plain C is from gcc's."""
    import ctypes
    import shutil
    import tempfile
    if not shutil.which("clang"):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "ref.so")
        subprocess.run(["clang", "-O2", "-shared", "-fPIC", "-fno-semantic-interposition", "-o", lib, os.path.join(here, "scalar_reference.c")],
                       check=True)
        ref = ctypes.CDLL(lib)
        for name in ("c_fib", "c_mandelbrot"):
            getattr(ref, name).restype = ctypes.c_int64
        fib = min(timeit.repeat(lambda: ref.c_fib(ctypes.c_int64(27)), number=1, repeat=5))
        mandel = min(timeit.repeat(lambda: ref.c_mandelbrot(ctypes.c_int64(200), ctypes.c_int64(200)),
                                   number=1, repeat=5))
        version = subprocess.run(["clang", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    return fib, mandel, version


def process_ms(cmd, runs=20):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True)
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


fancy_py = os.path.join(here, "..", "examples", "fancy_func.py")
run_ms = process_ms([pyscript, "run", fancy_py])
python_ms = process_ms(["/usr/bin/python3", fancy_py])

print(f"{'benchmark':28} {'pyscript':>12} {'C -O2':>12} {'CPython':>12} {'pyscript/C':>11} {'CPython/pyscript':>17}")
for key, label in (("fib27", "fib(27)"), ("mandelbrot", "mandelbrot 200x200, 200 it")):
    p, c, py = t[key + "_pyscript"], t[key + "_c"], t[key + "_cpython"]
    print(f"{label:28} {p * 1e3:10.2f}ms {c * 1e3:10.2f}ms {py * 1e3:10.1f}ms {p / c:10.2f}x {py / p:16.1f}x")
p, c, py = t["call_1e7_pyscript"], t["call_1e7_c"], t["call_1e7_cpython"]
print(f"{'typed-handle call, per call':28} {p / 1e7 * 1e9:10.2f}ns {c / 1e7 * 1e9:10.2f}ns {py / 1e7 * 1e9:10.1f}ns "
      f"{p / c:10.2f}x {py / p:16.1f}x")
print(f"{'pyscript run fancy_func.py':28} {run_ms:10.1f}ms {'':>12} {python_ms:10.1f}ms   (whole process, median of 20; CPython column: python3 fancy_func.py)")
print(f"compile + 3 specializations in the host: {t['compile_and_specialize'] * 1e3:.1f} ms")
clang = clang_reference()
if clang:
    print(f"the same C under {clang[2]} -O2: fib(27) {clang[0] * 1e3:.2f} ms, mandelbrot {clang[1] * 1e3:.2f} ms")
