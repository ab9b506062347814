#!/usr/bin/python3
"""Differential test: random numpy programs from gen_tensor.py, run by CPython and by pyscript.

usage: run_tensor_differential.py PYSCRIPT [--programs N] [--seed S] [--keep-failures DIR]
                                  [--jobs J] [--avoid CONSTRUCT] [--check PATH]
                                  [--both-promotions] [--verbose]
                                  [--generator tensor|elements|lists|classes|sets|generators|stdlib|loops]

--generator picks the programs: gen_tensor.py (default), gen_elements.py (element loops over arrays,
numpy scalars) or gen_lists.py (lists, dicts, str and their aliasing; no numpy) or gen_classes.py (user classes:
inheritance, dispatch, operator methods, Optional chains, aliasing of objects).  The programs of
gen_lists and gen_classes print only exact values, so their outputs are compared byte for byte instead of (a)'s
tolerant comparison below (stdout before an error too).

Program i is generated from seed S+i and run in a temporary directory (30 s timeout each) as
`PYSCRIPT run prog.py` and as `NPY_PROMOTION_STATE=weak /usr/bin/python3 prog.py` with numpy 1.24:
numpy 2's promotion rules for Python scalars (NEP 50), which pyscript follows.  The generator
leaves out constructs whose result differs between numpy 1.24 (either promotion state) and numpy 2
(see gen_tensor's docstring), so for its programs the environment variable changes nothing.
--both-promotions checks that: it also runs CPython with the default (value-based) promotion, and a
program whose two CPython runs disagree is not compared (outcome `numpy-version-sensitive`, counted
neither as passed nor failed; it points at a gap in the generator).

A program matches when
  (a) both exit 0 and pyscript's stdout equals CPython's: numbers within rel 1e-5 / abs 1e-6
      (same_output of shared/conformance/check, loaded from --check), and moreover the same
      brackets in the same order, and -- where every number prints the same text -- the same text
      byte for byte (numpy's layout), and no number printed differently with the same value
      (`1.` against `1.0`); or
  (b) CPython raised (exit != 0), pyscript exited 1 printing `prog.py:LINE:COL: runtime error` on
      stderr, and pyscript's stdout equals CPython's output before the error (as in (a)); or
  (c) the program's first line says that it ends in an operation numpy rejects by dtype
      (bool - bool, int ** -1), CPython raised, and pyscript rejected it at compile time
      (`prog.py:LINE:COL: error:`).
Anything else fails: the seed and a short diff are printed and the program is saved to the
--keep-failures directory.  The last line is `differential: N passed, M failed`; the exit status is 0
only when nothing failed.  Notes (not failures) report a runtime error blamed on another line than
CPython's traceback ends at, or another exception name.  --avoid leaves a construct out of the
programs (gen_tensor.AVOIDABLE) to look past a known bug; --jobs runs programs in parallel
(default 2); `gen_tensor.py SEED` prints the program of one seed.
"""

import argparse
import difflib
import importlib.machinery
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_tensor  # noqa: E402
GENERATOR = gen_tensor  # --generator elements: gen_elements, --generator lists: gen_lists
EXACT = False           # --generator lists: outputs must be byte-identical
import harness  # noqa: E402
from harness import tail  # noqa: E402

PYTHON = '/usr/bin/python3'
TIMEOUT = 30
RUNTIME_ERROR = re.compile(r'^prog\.py:(\d+):(\d+): runtime error', re.M)
COMPILE_ERROR = re.compile(r'^prog\.py:(\d+):(\d+): error', re.M)
NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b")
DEFAULT_CHECK = os.path.join(HERE, '..', '..', '..', 'shared', 'conformance', 'check')


def load_check(path):
    loader = importlib.machinery.SourceFileLoader('conformance_check', path)   # no .py suffix
    spec = importlib.util.spec_from_loader('conformance_check', loader)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


CHECK = None


def run(cmd, cwd, env=None):
    for attempt in range(60):
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=TIMEOUT, env=env)
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            return 'timeout', e.stdout or b'', e.stderr or b''
        except OSError as e:   # e.g. the binary is being rebuilt: wait for it (up to a minute)
            err = e
            time.sleep(1)
    return 'not started', b'', str(err).encode()


def short_diff(a, b, limit=14):
    lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(), 'python3', 'pyscript',
                                      lineterm='', n=1))
    if len(lines) > limit:
        lines = lines[:limit] + ['... (%d more diff lines)' % (len(lines) - limit)]
    return '\n'.join(lines)



def same_tokens(expected, actual):
    """same_output, but a number printed with the same text always matches (check's close()
    says inf != inf, since inf - inf is nan)."""
    te, ta = CHECK.tokens(expected), CHECK.tokens(actual)
    if len(te) != len(ta):
        return False
    for (ke, ve), (ka, va) in zip(te, ta):
        if ke != ka or (ve != va and (ke == 'w' or not CHECK.close(ve, va))):
            return False
    return True


def outputs_match(expected, actual):
    """(ok, why): the tolerant comparison plus the layout checks described in the docstring."""
    if expected == actual:
        return True, ''
    if EXACT:
        return False, 'output differs'
    if not CHECK.same_output(expected, actual, exact=False) and not same_tokens(expected, actual):
        return False, 'output differs'
    if re.sub(r'[^\[\]]', '', expected) != re.sub(r'[^\[\]]', '', actual):
        return False, 'printing differs (brackets)'
    # Where every number has the value CPython printed, numpy's layout is determined: the text
    # must be the same.  (Where some value differs within the tolerance, numpy may lay the array
    # out otherwise -- other widths, scientific notation -- so only the tolerant match applies.)
    ne, na = NUM.findall(expected), NUM.findall(actual)
    if len(ne) == len(na):
        same_values = True
        for e, a in zip(ne, na):
            try:
                same_values = same_values and (e == a or float(e) == float(a))
            except ValueError:
                same_values = same_values and e == a
        if same_values:
            for e, a in zip(ne, na):
                if e != a:
                    return False, 'printing differs (%s printed as %s)' % (e, a)
            return False, 'printing differs (layout)'
    return True, ''



def compare(py, ps, reject_ok=False):
    """Returns (ok, kind, detail); reject_ok: a compile-time error is as good as a runtime
    error (the program ends in an operation numpy rejects by dtype)."""
    prc, pout, perr = py
    src, sout, serr = ps
    pout_s = pout.decode('utf-8', 'replace')
    sout_s = sout.decode('utf-8', 'replace')
    serr_s = serr.decode('utf-8', 'replace')
    if prc == 'timeout':
        return False, 'python timeout', 'CPython ran past %d s (generator bug)' % TIMEOUT
    if src == 'timeout':
        return False, 'pyscript timeout', 'pyscript ran past %d s' % TIMEOUT
    if src == 'not started':
        return False, 'pyscript could not be started', serr_s
    if prc == 0 and src == 0:
        ok, why = outputs_match(pout_s, sout_s)
        if ok:
            return True, 'ok', ''
        return False, why, short_diff(pout_s, sout_s)
    m = RUNTIME_ERROR.search(serr_s)
    if prc != 0 and src == 1 and m:
        ok, why = outputs_match(pout_s, sout_s)
        if ok:
            return True, 'runtime error', ''
        return False, 'before the error: ' + why, short_diff(pout_s, sout_s)
    if src == 1 and COMPILE_ERROR.search(serr_s):
        if prc != 0 and reject_ok:
            return True, 'rejected at compile time (numpy rejects the dtypes)', ''
        return False, 'pyscript rejected the program', tail(serr, 10)
    if isinstance(src, int) and src < 0:
        return False, 'pyscript killed by signal %d' % -src, tail(serr, 4)
    if src == 3 or 'internal compiler error' in serr_s:
        return False, 'pyscript internal compiler error', tail(serr, 4)
    if prc != 0:
        return False, 'CPython raised, pyscript did not report a runtime error', (
            'python3 exit %s:\n%s\npyscript exit %s:\n%s' % (prc, tail(perr, 3), src, tail(serr)))
    if src == 1 and m:
        return False, 'pyscript raised a runtime error, CPython did not', (
            tail(serr, 3) + '\n' + short_diff(pout_s, sout_s))
    return False, 'pyscript failed (exit %s)' % src, tail(serr) + '\n' + short_diff(pout_s, sout_s)


GEN_LOCK = threading.Lock()   # gen_tensor keeps the program being generated in module globals


def check_one(pyscript, seed, avoid, both_promotions):
    try:
        with GEN_LOCK:
            source = GENERATOR.generate(random.Random(seed), avoid)
    except Exception as e:   # a generator bug: report it like a failure
        return seed, '', False, 'generator error', '%s: %s' % (type(e).__name__, e), None, (0, 0)
    d = tempfile.mkdtemp(prefix='pyscript-tdiff-')
    try:
        with open(os.path.join(d, 'prog.py'), 'w', encoding='utf-8') as f:
            f.write(source)
        env_legacy = dict(os.environ)
        env_legacy.pop('NPY_PROMOTION_STATE', None)
        env_weak = dict(env_legacy, NPY_PROMOTION_STATE='weak')
        t0 = time.time()
        py = run([PYTHON, 'prog.py'], d, env_weak)
        py_legacy = run([PYTHON, 'prog.py'], d, env_legacy) if both_promotions else py
        t1 = time.time()
        ps = run([pyscript, 'run', 'prog.py'], d)
        t2 = time.time()
    finally:
        shutil.rmtree(d, ignore_errors=True)
    if (py[0] == 0) != (py_legacy[0] == 0) or py[1] != py_legacy[1]:
        return seed, source, True, 'numpy-version-sensitive', short_diff(
            py_legacy[1].decode('utf-8', 'replace'), py[1].decode('utf-8', 'replace')), \
            'seed %d: numpy 1.24 legacy and weak promotion disagree (not compared)' % seed, \
            (t1 - t0, t2 - t1)
    ok, kind, detail = compare(py, ps, gen_tensor.COMPILE_REJECT_OK in source.split('\n', 1)[0])
    note = None
    if ok and kind == 'runtime error':
        kind, note = harness.runtime_error_note(seed, py, ps)
    return seed, source, ok, kind, detail, note, (t1 - t0, t2 - t1)


def main(argv):
    global CHECK
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    import gen_lists
    import gen_classes
    harness.common_arguments(ap, {**gen_tensor.AVOIDABLE, **gen_lists.AVOIDABLE, **gen_classes.AVOIDABLE},
                             programs=300)
    ap.add_argument('--generator', choices=('tensor', 'elements', 'lists', 'classes', 'sets', 'generators', 'stdlib', 'loops'),
                    default='tensor',
                    help='gen_tensor.py (default), gen_elements.py (element loops, numpy scalars), '
                    'gen_lists.py (lists, dicts, str, aliasing), gen_classes.py (user classes), '
                    'gen_sets.py (sets, their order), gen_generators.py (generators inlined where consumed) or '
                    'gen_stdlib.py (heapq, bisect, collections, itertools) or gen_loops.py (peeled loops, '
                    'ranges as values, unpacking, next); the last six compare outputs exactly')
    ap.add_argument('--check', default=DEFAULT_CHECK,
                    help='shared/conformance/check, whose same_output compares the outputs')
    ap.add_argument('--both-promotions', action='store_true',
                    help="also run CPython with numpy 1.24's default (value-based) promotion and "
                    'leave out programs where the two runs disagree')
    ap.add_argument('--refused-ok', type=float, metavar='PERCENT', default=None,
                    help='a program pyscript refuses with a diagnostic is not a failure (CPython is '
                    'the oracle for output, and a refusal gives no output) as long as at most PERCENT '
                    'of the programs are refused; wrong output, wrong errors and crashes still fail')
    args = ap.parse_args(argv)
    global GENERATOR, EXACT
    if args.generator == 'elements':
        import gen_elements
        GENERATOR = gen_elements
    elif args.generator == 'lists':
        import gen_lists
        GENERATOR = gen_lists
        EXACT = True
    elif args.generator == 'classes':
        import gen_classes
        GENERATOR = gen_classes
        EXACT = True
    elif args.generator == 'sets':
        import gen_sets
        GENERATOR = gen_sets
        EXACT = True
    elif args.generator == 'generators':
        import gen_generators
        GENERATOR = gen_generators
        EXACT = True
    elif args.generator == 'stdlib':
        import gen_stdlib
        GENERATOR = gen_stdlib
        EXACT = True
    elif args.generator == 'loops':
        import gen_loops
        GENERATOR = gen_loops
        EXACT = True
    CHECK = load_check(os.path.abspath(args.check))
    pyscript = os.path.abspath(args.pyscript)
    if args.refused_ok is None:
        return harness.run_all(args, lambda seed: check_one(pyscript, seed, args.avoid, args.both_promotions),
                               skipped_kind='numpy-version-sensitive')
    refused = []

    def tolerant(seed):
        out = check_one(pyscript, seed, args.avoid, args.both_promotions)
        if not out[2] and out[3] == 'pyscript rejected the program':
            refused.append(seed)
            first = out[4].split('\n')[0] if out[4] else ''
            return out[:2] + (True, 'refused with a diagnostic', '', 'seed %d refused: %s' % (seed, first)) + out[6:]
        return out
    status = harness.run_all(args, tolerant, skipped_kind='numpy-version-sensitive')
    share = 100.0 * len(refused) / max(1, args.programs)
    print('refused: %d of %d programs (%.1f%%, at most %.1f%% allowed)' % (len(refused), args.programs, share,
                                                                         args.refused_ok))
    if share > args.refused_ok:
        print('differential: 0 passed, 1 failed (too many refusals)')
        return 1
    return status

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
