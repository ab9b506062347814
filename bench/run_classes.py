#!/usr/bin/env python3
"""Class programs side by side in one run: each of bench/classes/*.py (binary-trees with a `Node`
class, n-body with `Vec` and `Body` classes whose operator methods return new objects) under
`pyscript run` and CPython (/usr/bin/python3), the same algorithm in C (bench/classes/*_reference.c,
built here with gcc -O2: malloc/free nodes, structs of doubles), and numba (the program's classes
made numba.experimental.jitclass with the field types given below, its functions @njit, when
`import numba` works under /usr/bin/python3). Each program runs its hot part twice and prints the
second run's time on a line `time: ... ms`; this prints those times, their ratios, and the whole
process's wall time, and checks that every implementation prints the same results (all lines but the
`time:` line, byte for byte: floats as the programs print them). Same options and table as
bench/run_lists.py, whose helpers it uses. Where pyscript cannot run a program yet, its column says
why: `pyscript: fails to compile (first diagnostic)`, `pyscript: runtime error (...)` or
`pyscript: crashes the compiler (...)`, and the other columns still come; the exit status is 0 unless
results disagree or CPython or C fail.
Usage: bench/run_classes.py [BUILD_DIR] [--runs K]   (BUILD_DIR: where `pyscript` is, default build/;
K: processes per implementation and program, best time of K, default 1)"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import types

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from run_lists import PYTHON, Outcome, run  # noqa: E402

classes_dir = os.path.join(here, "classes")
PROGRAMS = ["binary_trees", "nbody_classes"]
# Programs whose report() takes the size too (binary-trees prints its depths).
REPORT_TAKES_N = {"binary_trees"}
IMPLS = ["pyscript", "C", "numba", "CPython"]


def load(name, module_name):
    path = os.path.join(classes_dir, name + ".py")
    ns = {"__name__": module_name}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), ns)
    return ns


def jit_classes(name, ns):
    """Replace the program's classes in `ns` by numba jitclasses: numba needs each field's type."""
    from numba import float64
    from numba.core.types import deferred_type, optional
    from numba.experimental import jitclass
    if name == "binary_trees":
        node_type = deferred_type()
        ns["Node"] = jitclass([("left", optional(node_type)), ("right", optional(node_type))])(ns["Node"])
        node_type.define(ns["Node"].class_type.instance_type)
    elif name == "nbody_classes":
        ns["Vec"] = jitclass([("x", float64), ("y", float64), ("z", float64)])(ns["Vec"])
        vec = ns["Vec"].class_type.instance_type
        ns["Body"] = jitclass([("pos", vec), ("vel", vec), ("mass", float64)])(ns["Body"])


def numba_error(e):
    """The telling line of a numba error (its first lines are the pipeline's generic ones)."""
    generic = ("Failed in ", "- Resolution failure", "During:", "File ", "None", "<source", "[1m")
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", l).strip() for l in str(e).splitlines()]
    lines = [l for l in lines if l]
    telling = [l for l in lines if not l.startswith(generic)]
    message = type(e).__name__ + ": " + (telling[0] if telling else " / ".join(lines[:2]))
    if "re-entrant" in message:
        message = message + " (a jitclass method cannot call itself)"
    return message


def numba_child(name):
    """Run in a /usr/bin/python3 child: the program's classes as jitclasses, its functions under
    numba.njit (so calls between them stay in nopython mode), bench(N) called twice, the results
    printed by the program's own report() under CPython."""
    try:
        import numba
    except ImportError:
        sys.exit(3)
    plain = load(name, "bench_classes_" + name)
    jitted = load(name, "bench_classes_" + name)
    try:
        jit_classes(name, jitted)
        for key, value in list(jitted.items()):
            if isinstance(value, types.FunctionType):
                jitted[key] = numba.njit(value)
        t0 = time.perf_counter()
        warm = jitted["bench"](jitted["N"])
        t1 = time.perf_counter()
        result = jitted["bench"](jitted["N"])
        t2 = time.perf_counter()
    except Exception as e:
        sys.exit(numba_error(e))
    assert result == warm
    if name in REPORT_TAKES_N:
        plain["report"](plain["N"], result)
    else:
        plain["report"](result)
    print(f"time: {(t2 - t1) * 1000.0:.3f} ms")
    print(f"first: {(t1 - t0) * 1000.0:.3f} ms")


def pyscript_failure(error):
    """Say which way pyscript failed, from the first line of its stderr (run() keeps that line)."""
    if re.search(r"internal compiler error|\[exit status (3|-\d+)\]$", error):
        return "crashes the compiler (" + error + ")"
    if re.search(r":\d+:\d+: error: ", error):
        return "fails to compile (" + error + ")"
    if "runtime error:" in error:
        return "runtime error (" + error + ")"
    return "failed (" + error + ")"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build", nargs="?", default=os.path.join(here, "..", "build"))
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--numba-child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.numba_child:
        numba_child(args.numba_child)
        return 0
    pyscript = os.path.join(args.build, "pyscript")
    have_numba = subprocess.run([PYTHON, "-c", "import numba"], capture_output=True).returncode == 0

    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in PROGRAMS:
            exe = os.path.join(tmp, name)
            subprocess.run(["gcc", "-O2", "-o", exe, os.path.join(classes_dir, name + "_reference.c"), "-lm"],
                           check=True)
        for name in PROGRAMS:
            source = os.path.join(classes_dir, name + ".py")
            r = results[name] = {}
            r["CPython"] = run([PYTHON, source], args.runs)
            r["C"] = run([os.path.join(tmp, name)], args.runs)
            r["pyscript"] = run([pyscript, "run", source], args.runs)
            if r["pyscript"].error:
                r["pyscript"].error = pyscript_failure(r["pyscript"].error)
            if have_numba:
                r["numba"] = run([PYTHON, os.path.abspath(__file__), "--numba-child", name], args.runs)
                if r["numba"].error:
                    r["numba"].error = "failed (" + r["numba"].error + ")"
            print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)

    bad = False
    for name in PROGRAMS:
        r = results[name]
        oracle = r["CPython"]
        if oracle.error:
            oracle.error = "failed (" + oracle.error + ")"
            bad = True
            continue
        for impl, o in r.items():
            if impl != "CPython" and o.lines is not None and o.lines != oracle.lines:
                o.error = "MISMATCH: prints " + repr(o.lines) + ", CPython " + repr(oracle.lines)
                o.hot = o.wall = o.first = None
                bad = True
        if r["C"].error:
            if not r["C"].error.startswith("MISMATCH"):
                r["C"].error = "failed (" + r["C"].error + ")"
            bad = True

    impls = [i for i in IMPLS if i != "numba" or have_numba]

    def cell(value, width=11):
        return f"{value:{width}.1f}" if value is not None else f"{'-':>{width}}"

    def ratio(a, b, width=11):
        return f"{a / b:{width - 1}.2f}x" if a is not None and b is not None else f"{'-':>{width}}"

    print(f"hot part, ms (the program's own `time:` line: the second of two runs in one process"
          f"{'' if args.runs == 1 else f'; best of {args.runs} processes'})")
    print(f"{'program':14}" + "".join(f"{i:>11}" for i in impls) +
          f"{'pyscript/C':>12}{'CPython/pyscript':>18}{'CPython/C':>11}")
    for name in PROGRAMS:
        r = results[name]
        hot = {i: r[i].hot if i in r else None for i in impls}
        print(f"{name:14}" + "".join(cell(hot[i]) for i in impls) + ratio(hot["pyscript"], hot["C"], 12) +
              ratio(hot["CPython"], hot["pyscript"], 18) + ratio(hot["CPython"], hot["C"]))
        for i in impls:
            if i in r and r[i].error:
                print(f"    {i}: {r[i].error}")
    print()
    print("whole process, ms (wall: start-up, compile, warm-up run and timed run)" +
          ("; numba: its first call (compile + one run)" if have_numba else ""))
    print(f"{'program':14}" + "".join(f"{i:>11}" for i in impls))
    for name in PROGRAMS:
        r = results[name]
        wall = {i: (r[i].first if i == "numba" else r[i].wall) if i in r else None for i in impls}
        print(f"{name:14}" + "".join(cell(wall[i]) for i in impls))
    if not have_numba:
        print(f"(numba: `import numba` fails under {PYTHON}: apt-get install python3-numba)")
    if bad:
        print("FAILED: results disagree, or CPython or C did not run (see above)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
