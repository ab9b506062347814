#!/usr/bin/env python3
"""Differential tests against CPython and numpy: every program in tests/numpy_programs,
tests/scalar_programs (regressions, compared exactly) and examples/ that import numpy runs under
Debian's python3 with numpy and under `pyscript run`; the outputs must match, numbers within
rel 1e-5 / abs 1e-6 as ../shared/conformance/check compares them.
Usage: numpy_diff.py PYSCRIPT CONFORMANCE_CHECK"""
import importlib.machinery
import importlib.util
import os
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


def ends_with_error(path):
    """A program whose first line says 'ends with an error' raises at its end: CPython's exception
    line ('numpy.linalg.LinAlgError: Singular matrix') must be what pyscript's runtime error says."""
    with open(path) as f:
        return "ends with an error" in f.readline()


def same_error(expected, actual):
    lines = expected.stderr.strip().splitlines()
    return (expected.returncode != 0 and actual.returncode == 1 and bool(lines) and
            actual.stderr.strip().endswith(": runtime error: " + lines[-1]))


passed = failed = 0
for prog in programs:
    expected = subprocess.run(["/usr/bin/python3", prog], capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, NPY_PROMOTION_STATE="weak"))  # SPEC.md's oracle
    actual = subprocess.run([pyscript, "run", prog], capture_output=True, text=True, timeout=120)
    name = os.path.relpath(prog, os.path.join(here, ".."))
    if ends_with_error(prog) and not same_error(expected, actual):
        print(f"FAIL {name}: the error differs\n--- numpy\n{expected.stderr.strip()[-300:]}\n--- pyscript\n{actual.stderr}")
        failed += 1
    elif ends_with_error(prog) and expected.stdout != actual.stdout:
        print(f"FAIL {name}: output before the error\n--- numpy\n{expected.stdout}--- pyscript\n{actual.stdout}")
        failed += 1
    elif ends_with_error(prog):
        passed += 1
    elif expected.returncode != 0:
        print(f"FAIL {name}: CPython failed: {expected.stderr.strip()[-300:]}")
        failed += 1
    # Identical text passes before the tolerant comparison, whose close() calls inf != inf.
    elif actual.returncode != 0 or (expected.stdout != actual.stdout and
                                    not check.same_output(expected.stdout, actual.stdout,
                                                          exact="scalar_programs" in prog or exact_output(prog))):
        print(f"FAIL {name}: exit {actual.returncode}\n--- numpy\n{expected.stdout}--- pyscript\n{actual.stdout}{actual.stderr}")
        failed += 1
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
