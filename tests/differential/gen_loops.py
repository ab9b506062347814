#!/usr/bin/python3
"""Seeded random programs over loops and ranges (differential testing against CPython).

generate(rng, avoid) returns one program; `gen_loops.py SEED` prints the program of one seed, and
run_tensor_differential.py --generator loops runs them against pyscript.

The programs stress what stop 24 built: constant range loops whose first iteration changes a
name's type or first assigns a name read after the loop (Note [Peeling a loop's first
iteration]); ranges kept as values (Note [Ranges as
values]: len, indexing with IndexError caught, slicing, `in`, index/count, the consumers, == of
two ranges, unpacking); a list unpacked into names (ValueError caught); next() of a generator
expression with and without a default (StopIteration caught)."""
import random
import sys

AVOID = ()


def peeled_loop(rng, out, k):
    trips = rng.randint(1, 4)
    out.append("def loop%d(n):" % k)
    out.append("    u = [%d] * n" % rng.randint(0, 3))
    out.append("    for i in range(%d):" % trips)
    # (v is a float list from the first iteration on: a type that changed again in the second
    # iteration would stay a conflict)
    out.append("        v = [x * %s + i for x in u]" % rng.choice(("0.5", "1.5", "2.0")))
    if rng.random() < 0.4:  # a name assigned on one path only stays "may be undefined" (refused)
        out.append("        if i % 2 == 0:")
        out.append("            w = i")
    out.append("        u = [y + %s for y in v]" % rng.choice(("1", "0.25", "i")))
    out.append("        last = len(u) + i")
    out.append("    return sum(u), u, last")
    out.append("")
    out.append("")
    return "loop%d(%d)" % (k, rng.randint(1, 3))  # (n = 0: an empty float sum, pyscript's ValueError)


def range_uses(rng, out):
    start, stop = rng.randint(-3, 4), rng.randint(-3, 9)
    step = rng.choice((1, 1, 2, 3, -1, -2))
    out.append("r = range(%d, %d, %d)" % (start, stop, step))
    out.append("print(len(r), list(r), sum(r), %d in r, bool(r))" % rng.randint(-2, 6))
    out.append("print(list(r[%d:%d]), list(r[::-1]), r == range(%d, %d, %d))" %
               (rng.randint(-2, 2), rng.randint(-1, 5), start, stop, rng.choice((step, 1))))
    i = rng.randint(-4, 5)
    out.append("try:")
    out.append("    print(r[%d])" % i)
    out.append("except IndexError as e:")
    out.append("    print('IndexError:', e)")
    out.append("try:")
    out.append("    print(r.index(%d), r.count(%d))" % (rng.randint(-2, 6), rng.randint(-2, 6)))
    out.append("except ValueError as e:")
    out.append("    print('ValueError:', e)")
    out.append("print([x * 2 for x in r if x != %d], sorted(r), r == list(r))" % rng.randint(0, 3))


def unpacking(rng, out):
    n = rng.randint(1, 4)
    out.append("xs = [%s]" % ", ".join(str(rng.randint(0, 9)) for _ in range(n)))
    names = ["a", "b", "c"][: rng.randint(1, 3)]
    out.append("try:")
    out.append("    %s = xs" % (", ".join(names) + ("," if len(names) == 1 else "")))
    out.append("    print(%s)" % ", ".join(names))
    out.append("except ValueError as e:")
    out.append("    print('ValueError:', e)")
    k = rng.randint(1, 3)
    out.append("p, q = range(%d, %d)" % (k, k + 2))
    out.append("print(p, q)")


def next_uses(rng, out):
    out.append("ys = [%s]" % ", ".join(str(rng.randint(0, 9)) for _ in range(rng.randint(1, 5))))
    t = rng.randint(0, 9)
    out.append("print(next((y for y in ys if y > %d), -1), next(iter(ys)))" % t)
    out.append("try:")
    out.append("    print(next(y * 2 for y in ys if y %% %d == 0))" % rng.randint(2, 5))
    out.append("except StopIteration:")
    out.append("    print('stop')")


def generate(rng, avoid=AVOID):
    out = []
    calls = [peeled_loop(rng, out, k) for k in range(rng.randint(1, 3))]
    for c in calls:
        out.append("print(%s)" % c)
    parts = [range_uses, unpacking, next_uses]
    rng.shuffle(parts)
    for p in parts[: rng.randint(1, 3)]:
        p(rng, out)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(generate(random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)), end="")
