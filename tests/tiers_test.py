#!/usr/bin/env python3
"""Two tiers for a run (Note [Two tiers] in codegen/tiers.cpp,
Note [Tier 1 on another thread] in api/tier_up.cpp), from the command line. Each program of
tests/tier_programs runs as CPython runs it (stdout, exit status, the error's last line) in tier 0
only (PYSCRIPT_TIERS=first), entering tier 1 at every loop (osr), in tier 1 from the first call
(wait), with tier 1 on another thread (the default) and in one tier (0); a long recursion and a
long loop switch tiers while they run; programs that must not be tiered are not; the cache keeps
both tiers. Usage: tiers_test.py PYSCRIPT PROGRAM_DIR"""
import glob
import os
import subprocess
import sys
import tempfile

PYSCRIPT = os.path.abspath(sys.argv[1])
PROGRAMS = sys.argv[2]
PYTHON = "/usr/bin/python3"
passed = failed = 0


def expect(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def run(path, mode, cache=None, trace=False):
    env = dict(os.environ, PYSCRIPT_TIME="1")
    env.pop("PYSCRIPT_TIERS", None)
    if mode is not None:
        env["PYSCRIPT_TIERS"] = mode
    args = [PYSCRIPT, "run", path]
    if cache is None:
        args.insert(2, "--no-cache")
    else:
        env["XDG_CACHE_HOME"] = cache
        if trace:
            env["PYSCRIPT_CACHE_TRACE"] = "1"
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    return p.returncode, p.stdout, p.stderr


def cpython(path):
    p = subprocess.run([PYTHON, path], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, NPY_PROMOTION_STATE="weak"))
    last = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
    return p.returncode, p.stdout, last


def errors_of(stderr):
    return [line for line in stderr.splitlines() if not line.startswith("pyscript")]


def tiered(stderr):
    return any(line.endswith("in two tiers") for line in stderr.splitlines())


for path in sorted(glob.glob(os.path.join(PROGRAMS, "*.py"))):
    name = os.path.basename(path)
    want_code, want_out, want_error = cpython(path)
    for mode in ("first", "osr", "wait", None, "0"):
        code, out, err = run(path, mode)
        label = f"{name} PYSCRIPT_TIERS={mode}"
        expect(f"{label}: as CPython", (code, out) == (want_code, want_out), (code, out, want_out))
        errors = errors_of(err)
        if want_error:
            expect(f"{label}: CPython's error", errors and errors[-1].endswith(want_error), (errors, want_error))
        else:
            expect(f"{label}: no error", not errors, errors)
        expect(f"{label}: tiered as asked", tiered(err) == (mode != "0"), err)

with tempfile.TemporaryDirectory() as tmp:
    def write(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    fib = "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n\n\n"
    # Tier 0 alone takes about 0.3 s for fib(37) here; tier 1 is ready after a few tens of ms, and
    # the calls the running recursion makes from then on run in it.
    long = write("long.py", fib + "print(fib(37))\n")
    code, out, err = run(long, None)
    expect("long recursion: answer", (code, out) == (0, "24157817\n"), (code, out))
    expect("long recursion: tier 1 linked while it ran", " linked " in err, err)

    # A top-level loop of a few iterations may call recursive functions in two tiers.
    loop = write("loop.py", fib + "for k in range(3):\n    print(fib(20 + k))\n")
    code, out, err = run(loop, None)
    expect("short top-level loop: two tiers", (code, out, tiered(err)) == (0, "6765\n10946\n17711\n", True),
           (code, out, err))
    # A top-level loop with no static bound: two tiers, the loop leaving tier 0 while it runs (tier 0
    # alone takes about 0.4 s here, tier 1 is linked after about 12 ms).
    loop = write("while.py", fib + "n = 1\nwhile fib(n) < 10000:\n    n = n + 1\nprint(n)\n")
    code, out, err = run(loop, None)
    expect("unbounded top-level loop: two tiers", (code, out, tiered(err)) == (0, "21\n", True), (code, out, err))
    long_loop = write("long_loop.py", "total = 0\ni = 0\nwhile i < 100000000:\n    total = total + i % 7\n"
                      "    i = i + 1\nprint(total)\n")
    code, out, err = run(long_loop, None)
    expect("long top-level loop: answer", (code, out) == (0, "299999995\n"), (code, out))
    expect("long top-level loop: tier 1 linked while it ran", " linked " in err, err)
    # Not tiered: a recursive function calling np.sin (libmvec and libm may differ in the last bit).
    sin = write("sin.py", "import numpy as np\n\n\ndef f(a, n):\n    if n == 0:\n        return a\n"
                "    return f(np.sin(a) * 0.5, n - 1)\n\n\nprint(f(np.linspace(0.0, 1.0, 5), 20))\n")
    want = cpython(sin)
    code, out, err = run(sin, None)
    expect("np.sin: one tier", (code, out, tiered(err)) == (0, want[1], False), (code, out, want, err))

    # The cache: the first run stores tier 0 and (waiting for it) tier 1; the next reads both and
    # compiles nothing.
    cache = os.path.join(tmp, "cache")
    prog = os.path.join(PROGRAMS, "scalars.py")
    want_code, want_out, _ = cpython(prog)
    code, out, err = run(prog, "wait", cache=cache, trace=True)
    events = [" ".join(line.split()[1:3]) for line in err.splitlines() if line.startswith("pyscript-cache: ")]
    expect("cold: as CPython", (code, out) == (want_code, want_out), (code, out))
    expect("cold: stores both tiers", events.count("store object") == 2, events)
    code, out, err = run(prog, None, cache=cache, trace=True)
    events = [" ".join(line.split()[1:3]) for line in err.splitlines() if line.startswith("pyscript-cache: ")]
    expect("warm: as CPython", (code, out) == (want_code, want_out), (code, out))
    expect("warm: reads both tiers", events.count("hit object") == 2 and "miss object" not in events, events)
    expect("warm: compiles nothing", "llvm opt" not in err and "pyscript time: codegen" not in err, err)
    # A damaged tier-1 entry is dropped and compiled again.
    entries = sorted(os.listdir(os.path.join(cache, "pyscript")))
    for entry in entries:
        path = os.path.join(cache, "pyscript", entry)
        if entry.endswith(".entry"):
            with open(path, "r+b") as f:
                f.seek(os.path.getsize(path) // 2)
                f.write(b"\xff\xfe\xfd")
    code, out, err = run(prog, "wait", cache=cache, trace=True)
    expect("damaged entries: as CPython", (code, out) == (want_code, want_out), (code, out, err))

print(f"tier tests: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
