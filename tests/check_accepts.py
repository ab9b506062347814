#!/usr/bin/env python3
"""`pyscript check` accepts every program of the corpus that CPython runs (those with a .out file):
exit 0 and no diagnostics. Usage: check_accepts.py PYSCRIPT CORPUS_DIR"""
import os
import subprocess
import sys

pyscript, corpus = sys.argv[1], sys.argv[2]
passed = failed = 0
for sub in ("scalar", "tensor"):
    d = os.path.join(corpus, sub)
    for name in sorted(os.listdir(d)):
        if not name.endswith(".py") or not os.path.exists(os.path.join(d, name[:-3] + ".out")):
            continue
        p = subprocess.run([pyscript, "check", os.path.join(d, name)], capture_output=True, text=True)
        if p.returncode == 0 and not p.stdout and not p.stderr:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {sub}/{name}: exit {p.returncode}\n{p.stderr}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
