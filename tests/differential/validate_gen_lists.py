#!/usr/bin/python3
"""Checks gen_lists.py against CPython alone (no pyscript needed).

usage: validate_gen_lists.py [--programs N] [--seed S] [--jobs J] [--keep DIR]

Generates programs for seeds S..S+N-1 and runs each twice under /usr/bin/python3 (2 s limit): every
program must compile, run to completion -- or, when its first line says so, end in the uncaught
error it was built to raise (IndexError, KeyError, ValueError, ZeroDivisionError, RuntimeError) --,
print the same thing both times, and generate identically from the same seed.  Prints statistics
(lines, output, time, error endings, how many programs use each construct) and exits 1 on any
problem.
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_lists  # noqa: E402

PYTHON = '/usr/bin/python3'
LIMIT = 2.0
INTENDED = ('IndexError', 'KeyError', 'ValueError', 'ZeroDivisionError', 'RuntimeError')

FEATURES = [
    ('list display', r'= \[[^\]]'), ('[x] * n', r'\] \* \d'), ('shared rows [[x] * k] * n', r'\[\[[^\]]*\] \* \d+\] \* \d'),
    ('nested lists', r'\[\['), ('append', r'\.append\('), ('pop', r'\.pop\('), ('insert', r'\.insert\('),
    ('extend', r'\.extend\('), ('remove', r'\.remove\('), ('index', r'\.index\('), ('count', r'\.count\('),
    ('reverse', r'\.reverse\(\)'), ('sort', r'\.sort\('), ('sort(reverse=)', r'\.sort\(reverse='),
    ('sort(key=)', r'\.sort\(key='), ('clear', r'\.clear\(\)'), ('copy', r'\.copy\(\)'),
    ('negative index', r'\w\[-\d+\]'), ('slice with step', r'\[[^\]\[]*:[^\]\[]*:[^\]\[]*\]'),
    ('item assignment', r'\w\]? ?\[[^\]]+\] = '), ('slice assignment', r'\[[^\]]*:[^\]]*\] = '),
    ('del xs[i] / del d[k]', r'^\s*del '), ('list + list', r'\] \+ \[|\w \+ \['),
    ('list comparison', r'(xs|alias|keep)\w* (<|<=|>|==|!=) '), ('in / not in', r' (not )?in (?!range)'),
    ('is / is not', r' is (not )?(?!None)\w'), ('is None', r' is (not )?None'),
    ('dict display', r'= \{'), ('dict with tuple keys', r'\{\(-?\d+, -?\d+\):|\[\(-?\d+, -?\d+\)\]'),
    ('dict.get with default', r'\.get\([^()]*, '), ('keys()', r'\.keys\(\)'), ('values()', r'\.values\(\)'),
    ('items()', r'\.items\(\)'), ('dict.pop', r'\w\.pop\([^)]'), ('setdefault', r'\.setdefault\('),
    ('update', r'\.update\('), ('d[k] = d.get(k, 0) + 1', r'\.get\([^()]*, 0\) \+ 1'),
    ('str concatenation', r"' \+ |\+ '"), ('split', r'\.split\('), ('join', r'\.join\('),
    ('strip', r'strip\('), ('replace', r'\.replace\('), ('find', r'\.find\('),
    ('startswith/endswith', r'\.(starts|ends)with\('), ('upper/lower', r'\.(upper|lower)\(\)'),
    ('f-string', r'\bf"'), ('f-string format spec', r'\{[^{}]*:[^{}]+\}'), ('f-string {x=}', r'=\}'),
    ('% formatting', r'" % \('), ('str()', r'\bstr\('), ('repr()', r'\brepr\('), ('ord', r'\bord\('),
    ('chr', r'\bchr\('), ('for ch in s', r'for ch\d+ in'), ('list comprehension', r'\[[^\[\]]* for '),
    ('comprehension, 2 for clauses', r' for .* for .* in '), ('dict comprehension', r'\{[^{}]*: [^{}]* for '),
    ('generator expression', r'(sum|any|all|min|max|sorted|list|join)\([^()]* for '),
    ('enumerate', r'enumerate\('), ('zip', r'zip\('), ('reversed', r'reversed\('), ('sorted', r'sorted\('),
    ('len', r'len\('), ('min/max', r'\b(min|max)\('), ('sum', r'\bsum\('), ('any/all', r'\b(any|all)\('),
    ('for/else', r'^\s*else:\n\s*print\("no break"\)'), ('while/else', r'print\("done"'),
    ('break', r'^\s*break$'), ('while', r'^\s*while '), ('bitwise & | ^', r' (&|\||\^) '),
    ('~', r'~'), ('<< >>', r'<<|>>'), ('hex/bin/oct literal', r'\b0[xbo][0-9A-Fa-f]'),
    ('1_000 literal', r'\d_\d'), ('tuple holding a list', r'^t\d+ = \((xs|alias|keep|r|acc)'),
    ('b = a aliasing', r'^\s*alias\d+ = '), ('list in two dicts', r'^db\d+ = \{"k"'),
    ('reads after writes', r'^first\d+ = '), ('rebinding vs mutation', r'^keep\d+ = '),
    ('mutating function call', r'^\s*(push_twice|set_first|swap_ends|grow|add_to_all|drain|remove_all|refill|stack_ops|by_len|merge_into)\('),
    ('function returning its argument', r'print\(r\d+ is '), ('shared default argument', r'collect\('),
    ('recursion', r'rev_str\(|rows_sum\('), ('random function', r'^def fn\d+'),
    ('annotated empty container', r': (list|dict)\[.*\] = (\[\]|\{\})'), ('empty [] typed by append', r'= \[\]$'),
    ('try/except', r'^\s*except '), ('dict changed size during iteration', r'^\s*for k[kd]\d+ in'),
    ('empty containers printed', r'print\(\[\], \{\}|print\(\[\[\]\]|\[\] == \[\]|\[0\] \* 0'),
    ('int(str)', r'\bint\('), ('float', r'\d\.\d'),
    ('raise E(message)', r'^\s*raise \w+'), ('bare raise', r'^\s*raise$'), ('finally', r'^\s*finally:'),
    ('try/else', r'print\("no error'), ('state at the raise', r'print\("caught", e, n\d+'),
    ('try in a loop', r'print\("step", i\d+'),
    ('helpers that catch', r'(safe_nth|safe_get|parse_words|ratio_sum|classify|drain_all)\('),
]


def run_one(seed):
    src = gen_lists.generate(random.Random(seed))
    again = gen_lists.generate(random.Random(seed))
    problems = []
    if src != again:
        problems.append('generation not deterministic')
    try:
        compile(src, 'prog.py', 'exec')
    except SyntaxError as e:
        return seed, src, ['syntax error: %s' % e], None
    ends_in_error = 'ends in an error' in src.split('\n', 1)[0]
    outs = []
    with tempfile.TemporaryDirectory(prefix='gen-lists-') as d:
        path = os.path.join(d, 'prog.py')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(src)
        for _ in range(2):
            t0 = time.time()
            try:
                p = subprocess.run([PYTHON, path], cwd=d, capture_output=True, timeout=LIMIT * 5)
            except subprocess.TimeoutExpired:
                return seed, src, ['timeout'], None
            dt = time.time() - t0
            outs.append((p.returncode, p.stdout, p.stderr, dt))
    (rc, out, err, dt), (rc2, out2, err2, _) = outs
    if dt > LIMIT:
        problems.append('slow: %.2f s' % dt)
    if (rc, out, err) != (rc2, out2, err2):
        problems.append('output not deterministic')
    last = err.decode('utf-8', 'replace').strip().splitlines()[-1] if err.strip() else ''
    exc = last.split(':')[0]
    if ends_in_error:
        if rc == 0 or exc not in INTENDED:
            problems.append('meant to end in an error, got exit %d %s' % (rc, last))
    elif rc != 0:
        problems.append('unintended error: %s' % last)
    stats = dict(lines=src.count('\n'), out_lines=out.count(b'\n'), out_bytes=len(out), time=dt,
                 error=exc if rc else None,
                 features=[name for name, rx in FEATURES if re.search(rx, src, re.M)])
    return seed, src, problems, stats


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--programs', type=int, default=2000)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--keep', metavar='DIR', help='save the programs with problems here')
    args = ap.parse_args(argv)
    t0 = time.time()
    bad = 0
    all_stats = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for seed, src, problems, stats in pool.map(run_one, range(args.seed, args.seed + args.programs), chunksize=8):
            if problems:
                bad += 1
                print('seed %d: %s' % (seed, '; '.join(problems)))
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, 'seed_%d.py' % seed), 'w') as f:
                        f.write(src)
            if stats:
                all_stats.append(stats)
    n = len(all_stats)
    if n:
        avg = lambda k: sum(s[k] for s in all_stats) / n   # noqa: E731
        errors = {}
        for s in all_stats:
            if s['error']:
                errors[s['error']] = errors.get(s['error'], 0) + 1
        print('programs: %d (seeds %d..%d), problems: %d' % (args.programs, args.seed, args.seed + args.programs - 1, bad))
        print('average: %.0f lines, %.0f output lines (%.0f bytes), python3 %.3f s (max %.3f s)' % (
            avg('lines'), avg('out_lines'), avg('out_bytes'), avg('time'), max(s['time'] for s in all_stats)))
        print('ending in an uncaught error: %d (%.1f%%): %s' % (
            sum(errors.values()), 100.0 * sum(errors.values()) / n,
            ', '.join('%s %d' % kv for kv in sorted(errors.items()))))
        counts = {name: 0 for name, _ in FEATURES}
        for s in all_stats:
            for f in s['features']:
                counts[f] += 1
        print('constructs (programs using each):')
        for name, _ in FEATURES:
            print('  %-40s %5.1f%%' % (name, 100.0 * counts[name] / n))
    print('time: %.0f s' % (time.time() - t0))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
