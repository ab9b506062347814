#!/usr/bin/env python3
"""Runs ../shared/conformance/check over the whole corpus and compares its failures with
tests/conformance_pending.txt, the programs that wait for a feature not built yet.

Fails when a program outside that list fails, and when a listed one passes (so the list shrinks as
features land). Usage: conformance.py PYSCRIPT CHECK_SCRIPT
"""
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
pyscript, check = sys.argv[1], sys.argv[2]

pending = {}
with open(os.path.join(here, "conformance_pending.txt")) as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, why = line.partition(" ")
            pending[name] = why.strip()

p = subprocess.run([sys.executable, check, pyscript, "--verbose"], capture_output=True, text=True)
print(p.stdout.rstrip())
failed = set(re.findall(r"^FAIL (\S+):", p.stdout, re.M))
passed = set(re.findall(r"^ok\s+(\S+)$", p.stdout, re.M))
if not failed and not passed:
    print("the conformance check printed nothing usable:", p.stderr)
    sys.exit(1)

problems = []
for name in sorted(failed - set(pending)):
    problems.append(f"unexpected failure: {name}")
for name in sorted(passed & set(pending)):
    problems.append(f"now passes, remove it from tests/conformance_pending.txt: {name}")
for line in problems:
    print(line)
print(f"conformance: {len(passed)} passed, {len(failed)} failed "
      f"({len(failed & set(pending))} pending a later feature)")
sys.exit(1 if problems else 0)
