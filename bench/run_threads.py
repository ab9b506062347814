#!/usr/bin/env python3
"""Kernels on 1 and 2 threads, side by side in one run (README, "Threads"): the fused elementwise
chain on 4M float32 (bench/elementwise.py) and the seed MLP at batch 256 (bench/mlp_batch256.py),
under pyscript (PYSCRIPT_NUM_THREADS), CPython + numpy with OpenBLAS (OPENBLAS_NUM_THREADS; numpy's
elementwise ops run on one thread whatever it says) and PyTorch eager and torch.jit.script
(torch.set_num_threads) when Debian's python3-torch is installed. Each figure is the best of
--runs runs, the thread counts interleaved so that a busy moment of the machine hits both.
On a machine shared with other jobs (whose processes are in other sessions, so nice alone does
not help: the scheduler shares the cores between sessions first), run it as root in a session of
its own with the session's nice at -20:
  setsid bash -c 'echo -20 > /proc/$$/autogroup; exec nice -n -20 bench/run_threads.py'
Usage: bench/run_threads.py [--build BUILD_DIR] [--runs N] [--threads 1,2]"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"



def number(pattern, text):
    m = re.search(pattern, text)
    return float(m.group(1)) if m else float("nan")


def output(cmd, env):
    return subprocess.run(cmd, capture_output=True, text=True, check=True, env=dict(os.environ, **env)).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--threads", default="1,2")
    args = ap.parse_args()
    pyscript = os.path.join(args.build, "pyscript")
    handle = os.path.join(args.build, "bench", "mlp_bench")
    counts = [int(t) for t in args.threads.split(",")]
    try:
        subprocess.run([PYTHON, "-c", "import torch"], check=True, capture_output=True)
        has_torch = True
    except subprocess.CalledProcessError:
        has_torch = False
    ew, mlp = os.path.join(HERE, "elementwise.py"), os.path.join(HERE, "mlp_batch256.py")
    best = {}

    def keep(key, value):
        best[key] = min(best.get(key, float("inf")), value)

    for _ in range(args.runs):
        for t in counts:
            ps = {"PYSCRIPT_NUM_THREADS": str(t)}
            npy = {"OPENBLAS_NUM_THREADS": str(t), "NPY_PROMOTION_STATE": "weak"}
            keep(("pyscript", "chain", t), number(r"float32: ([\d.e+-]+)", output([pyscript, "run", ew], ps)))
            keep(("pyscript", "mlp", t), number(r"batch 256: ([\d.e+-]+)", output([pyscript, "run", mlp], ps)))
            if os.path.exists(handle):
                text = output([handle, os.path.join(HERE, "..", "examples", "mlp.py")], ps)
                keep(("handle", "mlp", t), number(r"mlp_batch256_handle ([\d.]+)", text))
                keep(("handle", "mlp1", t), number(r"mlp_batch1_handle ([\d.]+)", text))
            keep(("numpy", "chain", t), number(r"float32: ([\d.e+-]+)", output([PYTHON, ew], npy)))
            keep(("numpy", "mlp", t), number(r"batch 256: ([\d.e+-]+)", output([PYTHON, mlp], npy)))
            if has_torch:
                text = output([PYTHON, os.path.join(HERE, "threads_torch.py"), str(t)],
                              {"OMP_NUM_THREADS": str(t), "OPENBLAS_NUM_THREADS": str(t)})
                for label in ("eager", "script"):
                    keep(("torch " + label, "chain", t), number(label + r" chain_ms ([\d.e+-]+)", text))
                    keep(("torch " + label, "mlp", t), number(label + r" mlp256_us ([\d.e+-]+)", text))

    engines = ["pyscript", "handle", "numpy"] + (["torch eager", "torch script"] if has_torch else [])
    names = {"pyscript": "pyscript run", "handle": "pyscript C++ handle", "numpy": "numpy + OpenBLAS",
             "torch eager": "PyTorch eager", "torch script": "torch.jit.script"}
    for bench, unit, title in (("chain", "ms", "elementwise chain, 4M float32"), ("mlp", "us", "MLP batch 256, per forward")):
        print(f"{title} ({unit}, best of {args.runs})")
        print(f"  {'':22}" + "".join(f"{str(t) + ' thread' + ('s' if t > 1 else ''):>12}" for t in counts)
              + (f"{'speedup':>10}" if len(counts) > 1 else ""))
        for e in engines:
            values = [best.get((e, bench, t)) for t in counts]
            if any(v is None for v in values):
                continue
            line = f"  {names[e]:22}" + "".join(f"{v:12.2f}" for v in values)
            if len(counts) > 1:
                line += f"{values[0] / values[-1]:9.2f}x"
            print(line)
    if all(("handle", "mlp1", t) in best for t in counts):
        print("MLP batch 1 through the C++ handle (us, below the pool's threshold: one thread): "
              + ", ".join(f"{best[('handle', 'mlp1', t)]:.2f} with {t}" for t in counts))
    if not has_torch:
        print("PyTorch: not installed (Debian's python3-torch), not measured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
