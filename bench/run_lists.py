#!/usr/bin/env python3
"""List, dict and str programs side by side in one run: each of bench/lists/*.py under `pyscript run`
and CPython (/usr/bin/python3), the same algorithm in C (bench/lists/*_reference.c, built here with
gcc -O2), and numba (@njit of the program's own functions, when `import numba` works under
/usr/bin/python3). Each program runs its hot part twice and prints the second run's time on a
line `time: ... ms` (so compile time, the JIT's and numba's, and interpreter start-up are not in
it); this prints those times, their ratios, and the whole process's wall time, and checks that
every implementation prints the same results (all lines but the `time:` line, byte for byte).
A program that pyscript cannot run yet gets `pyscript: failed (first line of its error)` and the
rest go on; the exit status is 0 unless results disagree or CPython or C fail.
Usage: bench/run_lists.py [BUILD_DIR] [--runs K]   (BUILD_DIR: where `pyscript` is, default build/;
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
lists_dir = os.path.join(here, "lists")
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
PROGRAMS = ["nbody", "spectral_norm", "fannkuch", "sieve", "wordcount"]
# numba has typed dicts, but not str-keyed dicts built by d.get(w, 0) + 1 from reflected lists of
# str, nor sorted(..., key=) over their items: not the same program any more.
NUMBA_SKIP = {"wordcount": "skipped (dict[str, int] and sorted(key=) are not numba's)"}
IMPLS = ["pyscript", "C", "numba", "CPython"]


def first_line(text):
    for line in text.splitlines():
        line = re.sub(r"\x1b\[[0-9;]*m", "", line).strip()
        if line:
            return line
    return "no message"


class Outcome:
    """One implementation on one program: its result lines, best hot time and wall time (ms), or
    why it failed."""

    def __init__(self):
        self.lines = None
        self.hot = None
        self.wall = None
        self.first = None  # numba: the first call (compile + one run), ms
        self.error = None


def parse(outcome, stdout):
    lines = []
    hot = first = None
    for line in stdout.splitlines():
        if line.startswith("time:"):
            hot = float(line.split()[1])
        elif line.startswith("first:"):
            first = float(line.split()[1])
        else:
            lines.append(line)
    if hot is None:
        outcome.error = "no `time:` line in its output"
        return
    if outcome.lines is not None and lines != outcome.lines:
        outcome.error = "results differ between its own runs"
        return
    outcome.lines = lines
    outcome.hot = hot if outcome.hot is None else min(outcome.hot, hot)
    if first is not None:
        outcome.first = first if outcome.first is None else min(outcome.first, first)


def run(cmd, runs, timeout=600):
    outcome = Outcome()
    for _ in range(runs):
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except FileNotFoundError as e:
            outcome.error = f"{e.strerror}: {e.filename}"
            return outcome
        except subprocess.TimeoutExpired:
            outcome.error = f"timed out after {timeout} s"
            return outcome
        wall = (time.perf_counter() - t0) * 1000.0
        if p.returncode != 0:
            outcome.error = first_line(p.stderr or p.stdout) + f" [exit status {p.returncode}]"
            return outcome
        parse(outcome, p.stdout)
        if outcome.error:
            return outcome
        outcome.wall = wall if outcome.wall is None else min(outcome.wall, wall)
    return outcome


def load(name, module_name):
    path = os.path.join(lists_dir, name + ".py")
    ns = {"__name__": module_name}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), ns)
    return ns


def numba_child(name):
    """Run in a /usr/bin/python3 child: the program's functions under numba.njit (each module-level
    function replaced by its dispatcher, so calls between them stay in nopython mode), bench(N)
    called twice, the results printed by the program's own report() under CPython."""
    try:
        import numba
    except ImportError:
        sys.exit(3)
    plain = load(name, "bench_lists_" + name)
    jitted = load(name, "bench_lists_" + name)
    for key, value in list(jitted.items()):
        if isinstance(value, types.FunctionType):
            jitted[key] = numba.njit(value)
    try:
        t0 = time.perf_counter()
        warm = jitted["bench"](jitted["N"])
        t1 = time.perf_counter()
        result = jitted["bench"](jitted["N"])
        t2 = time.perf_counter()
    except Exception as e:
        lines = [re.sub(r"\x1b\[[0-9;]*m", "", l).strip() for l in str(e).splitlines()]
        sys.exit(type(e).__name__ + ": " + " / ".join([l for l in lines if l][:2]))
    assert result == warm
    plain["report"](result)
    print(f"time: {(t2 - t1) * 1000.0:.3f} ms")
    print(f"first: {(t1 - t0) * 1000.0:.3f} ms")


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
            subprocess.run(["gcc", "-O2", "-o", exe, os.path.join(lists_dir, name + "_reference.c"), "-lm"],
                           check=True)
        for name in PROGRAMS:
            source = os.path.join(lists_dir, name + ".py")
            r = results[name] = {}
            r["CPython"] = run([PYTHON, source], args.runs)
            r["C"] = run([os.path.join(tmp, name)], args.runs)
            r["pyscript"] = run([pyscript, "run", source], args.runs)
            if have_numba:
                if name in NUMBA_SKIP:
                    r["numba"] = Outcome()
                    r["numba"].error = NUMBA_SKIP[name]
                else:
                    r["numba"] = run([PYTHON, os.path.abspath(__file__), "--numba-child", name], args.runs)
            print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)

    bad = False
    for name in PROGRAMS:
        r = results[name]
        oracle = r["CPython"]
        if oracle.error:
            bad = True
            continue
        for impl, o in r.items():
            if impl != "CPython" and o.lines is not None and o.lines != oracle.lines:
                o.error = "MISMATCH: prints " + repr(o.lines) + ", CPython " + repr(oracle.lines)
                o.hot = o.wall = o.first = None
                bad = True
        if r["C"].error:
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
                print(f"    {i}: failed ({r[i].error})" if not r[i].error.startswith(("MISMATCH", "skipped"))
                      else f"    {i}: {r[i].error}")
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
