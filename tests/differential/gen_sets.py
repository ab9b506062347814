#!/usr/bin/python3
"""Seeded random programs over sets (differential testing against CPython).

generate(rng, avoid) returns one program; `gen_sets.py SEED` prints the program of one seed, and
run_tensor_differential.py --generator sets runs them against pyscript.

The programs print sets of ints and of tuples after every change, so the comparison checks
CPython's iteration order (Note [Set tables] in runtime/set.cpp): values are chosen to collide in
small tables (multiples of 8, 16 and 32, negative numbers, numbers near 2**61 whose hash wraps),
and the operations delete (leaving dummies), pop, clear, grow and merge. Sets of str are printed
sorted (CPython's str hash varies per process). Some programs end in KeyError or RuntimeError
(a set changing size in a loop), caught or not."""
import random
import sys

AVOID = ()


def int_value(rng):
    kind = rng.random()
    if kind < 0.35:
        return rng.randint(-5, 40)
    if kind < 0.7:
        return rng.choice((8, 16, 32, 64)) * rng.randint(-6, 12) + rng.randint(0, 2)
    if kind < 0.85:
        return rng.randint(-10**6, 10**6)
    return (2**61 - 1) * rng.choice((1, -1)) + rng.randint(-3, 3)


def int_list(rng, n=None):
    n = rng.randint(1, 14) if n is None else n
    return [int_value(rng) for _ in range(n)]


def tuple_value(rng):
    return (rng.randint(-3, 9), rng.choice((0, 8, 16, -1)))


WORDS = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen", "ibis", "jay"]


def generate(rng, avoid=AVOID):
    lines = []
    out = lines.append
    out("a = set(%r)" % (int_list(rng),))
    out("b = {%s}" % ", ".join(repr(v) for v in int_list(rng, rng.randint(1, 9))))
    out("c = {x * %d %% %d for x in range(%d)}" % (rng.choice((3, 8, 16, 7)), rng.choice((64, 97, 1000)),
                                                     rng.randint(0, 30)))
    out("t = {%s}" % ", ".join(repr(tuple_value(rng)) for _ in range(rng.randint(1, 8))))
    out("w = set(%r)" % (rng.sample(WORDS, rng.randint(1, len(WORDS))),))
    out("print(a, b, c, t, len(w), sorted(w))")
    names = ["a", "b", "c"]
    for _ in range(rng.randint(6, 22)):
        s = rng.choice(names)
        o = rng.choice(names)
        k = rng.random()
        v = int_value(rng)
        if k < 0.15:
            out("%s.add(%d)" % (s, v))
        elif k < 0.22:
            out("for v in %r:\n    %s.add(v)" % (int_list(rng), s))
        elif k < 0.3:
            out("%s.discard(%d)" % (s, v))
        elif k < 0.36:
            out("for v in sorted(%s)[:%d]:\n    %s.discard(v)" % (s, rng.randint(0, 6), s))
        elif k < 0.4:
            out("try:\n    %s.remove(%d)\nexcept KeyError as e:\n    print('KeyError', e)" % (s, v))
        elif k < 0.46:
            out("if %s:\n    print('pop', %s.pop(), %s)" % (s, s, s))
        elif k < 0.52:
            op = rng.choice(("|", "&", "-", "^"))
            out("%s = %s %s %s" % (rng.choice(names), s, op, o))
        elif k < 0.58:
            m = rng.choice(("union", "intersection", "difference", "symmetric_difference"))
            out("print(%s.%s(%s))" % (s, m, o))
        elif k < 0.64:
            m = rng.choice(("intersection_update", "difference_update", "symmetric_difference_update"))
            out("%s.%s(%s)" % (s, m, o))
        elif k < 0.68:
            out("%s.update(%r)" % (s, int_list(rng)))
        elif k < 0.72:
            out("print(%s <= %s, %s < %s, %s >= %s, %s == %s, %s.isdisjoint(%s), %s.issubset(%s))"
                % (s, o, s, o, s, o, s, o, s, o, s, o))
        elif k < 0.76:
            out("print(%d in %s, %d not in %s, len(%s), bool(%s))" % (v, s, v, s, s, s))
        elif k < 0.8:
            out("print(sorted(%s), sum([x %% 1000 for x in %s]), list(%s))" % (s, s, s))  # (huge ints: no 64-bit overflow)
        elif k < 0.84:
            out("%s = %s.copy()" % (rng.choice(names), s))
        elif k < 0.86:
            out("%s.clear()" % s)
        elif k < 0.9:
            out("t.add(%r)\nt.discard(%r)\nprint(t, %r in t)" % (tuple_value(rng), tuple_value(rng), tuple_value(rng)))
        elif k < 0.93:
            out("w.add(%r)\nw.discard(%r)\nprint(sorted(w), %r in w)" % (rng.choice(WORDS), rng.choice(WORDS),
                                                                        rng.choice(WORDS)))
        elif k < 0.96:
            out("print([x for x in %s if x %% 2 == 0], {x %% 5 for x in %s})" % (s, s))
        else:
            out("try:\n    for x in %s:\n        if x %% 3 == 0:\n            %s.add(x + 1)\n"
                "except RuntimeError as e:\n    print('RuntimeError', e)" % (s, s))
        out("print(%s)" % s)
    out("print(a, b, c)")
    if rng.random() < 0.15:
        out("a.remove(%d)" % int_value(rng))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(generate(random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)), end="")
