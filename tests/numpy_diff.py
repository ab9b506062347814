#!/usr/bin/env python3
"""Differential tests against CPython and numpy: every program in tests/numpy_programs,
tests/scalar_programs (regressions, compared exactly) and examples/ that import numpy runs under
Debian's python3 with numpy and under `pyscript run`; the outputs must match, numbers within
rel 1e-5 / abs 1e-6 as ../shared/conformance/check compares them.
A program may end with an error CPython raises (numpy's IndexError, ValueError, ...): pyscript
must then stop with a runtime error carrying the same message as the traceback's last line, after
the same output. CPython runs with NPY_PROMOTION_STATE=weak (numpy 2's promotion, the SPEC's).
Usage: numpy_diff.py PYSCRIPT CONFORMANCE_CHECK"""
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
pyscript, check_path = sys.argv[1], sys.argv[2]
loader = importlib.machinery.SourceFileLoader("conformance_check", check_path)  # no .py suffix
spec = importlib.util.spec_from_loader("conformance_check", loader)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

programs = []
for folder in ("numpy_programs", "scalar_programs"):
    programs += [os.path.join(here, folder, n) for n in sorted(os.listdir(os.path.join(here, folder))) if n.endswith(".py")]
examples = os.path.join(here, "..", "examples")
for n in sorted(os.listdir(examples)):
    path = os.path.join(examples, n)
    if n.endswith(".py") and "import numpy" in open(path).read():
        programs.append(path)



def exact_output(path):
    """A numpy program whose first line says '# exact output' prints only exactly computed values:
    its text must match numpy's byte for byte (layout included, which the tolerant check skips)."""
    with open(path) as f:
        return "exact output" in f.readline()


def error_message(cpython_stderr):
    """The exception line that ends CPython's traceback ("IndexError: index 5 is out of ...")."""
    lines = [line for line in cpython_stderr.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def runtime_error_matches(expected, actual):
    m = re.search(r": runtime error: (.*)$", actual.stderr, re.M)
    return actual.returncode == 1 and m is not None and m.group(1) == error_message(expected.stderr)


passed = failed = 0
for prog in programs:
    expected = subprocess.run(["/usr/bin/python3", prog], capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, NPY_PROMOTION_STATE="weak"))  # SPEC.md's oracle
    actual = subprocess.run([pyscript, "run", prog], capture_output=True, text=True, timeout=120)
    name = os.path.relpath(prog, os.path.join(here, ".."))
    # Identical text passes before the tolerant comparison, whose close() calls inf != inf.
    same_stdout = expected.stdout == actual.stdout or check.same_output(
        expected.stdout, actual.stdout, exact="scalar_programs" in prog or exact_output(prog))
    if expected.returncode != 0 and "Traceback" not in expected.stderr:
        print(f"FAIL {name}: CPython failed: {expected.stderr.strip()[-300:]}")
        failed += 1
    elif expected.returncode != 0 and not (runtime_error_matches(expected, actual) and same_stdout):
        print(f"FAIL {name}: CPython raised {error_message(expected.stderr)!r}\n--- numpy\n{expected.stdout}"
              f"--- pyscript (exit {actual.returncode})\n{actual.stdout}{actual.stderr}")
        failed += 1
    elif expected.returncode == 0 and (actual.returncode != 0 or not same_stdout):
        print(f"FAIL {name}: exit {actual.returncode}\n--- numpy\n{expected.stdout}--- pyscript\n{actual.stdout}{actual.stderr}")
        failed += 1
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
