#!/usr/bin/env python3
"""Serving benchmark: the seed MLP (batch 1, float32) called through ONE pyscript typed handle from
1, 2 and 4 threads, and PyTorch side by side: TorchScript from C++ (torch::jit::load, one intra-op
thread per thread) when bench/serve was built with libtorch, else PyTorch from Python threads.
Prints one table: forwards per second (the range over the runs), p50/p99 latency per call (ranges),
and the median throughput against one thread's.
Usage: bench/run_serve.py [--build BUILD_DIR] [--runs N] [--seconds S]"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
THREADS = (1, 2, 4)


def have_python_torch():
    return subprocess.run(["/usr/bin/python3", "-c", "import torch"], capture_output=True).returncode == 0


def python_torch_serve(threads, seconds):
    """PyTorch from Python threads (the fallback without libtorch): torch releases the GIL in its ops."""
    import torch
    sys.path.insert(0, here)
    from serve_torch_model import MLP
    torch.set_num_threads(1)
    model = torch.jit.script(MLP().eval())
    x = torch.cos(torch.arange(512, dtype=torch.float64) * 0.11).float().reshape(1, 512)
    stop = False
    lat = [[] for _ in range(threads)]
    busy = [0.0] * threads

    def work(t):
        with torch.inference_mode():
            for _ in range(100):
                model(x)
            start = t0 = time.perf_counter()
            while not stop:
                model(x)
                t1 = time.perf_counter()
                lat[t].append((t1 - t0) * 1e6)
                t0 = t1
            busy[t] = t0 - start

    pool = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    for p in pool:
        p.start()
    time.sleep(seconds)
    stop = True
    for p in pool:
        p.join()
    every = sorted(v for l in lat for v in l)
    per_s = sum(len(l) / b for l, b in zip(lat, busy) if b > 0)
    return per_s, every[len(every) // 2], every[min(len(every) - 1, int(len(every) * 0.99))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    subprocess.run(["ninja", "-C", args.build, "bench/serve"], check=True, stdout=subprocess.DEVNULL)
    exe = os.path.join(args.build, "bench", "serve")

    rows = {}  # (engine, threads) -> [(per_s, p50, p99)]
    engine_note = ""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [exe, os.path.join(root, "examples", "mlp.py"), "--seconds", str(args.seconds),
               "--threads", ",".join(map(str, THREADS))]
        torch_py = have_python_torch()
        if torch_py:
            scripted = os.path.join(tmp, "mlp.pt")
            subprocess.run(["/usr/bin/python3", os.path.join(here, "serve_torch_model.py"), scripted], check=True)
            cmd.append(scripted)
        # One thread of intra-op work per serving thread, for both (pyscript's batch-1 kernels
        # never start threads; PyTorch's BLAS would).
        env = dict(os.environ)
        env.setdefault("OPENBLAS_NUM_THREADS", "1")
        env.setdefault("OMP_NUM_THREADS", "1")
        for _ in range(args.runs):
            out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stdout
            cpp_torch = "torch none" not in out
            outputs = re.findall(r"^output (\w+) (\S+) (\S+)$", out, re.M)
            if len({o[1:] for o in outputs}) > 1:
                sys.exit("outputs differ: %s" % outputs)
            for line in out.splitlines():
                f = line.split()
                if len(f) == 6 and f[0] in ("pyscript", "torch"):
                    name = "torch (C++, torch::jit::load)" if f[0] == "torch" else "pyscript"
                    rows.setdefault((name, int(f[1])), []).append((float(f[2]), float(f[3]), float(f[4])))
            if torch_py and not cpp_torch:
                engine_note = "bench/serve was built without libtorch: PyTorch measured from Python threads"
                for t in THREADS:
                    rows.setdefault(("torch (Python threads, scripted)", t), []).append(
                        python_torch_serve(t, args.seconds))

    load = os.getloadavg()[0]
    print("seed MLP 512-256-128-2 f32, batch 1, one shared model; %d runs of %.0f s; %d cores, load %.1f"
          % (args.runs, args.seconds, os.cpu_count(), load))
    if engine_note:
        print(engine_note)
    print("%-32s %7s %22s %10s %10s %9s" % ("engine", "threads", "forwards/s", "p50 us", "p99 us", "x 1 thr"))
    for engine in dict.fromkeys(e for e, _ in rows):
        base = rows.get((engine, 1))
        for t in THREADS:
            r = rows.get((engine, t))
            if not r:
                continue
            per_s = [x[0] for x in r]
            speedup = "%.2fx" % (statistics.median(per_s) / statistics.median(b[0] for b in base)) if base else ""
            print("%-32s %7d %22s %10s %10s %9s" % (
                engine, t, "%.0f-%.0f" % (min(per_s), max(per_s)),
                "%.1f-%.1f" % (min(x[1] for x in r), max(x[1] for x in r)),
                "%.1f-%.1f" % (min(x[2] for x in r), max(x[2] for x in r)), speedup))


if __name__ == "__main__":
    main()
