#!/usr/bin/python3
"""np.random in compiled programs against numpy 1.24 (runtime/random_api.cpp, lower/lower_random.cpp):
  1. seeded random programs (legacy functions and Generators mixed, random sizes, shapes and
     arguments, results printed in full and as sums), run for many seeds each by `pyscript run`
     and by CPython + numpy: the outputs must be equal byte for byte;
  2. numpy's errors (ValueError: low >= high, ...) at the failing call, with numpy's words;
  3. a loop making 1,000,000 Generators runs in the memory of one making 10,000 (each is freed
     when its last reference goes).
Usage: compiled_check.py PYSCRIPT [--programs N] [--seeds N] [--seed S] [--keep DIR]"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

ENV = dict(os.environ, NPY_PROMOTION_STATE="weak")
SIZES = ["", "0", "1", "3", "7", "(2, 3)", "(1, 4)", "()", "(3, 0)", "17"]


def size_arg(r, keyword=True):
    s = r.choice(SIZES)
    if not s:
        return ""
    return ("size=" if keyword or r.random() < 0.5 else "") + s


def int_text(v):
    return "-9223372036854775807 - 1" if v == -2**63 else str(v)  # -2**63 is no literal of pyscript's


def call_text(name, args):
    return "%s(%s)" % (name, ", ".join(a for a in args if a))


def legacy_call(r):
    kind = r.choice(["rand", "randn", "randint", "uniform", "normal", "random", "choice", "choice_array",
                     "permutation", "permutation_array", "standard_normal"])
    if kind in ("rand", "randn"):
        dims = r.choice([[], ["3"], ["2", "2"], ["1", "5"], ["0"]])
        return call_text("np.random." + kind, dims)
    if kind == "randint":
        low, high = r.choice([(0, 10), (-5, 5), (0, 2**32 + 7), (2**40, 2**40 + 2), (-2**63, 2**63 - 1), (3, 4)])
        args = [int_text(low), str(high)] if r.random() < 0.7 or low != 0 else [str(high)]
        return call_text("np.random.randint", args + [size_arg(r)])
    if kind in ("uniform", "normal"):
        a, b = r.choice([(0.0, 1.0), (-2.5, 4.0), (10, 3), (1e6, 1e-3), (0, 0)])
        if kind == "normal":
            b = abs(b)
        return call_text("np.random." + kind, [repr(a), repr(b), size_arg(r)])
    if kind in ("random", "standard_normal"):
        name = r.choice(["random", "random_sample", "ranf", "sample"]) if kind == "random" else kind
        return call_text("np.random." + name, [size_arg(r, keyword=False)])
    if kind in ("choice", "choice_array"):
        return choice_call(r, "np.random.choice", kind == "choice_array", generator=False)
    if kind == "permutation":
        return "np.random.permutation(%d)" % r.choice([0, 1, 5, 30])
    return "np.random.permutation(%s)" % r.choice(["np.arange(6) * 1.5", "np.arange(12).reshape(4, 3)"])


def choice_call(r, name, array, generator):
    n = r.choice([1, 3, 10, 1000, 30000])
    a = "np.arange(%d) * 3 - 7" % min(n, 50) if array else str(n)
    n = min(n, 50) if array else n
    replace = r.random() < 0.6
    size = r.choice(["", "1", "4", "(2, 2)", "0"])
    if not replace:
        size = r.choice(["", "1", "3", "0"]) if n < 3000 else r.choice(["5", "(2, 3)"])
        if n == 1:
            size = r.choice(["", "1"])
    args = [a, "size=" + size if size else "", "" if replace else "replace=False"]
    if n <= 10 and r.random() < 0.3:
        weights = [r.random() for _ in range(n)]
        total = sum(weights)
        args.append("p=np.array([%s])" % ", ".join(repr(w / total) for w in weights))
    if generator and r.random() < 0.3:
        args.append("shuffle=False")
    return call_text(name, args)


def generator_call(r):
    kind = r.choice(["random", "random32", "standard_normal", "integers", "normal", "uniform", "choice",
                     "choice_array", "permutation", "permutation_array"])
    if kind in ("random", "standard_normal"):
        return call_text("rng." + kind, [size_arg(r, keyword=False)])
    if kind == "random32":
        return call_text("rng.random", [size_arg(r), "dtype=np.float32"])
    if kind == "integers":
        low, high = r.choice([(0, 10), (-5, 5), (0, 2**32 + 7), (2**40, 2**40 + 2), (-2**63, 2**63 - 1), (3, 4)])
        endpoint = r.random() < 0.3 and high < 2**63 - 1
        args = [int_text(low), str(high)] if r.random() < 0.7 or low != 0 else [str(high)]
        return call_text("rng.integers", args + [size_arg(r), "endpoint=True" if endpoint else ""])
    if kind in ("normal", "uniform"):
        a, b = r.choice([(0.0, 1.0), (-2.5, 4.0), (3, 10), (1e6, 1e-3), (0, 0)])
        return call_text("rng." + kind, [repr(a), repr(b), size_arg(r)])
    if kind in ("choice", "choice_array"):
        return choice_call(r, "rng.choice", kind == "choice_array", generator=True)
    if kind == "permutation":
        return "rng.permutation(%d)" % r.choice([0, 1, 5, 30])
    return "rng.permutation(%s)" % r.choice(["np.arange(6) * 1.5", "np.arange(12).reshape(4, 3)"])


def gives_array(call):
    """Whether numpy returns an array (else a Python or numpy scalar): a size, dims or permutation."""
    inner = call[call.index("(") + 1:-1]
    if "permutation" in call or "size=" in call:
        return True
    sized = ("rand", "randn", "random", "random_sample", "ranf", "sample", "standard_normal")
    if call.startswith(tuple("np.random.%s(" % n for n in sized)):  # dims, or a size
        return inner != ""
    if call.startswith(("rng.random(", "rng.standard_normal(")):
        return inner != "" and not inner.startswith("dtype")
    positional = [a for a in split_args(inner) if "=" not in a]
    needed = {"np.random.randint": 2, "rng.integers": 2, "np.random.uniform": 2, "np.random.normal": 2,
              "rng.uniform": 2, "rng.normal": 2, "np.random.choice": 1, "rng.choice": 1}
    for name, k in needed.items():
        if call.startswith(name + "("):
            return len(positional) > k
    return False


def split_args(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def statement(r, k):
    call = legacy_call(r) if r.random() < 0.5 else generator_call(r)
    how = r.random()
    if how < 0.15:
        return [call]  # unused: still advances the stream
    if how < 0.6:
        return ["print(%s)" % call]
    # A name, then its value mixed into arithmetic, and an array's sum at full precision.
    lines = ["v%d = %s" % (k, call), "print(v%d * 0.5 + 1)" % k]
    if gives_array(call):
        lines.append("print(v%d.sum() * 1.0, v%d.shape)" % (k, k))
    return lines


def program(r, seeds):
    lines = ["import numpy as np", "", "", "def body(seed, gseed):", "    np.random.seed(seed)",
             "    rng = np.random.default_rng(gseed)"]
    for k in range(r.randint(4, 14)):
        lines += ["    " + s for s in statement(r, k)]
    lines += ["", ""]
    for s in seeds:
        lines.append("body(%d, %d)" % s)
    return "\n".join(lines) + "\n"


def run_programs(pyscript, count, seeds_per, seed, keep):
    r = random.Random(seed)
    failed = 0
    compared = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or tmp
        for i in range(count):
            seeds = [(r.randrange(2**32), r.choice([r.randrange(2**63), r.randrange(1000)])) for _ in range(seeds_per)]
            text = program(r, seeds)
            path = os.path.join(folder, "random_program_%d.py" % i)
            with open(path, "w") as f:
                f.write(text)
            want = subprocess.run(["/usr/bin/python3", path], capture_output=True, text=True, env=ENV, timeout=120)
            have = subprocess.run([pyscript, "run", path], capture_output=True, text=True, timeout=120)
            compared += seeds_per
            # numpy's error (Generator.uniform(high < low), ...) ends both runs at the same call.
            same_end = (want.returncode == 0) == (have.returncode == 0)
            if want.returncode != 0 and same_end:
                same_end = have.stderr.strip().endswith("runtime error: " + want.stderr.strip().splitlines()[-1])
            if not same_end or want.stdout != have.stdout:
                failed += 1
                if failed <= 3:
                    print("MISMATCH %s (exit %d / %d)\n%s" % (path, want.returncode, have.returncode,
                                                             first_difference(want.stdout, have.stdout)))
                    print(want.stderr[-500:], have.stderr[-500:])
    print("programs: %d, seeds run: %d, failed: %d" % (count, compared, failed))
    return failed


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<none>"
        y = lb[i] if i < len(lb) else "<none>"
        if x != y:
            return "  line %d\n  numpy:    %s\n  pyscript: %s" % (i + 1, x, y)
    return "  (same lines)"


ERRORS = [
    "np.random.randint(5, 5)", "np.random.randint(0)", "np.random.randint(-3, size=2)", "np.random.seed(-1)",
    "np.random.seed(2**32)", "np.random.uniform(0, np.inf)", "np.random.normal(0, -1)",
    "np.random.normal(0, -1, 3)", "np.random.choice(0)", "np.random.choice(3, 4, replace=False)",
    "np.random.choice(3, -1)", "np.random.choice(np.zeros(0))", "np.random.choice(3, p=np.array([0.5, 0.5]))",
    "np.random.choice(3, p=np.array([0.5, 0.6, -0.1]))", "np.random.rand(-1)", "np.random.rand(2, -1)",
    "np.random.random((2, -3))", "np.random.rand(2**40, 2**40)", "np.random.default_rng(-1)",
    "np.random.default_rng(1).integers(5, 5)", "np.random.default_rng(1).integers(0)",
    "np.random.default_rng(1).uniform(1, 0)", "np.random.default_rng(1).uniform(0, np.inf)",
    "np.random.default_rng(1).normal(0, -1, 2)", "np.random.default_rng(1).choice(0)",
    "np.random.default_rng(1).choice(3, 4, replace=False)", "np.random.default_rng(1).random(-1)",
    "np.random.default_rng(1).choice(3, p=np.array([0.5, 0.6, 0.1]))",
    "np.random.default_rng(1).choice(3, 2, replace=False, p=np.array([0.0, 1.0, 0.0]))",
]


def run_errors(pyscript):
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, expr in enumerate(ERRORS):
            path = os.path.join(tmp, "error_%d.py" % k)
            with open(path, "w") as f:
                f.write("import numpy as np\nprint('before')\nx = %s\nprint('after')\n" % expr)
            want = subprocess.run(["/usr/bin/python3", path], capture_output=True, text=True, env=ENV)
            have = subprocess.run([pyscript, "run", path], capture_output=True, text=True)
            want_error = want.stderr.strip().splitlines()[-1] if want.stderr.strip() else "<no error>"
            expected = "%s:3:5: runtime error: %s" % (path, want_error)
            if have.stdout != want.stdout or have.stderr.strip() != expected:
                failed += 1
                print("ERROR MISMATCH %s\n  numpy:    %s\n  pyscript: %s" % (expr, expected, have.stderr.strip()))
    print("errors: %d, failed: %d" % (len(ERRORS), failed))
    return failed


def max_rss_kib(pyscript, path):
    """The peak resident memory of one `pyscript run` (wait4's rusage of that child only)."""
    p = subprocess.Popen([pyscript, "run", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    p.stdout.read()
    p.stdout.close()
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_maxrss


def run_memory(pyscript):
    sources = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in (10000, 1000000):
            path = os.path.join(tmp, "generators_%d.py" % n)
            with open(path, "w") as f:
                f.write("import numpy as np\n\n\ndef step(i):\n    rng = np.random.default_rng(i)\n"
                        "    return rng.random() + float(rng.integers(3))\n\n\ns = 0.0\n"
                        "for i in range(%d):\n    g = np.random.default_rng(i)\n    s = s + g.random() + step(i)\n"
                        "print(s > 0)\n" % n)
            sources[n] = max_rss_kib(pyscript, path)
    (code_small, small), (code_big, big) = sources[10000], sources[1000000]
    # A leak of 1,000,000 Generators (56 bytes each, twice per iteration) would be over 100 MiB.
    ok = code_small == 0 and code_big == 0 and big - small < 16 * 1024
    print("memory: peak %d KiB for 10,000 Generators, %d KiB for 1,000,000: %s" % (small, big, "flat" if ok else
                                                                                   "GROWS"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pyscript")
    ap.add_argument("--programs", type=int, default=60)
    ap.add_argument("--seeds", type=int, default=8, help="seeds per program")
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--keep", help="write the programs here")
    args = ap.parse_args()
    pyscript = os.path.abspath(args.pyscript)
    failed = run_programs(pyscript, args.programs, args.seeds, args.seed, args.keep)
    failed += run_errors(pyscript)
    failed += run_memory(pyscript)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
