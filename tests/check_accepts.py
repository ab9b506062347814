#!/usr/bin/env python3
"""`pyscript check` accepts every program of the corpus that CPython runs (those with a .out file):
exit 0 and no diagnostics. Programs listed in tests/conformance_pending.txt (waiting for a later
feature) are skipped. Usage: check_accepts.py PYSCRIPT CORPUS_DIR"""
import os
import subprocess
import sys

pyscript, corpus = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
pending = set()
with open(os.path.join(here, "conformance_pending.txt")) as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if line:
            pending.add(line.split()[0])

passed = failed = skipped = 0
for sub in sorted(os.listdir(corpus)):
    d = os.path.join(corpus, sub)
    if not os.path.isdir(d):
        continue
    for name in sorted(os.listdir(d)):
        if not name.endswith(".py") or not os.path.exists(os.path.join(d, name[:-3] + ".out")):
            continue
        if f"{sub}/{name}" in pending:
            skipped += 1
            continue
        with open(os.path.join(d, name)) as f:
            first = f.readline()
        if first.startswith("# expect-error-or-runtime-error"):
            continue  # a compiler may refuse it
        p = subprocess.run([pyscript, "check", os.path.join(d, name)], capture_output=True, text=True)
        if p.returncode == 0 and not p.stdout and not p.stderr:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {sub}/{name}: exit {p.returncode}\n{p.stderr}")
print(f"({skipped} pending a later feature skipped)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
