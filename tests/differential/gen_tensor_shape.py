"""gen_tensor.py's expressions for numpy's functions that make, join and select arrays.

np.concatenate / stack / hstack / vstack of list and tuple displays (axis=, negative axes,
axis=None, mixed dtypes), np.zeros_like / ones_like / full_like (dtype=), copy / flatten / ravel
(methods and functions), np.triu / tril (k), np.meshgrid(...)[k] ('xy' and 'ij'), np.pad (an int,
(before, after), per-axis pairs, constant_values=), None / np.newaxis in indices, int64 index
arrays (literal, within bounds, beside ints, slices and None: numpy's placement rule), boolean masks
(x[x > t], x[x[:, 0] > t]: printed, summed or counted, since their length depends on the data),
and programs ending in the errors numpy raises for them (sizes that differ, an index or a mask out
of bounds, a negative pad width).

gen_tensor.py imports this module at its end; everything it needs from gen_tensor is defined by
then.  `--avoid join-select` leaves all of it out.
"""

import gen_tensor as g
from gen_tensor import (Arr, Expr, Invalid, Lit, Name, Py, Slice, TupleLit, PREC_ATOM, NPDT,
                        paren, prod, promote, new_arr)


def _bounds(vals):
    if any(v.lo is None for v in vals):
        return None, None
    return min(v.lo for v in vals), max(v.hi for v in vals)


def _convert(dt, x):
    """A Python number stored into an array of dtype dt, as numpy casts it."""
    if dt == 'bool':
        return int(bool(x))
    if dt == 'int64':
        return int(x)
    return float(x)


class Join(Expr):
    """np.concatenate/stack/hstack/vstack(display of items[, axis])."""

    def __init__(self, fn, items, axis=None, tuple_display=False, axis_kw=True):
        self.fn, self.items, self.axis = fn, items, axis
        self.tuple_display, self.axis_kw = tuple_display, axis_kw

    def src(self):
        inner = ', '.join(i.src() for i in self.items)
        seq = '(%s%s)' % (inner, ',' if len(self.items) == 1 else '') if self.tuple_display \
            else '[%s]' % inner
        args = [seq]
        if self.axis != 'default':
            a = 'None' if self.axis is None else str(self.axis)
            args.append(('axis=' + a) if self.axis_kw else a)
        return 'np.%s(%s)' % (self.fn, ', '.join(args))

    def ev(self, env):
        cols = [i.ev(env) for i in self.items]
        return [self.ev1([c[j] for c in cols]) for j in range(env.nv)]

    def ev1(self, vals):
        if not vals or any(not isinstance(v, Arr) or not v.shape for v in vals):
            raise Invalid('join of a non-array')
        dt = vals[0].dt
        for v in vals[1:]:
            dt = promote(dt, v.dt)
        lo, hi = _bounds(vals)
        shapes = [v.shape for v in vals]
        axis = 0 if self.axis == 'default' else self.axis
        if self.fn == 'concatenate' and axis is None:
            return new_arr(dt, (sum(prod(s) for s in shapes),), lo, hi)
        if self.fn == 'vstack':
            shapes = [s if len(s) >= 2 else (1,) + s for s in shapes]
        rank = len(shapes[0])
        if any(len(s) != rank for s in shapes):
            raise Invalid('ranks differ')
        if self.fn == 'stack':
            if any(s != shapes[0] for s in shapes):
                raise Invalid('shapes differ')
            if not -(rank + 1) <= axis <= rank:
                raise Invalid('axis')
            axis %= rank + 1
            out = shapes[0][:axis] + (len(shapes),) + shapes[0][axis:]
            return new_arr(dt, out, lo, hi)
        if self.fn == 'hstack':
            axis = 0 if rank == 1 else 1
        if not -rank <= axis < rank:
            raise Invalid('axis')
        axis %= rank
        for s in shapes:
            if s[:axis] + s[axis + 1:] != shapes[0][:axis] + shapes[0][axis + 1:]:
                raise Invalid('sizes differ')
        out = shapes[0][:axis] + (sum(s[axis] for s in shapes),) + shapes[0][axis + 1:]
        return new_arr(dt, out, lo, hi)


class Like(Expr):
    """np.zeros_like / ones_like / full_like(a[, fill][, dtype=])."""

    def __init__(self, fn, a, fill=None, dt=None):
        self.fn, self.a, self.fill, self.dt = fn, a, fill, dt

    def src(self):
        args = [self.a.src()] + ([self.fill.src()] if self.fill is not None else [])
        if self.dt:
            args.append('dtype=' + NPDT[self.dt])
        return 'np.%s(%s)' % (self.fn, ', '.join(args))

    def ev(self, env):
        out = []
        for v in self.a.ev(env):
            if not isinstance(v, Arr) or not v.shape:
                raise Invalid('like of a non-array')
            dt = self.dt or v.dt
            c = {'zeros_like': 0, 'ones_like': 1}.get(self.fn)
            if c is None:
                c = self.fill.value
            c = _convert(dt, c)
            out.append(new_arr(dt, v.shape, c, c))
        return out


class CopyOf(Expr):
    """a.copy(), np.copy(a), a.flatten(), a.ravel(), np.ravel(a)."""

    def __init__(self, form, a):
        self.form, self.a = form, a

    def src(self):
        if self.form.startswith('np.'):
            return '%s(%s)' % (self.form, self.a.src())
        return '%s.%s()' % (paren(self.a, PREC_ATOM), self.form)

    def ev(self, env):
        out = []
        for v in self.a.ev(env):
            if not isinstance(v, Arr) or not v.shape:
                raise Invalid('copy of a non-array')
            shape = v.shape if self.form.endswith('copy') else (v.size,)
            out.append(Arr(v.dt, shape, v.lo, v.hi))
        return out


class Tri(Expr):
    """np.triu / np.tril(a[, k])."""

    def __init__(self, fn, a, k=None, k_kw=False):
        self.fn, self.a, self.k, self.k_kw = fn, a, k, k_kw

    def src(self):
        args = [self.a.src()]
        if self.k is not None:
            args.append(('k=%d' if self.k_kw else '%d') % self.k)
        return 'np.%s(%s)' % (self.fn, ', '.join(args))

    def ev(self, env):
        out = []
        for v in self.a.ev(env):
            if not isinstance(v, Arr) or not v.shape:
                raise Invalid('tri of a non-array')
            shape = (v.shape[0], v.shape[0]) if len(v.shape) == 1 else v.shape
            lo, hi = (None, None) if v.lo is None else (min(v.lo, 0), max(v.hi, 0))
            out.append(new_arr(v.dt, shape, lo, hi))
        return out


class Pad(Expr):
    """np.pad(a, width[, mode='constant'][, constant_values=c]); width: an int, a pair, or a tuple
    of pairs (or of 1-tuples) per axis."""

    def __init__(self, a, width, fill=None, mode=False):
        self.a, self.width, self.fill, self.mode = a, width, fill, mode

    def src(self):
        args = [self.a.src(), repr(self.width)]
        if self.mode:
            args.append("mode='constant'")
        if self.fill is not None:
            args.append('constant_values=' + self.fill.src())
        return 'np.pad(%s)' % ', '.join(args)

    def pairs(self, rank):
        w = self.width
        if isinstance(w, int):
            return [(w, w)] * rank
        if all(isinstance(x, int) for x in w):
            return [(w[0], w[-1])] * rank
        if len(w) == 1:
            return [(w[0][0], w[0][-1])] * rank
        if len(w) != rank:
            raise Invalid('pad widths')
        return [(p[0], p[-1]) for p in w]

    def ev(self, env):
        out = []
        for v in self.a.ev(env):
            if not isinstance(v, Arr) or not v.shape:
                raise Invalid('pad of a non-array')
            shape = tuple(n + b + a for n, (b, a) in zip(v.shape, self.pairs(len(v.shape))))
            c = _convert(v.dt, self.fill.value if self.fill is not None else 0)
            lo, hi = (None, None) if v.lo is None else (min(v.lo, c), max(v.hi, c))
            out.append(new_arr(v.dt, shape, lo, hi))
        return out


class Mesh(Expr):
    """np.meshgrid(arrays...[, indexing=...])[k] (numpy 1 gives a list, numpy 2 a tuple)."""

    def __init__(self, items, k, indexing=None):
        self.items, self.k, self.indexing = items, k, indexing

    def src(self):
        args = [i.src() for i in self.items]
        if self.indexing:
            args.append("indexing='%s'" % self.indexing)
        return 'np.meshgrid(%s)[%d]' % (', '.join(args), self.k)

    def ev(self, env):
        cols = [i.ev(env) for i in self.items]
        out = []
        for j in range(env.nv):
            vals = [c[j] for c in cols]
            if any(not isinstance(v, Arr) or not v.shape for v in vals):
                raise Invalid('meshgrid of a non-array')
            shape = [v.size for v in vals]
            if self.indexing != 'ij' and len(shape) >= 2:
                shape[0], shape[1] = shape[1], shape[0]
            v = vals[self.k]
            out.append(new_arr(v.dt, tuple(shape), v.lo, v.hi))
        return out


NONE = 'None'


class AdvIndex(Expr):
    """obj[items]: items are Slice, NONE (printed as None or np.newaxis), or an Expr: an int, or an
    int64 array (its values in bounds) -- numpy's rules of Note [Advanced indices]."""

    def __init__(self, obj, items, newaxis=False):
        self.obj, self.items, self.newaxis = obj, items, newaxis

    def src(self):
        def one(i):
            if i is NONE:
                return 'np.newaxis' if self.newaxis else 'None'
            return i.src()
        return '%s[%s]' % (paren(self.obj, PREC_ATOM), ', '.join(one(i) for i in self.items))

    def ev(self, env):
        objs = self.obj.ev(env)
        idx = [i.ev(env) if isinstance(i, Expr) else None for i in self.items]
        return [self.ev1(v, [x[j] if x is not None else None for x in idx])
                for j, v in enumerate(objs)]

    def ev1(self, v, idx):
        if not isinstance(v, Arr) or not v.shape:
            raise Invalid('index of a non-array')
        kinds, groups = [], []   # per item: 'S', 'N', 'I', 'A'; the result axes each adds
        d = 0
        adv_shape = None
        for item, iv in zip(self.items, idx):
            if item is NONE:
                kinds.append('N')
                groups.append((1,))
                continue
            if d >= len(v.shape):
                raise Invalid('too many indices')
            n = v.shape[d]
            d += 1
            if isinstance(item, Slice):
                kinds.append('S')
                groups.append((item.length(n),))
            elif isinstance(iv, Py):
                if iv.kind != 'int' or iv.lo is None or iv.lo < -n or iv.hi >= n:
                    raise Invalid('int index')
                kinds.append('I')
                groups.append(())
            elif isinstance(iv, Arr) and iv.dt == 'int64' and iv.shape:
                if adv_shape is not None or iv.lo is None or iv.lo < -n or iv.hi >= n:
                    raise Invalid('array index')
                kinds.append('A')
                adv_shape = iv.shape
                groups.append(iv.shape)
            else:
                raise Invalid('index kind')
        adv = [k for k, kind in enumerate(kinds) if kind in 'IA']
        shape = []
        if adv_shape is not None and any(kinds[k] in 'SN' for k in range(adv[0], adv[-1])):
            shape += list(adv_shape)
            groups = [gr if kinds[k] != 'A' else () for k, gr in enumerate(groups)]
        for gr in groups:
            shape += list(gr)
        shape += list(v.shape[d:])
        if len(shape) > 8:
            raise Invalid('rank')
        return new_arr(v.dt, tuple(shape), v.lo, v.hi)


class Masked(Expr):
    """x[cond] (cond: x > t, or x[:, 0] > t over the first axis): only printed, summed or counted
    (as MaskUse), since its length depends on the data."""

    def __init__(self, obj, cond):
        self.obj, self.cond = obj, cond

    def src(self):
        return '%s[%s]' % (paren(self.obj, PREC_ATOM), self.cond.src())

    def ev(self, env):
        out = []
        for v, c in zip(self.obj.ev(env), self.cond.ev(env)):
            if not isinstance(v, Arr) or not isinstance(c, Arr) or c.dt != 'bool' or not c.shape:
                raise Invalid('mask')
            if v.shape[:len(c.shape)] != c.shape:
                raise Invalid('mask shape')
            if 'empty' in g.AVOID:
                raise Invalid('possibly empty')
            # The length is not known: the largest one stands for it (printing checks only).
            out.append(Arr(v.dt, (prod(c.shape),) + v.shape[len(c.shape):], v.lo, v.hi))
        return out


class MaskUse(Expr):
    """x[cond].sum(), np.sum(x[cond]), x[cond].size, len(x[cond])."""

    def __init__(self, masked, form):
        self.masked, self.form = masked, form

    def src(self):
        m = self.masked.src()
        return {'sum': m + '.sum()', 'np.sum': 'np.sum(%s)' % m, 'size': m + '.size',
                'len': 'len(%s)' % m}[self.form]

    def ev(self, env):
        out = []
        for v in self.masked.ev(env):
            if self.form in ('size', 'len'):
                out.append(Py('int', 0, v.shape[0] if self.form == 'len' else v.size))
                continue
            dt = 'int64' if v.dt in ('bool', 'int64') else v.dt
            if v.lo is None:
                out.append(Arr(dt, (), None, None))
                continue
            lo, hi = g.cap_check(dt, min(0, v.lo * v.size), max(0, v.hi * v.size))
            out.append(Arr(dt, (), lo, hi))
        return out


# ---------------------------------------------------------------------------------------------
# Generation (gen: the gen_tensor.Gen making the program)

def fresh_array(gen, dt, shape):
    """gen.make_array, but np.zeros for an empty shape (whose literal would lose its shape)."""
    if prod(shape) == 0:
        return g.NpCall('zeros', [TupleLit([Lit(d) for d in shape])], [('dtype', NPDT[dt])])
    return gen.make_array(dt, shape)


def _same_shape_partner(gen, env, a, vals):
    """An array expression of exactly a's shapes (for every specialization): a itself, a function
    of it, or a fresh array when a has one shape."""
    rng = gen.rng
    r = rng.random()
    if r < 0.3:
        return a
    if r < 0.6:
        return g.BinOp(gen.pick(['*', '+', '-']), a, gen.py_scalar())
    shapes = set(v.shape for v in vals)
    if len(shapes) == 1:
        return fresh_array(gen, gen.dtype_choice(), shapes.pop())
    return g.NpCall('abs', [a])


def join_expr(gen, env, depth, min_rank):
    rng = gen.rng
    a = gen.sub(env, depth, min_rank)
    vals = a.ev(env)
    rank = min(len(v.shape) for v in vals)
    fn = gen.pick(['concatenate', 'concatenate', 'stack', 'hstack', 'vstack'])
    n = rng.randint(1, 3)
    items = [a] + [_same_shape_partner(gen, env, a, vals) for _ in range(n)]
    axis = 'default'
    if fn == 'concatenate':
        c = rng.random()
        if c < 0.15:
            axis = None
        elif c < 0.8:
            axis = rng.randint(-rank, rank - 1)
        shapes = set(v.shape for v in vals)
        if axis not in ('default', None) and len(shapes) == 1:
            # a partner of another length along the axis
            s = list(shapes.pop())
            s[axis] = rng.randint(0, 3)
            if prod(s) <= 60:
                items[-1] = fresh_array(gen, gen.dtype_choice(), tuple(s))
    elif fn == 'stack' and rng.random() < 0.7:
        axis = rng.randint(-rank - 1, rank)
    rng.shuffle(items)
    return Join(fn, items, axis, tuple_display=gen.chance(0.3), axis_kw=gen.chance(0.7))


def index_items(gen, shape):
    """Items of an index for an array of `shape`: ints, slices, None, and at most one int64 array."""
    rng = gen.rng
    items = []
    d = 0
    has_array = False
    while d < len(shape) and (not items or rng.random() < 0.7):
        n = shape[d]
        c = rng.random()
        if c < 0.2:
            items.append(NONE)
            continue
        if c < 0.5 and not has_array and n > 0:
            k = rng.randint(1, 4)
            vals = [rng.randint(-n, n - 1) for _ in range(k)]
            if rng.random() < 0.2:
                items.append(g.ArrayLit(vals[:2] * 2, (2, 2)) if len(vals) >= 2 else g.ArrayLit(vals, (len(vals),)))
            elif rng.random() < 0.2:
                items.append(g.NpCall('arange', [Lit(n)]) if rng.random() < 0.5
                             else g.Index(g.NpCall('arange', [Lit(n)]), [Slice(None, None, -1)]))
            else:
                items.append(g.ArrayLit(vals, (k,)))
            has_array = True
        elif c < 0.7 and n > 0:
            items.append(Lit(rng.randint(-n, n - 1)))
        else:
            items.append(Slice(gen.pick([None, 0, 1, -1]), gen.pick([None, n, -1]),
                               gen.pick([None, None, 2, -1])))
        d += 1
    if rng.random() < 0.3:
        items.insert(rng.randint(0, len(items)), NONE)
    return items


def index_expr(gen, env, depth, min_rank):
    a = gen.sub(env, depth, min_rank)
    vals = a.ev(env)
    shapes = set(v.shape for v in vals)
    if len(shapes) != 1:
        # shapes differ between specializations: None and full slices only
        rank = min(len(v.shape) for v in vals)
        items = [Slice(None, None, None)] * gen.rng.randint(0, rank)
        items.insert(gen.rng.randint(0, len(items)), NONE)
        return AdvIndex(a, items, gen.chance(0.3))
    return AdvIndex(a, index_items(gen, shapes.pop()), gen.chance(0.3))


def array_expr(gen, env, depth, min_rank):
    """One of this module's array expressions (gen_tensor.Gen.array_expr1 calls it)."""
    rng = gen.rng
    r = rng.random()
    if r < 0.3:
        return join_expr(gen, env, depth, min_rank)
    if r < 0.55:
        return index_expr(gen, env, depth, min_rank)
    a = gen.sub(env, depth, min_rank)
    vals = a.ev(env)
    if r < 0.65:
        fn = gen.pick(['zeros_like', 'ones_like', 'full_like'])
        fill = gen.py_scalar() if fn == 'full_like' else None
        if fill is not None and isinstance(fill.value, float) and gen.chance(0.5):
            fill = Lit(round(fill.value, 1))
        return Like(fn, a, fill, gen.pick(list(NPDT)) if gen.chance(0.3) else None)
    if r < 0.75:
        return CopyOf(gen.pick(['copy', 'np.copy', 'flatten', 'ravel', 'np.ravel']), a)
    if r < 0.83:
        k = gen.pick([None, 0, 1, -1, 2, -2])
        return Tri(gen.pick(['triu', 'tril']), a, k, gen.chance(0.5))
    if r < 0.92:
        rank = min(len(v.shape) for v in vals)
        c = rng.random()
        if c < 0.35:
            width = rng.randint(0, 2)
        elif c < 0.6:
            width = (rng.randint(0, 2), rng.randint(0, 2))
        elif c < 0.75:
            width = ((rng.randint(0, 2), rng.randint(0, 2)),)
        else:
            width = tuple((rng.randint(0, 2),) if rng.random() < 0.3 else (rng.randint(0, 2), rng.randint(0, 2))
                          for _ in range(rank))
            if len(set(len(p) for p in width)) != 1:
                width = tuple((p[0], p[-1]) for p in width)
        fill = gen.py_scalar() if gen.chance(0.5) else None
        return Pad(a, width, fill, gen.chance(0.3))
    k = rng.randint(2, 3)
    first = g.Index(CopyOf('ravel', a), [Slice(None, rng.randint(1, 3), None)])
    items = [first] + [gen.make_array(gen.dtype_choice(), (rng.randint(1, 4),)) for _ in range(k - 1)]
    rng.shuffle(items)
    return Mesh(items, rng.randint(0, k - 1), gen.pick([None, None, 'xy', 'ij']))


def mask_use(gen, env, printed=False):
    """x[x > t] (printed) or its sum or count (a scalar), or None."""
    names = gen.arrays(env)
    if not names:
        return None
    n = Name(gen.pick(names))
    vals = env.vars[n.name]
    if any(v.dt == 'bool' for v in vals):
        cond = n
    else:
        cond = g.Compare(gen.pick(['>', '<', '>=']), n, Lit(gen.pick(g.ODD)))
        if gen.chance(0.3) and all(len(v.shape) >= 2 for v in vals):
            cond = g.Compare('>', g.Index(n, [Slice(None, None, None), Lit(0)]), Lit(gen.pick(g.ODD)))
    m = Masked(n, cond)
    if printed:
        return m
    return MaskUse(m, gen.pick(['sum', 'np.sum', 'size', 'len', 'sum']))


def error_tail(gen, env):
    """Statements ending the program with an error numpy raises for these functions, or None."""
    rng = gen.rng
    arrs = [n for n in gen.arrays(env) if env.vars[n][0].size > 0]
    if not arrs:
        return None
    a = Name(gen.pick(arrs))
    v = env.vars[a.name][0]
    r = rng.random()
    if r < 0.3:   # sizes differ off the concatenation axis
        if len(v.shape) < 2:
            other = g.NpCall('ones', [Lit(v.shape[0] + 1)])
            return [g.Print([Join(gen.pick(['vstack', 'stack']), [a, other], 'default')])]
        s = list(v.shape)
        s[-1] += 1
        return [g.Print([Join('concatenate', [a, g.NpCall('zeros', [TupleLit([Lit(d) for d in s])])], 0)])]
    if r < 0.45:  # shapes differ for np.stack
        return [g.Print([Join('stack', [a, g.Index(a, [Slice(1, None, None)])], 'default')])]
    if r < 0.7:   # an index array out of bounds
        n = v.shape[0]
        return [g.Print([AdvIndex(a, [g.ArrayLit([0, gen.pick([n, -n - 1, n + 2])], (2,))])])]
    if r < 0.85:  # a mask of another length
        mask = g.Compare('>', g.NpCall('arange', [Lit(v.shape[0] + 1)]), Lit(1))
        return [g.Print([Masked(a, mask)])]
    w = rng.randint(1, 3)   # a negative pad width, reached in a loop
    i = gen.fresh('i')
    return [g.Loop('range', i, [Lit(w), Lit(-2), Lit(-1)], [g.Print([PadVar(a, i)])], 0)]


class PadVar(Expr):
    """np.pad(a, (i, 1)) with a loop variable i (error tails only)."""

    def __init__(self, a, var):
        self.a, self.var = a, var

    def src(self):
        return 'np.pad(%s, (%s, 1))' % (self.a.src(), self.var)

    def ev(self, env):
        return [Arr(v.dt, tuple(n + 3 for n in v.shape), v.lo, v.hi) for v in self.a.ev(env)]
