#!/usr/bin/python3
"""support/format_spec against CPython's format(): curated and seeded random specs for int, float
and str, run through tests/format_spec/format_spec_harness.cpp; results and error messages must be
CPython's. Usage: check.py HARNESS [--random N] [--seed S]"""
import argparse
import itertools
import random
import subprocess
import sys

INTS = [0, 1, -1, 7, 42, -42, 255, 1234, -1234, 1234567, 10**12, -(2**63), 2**63 - 1, 99999]
FLOATS = [0.0, -0.0, 1.0, -1.5, 0.1, 2.5, 3.14159265358979, 1234.5678, -1234567.891, 1e16, 1.5e-7,
          123456789.0, 1e300, 5e-324, float('inf'), float('-inf'), float('nan'), 0.5, 0.05, 9.995, 1e-5,
          100.0, 0.000123456]
STRS = ["", "a", "hello", "h\u00e9llo", "x y"]
SPECS = ["", "d", "5", "<5", ">8", "^7", "=8", "*^9", "+", " ", "-", "+8", "08", "010,", "09,", "08,", "012_",
         ",", "_", "x", "#x", "X", "#X", "o", "#o", "b", "#b", "_b", "#010x", "08_x", "n", ".3", ".0", ".1",
         ".10", "f", ".2f", "8.3f", "+.2f", "-.2f", " .2f", ".0f", "#.0f", "e", ".2e", "E", "10.3E", "g", ".3g",
         ".10g", "G", "#g", "#.3g", "%", ".1%", ",.2f", "_.3f", "015,.2f", "z.1f", "z", "0=8", "s", ".2",
         "10.2", "<10.3s", "=5", ",d", ",x", "_d", "+,", "x<10", "\u00e9>6", "10.3", "e>12.2e", "^+12.3f",
         ".2n", "#", "#.3", ",,", ",_", "10.", "abc", ".3d", "z.0f"]


def cases(n_random, seed):
    for kind, values in (("i", INTS), ("f", FLOATS), ("s", STRS)):
        for v, spec in itertools.product(values, SPECS):
            yield kind, v, spec
    r = random.Random(seed)
    chars = "<>^=+- z#0123456789,_.%eEfFgGdxXobns*"
    for _ in range(n_random):
        kind = r.choice("iif")
        spec = "".join(r.choice(chars) for _ in range(r.randint(0, 6)))
        if kind == "i":
            v = r.choice([0, 1, -1, r.randint(-10**6, 10**6), r.randint(-2**63, 2**63 - 1)])
        else:
            v = r.choice([0.0, -0.0, r.uniform(-1e6, 1e6), r.uniform(-1, 1) * 10 ** r.randint(-30, 30), 0.5,
                          2.5, 1e22])
        yield kind, v, spec


def expected(kind, v, spec):
    if kind in "if" and "c" in spec:
        return None  # the 'c' format is refused by pyscript
    try:
        return "[" + format(v, spec) + "]"
    except (ValueError, TypeError, OverflowError) as e:
        return "ERR " + str(e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("harness")
    ap.add_argument("--random", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = [(k, v, s) for k, v, s in cases(args.random, args.seed) if expected(k, v, s) is not None]
    text = "".join("%s\t%r\t%s\n" % (k, v, s) if k != "s" else "%s\t%s\t%s\n" % (k, v, s) for k, v, s in rows)
    got = subprocess.run([args.harness], input=text.encode(), capture_output=True, check=True).stdout
    got = got.decode("utf-8").splitlines()
    failed = 0
    for (k, v, s), line in zip(rows, got):
        want = expected(k, v, s)
        if line != want:
            failed += 1
            if failed <= 10:
                print("FAIL format(%r, %r): CPython %s, pyscript %s" % (v, s, want, line))
    failed += abs(len(rows) - len(got))
    print("format-spec: %d passed, %d failed" % (len(rows) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
