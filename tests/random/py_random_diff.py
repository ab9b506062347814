#!/usr/bin/env python3
"""CPython's random module under pyscript: for many seeds, long mixed sequences of seed, random,
randint, randrange, uniform, gauss, choice and shuffle (big and negative ranges, gauss's cached
value across other calls) print the same values under `pyscript run` as under /usr/bin/python3.

usage: py_random_diff.py PYSCRIPT [--seeds N] [--calls N]"""
import os
import random
import subprocess
import sys
import tempfile

PYSCRIPT = os.path.abspath(sys.argv[1])
SEEDS = int(sys.argv[sys.argv.index('--seeds') + 1]) if '--seeds' in sys.argv else 40
CALLS = int(sys.argv[sys.argv.index('--calls') + 1]) if '--calls' in sys.argv else 400

BOUNDS = [1, 2, 3, 6, 7, 10, 100, 255, 256, 257, 1000, 2**31 - 1, 2**31, 2**32 + 1, 10**12,
          2**53 + 1, 10**18, 2**62 + 12345, 9223372036854775807]


def program(meta):
    """A program whose calls are data: op codes and arguments drawn here, run by one loop there."""
    seeds = [0, 1, -1, 2**32 - 1, 2**32, -2**40, 9223372036854775807, -9223372036854775807]
    seeds += [meta.randrange(-10**15, 10**15) for _ in range(SEEDS - len(seeds))]
    ops, a, b, c = [], [], [], []
    for _ in range(CALLS):
        op = meta.randrange(9)
        x = meta.choice(BOUNDS) * meta.choice([1, -1])
        y = meta.choice(BOUNDS) * meta.choice([1, -1])
        if op in (1, 2, 3):   # randint / randrange(a, b[, step]): a < b mostly, both signs
            lo, hi = min(x, y), max(x, y)
            x, y = lo, (hi if hi > lo else lo + 1)
        step = meta.choice([1, 2, 3, 7, -1, -5])
        if op == 3 and step < 0:
            x, y = y, x
        ops.append(op)
        a.append(x)
        b.append(y)
        c.append(step)
    return f'''import random

seeds = {seeds}
ops = {ops}
a = {a}
b = {b}
c = {c}
words = ["spam", "eggs", "ham", "héllo", ""]
for s in seeds:
    random.seed(s)
    deck = list(range(52))
    for k in range(len(ops)):
        op = ops[k]
        if op == 0:
            print(random.random())
        elif op == 1:
            print(random.randint(a[k], b[k]))
        elif op == 2:
            print(random.randrange(a[k], b[k]))
        elif op == 3:
            print(random.randrange(a[k], b[k], c[k]))
        elif op == 4:
            print(random.randrange(abs(a[k]) // 2 + 1))
        elif op == 5:
            print(random.uniform(a[k] / 3, b[k] * 0.5))
        elif op == 6:
            print(random.gauss(a[k] / 7, 2.5), random.gauss())
        elif op == 7:
            print(random.choice(words), random.choice("pyscript"))
        else:
            random.shuffle(deck)
            print(deck[0], deck[51], random.choice(deck))
random.seed()
x = random.random()
print(0.0 <= x < 1.0)
'''


def main():
    meta = random.Random(20261123)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(3):
            path = os.path.join(tmp, f'streams{round_}.py')
            with open(path, 'w') as f:
                f.write(program(meta))
            want = subprocess.run(['/usr/bin/python3', path], capture_output=True, text=True, timeout=300)
            got = subprocess.run([PYSCRIPT, 'run', path], capture_output=True, text=True, timeout=300)
            if want.returncode != 0:
                print(f'round {round_}: CPython failed:\n{want.stderr[-2000:]}')
                failures += 1
                continue
            if got.returncode != 0 or got.stdout != want.stdout:
                failures += 1
                w, g = want.stdout.splitlines(), got.stdout.splitlines()
                first = next((i for i in range(min(len(w), len(g))) if w[i] != g[i]), min(len(w), len(g)))
                print(f'round {round_}: exit {got.returncode}, first difference at line {first + 1}: '
                      f'CPython {w[first] if first < len(w) else "<end>"!r}, '
                      f'pyscript {g[first] if first < len(g) else "<end>"!r}\n{got.stderr[-2000:]}')
            else:
                print(f'round {round_}: {len(w := want.stdout.splitlines())} lines equal')
    print('py-random-diff:', 'FAILED' if failures else 'ok')
    return 1 if failures else 0


sys.exit(main())
