#!/usr/bin/python3
"""Mutation differential test: seeded mutants of the corpus programs, run by CPython and by pyscript.

usage: run_mutants.py PYSCRIPT [--mutants N] [--seed S] [--dirs D,D,...] [--jobs J]
                      [--keep-failures DIR] [--minimize] [--check PATH] [--verbose]
       run_mutants.py --show SEED [--dirs ...]     prints mutant SEED and its edits

Mutant i is made from seed S+i: a program picked from the --dirs (default: every folder of the
shared conformance corpus, tests/scalar_programs, tests/numpy_programs, examples), with one or two
edits of mutate.py (a literal, an operator or a name changed, a line re-indented, deleted,
duplicated or swapped).  CPython's verdict comes first: compile() in this process (a SyntaxError is
CPython refusing the program), then `NPY_PROMOTION_STATE=weak /usr/bin/python3 prog.py` (a mutant
CPython runs for more than 3 s, or that an earlier seed already produced, is skipped, and so is a
failing mutant whose output CPython does not repeat: np.random left unseeded).  pyscript
always runs (`PYSCRIPT run prog.py`), since the point is to catch it accepting what CPython refuses.

Accepted outcomes: the same stdout (numbers within rel 1e-5 / abs 1e-6 for programs using numpy,
as run_tensor_differential.py compares them; exact otherwise); pyscript refusing at compile time
(exit 1, `prog.py:L:C: error:`, nothing on stdout); both raising at run time with the same stdout
before the error; pyscript's 64-bit limits (SPEC.md: OverflowError for an int that leaves 64 bits,
`int ** negative int`) with its stdout a prefix of CPython's.  Failures, by category:
  a  pyscript ran (exit 0, or printed output) where CPython raised (SyntaxError included)
  b  pyscript raised a runtime error where CPython ran to completion
  c  both ran, different stdout
  d  both raised at run time, different stdout before the error
  e  a crash: a signal, an internal compiler error (exit 3), a sanitizer report, another exit
     status, or a timeout where CPython finished
Each failure prints its seed, program, edits, both outcomes and a diff; --minimize also deletes
lines while the failure stays the same (same category, same CPython error) and prints the
smallest program found.  The last line is `mutants: N passed, M failed`; exit 1 on failures.
"""

import argparse
import difflib
import hashlib
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
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, HERE)
import cpython_server  # noqa: E402
import harness  # noqa: E402
import mutate  # noqa: E402
import run_tensor_differential as tensor_diff  # noqa: E402   (outputs_match, load_check)

PYTHON = '/usr/bin/python3'
CPYTHON_TIMEOUT = 3
SLOW = 2.0          # a mutant CPython runs longer than this is skipped (and after 3 s stopped)
PYSCRIPT_TIMEOUT = 20
CONFORMANCE = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'conformance'))
LOCAL_DIRS = {'scalar_programs': 'tests/scalar_programs', 'numpy_programs': 'tests/numpy_programs',
              'list_programs': 'tests/list_programs', 'examples': 'examples'}
RUNTIME_ERROR = re.compile(r'^prog\.py:\d+:\d+: runtime error: (.*)$', re.M)
COMPILE_ERROR = re.compile(r'^prog\.py:\d+:\d+: error:', re.M)
# pyscript's two limits of SPEC.md (runtime/errors.cpp's messages), and the runtime's other errors
# that no except catches, whose messages name pyscript (Note [Errors no except catches] in
# runtime/exceptions.cpp): == of arrays whose shapes do not broadcast, ...
LIMITS = ("OverflowError: integer overflow (pyscript's int is 64-bit",
          'ValueError: int ** negative int gives a float in CPython')


def is_limit(error):
    return error.startswith(LIMITS) or 'pyscript' in error
SANITIZER = re.compile(r'Sanitizer|\.(?:c|cc|cpp|h|hpp):\d+:\d+: runtime error|LeakSanitizer')
SKIPPED = ('duplicate', 'skipped: CPython slow or timed out',
           'skipped: CPython prints other numbers each run (np.random unseeded)')


def default_dirs():
    names = sorted(d for d in os.listdir(CONFORMANCE) if os.path.isdir(os.path.join(CONFORMANCE, d))) \
        if os.path.isdir(CONFORMANCE) else []
    return names + sorted(LOCAL_DIRS)


def resolve_dir(name):
    """A conformance folder's name, a LOCAL_DIRS name, or a path."""
    if name in LOCAL_DIRS:
        return os.path.join(ROOT, LOCAL_DIRS[name])
    if os.path.isdir(os.path.join(CONFORMANCE, name)):
        return os.path.join(CONFORMANCE, name)
    if os.path.isdir(name):
        return name
    raise SystemExit('run_mutants.py: no folder %r (names: %s)' % (name, ', '.join(default_dirs())))


def load_programs(dirs):
    """[(display name, source)], sorted, so a seed gives the same mutant on every machine."""
    programs = []
    for name in dirs:
        d = resolve_dir(name)
        for f in sorted(os.listdir(d)):
            if f.endswith('.py'):
                with open(os.path.join(d, f), encoding='utf-8') as fh:
                    programs.append(('%s/%s' % (os.path.basename(os.path.normpath(d)), f), fh.read()))
    if not programs:
        raise SystemExit('run_mutants.py: no programs in %s' % ', '.join(dirs))
    return programs


def make_mutant(programs, seed):
    """(program name, original source, mutant source, [edits]) of `seed`."""
    rng = random.Random(seed)
    name, source = rng.choice(programs)
    mutant, edits = mutate.mutate(source, rng)
    return name, source, mutant, edits


class Outcome:
    """One side's result: status 'ok', 'raised' (CPython: an exception; pyscript: a runtime
    error), 'syntax' (CPython refused to compile), 'refused' (pyscript: compile-time
    diagnostics), 'crash' or 'timeout'; its stdout, the error's one-line summary, seconds taken."""

    def __init__(self, status, out=b'', error='', seconds=0.0, rc=None):
        self.status, self.out, self.error, self.seconds, self.rc = status, out, error, seconds, rc

    def describe(self):
        what = self.status if self.rc is None else '%s (exit %s)' % (self.status, self.rc)
        return what + (': ' + self.error if self.error else '')

    def exception(self):
        return self.error.split(':')[0].strip() if self.status in ('raised', 'syntax') else ''


def run(cmd, cwd, env, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout, env=env)
        return p.returncode, p.stdout, p.stderr, time.time() - t0
    except subprocess.TimeoutExpired as e:
        return 'timeout', e.stdout or b'', e.stderr or b'', time.time() - t0
    except OSError as e:   # the binary is being rebuilt, say
        return 'not started', b'', str(e).encode(), time.time() - t0


LOCAL = threading.local()
EXCEPTION_LINE = re.compile(r'^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)\b.*$', re.M)


def exception_line(err):
    """The last `SomeError: message` line of a traceback (a warning's text may follow it)."""
    found = EXCEPTION_LINE.findall(err.decode('utf-8', 'replace'))
    return found[-1] if found else ''


def cpython_env():
    return dict(os.environ, NPY_PROMOTION_STATE='weak')


def run_cpython(source, d, real=False):
    """CPython's Outcome: compile() here, then the program run by this thread's cpython_server (or
    by a new `python3 prog.py` when `real`)."""
    try:
        compile(source, 'prog.py', 'exec')
    except (SyntaxError, ValueError) as e:   # ValueError: a NUL byte in the source
        return Outcome('syntax', error='%s: %s (line %s)' % (type(e).__name__, getattr(e, 'msg', e),
                                                            getattr(e, 'lineno', '?')))
    if real:
        rc, out, err, secs = run([PYTHON, 'prog.py'], d, cpython_env(), CPYTHON_TIMEOUT)
    else:
        if getattr(LOCAL, 'server', None) is None:
            LOCAL.server = cpython_server.Server(cpython_env())
        rc, out, err, secs = LOCAL.server.run(d, CPYTHON_TIMEOUT)
    if rc == 'timeout':
        return Outcome('timeout', out, seconds=secs)
    if rc == 0:
        return Outcome('ok', out, seconds=secs)
    return Outcome('raised', out, exception_line(err) or 'exit %s' % rc, secs, rc)


def run_pyscript(pyscript, d):
    env = dict(os.environ, PYSCRIPT_CACHE='0')
    rc, out, err, secs = run([pyscript, 'run', 'prog.py'], d, env, PYSCRIPT_TIMEOUT)
    text = err.decode('utf-8', 'replace')
    if rc == 'timeout':
        return Outcome('timeout', out, 'ran past %d s' % PYSCRIPT_TIMEOUT, secs)
    if rc == 'not started':
        return Outcome('crash', out, text, secs)
    if (isinstance(rc, int) and rc < 0) or rc == 3 or 'internal compiler error' in text \
            or SANITIZER.search(text):
        return Outcome('crash', out, harness.tail(err, 4), secs, rc)
    runtime = RUNTIME_ERROR.search(text)
    if rc == 1 and runtime:
        return Outcome('raised', out, runtime.group(1), secs)
    if rc == 1 and COMPILE_ERROR.search(text):
        first = COMPILE_ERROR.search(text)
        return Outcome('refused', out, text[first.start():].splitlines()[0], secs)
    if rc == 0:
        return Outcome('ok', out, seconds=secs)
    return Outcome('crash', out, harness.tail(err, 4), secs, rc)


def same_stdout(py, ps, tolerant):
    if py == ps:
        return True
    if not tolerant:
        return False
    return tensor_diff.outputs_match(py.decode('utf-8', 'replace'), ps.decode('utf-8', 'replace'))[0]


def classify(py, ps, tolerant):
    """(ok, kind) for CPython's and pyscript's Outcomes; a failing kind starts with its category."""
    if ps.status == 'crash':
        return False, 'e: crash (%s)' % ps.describe().splitlines()[0][:60]
    if ps.status == 'timeout':
        return False, 'e: pyscript timed out, CPython took %.1f s' % py.seconds
    if ps.status == 'refused':
        if ps.out:
            return False, 'e: pyscript refused the program after printing output'
        return True, 'pyscript refused (CPython %s)' % ('ran' if py.status == 'ok' else py.exception())
    if ps.status == 'raised' and is_limit(ps.error) and py.out.startswith(ps.out) \
            and py.status != 'syntax':
        return True, "pyscript's limit"
    if py.status in ('syntax', 'raised'):
        if ps.status == 'ok' or (py.status == 'syntax' and ps.out):
            return False, 'a: pyscript ran, CPython raised %s' % py.exception()
        if py.status == 'syntax':
            return False, 'a: pyscript raised at run time, CPython refused (%s)' % py.exception()
        if same_stdout(py.out, ps.out, tolerant):
            return True, 'both raised'
        return False, 'd: both raised, stdout before the error differs'
    if ps.status == 'raised':
        return False, 'b: pyscript raised %s, CPython ran' % ps.error.split(':')[0]
    if same_stdout(py.out, ps.out, tolerant):
        return True, 'ok'
    return False, 'c: stdout differs'


def judge(pyscript, source, real=False):
    """(CPython's Outcome, pyscript's Outcome) for one program, or (Outcome, None) when CPython is
    too slow for the mutant to be worth comparing.  `real`: CPython as a new process."""
    d = tempfile.mkdtemp(prefix='pyscript-mutant-')
    try:
        with open(os.path.join(d, 'prog.py'), 'w', encoding='utf-8') as f:
            f.write(source)
        py = run_cpython(source, d, real)
        if py.status == 'timeout' or py.seconds > SLOW:
            return py, None
        return py, run_pyscript(pyscript, d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def deterministic(pyscript, source, py, runs=2):
    """Whether CPython as new processes prints what `py` printed, `runs` times more."""
    for _ in range(runs):
        again, _ = judge(pyscript, source, real=True)
        if again.out != py.out:
            return False
    return True


def short_diff(a, b, names, limit=14):
    lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(), names[0], names[1],
                                      lineterm='', n=1))
    if len(lines) > limit:
        lines = lines[:limit] + ['... (%d more diff lines)' % (len(lines) - limit)]
    return '\n'.join(lines)


def signature(py):
    """CPython's error without numbers and suggestions: what a smaller program must still raise
    (`expected an indented block after 'if' statement on line N`, not some other IndentationError)."""
    return re.sub(r'\d+', 'N', py.error.split('. Did you mean')[0])


def minimize(pyscript, source, kind, error, tolerant, budget=80):
    """Deletes lines (blocks of 4, 2, then single lines, last first) while the failure keeps its
    kind and CPython's error its signature(); returns the smallest source found."""
    lines = source.splitlines()
    tries = 0
    for width in (4, 2, 1):
        i = len(lines) - width
        while i >= 0 and tries < budget:
            candidate = lines[:i] + lines[i + width:]
            tries += 1
            py, ps = judge(pyscript, '\n'.join(candidate) + '\n')
            if ps is not None and classify(py, ps, tolerant) == (False, kind) \
                    and signature(py) == error:
                lines = candidate
            i = min(i - 1, len(lines) - width)
    return '\n'.join(lines) + '\n'


def failure_detail(name, original, mutant, edits, py, ps):
    parts = ['program: %s' % name] + ['edit: %s' % e for e in edits]
    parts.append(short_diff(original, mutant, ('original', 'mutant'), limit=10))
    parts.append('python3:  %s' % py.describe())
    parts.append('pyscript: %s' % ps.describe())
    if py.out != ps.out:
        parts.append(short_diff(py.out.decode('utf-8', 'replace'), ps.out.decode('utf-8', 'replace'),
                                ('python3 stdout', 'pyscript stdout')))
    return '\n'.join(parts)


class Checker:
    """check_one for harness.run_all: one mutant per seed; duplicates of an earlier mutant (or of
    the original program) are skipped."""

    def __init__(self, args, programs):
        self.args = args
        self.pyscript = os.path.abspath(args.pyscript)
        self.programs = programs
        self.seen = {hashlib.sha1(src.encode()).digest() for _, src in programs}
        self.lock = threading.Lock()

    def first_time(self, source):
        key = hashlib.sha1(source.encode()).digest()
        with self.lock:
            if key in self.seen:
                return False
            self.seen.add(key)
            return True

    def __call__(self, seed):
        name, original, mutant, edits = make_mutant(self.programs, seed)
        if not self.first_time(mutant):
            return seed, mutant, True, SKIPPED[0], '', None, (0, 0)
        py, ps = judge(self.pyscript, mutant)
        if ps is None:
            return seed, mutant, True, SKIPPED[1], '', None, (py.seconds, 0)
        tolerant = 'numpy' in original
        ok, kind = classify(py, ps, tolerant)
        note = None
        if not ok and py.status not in ('syntax',):
            # Confirmed by CPython as a new process: the server's fork must not invent failures.
            py, ps = judge(self.pyscript, mutant, real=True)
            if ps is None:
                return seed, mutant, True, SKIPPED[1], '', None, (py.seconds, 0)
            ok2, kind2 = classify(py, ps, tolerant)
            if (ok2, kind2) != (ok, kind):
                note = 'seed %d: cpython_server said %r, python3 prog.py %r' % (seed, kind, kind2)
            ok, kind = ok2, kind2
        if not ok and 'random' in mutant and not deterministic(self.pyscript, mutant, py):
            # A mutant that no longer seeds np.random (a deleted seed() line) draws from OS
            # entropy under numpy, as under pyscript: no answer to compare with.
            return seed, mutant, True, SKIPPED[2], '', note, (py.seconds, ps.seconds)
        detail = ''
        if not ok:
            detail = failure_detail(name, original, mutant, edits, py, ps)
            if self.args.minimize:
                small = minimize(self.pyscript, mutant, kind, signature(py), tolerant)
                detail += '\nminimized:\n    ' + small.rstrip('\n').replace('\n', '\n    ')
                if self.args.keep_failures:
                    harness.save(self.args.keep_failures, 'seed_%d.min.py' % seed, small)
        return seed, mutant, ok, kind, detail, note, (py.seconds, ps.seconds)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('pyscript', nargs='?')
    ap.add_argument('--mutants', dest='programs', type=int, default=500, help='mutants to make (default 500)')
    ap.add_argument('--seed', type=int, default=0, help='the first mutant\'s seed (default 0)')
    ap.add_argument('--dirs', default=None,
                    help='comma-separated folders: names of conformance folders, %s, or paths '
                    '(default: all)' % ', '.join(sorted(LOCAL_DIRS)))
    ap.add_argument('--jobs', type=int, default=2, help='mutants checked in parallel (default 2)')
    ap.add_argument('--keep-failures', metavar='DIR', help='save failing mutants (seed_N.py) here')
    ap.add_argument('--minimize', action='store_true', help='shrink each failing mutant by deleting lines')
    ap.add_argument('--check', default=os.path.join(CONFORMANCE, 'check'),
                    help='the conformance check script (its tolerant number comparison)')
    ap.add_argument('--show', type=int, metavar='SEED', help='print the mutant of SEED and exit')
    ap.add_argument('--verbose', action='store_true', help='a line per mutant')
    args = ap.parse_args(argv)
    args.dirs = args.dirs.split(',') if args.dirs else default_dirs()
    if args.show is None and not args.pyscript:
        ap.error('PYSCRIPT is needed')
    return args


def main(argv):
    args = parse_args(argv)
    programs = load_programs(args.dirs)
    if args.show is not None:
        name, _, mutant, edits = make_mutant(programs, args.show)
        print('# %s: %s' % (name, '; '.join(edits)))
        sys.stdout.write(mutant)
        return 0
    tensor_diff.CHECK = tensor_diff.load_check(args.check)
    print('%d programs from %s; mutants %d-%d' % (len(programs), ', '.join(args.dirs), args.seed,
                                                  args.seed + args.programs - 1))
    return harness.run_all(args, Checker(args, programs), skipped_kind=SKIPPED, label='mutants',
                           save_skipped=False)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
