#!/usr/bin/python3
"""Shrinks a failing program by deleting lines while a failure persists (a first pass before
minimizing by hand).

usage: minimize.py PYSCRIPT PROG.py OUT.py [--stderr TEXT] [--differs] [--crash] [--keep TEXT]

A candidate keeps failing when it still compiles under CPython, /usr/bin/python3 runs it (exit 0,
or a traceback when the original ended in one) in under 5 s, and pyscript still shows the
failure: --stderr TEXT: pyscript's stderr contains TEXT; --differs: pyscript's stdout or exit
status differs from CPython's; --crash: pyscript exits with 3 or a signal.  Deleting a line that
opens a block deletes the block; a block left empty gets `pass`.
"""

import argparse
import os
import subprocess
import sys
import tempfile


def blocks(lines):
    """(start, end) of each line together with the lines indented under it."""
    out = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        ind = len(line) - len(line.lstrip())
        j = i + 1
        if line.rstrip().endswith(':'):
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > ind):
                j += 1
        out.append((i, j))
    return out


def fill_empty(lines):
    """Adds `pass` under a block opener left without a body."""
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if line.rstrip().endswith(':'):
            ind = len(line) - len(line.lstrip())
            nxt = next((x for x in lines[i + 1:] if x.strip()), None)
            if nxt is None or len(nxt) - len(nxt.lstrip()) <= ind:
                out.append(' ' * (ind + 4) + 'pass')
    return out


def run(cmd, path):
    try:
        p = subprocess.run(cmd + [path], capture_output=True, timeout=20, cwd=os.path.dirname(path))
        return p.returncode, p.stdout, p.stderr.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        return 'timeout', b'', ''


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('pyscript')
    ap.add_argument('prog')
    ap.add_argument('out')
    ap.add_argument('--stderr')
    ap.add_argument('--differs', action='store_true')
    ap.add_argument('--crash', action='store_true')
    ap.add_argument('--keep', action='append', default=[], metavar='TEXT',
                    help='every candidate keeps a line containing TEXT')
    args = ap.parse_args(argv)
    lines = open(args.prog).read().split('\n')
    d = tempfile.mkdtemp(prefix='minimize-')
    path = os.path.join(d, 'prog.py')
    py0 = run(['/usr/bin/python3'], os.path.abspath(args.prog))
    ends_in_error = py0[0] != 0

    def fails(cand):
        src = '\n'.join(cand)
        if not all(k in src for k in args.keep):
            return False
        try:
            compile(src, 'prog.py', 'exec')
        except SyntaxError:
            return False
        with open(path, 'w') as f:
            f.write(src)
        py = run(['/usr/bin/python3'], path)
        if py[0] == 'timeout' or (py[0] != 0) != ends_in_error:
            return False
        if ends_in_error and 'AttributeError' not in py[2] and 'AttributeError' in py0[2]:
            return False
        ps = run([os.path.abspath(args.pyscript), 'run'], path)
        if args.stderr is not None:
            return args.stderr in ps[2]
        if args.crash:
            return ps[0] == 3 or (isinstance(ps[0], int) and ps[0] < 0)
        return (ps[0] == 0) != (py[0] == 0) or ps[1] != py[1]

    if not fails(lines):
        print('the program does not fail that way')
        return 1
    # coarse: runs of top-level statements and definitions, then single blocks at any depth
    for size in (32, 16, 8, 4, 2):
        pos = len(lines)
        while True:
            top = [b for b in blocks(lines) if b[0] < pos and not lines[b[0]].startswith((' ', '#'))]
            if len(top) < size:
                break
            run_ = top[-size:]
            pos = run_[0][0]
            cand = fill_empty(lines[:run_[0][0]] + lines[run_[-1][1]:])
            if fails(cand):
                lines = cand
        print('%d lines after runs of %d' % (len(lines), size), file=sys.stderr)
    for _ in range(2):
        pos = len(lines)
        while True:
            bl = [b for b in blocks(lines) if b[0] < pos]
            if not bl:
                break
            start, end = bl[-1]
            pos = start
            cand = fill_empty(lines[:start] + lines[end:])
            if fails(cand):
                lines = cand
        print('%d lines' % len(lines), file=sys.stderr)
    text = '\n'.join(lines).strip('\n') + '\n'
    with open(args.out, 'w') as f:
        f.write(text)
    print(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
