#!/usr/bin/env python3
"""How far pyscript's elementwise math is from the correctly rounded result, and from numpy's.

For np.exp log sqrt sin cos tanh log1p expm1 arctan2 (and floor ceil sign square abs, which are
exact), in float64 and float32, over inputs built by exact arithmetic (np.arange(n) * step + start
with a 20-bit step, so numpy and pyscript build the same bits; checked), covering ordinary ranges,
tiny and huge magnitudes, overflow and underflow, subnormals, -0.0, inf and nan, one generated
program computes each function three ways:
  plain   y = np.exp(x)                      (a fused loop of one op for exp/log/sqrt/sin/cos/tanh/abs)
  chain   y = np.exp(x * 1.0) * 1.0          (inside a fused elementwise chain)
  scalar  y = np.exp(x[i]) on numpy scalars  (codegen/emit_numpy_scalars.cpp)
and prints every result exactly. Each is compared with the correctly rounded value (mpmath at 160
bits, rounded to the format by hand: subnormals, overflow, ties to even) and with numpy 1.24's
result on this machine.

Prints, per function, dtype and path, the most ulps (floats between a result and the correctly
rounded one) and how many results differ from numpy's. Fails when a result is more than BOUND ulps
off, except where KNOWN records a larger measured error (each entry names the code that computes it:
bugs to fix) and then when it is worse than that; when a KNOWN entry is no longer needed; when a
zero has the wrong sign; when an exact function (sqrt floor ceil sign square abs) differs from numpy
at all; or when the inputs differ. Exits 77 (meson: skipped) without mpmath (python3-mpmath).
About 15 s on a loaded 2-core machine, most of it compiling the generated program.
Usage: numerics_ulp.py PYSCRIPT [--verbose]   (--verbose: numpy's worst result per function too)"""
import math
import os
import struct
import subprocess
import sys
import tempfile
import time

try:
    import mpmath
    import numpy as np
except ImportError as e:
    print(f"SKIP: numerics_ulp needs mpmath and numpy (Debian: python3-mpmath python3-numpy): {e}")
    sys.exit(77)

BOUND = 1
PATHS = ("plain", "chain", "scalar")
ARRAYS = ("plain", "chain")  # the same code: a fused loop (or the runtime's kernel when not fusable)
INF = math.inf
# Results further than BOUND from the correctly rounded value that the code gives today, each a bug
# to fix: (function, dtype, paths, inputs (lo, hi) or None for all, ulps measured, where). An input
# is allowed the largest bound of the entries covering it; the test fails when an entry for
# pyscript's own code is no longer needed (tighten or remove it; one for glibc's libm or libmvec,
# which vary with the machine, gets a note) as well as when a result is worse than every bound
# covering it.
KNOWN = [
    # codegen/emit_fused.cpp emit_tanh (float64 scalars too): its odd Taylor polynomial (to x^25 in
    # float64) below 0.25 rounds to 2 ulps near 0.25; 1 - 2/(e^2x + 1) loses bits to cancellation
    # just above 0.25. (emit_exp is within 1 ulp everywhere, overflow and subnormal edges included.)
    ("tanh", "float64", PATHS, None, 3, "emit_tanh: 1 - 2/(e^2x + 1) cancels above 0.25 (2 ulps below)"),
    ("tanh", "float32", ARRAYS, None, 2, "emit_tanh: 1 - 2/(e^2x + 1) cancels above 0.25"),
    ("tanh", "float32", ("scalar",), None, 2, "glibc tanhf (runtime/array_math.cpp unary_value)"),
    # Fused loops call glibc's libmvec (codegen/optimize.cpp: _ZGVdN4v_sin, _ZGVdN4v_cos,
    # _ZGVdN8v_logf), whose documented bound is 4 ulps; the loop's remainder calls scalar libm.
    ("sin", "float64", ARRAYS, None, 2, "libmvec _ZGVdN4v_sin"),
    ("cos", "float64", ARRAYS, None, 3, "libmvec _ZGVdN4v_cos"),
    ("log", "float32", ARRAYS, None, 2, "libmvec _ZGVdN8v_logf"),
]


def known_bounds(fn, dt, path, x):
    """The KNOWN entries (their indexes) covering fn(x) in dt on path."""
    return [k for k, (f, d, paths, r, _, _) in enumerate(KNOWN)
            if f == fn and d == dt and path in paths and (r is None or r[0] <= x <= r[1])]


EXACT = ("sqrt", "floor", "ceil", "sign", "square", "abs")
FORMATS = {  # precision bits, smallest quantum exponent, largest exponent
    "float64": (53, -1074, 1023),
    "float32": (24, -149, 127),
}
LIMITS = {  # largest finite, smallest normal, smallest subnormal, overflow and underflow of exp
    "float64": dict(max=1.7976931348623157e308, minn=2.2250738585072014e-308, den=5e-324,
                    lnmax=709.782712893384, lnmin=-708.3964185322641, lnden=-745.1332191019411,
                    sqmax=1.3407807929942596e154, trig=(1e15, 1e22)),
    "float32": dict(max=3.4028234663852886e38, minn=1.1754943508222875e-38, den=1.401298464324817e-45,
                    lnmax=88.72283935546875, lnmin=-87.33654022216797, lnden=-103.97208404541016,
                    sqmax=1.8446742974197924e19, trig=(1e5, 1e12)),
}


def step_of(lo, hi, n):
    """(hi - lo) / n with 20 significant bits, so i * step is exact for every i < n."""
    m, e = math.frexp((hi - lo) / n)
    return math.ldexp(math.floor(m * 2**20), e - 20)


def ranges(fn, dt):
    """The inputs of fn in dtype dt: (lo, hi, n) ranges and a list of special values."""
    L = LIMITS[dt]
    big = (L["max"] / 1e8, L["max"], 51)
    sub = (-L["minn"], L["minn"], 61)
    tiny = (-1e-7, 1e-7, 101)
    t0, t1 = L["trig"]
    common = [0.0, -0.0, math.inf, -math.inf, math.nan, L["den"], -L["den"], L["minn"], L["max"], -L["max"]]
    if fn in ("exp", "expm1"):
        r = [(-5, 5, 301), tiny, (L["lnden"] - 1, L["lnmax"] + 1, 301),
             (L["lnmax"] - 1, L["lnmax"], 211), (L["lnden"] - 0.5, L["lnmin"] + 0.5, 211), sub]
        s = [L["lnmax"], -L["lnmin"], L["lnmin"], L["lnden"], 1.0, -1.0]
    elif fn in ("log", "log1p"):
        r = [(0.001, 10, 301), (0.99, 1.01, 201), big, (L["den"], L["minn"], 61), (-1.0, -0.99, 101),
             (-10, -1.01, 11), tiny]
        s = [1.0, -1.0]
    elif fn == "sqrt":
        r = [(0, 100, 301), big, (L["den"], L["minn"], 61), (-10, -0.01, 11)]
        s = [1.0, 4.0, 2.0]
    elif fn in ("sin", "cos"):
        r = [(-10, 10, 401), tiny, (1e3, 1e6, 201), (t0, t1, 101), big, sub,
             (3.14159, 3.1416, 101), (1.5707963, 1.5707964, 101)]
        s = [math.pi, math.pi / 2, 1e22]
    elif fn == "tanh":
        r = [(-0.5, 0.5, 401), (-20, 20, 301), tiny, (19, 1000, 51), sub, big]
        s = [0.25, -0.25, 0.5]
    elif fn in ("floor", "ceil"):
        r = [(-1000, 1000, 401), (-1, 1, 101), (1e15, 1e17, 51), sub, big]
        s = [0.5, -0.5, 1.5, -1.5]
    elif fn in ("sign", "abs"):
        r = [(-10, 10, 101), sub, big]
        s = []
    elif fn == "square":
        r = [(-1e5, 1e5, 201), (L["sqmax"] / 2, L["sqmax"] * 2, 51), (-math.sqrt(L["minn"]), math.sqrt(L["minn"]), 51), sub]
        s = [L["sqmax"]]
    else:
        raise ValueError(fn)
    return r, common + s


def arctan2_cases(dt):
    """(y range, x range) pairs of one length, and the special pairs."""
    L = LIMITS[dt]
    r = [((-10, 10, 401), (-7, 7.5, 401)), ((1e-30, 1e-20, 51), (1e10, 1e20, 51)),
         ((1e10, 1e20, 51), (-1e-30, -1e-20, 51)), ((-L["minn"], L["minn"], 61), (-1, 1, 61)),
         ((L["max"] / 1e8, L["max"], 51), (-L["max"], -L["max"] / 1e8, 51))]
    sp = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan]
    pairs = [(a, b) for a in sp for b in sp]
    return r, pairs


def literal(v):
    if math.isnan(v):
        return "np.nan"
    if math.isinf(v):
        return "np.inf" if v > 0 else "-np.inf"
    return repr(v)


def range_expr(lo, hi, n, dt):
    e = f"(np.arange({n}) * {literal(step_of(lo, hi, n))} + {literal(float(lo))})"
    return e + ".astype(np.float32)" if dt == "float32" else e


def list_expr(values, dt):
    e = "np.array([" + ", ".join(literal(v) for v in values) + "])"
    return e + ".astype(np.float32)" if dt == "float32" else e


FUNCTIONS = ("exp", "log", "sqrt", "sin", "cos", "tanh", "log1p", "expm1", "arctan2",
             "floor", "ceil", "sign", "square", "abs")


def build_cases():
    """[(fn, dtype, [input expression, ...])]: one or two inputs (arctan2: y, x)."""
    cases = []
    for dt in FORMATS:
        for fn in FUNCTIONS:
            if fn == "arctan2":
                r, pairs = arctan2_cases(dt)
                for ry, rx in r:
                    cases.append((fn, dt, [range_expr(*ry, dt), range_expr(*rx, dt)]))
                cases.append((fn, dt, [list_expr([p[0] for p in pairs], dt), list_expr([p[1] for p in pairs], dt)]))
            else:
                r, s = ranges(fn, dt)
                for lo, hi, n in r:
                    cases.append((fn, dt, [range_expr(lo, hi, n, dt)]))
                cases.append((fn, dt, [list_expr(s, dt)]))
    return cases


def program(cases):
    lines = ["import numpy as np", ""]
    for k, (fn, dt, exprs) in enumerate(cases):
        names = [f"x{k}_{j}" for j in range(len(exprs))]
        for name, e in zip(names, exprs):
            lines.append(f"{name} = {e}")
        args = ", ".join(names)
        chained = ", ".join(f"{name} * 1.0" for name in names)
        items = ", ".join(f"{name}[i]" for name in names)
        lines.append(f"a{k} = np.{fn}({args})")
        lines.append(f"b{k} = np.{fn}({chained}) * 1.0")
        lines.append(f"for i in range({names[0]}.shape[0]):")
        shown = ", ".join(f"float({name}[i])" for name in names)
        lines.append(f"    print({shown}, float(a{k}[i]), float(b{k}[i]), float(np.{fn}({items})))")
        lines.append("")
    return "\n".join(lines)


# --- Correct rounding --------------------------------------------------------------------------

def round_to(v, dt):
    """The mpf v rounded to nearest (ties to even) in dtype dt, as a Python float."""
    if mpmath.isnan(v):
        return math.nan
    if mpmath.isinf(v):
        return math.inf if v > 0 else -math.inf
    prec, qmin, emax = FORMATS[dt]
    sign, man, exp, bc = v._mpf_
    man = int(man)
    top = exp + bc - 1  # v is in [2^top, 2^(top+1))
    if man == 0 or top < qmin - 1:  # below half the smallest subnormal
        return -0.0 if sign and man else 0.0
    if top > emax:
        return -math.inf if sign else math.inf
    q = max(exp + bc - 1 - (prec - 1), qmin)
    if exp >= q:
        n = man << (exp - q)
    else:
        shift = q - exp
        n = man >> shift
        rem = man - (n << shift)
        half = 1 << (shift - 1)
        if rem > half or (rem == half and n & 1):
            n += 1
    if n == 0:
        return -0.0 if sign else 0.0
    if q + n.bit_length() - 1 > emax:
        return -math.inf if sign else math.inf
    r = math.ldexp(n, q)
    return -r if sign else r


def reference(fn, args, dt):
    """The correctly rounded fn(*args) in dt (IEEE 754 / C99 Annex F special cases)."""
    x = args[0]
    mpf = mpmath.mpf
    if fn == "arctan2":
        y, x = args
        if math.isnan(y) or math.isnan(x):
            return math.nan
        if y == 0 or x == 0 or math.isinf(y) or math.isinf(x):
            r = math.atan2(y, x)  # a multiple of pi/4 (C99 Annex F)
            k = round(r / (math.pi / 4))
            return math.copysign(0.0, r) if k == 0 else round_to(k * mpmath.pi / 4, dt)
        return round_to(mpmath.atan2(mpf(y), mpf(x)), dt)
    if math.isnan(x):
        return math.nan
    if fn == "abs":
        return abs(x)
    if fn == "sign":
        return 1.0 if x > 0 else -1.0 if x < 0 else 0.0
    if fn in ("floor", "ceil"):
        if math.isinf(x):
            return x
        r = float(math.floor(x) if fn == "floor" else math.ceil(x))
        return math.copysign(0.0, x) if r == 0 else r
    if fn == "square":
        return math.inf if math.isinf(x) else round_to(mpf(x) * mpf(x), dt)
    if math.isinf(x):
        pos = x > 0
        return {"exp": (math.inf, 0.0), "log": (math.inf, math.nan), "sqrt": (math.inf, math.nan),
                "sin": (math.nan, math.nan), "cos": (math.nan, math.nan), "tanh": (1.0, -1.0),
                "log1p": (math.inf, math.nan), "expm1": (math.inf, -1.0)}[fn][0 if pos else 1]
    if x == 0 and fn in ("sqrt", "sin", "tanh", "log1p", "expm1"):
        return x  # odd at 0: the sign of zero stays
    if fn == "log" and x == 0:
        return -math.inf
    if fn in ("log", "sqrt") and x < 0 or fn == "log1p" and x < -1:
        return math.nan
    if fn == "log1p" and x == -1:
        return -math.inf
    f = {"exp": mpmath.exp, "log": mpmath.log, "sqrt": mpmath.sqrt, "sin": mpmath.sin, "cos": mpmath.cos,
         "tanh": mpmath.tanh, "log1p": mpmath.log1p, "expm1": mpmath.expm1}[fn]
    return round_to(f(mpf(x)), dt)


def ordered(v, dt):
    """Adjacent floats of dt map to adjacent integers (-0.0 and 0.0 to 0)."""
    if dt == "float64":
        bits = struct.unpack("<q", struct.pack("<d", v))[0]
        return bits if bits >= 0 else -(bits & 0x7FFFFFFFFFFFFFFF)
    bits = struct.unpack("<i", struct.pack("<f", v))[0]
    return bits if bits >= 0 else -(bits & 0x7FFFFFFF)


def ulps(a, b, dt):
    """Floats of dt between a and b (0: the same; nan equals nan; inf when one only is nan)."""
    if math.isnan(a) or math.isnan(b):
        return 0 if math.isnan(a) and math.isnan(b) else math.inf
    return abs(ordered(a, dt) - ordered(b, dt))


def same_bits(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


def zero_sign_wrong(a, ref):
    return a == 0 and ref == 0 and math.copysign(1, a) != math.copysign(1, ref)


def fmt_ulps(u):
    return "inf" if u == INF else f"{u:.2g}" if u >= 1000 else str(u)


def main():
    pyscript = sys.argv[1]
    verbose = "--verbose" in sys.argv
    started = time.time()
    mpmath.mp.prec = 160
    cases = build_cases()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "numerics_ulp.py")
        with open(path, "w") as f:
            f.write(program(cases))
        p = subprocess.run([pyscript, "run", path], capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        print(f"FAIL: pyscript run exited {p.returncode}:\n{p.stderr[-3000:]}")
        return 1
    ran = time.time() - started
    out = iter(p.stdout.splitlines())

    problems = []
    # (fn, dt, path) -> [results, max ulps, worst (ulps, args, got, ref, numpy), differ from numpy]
    stats = {}
    numpy_stats = {}  # (fn, dt) -> [max ulps, worst (args, numpy, ref)]
    disagree = {}  # (fn, dt) -> [count, example]: the paths give different results for one input
    needed = [False] * len(KNOWN)
    worst_known = [None] * len(KNOWN)  # the worst result each entry covers
    with np.errstate(all="ignore"):
        for fn, dt, exprs in cases:
            inputs = [eval(e, {"np": np}) for e in exprs]
            expected = getattr(np, fn)(*inputs)
            for i in range(inputs[0].shape[0]):
                fields = [float(t) for t in next(out).split()]
                args = [float(a[i]) for a in inputs]
                if not all(same_bits(a, b) for a, b in zip(args, fields)):
                    problems.append(f"{fn} {dt}: input {i} of {exprs} is {fields[:len(args)]} in pyscript, "
                                    f"{args} in numpy")
                    continue
                got = fields[len(args):]
                ref = reference(fn, args, dt)
                npv = float(expected[i])
                ns = numpy_stats.setdefault((fn, dt), [0, None])
                e = ulps(npv, ref, dt)
                if ns[1] is None or e > ns[0]:
                    ns[:] = [e, (args, npv, ref)]
                if not (same_bits(got[0], got[1]) and same_bits(got[0], got[2])):
                    d = disagree.setdefault((fn, dt), [0, None])
                    d[0] += 1
                    d[1] = d[1] or (args, got, ref)
                for path, g in zip(PATHS, got):
                    s = stats.setdefault((fn, dt, path), [0, 0, None, 0])
                    s[0] += 1
                    u = ulps(g, ref, dt)
                    example = (u, args, g, ref, npv)
                    if s[2] is None or u > s[1]:
                        s[1], s[2] = u, example
                    covering = known_bounds(fn, dt, path, args[0])
                    allowed = max([BOUND] + [KNOWN[k][4] for k in covering])
                    ranged = any(KNOWN[k][3] for k in covering)
                    for k in covering:
                        if u > max([BOUND] + [KNOWN[j][4] for j in covering if j != k]):
                            needed[k] = True
                        # An entry for all inputs shows its worst outside the ranged entries.
                        if (KNOWN[k][3] or not ranged) and (worst_known[k] is None or u > worst_known[k][0]):
                            worst_known[k] = example
                    if u > allowed:
                        problems.append(f"{fn} {dt} {path}: {fmt_ulps(u)} ulps from the correctly rounded result "
                                        f"(bound {fmt_ulps(allowed)}): {fn}{tuple(args)} = {g!r}, correctly "
                                        f"rounded {ref!r}, numpy {npv!r}")
                    if zero_sign_wrong(g, ref):
                        problems.append(f"{fn} {dt} {path}: {fn}{tuple(args)} = {g!r}, the sign of zero "
                                        f"should be {ref!r}")
                    if not same_bits(g, npv):
                        s[3] += 1
                        if fn in EXACT:
                            problems.append(f"{fn} {dt} {path}: {fn}{tuple(args)} = {g!r}, numpy gives {npv!r} "
                                            f"(exact function)")
    leftover = list(out)
    if leftover:
        problems.append(f"{len(leftover)} unexpected lines of output: {leftover[:3]}")

    print("ulps: the most floats between a result and the correctly rounded one (0: correctly rounded)")
    print(f"{'':17} {'--------- ulps ---------':>31}   {'differ from numpy (%)':>22}")
    print(f"{'function':9} {'dtype':7} {'inputs':>6} {'plain':>7} {'chain':>7} {'scalar':>7} {'numpy':>7}"
          f"   {'plain':>6} {'chain':>6} {'scalar':>6}")
    for dt in FORMATS:
        for fn in FUNCTIONS:
            row = [stats[(fn, dt, path)] for path in PATHS]
            print(f"{fn:9} {dt:7} {row[0][0]:6} " + " ".join(f"{fmt_ulps(r[1]):>7}" for r in row) +
                  f" {fmt_ulps(numpy_stats[(fn, dt)][0]):>7}   " +
                  " ".join(f"{100.0 * r[3] / r[0]:6.1f}" for r in row))
    for k, (fn, dt, paths, r, bound, why) in enumerate(KNOWN):
        where = f"x in [{r[0]}, {r[1]}]" if r else "all inputs" if not any(
            e[3] for e in KNOWN if e[:2] == (fn, dt)) else "other inputs"
        if worst_known[k] is None:
            problems.append(f"KNOWN entry {fn} {dt} {where} covers no input")
            continue
        u, args, g, ref, npv = worst_known[k]
        print(f"KNOWN {fn} {dt} {'/'.join(paths)}, {where}: up to {fmt_ulps(u)} ulps "
              f"({fn}{tuple(args)} = {g!r}, correctly rounded {ref!r}): {why}")
        if not needed[k] and why.startswith(("libmvec", "glibc")):
            print(f"note: KNOWN entry {fn} {dt} {'/'.join(paths)} {where} is not needed on this machine")
        elif not needed[k]:
            problems.append(f"KNOWN entry {fn} {dt} {'/'.join(paths)} {where} is not needed any more "
                            f"(worst {fmt_ulps(u)} ulps): tighten or remove it")
    for (fn, dt), (count, (args, got, ref)) in disagree.items():
        print(f"note: {fn} {dt}: the paths differ on {count} inputs, e.g. {fn}{tuple(args)}: plain {got[0]!r}, "
              f"chain {got[1]!r}, scalar {got[2]!r} (correctly rounded {ref!r})")
    if verbose:
        for (fn, dt), (u, w) in numpy_stats.items():
            if u:
                print(f"numpy {fn} {dt}: {fmt_ulps(u)} ulps at {fn}{tuple(w[0])} = {w[1]!r}, "
                      f"correctly rounded {w[2]!r}")
    shown = {}  # at most 3 lines for each function, dtype and path
    for line in problems:
        key = line.split(":")[0]
        shown[key] = shown.get(key, 0) + 1
        if shown[key] <= 3:
            print("FAIL", line)
    for key, count in shown.items():
        if count > 3:
            print(f"FAIL {key}: {count - 3} more")
    total = sum(s[0] for s in stats.values())
    print(f"numerics_ulp: {total} results, {len(problems)} problems; pyscript run {ran:.1f} s, "
          f"total {time.time() - started:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
