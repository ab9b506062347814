"""What the two differential runners (run_differential.py: scalar programs, run_tensor_differential.py:
numpy programs) share: their common options, the loop over seeds, and the report whose last line is
`differential: N passed, M failed`."""

import concurrent.futures
import os
import re
import sys
import time


def common_arguments(ap, avoidable, programs):
    ap.add_argument('pyscript')
    ap.add_argument('--programs', type=int, default=programs)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--keep-failures', metavar='DIR')
    ap.add_argument('--jobs', type=int, default=2, help='programs checked in parallel (default 2)')
    ap.add_argument('--avoid', action='append', default=[], metavar='CONSTRUCT', choices=sorted(avoidable),
                    help='leave a construct out of the programs (to look past a known bug): '
                    + '; '.join('%s: %s' % kv for kv in sorted(avoidable.items())))
    ap.add_argument('--verbose', action='store_true', help='print a line per program')


def tail(b, n=6):
    return '\n'.join(b.decode('utf-8', 'replace').rstrip().splitlines()[-n:])


def python_error_line(err):
    """Line of the innermost prog.py frame in a CPython traceback, and the exception line."""
    text = err.decode('utf-8', 'replace')
    lines = re.findall(r'File ".*prog\.py", line (\d+)', text)
    last = text.rstrip().splitlines()[-1] if text.strip() else ''
    return (int(lines[-1]) if lines else None), last


def save(directory, name, source):
    path = os.path.join(directory, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(source)
    return path


def run_all(args, check_one, skipped_kind=None, label='differential', save_skipped=True):
    """check_one(seed) -> (seed, source, ok, kind, detail, note, (python_s, pyscript_s)). Programs
    of `skipped_kind` (a kind, or a tuple of kinds) count neither as passed nor failed. Returns the
    exit status; the last line printed is `LABEL: N passed, M failed`. --keep-failures also keeps
    the skipped programs when `save_skipped`."""
    skipped = set(skipped_kind) if isinstance(skipped_kind, tuple) else {skipped_kind}
    sys.stdout.reconfigure(errors='backslashreplace')   # diffs may hold any character
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
        for seed, source, ok, kind, detail, note, (dpy, dps) in pool.map(check_one, seeds):
            t_py += dpy
            t_ps += dps
            slowest = sorted(slowest + [(dps, seed)], reverse=True)[:3]
            kinds[kind] = kinds.get(kind, 0) + 1
            if note:
                notes.append(note)
            if kind in skipped:
                if args.keep_failures and save_skipped:
                    save(args.keep_failures, 'skipped_%d.py' % seed, source)
                continue
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
                print('    saved %s' % save(args.keep_failures, 'seed_%d.py' % seed, source))
            sys.stdout.flush()
    for n in notes:
        print('note: ' + n)
    print('outcomes: %s' % ', '.join('%s %d' % kv for kv in sorted(kinds.items())))
    wall = time.time() - start
    print('time: %.1f s wall (%.1f programs/s), python3 %.1f s, pyscript %.1f s (summed over programs); '
          'slowest pyscript runs: %s' % (wall, len(seeds) / max(wall, 1e-9), t_py, t_ps,
                                 ', '.join('seed %d %.1f s' % (s, t) for t, s in slowest)))
    print('%s: %d passed, %d failed' % (label, passed, failed))
    return 0 if failed == 0 else 1


RUNTIME_ERROR = re.compile(r'^prog\.py:(\d+):(\d+): runtime error', re.M)


def runtime_error_note(seed, py, ps):
    """Both raised and the outputs matched: the outcome's name, and a note when pyscript blames
    another line than the one CPython's traceback ends at, or names another exception (not part of
    the match rule)."""
    pline, exc = python_error_line(py[2])
    exc_name = exc.split(':')[0]
    perr = ps[2].decode('utf-8', 'replace')
    m = RUNTIME_ERROR.search(perr)
    note = None
    if pline is not None and m and int(m.group(1)) != pline:
        note = 'seed %d: error line differs: python3 line %d (%s), pyscript %s' % (
            seed, pline, exc, perr.strip().splitlines()[0])
    elif exc_name not in perr:
        note = 'seed %d: exception differs: python3 %s, pyscript %s' % (seed, exc, perr.strip().splitlines()[0])
    return 'runtime error (%s)' % exc_name, note
