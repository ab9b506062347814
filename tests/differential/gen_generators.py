#!/usr/bin/python3
"""Seeded random programs over generators (differential testing against CPython).

generate(rng, avoid) returns one program; `gen_generators.py SEED` prints the program of one seed,
and run_tensor_differential.py --generator generators runs them against pyscript.

pyscript inlines a generator where a loop consumes it (Note [Generators are inlined] in
lower/lower_generator.cpp), so the programs stress the control flow that inlining rewrites: yields
inside nested for and while loops, the generator's own break/continue/return, `yield from` another
generator or a list, prints inside generators (the interleaving with the consumer's prints shows),
and consumers that break, continue and have an `else`, nested consumers, comprehensions, next(),
enumerate(gen, start), and list/sum/max/sorted/any of a generator call."""
import random
import sys

AVOID = ()


def cond(rng, names):
    a = rng.choice(names)
    return rng.choice(("%s %% %d == %d" % (a, rng.randint(2, 4), rng.randint(0, 1)),
                       "%s > %d" % (a, rng.randint(0, 6)), "%s < %d" % (a, rng.randint(1, 8))))


def value(rng, names, tuples):
    x = rng.choice(names)
    if tuples:
        return "(%s, %s * %d)" % (x, rng.choice(names), rng.randint(1, 3))
    return "%s + %d" % (x, rng.randint(-2, 9))


def gen_body(rng, names, depth, earlier, tuples, out, indent, in_loop):
    """Statements of a generator; names: ints readable here; earlier: generators of its kind."""
    pad = "    " * indent
    for _ in range(rng.randint(1, 3)):
        k = rng.random()
        if k < 0.3 and depth < 2:
            v = "i%d" % depth
            if rng.random() < 0.6:
                out.append("%sfor %s in range(%s):" % (pad, v, rng.choice(names + [str(rng.randint(0, 5))])))
            else:
                out.append("%s%s = 0" % (pad, v))
                out.append("%swhile %s < %d:" % (pad, v, rng.randint(1, 5)))
                out.append("%s    %s = %s + 1" % (pad, v, v))
            gen_body(rng, names + [v], depth + 1, earlier, tuples, out, indent + 1, True)
        elif k < 0.55:
            out.append("%syield %s" % (pad, value(rng, names, tuples)))
        elif k < 0.65:
            out.append("%sprint('gen', %s)" % (pad, rng.choice(names)))
        elif k < 0.75 and earlier:
            g, params = rng.choice(earlier)
            args = ", ".join(rng.choice(names) for _ in range(params))
            out.append("%syield from %s(%s)" % (pad, g, args))
        elif k < 0.82:
            out.append("%syield from [%s, %s]" % (pad, value(rng, names, tuples), value(rng, names, tuples)))
        elif k < 0.9:
            exit_stmt = rng.choice(("return",) + (("break", "continue") if in_loop else ()))
            out.append("%sif %s:" % (pad, cond(rng, names)))
            out.append("%s    %s" % (pad, exit_stmt))
        else:
            out.append("%sif %s:" % (pad, cond(rng, names)))
            out.append("%s    yield %s" % (pad, value(rng, names, tuples)))
            out.append("%selse:" % pad)
            out.append("%s    yield %s" % (pad, value(rng, names, tuples)))


def generate(rng, avoid=AVOID):
    out = []
    gens = []  # (name, params, tuples)
    for g in range(rng.randint(1, 3)):
        name = "g%d" % g
        params = rng.randint(0, 2)
        tuples = rng.random() < 0.3
        pnames = ["p%d" % i for i in range(params)]
        out.append("def %s(%s):" % (name, ", ".join(pnames)))
        earlier = [(n, p) for n, p, t in gens if t == tuples]
        gen_body(rng, pnames + ["%d" % rng.randint(1, 4)], 0, earlier, tuples, out, 1, False)
        out.append("    yield %s" % value(rng, [str(rng.randint(0, 9))], tuples))
        out.append("")
        out.append("")
        gens.append((name, params, tuples))
    out.append("def consume(n):")
    out.append("    total = 0")
    for _ in range(rng.randint(2, 5)):
        name, params, tuples = rng.choice(gens)
        call = "%s(%s)" % (name, ", ".join(str(rng.randint(0, 4)) for _ in range(params)))
        k = rng.random()
        if k < 0.45:
            target, use = ("a, b", "a") if tuples else ("v", "v")
            out.append("    for %s in %s:" % (target, call))
            out.append("        total = total + %s" % use)
            out.append("        print('got', %s)" % use)
            if rng.random() < 0.5:
                out.append("        if total > %d:" % rng.randint(0, 30))
                out.append("            %s" % rng.choice(("break", "continue")))
            if rng.random() < 0.3:
                n2, p2, _ = rng.choice(gens)
                out.append("        for w in %s(%s):" % (n2, ", ".join(str(rng.randint(0, 3)) for _ in range(p2))))
                out.append("            print('inner', w)")
                out.append("            break")
            if rng.random() < 0.4:
                out.append("    else:")
                out.append("        print('no break')")
        elif k < 0.6:
            out.append("    print(list(%s))" % call)
        elif k < 0.7 and not tuples:
            out.append("    print(sum(%s), sorted(%s))" % (call, call))
        elif k < 0.8:
            out.append("    print([x for x in %s if x != %s])" % (call, "(0, 0)" if tuples else "2"))
        elif k < 0.8 + 0.07:  # next(): the generator runs to its first yield only (Note [next])
            d = "(-1, -1)" if tuples else "-1"
            form = rng.randint(0, 2)
            if form == 0:
                out.append("    print(next(%s, %s))" % (call, d))
            elif form == 1:
                out.append("    try:")
                out.append("        print(next(%s))" % call)
                out.append("    except StopIteration:")
                out.append("        print('stop')")
            else:
                out.append("    print(next((x for x in %s if x != %s), %s))" % (call, "(0, 0)" if tuples else "2", d))
        elif k < 0.9:
            out.append("    for k, x in enumerate(%s, %d):" % (call, rng.randint(0, 3)))
            out.append("        print(k, x)")
            out.append("        if k > %d:" % rng.randint(1, 6))
            out.append("            break")
        elif not tuples:
            out.append("    print(any(x == %d for x in %s))" % (rng.randint(0, 5), call))
        else:
            out.append("    print(len(list(%s)))" % call)
    out.append("    return total")
    out.append("")
    out.append("")
    out.append("print(consume(3))")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(generate(random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)), end="")
