#!/usr/bin/python3
"""Differential test: random programs from gen_scalar.py, run by CPython and by pyscript.

usage: run_differential.py PYSCRIPT [--programs N] [--seed S] [--keep-failures DIR] [--jobs J]
                           [--avoid CONSTRUCT] [--functions MIN-MAX] [--verbose]

Program i is generated from seed S+i and run as `/usr/bin/python3 prog.py` and `PYSCRIPT run prog.py`
(20 s timeout each) in a temporary directory.  A program matches when
  (a) both exit 0 and their stdout is byte-identical, or
  (b) CPython raised (exit != 0), pyscript exited 1 printing `prog.py:LINE:COL: runtime error` on
      stderr, and pyscript's stdout equals CPython's (the output before the error), or
  (c) pyscript reported `OverflowError: integer overflow` (its ints are 64-bit by design), CPython
      printed an int outside [-2**63, 2**63-1], and pyscript's stdout is a prefix of CPython's.
Anything else fails: the seed and a short diff are printed and the program is saved to the
--keep-failures directory.  The last line is `differential: N passed, M failed`; the exit status is 0
only when nothing failed.

Not part of the match: when both raise, a `note:` line reports a pyscript error line that differs from
the last prog.py line of CPython's traceback, or another exception name.  --avoid leaves a construct
out of the programs (gen_scalar.AVOIDABLE) to look past a known bug; --jobs runs programs in
parallel (default 2); `gen_scalar.py SEED` prints the program of one seed.
"""

import argparse
import difflib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_scalar  # noqa: E402
import harness  # noqa: E402
from harness import tail  # noqa: E402

PYTHON = '/usr/bin/python3'
TIMEOUT = 20
RUNTIME_ERROR = re.compile(r'^prog\.py:(\d+):(\d+): runtime error', re.M)
INT_TOKEN = re.compile(r'(?<![\w.])-?\d+(?![\w.])')


def run(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return 'timeout', e.stdout or b'', e.stderr or b''
    except OSError as e:   # e.g. the binary is being rebuilt
        return 'not started', b'', str(e).encode()


def prints_big_int(out):
    return any(abs(int(t)) > 2 ** 63 - 1 or int(t) < -2 ** 63
               for t in INT_TOKEN.findall(out.decode('utf-8', 'replace')))


def short_diff(a, b, limit=12):
    lines = list(difflib.unified_diff(a.decode('utf-8', 'replace').splitlines(),
                                      b.decode('utf-8', 'replace').splitlines(),
                                      'python3', 'pyscript', lineterm='', n=1))
    if len(lines) > limit:
        lines = lines[:limit] + ['... (%d more diff lines)' % (len(lines) - limit)]
    return '\n'.join(lines)




def compare(py, ps):
    """Returns (ok, kind, detail)."""
    prc, pout, perr = py
    src, sout, serr = ps
    if prc == 'timeout':
        return False, 'python timeout', 'CPython ran past %d s (generator bug)' % TIMEOUT
    if src == 'timeout':
        return False, 'pyscript timeout', 'pyscript ran past %d s' % TIMEOUT
    if src == 'not started':
        return False, 'pyscript could not be started', serr.decode()
    if prc == 0 and src == 0:
        if pout == sout:
            return True, 'ok', ''
        return False, 'output differs', short_diff(pout, sout)
    m = RUNTIME_ERROR.search(serr.decode('utf-8', 'replace'))
    if prc == 0 and src == 1 and m and b'OverflowError: integer overflow' in serr \
            and prints_big_int(pout) and pout.startswith(sout):
        return True, 'int overflow', ''
    if prc != 0 and src == 1 and m:
        if pout == sout:
            return True, 'runtime error', ''
        return False, 'output before the error differs', short_diff(pout, sout)
    if prc != 0:
        return False, 'CPython raised, pyscript did not report a runtime error', (
            'python3 exit %s:\n%s\npyscript exit %s:\n%s' % (prc, tail(perr, 3), src, tail(serr)))
    if src == 1 and not m:
        return False, 'pyscript rejected or failed', 'pyscript exit 1:\n' + tail(serr, 10)
    return False, 'pyscript failed', 'pyscript exit %s:\n%s\n%s' % (
        src, tail(serr), short_diff(pout, sout))


def check_one(pyscript, seed, avoid, functions):
    try:
        source = gen_scalar.generate(random.Random(seed), avoid, functions)
    except Exception as e:   # a generator bug: report it like a failure
        return seed, '', False, 'generator error', '%s: %s' % (type(e).__name__, e), None, (0, 0)
    d = tempfile.mkdtemp(prefix='pyscript-diff-')
    try:
        with open(os.path.join(d, 'prog.py'), 'w', encoding='utf-8') as f:
            f.write(source)
        t0 = time.time()
        py = run([PYTHON, 'prog.py'], d)
        t1 = time.time()
        ps = run([pyscript, 'run', 'prog.py'], d)
        t2 = time.time()
    finally:
        shutil.rmtree(d, ignore_errors=True)
    ok, kind, detail = compare(py, ps)
    note = None
    if ok and kind == 'runtime error':
        kind, note = harness.runtime_error_note(seed, py, ps)
    return seed, source, ok, kind, detail, note, (t1 - t0, t2 - t1)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.common_arguments(ap, gen_scalar.AVOIDABLE, programs=300)
    ap.add_argument('--functions', type=gen_scalar.parse_functions, default=(15, 25), metavar='MIN-MAX',
                    help='functions per program (default 15-25)')
    args = ap.parse_args(argv)
    pyscript = os.path.abspath(args.pyscript)
    return harness.run_all(args, lambda seed: check_one(pyscript, seed, args.avoid, args.functions))

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
