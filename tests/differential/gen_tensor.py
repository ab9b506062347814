#!/usr/bin/python3
"""Seeded random-program generator for pyscript's numpy subset (differential testing).

generate(rng, avoid) returns the source of one small Python program with numpy arrays that CPython
runs and that pyscript is meant to accept and run with the same output (numbers within the
tolerance of shared/conformance/check).  `gen_tensor.py SEED [AVOID ...]` prints the program of one
seed.  The generator keeps the program being made in module globals: one thread at a time.

What a program covers:
  * arrays made by np.array literals, np.zeros/ones/full/arange/linspace/eye with and without
    dtype= (np.float32, np.float64, np.int64, np.bool_), shapes taken from other arrays
    (np.zeros(x.shape), np.arange(x.shape[0]), np.eye(x.shape[-1])), module-level constant arrays
    read by functions, and non-contiguous views (x.T, x[::-1], x[::2], x[:, 1:]) as arguments;
  * 3-7 module-level functions with 1-3 parameters (arrays of rank 1-3, Python ints and floats,
    a default value), each called with one or two signatures (other shapes, dtypes or ranks), so
    pyscript specializes them; functions call earlier functions and return arrays, numpy scalars or
    tuples of them; sometimes a recursive function (`return f(update(x), n - 1)`);
  * + - * / // % ** between arrays of different ranks (broadcasting), numpy scalars and Python
    scalars (weak: float32_array * 2.5 stays float32), comparisons, unary -, abs; np.maximum/
    minimum/where/exp/log/sqrt/tanh/sin/cos/abs (also of Python floats); sum/mean/max/min/argmax as
    methods and np functions, with axis= (also negative, also positional) and keepdims=; @,
    np.dot (ranks 1-2), np.matmul for 1-D, 2-D and batched operands; prod/var/std (ddof=)/
    argmin/all/any/count_nonzero with axis= and keepdims=, cumsum/cumprod, np.round/a.round,
    np.clip/a.clip, np.sort/np.argsort (kinds; argsort of int and bool arrays, whose ties show
    numpy's quicksort order), np.isclose/np.allclose, np.linalg.norm (ord, axis), and det/inv/solve
    of a @ a.T + 2 * I (well conditioned); reshape
    (also -1 and tuple forms), .T, transpose(), astype; basic indexing with ints (also negative),
    slices with steps (also negative), mixed int/slice indices, chained indexing; .shape/.ndim/
    .size/.dtype, len(), float()/int() of one-element arrays and numpy scalars; elementwise chains
    that read a value and a view of it;
  * statements: assignments (a variable may get another type in straight-line code), tuple
    unpacking of function results, if/elif/else on data (`if x.sum() > 0.37:`), `x if c else y`,
    for over range(...) and over the first axis of an array (or of a view), with arrays carried
    through the loop (acc = x; for ...: acc = acc * 0.5 + x), nested loops, while loops (counted,
    or on data with a counter), break, continue, early return from a loop, asserts on data that
    hold, aliases (al = x; x = f(x); print(al)), print of arrays, numpy scalars, Python scalars,
    shapes and dtypes (sep=, end=), of the arguments after a call;
  * edge probes (a third of the programs): arrays of more than 1000 elements (numpy summarizes
    them), int64 values beyond 2**53 (literals, np.full, np.arange, wrapping products), inf and
    nan among finite numbers, float32 in scientific notation, empty arrays, all-True bool arrays;
  * np.random: the program seeds numpy's legacy state and makes a module-level Generator
    (`rng = np.random.default_rng(S)`, read by the functions); arrays and scalars are drawn from
    either (rand, randn, uniform, normal, randint, random, standard_normal, integers, float32
    draws, comparisons of draws as bool arrays) and mixed into the arithmetic, and permutation
    shuffles arrays' rows. numpy's numbers are exact, so their order of evaluation is tested too
    (operands, arguments, short-circuits and branches draw in CPython's order);
  * runtime errors (a fifth of the programs end with one): matmul and broadcasting shape
    mismatches, bad reshapes, out-of-range indices (also reached by a loop), a failing assert on
    data (also inside a function called in a loop), int()/float() of an array with several
    elements, a reduction of an empty array, and operations numpy rejects by dtype (bool - bool,
    int_array ** -1; the program's first line then says a compile-time error is accepted).

How programs stay inside the subset and stay deterministic:
  * every expression has an abstract value per specialization: dtype and concrete shape for
    arrays (numpy 2 promotion: Python scalars are weak, numpy scalars are not), and an interval
    bounding its values; the generator only emits operations that are valid for every
    specialization, keeps ints far from 64-bit overflow and floats moderate (|x| < 1e6, float32
    |x| < 1e4), and keeps nan/inf out unless they are only printed;
  * a variable has one type (dtype and rank, or Python kind) at each point of use; variables a
    loop or branch assigns keep type and shape; variables first assigned inside a branch or loop
    are forgotten after it; loops are interpreted abstractly to bound the values they carry, and
    a loop body that never runs is still type-checked (pyscript types it);
  * rounding noise is kept from deciding the output: thresholds in conditions are odd constants
    inside the value range, two reductions are compared with an odd offset, loops iterate
    contractions (tanh(acc * 0.5 + x)) rather than expanding maps, sin/cos of float32 get small
    arguments, // and % are generated for ints only;
  * not generated (outside the subset, or numpy-version dependent -- numpy 1.24, which runs the
    programs, and numpy 2, whose rules the SPEC follows): in-place ops, lists, .tolist()/.item(),
    slice assignment, fancy/boolean indexing, None/... indices, printing tuples holding
    arrays or numpy scalars, tuple comparison, the loop variable after its loop, dtype=float/int/
    bool spelled as builtins, np.where of an array and a Python scalar unless the array is
    float64 (or int64 with an int/float) -- numpy 1.24's NPY_PROMOTION_STATE=weak still promotes
    np.where(c, float32_array, 0.5) to float64, numpy 2 keeps float32 --, arithmetic mixing a
    numpy scalar (a 0-d result) with an array of another dtype, or a float32 numpy scalar with a
    Python scalar (numpy 1.x value-based casting), bool arrays into exp/log/sqrt/sin/cos/tanh
    (numpy gives float16), bool_array ** x (numpy's fast path gives int8), matmul of bool arrays,
    np.dot of an operand of rank 3 or more (not numpy's batched product: pyscript refuses it).
"""

import math
import random
import sys

DTYPES = ('bool', 'int64', 'float32', 'float64')
NPDT = {'bool': 'np.bool_', 'int64': 'np.int64', 'float32': 'np.float32', 'float64': 'np.float64'}
INT_CAP = 2 ** 40          # |int| bound for every int value
F64_CAP = 1e6
F32_CAP = 1e4
MAX_SIZE = 240             # elements per array
MAX_LOOP_ITERS = 12
ODD = [0.37, 1.13, -0.41, 2.71, 0.83, -1.29, 3.07, 0.19, -2.23, 1.61]

# Constructs that can be left out (run_tensor_differential.py --avoid NAME) to look past a bug.
AVOIDABLE = {
    'bool-arith': 'bool array + or * bool array (numpy keeps bool)',
    'empty': 'arrays with a zero-length axis (empty slices, np.arange(0))',
    'bool-print': 'printing bool arrays (numpy pads True to the width of False)',
    'minmax': 'np.maximum/np.minimum (numpy returns the second operand on ties: -0. and 0.)',
    'scalar-ufunc': 'np.exp/sqrt/... of a Python float',
    'type-errors': 'programs ending in an operation numpy rejects by dtype (bool - bool, '
                   'int ** negative int)',
    'nan': 'nan/inf values (log of values <= 0, division by zero)',
    'summarize': 'printing arrays of more than 1000 elements',
    'big-int': 'int64 values beyond 2**53',
    'f32-sci': 'float32 arrays printed in scientific notation',
    'errors': 'programs that end with a runtime error',
    'join-select': 'np.concatenate/stack/hstack/vstack, *_like, copy/ravel, triu/tril, meshgrid, pad, '
                   'None, masks and index arrays in indices (gen_tensor_shape.py)',
    'random': 'np.random draws (the legacy functions and a Generator)',
    'npmath': 'prod var std argmin all any count_nonzero cumsum cumprod round clip sort argsort '
              'isclose allclose np.linalg',
}
AVOID = set()   # the constructs left out of the program being generated
# The first line of a program that ends in an operation numpy rejects by dtype (bool - bool,
# int ** -1): pyscript may report it at compile time instead of at run time.
COMPILE_REJECT_OK = 'differential: a compile-time error is accepted (numpy rejects the dtypes)'


class Invalid(Exception):
    """The generated construct is not valid (or not wanted) for some specialization."""


# ---------------------------------------------------------------------------------------------
# Abstract values

def prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class Arr:
    """A numpy array (rank >= 1) or numpy scalar (shape ()), with bounds on its values
    (lo/hi None: nan/inf possible)."""
    __slots__ = ('dt', 'shape', 'lo', 'hi')

    def __init__(self, dt, shape, lo, hi):
        self.dt = dt
        self.shape = tuple(shape)
        if dt == 'bool':
            lo, hi = 0, 1
        self.lo, self.hi = lo, hi

    def typ(self):
        return ('arr', self.dt, len(self.shape))

    @property
    def size(self):
        return prod(self.shape)

    def key(self):
        return ('A', self.dt, self.shape, self.lo, self.hi)


class Py:
    """A Python scalar: kind int/float/bool, or 'dtype'/'str' (printable only)."""
    __slots__ = ('kind', 'lo', 'hi')

    def __init__(self, kind, lo=None, hi=None):
        self.kind = kind
        if kind == 'bool':
            lo, hi = 0, 1
        self.lo, self.hi = lo, hi

    def typ(self):
        return ('py', self.kind)

    @property
    def exact(self):
        return self.kind == 'int' and self.lo is not None and self.lo == self.hi

    def key(self):
        return ('P', self.kind, self.lo, self.hi)


class Tup:
    __slots__ = ('items',)

    def __init__(self, items):
        self.items = list(items)

    def typ(self):
        return ('tup',) + tuple(i.typ() for i in self.items)

    def key(self):
        return ('T',) + tuple(i.key() for i in self.items)


def is_num(v):
    return isinstance(v, Arr) or (isinstance(v, Py) and v.kind in ('int', 'float', 'bool'))


def bounded(v):
    return v.lo is not None and v.hi is not None


def join_val(a, b):
    """The value of a variable that holds a or b; Invalid when their types differ."""
    if a.typ() != b.typ():
        raise Invalid('type differs')
    if isinstance(a, Tup):
        return Tup([join_val(x, y) for x, y in zip(a.items, b.items)])
    if isinstance(a, Arr) and a.shape != b.shape:
        raise Invalid('shape differs')
    if isinstance(a, Py) and a.kind in ('dtype', 'str'):
        return a
    if not bounded(a) or not bounded(b):
        lo = hi = None
    else:
        lo, hi = min(a.lo, b.lo), max(a.hi, b.hi)
    if isinstance(a, Arr):
        return Arr(a.dt, a.shape, lo, hi)
    return Py(a.kind, lo, hi)


def same_val(a, b):
    return a.key() == b.key()


def cap_check(dt, lo, hi):
    """Bounds of a result, or Invalid when they leave the moderate range the generator keeps."""
    if lo is None or hi is None:
        return None, None
    if isinstance(lo, float) and (math.isnan(lo) or math.isnan(hi)):
        raise Invalid('nan bound')
    m = max(abs(lo), abs(hi))
    if dt in ('int64', 'int'):
        if m > INT_CAP:
            raise Invalid('int too big')
        return int(math.floor(lo)), int(math.ceil(hi))
    cap = F32_CAP if dt == 'float32' else F64_CAP
    if m > cap:
        raise Invalid('float too big')
    return lo, hi


def broadcast(s1, s2):
    r = []
    for i in range(1, max(len(s1), len(s2)) + 1):
        a = s1[-i] if i <= len(s1) else 1
        b = s2[-i] if i <= len(s2) else 1
        if a != b and a != 1 and b != 1:
            raise Invalid('broadcast')
        r.append(max(a, b) if a != 0 and b != 0 else 0)
    return tuple(reversed(r))


def promote(d1, d2):
    order = {'bool': 0, 'int64': 1, 'float32': 2, 'float64': 3}
    if {d1, d2} == {'int64', 'float32'}:
        return 'float64'
    return d1 if order[d1] >= order[d2] else d2


def weak_dtype(dt, kind):
    """numpy 2: a Python scalar of `kind` with an array of dtype dt."""
    if kind == 'bool':
        return dt
    if kind == 'int':
        return 'int64' if dt == 'bool' else dt
    return 'float64' if dt in ('bool', 'int64') else dt


def interval(op, a, b):
    """Bounds of a op b for intervals a=(lo,hi), b=(lo,hi) (None: unknown)."""
    if None in a or None in b:
        return None, None
    if op == '+':
        return a[0] + b[0], a[1] + b[1]
    if op == '-':
        return a[0] - b[1], a[1] - b[0]
    if op == '*':
        c = [x * y for x in a for y in b]
        return min(c), max(c)
    if op == '/':
        if b[0] <= 0 <= b[1] or min(abs(b[0]), abs(b[1])) < 1e-3:
            return None, None
        c = [x / y for x in a for y in b]
        return min(c), max(c)
    raise AssertionError(op)


def float_cast_bounds(lo, hi):
    if lo is None:
        return None, None
    return float(lo), float(hi)


# ---------------------------------------------------------------------------------------------
# Expressions: src() is the text, ev(env) the abstract values (one per specialization)

PREC_TERN, PREC_OR, PREC_AND, PREC_NOT, PREC_CMP, PREC_ADD, PREC_MUL, PREC_UNARY, PREC_POW, \
    PREC_ATOM = 1, 2, 3, 4, 5, 10, 11, 12, 13, 20


def paren(e, prec):
    s = e.src()
    return '(' + s + ')' if e.prec < prec else s


class Expr:
    prec = PREC_ATOM

    def uses_empty(self):
        return False


class Lit(Expr):
    def __init__(self, value):
        self.value = value
        self.prec = PREC_UNARY if (isinstance(value, (int, float)) and not isinstance(value, bool)
                                   and (value < 0 or (value == 0 and math.copysign(1, value) < 0))) \
            else PREC_ATOM

    def src(self):
        return repr(self.value)

    def ev(self, env):
        v = self.value
        if isinstance(v, bool):
            p = Py('bool')
        elif isinstance(v, int):
            p = Py('int', v, v)
        elif isinstance(v, float):
            p = Py('float', v, v)
        else:
            p = Py('str')
        return [p] * env.nv


class Name(Expr):
    def __init__(self, name):
        self.name = name

    def src(self):
        return self.name

    def ev(self, env):
        if self.name not in env.vars:
            raise Invalid('undefined ' + self.name)
        return env.vars[self.name]


def arith(op, a, b):
    """numpy/Python semantics of a op b on abstract values a, b."""
    if not is_num(a) or not is_num(b):
        raise Invalid('not a number')
    if isinstance(a, Py) and isinstance(b, Py):
        return py_arith(op, a, b)
    if isinstance(a, Arr) and isinstance(b, Arr):
        shape = broadcast(a.shape, b.shape)
        if a.dt == 'bool' and b.dt == 'bool':
            if op not in ('+', '*') or 'bool-arith' in AVOID:
                raise Invalid('bool op')   # - raises TypeError; // % ** give int8
            dt = 'bool'
        else:
            dt = promote(a.dt, b.dt)
        if a.dt != b.dt and (len(a.shape) == 0) != (len(b.shape) == 0):
            # numpy 1.24 (value-based casting) and numpy 2 disagree for a numpy scalar with an
            # array of another dtype
            raise Invalid('version-dependent promotion')
    else:
        arr, py = (a, b) if isinstance(a, Arr) else (b, a)
        shape = arr.shape
        if arr.dt == 'bool' and py.kind == 'bool' and (op not in ('+', '*')
                                                       or 'bool-arith' in AVOID):
            raise Invalid('bool op')
        dt = weak_dtype(arr.dt, py.kind)
        if len(arr.shape) == 0 and (arr.dt == 'float32' or arr.dt != dt):
            # numpy 1.x: np.float32(1) * 2.5 is float64, numpy 2 float32
            raise Invalid('version-dependent promotion')
    if prod(shape) > MAX_SIZE:
        raise Invalid('too big')
    ia, ib = (a.lo, a.hi), (b.lo, b.hi)
    if op in ('+', '-', '*'):
        lo, hi = interval(op, ia, ib)
    elif op == '/':
        if dt in ('int64', 'bool'):
            dt = 'float64'
        lo, hi = interval('/', ia, ib)
    elif op in ('//', '%'):
        if dt not in ('int64',):
            raise Invalid('float floor division')
        if None in ia or None in ib:
            raise Invalid('unbounded')
        m = max(abs(ia[0]), abs(ia[1]))
        if op == '//':
            lo, hi = -m, m
        else:
            mb = max(abs(ib[0]), abs(ib[1]))
            lo, hi = -mb, mb
    elif op == '**':
        if None in ia or None in ib:
            raise Invalid('unbounded')
        if (isinstance(a, Arr) and a.dt == 'bool') or (isinstance(b, Arr) and b.dt == 'bool'):
            # numpy's fast path makes bool_array ** 2.0 np.square(bool_array): int8
            raise Invalid('bool power')
        if dt == 'int64':
            if ib[0] < 0:
                raise Invalid('negative int power')
            if ib[1] > 4:
                raise Invalid('big power')
            c = [x ** y for x in ia for y in range(int(ib[0]), int(ib[1]) + 1)]
            lo, hi = min(c), max(c)
        else:
            if ia[0] < 0 and not (ib[0] == ib[1] and float(ib[0]).is_integer()):
                lo, hi = None, None     # nan possible
            elif ia[0] <= 0 and ib[0] < 0:
                lo, hi = None, None
            else:
                c = []
                for x in ia:
                    for y in ib:
                        try:
                            c.append(float(x) ** float(y))
                        except (OverflowError, ZeroDivisionError):
                            raise Invalid('pow overflow')
                if ia[0] < 0 < ia[1] or (ib[0] < ib[1] and ia[0] < 1 < ia[1]):
                    c.append(0.0)
                    c.append(1.0)
                if any(isinstance(t, complex) for t in c):
                    lo, hi = None, None
                else:
                    lo, hi = min(c), max(c)
                    if ib[0] != ib[1] or not float(ib[0]).is_integer():
                        lo = min(lo, 0.0)
    else:
        raise AssertionError(op)
    lo, hi = cap_check(dt, lo, hi)
    if dt == 'float32' or dt == 'float64':
        lo, hi = float_cast_bounds(lo, hi)
    return Arr(dt, shape, lo, hi)


def py_arith(op, a, b):
    kinds = {a.kind, b.kind}
    kind = 'float' if 'float' in kinds else 'int'
    ia, ib = (a.lo, a.hi), (b.lo, b.hi)
    if op in ('+', '-', '*'):
        lo, hi = interval(op, ia, ib)
    elif op == '/':
        if None in ib or ib[0] <= 0 <= ib[1]:
            raise Invalid('python division by zero possible')
        kind = 'float'
        lo, hi = interval('/', ia, ib)
    elif op in ('//', '%'):
        if kind != 'int' or None in ib or ib[0] <= 0 <= ib[1] or None in ia:
            raise Invalid('python floor division')
        m = max(abs(ia[0]), abs(ia[1]))
        mb = max(abs(ib[0]), abs(ib[1]))
        lo, hi = (-m, m) if op == '//' else (-mb, mb)
    elif op == '**':
        if kind != 'int' or not b.exact or b.lo < 0 or b.lo > 3 or None in ia:
            raise Invalid('python pow')
        c = [x ** b.lo for x in ia] + ([0] if ia[0] < 0 < ia[1] else [])
        lo, hi = min(c), max(c)
    else:
        raise AssertionError(op)
    lo, hi = cap_check(kind, lo, hi)
    return Py(kind, lo, hi)


class BinOp(Expr):
    PRECS = {'+': PREC_ADD, '-': PREC_ADD, '*': PREC_MUL, '/': PREC_MUL, '//': PREC_MUL,
             '%': PREC_MUL, '@': PREC_MUL, '**': PREC_POW}

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = self.PRECS[op]

    def src(self):
        if self.op == '**':   # right associative, binds tighter than unary minus on the left
            return '%s ** %s' % (paren(self.a, PREC_ATOM), paren(self.b, PREC_UNARY))
        return '%s %s %s' % (paren(self.a, self.prec), self.op, paren(self.b, self.prec + 1))

    def ev(self, env):
        va, vb = self.a.ev(env), self.b.ev(env)
        if self.op == '@':
            return [matmul(x, y) for x, y in zip(va, vb)]
        return [arith(self.op, x, y) for x, y in zip(va, vb)]


def matmul(a, b):
    if not isinstance(a, Arr) or not isinstance(b, Arr) or not a.shape or not b.shape:
        raise Invalid('matmul needs arrays')
    sa, sb = a.shape, b.shape
    ka = sa[-1]
    kb = sb[0] if len(sb) == 1 else sb[-2]
    if ka != kb:
        raise Invalid('matmul mismatch')
    if len(sa) == 1 and len(sb) == 1:
        shape = ()
    elif len(sb) == 1:
        shape = sa[:-1]
    elif len(sa) == 1:
        shape = sb[:-2] + sb[-1:]
    else:
        shape = broadcast(sa[:-2], sb[:-2]) + (sa[-2], sb[-1])
    if a.dt == 'bool' or b.dt == 'bool':
        raise Invalid('bool matmul')
    dt = promote(a.dt, b.dt)
    if not bounded(a) or not bounded(b):
        lo = hi = None
    else:
        m = max(abs(a.lo), abs(a.hi)) * max(abs(b.lo), abs(b.hi)) * ka
        lo, hi = cap_check(dt, -m, m)
    if dt.startswith('float'):
        lo, hi = float_cast_bounds(lo, hi)
    if prod(shape) > MAX_SIZE:
        raise Invalid('too big')
    return Arr(dt, shape, lo, hi)


def dot(a, b):
    """np.dot: matmul for ranks <= 2; for N-D, a sum over a's last and b's second-to-last axis
    (not batched: the result has a.shape[:-1] + b.shape[:-2] + b.shape[-1:])."""
    if not isinstance(a, Arr) or not isinstance(b, Arr) or not a.shape or not b.shape:
        raise Invalid('dot needs arrays')
    if len(a.shape) <= 2 and len(b.shape) <= 2:
        return matmul(a, b)
    raise Invalid('pyscript refuses np.dot of rank > 2 (by design, since 695ccef)')
    r = matmul(Arr(a.dt, a.shape[-2:] if len(a.shape) > 1 else a.shape, a.lo, a.hi),
               Arr(b.dt, b.shape[-2:] if len(b.shape) > 1 else b.shape, b.lo, b.hi))
    if len(b.shape) == 1:
        shape = a.shape[:-1]
    else:
        shape = a.shape[:-1] + b.shape[:-2] + b.shape[-1:]
    if prod(shape) > MAX_SIZE:
        raise Invalid('too big')
    return Arr(r.dt, shape, r.lo, r.hi)


class Unary(Expr):
    prec = PREC_UNARY

    def __init__(self, op, a):
        self.op, self.a = op, a

    def src(self):
        return self.op + paren(self.a, PREC_UNARY)

    def ev(self, env):
        out = []
        for v in self.a.ev(env):
            if not is_num(v) or (isinstance(v, Arr) and v.dt == 'bool') or \
                    (isinstance(v, Py) and v.kind == 'bool'):
                raise Invalid('unary on bool')
            if v.lo is None:
                lo = hi = None
            elif self.op == '-':
                lo, hi = -v.hi, -v.lo
            else:
                lo, hi = v.lo, v.hi
            out.append(Arr(v.dt, v.shape, lo, hi) if isinstance(v, Arr) else Py(v.kind, lo, hi))
        return out


CMP_OPS = ('<', '<=', '>', '>=', '==', '!=')


class Compare(Expr):
    prec = PREC_CMP

    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b

    def src(self):
        return '%s %s %s' % (paren(self.a, PREC_ADD), self.op, paren(self.b, PREC_ADD))

    def ev(self, env):
        out = []
        for x, y in zip(self.a.ev(env), self.b.ev(env)):
            if not is_num(x) or not is_num(y):
                raise Invalid('compare')
            if isinstance(x, Py) and isinstance(y, Py):
                out.append(Py('bool'))
                continue
            sx = x.shape if isinstance(x, Arr) else ()
            sy = y.shape if isinstance(y, Arr) else ()
            out.append(Arr('bool', broadcast(sx, sy), 0, 1))
        return out


class BoolOp(Expr):
    def __init__(self, op, a, b):
        self.op, self.a, self.b = op, a, b
        self.prec = PREC_AND if op == 'and' else PREC_OR

    def src(self):
        return '%s %s %s' % (paren(self.a, self.prec), self.op, paren(self.b, self.prec + 1))

    def ev(self, env):
        for v in self.a.ev(env) + self.b.ev(env):
            if not is_scalar_cond(v):
                raise Invalid('and/or needs scalar conditions')
        return [Py('bool')] * env.nv


class Not(Expr):
    prec = PREC_NOT

    def __init__(self, a):
        self.a = a

    def src(self):
        return 'not ' + paren(self.a, PREC_NOT)

    def ev(self, env):
        for v in self.a.ev(env):
            if not is_scalar_cond(v):
                raise Invalid('not needs a scalar')
        return [Py('bool')] * env.nv


def is_scalar_cond(v):
    return (isinstance(v, Py) and v.kind == 'bool') or (isinstance(v, Arr) and v.dt == 'bool'
                                                        and v.shape == ())


class Ternary(Expr):
    prec = PREC_TERN

    def __init__(self, cond, a, b):
        self.cond, self.a, self.b = cond, a, b

    def src(self):
        return '%s if %s else %s' % (paren(self.a, PREC_OR), paren(self.cond, PREC_OR),
                                     paren(self.b, PREC_TERN))

    def ev(self, env):
        for v in self.cond.ev(env):
            if not is_scalar_cond(v):
                raise Invalid('cond')
        return [join_val(x, y) for x, y in zip(self.a.ev(env), self.b.ev(env))]


class TupleLit(Expr):
    def __init__(self, items):
        self.items = items

    def src(self):
        if len(self.items) == 1:
            return '(%s,)' % self.items[0].src()
        return '(%s)' % ', '.join(i.src() for i in self.items)

    def ev(self, env):
        cols = [i.ev(env) for i in self.items]
        return [Tup(list(vs)) for vs in zip(*cols)]


class Attr(Expr):
    def __init__(self, obj, attr):
        self.obj, self.attr = obj, attr

    def src(self):
        return '%s.%s' % (paren(self.obj, PREC_ATOM), self.attr)

    def ev(self, env):
        out = []
        for v in self.obj.ev(env):
            if not isinstance(v, Arr) or (not v.shape and self.attr != 'dtype'):
                raise Invalid('attribute of a non-array')
            if self.attr == 'T':
                out.append(Arr(v.dt, tuple(reversed(v.shape)), v.lo, v.hi))
            elif self.attr == 'shape':
                out.append(Tup([Py('int', d, d) for d in v.shape]))
            elif self.attr == 'ndim':
                out.append(Py('int', len(v.shape), len(v.shape)))
            elif self.attr == 'size':
                out.append(Py('int', v.size, v.size))
            elif self.attr == 'dtype':
                out.append(Py('dtype'))
            else:
                raise AssertionError(self.attr)
        return out


class Slice:
    def __init__(self, lo, hi, step):
        self.lo, self.hi, self.step = lo, hi, step   # ints or None

    def src(self):
        s = ('' if self.lo is None else str(self.lo)) + ':' + ('' if self.hi is None else
                                                                  str(self.hi))
        if self.step is not None:
            s += ':' + str(self.step)
        return s

    def length(self, n):
        return len(range(*slice(self.lo, self.hi, self.step).indices(n)))


class Index(Expr):
    """obj[items]: items are Expr (int) or Slice."""

    def __init__(self, obj, items):
        self.obj, self.items = obj, items

    def src(self):
        return '%s[%s]' % (paren(self.obj, PREC_ATOM),
                           ', '.join(i.src() for i in self.items))

    def uses_empty(self):
        return getattr(self, '_empty', False)

    def ev(self, env):
        objs = self.obj.ev(env)
        idx = [i.ev(env) if isinstance(i, Expr) else None for i in self.items]
        out = []
        for j, v in enumerate(objs):
            if isinstance(v, Tup):
                if len(self.items) != 1 or idx[0] is None:
                    raise Invalid('tuple index')
                k = idx[0][j]
                if not (isinstance(k, Py) and k.exact) or not -len(v.items) <= k.lo < len(v.items):
                    raise Invalid('tuple index')
                out.append(v.items[k.lo])
                continue
            if not isinstance(v, Arr) or len(self.items) > len(v.shape):
                raise Invalid('too many indices')
            shape = []
            for d, (item, iv) in enumerate(zip(self.items, idx)):
                n = v.shape[d]
                if isinstance(item, Slice):
                    ln = item.length(n)
                    if ln == 0:
                        self._empty = True
                    shape.append(ln)
                else:
                    k = iv[j]
                    if not isinstance(k, Py) or k.kind != 'int' or k.lo is None:
                        raise Invalid('index must be an int')
                    if k.lo < -n or k.hi >= n:
                        raise Invalid('index out of range')
            shape += v.shape[len(self.items):]
            out.append(Arr(v.dt, shape, v.lo, v.hi))
        return out


def shape_arg_values(arg_vals):
    """A shape argument (int or tuple of ints) -> tuple of dims, or Invalid."""
    if isinstance(arg_vals, Py):
        if not arg_vals.exact:
            raise Invalid('shape must be known')
        return (arg_vals.lo,)
    if isinstance(arg_vals, Tup):
        dims = []
        for it in arg_vals.items:
            if not (isinstance(it, Py) and it.exact):
                raise Invalid('shape must be known')
            dims.append(it.lo)
        return tuple(dims)
    raise Invalid('bad shape')


def kw_src(kwargs):
    out = []
    for k, v in kwargs:
        out.append('%s=%s' % (k, v if isinstance(v, str) else v.src()))
    return out


class NpCall(Expr):
    """np.NAME(args, kwargs); kwargs: list of (name, Expr or raw text)"""

    def __init__(self, name, args, kwargs=()):
        self.name, self.args, self.kwargs = name, list(args), list(kwargs)

    def src(self):
        return 'np.%s(%s)' % (self.name, ', '.join([a.src() for a in self.args]
                                                  + kw_src(self.kwargs)))

    def kw(self, name):
        for k, v in self.kwargs:
            if k == name:
                return v
        return None

    def dtype_kw(self):
        v = self.kw('dtype')
        if v is None:
            return None
        return {t: d for d, t in NPDT.items()}[v]

    def ev(self, env):
        cols = [a.ev(env) for a in self.args]
        kwvals = {k: (v.ev(env) if isinstance(v, Expr) else None) for k, v in self.kwargs}
        out = []
        for j in range(env.nv):
            args = [c[j] for c in cols]
            kws = {k: (v[j] if v is not None else None) for k, v in kwvals.items()}
            out.append(self.ev1(args, kws))
        return out

    def ev1(self, args, kws):
        n = self.name
        dtk = self.dtype_kw()
        if n in ('zeros', 'ones'):
            shape = shape_arg_values(args[0])
            dt = dtk or 'float64'
            c = 0 if n == 'zeros' else 1
            return new_arr(dt, shape, c, c)
        if n == 'full':
            shape = shape_arg_values(args[0])
            f = args[1]
            if not isinstance(f, Py) or f.kind not in ('int', 'float', 'bool'):
                raise Invalid('fill value')
            dt = dtk or {'int': 'int64', 'float': 'float64', 'bool': 'bool'}[f.kind]
            lo, hi = f.lo, f.hi
            if dt == 'int64' and f.kind == 'float':
                lo, hi = math.trunc(lo), math.trunc(hi)
            return new_arr(dt, shape, lo, hi)
        if n == 'eye':
            k = args[0]
            if not (isinstance(k, Py) and k.exact):
                raise Invalid('eye size')
            return new_arr(dtk or 'float64', (k.lo, k.lo), 0, 1)
        if n == 'arange':
            if any(not (isinstance(a, Py) and a.kind in ('int', 'float') and a.lo is not None
                        and a.lo == a.hi) for a in args):
                raise Invalid('arange args must be known')
            vals = [a.lo for a in args]
            r = arange_values(*vals)
            isfloat = any(a.kind == 'float' for a in args)
            dt = dtk or ('float64' if isfloat else 'int64')
            if not r:
                return new_arr(dt, (0,), 0, 0)
            lo, hi = min(r), max(r)
            if dt == 'int64':
                lo, hi = math.floor(lo), math.ceil(hi)
            return new_arr(dt, (len(r),), lo, hi)
        if n == 'linspace':
            a, b, num = args
            if not (num.kind == 'int' and num.exact):
                raise Invalid('linspace num')
            if a.lo is None or b.lo is None:
                raise Invalid('linspace bounds')
            dt = dtk or 'float64'
            return new_arr(dt, (num.lo,), float(min(a.lo, b.lo)), float(max(a.hi, b.hi)))
        if n in ('exp', 'log', 'sqrt', 'tanh', 'sin', 'cos', 'abs'):
            return ufunc1(n, args[0])
        if n in ('maximum', 'minimum'):
            if 'minmax' in AVOID:
                raise Invalid('avoided')
            a, b = args
            r = arith('+', a, b)   # dtype and shape as for +
            if a.lo is None or b.lo is None:
                lo = hi = None
            elif n == 'maximum':
                lo, hi = max(a.lo, b.lo), max(a.hi, b.hi)
            else:
                lo, hi = min(a.lo, b.lo), min(a.hi, b.hi)
            if r.dt.startswith('float'):
                lo, hi = float_cast_bounds(lo, hi)
            return Arr(r.dt, r.shape, lo, hi)
        if n == 'where':
            c, a, b = args
            if not isinstance(c, Arr) or c.dt != 'bool' or c.shape == ():
                raise Invalid('where cond')
            if isinstance(a, Py) and isinstance(b, Py):
                if a.kind != b.kind:
                    raise Invalid('where of two Python scalar kinds')
                dt = {'int': 'int64', 'float': 'float64', 'bool': 'bool'}[a.kind]
                shape = c.shape
            else:
                if isinstance(a, Py) or isinstance(b, Py):
                    arr, py = (a, b) if isinstance(a, Arr) else (b, a)
                    dt = weak_dtype(arr.dt, py.kind)
                    # numpy 1.24 (legacy or weak) and numpy 2 disagree unless the scalar is
                    # of the array's own kind and the array is 64-bit (or the result widens)
                    if not ((arr.dt == 'float64') or (arr.dt == 'int64' and py.kind in ('int', 'float'))):
                        raise Invalid('version-dependent where')
                    sh2 = arr.shape
                else:
                    dt = promote(a.dt, b.dt)
                    if (a.shape == ()) != (b.shape == ()) and a.dt != b.dt:
                        raise Invalid('version-dependent where')
                    sh2 = broadcast(a.shape, b.shape)
                shape = broadcast(c.shape, sh2)
            if a.lo is None or b.lo is None:
                lo = hi = None
            else:
                lo, hi = min(a.lo, b.lo), max(a.hi, b.hi)
            if dt.startswith('float'):
                lo, hi = float_cast_bounds(lo, hi)
            return new_arr(dt, shape, lo, hi)
        if n in ('sum', 'mean', 'max', 'min', 'argmax'):
            return reduce_val(n, args[0], args[1] if len(args) > 1 else kws.get('axis'),
                              'keepdims' in kws)
        if n == 'matmul':
            return matmul(args[0], args[1])
        if n == 'dot':
            return dot(args[0], args[1])
        if n == 'transpose':
            v = args[0]
            if not isinstance(v, Arr) or not v.shape:
                raise Invalid('transpose')
            return Arr(v.dt, tuple(reversed(v.shape)), v.lo, v.hi)
        if n in NPMATH_FUNCS:
            return npmath_val(n, args[0], args[1:], kws)
        raise AssertionError(n)


def arange_values(*a):
    if len(a) == 1:
        start, stop, step = 0, a[0], 1
    elif len(a) == 2:
        start, stop, step = a[0], a[1], 1
    else:
        start, stop, step = a
    n = max(0, math.ceil((stop - start) / step))
    return [start + i * step for i in range(n)]


def new_arr(dt, shape, lo, hi):
    if any(d < 0 for d in shape):
        raise Invalid('negative dim')
    if prod(shape) > MAX_SIZE:
        raise Invalid('too big')
    if lo is None or hi is None:
        lo = hi = None
    elif dt.startswith('float'):
        lo, hi = float(lo), float(hi)
    elif dt == 'int64':
        lo, hi = math.floor(lo), math.ceil(hi)
    return Arr(dt, shape, lo, hi)


def ufunc1(n, v):
    if isinstance(v, Py):
        if v.kind not in ('int', 'float'):
            raise Invalid('ufunc of a non-number')
        a = Arr('float64', (), v.lo, v.hi)
        r = ufunc1(n, a)
        if n == 'abs':   # np.abs(python int) is an int64 scalar
            return Arr('int64' if v.kind == 'int' else 'float64', (), r.lo, r.hi)
        return r
    if not isinstance(v, Arr):
        raise Invalid('ufunc of a non-array')
    if n == 'abs':
        if v.lo is None:
            return Arr(v.dt, v.shape, None, None)
        lo = 0 if v.lo <= 0 <= v.hi else min(abs(v.lo), abs(v.hi))
        return Arr(v.dt, v.shape, lo, max(abs(v.lo), abs(v.hi)))
    if v.dt == 'bool':
        raise Invalid('float16 result')
    dt = 'float32' if v.dt == 'float32' else 'float64'
    if v.lo is None:
        return Arr(dt, v.shape, None, None)
    lo, hi = float(v.lo), float(v.hi)
    if n in ('sin', 'cos') and max(abs(lo), abs(hi)) > (30 if dt == 'float32' else 1e4):
        # the rounding error of a large float32 argument is amplified into the result
        raise Invalid('large trig argument')
    if n == 'exp':
        if hi > 13:
            raise Invalid('exp too big')
        r = (math.exp(lo), math.exp(hi))
    elif n == 'log':
        if lo <= 0:
            raise Invalid('log domain')
        r = (math.log(lo), math.log(hi))
    elif n == 'sqrt':
        if lo < 0:
            raise Invalid('sqrt domain')
        r = (math.sqrt(lo), math.sqrt(hi))
    elif n == 'tanh':
        r = (math.tanh(lo), math.tanh(hi))
    else:
        r = (-1.0, 1.0)
    lo, hi = cap_check(dt, r[0], r[1])
    return Arr(dt, v.shape, lo, hi)


def reduce_val(n, v, axis, keepdims, ddof=None):
    if not isinstance(v, Arr) or not v.shape:
        raise Invalid('reduction of a non-array')
    if n in NEW_REDUCTIONS and 'npmath' in AVOID:
        raise Invalid('avoided')
    if axis is not None:
        if not (isinstance(axis, Py) and axis.exact):
            raise Invalid('axis')
        ax = axis.lo
        if not -len(v.shape) <= ax < len(v.shape):
            raise Invalid('axis out of range')
        ax %= len(v.shape)
        count = v.shape[ax]
        if keepdims:
            shape = v.shape[:ax] + (1,) + v.shape[ax + 1:]
        else:
            shape = v.shape[:ax] + v.shape[ax + 1:]
    else:
        if keepdims:
            raise Invalid('keepdims without axis not generated')
        count = v.size
        shape = ()
    if count == 0 and n in ('max', 'min', 'argmax', 'argmin'):
        raise Invalid('empty reduction')
    if count == 0 and n in ('mean', 'var', 'std'):
        raise Invalid('mean of empty')
    if n in ('argmax', 'argmin'):
        return Arr('int64', shape, 0, max(count - 1, 0))
    if n in NEW_REDUCTIONS:
        return new_reduction_val(n, v, shape, count, keepdims or axis is not None, ddof)
    if n in ('max', 'min'):
        return Arr(v.dt, shape, v.lo, v.hi)
    if n == 'mean':
        dt = 'float32' if v.dt == 'float32' else 'float64'
        lo, hi = (None, None) if v.lo is None else (float(v.lo), float(v.hi))
        return Arr(dt, shape, lo, hi)
    # sum
    dt = 'int64' if v.dt in ('bool', 'int64') else v.dt
    if v.lo is None:
        return Arr(dt, shape, None, None)
    lo, hi = cap_check(dt, min(0, v.lo * count), max(0, v.hi * count))
    if dt.startswith('float'):
        lo, hi = float(lo), float(hi)
    return Arr(dt, shape, lo, hi)


NEW_REDUCTIONS = ('prod', 'var', 'std', 'all', 'any', 'count_nonzero')


def new_reduction_val(n, v, shape, count, array_result, ddof):
    """prod, var, std, all, any, count_nonzero of v (count elements per result element)."""
    if n in ('all', 'any'):
        return Arr('bool', shape, 0, 1)
    if n == 'count_nonzero':   # numpy returns a Python int for the whole array
        return Arr('int64', shape, 0, count) if array_result else Py('int', 0, count)
    if n == 'prod':
        dt = 'int64' if v.dt in ('bool', 'int64') else v.dt
        if v.lo is None:
            return Arr(dt, shape, None, None)
        m = max(abs(v.lo), abs(v.hi), 1)
        if count * math.log10(m) > 15:
            raise Invalid('product too big')
        b = m ** count
        lo, hi = cap_check(dt, -b if v.lo < 0 else 0, b)
        return Arr(dt, shape, float(lo) if dt.startswith('float') else lo,
                   float(hi) if dt.startswith('float') else hi)
    # var, std
    d = 0
    if ddof is not None:
        if not (isinstance(ddof, Py) and ddof.exact):
            raise Invalid('ddof')
        d = ddof.lo
    if count - d <= 0:
        raise Invalid('var with ddof >= count')
    dt = 'float32' if v.dt == 'float32' else 'float64'
    if v.lo is None:
        return Arr(dt, shape, None, None)
    spread = float(v.hi - v.lo)
    var_hi = spread * spread * count / (count - d)
    lo, hi = cap_check(dt, 0.0, var_hi if n == 'var' else math.sqrt(var_hi))
    return Arr(dt, shape, lo, hi)


def axis_len(v, axis):
    """The length reduced or accumulated over `axis` (a Py value or None: all elements)."""
    if axis is None:
        return v.size, None
    if not (isinstance(axis, Py) and axis.exact) or not -len(v.shape) <= axis.lo < len(v.shape):
        raise Invalid('axis')
    return v.shape[axis.lo], axis.lo % len(v.shape)


def npmath_val(n, v, args, kws):
    """np.NAME(v, args...) / v.NAME(args...) for numpy's math beyond the ufuncs."""
    if 'npmath' in AVOID:
        raise Invalid('avoided')
    kws = {k: (None if x == 'None' else x) for k, x in kws.items()}   # raw text None in methods
    if n in NEW_REDUCTIONS or n == 'argmin':
        return reduce_val(n, v, args[0] if args else kws.get('axis'), 'keepdims' in kws, kws.get('ddof'))
    if not isinstance(v, Arr) or not v.shape:
        raise Invalid('npmath of a non-array')
    if n in ('cumsum', 'cumprod', 'sort', 'argsort'):
        axis = args[0] if args else kws.get('axis', Py('int', -1, -1) if n in ('sort', 'argsort') else None)
        count, ax = axis_len(v, axis)
        shape = (v.size,) if ax is None else v.shape
        if n == 'argsort':
            return Arr('int64', shape, 0, max(count - 1, 0))
        if n == 'sort':
            return Arr(v.dt, shape, v.lo, v.hi)
        dt = 'int64' if v.dt in ('bool', 'int64') else v.dt
        if v.lo is None:
            return Arr(dt, shape, None, None)
        if n == 'cumsum':
            lo, hi = cap_check(dt, min(0, v.lo * count, v.lo), max(0, v.hi * count, v.hi))
        else:
            r = new_reduction_val('prod', v, (), count, True, None)
            lo, hi = min(r.lo, v.lo), max(r.hi, v.hi)
        if dt.startswith('float'):
            lo, hi = float(lo), float(hi)
        return Arr(dt, shape, lo, hi)
    if n in ('round', 'around'):
        if v.dt == 'bool':
            raise Invalid('round of bool (numpy: float16)')
        d = args[0] if args else kws.get('decimals', Py('int', 0, 0))
        if not (isinstance(d, Py) and d.exact):
            raise Invalid('decimals')
        if v.lo is None:
            return Arr(v.dt, v.shape, None, None)
        pad = 0.5 * 10.0 ** (-d.lo) if d.lo < 0 else 0.5
        lo, hi = v.lo - pad, v.hi + pad
        if v.dt == 'int64':
            lo, hi = math.floor(lo), math.ceil(hi)
        return Arr(v.dt, v.shape, lo, hi)
    if n == 'clip':
        lo_b = args[0] if args else kws.get('min')
        hi_b = args[1] if len(args) > 1 else kws.get('max')
        dt, lo, hi = v.dt, v.lo, v.hi
        for b in (lo_b, hi_b):
            if b is None:
                continue
            if not (isinstance(b, Py) and b.kind in ('int', 'float') and b.lo is not None and b.lo == b.hi):
                raise Invalid('clip bound')
            dt = weak_dtype(dt, b.kind)
        if lo is not None:
            if lo_b is not None:
                lo, hi = max(lo, lo_b.lo), max(hi, lo_b.lo)
            if hi_b is not None:
                lo, hi = min(lo, hi_b.lo), min(hi, hi_b.lo)
            if dt.startswith('float'):
                lo, hi = float(lo), float(hi)
        return Arr(dt, v.shape, lo, hi)
    if n in ('isclose', 'allclose'):
        b = args[0]
        if not is_num(b):
            raise Invalid('isclose of a non-number')
        shape = broadcast(v.shape, b.shape if isinstance(b, Arr) else ())
        return Py('bool') if n == 'allclose' else Arr('bool', shape, 0, 1)
    raise AssertionError(n)


def linalg_val(n, args, kws):
    """np.linalg.NAME(args...)."""
    if 'npmath' in AVOID:
        raise Invalid('avoided')
    a = args[0]
    if not isinstance(a, Arr) or not a.shape:
        raise Invalid('linalg of a non-array')
    dt = 'float32' if a.dt == 'float32' and all(x.dt == 'float32' for x in args) else 'float64'
    if n == 'norm':
        axis = kws.get('axis')
        count, ax = axis_len(a, axis)
        shape = () if ax is None else a.shape[:ax] + a.shape[ax + 1:]
        if a.lo is None:
            return Arr(dt, shape, None, None)
        m = float(max(abs(a.lo), abs(a.hi)))
        lo, hi = cap_check(dt, 0.0, m * count)
        return Arr(dt, shape, lo, hi)
    if len(a.shape) != 2 or a.shape[0] != a.shape[1] or a.lo is None:
        raise Invalid('linalg of a non-square matrix')
    k = a.shape[0]
    if n == 'det':   # of A A^T + 2 I: between 2**k and the product of the diagonal's bounds
        top = max(abs(a.lo), abs(a.hi)) + 2.0
        lo, hi = cap_check(dt, 0.0, top ** k)
        return Arr(dt, (), lo, hi)
    if n == 'inv':   # ||inv(A A^T + 2 I)|| <= 1/2
        return Arr(dt, a.shape, -0.5, 0.5)
    b = args[1]
    if not isinstance(b, Arr) or b.lo is None or b.shape[0] != k or len(b.shape) > 2:
        raise Invalid('solve operand')
    m = float(max(abs(b.lo), abs(b.hi))) * math.sqrt(k)
    return Arr(dt, b.shape, -m, m)


class LinalgCall(Expr):
    """np.linalg.NAME(args, kwargs)"""

    def __init__(self, name, args, kwargs=()):
        self.name, self.args, self.kwargs = name, list(args), list(kwargs)

    def src(self):
        return 'np.linalg.%s(%s)' % (self.name, ', '.join([a.src() for a in self.args] + kw_src(self.kwargs)))

    def ev(self, env):
        cols = [a.ev(env) for a in self.args]
        kwvals = {k: (v.ev(env) if isinstance(v, Expr) else [v] * env.nv) for k, v in self.kwargs}
        return [linalg_val(self.name, [c[j] for c in cols], {k: v[j] for k, v in kwvals.items()})
                for j in range(env.nv)]


NPMATH_FUNCS = NEW_REDUCTIONS + ('argmin', 'cumsum', 'cumprod', 'round', 'around', 'clip', 'sort', 'argsort',
                                 'isclose', 'allclose')


class Method(Expr):
    """obj.NAME(args, kwargs)"""

    def __init__(self, obj, name, args=(), kwargs=()):
        self.obj, self.name, self.args, self.kwargs = obj, name, list(args), list(kwargs)

    def src(self):
        return '%s.%s(%s)' % (paren(self.obj, PREC_ATOM), self.name,
                              ', '.join([a.src() for a in self.args] + kw_src(self.kwargs)))

    def ev(self, env):
        objs = self.obj.ev(env)
        cols = [a.ev(env) for a in self.args]
        kwvals = {k: (v.ev(env) if isinstance(v, Expr) else v) for k, v in self.kwargs}
        out = []
        for j, v in enumerate(objs):
            args = [c[j] for c in cols]
            kws = {k: (x[j] if isinstance(x, list) else x) for k, x in kwvals.items()}
            out.append(self.ev1(v, args, kws))
        return out

    def ev1(self, v, args, kws):
        n = self.name
        if not isinstance(v, Arr):
            raise Invalid('method of a non-array')
        if n in ('sum', 'mean', 'max', 'min', 'argmax'):
            return reduce_val(n, v, args[0] if args else kws.get('axis'), 'keepdims' in kws)
        if n == 'reshape':
            if not v.shape:
                raise Invalid('reshape of a scalar')
            if len(args) == 1 and isinstance(args[0], Tup):
                dims = args[0].items
            else:
                dims = args
            shape = []
            neg = 0
            for d in dims:
                if not (isinstance(d, Py) and d.exact):
                    raise Invalid('reshape dims must be known')
                shape.append(d.lo)
                neg += d.lo == -1
            if neg > 1 or any(d < -1 for d in shape):
                raise Invalid('reshape')
            if neg:
                rest = prod([d for d in shape if d != -1])
                if rest == 0 or v.size % rest:
                    raise Invalid('reshape -1')
                shape = [v.size // rest if d == -1 else d for d in shape]
            if prod(shape) != v.size:
                raise Invalid('reshape size')
            return Arr(v.dt, shape, v.lo, v.hi)
        if n == 'astype':
            dt = {t: d for d, t in NPDT.items()}[kws['_dtype']]
            if dt == 'int64' and v.dt.startswith('float'):
                if v.lo is None:
                    raise Invalid('astype int of nan')
                return Arr(dt, v.shape, math.trunc(v.lo), math.trunc(v.hi))
            if dt == 'bool':
                return Arr(dt, v.shape, 0, 1)
            if dt == 'float32' and v.lo is not None and max(abs(v.lo), abs(v.hi)) > F32_CAP:
                raise Invalid('float32 too big')
            lo, hi = (v.lo, v.hi) if v.lo is None or dt == 'int64' else (float(v.lo), float(v.hi))
            return Arr(dt, v.shape, lo, hi)
        if n == 'transpose':
            if not v.shape:
                raise Invalid('transpose of a scalar')
            return Arr(v.dt, tuple(reversed(v.shape)), v.lo, v.hi)
        if n in NPMATH_FUNCS:
            return npmath_val(n, v, args, kws)
        raise AssertionError(n)


class TransposeAxes(Method):
    """obj.transpose(p0, p1, ...) with a literal permutation of the axes."""

    def __init__(self, obj, perm):
        Method.__init__(self, obj, 'transpose', [])
        self.perm = list(perm)

    def src(self):
        return '%s.transpose(%s)' % (paren(self.obj, PREC_ATOM), ', '.join(str(p) for p in self.perm))

    def ev1(self, v, args, kws):
        if not isinstance(v, Arr) or len(v.shape) != len(self.perm):
            raise Invalid('transpose axes of another rank')
        return Arr(v.dt, tuple(v.shape[p] for p in self.perm), v.lo, v.hi)


class AsType(Method):
    def __init__(self, obj, dt):
        Method.__init__(self, obj, 'astype', [], [('_dtype', NPDT[dt])])

    def src(self):
        return '%s.astype(%s)' % (paren(self.obj, PREC_ATOM), self.kwargs[0][1])


class RandomCall(Expr):
    """A draw from np.random (the module's legacy state) or from the module-level Generator `rng`:
    the call's text and the abstract value numpy gives, the same in every specialization."""

    def __init__(self, text, value):
        self.text, self.value = text, value

    def src(self):
        return self.text

    def ev(self, env):
        return [self.value] * env.nv


class Permutation(Expr):
    """np.random.permutation(a) / rng.permutation(a): a's rows in a random order (a new array)."""

    def __init__(self, owner, a):
        self.owner, self.a = owner, a

    def src(self):
        return '%s.permutation(%s)' % (self.owner, self.a.src())

    def ev(self, env):
        out = []
        for v in self.a.ev(env):
            if not isinstance(v, Arr) or not v.shape:
                raise Invalid('permutation of a scalar')
            out.append(Arr(v.dt, v.shape, v.lo, v.hi))
        return out


class Builtin(Expr):
    """float(x), int(x), len(x), abs(x)"""

    def __init__(self, name, arg):
        self.name, self.arg = name, arg

    def src(self):
        return '%s(%s)' % (self.name, self.arg.src())

    def ev(self, env):
        out = []
        for v in self.arg.ev(env):
            n = self.name
            if n == 'len':
                if not isinstance(v, Arr) or not v.shape:
                    raise Invalid('len')
                out.append(Py('int', v.shape[0], v.shape[0]))
                continue
            if not is_num(v):
                raise Invalid(n + ' of a non-number')
            if isinstance(v, Arr) and v.size != 1:
                raise Invalid(n + ' of an array with several elements')
            if n == 'float':
                lo, hi = float_cast_bounds(v.lo, v.hi)
                out.append(Py('float', lo, hi))
            elif n == 'int':
                if v.lo is None:
                    raise Invalid('int of nan')
                out.append(Py('int', math.trunc(v.lo), math.trunc(v.hi)))
            elif n == 'abs':
                if isinstance(v, Arr):
                    out.append(ufunc1('abs', v))
                else:
                    if v.kind == 'bool':
                        raise Invalid('abs(bool)')
                    lo = 0 if v.lo is None or v.lo <= 0 <= v.hi else min(abs(v.lo), abs(v.hi))
                    hi = None if v.lo is None else max(abs(v.lo), abs(v.hi))
                    out.append(Py(v.kind, lo if hi is not None else None, hi))
            else:
                raise AssertionError(n)
        return out


class ArrayLit(Expr):
    """np.array(nested literal[, dtype=...])"""

    def __init__(self, values, shape, dt_kw=None):
        self.values, self.shape, self.dt_kw = values, shape, dt_kw   # values: flat list

    def src(self):
        def nest(vals, shape):
            if not shape:
                return repr(vals[0])
            step = prod(shape[1:])
            return '[' + ', '.join(nest(vals[i * step:(i + 1) * step], shape[1:])
                                   for i in range(shape[0])) + ']'
        s = nest(self.values, self.shape)
        if self.dt_kw:
            return 'np.array(%s, dtype=%s)' % (s, NPDT[self.dt_kw])
        return 'np.array(%s)' % s

    def ev(self, env):
        vals = self.values
        if self.dt_kw:
            dt = self.dt_kw
        elif not vals:
            dt = 'float64'   # np.array([])
        elif all(isinstance(v, bool) for v in vals):
            dt = 'bool'
        elif any(isinstance(v, float) for v in vals):
            dt = 'float64'
        else:
            dt = 'int64'
        nums = [float(v) for v in vals] or [0.0]
        if dt == 'int64':
            nums = [math.trunc(v) for v in nums]
        return [new_arr(dt, self.shape, min(nums), max(nums))] * env.nv


class FnCall(Expr):
    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def src(self):
        return '%s(%s)' % (self.fn.name, ', '.join(a.src() for a in self.args))

    def ev(self, env):
        args = list(self.args)
        if len(args) < len(self.fn.params):   # trailing parameters with defaults
            args += [self.fn.defaults[p] for p in self.fn.params[len(args):]
                     if p in self.fn.defaults]
        cols = [a.ev(env) for a in args]
        return [self.fn.call([c[j] for c in cols]) for j in range(env.nv)]


# ---------------------------------------------------------------------------------------------
# Statements: lines(indent) is the text, run(env) interprets them abstractly

class Env:
    def __init__(self, nv, vars=None):
        self.nv = nv
        self.vars = dict(vars or {})

    def copy(self):
        return Env(self.nv, self.vars)


class ReturnSignal(Exception):
    pass


class Ctx:
    """What abstract interpretation of a function collects."""

    def __init__(self):
        self.rets = []


def join_envs(a, b):
    """Variables defined in both with the same type (others are forgotten)."""
    out = Env(a.nv)
    for k, va in a.vars.items():
        if k in b.vars:
            try:
                out.vars[k] = [join_val(x, y) for x, y in zip(va, b.vars[k])]
            except Invalid:
                pass
    return out


class Stmt:
    pass


class Assign(Stmt):
    def __init__(self, targets, expr):
        self.targets, self.expr = targets, expr   # targets: list of names (len>1: unpacking)

    def lines(self, ind):
        return [ind + '%s = %s' % (', '.join(self.targets), self.expr.src())]

    def run(self, env, ctx):
        vals = self.expr.ev(env)
        if len(self.targets) == 1:
            env.vars[self.targets[0]] = vals
        else:
            for v in vals:
                if not isinstance(v, Tup) or len(v.items) != len(self.targets):
                    raise Invalid('unpacking')
            for i, t in enumerate(self.targets):
                env.vars[t] = [v.items[i] for v in vals]


class Print(Stmt):
    def __init__(self, exprs, sep=None, end=None):
        self.exprs, self.sep, self.end = exprs, sep, end

    def lines(self, ind):
        parts = [e.src() for e in self.exprs]
        if self.sep is not None:
            parts.append('sep=%s' % self.sep)
        if self.end is not None:
            parts.append('end=%s' % self.end)
        return [ind + 'print(%s)' % ', '.join(parts)]

    def run(self, env, ctx):
        for e in self.exprs:
            for v in e.ev(env):
                # Arrays in a tuple print as their repr; numpy scalars there are refused (numpy 1
                # and 2 print them differently).
                if isinstance(v, Tup) and any(isinstance(i, Tup) or (isinstance(i, Arr) and not i.shape)
                                              for i in v.items):
                    raise Invalid('print of a tuple holding numpy scalars')
                for a in (v.items if isinstance(v, Tup) else [v]):
                    if isinstance(a, Arr) and a.shape and (
                            ('bool-print' in AVOID and a.dt == 'bool')
                            or ('empty' in AVOID and a.size == 0)):
                        raise Invalid('avoided')


class Assert(Stmt):
    def __init__(self, cond):
        self.cond = cond

    def lines(self, ind):
        return [ind + 'assert ' + self.cond.src()]

    def run(self, env, ctx):
        for v in self.cond.ev(env):
            if not is_scalar_cond(v):
                raise Invalid('assert needs a scalar')


class Return(Stmt):
    def __init__(self, expr):
        self.expr = expr

    def lines(self, ind):
        return [ind + 'return ' + self.expr.src()]

    def run(self, env, ctx):
        ctx.rets.append(self.expr.ev(env))
        raise ReturnSignal()


class Simple(Stmt):
    """break / continue / pass"""

    def __init__(self, word):
        self.word = word

    def lines(self, ind):
        return [ind + self.word]

    def run(self, env, ctx):
        if self.word in ('break', 'continue'):
            raise LoopExit()


class LoopExit(Exception):
    pass


def run_block(stmts, env, ctx):
    """Runs stmts; returns the env at the end, or None when every path left the block."""
    try:
        for s in stmts:
            s.run(env, ctx)
    except (ReturnSignal, LoopExit):
        return None
    return env


def block_lines(stmts, ind):
    out = []
    for s in stmts:
        out += s.lines(ind)
    return out or [ind + 'pass']


class If(Stmt):
    def __init__(self, cond, body, orelse, elifs=()):
        self.cond, self.body, self.orelse, self.elifs = cond, body, orelse, list(elifs)

    def lines(self, ind):
        out = [ind + 'if %s:' % self.cond.src()] + block_lines(self.body, ind + '    ')
        for c, b in self.elifs:
            out += [ind + 'elif %s:' % c.src()] + block_lines(b, ind + '    ')
        if self.orelse:
            out += [ind + 'else:'] + block_lines(self.orelse, ind + '    ')
        return out

    def run(self, env, ctx):
        for c in [self.cond] + [c for c, _ in self.elifs]:
            for v in c.ev(env):
                if not is_scalar_cond(v):
                    raise Invalid('if needs a scalar condition')
        ends = []
        for b in [self.body] + [b for _, b in self.elifs] + [self.orelse]:
            e = run_block(b, env.copy(), ctx)
            if e is not None:
                ends.append(e)
        if not ends:
            raise ReturnSignal()
        j = ends[0]
        for e in ends[1:]:
            j = join_envs(j, e)
        env.vars = j.vars


class Loop(Stmt):
    """for VAR in range(args) / for VAR in ARRAY / while COND (with trip bound)."""

    def __init__(self, kind, var, it, body, trips):
        self.kind, self.var, self.it, self.body, self.trips = kind, var, it, body, trips
        # kind 'range': it is list of Expr; 'array': it is Expr; 'while': it is cond Expr

    def lines(self, ind):
        if self.kind == 'range':
            head = 'for %s in range(%s):' % (self.var, ', '.join(a.src() for a in self.it))
        elif self.kind == 'array':
            head = 'for %s in %s:' % (self.var, self.it.src())
        else:
            head = 'while %s:' % self.it.src()
        return [ind + head] + block_lines(self.body, ind + '    ')

    def loop_var_values(self, env):
        if self.kind == 'range':
            cols = [a.ev(env) for a in self.it]
            out = []
            for j in range(env.nv):
                a = [c[j] for c in cols]
                if any(not (isinstance(x, Py) and x.kind == 'int' and x.lo is not None)
                       for x in a):
                    raise Invalid('range args')
                # bounds of the loop variable and of the trip count
                if any(x.lo != x.hi for x in a):
                    raise Invalid('range args must be known')
                r = range(*[x.lo for x in a])
                if len(r) > MAX_LOOP_ITERS:
                    raise Invalid('too many iterations')
                out.append((Py('int', min(r), max(r)) if r else Py('int', 0, 0), len(r)))
            return out
        if self.kind == 'array':
            out = []
            for v in self.it.ev(env):
                if not isinstance(v, Arr) or not v.shape:
                    raise Invalid('loop over a non-array')
                if v.shape[0] > MAX_LOOP_ITERS:
                    raise Invalid('too many iterations')
                out.append((Arr(v.dt, v.shape[1:], v.lo, v.hi), v.shape[0]))
            return out
        for v in self.it.ev(env):
            if not is_scalar_cond(v):
                raise Invalid('while needs a scalar condition')
        return [(None, self.trips)] * env.nv

    def run(self, env, ctx):
        lv = self.loop_var_values(env)
        trips = max(t for _, t in lv)
        outer = set(env.vars)
        if trips == 0:
            # the body never runs, but pyscript types it: it must be valid all the same
            it = env.copy()
            if self.var:
                it.vars[self.var] = [v for v, _ in lv]
            run_block(self.body, it, Ctx())
        cur = env.copy()
        acc = env.copy()
        for _ in range(trips):
            it = cur.copy()
            if self.var:
                it.vars[self.var] = [v for v, _ in lv]
            if self.kind == 'while':
                self.it.ev(it)
            e = run_block(self.body, it, ctx)
            if e is None:   # every path left the loop body (break/return): stop iterating
                break
            e.vars = {k: v for k, v in e.vars.items() if k in outer}
            for k in outer:
                if k not in e.vars:
                    raise Invalid('a loop forgot an outer variable')
            new = join_envs(acc, e)
            if set(new.vars) != outer:
                raise Invalid('a loop changed the type of ' + ', '.join(outer - set(new.vars)))
            if all(same_val_list(new.vars[k], acc.vars[k]) for k in outer):
                acc = new
                break
            acc = new
            cur = e
        # every value the loop can leave behind (also after a break) is covered by acc
        env.vars = acc.vars
        # bodies that break run partially: interpret once more from acc to cover them
        for k in outer:
            for v in env.vars[k]:
                if isinstance(v, Py) and v.kind == 'int' and v.lo is None:
                    raise Invalid('unbounded int')


def same_val_list(a, b):
    return all(same_val(x, y) for x, y in zip(a, b))


class Function:
    def __init__(self, name, params, defaults):
        self.name, self.params, self.defaults = name, params, defaults
        self.body = []
        self.cache = {}

    def lines(self):
        ps = []
        for p in self.params:
            if p in self.defaults:
                ps.append('%s=%s' % (p, self.defaults[p].src()))
            else:
                ps.append(p)
        return ['def %s(%s):' % (self.name, ', '.join(ps))] + block_lines(self.body, '    ')

    def call(self, args):
        if len(args) != len(self.params):
            raise Invalid('arity')
        key = tuple(a.key() for a in args)
        if key in self.cache:
            r = self.cache[key]
            if isinstance(r, Invalid):
                raise r
            return r
        try:
            r = self.eval_body([[a] for a in args], 1)[0]
        except Invalid as e:
            self.cache[key] = e
            raise
        self.cache[key] = r
        return r

    def eval_body(self, param_vals, nv, body=None):
        env = globals_env(nv)
        for p, v in zip(self.params, param_vals):
            env.vars[p] = v
        ctx = Ctx()
        e = run_block(self.body if body is None else body, env, ctx)
        if e is not None:
            raise Invalid('function falls off its end')
        r = ctx.rets[0]
        for o in ctx.rets[1:]:
            r = [join_val(x, y) for x, y in zip(r, o)]
        return r


class RecFunction(Function):
    """def NAME(x, n): if n <= 0: return x / return NAME(UPDATE(x), n - 1) -- interpreted as
    n applications of UPDATE (n must be known)."""

    def __init__(self, name, update):
        Function.__init__(self, name, ['x', 'n'], {})
        self.update = update
        self.body = [If(Compare('<=', Name('n'), Lit(0)), [Return(Name('x'))], []),
                     Return(FnCall(self, [update, BinOp('-', Name('n'), Lit(1))]))]

    def eval_body(self, param_vals, nv, body=None):
        out = []
        for j in range(nv):
            v, n = param_vals[0][j], param_vals[1][j]
            if not (isinstance(n, Py) and n.exact) or n.lo > 6:
                raise Invalid('recursion depth must be known and small')
            for _ in range(max(n.lo, 0)):
                env = globals_env(1)
                env.vars['x'] = [v]
                w = self.update.ev(env)[0]
                if w.typ() != v.typ():
                    raise Invalid('recursion changes the type')
                v = w
            out.append(v)
        return out


GLOBALS = None   # Env of module-level constants that functions read


def globals_env(nv):
    """An env with the module-level constants, for nv specializations."""
    env = Env(nv)
    if GLOBALS:
        for k, v in GLOBALS.vars.items():
            env.vars[k] = [v[0]] * nv
    return env


# ---------------------------------------------------------------------------------------------
# The generator

class Gen:
    def __init__(self, rng, avoid=()):
        self.rng = rng
        self.avoid = set(avoid)
        self.counter = 0
        self.functions = []
        self.protected = set()   # variables a statement must not assign (while counters)

    # -- helpers
    def fresh(self, prefix='v'):
        self.counter += 1
        return '%s%d' % (prefix, self.counter)

    def chance(self, p):
        return self.rng.random() < p

    def try_expr(self, env, build, tries=1):
        """build() -> Expr; returns (expr, values) or None when invalid."""
        for _ in range(tries):
            try:
                e = build()
                if e is None:
                    continue
                vals = e.ev(env)
                if 'empty' in self.avoid and any(isinstance(v, Arr) and v.size == 0
                                                 for v in vals):
                    continue
                if 'nan' in self.avoid and any(isinstance(v, (Arr, Py)) and is_num(v)
                                               and v.lo is None for v in vals):
                    continue
                return e, vals
            except Invalid:
                continue
        return None

    def vars_where(self, env, pred):
        out = []
        for k, vs in env.vars.items():
            if all(pred(v) for v in vs):
                out.append(k)
        return sorted(out)

    def arrays(self, env, min_rank=1):
        return self.vars_where(env, lambda v: isinstance(v, Arr) and len(v.shape) >= min_rank)

    def pick(self, seq):
        return self.rng.choice(seq)

    # -- literals and constructors
    def py_float(self):
        r = self.rng.random()
        if r < 0.5:
            return Lit(self.pick([0.5, 1.5, 2.0, 0.25, 3.0, 0.1, 1.0, 2.5, 0.75]))
        if r < 0.8:
            return Lit(self.pick(ODD))
        return Lit(round(self.rng.uniform(-3, 3), 2))

    def py_int(self, lo=-3, hi=5):
        return Lit(self.rng.randint(lo, hi))

    def py_scalar(self):
        r = self.rng.random()
        if r < 0.55:
            return self.py_float()
        if r < 0.95:
            return self.py_int()
        return Lit(self.pick([True, False]))

    def shape_expr(self, shape):
        if len(shape) == 1 and self.chance(0.5):
            return Lit(shape[0])
        return TupleLit([Lit(d) for d in shape])

    def random_shape(self, rank=None, small=False):
        if rank is None:
            rank = self.pick([1, 1, 2, 2, 2, 3])
        hi = 4 if small or rank == 3 else 6
        while True:
            s = tuple(self.rng.randint(1, hi) for _ in range(rank))
            if prod(s) <= 60:
                return s

    def dtype_choice(self):
        return self.pick(['float64', 'float64', 'float32', 'float32', 'int64', 'int64', 'bool'])

    def dtype_kw(self, dt, required=False):
        if dt == 'float64' and not required and self.chance(0.5):
            return []
        return [('dtype', NPDT[dt])]

    def random_array(self, dt, shape):
        """A draw of exactly dt and shape from np.random or from the module's Generator `rng`."""
        dims = ', '.join(str(d) for d in shape)
        size = str(shape[0]) if len(shape) == 1 and self.chance(0.5) else \
            '(%s)' % (dims + (',' if len(shape) == 1 else ''))
        owner = 'np.random' if self.chance(0.5) else 'rng'
        r = self.rng.random()
        if dt == 'bool':
            return Compare(self.pick(['<', '>']), self.random_array('float64', shape), Lit(self.pick(ODD) / 4 + 0.5))
        if dt == 'float32':
            if owner == 'rng':
                return RandomCall('rng.random(%s, dtype=np.float32)' % size, new_arr(dt, shape, 0.0, 1.0))
            return AsType(RandomCall('np.random.rand(%s)' % dims, new_arr('float64', shape, 0.0, 1.0)), 'float32')
        if dt == 'int64':
            lo, hi = self.pick([(-5, 5), (0, 10), (1, 4), (-100, 100), (0, 2)])
            fn = 'randint' if owner == 'np.random' else 'integers'
            return RandomCall('%s.%s(%d, %d, %s)' % (owner, fn, lo, hi, size), new_arr(dt, shape, lo, hi - 1))
        if r < 0.3:
            text = 'np.random.rand(%s)' % dims if owner == 'np.random' else 'rng.random(%s)' % size
            return RandomCall(text, new_arr(dt, shape, 0.0, 1.0))
        if r < 0.55:
            lo, hi = self.pick([(-2.0, 3.0), (0.0, 1.0), (0.5, 1.5), (-1.0, 1.0)])
            return RandomCall('%s.uniform(%r, %r, %s)' % (owner, lo, hi, size), new_arr(dt, shape, lo, hi))
        if r < 0.8:
            loc, scale = self.pick([(0.0, 1.0), (1.5, 0.5), (-1.0, 2.0)])
            # |z| < 8 but for one draw in 10**15
            return RandomCall('%s.normal(%r, %r, %s)' % (owner, loc, scale, size),
                              new_arr(dt, shape, loc - 8 * scale, loc + 8 * scale))
        text = 'np.random.randn(%s)' % dims if owner == 'np.random' else 'rng.standard_normal(%s)' % size
        return RandomCall(text, new_arr(dt, shape, -8.0, 8.0))

    def random_scalar(self):
        """A Python float or int, or a numpy int64 scalar, drawn."""
        return self.pick([
            RandomCall('np.random.rand()', Py('float', 0.0, 1.0)),
            RandomCall('np.random.random()', Py('float', 0.0, 1.0)),
            RandomCall('rng.random()', Py('float', 0.0, 1.0)),
            RandomCall('np.random.uniform(-2.0, 3.0)', Py('float', -2.0, 3.0)),
            RandomCall('rng.normal(1.0, 0.5)', Py('float', -3.0, 5.0)),
            RandomCall('np.random.randint(-3, 5)', Py('int', -3, 4)),
            RandomCall('rng.integers(1, 6)', Arr('int64', (), 1, 5)),
        ])

    def make_array(self, dt, shape):
        """An expression whose value is an array of exactly dt and shape (literal values, or drawn)."""
        n = prod(shape)
        rng = self.rng
        if 'random' not in self.avoid and rng.random() < 0.12:
            return self.random_array(dt, shape)
        r = rng.random()
        cands = []
        if dt == 'bool':
            base = NpCall('arange', [Lit(n)])
            if len(shape) != 1:
                base = Method(base, 'reshape', [Lit(d) for d in shape])
            m = rng.randint(2, 4)
            cands.append(Compare(self.pick(['==', '<', '>', '!=']),
                                 BinOp('%', base, Lit(m)), Lit(rng.randint(0, m - 1))))
            cands.append(ArrayLit([rng.random() < 0.5 for _ in range(n)], shape))
            cands.append(NpCall(self.pick(['zeros', 'ones']), [self.shape_expr(shape)],
                                [('dtype', 'np.bool_')]))
            cands.append(NpCall('full', [self.shape_expr(shape), Lit(rng.random() < 0.5)]))
            if shape[-1] > 1 and len(shape) <= 2:
                cands.append(Compare('>', NpCall('linspace', [Lit(-1.0), Lit(1.0), Lit(n)]),
                                     Lit(self.pick(ODD) / 4))
                             if len(shape) == 1 else
                             Compare('>', Method(NpCall('linspace', [Lit(-1.0), Lit(1.0), Lit(n)]),
                                                 'reshape', [Lit(d) for d in shape]),
                                     Lit(self.pick(ODD) / 4)))
            return self.pick(cands)
        if r < 0.3:
            base = NpCall('arange', [Lit(n)], self.dtype_kw(dt, required=(dt != 'int64')))
            if dt == 'int64' and self.chance(0.5):
                base = NpCall('arange', [Lit(n)])
            e = base
            if dt != 'int64':
                e = BinOp('-', BinOp('*', e, Lit(self.pick([0.5, 0.25, 0.1, 1.5]))),
                          Lit(self.pick([1.0, 2.0, 0.5])))
            else:
                e = BinOp('-', e, Lit(rng.randint(0, n)))
            if len(shape) != 1:
                if self.chance(0.5):
                    e = Method(e if e.prec >= PREC_ATOM else e, 'reshape',
                               [Lit(d) for d in shape])
                else:
                    e = Method(e, 'reshape', [TupleLit([Lit(d) for d in shape])])
            return e
        if r < 0.5 and n <= 12:
            if dt == 'int64':
                vals = [rng.randint(-9, 9) for _ in range(n)]
            else:
                vals = [round(rng.uniform(-4, 4), self.pick([0, 1, 2])) for _ in range(n)]
                vals = [float(v) for v in vals]
            return ArrayLit(vals, shape, dt if (dt == 'float32' or self.chance(0.2)) else None)
        if r < 0.65:
            lo = self.pick([-2.0, -1.0, 0.0, 0.5])
            hi = self.pick([1.0, 2.0, 3.0, -0.5])
            e = NpCall('linspace', [Lit(lo), Lit(hi), Lit(n)], self.dtype_kw(dt)
                       if dt != 'int64' else [])
            if dt == 'int64':
                e = AsType(BinOp('*', e, Lit(4.0)), 'int64')
            if len(shape) != 1:
                e = Method(e, 'reshape', [Lit(d) for d in shape])
            return e
        if r < 0.8 and dt != 'int64':
            e = NpCall(self.pick(['sin', 'cos']),
                       [BinOp('*', NpCall('arange', [Lit(n)]), Lit(self.pick([0.37, 0.7, 1.3])))])
            if dt == 'float32':
                e = AsType(e, 'float32')
            if len(shape) != 1:
                e = Method(e, 'reshape', [Lit(d) for d in shape])
            return e
        if r < 0.9:
            val = self.pick([0.5, 2.0, -1.5, 3.0]) if dt != 'int64' else rng.randint(-3, 5)
            return NpCall('full', [self.shape_expr(shape), Lit(val)],
                          self.dtype_kw(dt, required=(dt == 'float32')))
        if len(shape) == 2 and shape[0] == shape[1] and self.chance(0.5):
            return NpCall('eye', [Lit(shape[0])], self.dtype_kw(dt))
        return NpCall(self.pick(['ones', 'zeros']) if self.chance(0.8) else 'ones',
                      [self.shape_expr(shape)], self.dtype_kw(dt, required=(dt != 'float64')))

    # -- expressions
    def leaf_array(self, env, min_rank=1):
        names = self.arrays(env, min_rank)
        if names and self.chance(0.85):
            return Name(self.pick(names))
        return None

    def scalar_operand(self, env):
        """A Python scalar or a numpy scalar operand."""
        r = self.rng.random()
        if 'random' not in self.avoid and r < 0.06:
            return self.random_scalar()
        if r < 0.7:
            return self.py_scalar()
        ints = self.vars_where(env, lambda v: isinstance(v, Py) and v.kind in ('int', 'float'))
        if ints and r < 0.85:
            return Name(self.pick(ints))
        arrs = self.arrays(env)
        if arrs:
            a = Name(self.pick(arrs))
            return Builtin('float', Method(a, self.pick(['sum', 'max', 'mean', 'min'])))
        return self.py_scalar()

    def partner(self, env, a_vals, depth):
        """An operand that broadcasts with arrays of a_vals' shapes."""
        r = self.rng.random()
        if r < 0.3:
            return self.scalar_operand(env)
        if r < 0.55:
            # a variable that broadcasts
            names = [n for n in self.arrays(env, 0)
                     if all(self.broadcasts(a, b) for a, b in zip(a_vals, env.vars[n]))]
            if names:
                return Name(self.pick(names))
        if r < 0.7:
            # a derived view of a variable (row, column, keepdims reduction, transpose)
            names = self.arrays(env)
            if names:
                n = Name(self.pick(names))
                vs = env.vars[n.name]
                rank = min(len(v.shape) for v in vs)
                c = self.rng.random()
                if c < 0.35 and rank >= 1:
                    ax = self.rng.randint(-rank, rank - 1)
                    return Method(n, self.pick(['sum', 'max', 'mean', 'min']), [],
                                  [('axis', Lit(ax)), ('keepdims', Lit(True))])
                if c < 0.6 and rank >= 2:
                    return Index(n, [Lit(self.rng.randint(0, 1))])
                if c < 0.8 and rank >= 2:
                    return Index(n, [Slice(None, None, None), Slice(0, 1, None)])
                return Attr(n, 'T')
        # a fresh constructor matching a's trailing shape (the same for all specializations)
        shapes = set(v.shape for v in a_vals if isinstance(v, Arr))
        if len(shapes) == 1:
            s = shapes.pop()
            if s:
                k = self.rng.randint(1, len(s))
                tail = list(s[-k:])
                if self.chance(0.3):
                    tail[self.rng.randint(0, len(tail) - 1)] = 1
                dt = self.dtype_choice()
                return self.make_array(dt, tuple(tail))
        # shape from a runtime attribute
        names = self.arrays(env)
        if names:
            n = Name(self.pick(names))
            if self.chance(0.5):
                return NpCall(self.pick(['ones', 'zeros']), [Attr(n, 'shape')],
                              self.dtype_kw(self.pick(['float64', 'float32', 'int64'])))
            return NpCall('full', [Attr(n, 'shape'), self.py_scalar()])
        return self.py_scalar()

    def broadcasts(self, a, b):
        try:
            sa = a.shape if isinstance(a, Arr) else ()
            sb = b.shape if isinstance(b, Arr) else ()
            broadcast(sa, sb)
            return True
        except Invalid:
            return False

    def array_expr(self, env, depth=2, min_rank=1):
        """A random array-valued expression (rank >= min_rank), valid in env, or None."""
        for _ in range(12):
            got = self.try_expr(env, lambda: self.array_expr1(env, depth, min_rank))
            if got:
                e, vals = got
                if all(isinstance(v, Arr) and len(v.shape) >= min_rank for v in vals):
                    return got
        names = self.arrays(env, min_rank)
        if names:
            n = Name(self.pick(names))
            return n, n.ev(env)
        return None

    def sub(self, env, depth, min_rank=1):
        if depth <= 0 or self.chance(0.35):
            leaf = self.leaf_array(env, min_rank)
            if leaf is not None:
                return leaf
        got = self.array_expr(env, depth - 1, min_rank)
        if got is None:
            raise Invalid('no array')
        return got[0]

    def array_expr1(self, env, depth, min_rank):
        rng = self.rng
        r = rng.random()
        if depth <= 0:
            leaf = self.leaf_array(env, min_rank)
            if leaf is not None:
                return leaf
            dt = self.dtype_choice()
            return self.make_array(dt, self.random_shape())
        if 'join-select' not in self.avoid and rng.random() < 0.1:
            return gen_tensor_shape.array_expr(self, env, depth, min_rank)
        if 'random' not in self.avoid and rng.random() < 0.04:   # its rows shuffled
            return Permutation(self.pick(['np.random', 'rng']), self.sub(env, depth, max(min_rank, 1)))
        if rng.random() < 0.14:
            a = self.sub(env, depth, min_rank)
            if self.chance(0.5):   # a view (strided, reversed, transposed) used as a value
                return self.view_of(env, a)
            # an elementwise chain mixing a value with a view of itself or another operand
            av = a.ev(env)
            b = self.view_of(env, a) if self.chance(0.5) else self.partner(env, av, 1)
            f = self.pick(['tanh', 'sin', 'cos', 'abs'])
            c1, c2 = Lit(self.pick([0.5, 0.25, -0.37, 1.5])), Lit(self.pick([2.0, 0.5, -1.0, 3]))
            inner = BinOp(self.pick(['+', '-', '*']), BinOp('*', a, c1), b)
            return BinOp(self.pick(['+', '-']), BinOp('*', NpCall(f, [inner]), c2), a)
        if r < 0.30:   # arithmetic
            a = self.sub(env, depth, min_rank)
            av = a.ev(env)
            b = self.partner(env, av, depth)
            op = self.pick(['+', '-', '*', '*', '+', '/', '-', '//', '%', '**'])
            if op == '**':
                b = Lit(self.pick([2, 2, 3, 0.5, 2.0]) if True else 2)
                if isinstance(b.value, float) and b.value == 0.5:
                    a = NpCall('abs', [a])
            if op in ('//', '%') and not all(isinstance(v, Arr) and v.dt == 'int64' for v in av):
                op = '+'
            if op in ('//', '%') and isinstance(b, Lit) and not isinstance(b.value, int):
                b = Lit(self.pick([2, 3, -2, 4]))
            if op == '/' and not isinstance(b, Lit):
                b = BinOp('+', NpCall('abs', [b]), Lit(self.pick([1.0, 0.5, 2.0])))
            elif op == '/' and isinstance(b, Lit) and (b.value == 0 or isinstance(b.value, bool)):
                b = Lit(2.0)
            if self.chance(0.3):
                a, b = b, a
                if op == '**' and not isinstance(a, Lit):
                    a, b = b, a
            return BinOp(op, a, b)
        if r < 0.40 and 'npmath' not in AVOID and self.chance(0.5):
            return self.npmath_expr(env, depth, min_rank)
        if r < 0.40:   # unary ufunc
            a = self.sub(env, depth, min_rank)
            f = self.pick(['exp', 'log', 'sqrt', 'tanh', 'sin', 'cos', 'abs', 'neg', 'absb'])
            if f == 'neg':
                return Unary('-', a)
            if f == 'absb':
                return Builtin('abs', a)
            if f == 'log':
                return NpCall('log', [BinOp('+', NpCall('abs', [a]), Lit(1.0))]) \
                    if self.chance(0.7) else NpCall('log', [a])
            if f == 'sqrt':
                return NpCall('sqrt', [NpCall('abs', [a])]) if self.chance(0.7) \
                    else NpCall('sqrt', [a])
            if f == 'exp':
                return NpCall('exp', [NpCall(self.pick(['tanh', 'sin', 'cos']), [a])]) \
                    if self.chance(0.5) else NpCall('exp', [a])
            return NpCall(f, [a])
        if r < 0.47:   # maximum / minimum
            a = self.sub(env, depth, min_rank)
            b = self.partner(env, a.ev(env), depth)
            args = [a, b] if self.chance(0.7) else [b, a]
            return NpCall(self.pick(['maximum', 'minimum']), args)
        if r < 0.54:   # where
            a = self.sub(env, depth, min_rank)
            av = a.ev(env)
            c = Compare(self.pick(['>', '<', '>=', '<=']), a,
                        Lit(self.pick(ODD)) if self.chance(0.6) else self.partner(env, av, 0))
            b = self.partner(env, av, depth)
            x = a if self.chance(0.5) else self.sub(env, depth - 1, min_rank)
            return NpCall('where', [c, x, b] if self.chance(0.6) else [c, b, x])
        if r < 0.64:   # reduction with axis
            a = self.sub(env, depth, max(min_rank, 1) + 1 if self.chance(0.8) else 1)
            av = a.ev(env)
            rank = min(len(v.shape) for v in av)
            f = self.pick(['sum', 'mean', 'max', 'min', 'argmax', 'sum'] + (
                [] if 'npmath' in AVOID else
                ['prod', 'var', 'std', 'argmin', 'all', 'any', 'count_nonzero', 'cumsum', 'cumprod']))
            ax = rng.randint(-rank, rank - 1) if rng.random() < 0.3 else rng.randint(0, rank - 1)
            kws = []
            args = []
            if self.chance(0.2) and f not in ('argmax', 'argmin'):
                args = [Lit(ax)]
            else:
                kws = [('axis', Lit(ax))]
            if self.chance(0.35) and f not in ('cumsum', 'cumprod'):
                kws.append(('keepdims', Lit(True)))
            if f in ('var', 'std') and self.chance(0.4):
                kws.append(('ddof', Lit(self.pick([0, 1, 1, 2]))))
            if self.chance(0.25) or f == 'count_nonzero':
                return NpCall(f, [a] + args, kws)
            return Method(a, f, args, kws)
        if r < 0.72:   # matmul
            a = self.sub(env, depth, 1)
            av = a.ev(env)
            shapes = set(v.shape for v in av)
            c = rng.random()
            if c < 0.25 and all(len(v.shape) == 2 for v in av):
                b = Attr(a, 'T') if self.chance(0.6) else Method(a, 'transpose')
                if self.chance(0.5):
                    a, b = b, a
            elif len(shapes) == 1:
                s = shapes.pop()
                k = s[-1]
                m = rng.randint(1, 5)
                dt = self.pick(['float64', 'float32', 'int64'])
                bshape = (k,) if self.chance(0.3) else (k, m)
                b = self.make_array(dt, bshape)
                if len(s) == 1 and self.chance(0.3):
                    # vector @ matrix from the left
                    b = self.make_array(dt, (m, k))
                    a, b = b, a
            else:
                names = [n for n in self.arrays(env)
                         if all(self.matmul_ok(x, y) for x, y in zip(av, env.vars[n]))]
                if not names:
                    raise Invalid('no matmul partner')
                b = Name(self.pick(names))
            form = rng.random()
            if form < 0.7:
                return BinOp('@', a, b)
            return NpCall(self.pick(['dot', 'matmul']), [a, b])
        if r < 0.79:   # reshape / transpose
            a = self.sub(env, depth, 1)
            av = a.ev(env)
            sizes = set(v.size for v in av)
            if self.chance(0.3) or len(sizes) != 1:
                c = rng.random()
                if c < 0.5:
                    return Attr(a, 'T')
                if c < 0.7:
                    return NpCall('transpose', [a])
                ranks = set(len(v.shape) for v in av)
                if c < 0.85 and len(ranks) == 1 and min(ranks) >= 2:
                    perm = list(range(min(ranks)))
                    rng.shuffle(perm)
                    return TransposeAxes(a, perm)
                if len(sizes) != 1:
                    return Method(a, 'reshape', [Lit(-1)])
                return Method(a, 'transpose')
            n = sizes.pop()
            if n == 0:
                raise Invalid('reshape of an empty array')
            divs = [d for d in range(1, n + 1) if n % d == 0]
            d1 = self.pick(divs)
            rest = n // d1
            if self.chance(0.4):
                divs2 = [d for d in range(1, rest + 1) if rest % d == 0]
                d2 = self.pick(divs2)
                dims = [d1, d2, rest // d2]
            else:
                dims = [d1, rest]
            if self.chance(0.3):
                dims[rng.randint(0, len(dims) - 1)] = -1
            if self.chance(0.3):
                return Method(a, 'reshape', [TupleLit([Lit(d) for d in dims])])
            return Method(a, 'reshape', [Lit(d) for d in dims])
        if r < 0.87:   # indexing
            a = self.sub(env, depth, min_rank + 1 if self.chance(0.5) else 1)
            av = a.ev(env)
            rank = min(len(v.shape) for v in av)
            dims = [min(v.shape[d] for v in av) for d in range(rank)]
            items = []
            nitems = rng.randint(1, rank)
            for d in range(nitems):
                n = dims[d]
                c = rng.random()
                if c < 0.35 and n > 0:
                    k = rng.randint(-n, n - 1)
                    items.append(Lit(k))
                elif c < 0.45:
                    items.append(Slice(None, None, None))
                else:
                    lo = rng.choice([None, 0, 1, -1, -2]) if n > 1 else None
                    hi = rng.choice([None, n, n - 1, -1]) if n > 1 else None
                    st = rng.choice([None, None, 2, -1, -2])
                    items.append(Slice(lo, hi, st))
            if all(isinstance(i, Slice) and i.lo is None and i.hi is None and i.step is None
                   for i in items):
                items[-1] = Slice(None, None, -1)
            e = Index(a, items)
            if self.chance(0.1) and rank >= 2 and isinstance(items[0], Lit):
                e = Index(Index(a, items[:1]), [Slice(None, None, 2)])
            return e
        if r < 0.92:   # astype
            a = self.sub(env, depth, min_rank)
            return AsType(a, self.pick(['float32', 'float64', 'int64', 'bool', 'float64']))
        if r < 0.96:   # function call returning an array
            got = self.call_expr(env, want='array')
            if got is None:
                raise Invalid('no function')
            return got
        # a constructor with a shape from a variable
        names = self.arrays(env)
        if not names:
            return self.make_array(self.dtype_choice(), self.random_shape())
        n = Name(self.pick(names))
        c = rng.random()
        if c < 0.3:
            return NpCall(self.pick(['zeros', 'ones']), [Attr(n, 'shape')],
                          self.dtype_kw(self.dtype_choice()))
        if c < 0.55:
            return BinOp('*', NpCall('arange', [Index(Attr(n, 'shape'), [Lit(0)])]),
                         self.py_scalar())
        if c < 0.7:
            return NpCall('linspace', [self.py_float(), self.py_float(), Builtin('len', n)])
        if c < 0.85:
            return NpCall('full', [Attr(n, 'shape'), self.py_scalar()],
                          self.dtype_kw(self.pick(['float32', 'float64', 'int64']),
                                        required=False) if self.chance(0.3) else [])
        return NpCall('eye', [Index(Attr(n, 'shape'), [Lit(-1)])],
                      self.dtype_kw(self.dtype_choice()))

    def npmath_expr(self, env, depth, min_rank):
        """round, clip, sort/argsort, isclose, norm along an axis, np.linalg.inv/solve."""
        a = self.sub(env, depth, min_rank)
        av = a.ev(env)
        rank = min(len(v.shape) for v in av)
        c = self.pick(['round', 'round', 'clip', 'clip', 'sort', 'argsort', 'isclose', 'norm', 'linalg'])
        if c == 'round':
            d = [Lit(self.pick([0, 1, 2, -1]))] if self.chance(0.7) else []
            if self.chance(0.3):
                return Method(a, 'round', d)
            return NpCall(self.pick(['round', 'round', 'around']), [a] + d)
        if c == 'clip':
            lo = self.pick(ODD) if self.chance(0.7) else self.rng.randint(-2, 1)
            hi = lo + self.pick([0.5, 1, 2.5])
            form = self.rng.random()
            if form < 0.6:
                return NpCall('clip', [a, Lit(lo), Lit(hi)])
            if form < 0.8:
                return Method(a, 'clip', [Lit(lo)])
            return Method(a, 'clip', [], [('max', Lit(hi))])
        if c in ('sort', 'argsort'):
            dts = set(v.dt for v in av)
            if c == 'argsort' and not dts <= {'int64', 'bool'}:
                c = 'sort'   # float ties would hang on last-bit differences of transcendentals
            kws = []
            r = self.rng.random()
            if r < 0.4:
                kws.append(('axis', Lit(self.rng.randint(-rank, rank - 1))))
            elif r < 0.55:
                kws.append(('axis', 'None'))
            if self.chance(0.3):
                kws.append(('kind', self.pick(['"stable"', '"heapsort"', '"quicksort"'])))
            if c == 'argsort' and self.chance(0.4):
                return Method(a, 'argsort', [], kws)
            return NpCall(c, [a], kws)
        if c == 'isclose':
            b = BinOp('*', a, Lit(self.pick([1.0, 1.000001, 1.001, 0.5])))
            return NpCall('isclose', [a, b] if self.chance(0.7) else [b, a])
        if c == 'norm':
            if rank < 2:
                raise Invalid('norm with an axis of a vector is a scalar')
            kws = [('axis', Lit(self.rng.randint(-rank, rank - 1)))]
            if self.chance(0.4):
                kws.insert(0, ('ord', self.pick(['1', '2', 'np.inf', '-np.inf', '0', '3'])))
            return LinalgCall('norm', [a], kws)
        mat = self.spd_matrix(env, a)
        if self.chance(0.5):
            return LinalgCall('inv', [mat])
        k = av[0].shape[0]
        b = self.make_array('float64', (k,) if self.chance(0.5) else (k, self.rng.randint(1, 3)))
        return LinalgCall('solve', [mat, b])

    def spd_matrix(self, env, a):
        """a @ a.T + 2 I: symmetric positive definite, so inv/solve/det are well conditioned."""
        av = a.ev(env)
        if len(set(v.shape for v in av)) != 1 or len(av[0].shape) != 2 or av[0].dt == 'bool':
            raise Invalid('matrix')
        k = av[0].shape[0]
        return BinOp('+', BinOp('@', a, Attr(a, 'T')), BinOp('*', NpCall('eye', [Lit(k)]), Lit(2.0)))

    def matmul_ok(self, a, b):
        try:
            matmul(a, b)
            return True
        except Invalid:
            return False

    def call_expr(self, env, want='array'):
        """A call of an earlier function with arguments from env, or None."""
        fns = list(self.functions)
        self.rng.shuffle(fns)
        for fn in fns[:4]:
            for _ in range(3):
                args = []
                ok = True
                for p, sig in zip(fn.params, fn.sig_types):
                    a = self.arg_for(env, sig)
                    if a is None:
                        ok = False
                        break
                    args.append(a)
                if not ok:
                    continue
                # trailing default parameters are sometimes left out
                nd = len(fn.defaults)
                if nd and self.chance(0.5):
                    args = args[:len(args) - nd]
                e = FnCall(fn, args)
                try:
                    vals = e.ev(env)
                except Invalid:
                    continue
                v0 = vals[0]
                if want == 'array' and isinstance(v0, Tup):
                    k = self.rng.randint(0, len(v0.items) - 1)
                    e2 = Index(e, [Lit(k)])
                    try:
                        vals = e2.ev(env)
                    except Invalid:
                        continue
                    e, v0 = e2, vals[0]
                if want == 'array' and not (isinstance(v0, Arr) and v0.shape):
                    continue
                return e
        return None

    def arg_for(self, env, typ):
        """An argument expression of pyscript type typ (('arr', dt, rank) or ('py', kind))."""
        if typ[0] == 'py':
            names = self.vars_where(env, lambda v: v.typ() == typ and v.lo is not None)
            if names and self.chance(0.5):
                return Name(self.pick(names))
            return self.py_float() if typ[1] == 'float' else self.py_int(1, 4)
        names = self.vars_where(env, lambda v: v.typ() == typ)
        if names and self.chance(0.8):
            return Name(self.pick(names))
        return None

    # -- scalar expressions and conditions
    def reduction_scalar(self, env):
        """A numpy scalar from an array variable (reduction without axis, or full index)."""
        names = self.arrays(env)
        if not names:
            return None
        n = Name(self.pick(names))
        vs = env.vars[n.name]
        if self.chance(0.2) and all(v.size > 0 for v in vs):
            rank = min(len(v.shape) for v in vs)
            if all(len(v.shape) == rank for v in vs):
                return Index(n, [Lit(self.rng.randint(0, min(v.shape[d] for v in vs) - 1))
                                 for d in range(rank)])
        f = self.pick(['sum', 'max', 'min', 'mean', 'sum', 'argmax'] + (
            [] if 'npmath' in AVOID else ['prod', 'var', 'std', 'argmin', 'norm', 'det']))
        if f == 'norm':
            return LinalgCall('norm', [n], [('ord', self.pick(['1', 'np.inf']))] if len(vs[0].shape) == 1 and self.chance(0.3) else [])
        if f == 'det':
            return LinalgCall('det', [self.spd_matrix(env, n)])
        e = NpCall(f, [n]) if self.chance(0.2) else Method(n, f)
        if 'scalar-ufunc' not in AVOID and self.chance(0.02):
            # a ufunc of a Python float: a numpy float64 scalar
            u = self.pick(['tanh', 'sin', 'cos', 'abs', 'sqrt', 'exp', 'log'])
            x = Builtin('float', e)
            if u == 'sqrt':
                x = Builtin('abs', x)
            elif u == 'log':
                x = BinOp('+', Builtin('abs', x), Lit(1.0))
            elif u == 'exp':
                x = NpCall('tanh', [x])
            return NpCall(u, [x])
        return e

    def condition(self, env):
        """A scalar condition on data."""
        for _ in range(10):
            r = self.rng.random()
            try:
                if r < 0.5:
                    s = self.reduction_scalar(env)
                    if s is None:
                        continue
                    vals = s.ev(env)
                    thr = self.threshold(vals)
                    if self.chance(0.3):
                        s = Builtin('float', s)
                    e = Compare(self.pick(['>', '<', '>=', '<=']), s, Lit(thr))
                elif r < 0.65:
                    names = self.arrays(env)
                    if not names:
                        continue
                    n = Name(self.pick(names))
                    e = Compare(self.pick(['>', '<', '==', '>=']),
                                Index(Attr(n, 'shape'), [Lit(0)]) if self.chance(0.6)
                                else Attr(n, 'ndim') if self.chance(0.3) else Attr(n, 'size'),
                                Lit(self.rng.randint(1, 5)))
                elif r < 0.7 and 'npmath' not in AVOID and self.chance(0.2):
                    names = self.arrays(env)
                    if not names:
                        continue
                    a = Name(self.pick(names))
                    e = NpCall('allclose', [a, BinOp('*', a, Lit(self.pick([1.0000001, 1.01, 1.0])))])
                elif r < 0.8:
                    names = self.arrays(env)
                    if len(names) < 1:
                        continue
                    a = Name(self.pick(names))
                    cmp = Compare(self.pick(['>', '<']), a, Lit(self.pick(ODD)))
                    e = Compare(self.pick(['>', '<', '>=']),
                                Method(cmp, 'sum'), Lit(self.rng.randint(0, 4)))
                elif r < 0.9:
                    # two reductions, one shifted by an odd constant: without it, sums that are
                    # 0 in exact arithmetic tie, and their rounding (summation order) decides
                    a = self.reduction_scalar(env)
                    b = self.reduction_scalar(env)
                    if a is None or b is None:
                        continue
                    e = Compare(self.pick(['>', '<']), a, BinOp('+', b, Lit(self.pick(ODD))))
                else:
                    c1 = self.condition_simple(env)
                    c2 = self.condition_simple(env)
                    if c1 is None or c2 is None:
                        continue
                    e = BoolOp(self.pick(['and', 'or']), c1, c2) if self.chance(0.8) else Not(c1)
                vals = e.ev(env)
                if all(is_scalar_cond(v) for v in vals):
                    return e
            except Invalid:
                continue
        return None

    def condition_simple(self, env):
        s = self.reduction_scalar(env)
        if s is None:
            return None
        try:
            thr = self.threshold(s.ev(env))
        except Invalid:
            return None
        return Compare(self.pick(['>', '<']), s, Lit(thr))

    def threshold(self, vals):
        """An odd threshold inside the bounds of vals (so that both branches are possible)."""
        v = vals[0]
        if v.lo is None:
            return self.pick(ODD)
        lo, hi = float(v.lo), float(v.hi)
        if hi - lo < 1e-9:
            return round(lo + self.pick([-0.37, 0.41]), 2)
        t = lo + (hi - lo) * self.rng.uniform(0.2, 0.8)
        return round(round(t, 2) + 0.0037, 4) if abs(t) < 100 else round(round(t, 1) + 0.13, 2)

    def py_expr(self, env):
        """A Python scalar expression (int or float)."""
        for _ in range(10):
            r = self.rng.random()
            try:
                if r < 0.3:
                    s = self.reduction_scalar(env)
                    if s is None:
                        continue
                    e = Builtin(self.pick(['float', 'float', 'int']), s)
                elif r < 0.4:
                    names = self.arrays(env)
                    if not names:
                        continue
                    n = Name(self.pick(names))
                    vs = env.vars[n.name]
                    rank = min(len(v.shape) for v in vs)
                    # one element kept as an array: x[1:2, 0:1]
                    items = []
                    for d in range(rank):
                        k = self.rng.randint(0, max(0, min(v.shape[d] for v in vs) - 1))
                        items.append(Slice(k, k + 1, None) if self.chance(0.8) else Lit(k))
                    e = Builtin(self.pick(['float', 'float', 'int']), Index(n, items))
                elif r < 0.5:
                    names = self.arrays(env)
                    if not names:
                        continue
                    n = Name(self.pick(names))
                    e = self.pick([Builtin('len', n), Attr(n, 'size'), Attr(n, 'ndim'),
                                   Index(Attr(n, 'shape'), [Lit(-1)])])
                elif r < 0.8:
                    names = self.vars_where(env, lambda v: isinstance(v, Py)
                                            and v.kind in ('int', 'float') and v.lo is not None)
                    if not names:
                        continue
                    e = BinOp(self.pick(['+', '*', '-']), Name(self.pick(names)),
                              self.py_scalar())
                else:
                    e = self.py_scalar()
                vals = e.ev(env)
                if all(isinstance(v, Py) and v.kind in ('int', 'float') for v in vals):
                    return e
            except Invalid:
                continue
        return None

    # -- statements
    def print_stmt(self, env):
        parts = []
        for _ in range(self.rng.randint(1, 3)):
            r = self.rng.random()
            cand = None
            if r < 0.5:
                names = self.arrays(env, 0)
                if names:
                    cand = Name(self.pick(names))
            elif r < 0.65:
                got = self.array_expr(env, 1)
                if got:
                    cand = got[0]
            elif r < 0.75:
                names = self.arrays(env, 0)
                if names:
                    cand = Attr(Name(self.pick(names)), self.pick(['dtype', 'shape', 'ndim',
                                                                    'size', 'dtype']))
            elif r < 0.85:
                cand = self.reduction_scalar(env)
                if 'join-select' not in self.avoid and self.chance(0.15):
                    cand = gen_tensor_shape.mask_use(self, env, printed=self.chance(0.5))
            else:
                names = self.vars_where(env, lambda v: isinstance(v, Py)
                                        and v.kind in ('int', 'float', 'bool'))
                if names:
                    cand = Name(self.pick(names))
            if cand is not None:
                try:
                    vals = cand.ev(env)
                except Invalid:
                    continue
                if any(isinstance(v, Arr) and v.size == 0 and len(v.shape) >= 2 for v in vals) \
                        and 'empty' in self.avoid:
                    continue
                if 'bool-print' in self.avoid and any(isinstance(v, Arr) and v.dt == 'bool'
                                                      and v.shape for v in vals):
                    continue
                parts.append(cand)
        if not parts:
            return None
        if self.chance(0.15):
            parts.insert(0, Lit(self.pick(['x:', 'res', '->', 'sum', 'loop'])))
        sep = end = None
        if self.chance(0.1):
            sep = self.pick(['", "', '" | "', '""'])
        if self.chance(0.05):
            end = self.pick(['" ;\\n"', '"\\n\\n"'])
        return Print(parts, sep, end)

    def assign_stmt(self, env, ctx, retype=False):
        """name = expr: a new variable, or (sometimes) a new value of the same type and shape
        for an existing one (outer: variables that must keep type and shape)."""
        r = self.rng.random()
        got = None
        if r < 0.75:
            got = self.array_expr(env, self.rng.randint(1, 3))
        elif r < 0.85:
            e = self.reduction_scalar(env)
            if e is not None:
                got = self.try_expr(env, lambda: e)
        else:
            e = self.py_expr(env)
            if e is not None:
                got = self.try_expr(env, lambda: e)
        if not got:
            return None
        e, vals = got
        existing = [n for n, vs in env.vars.items() if not n.startswith('K')
                    and n not in self.protected
                    and all(a.typ() == b.typ() and (not isinstance(a, Arr) or a.shape == b.shape)
                            for a, b in zip(vs, vals))]
        if existing and self.chance(0.5):
            name = self.pick(sorted(existing))
        elif retype and self.chance(0.15):
            # straight-line code may give a variable a value of another type
            names = [n for n in env.vars if not n.startswith('K') and n not in self.protected]
            if not names:
                return None
            name = self.pick(sorted(names))
        else:
            name = self.fresh('v' if isinstance(vals[0], Arr) else 's')
        return Assign([name], e)

    def carried_update(self, env, name):
        """acc = f(acc, ...) keeping acc's type and shape."""
        vs = env.vars[name]
        for _ in range(8):
            r = self.rng.random()
            a = Name(name)
            try:
                if r < 0.3:
                    b = self.partner(env, vs, 1)
                    e = BinOp(self.pick(['+', '-', '*']), BinOp('*', a, Lit(self.pick(
                        [0.5, 1.5, 0.9, 2, 1, -1]))), b) if self.chance(0.6) else \
                        BinOp(self.pick(['+', '-']), a, b)
                elif r < 0.45:
                    # a contraction: iterating an expanding map would amplify rounding noise
                    e = NpCall(self.pick(['tanh', 'sin', 'cos']),
                               [BinOp('+', BinOp('*', a, Lit(self.pick([0.5, 0.25, 0.37, -0.41, 0.19]))),
                                      self.partner(env, vs, 0))])
                elif r < 0.6:
                    e = NpCall(self.pick(['maximum', 'minimum']),
                               [BinOp('*', a, self.py_float()), self.partner(env, vs, 0)])
                elif r < 0.7:
                    e = NpCall('where', [Compare('>', a, Lit(self.pick(ODD))),
                                         BinOp('-', a, Lit(1)), BinOp('+', a, self.partner(env, vs, 0))])
                elif r < 0.8:
                    e = BinOp('//' if self.chance(0.5) else '%',
                              BinOp('+', BinOp('*', a, Lit(3)), self.partner(env, vs, 0)), Lit(self.pick([2, 3, 5, 7])))
                else:
                    got = self.array_expr(env, 2)
                    if not got:
                        continue
                    e = got[0]
                vals = e.ev(env)
                if all(x.typ() == y.typ() and x.shape == y.shape for x, y in zip(vals, vs)):
                    return Assign([name], e)
            except Invalid:
                continue
        return None

    def loop_stmt(self, env, ctx, in_function, carry=None, depth=0):
        """A loop that carries an array (and maybe a Python counter); carry: an existing variable
        to carry (for an inner loop), else a new one starting as an existing array, a view of one,
        or a constructor of its shape."""
        arrs = self.arrays(env)
        if not arrs:
            return None
        rng = self.rng
        pre = []
        if carry is None:
            src = Name(self.pick(arrs))
            acc = self.fresh('acc')
            c = rng.random()
            if c < 0.5:   # a bug of exactly this shape (acc = x; loop reads x) crashed the compiler
                init = src
            elif c < 0.7:
                init = self.view_of(env, src)
            else:
                init = NpCall(self.pick(['zeros', 'ones']), [Attr(src, 'shape')],
                              self.dtype_kw(self.pick(['float64', 'float32'])))
            pre.append(Assign([acc], init))
        else:
            acc = carry
        count = None
        if self.chance(0.4) and carry is None:
            count = self.fresh('n')
            pre.append(Assign([count], Lit(0) if self.chance(0.6) else Lit(0.0)))
        kind = self.pick(['range', 'range', 'array', 'while'])
        e2 = env.copy()
        try:
            for st in pre:
                st.run(e2, ctx)
        except Invalid:
            return None
        limit = 0
        if kind == 'range':
            n = rng.randint(0, 5 if depth == 0 else 3)
            c = rng.random()
            if c < 0.5:
                it = [Lit(n)]
            elif c < 0.75:
                it = [Lit(rng.randint(-1, 2)), Lit(n)]
            elif c < 0.85:
                it = [Lit(rng.randint(0, 1)), Lit(n + 3), Lit(2)]
            else:
                it = [Lit(n), Lit(rng.randint(-2, 1)), Lit(-1)]
            var = self.fresh('i')
        elif kind == 'array':
            cands = [a for a in arrs if all(0 < v.shape[0] <= (MAX_LOOP_ITERS if depth == 0
                                                                else 4)
                                            for v in env.vars[a])]
            if not cands:
                return None
            it = Name(self.pick(cands))
            if self.chance(0.2):
                it = self.view_of(env, it)
                try:
                    vs = it.ev(e2)
                except Invalid:
                    return None
                if any(not v.shape or v.shape[0] == 0 or v.shape[0] > MAX_LOOP_ITERS
                       for v in vs):
                    return None
            var = self.fresh('row')
        else:
            k = self.fresh('k')
            pre.append(Assign([k], Lit(0)))
            e2.vars[k] = [Py('int', 0, 0)] * env.nv
            limit = rng.randint(1, 5)
            cond = Compare('<', Name(k), Lit(limit))
            if self.chance(0.5):
                c2 = self.condition(e2)
                if c2 is not None:
                    cond = BoolOp('and', cond, c2)
            it = cond
            var = None
        # body
        body_env = e2.copy()
        try:
            if kind == 'range':
                lv = Loop('range', var, it, [], 0).loop_var_values(e2)
                body_env.vars[var] = [v for v, _ in lv]
            elif kind == 'array':
                body_env.vars[var] = [Arr(v.dt, v.shape[1:], v.lo, v.hi) for v in it.ev(e2)]
        except Invalid:
            return None
        protected = {k} if kind == 'while' else set()
        self.protected |= protected
        body = []
        try:
            for _ in range(rng.randint(1, 3)):
                r = rng.random()
                st = None
                if r < 0.45:
                    st = self.carried_update(body_env, acc)
                elif r < 0.58 and count:
                    cv = body_env.vars[count][0]
                    if cv.kind == 'int':
                        st = Assign([count], BinOp('+', Name(count), self.pick(
                            [Lit(1), Builtin('int', Method(Name(acc), 'argmax'))])))
                    else:
                        st = Assign([count], BinOp('+', Name(count), Builtin('float', Method(
                            Name(acc), self.pick(['sum', 'max', 'mean'])))))
                elif r < 0.7:
                    c = self.condition(body_env)
                    if c is not None:
                        inner = self.carried_update(body_env, acc)
                        word = self.pick(['break', 'continue', None, None])
                        if kind == 'while' and word == 'continue':
                            word = None   # the counter update would be skipped
                        ib = [inner] if inner else []
                        if word:
                            ib.append(Simple(word))
                        if not ib:
                            ib = [Simple('pass')]
                        ob = []
                        if word is None and self.chance(0.5):
                            u = self.carried_update(body_env, acc)
                            if u:
                                ob = [u]
                        st = If(c, ib, ob)
                elif r < 0.78 and depth == 0:
                    st = self.loop_stmt(body_env, ctx, in_function, carry=acc, depth=1)
                elif r < 0.86:
                    st = self.print_stmt(body_env)
                elif r < 0.9:
                    got = self.call_expr(body_env, want='array')
                    if got is not None:
                        st = Assign([self.fresh('c')], got)
                else:
                    st = self.assign_stmt(body_env, ctx)
                if st is None:
                    continue
                sts = st if isinstance(st, list) else [st]
                trial = body_env.copy()
                try:
                    for x in sts:
                        x.run(trial, Ctx())
                except (Invalid, ReturnSignal, LoopExit):
                    continue
                body += sts
                body_env = trial
        finally:
            self.protected -= protected
        if kind == 'while':
            body.append(Assign([k], BinOp('+', Name(k), Lit(1))))
        if not any(isinstance(st, (Assign, If, Loop)) for st in body):
            u = self.carried_update(body_env, acc)
            if u:
                body.insert(0, u)
        loop = Loop(kind, var, it, body, limit)
        stmts = pre + [loop]
        if carry is None and self.chance(0.8):
            stmts.append(Print([Name(acc)] + ([Name(count)] if count else [])))
        return stmts

    def view_of(self, env, a):
        """A view of array expression a: transposed, reversed, strided or sliced."""
        try:
            vs = a.ev(env)
        except Invalid:
            return a
        rank = min(len(v.shape) for v in vs)
        c = self.rng.random()
        if c < 0.3 and rank >= 2:
            return Attr(a, 'T')
        if c < 0.55:
            return Index(a, [Slice(None, None, -1)])
        if c < 0.75 and rank >= 2:
            return Index(a, [Slice(None, None, None), Slice(None, None, self.pick([-1, 2]))])
        if c < 0.9:
            return Index(a, [Slice(self.pick([0, 1]), None, self.pick([None, 2]))])
        return a

    def if_stmt(self, env, ctx):
        c = self.condition(env)
        if c is None:
            return None
        # both branches give a value to the same variable (same type/shape), or print
        got = self.array_expr(env, 2)
        if not got:
            return None
        e1, v1 = got
        name = self.fresh('y')
        alt = None
        for _ in range(10):
            g2 = self.array_expr(env, 2)
            if g2 and all(a.typ() == b.typ() and a.shape == b.shape for a, b in zip(v1, g2[1])):
                alt = g2[0]
                break
        if alt is None:
            # a variant of e1 that keeps type and shape
            cands = [BinOp('*', e1, Lit(2)), NpCall('abs', [e1]), BinOp('+', e1, Lit(1))]
            for cnd in cands:
                try:
                    vals = cnd.ev(env)
                except Invalid:
                    continue
                if all(a.typ() == b.typ() and a.shape == b.shape for a, b in zip(v1, vals)):
                    alt = cnd
                    break
        if alt is None:
            return None
        body = [Assign([name], e1)]
        orelse = [Assign([name], alt)]
        elifs = []
        if self.chance(0.25):
            c2 = self.condition(env)
            g3 = self.array_expr(env, 1)
            if c2 is not None and g3 and all(a.typ() == b.typ() and a.shape == b.shape
                                             for a, b in zip(v1, g3[1])):
                elifs.append((c2, [Assign([name], g3[0])]))
        if self.chance(0.3):
            p = self.print_stmt(env)
            if p:
                body.insert(0, p)
        stmt = If(c, body, orelse, elifs)
        if self.chance(0.15):
            # the conditional expression instead of the statement
            try:
                t = Ternary(c, e1, alt)
                t.ev(env)
                return [Assign([name], t)]
            except Invalid:
                pass
        return [stmt]

    def assert_stmt(self, env):
        """An assert on data that holds (its bound comes from the abstract value)."""
        s = self.reduction_scalar(env)
        if s is None:
            return None
        try:
            v = s.ev(env)
        except Invalid:
            return None
        if any(x.lo is None for x in v):
            return None
        lo = min(float(x.lo) for x in v)
        hi = max(float(x.hi) for x in v)
        if self.chance(0.5):
            return Assert(Compare('<=', s, Lit(round(hi + 1.0, 1))))
        return Assert(Compare('>=', s, Lit(round(lo - 1.0, 1))))

    def statements(self, env, ctx, n, in_function):
        out = []
        for _ in range(n):
            r = self.rng.random()
            if r < 0.4:
                st = self.assign_stmt(env, ctx, retype=True)
                st = [st] if st else None
            elif r < 0.55:
                st = self.loop_stmt(env, ctx, in_function)
            elif r < 0.68:
                st = self.if_stmt(env, ctx)
            elif r < 0.73:
                st = self.assert_stmt(env)
                st = [st] if st else None
            elif r < 0.78:
                st = self.unpack_stmt(env)
            elif r < 0.84:
                st = self.alias_stmt(env)
            else:
                st = self.print_stmt(env)
                st = [st] if st else None
            if not st:
                continue
            trial = env.copy()
            try:
                for s in st:
                    s.run(trial, ctx)
            except (Invalid, ReturnSignal, LoopExit):
                continue
            out += st
            env.vars = trial.vars
        return out

    def alias_stmt(self, env):
        """al = x (or a view of x); x = f(x); print(al): buffers shared by values must not be
        written through (arrays are values; the compiler may reuse dead buffers only)."""
        names = [n for n in self.arrays(env) if not n.startswith('K') and n not in self.protected]
        if not names:
            return None
        x = self.pick(names)
        al = self.fresh('al')
        init = Name(x) if self.chance(0.5) else self.view_of(env, Name(x))
        out = [Assign([al], init)]
        trial = env.copy()
        try:
            out[0].run(trial, Ctx())
        except Invalid:
            return None
        upd = self.carried_update(trial, x) if self.chance(0.7) else None
        if upd is None:
            got = self.array_expr(trial, 2)
            if not got:
                return None
            upd = Assign([x], got[0])
        out.append(upd)
        out.append(Print([Name(al)] + ([Name(x)] if self.chance(0.5) else [])))
        return out

    def unpack_stmt(self, env):
        fns = [f for f in self.functions if f.returns_tuple]
        if not fns:
            return None
        for _ in range(4):
            e = self.call_expr(env, want='any')
            if e is None:
                return None
            try:
                vals = e.ev(env)
            except Invalid:
                continue
            if isinstance(vals[0], Tup):
                names = [self.fresh('t') for _ in vals[0].items]
                return [Assign(names, e)]
        return None

    # -- functions
    def function(self, idx):
        rng = self.rng
        fn = Function('f%d_%s' % (idx, self.pick(['layer', 'step', 'norm', 'mix', 'scale', 'blend',
                                                   'update', 'score', 'act', 'walk'])), [], {})
        nparams = rng.randint(1, 3)
        # signatures: the first from random types, the second (if any) another shape and/or dtype
        sig = []
        for i in range(nparams):
            if i == 0 or rng.random() < 0.7:
                dt = self.dtype_choice() if rng.random() < 0.6 else self.pick(['float64',
                                                                               'float32'])
                sig.append(('arr', dt, self.random_shape()))
            else:
                sig.append(('py', self.pick(['int', 'float'])))
        # array params of one function often share trailing dims so that they broadcast
        base = sig[0][2]
        for i in range(1, nparams):
            if sig[i][0] == 'arr' and rng.random() < 0.6:
                k = rng.randint(1, len(base))
                sig[i] = ('arr', sig[i][1], base[-k:])
        sigs = [sig]
        if rng.random() < 0.5:
            sig2 = []
            newdims = {}
            for s in sig:
                if s[0] == 'arr':
                    shape = tuple(newdims.setdefault(d, d if rng.random() < 0.5
                                                     else rng.randint(1, 5)) for d in s[2])
                    dt = s[1] if rng.random() < 0.7 else self.pick(
                        ['float32', 'float64'] if s[1] in ('float32', 'float64') else [s[1]])
                    if rng.random() < 0.15:   # another rank: another specialization
                        shape = (rng.randint(1, 3),) + shape if len(shape) < 3 or \
                            rng.random() < 0.5 else shape[1:]
                        if not shape:
                            shape = (2,)
                    sig2.append(('arr', dt, shape))
                else:
                    sig2.append(s)
            if prod(sig2[0][2]) <= 80:
                sigs.append(sig2)
        fn.params = ['x', 'y', 'z'][:nparams] if rng.random() < 0.5 else \
            [self.pick(['a', 'w', 'h', 'u'])] + ['b', 'c'][:nparams - 1]
        fn.params = list(dict.fromkeys(fn.params))
        while len(fn.params) < nparams:
            fn.params.append(self.fresh('p'))
        # Python-scalar params: bounds for the arguments the top level passes (small ints /
        # floats from a fixed list)
        param_vals = []
        for j, s in enumerate(sig):
            col = []
            for sg in sigs:
                t = sg[j]
                if t[0] == 'arr':
                    dt, shape = t[1], t[2]
                    lo, hi = {'bool': (0, 1), 'int64': (-9, 9)}.get(dt, (-4.0, 4.0))
                    col.append(Arr(dt, shape, lo, hi))
                elif t[1] == 'int':
                    col.append(Py('int', 1, 4))
                else:
                    col.append(Py('float', -3.0, 3.0))
            param_vals.append(col)
        fn.sig_types = [param_vals[j][0].typ() for j in range(nparams)]
        fn.param_vals = param_vals
        fn.sigs = sigs
        # a default value for the last Python-scalar parameter
        if sig[-1][0] == 'py' and rng.random() < 0.5:
            fn.defaults[fn.params[-1]] = Lit(2) if sig[-1][1] == 'int' else Lit(0.5)
        env = globals_env(len(sigs))
        for p, col in zip(fn.params, param_vals):
            env.vars[p] = col
        ctx = Ctx()
        body = self.statements(env, ctx, rng.randint(1, 4), True)
        # the return value: an array expression, a numpy scalar, or a tuple
        r = rng.random()
        ret = None
        if r < 0.6:
            got = self.array_expr(env, 2)
            if got:
                ret = got[0]
        elif r < 0.75:
            s = self.reduction_scalar(env)
            if s is not None:
                ret = s
        if ret is None or r >= 0.75:
            a = self.array_expr(env, 1)
            b = self.array_expr(env, 1) if rng.random() < 0.7 else None
            items = [x[0] for x in (a, b) if x]
            if rng.random() < 0.3:
                s = self.reduction_scalar(env)
                if s is not None:
                    items.append(s)
            if not items:
                return None
            ret = TupleLit(items) if len(items) > 1 else items[0]
        body.append(Return(ret))
        fn.body = body
        try:
            rv = fn.eval_body(param_vals, len(sigs))
        except Invalid:
            return None
        # an early return from a loop or branch, of the same type
        if rng.random() < 0.25:
            self.add_early_return(fn, rv)
        fn.returns_tuple = isinstance(rv[0], Tup)
        fn.cache = {}
        return fn

    def rec_function(self, idx):
        """A recursive function that applies an update to an array n times."""
        sigs = [[('arr', self.pick(['float64', 'float32', 'int64']), self.random_shape()),
                 ('py', 'int')]]
        col = [Arr(sigs[0][0][1], sigs[0][0][2], *({'int64': (-9, 9)}.get(sigs[0][0][1],
                                                                     (-4.0, 4.0))))]
        env = globals_env(1)
        env.vars['x'] = col
        upd = self.carried_update(env, 'x')
        if upd is None:
            return None
        fn = RecFunction('rec%d_%s' % (idx, self.pick(['decay', 'smooth', 'iterate'])), upd.expr)
        fn.sigs = sigs
        fn.sig_types = [col[0].typ(), ('py', 'int')]
        fn.param_vals = [col, [Py('int', 1, 4)]]
        fn.returns_tuple = False
        try:
            for k in range(0, 5):
                fn.eval_body([col, [Py('int', k, k)]], 1)
        except Invalid:
            return None
        return fn

    def add_early_return(self, fn, rv):
        for k, st in enumerate(fn.body[:-1]):
            if isinstance(st, Loop):
                # `if COND: return EXPR` at the start of the loop body, EXPR of the return type
                env = globals_env(len(fn.sigs))
                for p, col in zip(fn.params, fn.param_vals):
                    env.vars[p] = col
                try:
                    run_block(fn.body[:k], env, Ctx())
                except Invalid:
                    return
                ret = fn.body[-1].expr
                try:
                    if st.var:
                        env.vars[st.var] = [v for v, _ in st.loop_var_values(env)]
                    for x, y in zip(ret.ev(env), rv):
                        join_val(x, y)   # the same type (and shape) as the final return
                except Invalid:
                    return
                cond = self.condition(env)
                if cond is None:
                    return
                st.body.insert(0, If(cond, [Return(ret)], []))
                try:
                    fn.eval_body(fn.param_vals, len(fn.sigs))
                except (Invalid, Exception):
                    st.body.pop(0)
                return

    # -- the program
    def program(self):
        global GLOBALS
        rng = self.rng
        GLOBALS = Env(1)
        consts = []
        for i in range(rng.randint(0, 2)):
            dt = self.pick(['float64', 'float32', 'int64'])
            shape = self.random_shape(rng.randint(1, 2), small=True)
            e = self.make_array(dt, shape)
            name = 'K%d' % i
            try:
                GLOBALS.vars[name] = e.ev(GLOBALS)
            except Invalid:
                continue
            consts.append(Assign([name], e))
        nfn = rng.randint(3, 7)
        for i in range(nfn):
            for _ in range(5):
                fn = self.function(i)
                if fn is not None:
                    self.functions.append(fn)
                    break
        if rng.random() < 0.3:
            fn = self.rec_function(len(self.functions))
            if fn is not None:
                self.functions.append(fn)
        # the top level: arguments for every signature, calls, prints
        main = []
        env = Env(1, GLOBALS.vars)
        ctx = Ctx()
        for fn in self.functions:
            for sg, idx in zip(fn.sigs, range(len(fn.sigs))):
                args = []
                for j, t in enumerate(sg):
                    if t[0] == 'arr':
                        # reuse a top-level array of that type and shape, or make one
                        same = [n for n, vs in env.vars.items() if isinstance(vs[0], Arr)
                                and vs[0].dt == t[1] and vs[0].shape == t[2]
                                and not n.startswith('K')]
                        if same and rng.random() < 0.4:
                            args.append(Name(self.pick(sorted(same))))
                            continue
                        name = self.fresh('a')
                        e = None
                        if rng.random() < 0.25:
                            e = self.view_arg(t[1], t[2])
                            try:
                                if e.ev(env)[0].shape != t[2]:
                                    e = None
                            except Invalid:
                                e = None
                        if e is None:
                            e = self.make_array(t[1], t[2])
                        try:
                            vals = e.ev(env)
                        except Invalid:
                            e = NpCall('ones', [self.shape_expr(t[2])], [('dtype', NPDT[t[1]])])
                            vals = e.ev(env)
                        st = Assign([name], e)
                        st.run(env, ctx)
                        main.append(st)
                        args.append(Name(name))
                    else:
                        args.append(Lit(rng.randint(1, 4)) if t[1] == 'int'
                                    else Lit(self.pick([0.5, 1.5, -1.0, 2.0, 0.25])))
                if fn.defaults and rng.random() < 0.5:
                    args = args[:len(args) - len(fn.defaults)]
                call = FnCall(fn, args)
                try:
                    vals = call.ev(env)
                except Invalid:
                    continue
                if isinstance(vals[0], Tup) and rng.random() < 0.8:
                    names = [self.fresh('r') for _ in vals[0].items]
                else:
                    names = [self.fresh('r')]
                st = Assign(names, call)
                st.run(env, ctx)
                main.append(st)
                if rng.random() < 0.2:
                    arr_args = [a for a in args if isinstance(a, Name)]
                    if arr_args:
                        p = Print([self.pick(arr_args)])
                        try:
                            p.run(env, ctx)
                            main.append(p)
                        except Invalid:
                            pass
                if rng.random() < 0.8 and not isinstance(env.vars[names[0]][0], Tup):
                    p = Print([Name(n) for n in names])
                    try:
                        p.run(env, ctx)
                        main.append(p)
                    except Invalid:
                        pass
            # a few more statements between the calls
            if rng.random() < 0.4:
                main += self.statements(env, ctx, rng.randint(1, 2), False)
        main += self.statements(env, ctx, rng.randint(1, 3), False)
        if rng.random() < 0.3:
            main += self.edge_probes()
        if 'errors' not in self.avoid and rng.random() < 0.2:
            tail = self.error_tail(env)
            if tail:
                main += tail
        lines = ['import numpy as np', '']
        if 'random' not in self.avoid:   # numpy's legacy state seeded, and the functions' Generator
            lines += ['np.random.seed(%d)' % rng.randrange(2**32),
                      'rng = np.random.default_rng(%d)' % rng.randrange(2**63), '']
        if getattr(self, 'compile_reject_ok', False):
            lines.insert(0, '# ' + COMPILE_REJECT_OK)
        for c in consts:
            lines += c.lines('')
        if consts:
            lines.append('')
        for fn in self.functions:
            lines += ['', ''] + fn.lines()
        lines += ['', '']
        for st in main:
            lines += st.lines('')
        return '\n'.join(lines) + '\n'

    def edge_probes(self):
        """Prints of values at the edges of numpy's printing and of int64 (top level)."""
        rng = self.rng
        out = []
        kinds = ['summarize', 'big-int', 'nan', 'f32-sci', 'empty', 'bool-print']
        kinds = [k for k in kinds if k not in self.avoid]
        for kind in rng.sample(kinds, min(len(kinds), rng.randint(1, 2))):
            if kind == 'summarize':   # more than 1000 elements: numpy prints 3 at each edge
                n = rng.randint(1001, 2500)
                k = rng.randint(3, n - 4)
                c = rng.random()
                if c < 0.4:   # the format depends on the printed elements only
                    inner, outer = self.pick([(0.5, 0.123456789), (0.5, 1e-9), (5, -5),
                                              (2.0, 12345.678), (1.5, -0.0)])
                    e = NpCall('where', [Compare('==', NpCall('arange', [Lit(n)]), Lit(k)),
                                         Lit(outer), Lit(inner)])
                elif c < 0.7:
                    r = self.pick([20, 40, 50, 100])
                    e = Method(BinOp('*', NpCall('arange', [Lit(r * rng.randint(11, 30))],
                                                 self.dtype_kw(self.pick(['float64', 'int64',
                                                                          'float32']))),
                                     Lit(self.pick([0.5, 3, 0.001]))),
                               'reshape', [Lit(-1), Lit(r)])
                else:
                    e = NpCall('linspace', [Lit(self.pick([0.0, -1.0])), Lit(self.pick([1.0, 7.5])),
                                            Lit(n)], self.dtype_kw(self.pick(['float32',
                                                                              'float64'])))
                out.append(Print([e]))
            elif kind == 'big-int':   # beyond 2**53: exact in int64, not in a double
                big = 2 ** 53 + rng.randint(1, 999)
                c = rng.random()
                if c < 0.3:
                    e = ArrayLit([big, -big + 2, rng.randint(-9, 9)], (3,))
                elif c < 0.5:
                    e = NpCall('full', [Lit(2), Lit(big)])
                elif c < 0.7:
                    e = NpCall('arange', [Lit(big), Lit(big + rng.randint(1, 4))])
                elif c < 0.85:
                    e = BinOp('+', NpCall('arange', [Lit(3)]), Lit(big))
                else:
                    e = BinOp('*', ArrayLit([2 ** 62 + 1, -3, 2 ** 40], (3,)), Lit(4))  # wraps
                out.append(Print([e]))
            elif kind == 'nan':   # inf and nan among finite numbers: numpy pads the columns
                x = ArrayLit([0.0, 1.0, float(rng.randint(2, 9))], (3,))
                c = rng.random()
                if c < 0.4:
                    e = BinOp('+', BinOp('/', Lit(self.pick([-1.0, 1.0])), x),
                              ArrayLit([0.0, float(rng.randint(1, 99)), 0.5], (3,)))
                elif c < 0.7:
                    e = NpCall('log', [BinOp('-', x, Lit(1.0))])
                else:
                    e = BinOp('/', BinOp('-', x, Lit(self.pick([0.0, 1.0]))), Lit(0.0))
                out.append(Print([e]))
            elif kind == 'f32-sci':   # float32 in scientific notation: exact float32 digits
                vals = [self.pick([1.2345678e-4, 3.3e-5, 1e-6, 2.5e9]),
                        self.pick([0.3, 0.1, 0.7, 1.1]), float(rng.randint(1, 9))]
                out.append(Print([ArrayLit(vals, (3,), 'float32')]))
            elif kind == 'empty':
                r = rng.random()
                if r < 0.4:
                    e = NpCall('zeros', [TupleLit([Lit(0), Lit(rng.randint(1, 3))])])
                elif r < 0.7:
                    e = NpCall('ones', [TupleLit([Lit(rng.randint(1, 3)), Lit(0)])])
                else:
                    e = Index(Method(NpCall('arange', [Lit(6)]), 'reshape', [Lit(2), Lit(3)]),
                              [Slice(2, None, None)])
                out.append(Print([e, Attr(e, 'shape')]))
            elif kind == 'bool-print':
                n = rng.randint(1, 6)
                out.append(Print([Compare('>=', NpCall('arange', [Lit(n)]), Lit(0))]))
        return out

    def view_arg(self, dt, shape):
        """A non-contiguous view of a fresh array, of exactly dt and shape."""
        c = self.rng.random()
        rank = len(shape)
        if c < 0.3 and rank >= 2:
            return Attr(self.make_array(dt, tuple(reversed(shape))), 'T')
        if c < 0.5:
            return Index(self.make_array(dt, shape), [Slice(None, None, -1)])
        if c < 0.75:
            return Index(self.make_array(dt, (2 * shape[0] - 1,) + shape[1:]),
                         [Slice(None, None, 2)])
        return Index(self.make_array(dt, shape[:-1] + (shape[-1] + 1,)),
                     [Slice(None, None, None)] * (rank - 1) + [Slice(1, None, None)])

    def error_tail(self, env):
        """Statements that end the program with a runtime error in CPython."""
        rng = self.rng
        arrs = [n for n in self.arrays(env) if env.vars[n][0].size > 0]
        if not arrs:
            return None
        n = self.pick(arrs)
        v = env.vars[n][0]
        a = Name(n)
        r = rng.random()
        out = []
        if rng.random() < 0.5:
            p = self.print_stmt(env)
            if p:
                out.append(p)
        if 'join-select' not in AVOID and rng.random() < 0.2:
            tail = gen_tensor_shape.error_tail(self, env)
            return out + tail if tail else None
        if 'type-errors' not in AVOID and rng.random() < 0.12:
            # numpy rejects these by dtype when they run; pyscript may reject them when compiling
            ints = [x for x in self.arrays(env, 0) if env.vars[x][0].dt == 'int64']
            bools = [x for x in self.arrays(env, 0) if env.vars[x][0].dt == 'bool']
            if bools and (not ints or self.chance(0.5)):
                b = Name(self.pick(bools))
                bad = BinOp('-', b, b if self.chance(0.5) else Compare('>', b, Lit(0)))
            elif ints:
                bad = BinOp('**', Name(self.pick(ints)), Lit(self.pick([-1, -2])))
            else:
                return None
            self.compile_reject_ok = True
            out.append(Print([bad]))
            return out
        if r < 0.18:   # matmul mismatch
            k = v.shape[-1] + rng.randint(1, 2)
            b = self.make_array(self.pick(['float64', 'float32']), (k, 2) if self.chance(0.7)
                                else (k,))
            out.append(Print([BinOp('@', a, b) if self.chance(0.7) or len(v.shape) > 2
                              else NpCall('dot', [a, b])]))
        elif r < 0.33:   # broadcasting mismatch
            k = v.shape[-1] + rng.randint(1, 3)
            b = self.make_array(self.pick(['float64', 'int64']), (k,))
            out.append(Assign([self.fresh('bad')], BinOp(self.pick(['+', '*', '-']), a, b)))
        elif r < 0.45:   # bad reshape
            out.append(Print([Method(a, 'reshape', [Lit(v.size + rng.randint(1, 3))])]))
        elif r < 0.6:    # index out of range, also reached by a loop
            if self.chance(0.5):
                i = self.fresh('i')
                out.append(Loop('range', i, [Lit(v.shape[0] + 1)],
                                [Print([Index(a, [Name(i)])])], 0))
            else:
                out.append(Print([Index(a, [Lit(self.pick([v.shape[0], -v.shape[0] - 1]))])]))
        elif r < 0.72:   # failing assert on data
            if v.lo is None:
                return None
            out.append(Assert(Compare('<', Method(a, 'max'), Lit(round(float(v.lo) - 1.0, 1)))))
        elif r < 0.8:    # int/float of an array with several elements
            if v.size < 2:
                return None
            out.append(Print([Builtin(self.pick(['int', 'float']), a)]))
        elif r < 0.88:   # reduction of an empty slice
            if 'empty' in self.avoid:
                return None
            out.append(Print([Method(Index(a, [Slice(v.shape[0], None, None)]),
                                     self.pick(['max', 'min', 'argmax']))]))
        else:            # the error inside a function called in a loop (data decides when)
            if v.hi is None or v.dt == 'bool':
                return None
            k = self.fresh('i')
            fname = 'check_%d' % self.counter
            m = max(abs(float(v.lo)), abs(float(v.hi)), 0.5)
            fn = Function(fname, ['t', 'j'], {})
            fn.body = [Assert(Compare('<', BinOp('*', Builtin('float', Method(NpCall('abs', [Name('t')]), 'max')),
                                                 Name('j')),
                                      Lit(round(m * rng.uniform(0.5, 3.0), 2)))),
                       Return(BinOp('*', Name('t'), Name('j')))]
            self.functions.append(fn)
            out.append(Loop('range', k, [Lit(1), Lit(6)],
                            [Print([Method(FnCall(fn, [a, Name(k)]), 'max')])], 0))
        return out


def generate(rng, avoid=()):
    """The source of one random program."""
    AVOID.clear()
    AVOID.update(avoid)
    for _ in range(20):
        g = Gen(rng, avoid)
        try:
            src = g.program()
        except Invalid:
            continue
        if src.count('\n') > 15:
            return src
    return src


# The functions that make, join and select arrays (they use the classes above).
sys.modules.setdefault('gen_tensor', sys.modules[__name__])
import gen_tensor_shape  # noqa: E402


if __name__ == '__main__':
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    sys.stdout.write(generate(random.Random(seed), sys.argv[2:]))
