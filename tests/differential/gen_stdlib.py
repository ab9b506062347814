#!/usr/bin/python3
"""Seeded random programs over the standard library's modules pyscript compiles (differential
testing against CPython): heapq, bisect, functools.reduce, collections and itertools.

generate(rng, avoid) returns one program; `gen_stdlib.py SEED` prints the program of one seed, and
run_tensor_differential.py --generator stdlib runs them against pyscript.

The programs print after every change, so the comparison checks what CPython's algorithms make
visible: a heap's list order after pushes, pops, heapify, pushpop and replace (ties between equal
keys of tuples included), where insort puts equal elements (left or right, lo/hi, key=),
most_common's order among equal counts, a deque's order after rotations and appends at both ends,
defaultdict's insertion order, and the order of itertools' tuples. Some programs end in CPython's
errors (IndexError of heappop or popleft on an empty container, ValueError of a negative lo),
caught or not."""
import random
import sys

AVOID = ()

WORDS = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen"]


def ints(rng, n=None, lo=-5, hi=20):
    n = rng.randint(0, 12) if n is None else n
    return [rng.randint(lo, hi) for _ in range(n)]


def pairs(rng, n):
    return [(rng.randint(0, 5), rng.choice(WORDS)) for _ in range(n)]


def heap_part(rng, out):
    out("h: list[int] = []")
    out("hp = %r" % (pairs(rng, rng.randint(1, 8)),))
    out("heapq.heapify(hp)")
    out("print(hp)")
    for _ in range(rng.randint(4, 14)):
        k = rng.random()
        v = rng.randint(-5, 20)
        if k < 0.3:
            out("heapq.heappush(h, %d)" % v)
        elif k < 0.45:
            out("if h:\n    print('pop', heapq.heappop(h))")
        elif k < 0.55:
            out("print(heapq.heappushpop(h, %d))" % v)
        elif k < 0.62:
            out("if h:\n    print(heapq.heapreplace(h, %d))" % v)
        elif k < 0.72:
            out("heapq.heappush(hp, %r)" % ((rng.randint(0, 5), rng.choice(WORDS)),))
        elif k < 0.8:
            out("if hp:\n    print(heapq.heappop(hp))")
        elif k < 0.88:
            out("h.extend(%r)\nheapq.heapify(h)" % (ints(rng, rng.randint(1, 6)),))
        elif k < 0.94:
            out("print(heapq.nlargest(%d, h), heapq.nsmallest(%d, hp))" % (rng.randint(-1, 5), rng.randint(0, 4)))
        else:
            out("try:\n    e = []\n    e.append(1)\n    e.pop()\n    heapq.heappop(e)\n"
                "except IndexError as err:\n    print('IndexError', err)")
        out("print(h, hp)")


def bisect_part(rng, out):
    out("s = sorted(%r)" % (ints(rng, rng.randint(1, 12)),))
    out("ps = sorted(%r, key=lambda p: p[0])" % (pairs(rng, rng.randint(1, 6)),))
    for _ in range(rng.randint(3, 10)):
        k = rng.random()
        v = rng.randint(-6, 22)
        if k < 0.25:
            out("bisect.insort%s(s, %d)" % (rng.choice(("", "_left", "_right")), v))
        elif k < 0.45:
            fn = rng.choice(("bisect_left", "bisect_right", "bisect"))
            extra = rng.choice(("", ", 1", ", 0, len(s) // 2", ", hi=len(s)"))
            out("print(bisect.%s(s, %d%s))" % (fn, v, extra))
        elif k < 0.6:
            out("bisect.insort%s(ps, %r, key=lambda p: p[0])" % (rng.choice(("_left", "_right")),
                                                                 (rng.randint(0, 5), rng.choice(WORDS))))
        elif k < 0.7:
            out("print(bisect.bisect_left(ps, %d, key=lambda p: p[0]), bisect.bisect_right(ps, %d, key=lambda p: p[0]))"
                % (rng.randint(0, 5), rng.randint(0, 5)))
        else:
            out("print(functools.reduce(lambda a, b: a * 2 + b, s, %d))" % v)
        out("print(s, ps)")


def collections_part(rng, out):
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 14)))
    out("c = Counter(%r.split())" % text)
    out("d = deque(%r)" % (ints(rng, rng.randint(1, 6)),))
    out("g = defaultdict(list)")
    out("n = defaultdict(int)")
    for _ in range(rng.randint(4, 14)):
        k = rng.random()
        v = rng.randint(-5, 20)
        w = rng.choice(WORDS)
        if k < 0.1:
            out("c.update(%r)" % (rng.sample(WORDS, rng.randint(1, 4)),))
        elif k < 0.16:
            out("c[%r] = c[%r] + %d" % (w, w, rng.randint(-2, 3)))
        elif k < 0.22:
            out("print(c.most_common(%s), c[%r])" % (rng.choice(("", "1", "2", "5")), w))
        elif k < 0.26:
            out("c.subtract(%r)\nprint(sorted(c.elements()), c.total())" % (rng.sample(WORDS, rng.randint(1, 3)),))
        elif k < 0.34:
            out("d.%s(%d)" % (rng.choice(("append", "appendleft")), v))
        elif k < 0.42:
            out("if d:\n    print(d.%s())" % rng.choice(("pop", "popleft")))
        elif k < 0.48:
            out("d.rotate(%d)" % rng.randint(-4, 4))
        elif k < 0.53:
            out("d.%s(%r)" % (rng.choice(("extend", "extendleft")), ints(rng, rng.randint(1, 4))))
        elif k < 0.62:
            out("g[%r].append(%d)" % (w, v))
        elif k < 0.7:
            out("n[%d %% 4] = n[%d %% 4] + 1" % (v, v))
        elif k < 0.75:
            out("print(len(g[%r]), %r in g, sorted(n.items()))" % (w, rng.choice(WORDS)))
        elif k < 0.82:
            out("print(list(itertools.combinations(%r, %d)))" % (ints(rng, rng.randint(1, 5)), rng.randint(1, 3)))
        elif k < 0.87:
            out("print(list(itertools.permutations(%r, %d)))" % (ints(rng, rng.randint(1, 4)), rng.randint(1, 3)))
        elif k < 0.91:
            out("print(list(itertools.product(%r, %r)), list(itertools.accumulate(%r)))"
                % (ints(rng, rng.randint(1, 3)), rng.sample(WORDS, rng.randint(1, 3)), ints(rng, rng.randint(1, 5))))
        elif k < 0.95:
            out("print([a + b for a, b in itertools.combinations_with_replacement(%r, 2)])"
                % (ints(rng, rng.randint(1, 4)),))
        else:
            out("try:\n    while True:\n        d.popleft()\nexcept IndexError as err:\n    print('IndexError', err)")
        out("print(c, d, g, n)")


def generate(rng, avoid=AVOID):
    lines = ["import heapq", "import bisect", "import functools", "import itertools",
             "from collections import Counter, deque, defaultdict"]
    out = lines.append
    parts = [heap_part, bisect_part, collections_part]
    rng.shuffle(parts)
    for part in parts[:rng.randint(1, 3)]:
        part(rng, out)
    k = rng.random()
    if k < 0.05:
        out("heapq.heappop([0][:0])")
    elif k < 0.1:
        out("deque([1][:0]).popleft()")
    elif k < 0.13:
        out("bisect.bisect_left([1, 2], 1, -1)")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(generate(random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)), end="")
