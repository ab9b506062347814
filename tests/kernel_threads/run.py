#!/usr/bin/python3
"""Kernels on the pool (Note [The kernel pool] in runtime/parallel.cpp): each NAME.py here runs as
`pyscript run` with PYSCRIPT_NUM_THREADS=1, 2 and 4, each time in a fresh temporary directory.
The three runs must print the same output and leave the same files (np.save), byte for byte: fused
elementwise loops, sums and matrix products do not depend on the thread count. A program whose
first lines hold '# oracle: cpython' must also print what CPython (numpy 1.24) prints. The runs
must have saved something or printed something (a program that fails runs none of the kernels).

usage: run.py PYSCRIPT [NAME...]
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = '/usr/bin/python3'
THREADS = ['1', '2', '4']


def header(path):
    out = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'#\s*([a-z-]+):\s*(.*)', line)
            if not m:
                break
            out[m.group(1)] = m.group(2).strip()
    return out


def run(cmd, threads):
    env = dict(os.environ, NPY_PROMOTION_STATE='weak')
    if threads:
        env['PYSCRIPT_NUM_THREADS'] = threads
    with tempfile.TemporaryDirectory() as folder:
        p = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=300, env=env)
        files = {}
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), 'rb') as f:
                files[name] = f.read()
    return p.returncode, p.stdout, p.stderr, files


def check(pyscript, name):
    path = os.path.join(HERE, name + '.py')
    problems = []
    results = {t: run([pyscript, 'run', path], t) for t in THREADS}
    base = results['1']
    if base[0] != 0:
        return [f'{name}: exit {base[0]} with 1 thread: {base[2].strip()[-400:]}']
    if not base[1] and not base[3]:
        problems.append(f'{name}: printed nothing and saved nothing')
    for t in THREADS[1:]:
        rc, out, err, files = results[t]
        if rc != 0:
            problems.append(f'{name}: exit {rc} with {t} threads: {err.strip()[-400:]}')
        if out != base[1]:
            problems.append(f'{name}: output with {t} threads differs from 1 thread:\n{out}\nvs\n{base[1]}')
        if sorted(files) != sorted(base[3]):
            problems.append(f'{name}: files with {t} threads {sorted(files)} vs {sorted(base[3])}')
        for f in sorted(set(files) & set(base[3])):
            if files[f] != base[3][f]:
                problems.append(f'{name}: {f} with {t} threads differs from 1 thread')
    if header(path).get('oracle') == 'cpython':
        rc, out, err, _ = run([PYTHON, path], None)
        if rc != 0 or out != base[1]:
            problems.append(f'{name}: CPython printed\n{out}{err}\npyscript printed\n{base[1]}')
    return problems


def main():
    pyscript = os.path.abspath(sys.argv[1])
    names = sys.argv[2:] or sorted(f[:-3] for f in os.listdir(HERE) if f.endswith('.py') and f != 'run.py')
    problems = []
    for name in names:
        found = check(pyscript, name)
        print(f'{name}: {"FAIL" if found else "ok"}')
        problems += found
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
