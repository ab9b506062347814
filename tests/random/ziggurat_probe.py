#!/usr/bin/python3
"""numpy's ziggurat tables, measured by experiment: numpy's Generator runs over a bit generator whose
64-bit words this script chooses (a bitgen_t made with ctypes), and the draws it returns and the
words it consumes show the tables.
 - w[i]: a word with layer i and magnitude 1 makes standard_normal return exactly w[i];
 - k[i]: a magnitude is accepted at once (one word consumed) exactly when it is below k[i]: binary
   search;
 - f[i]: exp(-x[i]**2 / 2) of the measured x[i] (f[0] = 1), then checked on the wedge test
   (f[i-1] - f[i]) * u + f[i] < exp(-x*x/2): for three x per layer, the threshold on u is found by
   binary search in numpy and must be the table's; where it is not, f[i] is the neighbouring double
   that agrees (numpy's tables were computed with another libm, off by an ulp here and there).
Usage: ziggurat_probe.py --emit FILE   writes runtime/random/ziggurat_tables.cpp
       (check.py imports it to compare the harness's tables with numpy's)."""
import argparse
import ctypes
import math
import sys
import threading

import numpy as np

U64 = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p)
U32 = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_void_p)
F64 = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_void_p)


class BitgenT(ctypes.Structure):  # numpy/random/bitgen.h's bitgen_t
    _fields_ = [("state", ctypes.c_void_p), ("next_uint64", ctypes.c_void_p), ("next_uint32", ctypes.c_void_p),
                ("next_double", ctypes.c_void_p), ("next_raw", ctypes.c_void_p)]


class ScriptedBits:
    """A bit generator replaying a list of 64-bit words (then 2**63), counting those consumed."""

    def __init__(self):
        self.words, self.used = [], 0

        def next64(_):
            self.used += 1
            return self.words.pop() if self.words else 1 << 63  # then ends any loop: u = 0.5, layer 0
        self._callbacks = (U64(next64), U32(lambda s: next64(s) & 0xffffffff),
                           F64(lambda s: (next64(s) >> 11) * (1.0 / 9007199254740992.0)), U64(next64))
        self._bitgen = BitgenT(None, *[ctypes.cast(c, ctypes.c_void_p).value for c in self._callbacks])
        new_capsule = ctypes.pythonapi.PyCapsule_New
        new_capsule.restype = ctypes.py_object
        new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        self.capsule = new_capsule(ctypes.addressof(self._bitgen), b"BitGenerator", None)
        self.lock = threading.Lock()
        self.generator = np.random.Generator(self)

    def run(self, method, words):
        self.words, self.used = list(reversed(words)), 0
        x = getattr(self.generator, method)()
        return x, self.used


class Ziggurat:
    """Where the layer and magnitude sit in a 64-bit word, per distribution."""

    def __init__(self, method, bits, pack, density):
        self.method, self.bits, self.pack, self.density = method, bits, pack, density


NORMAL = Ziggurat("standard_normal", 52, lambda idx, mag: (mag << 9) | idx, lambda x: math.exp(-0.5 * x * x))
EXPONENTIAL = Ziggurat("standard_exponential", 53, lambda idx, mag: ((mag << 8) | idx) << 3, lambda x: math.exp(-x))


def measure(bits, z):
    w = [bits.run(z.method, [z.pack(i, 1), 0])[0] for i in range(256)]
    k = []
    for i in range(256):
        lo, hi = 0, 1 << z.bits  # accepted at once below k: find the first magnitude that is not
        while lo < hi:
            mid = (lo + hi) // 2
            if bits.run(z.method, [z.pack(i, mid)])[1] == 1:
                lo = mid + 1
            else:
                hi = mid
        k.append(lo)
    return w, k


def wedge_threshold(accepts, limit=1 << 53):
    """The first 53-bit u (as an int) for which accepts(u) is False, accepts being monotone."""
    lo, hi = 0, limit
    while lo < hi:
        mid = (lo + hi) // 2
        if accepts(mid):
            lo = mid + 1
        else:
            hi = mid
    return lo


U53 = 1.0 / 9007199254740992.0


def wedge_thresholds(bits, z, w, k, mags_per_layer=5):
    """{layer: [(x, numpy's first rejected u)]} for several magnitudes of every reachable wedge."""
    out = {}
    top = 1 << z.bits
    for i in range(1, 256):
        if k[i] >= top:
            continue
        points = []
        for q in range(1, mags_per_layer + 1):
            mag = k[i] + (top - 1 - k[i]) * q // (mags_per_layer + 1)
            points.append((mag * w[i], wedge_threshold(
                lambda u: bits.run(z.method, [z.pack(i, mag), u << 11])[1] == 2)))
        out[i] = points
    return out


def agrees(z, points, upper, lower):
    """The table's wedge test, with f[i-1] = upper and f[i] = lower, decides as numpy did."""
    for x, t in points:
        e = z.density(x)
        if t > 0 and not (upper - lower) * ((t - 1) * U53) + lower < e:
            return False
        if t < (1 << 53) and (upper - lower) * (t * U53) + lower < e:
            return False
    return True


def nudge(x, steps):
    for _ in range(abs(steps)):
        x = math.nextafter(x, math.inf if steps > 0 else 0.0)
    return x


def fit_f(z, w, k, thresholds, reach=4):
    """f[i] for i >= 1: among the doubles within `reach` ulps of exp(-x[i]**2 / 2) (exp(-x[i])) as
    this libm rounds it, the ones that make every wedge decide as numpy's (a path through the layers,
    Viterbi style: layer i couples f[i-1] and f[i]); the fewest ulps moved where several agree.
    numpy's tables were computed elsewhere (normal: double precision with another libm;
    exponential: higher precision), hence the moves. Returns (f, moved ulps per layer)."""
    scale = 2.0 ** z.bits
    base = [1.0] + [z.density(w[i] * scale) for i in range(1, 256)]
    steps = list(range(-reach, reach + 1))
    # cost[s] for f[i] = nudge(base[i], s): total ulps moved on the best path from f[0] = 1.
    cost, back = {0: 0}, []
    values = {0: 1.0}
    for i in range(1, 256):
        new_cost, new_back, new_values = {}, {}, {}
        for s in steps:
            lower = nudge(base[i], s)
            best = None
            for prev, c in cost.items():
                if i in thresholds and not agrees(z, thresholds[i], values[prev], lower):
                    continue
                if best is None or c < best[0]:
                    best = (c, prev)
            if best is not None:
                new_cost[s], new_back[s], new_values[s] = best[0] + abs(s), best[1], lower
        if not new_cost:
            raise SystemExit("no table agrees with numpy's wedge decisions at layer %d" % i)
        cost, values = new_cost, new_values
        back.append((new_back, new_values))
    s = min(cost, key=lambda t: (cost[t], abs(t)))
    f, moved = [0.0] * 256, {}
    for i in range(255, 0, -1):
        prev_of, vals = back[i - 1]
        f[i] = vals[s]
        if s:
            moved[i] = s
        s = prev_of[s]
    f[0] = 1.0
    return f, moved


def emit(path, tables):
    lines = ["// numpy's ziggurat tables (numpy 1.24's Generator.standard_normal and standard_exponential),",
             "// measured from numpy's draws by tests/random/ziggurat_probe.py --emit; see Note [Ziggurat",
             "// tables] in ziggurat.cpp. Generated: do not edit.",
             '#include "runtime/random/ziggurat_tables.hpp"', "", "namespace pyscript::random::detail {", ""]
    for name, (w, k, f) in tables.items():
        lines.append("const ZigguratTables k%sTables = {" % name)
        for label, values, form in (("k", k, "0x%016xu"), ("w", w, "%s"), ("f", f, "%s")):
            lines.append("  // %s" % label)
            lines.append("  {")
            items = [form % v if label == "k" else float.hex(v) for v in values]
            for j in range(0, 256, 4):
                lines.append("    " + ", ".join(items[j:j + 4]) + ",")
            lines.append("  },")
        lines.append("};")
        lines.append("")
    lines.append("} // namespace pyscript::random::detail")
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emit", required=True)
    args = ap.parse_args()
    bits = ScriptedBits()
    tables = {}
    for name, z in (("Normal", NORMAL), ("Exponential", EXPONENTIAL)):
        w, k = measure(bits, z)
        f, moved = fit_f(z, w, k, wedge_thresholds(bits, z, w, k))
        print("%s: f off this libm's exp by (layer: ulps) %s" % (name, moved))
        tables[name] = (w, k, f)
    emit(args.emit, tables)
    return 0


if __name__ == "__main__":
    sys.exit(main())
