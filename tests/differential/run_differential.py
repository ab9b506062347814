#!/usr/bin/python3
"""Differential test: random programs from gen_scalar.py, run by CPython and by pyscript.

usage: run_differential.py PYSCRIPT [--programs N] [--seed S] [--keep-failures DIR] [--jobs J]
                           [--avoid CONSTRUCT] [--verbose]

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
import concurrent.futures
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


def tail(b, n=6):
    return '\n'.join(b.decode('utf-8', 'replace').rstrip().splitlines()[-n:])


def python_error_line(err):
    """Line of the innermost prog.py frame in a CPython traceback, and the exception line."""
    text = err.decode('utf-8', 'replace')
    lines = re.findall(r'File ".*prog\.py", line (\d+)', text)
    last = text.rstrip().splitlines()[-1] if text.strip() else ''
    return (int(lines[-1]) if lines else None), last


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


def check_one(pyscript, seed, avoid):
    try:
        source = gen_scalar.generate(random.Random(seed), avoid)
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
        # Not part of the match rule: does pyscript blame the line CPython's traceback ends at, and
        # name the same exception?  Differences are reported as notes.
        pline, exc = python_error_line(py[2])
        exc_name = exc.split(':')[0]
        kind = 'runtime error (%s)' % exc_name
        perr = ps[2].decode('utf-8', 'replace')
        m = RUNTIME_ERROR.search(perr)
        if pline is not None and int(m.group(1)) != pline:
            note = 'seed %d: error line differs: python3 line %d (%s), pyscript %s' % (
                seed, pline, exc, perr.strip().splitlines()[0])
        elif exc_name not in perr:
            note = 'seed %d: exception differs: python3 %s, pyscript %s' % (
                seed, exc, perr.strip().splitlines()[0])
    return seed, source, ok, kind, detail, note, (t1 - t0, t2 - t1)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('pyscript')
    ap.add_argument('--programs', type=int, default=300)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--keep-failures', metavar='DIR')
    ap.add_argument('--jobs', type=int, default=2, help='programs checked in parallel (default 2)')
    ap.add_argument('--avoid', action='append', default=[], metavar='CONSTRUCT',
                    choices=sorted(gen_scalar.AVOIDABLE),
                    help='leave a construct out of the programs (to look past a known bug): '
                    + '; '.join('%s: %s' % kv for kv in sorted(gen_scalar.AVOIDABLE.items())))
    ap.add_argument('--verbose', action='store_true', help='print a line per program')
    args = ap.parse_args(argv)
    sys.stdout.reconfigure(errors='backslashreplace')   # diffs may hold any character
    pyscript = os.path.abspath(args.pyscript)
    if args.keep_failures:
        os.makedirs(args.keep_failures, exist_ok=True)

    passed = failed = 0
    kinds = {}
    notes = []
    t_py = t_ps = 0.0
    slowest = []
    start = time.time()
    seeds = range(args.seed, args.seed + args.programs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for seed, source, ok, kind, detail, note, (dpy, dps) in pool.map(
                lambda s: check_one(pyscript, s, args.avoid), seeds):
            t_py += dpy
            t_ps += dps
            slowest = sorted(slowest + [(dps, seed)], reverse=True)[:3]
            kinds[kind] = kinds.get(kind, 0) + 1
            if note:
                notes.append(note)
            if ok:
                passed += 1
                if args.verbose:
                    print('seed %d: %s (python3 %.2f s, pyscript %.2f s)' % (seed, kind, dpy, dps))
                continue
            failed += 1
            print('FAIL seed %d: %s' % (seed, kind))
            if detail:
                print('    ' + detail.replace('\n', '\n    '))
            if args.keep_failures:
                path = os.path.join(args.keep_failures, 'seed_%d.py' % seed)
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(source)
                print('    saved %s' % path)
            sys.stdout.flush()
    for n in notes:
        print('note: ' + n)
    print('outcomes: %s' % ', '.join('%s %d' % kv for kv in sorted(kinds.items())))
    print('time: %.1f s wall, python3 %.1f s, pyscript %.1f s (summed over programs); slowest '
          'pyscript runs: %s' % (time.time() - start, t_py, t_ps,
                                 ', '.join('seed %d %.1f s' % (s, t) for t, s in slowest)))
    print('differential: %d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
