#!/usr/bin/python3
"""Seeded random programs over user classes (differential testing against CPython).

generate(rng, avoid) returns one program; `gen_classes.py SEED` prints the program of one seed,
`gen_classes.py --check N [SEED]` runs N programs under /usr/bin/python3 twice each (same output,
well under a second), and run_tensor_differential.py --generator classes runs them against pyscript.

What a program covers (SPEC.md, "Classes"):
  * one or two class hierarchies, single inheritance 2-3 levels deep: `__init__` assigns typed
    attributes (int, float, str, bool, list[int], and Optional[a class] that starts as None and
    gets objects later), default parameters, `super().__init__(...)`, a subclass re-assigning an
    inherited attribute; class constants read as `C.k`, `self.k` and `obj.k`, overridden in
    subclasses; `@staticmethod`s called as `C.f(...)` and `self.f(...)`; methods that call each
    other (a method calls only methods introduced before it, so nothing recurses by accident),
    overrides that call `super().m(...)`, methods returning self (chained calls), methods taking
    another object, methods that follow an Optional attribute (`if self.link is not None`) or walk a
    chain of them (`while node is not None`);
  * operator methods `__add__ __sub__ __mul__ __neg__ __eq__ __lt__ __len__ __getitem__ __contains__
    __bool__`, and `__repr__`/`__str__` (printed directly, with str() and repr(), in f-strings with
    `!r`, inside lists); `min`/`sorted`/`sort(key=...)`, `in` and `index` on lists of objects;
  * lists of base-class objects holding subclass instances, with dispatch in loops, comprehensions
    and generator expressions, isinstance; dicts with object values;
  * ALIASING: two names for one object, objects in lists and dicts mutated through another
    reference, objects passed to module-level functions that mutate them, a function returning one
    of its arguments, `is` between objects;
  * linked lists and binary search trees built from Optional attributes, recursion over trees
    (`if node is None: return 0`), `while node is not None` walks;
  * EXCEPTIONS (most programs; --avoid exceptions leaves them out): one or two user exception
    classes deriving from Exception, ValueError, RuntimeError, KeyError, LookupError,
    ArithmeticError or IndexError, maybe with a user subclass; their __init__ is inherited or only
    calls super().__init__(message) with a message composed of its parameters (pyscript keeps an
    exception's message only), or passes its base's __init__ a value (--avoid exception-init-chain).
    Methods raise them, or built-in ones (ValueError, KeyError, IndexError, RuntimeError,
    NotImplementedError, ZeroDivisionError, `assert`), under conditions on their argument and
    attributes, often after updating attributes; other methods raise built-in errors implicitly
    (`// (k % 3)`, `self.items[k]`, `.pop(k)`, `.index(k)`, a dict literal indexed by a key,
    int() of a word, an attribute of a None Optional); methods call those and let the error
    through, catch it (storing str(e) in an attribute, returning -1, else, finally updating self)
    or re-raise it; module-level functions forward the error (printing before and after), re-raise
    it from a handler with finally, catch it and return a default, or catch it per object of a
    list.  Top-level try statements catch what a call raised (the generator runs the call first
    to know which class, and prefers calls that raise) by the class, a base class, `Exception` or
    a tuple, sometimes after a handler that does not match; print e, str(e), repr(e), f-strings of
    it, isinstance(e, C); with else and finally; nested try statements whose inner handler
    re-raises (bare `raise`) to an outer one; try statements in loops whose argument depends on
    the loop variable, with continue/break; a variable assigned inside the try body printed after
    the handler; the object's attributes printed after the handler (updated up to the raise).
    Methods that may raise are called only in those places, so no other statement raises;
  * about 12% of the programs end reading an attribute (or calling a method) of None: CPython's
    AttributeError. Their first line is `# expect-runtime-error: LINE:COL`, CPython's position of
    the failing attribute expression (as in tests/class_programs/none_attr.py).

How programs stay inside the subset and deterministic: every variable, attribute, parameter and
element has one static type that the generator tracks (an int attribute only ever gets ints, ...);
a variable holding a subclass instance that may later hold a sibling is used only through its base
class; a method is called only on a static type that has it; objects are printed only where
__repr__/__str__ is defined (inside lists: __repr__); no lambdas, augmented assignment,
sets, dict keys that are objects, `for x in obj`, reflected operators (`b > a` with only __lt__, `3 * v`),
attribute creation outside __init__.  The generator executes each top-level statement as it
generates it (in a deep copy of the program's state, under a line-count limit), so a statement that
raises, runs too long or makes an int leave +-2**28 is thrown away and generated again.  Method and
function bodies, which run with unknown values, use guarded forms only (`xs[i % len(xs)] if xs else
0`, `% 1009`, string slices).  Operator methods and __repr__ are pure (sort may call them any number
of times).  Finally the whole program is executed once more from scratch to confirm its output.
"""

import contextlib
import copy
import io
import random
import re
import sys
import traceback

AVOIDABLE = {
    'none-only-attr': 'an Optional attribute that never holds an object (read only where it is not None), '
                      'so that a function guarded by `if node is None` is called with a None',
    'isinstance-narrow': 'using a subclass method or attribute on a base-typed name inside `if isinstance(x, Sub):`',
    'order-objects': 'sorted(), list.sort(), min(), max() of objects ordered by __lt__/__gt__',
    'uninstantiated-subclass': 'a class that is never instantiated (its overrides are dead code)',
    'attribute-named-item': "an attribute named 'item' (numpy's .item())",
    'subclass-into-list': 'a list or dict whose elements are of class C getting (append, item store) or searched '
                          'for (in, index, count) an instance of a subclass or sibling of C',
    'exceptions': 'user exception classes, methods and functions that raise, try/except/else/finally',
    'exception-init-chain': "a user exception whose __init__ passes its base class's __init__ (which composes "
                            "the message) a value other than the message",
}

INT, FLOAT, STR, BOOL = 'int', 'float', 'str', 'bool'
LINT = ('list', INT)
INT_LIMIT = 1 << 28
LOCAL_INT_LIMIT = 1 << 40
MAX_LEN = 40
MAX_STR = 120
LINE_LIMIT = 20000
ERROR_END_P = 0.12


def OBJ(c):
    return ('obj', c)


def OPT(c):
    return ('opt', c)


def LOBJ(c):
    return ('list', ('obj', c))


def is_obj(t):
    return isinstance(t, tuple) and t[0] == 'obj'


def is_opt(t):
    return isinstance(t, tuple) and t[0] == 'opt'


def is_lobj(t):
    return isinstance(t, tuple) and t[0] == 'list' and is_obj(t[1])


def is_dobj(t):
    return isinstance(t, tuple) and t[0] == 'dict'


class Reject(Exception):
    pass


class TooLong(BaseException):   # no generated `except Exception` catches it
    pass


ROOT_NAMES = ['Shape', 'Animal', 'Account', 'Item', 'Robot', 'Plant', 'Gadget', 'Player', 'Widget',
              'Sensor', 'Vehicle', 'Token', 'Cell', 'Task', 'Unit', 'Card']
SUB_NAMES = ['Circle', 'Dog', 'Saver', 'Tool', 'Droid', 'Tree', 'Phone', 'Hero', 'Button', 'Probe',
             'Truck', 'Coin', 'Wall', 'Job', 'Tank', 'Ace', 'Square', 'Puppy', 'Bonus', 'Hammer',
             'Drone', 'Oak', 'Pager', 'Mage', 'Slider', 'Lamp', 'Bike', 'Gem', 'Door', 'Chore']
FIELD_NAMES = {INT: ['x', 'n', 'count', 'size', 'level', 'score', 'hp', 'qty'],
               FLOAT: ['w', 'rate', 'mass', 'speed', 'ratio'],
               STR: ['name', 'tag', 'label', 'kind', 'code'],
               BOOL: ['on', 'ok', 'flag', 'alive'],
               LINT: ['items', 'vals', 'hist', 'marks']}
LINK_NAMES = ['link', 'nxt', 'peer', 'owner', 'partner', 'prev']
METHOD_NAMES = ['total', 'area', 'value', 'cost', 'weight', 'describe', 'label_of', 'check', 'bump',
                'grow', 'shrink', 'reset', 'merge', 'absorb', 'follow', 'chain_len', 'scaled',
                'summary', 'power', 'rank', 'digest', 'tick', 'step', 'boost', 'probe', 'sizes',
                'flip', 'twin', 'mix', 'pull']
WORDS = ['a', 'bb', 'cat', 'dog', 'x', '', 'abc', 'Hello', 'zz', 'to be', 'Tea', 'mid', 'AbC', '--',
         'one two', 'q']
SMALL_INTS = [0, 1, 2, 3, 5, 7, -1, -2, -4, 10, 12, 100, 64]
FLOATS = ['0.5', '1.5', '-2.0', '3.25', '0.0', '10.0', '-0.5', '2.5', '0.1', '1.25']
INT_SPECS = ['', '5d', '<4', '>6', '^7', '08b', 'x', '04X', '+d', '3']
STR_SPECS = ['', '>8', '<5', '^9', '*^9', '.3']
FLOAT_SPECS = ['.2f', '8.3f', '.1e', 'g', '+.1f', '06.2f', '']
# Exceptions (left out with --avoid exceptions): built-in classes the programs raise or catch, each
# with its built-in base (SPEC.md lists them), and the user classes' names.
BUILTIN_PARENT = {'Exception': None, 'ArithmeticError': 'Exception', 'LookupError': 'Exception',
                  'ValueError': 'Exception', 'RuntimeError': 'Exception', 'TypeError': 'Exception',
                  'AttributeError': 'Exception', 'AssertionError': 'Exception',
                  'ZeroDivisionError': 'ArithmeticError', 'IndexError': 'LookupError', 'KeyError': 'LookupError',
                  'NotImplementedError': 'RuntimeError'}
EXC_BASES = ['Exception', 'Exception', 'ValueError', 'RuntimeError', 'KeyError', 'LookupError', 'ArithmeticError',
             'IndexError']
EXC_NAMES = ['AppError', 'LimitError', 'StateError', 'CheckFailed', 'BadInput', 'Overdrawn', 'NotReady',
             'RangeFault', 'Rejected', 'Jammed', 'QuotaError', 'Broken']
EXC_FIELDS = ['code', 'amount', 'need', 'value', 'level_']
RAISE_NAMES = ['withdraw', 'spend', 'take', 'claim', 'verify', 'demand', 'consume', 'settle', 'charge',
               'attempt', 'require', 'commit', 'load', 'fetch_at', 'split_by', 'resolve', 'redeem', 'apply']
RAISING_KINDS = ('guard', 'implicit', 'relay')


def par(code):
    return code if re.match(r"^(?:[\w.]+(?:\([^()]*\))?|'[^']*'|-?\d+(?:\.\d+)?)$", code) else '(%s)' % code


def big(v, depth=0):
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return not -LOCAL_INT_LIMIT < v < LOCAL_INT_LIMIT
    if isinstance(v, float):
        return v != v or abs(v) > 1e12
    if isinstance(v, str):
        return len(v) > 4 * MAX_STR
    if isinstance(v, list) and depth < 2:
        return len(v) > 4 * MAX_LEN or any(big(x, depth + 1) for x in v)
    return False


PRINT_BUDGET = [0]
MAX_PRINTED = 20000


def quiet_print(*args, sep=' ', end='\n', file=None, flush=False):
    for a in args:
        PRINT_BUDGET[0] += len(str(a)) + 1
    if PRINT_BUDGET[0] > MAX_PRINTED:
        raise TooLong()


class Cls:
    """One user class: its place in the hierarchy, attributes, constants and methods."""

    def __init__(self, name, base):
        self.name = name
        self.base = base
        self.root = base.root if base else self
        self.depth = base.depth + 1 if base else 0
        self.children = []
        self.own_fields = []        # (name, type) first assigned in this class's __init__
        self.init_params = None     # [(name, type, default code or None)]; None: inherits __init__
        self.init_lines = []
        self.consts = {}            # name -> (type, literal)
        self.sigs = {}              # methods this class introduces: name -> Sig
        self.defs = {}              # methods this class defines (introduced or overriding): name -> lines
        self.ops = set()            # operator / repr dunders this class defines
        self.statics = {}           # name -> (param types, return type)
        if base:
            base.children.append(self)

    def chain(self):
        c = self
        while c:
            yield c
            c = c.base

    def fields(self):
        out = []
        for c in reversed(list(self.chain())):
            out += c.own_fields
        return out

    def field_type(self, f):
        for n, t in self.fields():
            if n == f:
                return t
        return None

    def const(self, k):
        for c in self.chain():
            if k in c.consts:
                return c.consts[k]
        return None

    def all_consts(self):
        ks = []
        for c in self.chain():
            ks += [k for k in c.consts if k not in ks]
        return ks

    def sig(self, m):
        for c in self.chain():
            if m in c.sigs:
                return c.sigs[m]
        return None

    def all_sigs(self, raising=False):
        """Methods callable on this class; those that may raise only with raising=True (they are
        called only inside try statements and by the functions made for them)."""
        out = {}
        for c in reversed(list(self.chain())):
            out.update((n, s) for n, s in c.sigs.items() if raising or not s.raising)
        return out

    def has_op(self, op):
        return any(op in c.ops for c in self.chain())

    def params(self):
        for c in self.chain():
            if c.init_params is not None:
                return c.init_params
        return []

    def subtree(self):
        out = [self]
        for ch in self.children:
            out += ch.subtree()
        return out

    def is_sub(self, other):
        return any(c is other for c in self.chain())

    def printable(self):
        return self.has_op('__repr__') or self.has_op('__str__')


class Sig:
    def __init__(self, name, kind, params, ret, order):
        self.name, self.kind, self.params, self.ret, self.order = name, kind, params, ret, order
        self.raising = kind in RAISING_KINDS
        self.own = []        # exception classes the bodies raise themselves
        self.via = []        # (callee Sig, class its handler catches or None): what propagates from calls


class Scope:
    """Names visible where code is generated: env maps names to types; cls is self's class inside
    a method (whose methods of order < limit may be called), live at top level (values known)."""

    def __init__(self, env, cls=None, limit=0, live=False, method=None):
        self.env = env
        self.cls = cls
        self.limit = limit
        self.live = live
        self.method = method

    def child(self):
        return Scope(dict(self.env), self.cls, self.limit, self.live, self.method)


class Prog:
    def __init__(self, rng, avoid=()):
        self.rng = rng
        self.avoid = set(avoid)
        self.classes = []           # definition order, bases first
        self.by_name = {}
        self.counter = 0
        self.morder = 0
        self.used_names = set()
        self.funcs = {}             # module-level function name -> dict(src, kind)
        self.func_order = []
        self.structs = []           # template class sources (linked lists, trees)
        self.lines = []
        self.env = {}               # top-level name -> static type
        self.ns = {}
        builtins = dict(__builtins__ if isinstance(__builtins__, dict) else vars(__builtins__))
        builtins['print'] = quiet_print
        self.fn_ns = {'__builtins__': builtins, '__name__': '__gen__'}
        self.features = set()
        self.widened = set()        # top-level names used through a base class (may be rebound)
        self.helpers = []           # (name, kind, root, call) of module-level helper functions
        self.linked = []
        self.trees = []
        self.stored = set()         # (root, field): Optional attributes that get an object
        self.roots = []
        self.excs = None            # user exception classes (ExcCls), None: no exceptions in this program
        self.exc_by_name = {}
        self.risky = []             # module-level functions that may raise: (Sig, root class, kind)

    # ------------------------------------------------------------------------------------ helpers
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, weighted):
        weighted = [(w, v) for w, v in weighted if w > 0]
        if not weighted:
            raise Reject()
        total = sum(w for w, _ in weighted)
        x = self.rng.random() * total
        for w, v in weighted:
            x -= w
            if x < 0:
                return v
        return weighted[-1][1]

    def choice(self, xs):
        if not xs:
            raise Reject()
        return self.rng.choice(xs)

    def fresh(self, prefix):
        self.counter += 1
        return '%s%d' % (prefix, self.counter)

    def unique(self, pool, suffix=''):
        for _ in range(20):
            n = self.rng.choice(pool) + suffix
            if n not in self.used_names:
                self.used_names.add(n)
                return n
        n = self.fresh(self.rng.choice(pool))
        self.used_names.add(n)
        return n

    def feat(self, name):
        self.features.add(name)

    def int_lit(self):
        return str(self.rng.choice(SMALL_INTS))

    def str_lit(self):
        return repr(self.rng.choice(WORDS))

    def lit(self, t):
        r = self.rng
        if t == INT:
            return self.int_lit()
        if t == FLOAT:
            return r.choice(FLOATS)
        if t == STR:
            return self.str_lit()
        if t == BOOL:
            return r.choice(['True', 'False'])
        if t == LINT:
            return '[%s]' % ', '.join(self.int_lit() for _ in range(r.randint(1, 4)))
        raise Reject()

    def cls(self, t):
        return self.by_name[t[1]]

    # ------------------------------------------------------------------------------------ execution
    def trial(self, code, expect_error=False, any_error=False):
        """Executes code in a copy of the program's state. Returns the new state (None when it
        raised, ran too long or left the limits); with expect_error, the AttributeError it raised;
        with any_error, (the exception it raised or None,), or None when it left the limits."""
        g = dict(self.fn_ns)
        g.update(copy.deepcopy(self.ns))
        counter = [0]

        def tracer(frame, event, arg):
            if event == 'line':
                counter[0] += 1
                if counter[0] > LINE_LIMIT:
                    raise TooLong()
                if frame.f_code.co_name != '<module>':
                    for v in frame.f_locals.values():
                        if big(v):
                            raise TooLong()
            return tracer
        err = None
        PRINT_BUDGET[0] = 0
        old = sys.gettrace()
        sys.settrace(tracer)
        try:
            exec(compile(code, '<gen>', 'exec'), g)
        except SyntaxError:
            sys.settrace(old)
            raise
        except BaseException as e:   # TooLong, RecursionError, any error
            err = e
        finally:
            sys.settrace(old)
        new = {k: v for k, v in g.items() if k not in self.fn_ns or g[k] is not self.fn_ns[k]}
        if expect_error:
            return err if isinstance(err, AttributeError) else None
        if any_error:
            return (err,) if err is not None or self.within_limits(new) else None
        if err is not None or not self.within_limits(new):
            return None
        return new

    def within_limits(self, new):
        seen = set()
        nodes = [0]

        def ok(v):
            if isinstance(v, bool) or v is None:
                return True
            if isinstance(v, int):
                return -INT_LIMIT < v < INT_LIMIT
            if isinstance(v, float):
                return v == v and abs(v) < 1e9
            if isinstance(v, str):
                return len(v) <= MAX_STR
            if callable(v) or isinstance(v, type):
                return True
            if id(v) in seen:
                return True
            seen.add(id(v))
            nodes[0] += 1
            if nodes[0] > 400:
                return False
            if isinstance(v, list):
                return len(v) <= MAX_LEN and all(ok(x) for x in v)
            if isinstance(v, dict):
                return len(v) <= MAX_LEN and all(ok(x) for x in v.values())
            if isinstance(v, tuple):
                return all(ok(x) for x in v)
            if hasattr(v, '__dict__'):
                return all(ok(x) for x in vars(v).values())
            return True
        return all(ok(v) for v in new.values())

    def live(self, code):
        """The value of a top-level expression without side effects, or a sentinel."""
        try:
            g = dict(self.fn_ns)
            g.update(self.ns)
            return eval(code, g)
        except Exception:
            return Reject

    def attempt(self, make, tries=25):
        for _ in range(tries):
            sc = Scope(dict(self.env), live=True, limit=1 << 30)
            feats = set(self.features)
            funcs = dict(self.funcs), list(self.func_order)
            risky, helpers = list(self.risky), list(self.helpers)
            try:
                lines = make(sc)
            except Reject:
                lines = None
            if lines:
                new = self.trial('\n'.join(lines) + '\n')
                if new is not None:
                    self.ns = new
                    self.env = sc.env
                    self.lines += lines
                    return True
            self.features = feats
            self.funcs, self.func_order = dict(funcs[0]), list(funcs[1])
            self.risky, self.helpers = risky, helpers
        return False

    # ------------------------------------------------------------------------------------ classes
    def new_class(self, base):
        c = Cls(self.unique(SUB_NAMES if base else ROOT_NAMES), base)
        self.classes.append(c)
        self.by_name[c.name] = c
        return c

    def field_name(self, c, t):
        taken = {n for n, _ in c.root_fields_all()} if hasattr(c, 'root_fields_all') else set()
        taken = {n for k in c.root.subtree() for n, _ in k.own_fields}
        pool = LINK_NAMES if is_opt(t) else FIELD_NAMES[t]
        for _ in range(10):
            n = self.rng.choice(pool)
            if n not in taken:
                return n
        n = self.fresh(pool[0])
        return n

    def make_hierarchy(self, link_targets):
        r = self.rng
        root = self.new_class(None)
        ftypes = [self.pick([(4, INT), (2, FLOAT), (3, STR), (1, BOOL), (2, LINT)]) for _ in range(r.randint(2, 4))]
        if INT not in ftypes and STR not in ftypes:
            ftypes[0] = INT
        for t in ftypes:
            root.own_fields.append((self.field_name(root, t), t))
        if self.chance(0.55):
            target = root if (not link_targets or self.chance(0.7)) else r.choice(link_targets)
            root.own_fields.append((self.field_name(root, OPT(target.name)), OPT(target.name)))
            self.feat('optional attribute')
        self.make_init(root)
        for _ in range(r.randint(0, 2)):
            t = self.pick([(3, INT), (2, STR), (1, FLOAT)])
            root.consts[self.unique(['k', 'base', 'unit', 'rate', 'limit', 'step', 'sym', 'cap'], '_' + str(t)[0])] = (t, self.lit(t))
        if self.chance(0.4):
            self.make_static(root)
        subs = []
        for _ in range(r.randint(1, 3)):
            subs.append(self.new_class(root))
            if self.chance(0.45):
                subs.append(self.new_class(subs[-1]))
        for c in subs:
            self.make_sub(c)
        # methods: introduced at the root (overridden below), then some in subclasses
        kinds = ['calc', 'text', 'pred', 'mut', 'chain', 'other', 'absorb', 'listy', 'fcalc', 'follow', 'walk']
        for _ in range(r.randint(3, 6)):
            self.add_method(root, r.choice(kinds))
        if self.excs is not None:
            for _ in range(r.randint(1, 3)):
                self.add_method(root, self.pick([(3, 'guard'), (2, 'implicit'), (2, 'relay')]))
            kinds = kinds + ['guard', 'relay']
        for c in subs:
            for _ in range(r.randint(0, 2)):
                ms = [m for m in c.base.all_sigs(raising=True) if m not in c.defs]
                if ms:
                    self.override(c, r.choice(ms))
            if self.chance(0.35):
                self.add_method(c, r.choice(kinds))
        self.make_ops(root)
        for c in subs:
            if self.chance(0.3):
                self.make_repr(c, sub=True)
        return root

    def root_params(self, c):
        return c.root.init_params

    def make_init(self, root):
        """Root __init__: a parameter per attribute, or a literal / an expression of parameters."""
        r = self.rng
        params = []
        lines = []
        for f, t in root.own_fields:
            if is_opt(t):
                if self.chance(0.3) and t[1] == root.name:
                    params.append((f, t, 'None'))
                    lines.append('self.%s = %s' % (f, f))
                else:
                    lines.append('self.%s = None' % f)
                continue
            if self.chance(0.75) or not params:
                pname = f if self.chance(0.6) else self.fresh('p')
                default = self.lit(t) if (params and params[-1][2] is not None or self.chance(0.2)) and t != LINT else None
                params.append((pname, t, default))
                if t == LINT and self.chance(0.5):
                    lines.append('self.%s = list(%s)' % (f, pname))
                elif t == INT and self.chance(0.3):
                    lines.append('self.%s = %s * %s' % (f, pname, r.choice(['2', '3', '-1'])))
                elif t == STR and self.chance(0.2):
                    lines.append('self.%s = %s.upper()' % (f, pname))
                else:
                    lines.append('self.%s = %s' % (f, pname))
            elif t == LINT:
                lines.append(r.choice(['self.%s: list[int] = []' % f, 'self.%s = [1, 2, 3]' % f,
                                       'self.%s = [0] * 3' % f]))
            else:
                lines.append('self.%s = %s' % (f, self.lit(t)))
        # defaults only on a suffix of the parameters
        fixed = []
        tail_ok = True
        for p, t, dflt in reversed(params):
            tail_ok = tail_ok and dflt is not None
            fixed.insert(0, (p, t, dflt if tail_ok else None))
        root.init_params = fixed
        root.init_lines = lines

    def make_sub(self, c):
        r = self.rng
        if self.chance(0.25):
            c.init_params = None       # inherits __init__
        else:
            bparams = c.base.params()
            params = []
            args = []
            for p, t, dflt in bparams:
                if self.chance(0.75) or t not in (INT, FLOAT, STR, BOOL, LINT):
                    params.append((p, t, None))
                    args.append(p)
                else:
                    args.append(self.lit(t))
            own = []
            for _ in range(r.randint(0, 2)):
                t = self.pick([(3, INT), (2, STR), (1, FLOAT), (1, BOOL), (1, LINT)])
                f = self.field_name(c, t)
                c.own_fields.append((f, t))
                if self.chance(0.6):
                    pname = self.fresh('q')
                    params.append((pname, t, None))
                    own.append('self.%s = %s' % (f, pname))
                else:
                    own.append('self.%s = %s' % (f, self.lit(t)))
            if not params and not self.chance(0.3):
                p, t, _ = bparams[0] if bparams else ('v', INT, None)
                params.append((self.fresh('q'), INT, None))
            sup = 'super().__init__(%s)' % ', '.join(args)
            lines = own + [sup] if (own and self.chance(0.2)) else [sup] + own
            if self.chance(0.3):
                inherited = [(f, t) for f, t in c.base.fields() if not is_opt(t)]
                if inherited:
                    f, t = r.choice(inherited)
                    sc = Scope({p: t for p, t, _ in params}, c, 0)
                    lines.append('self.%s = %s' % (f, self.bound(t, self.e(sc, t, 1), 'self.' + f)))
                    self.feat('subclass re-assigns an inherited attribute')
            # defaults at the end
            if params and self.chance(0.3):
                p, t, _ = params[-1]
                if t in (INT, FLOAT, STR, BOOL):
                    params[-1] = (p, t, self.lit(t))
            c.init_params = params
            c.init_lines = lines
        for k in c.base.all_consts():
            if self.chance(0.4):
                t = c.const(k)[0]
                c.consts[k] = (t, self.lit(t))
                self.feat('class constant overridden')
        if self.chance(0.25):
            t = self.pick([(2, INT), (1, STR)])
            c.consts[self.unique(['extra', 'bonus', 'mark'], '_' + str(t)[0])] = (t, self.lit(t))

    def make_static(self, c):
        name = self.unique(['helper', 'scale', 'clamp', 'combine', 'norm'])
        ps = [INT] * self.rng.randint(1, 2)
        pnames = ['a', 'b'][:len(ps)]
        sc = Scope(dict(zip(pnames, ps)), None, 0)
        body = []
        if self.chance(0.4):
            body.append('if a < 0:')
            body.append('    return %s' % self.bound(INT, self.e(sc, INT, 1)))
        body.append('return %s' % self.bound(INT, self.e(sc, INT, 0)))
        c.statics[name] = (ps, INT)
        c.defs[name] = ['@staticmethod', 'def %s(%s):' % (name, ', '.join(pnames))] + ['    ' + x for x in body]
        self.feat('staticmethod')

    def add_method(self, c, kind):
        r = self.rng
        fields = c.fields()
        ftypes = [t for _, t in fields]
        root = c.root
        if kind == 'fcalc' and FLOAT not in ftypes:
            kind = 'calc'
        if kind == 'relay' and not [s for s in c.all_sigs(raising=True).values() if s.raising]:
            kind = 'guard'
        if kind in ('follow', 'walk'):
            links = [(f, t) for f, t in fields if is_opt(t)]
            if not links or (kind == 'walk' and not any(t[1] == c.root.name and self.by_name[t[1]].field_type(f) == t
                                                        for f, t in links)):
                kind = 'calc'
        params = {'calc': [INT] * r.randint(0, 2), 'fcalc': [FLOAT] if self.chance(0.5) else [],
                  'text': [STR] if self.chance(0.4) else [], 'pred': [INT] if self.chance(0.5) else [],
                  'mut': [self.pick([(3, INT), (1, STR), (1, BOOL)])], 'chain': [INT],
                  'other': [OBJ(root.name)], 'absorb': [OBJ(root.name)], 'listy': [INT] * r.randint(0, 1),
                  'follow': [], 'walk': [], 'guard': [INT], 'implicit': [INT], 'relay': [INT]}[kind]
        ret = {'calc': INT, 'fcalc': FLOAT, 'text': STR, 'pred': BOOL, 'mut': None, 'chain': OBJ(c.name),
               'other': self.pick([(2, INT), (1, BOOL)]), 'absorb': None, 'listy': LINT, 'follow': INT,
               'walk': INT, 'guard': self.pick([(2, INT), (1, None)]), 'implicit': INT,
               'relay': self.pick([(2, INT), (1, None)])}[kind]
        self.morder += 1
        name = self.unique(RAISE_NAMES if kind in RAISING_KINDS else METHOD_NAMES)
        sig = Sig(name, kind, params, ret, self.morder)
        c.sigs[name] = sig
        c.defs[name] = self.method_src(c, sig, override=False)

    def override(self, c, m):
        sig = c.base.sig(m)
        c.defs[m] = self.method_src(c, sig, override=True)
        self.feat('override')

    def pnames(self, sig):
        names = []
        for t in sig.params:
            names.append({INT: 'k', FLOAT: 'f', STR: 's', BOOL: 'b'}.get(t, 'other') + (str(len(names)) if names else ''))
        return names

    def method_src(self, c, sig, override):
        r = self.rng
        names = self.pnames(sig)
        sc = Scope(dict(zip(names, sig.params)), c, sig.order, method=sig)
        body = []
        if sig.kind == 'follow':
            f, t = r.choice([(f, t) for f, t in c.fields() if is_opt(t)])
            tc = self.by_name[t[1]]
            ints = [g for g, u in tc.fields() if u == INT]
            val = 'self.%s.%s' % (f, r.choice(ints)) if ints else 'len(str(self.%s.%s))' % (f, tc.fields()[0][0])
            if self.chance(0.5):
                body += ['if self.%s is None:' % f, '    return %s' % self.int_lit(), 'return %s' % val]
            else:
                body += ['if self.%s is not None:' % f, '    return %s' % val, 'return %s' % self.int_lit()]
            self.feat('method follows an Optional attribute')
            return self.wrap(sig, names, body)
        if sig.kind == 'walk':
            f = r.choice([f for f, t in c.fields() if is_opt(t) and t[1] == c.root.name])
            ints = [g for g, u in c.root.fields() if u == INT]
            acc = 'n' if not ints or self.chance(0.4) else 'node.%s' % r.choice(ints)
            body += ['total = 0', 'node = self', 'hops = 0', 'while node is not None and hops < 50:',
                     '    total = (total + %s) %% 100003' % ('1' if acc == 'n' else acc),
                     '    node = node.%s' % f, '    hops = hops + 1', 'return total']
            self.feat('method walks an Optional chain')
            return self.wrap(sig, names, body)
        if override and self.chance(0.5):
            sup = 'super().%s(%s)' % (sig.name, ', '.join(names))
            self.feat('super().method')
            if sig.ret is None:
                body.append(sup)
                body += self.m_block(sc, 1, r.randint(0, 2))
                return self.wrap(sig, names, body)
            if sig.ret == INT:
                body.append('return %s' % self.bound(INT, '%s %s %s' % (sup, r.choice(['+', '-', '*']), par(self.e(sc, INT, 1)))))
            elif sig.ret == FLOAT:
                body.append('return %s %s %s' % (sup, r.choice(['+', '*']), r.choice(FLOATS)))
            elif sig.ret == STR:
                body.append('return %s' % r.choice(['"<" + %s + ">"' % sup, 'f"{%s}!"' % sup, '%s.upper()' % sup]))
            elif sig.ret == BOOL:
                body.append('return %s %s %s' % (r.choice(['not ', '']) + sup, r.choice(['and', 'or']), self.e(sc, BOOL, 1)))
            elif sig.ret == LINT:
                body.append('return %s + [%s]' % (sup, self.e(sc, INT, 1)))
            elif is_obj(sig.ret):
                body.append(sup)
                body += self.m_block(sc, 1, 1)
                body.append('return self')
            return self.wrap(sig, names, body)
        if sig.raising:
            return self.wrap(sig, names, self.raising_body(c, sig, sc, names))
        if sig.kind in ('mut', 'chain', 'absorb'):
            body += self.m_mutation(sc, names)
            body += self.m_block(sc, 1, r.randint(0, 2))
            if sig.kind == 'chain':
                body.append('return self')
            return self.wrap(sig, names, body)
        body += self.m_block(sc, 1, r.randint(0, 3))
        body.append('return %s' % self.bound(sig.ret, self.e(sc, sig.ret, 0)))
        return self.wrap(sig, names, body)

    def wrap(self, sig, names, body):
        return ['def %s(%s):' % (sig.name, ', '.join(['self'] + names))] + ['    ' + x for x in body or ['pass']]

    def bound(self, t, code, field=None):
        """An int, str or list kept small (applied to what is stored or returned)."""
        r = self.rng
        if t == INT:
            return '%s %% %s' % (par(code), r.choice(['1009', '97', '10007', '256'])) if self.chance(0.6) else code
        if t == STR:
            return '%s[%s]' % (par(code), r.choice([':12', '-10:', ':8'])) if self.chance(0.7) else code
        if t == LINT:
            return '%s[%s]' % (par(code), r.choice([':8', '-6:', ':5'])) if self.chance(0.7) else code
        return code

    def m_mutation(self, sc, names):
        """Statements that change attributes of self or of an object parameter."""
        r = self.rng
        out = []
        c = sc.cls
        targets = ['self']
        for n, t in sc.env.items():
            if is_obj(t):
                targets.append(n)
        for _ in range(r.randint(1, 2)):
            tgt = r.choice(targets)
            tc = c if tgt == 'self' else self.cls(sc.env[tgt])
            fs = [(f, t) for f, t in tc.fields() if not is_opt(t)]
            if tgt != 'self':
                self.feat('method mutates its argument')
            f, t = r.choice(fs)
            if t == LINT:
                out += r.choice([['%s.%s.append(%s)' % (tgt, f, self.e(sc, INT, 1)),
                                  'if len(%s.%s) > 6:' % (tgt, f), '    %s.%s.pop(0)' % (tgt, f)],
                                 ['if %s.%s:' % (tgt, f), '    %s.%s[0] = %s' % (tgt, f, self.e(sc, INT, 1))],
                                 ['%s.%s = %s' % (tgt, f, self.bound(LINT, self.e(sc, LINT, 1)))]])
            else:
                out.append('%s.%s = %s' % (tgt, f, self.bound(t, self.e(sc, t, 0))))
        return out

    def m_block(self, sc, depth, n):
        out = []
        for _ in range(n):
            for _ in range(10):
                try:
                    env = dict(sc.env)
                    out += self.m_stmt(sc, depth)
                    break
                except Reject:
                    sc.env = env
        return out

    def m_stmt(self, sc, depth):
        r = self.rng
        k = self.pick([(4, 'local'), (2, 'mut'), (2 if depth < 3 else 0, 'if'), (1 if depth < 3 else 0, 'for'),
                       (1 if depth < 3 else 0, 'range'), (1, 'call'), (1, 'opt')])
        if k == 'local':
            t = self.pick([(4, INT), (2, STR), (1, FLOAT), (1, BOOL), (1, LINT)])
            n = self.fresh('t')
            code = self.e(sc, t, 0)
            sc.env[n] = t
            return ['%s = %s' % (n, self.bound(t, code))]
        if k == 'mut':
            return self.m_mutation(sc, [])
        if k == 'if':
            out = ['if %s:' % self.e(sc, BOOL, 1)]
            out += ['    ' + x for x in (self.m_block(sc.child(), depth + 1, r.randint(1, 2)))]
            if self.chance(0.5):
                out += ['else:'] + ['    ' + x for x in self.m_block(sc.child(), depth + 1, r.randint(1, 2))]
            return out
        if k == 'for':
            lists = self.lint_atoms(sc)
            ints = [n for n, t in sc.env.items() if t == INT and n[0] == 't']
            if not lists or not ints:
                raise Reject()
            v = self.fresh('v')
            acc = r.choice(ints)
            inner = sc.child()
            inner.env[v] = INT
            body = ['%s = (%s %s %s) %% 1009' % (acc, acc, r.choice(['+', '-']), self.e(inner, INT, 1))]
            if self.chance(0.4):
                body = ['if %s:' % self.e(inner, BOOL, 1)] + ['    ' + x for x in body]
            return ['for %s in %s:' % (v, r.choice(lists))] + ['    ' + x for x in body]
        if k == 'range':
            v = self.fresh('i')
            inner = sc.child()
            inner.env[v] = INT
            return ['for %s in range(%d):' % (v, r.randint(1, 4))] + \
                ['    ' + x for x in self.m_block(inner, depth + 1, r.randint(1, 2))]
        if k == 'call':
            calls = [s for s in sc.cls.all_sigs().values() if s.order < sc.limit and s.ret is None]
            s = self.choice(calls)
            return ['self.%s(%s)' % (s.name, ', '.join(self.e(sc, t, 1) for t in s.params))]
        if k == 'opt':
            links = [(f, t) for f, t in sc.cls.fields() if is_opt(t)]
            f, t = self.choice(links)
            tc = self.by_name[t[1]]
            fs = [(g, u) for g, u in tc.fields() if u in (INT, STR, FLOAT, BOOL)]
            g, u = self.choice(fs)
            if self.chance(0.5):
                n = self.fresh('t')
                sc.env[n] = u
                return ['%s = %s' % (n, self.lit(u)), 'if self.%s is not None:' % f,
                        '    %s = self.%s.%s' % (n, f, g)]
            self.feat('method mutates an object through an Optional attribute')
            inner = Scope(dict(sc.env), tc, sc.limit)
            return ['if self.%s is not None:' % f,
                    '    self.%s.%s = %s' % (f, g, self.bound(u, self.e(Scope(sc.env, sc.cls, sc.limit), u, 1)))]
        raise Reject()

    # ------------------------------------------------------------------------------------ dunders
    def make_ops(self, root):
        """Operator methods on the root (pure: they read attributes only) and __repr__/__str__."""
        r = self.rng
        fs = [(f, t) for f, t in root.fields() if not is_opt(t)]
        ints = [f for f, t in fs if t == INT]
        lists = [f for f, t in fs if t == LINT]
        strs = [f for f, t in fs if t == STR]
        key = r.choice(ints) if ints else None
        defs = root.defs
        if key and self.chance(0.45):
            if self.chance(0.5):
                cond = 'self.%s == other.%s' % (key, key)
            else:
                others = [f for f, t in fs if t in (STR, BOOL, INT)]
                g = r.choice(others)
                cond = 'self.%s == other.%s and self.%s == other.%s' % (key, key, g, g)
            defs['__eq__'] = ['def __eq__(self, other):', '    return %s' % cond]
            root.ops.add('__eq__')
        if key and self.chance(0.4):
            defs['__lt__'] = ['def __lt__(self, other):', '    return self.%s < other.%s' % (key, key)]
            root.ops.add('__lt__')
            if self.chance(0.3):
                defs['__gt__'] = ['def __gt__(self, other):', '    return self.%s > other.%s' % (key, key)]
                root.ops.add('__gt__')
        if (lists or strs) and self.chance(0.35):
            f = r.choice(lists or strs)
            defs['__len__'] = ['def __len__(self):', '    return len(self.%s)' % f]
            root.ops.add('__len__')
        if lists and self.chance(0.3):
            f = r.choice(lists)
            defs['__getitem__'] = ['def __getitem__(self, i):',
                                   '    if not self.%s:' % f, '        return -1',
                                   '    return self.%s[i %% len(self.%s)]' % (f, f)]
            root.ops.add('__getitem__')
        if lists and self.chance(0.3):
            f = r.choice(lists)
            defs['__contains__'] = ['def __contains__(self, v):', '    return v in self.%s' % f]
            root.ops.add('__contains__')
        if self.chance(0.3):
            cands = ['self.%s > 0' % f for f in ints] + ['len(self.%s) > 0' % f for f in lists + strs]
            cands += ['self.%s' % f for f, t in fs if t == BOOL]
            if cands:
                defs['__bool__'] = ['def __bool__(self):', '    return %s' % r.choice(cands)]
                root.ops.add('__bool__')
        params = root.init_params
        if params and self.chance(0.45):
            for op in r.sample(['__add__', '__sub__', '__mul__', '__neg__'], r.randint(1, 3)):
                args = []
                for p, t, dflt in params:
                    same = [f for f, u in fs if u == t]
                    if is_opt(t):
                        args.append('self.%s' % p if root.field_type(p) == t else 'None')
                        continue
                    if not same:
                        args.append(self.lit(t))
                        continue
                    f = r.choice(same)
                    if op == '__neg__':
                        a = {INT: '-self.%s' % f, FLOAT: '-self.%s' % f, STR: 'self.%s[::-1]' % f,
                             BOOL: 'not self.%s' % f, LINT: '[-v for v in self.%s]' % f}[t]
                    elif op == '__mul__':
                        a = {INT: '(self.%s * k) %% 10007' % f, FLOAT: 'self.%s * k' % f,
                             STR: '(self.%s * k)[:10]' % f, BOOL: 'self.%s' % f,
                             LINT: '(self.%s * k)[:8]' % f}[t]
                    else:
                        sym = '+' if op == '__add__' else '-'
                        a = {INT: '(self.%s %s other.%s) %% 10007' % (f, sym, f),
                             FLOAT: 'self.%s %s other.%s' % (f, sym, f),
                             STR: '(self.%s + other.%s)[:10]' % (f, f) if sym == '+' else 'self.%s' % f,
                             BOOL: 'self.%s %s other.%s' % (f, 'or' if sym == '+' else 'and', f),
                             LINT: '(self.%s + other.%s)[:8]' % (f, f) if sym == '+' else 'self.%s[1:]' % f}[t]
                    args.append(a)
                arg = {'__neg__': 'self', '__mul__': 'self, k'}.get(op, 'self, other')
                defs[op] = ['def %s(%s):' % (op, arg), '    return %s(%s)' % (root.name, ', '.join(args))]
                root.ops.add(op)
        if self.chance(0.8):
            self.make_repr(root, sub=False)
        self.feat('operators ' + ' '.join(sorted(root.ops)))

    def make_repr(self, c, sub):
        r = self.rng
        fs = [(f, t) for f, t in c.fields() if not is_opt(t)]
        shown = r.sample(fs, min(len(fs), r.randint(1, 3)))

        def field_fmt(f, t):
            if t == FLOAT and self.chance(0.4):
                return '{self.%s:%s}' % (f, r.choice(['.2f', '.1f', 'g']))
            if t == STR and self.chance(0.5):
                return '{self.%s!r}' % f
            return '{self.%s}' % f
        which = r.choice(['__repr__', '__repr__', '__str__']) if not sub or not c.base.printable() else \
            r.choice(['__repr__', '__str__'])
        if sub and c.base.printable() and self.chance(0.4):
            basewhich = '__repr__' if c.base.has_op('__repr__') else '__str__'
            if which == basewhich or basewhich == '__repr__':
                call = 'super().%s()' % basewhich
                body = 'return "%s:" + %s' % (c.name, call)
                c.defs[which] = ['def %s(self):' % which, '    ' + body]
                c.ops.add(which)
                self.feat('super().__repr__')
                return
        if self.chance(0.7):
            body = 'return f"%s(%s)"' % (c.name, ', '.join(field_fmt(f, t) for f, t in shown))
        else:
            body = 'return "%s<" + %s + ">"' % (c.name, ' + "," + '.join('str(self.%s)' % f for f, t in shown))
        c.defs[which] = ['def %s(self):' % which, '    ' + body]
        c.ops.add(which)
        if which == '__str__' and not sub and self.chance(0.4):
            c.defs['__repr__'] = ['def __repr__(self):', '    return "%s#%s" %% (%s,)' % (
                c.name, '%r' if shown[0][1] == STR else '%s', 'self.' + shown[0][0])]
            c.ops.add('__repr__')

    def class_src(self, c):
        out = ['class %s%s:' % (c.name, '(%s)' % c.base.name if c.base else '')]
        body = []
        for k, (t, v) in c.consts.items():
            body.append('%s = %s' % (k, v))
        if body:
            body.append('')
        if c.init_params is not None:
            ps = ['self'] + [p if d is None else '%s=%s' % (p, d) for p, t, d in c.init_params]
            body += ['def __init__(%s):' % ', '.join(ps)] + ['    ' + x for x in c.init_lines or ['pass']]
            body.append('')
        for name, lines in c.defs.items():
            body += lines + ['']
        if not body:
            body = ['pass']
        while body and body[-1] == '':
            body.pop()
        return '\n'.join(out + ['    ' + x if x else '' for x in body])

    # ------------------------------------------------------------------------------------ expressions
    def obj_atoms(self, sc, want=None):
        """(code, static class) of objects at hand; want: only subclasses of that class."""
        out = []
        if sc.cls is not None:
            out.append(('self', sc.cls))
        for n, t in sc.env.items():
            if is_obj(t):
                out.append((n, self.cls(t)))
            elif sc.live and is_lobj(t):
                v = self.live(n)
                if isinstance(v, list) and v:
                    out.append(('%s[%d]' % (n, self.rng.randrange(-len(v), len(v))), self.cls(t[1])))
            elif sc.live and is_dobj(t):
                v = self.live(n)
                if isinstance(v, dict) and v:
                    out.append(('%s[%r]' % (n, self.rng.choice(list(v))), self.cls(t[2])))
        if sc.live:   # Optional attributes that hold an object now
            for code, c in list(out):
                for f, t in c.fields():
                    v = self.live(code + '.' + f) if is_opt(t) else None
                    if v is not None and v is not Reject:
                        out.append(('%s.%s' % (code, f), self.cls(t)))
        if want is not None:
            out = [(code, c) for code, c in out if c.is_sub(want)]
        return out

    def lint_atoms(self, sc):
        out = [n for n, t in sc.env.items() if t == LINT]
        for code, c in self.obj_atoms(sc):
            out += ['%s.%s' % (code, f) for f, t in c.fields() if t == LINT]
        return out

    def calls(self, sc, t):
        """Method and static method calls returning t."""
        out = []
        for code, c in self.obj_atoms(sc):
            for s in c.all_sigs().values():
                if s.ret == t and s.order < sc.limit:
                    out.append((code, s))
        return out

    def call_code(self, sc, code, s, d):
        return '%s.%s(%s)' % (code, s.name, ', '.join(self.arg(sc, t, d + 1) for t in s.params))

    def arg(self, sc, t, d):
        if is_obj(t):
            objs = self.obj_atoms(sc, self.cls(t))
            if sc.cls is not None and sc.method is not None:   # no calls back into methods from here
                objs = [(code, c) for code, c in objs]
            if objs and self.chance(0.85):
                return self.rng.choice(objs)[0]
            return self.ctor(sc, self.cls(t), d)
        return self.e(sc, t, d)

    def ctor(self, sc, c, d, exact=False):
        """A constructor call of c or one of its subclasses."""
        k = c if exact else self.rng.choice(c.subtree())
        ps = k.params()
        args = []
        kw = False
        for p, t, dflt in ps:
            if dflt is not None and self.chance(0.3):
                kw = True
                continue
            if is_opt(t):
                a = self.store_value(sc, t) if d < 2 else 'None'
            else:
                a = self.e(sc, t, d + 1)
            if t == LINT:
                a = self.lit(LINT) if self.chance(0.7) else a
            args.append('%s=%s' % (p, a) if kw else a)
        return '%s(%s)' % (k.name, ', '.join(args))

    def e(self, sc, t, d=0):
        for _ in range(8):
            try:
                return self.e1(sc, t, d)
            except Reject:
                pass
        return self.lit(t)

    def e1(self, sc, t, d):
        r = self.rng
        deep = d >= 3
        vars_ = [n for n, u in sc.env.items() if u == t]
        objs = self.obj_atoms(sc)
        fields = ['%s.%s' % (code, f) for code, c in objs for f, u in c.fields() if u == t]
        consts = []
        if t in (INT, STR, FLOAT):
            for c in self.classes:
                consts += ['%s.%s' % (c.name, k) for k in c.all_consts() if c.const(k)[0] == t]
            consts += ['%s.%s' % (code, k) for code, c in objs for k in c.all_consts() if c.const(k)[0] == t]
        calls = self.calls(sc, t) if d < 3 else []
        kind = self.pick([(2, 'lit'), (4 * bool(vars_), 'var'), (5 * bool(fields), 'field'),
                          (1.5 * bool(consts), 'const'), (2.5 * bool(calls), 'call'),
                          (0 if deep else 3, 'op')])
        if kind == 'lit':
            return self.lit(t)
        if kind == 'var':
            return r.choice(vars_)
        if kind == 'field':
            return r.choice(fields)
        if kind == 'const':
            self.feat('class constant')
            return r.choice(consts)
        if kind == 'call':
            code, s = r.choice(calls)
            return self.call_code(sc, code, s, d)
        return getattr(self, 'op_' + {INT: 'int', FLOAT: 'float', STR: 'str', BOOL: 'bool'}.get(t, 'list'))(sc, d + 1) \
            if t in (INT, FLOAT, STR, BOOL, LINT) else self.lit(t)

    def op_int(self, sc, d):
        r = self.rng
        k = self.pick([(3, 'arith'), (1, 'mul'), (1, 'divmod'), (1, 'len'), (1, 'sum'), (1, 'minmax'),
                       (1, 'cond'), (1, 'int'), (1, 'static'), (1, 'dunder'), (1, 'index'), (1, 'optional')])
        if k == 'arith':
            return '%s %s %s' % (par(self.e(sc, INT, d)), r.choice(['+', '-']), par(self.e(sc, INT, d)))
        if k == 'mul':
            return '%s * %s' % (par(self.e(sc, INT, d)), r.choice(['2', '3', '-1', '5']))
        if k == 'divmod':
            return '%s %s %s' % (par(self.e(sc, INT, d)), r.choice(['//', '%']), r.choice(['2', '3', '7', '-3', '10']))
        if k == 'len':
            if self.chance(0.5):
                return 'len(%s)' % self.e(sc, STR, d)
            return 'len(%s)' % self.e(sc, LINT, d)
        if k == 'sum':
            return 'sum(%s)' % self.e(sc, LINT, d)
        if k == 'minmax':
            return '%s(%s, %s)' % (r.choice(['min', 'max']), self.e(sc, INT, d), self.e(sc, INT, d))
        if k == 'cond':
            return '%s if %s else %s' % (par(self.e(sc, INT, d)), par(self.e(sc, BOOL, d)), par(self.e(sc, INT, d)))
        if k == 'int':
            return 'int(%s)' % self.e(sc, FLOAT, d)
        if k == 'static':
            st = [(c, n) for c in self.classes for n, (ps, ret) in c.statics.items() if ret == INT]
            c, n = self.choice(st)
            ps = c.statics[n][0]
            recv = c.name
            if sc.cls is not None and sc.method is not None and sc.cls.is_sub(c) and self.chance(0.5):
                recv = 'self'
            self.feat('staticmethod call')
            return '%s.%s(%s)' % (recv, n, ', '.join(self.e(sc, INT, d + 1) for _ in ps))
        if k == 'dunder':
            objs = self.obj_atoms(sc)
            opts = [('len(%s)' % code) for code, c in objs if c.has_op('__len__')]
            opts += [('%s[%s]' % (code, self.e(sc, INT, d + 1))) for code, c in objs if c.has_op('__getitem__')]
            if sc.method is not None and sc.method.order <= 0:
                raise Reject()
            self.feat('__len__/__getitem__')
            return self.choice(opts)
        if k == 'index':
            xs = self.e(sc, LINT, d)
            i = self.e(sc, INT, d)
            return '%s[%s %% len(%s)] if %s else 0' % (par(xs), par(i), xs, xs) if SIMPLE_NAME.match(xs) else \
                '%s[0] if %s else -1' % (xs, xs) if SIMPLE_NAME.match(xs) else self.lit(INT)
        if k == 'optional':
            # a guarded read through an Optional attribute
            for code, c in self.obj_atoms(sc):
                for f, t in c.fields():
                    if is_opt(t) and SIMPLE_NAME.match(code):
                        tc = self.cls(t)
                        ints = [g for g, u in tc.fields() if u == INT]
                        if ints and self.chance(0.7):
                            self.feat('conditional read through an Optional')
                            return '%s.%s.%s if %s.%s is not None else %s' % (
                                code, f, r.choice(ints), code, f, self.int_lit())
            raise Reject()
        raise Reject()

    def op_float(self, sc, d):
        r = self.rng
        k = self.pick([(3, 'arith'), (1, 'scale'), (1, 'div'), (1, 'float'), (1, 'round'), (1, 'mixed')])
        if k == 'arith':
            return '%s %s %s' % (par(self.e(sc, FLOAT, d)), r.choice(['+', '-']), par(self.e(sc, FLOAT, d)))
        if k == 'scale':
            return '%s * %s' % (par(self.e(sc, FLOAT, d)), r.choice(FLOATS))
        if k == 'div':
            return '%s / %s' % (par(self.e(sc, FLOAT, d)), r.choice(['2.0', '4.0', '-0.5', '3']))
        if k == 'float':
            return 'float(%s)' % self.e(sc, INT, d)
        if k == 'round':
            return 'round(%s, %d)' % (self.e(sc, FLOAT, d), r.randint(0, 3))
        return '%s * %s' % (par(self.e(sc, INT, d)), r.choice(['0.5', '1.5', '0.25']))

    def op_str(self, sc, d):
        r = self.rng
        k = self.pick([(3, 'concat'), (2, 'str'), (2, 'fstr'), (1, 'method'), (1, 'slice'), (1, 'repr'), (1, 'join')])
        if k == 'concat':
            return '%s + %s' % (par(self.e(sc, STR, d)), par(self.e(sc, STR, d)))
        if k == 'str':
            return 'str(%s)' % self.e(sc, self.pick([(3, INT), (1, FLOAT), (1, BOOL), (1, LINT)]), d)
        if k == 'fstr':
            parts = []
            for _ in range(r.randint(1, 3)):
                t = self.pick([(3, INT), (2, STR), (1, FLOAT), (1, BOOL)])
                code = self.e(sc, t, d + 1)
                if '"' in code or '{' in code or "'" in code and t != STR:
                    code = self.e(sc, t, 3)
                if "'" in code or '"' in code or '\\' in code:
                    code = self.lit(t) if t != STR else 'x'
                    if t == STR:
                        raise Reject()
                spec = ''
                if self.chance(0.4):
                    spec = ':' + r.choice({INT: INT_SPECS, STR: STR_SPECS, FLOAT: FLOAT_SPECS, BOOL: ['']}[t])
                    spec = '' if spec == ':' else spec
                parts.append(r.choice(['', '-', ' ', '=', '<', ': ']) + '{%s%s}' % (code, spec))
            return 'f"%s"' % ''.join(parts)
        if k == 'method':
            return '%s.%s()' % (par(self.e(sc, STR, d)), r.choice(['upper', 'lower', 'strip']))
        if k == 'slice':
            return '%s[%s]' % (par(self.e(sc, STR, d)), r.choice([':3', '1:', '::-1', '-2:', '::2']))
        if k == 'repr':
            objs = [(code, c) for code, c in self.obj_atoms(sc) if c.printable() and code != 'self']
            code, c = self.choice(objs)
            self.feat('str()/repr() of an object')
            if c.has_op('__repr__') and self.chance(0.5):
                return 'repr(%s)' % code
            return 'str(%s)' % code
        xs = self.e(sc, LINT, d)
        return '%r.join(str(v) for v in %s)' % (r.choice([',', '-', '']), xs)

    def op_bool(self, sc, d):
        r = self.rng
        k = self.pick([(3, 'cmp'), (1, 'not'), (1, 'andor'), (1, 'in'), (1, 'isinstance'), (1, 'is'),
                       (1, 'objcmp'), (1, 'truthy'), (1, 'none')])
        if k == 'cmp':
            t = self.pick([(3, INT), (1, FLOAT), (1, STR)])
            return '%s %s %s' % (par(self.e(sc, t, d)), r.choice(['<', '<=', '>', '>=', '==', '!=']), par(self.e(sc, t, d)))
        if k == 'not':
            return 'not %s' % par(self.e(sc, BOOL, d))
        if k == 'andor':
            return '%s %s %s' % (par(self.e(sc, BOOL, d)), r.choice(['and', 'or']), par(self.e(sc, BOOL, d)))
        if k == 'in':
            return '%s %s %s' % (par(self.e(sc, INT, d)), r.choice(['in', 'not in']), par(self.e(sc, LINT, d)))
        if k == 'isinstance':
            code, c = self.choice(self.obj_atoms(sc))
            self.feat('isinstance')
            return 'isinstance(%s, %s)' % (code, r.choice(c.root.subtree()).name)
        if k == 'is':
            objs = self.obj_atoms(sc)
            a, ca = self.choice(objs)
            same = [code for code, c in objs if c.root is ca.root]
            b = r.choice(same)
            return '%s %s %s' % (a, r.choice(['is', 'is not']), b)
        if k == 'objcmp':
            if sc.method is not None and sc.method.order <= 0:
                raise Reject()
            objs = self.obj_atoms(sc)
            a, ca = self.choice(objs)
            same = [code for code, c in objs if c.root is ca.root]
            b = r.choice(same)
            ops = ['==', '!=']
            if ca.has_op('__lt__'):
                ops.append('<')
            if ca.has_op('__gt__'):
                ops.append('>')
            if ca.has_op('__contains__'):
                return '%s %s %s' % (par(self.e(sc, INT, d)), r.choice(['in', 'not in']), a)
            self.feat('object comparison')
            return '%s %s %s' % (a, r.choice(ops), b)
        if k == 'truthy':
            objs = [(code, c) for code, c in self.obj_atoms(sc) if c.has_op('__bool__') or c.has_op('__len__')]
            if sc.method is not None and sc.method.order <= 0:
                raise Reject()
            code, c = self.choice(objs)
            self.feat('__bool__/__len__ truth')
            return r.choice(['bool(%s)', 'not %s']) % code
        if k == 'none':
            opts = ['%s.%s' % (code, f) for code, c in self.obj_atoms(sc) for f, t in c.fields() if is_opt(t)]
            opts += [n for n, t in sc.env.items() if is_opt(t)]
            return '%s %s None' % (self.choice(opts), r.choice(['is', 'is not']))
        raise Reject()

    def op_list(self, sc, d):
        r = self.rng
        k = self.pick([(2, 'display'), (1, 'concat'), (1, 'comp'), (1, 'sorted'), (1, 'slice'), (1, 'range'),
                       (1, 'objcomp')])
        if k == 'display':
            return '[%s]' % ', '.join(self.e(sc, INT, d + 1) for _ in range(r.randint(1, 3)))
        if k == 'concat':
            return '%s + [%s]' % (par(self.e(sc, LINT, d)), self.e(sc, INT, d + 1))
        if k == 'comp':
            v = self.fresh('v')
            inner = sc.child()
            inner.env[v] = INT
            cond = ' if %s' % self.e(inner, BOOL, d + 1) if self.chance(0.4) else ''
            return '[%s for %s in %s%s]' % (self.e(inner, INT, d + 1), v, self.e(sc, LINT, d), cond)
        if k == 'sorted':
            return 'sorted(%s%s)' % (self.e(sc, LINT, d), r.choice(['', ', reverse=True']))
        if k == 'slice':
            return '%s[%s]' % (par(self.e(sc, LINT, d)), r.choice([':3', '1:', '::-1', '::2']))
        if k == 'range':
            return 'list(range(%d))' % r.randint(0, 5)
        # a list built from objects' attributes
        lists = [(n, self.cls(t[1])) for n, t in sc.env.items() if is_lobj(t)]
        n, c = self.choice(lists)
        ints = [f for f, t in c.fields() if t == INT]
        v = self.fresh('o')
        self.feat('comprehension over objects')
        return '[%s.%s for %s in %s]' % (v, self.choice(ints), v, n)


SIMPLE_NAME = re.compile(r'^[A-Za-z_][\w.]*$')


class TopLevel:
    """Top-level statements (mixed into Prog)."""

    def objs_of(self, sc, pred=lambda c: True, simple=False):
        out = [(code, c) for code, c in self.obj_atoms(sc) if pred(c)]
        if simple:
            out = [(code, c) for code, c in out if SIMPLE_NAME.match(code) and '.' not in code]
        return out

    def var_obj(self, sc, pred=lambda c: True):
        return self.choice(self.objs_of(sc, pred, simple=True))

    def show_type(self, t, c=None):
        """Whether values of type t print deterministically."""
        if t in (INT, FLOAT, STR, BOOL, LINT):
            return True
        if is_obj(t) or is_opt(t):
            return self.cls(t).printable()
        if is_lobj(t):
            return self.cls(t[1]).has_op('__repr__')
        return False

    def any_expr(self, sc):
        t = self.pick([(4, INT), (2, STR), (1, FLOAT), (1, BOOL), (1, LINT), (2, 'obj')])
        if t == 'obj':
            objs = [(code, c) for code, c in self.obj_atoms(sc) if c.printable()]
            code, c = self.choice(objs)
            return code
        return self.e(sc, t, 0)

    def s_print(self, sc):
        return ['print(%s)' % ', '.join(self.any_expr(sc) for _ in range(self.rng.randint(1, 4)))]

    def s_new_obj(self, sc, exact=None):
        r = self.rng
        root = exact.root if exact else r.choice(self.roots)
        name = self.fresh(root.name[0].lower())
        code = self.ctor(sc, exact or root, 0, exact=exact is not None)
        k = self.by_name[code.split('(')[0]]
        static = k
        if k.base and self.chance(0.25):
            static = r.choice(list(k.chain())[1:])
            self.widened.add(name)
            self.feat('variable typed as a base class')
        sc.env[name] = OBJ(static.name)
        out = ['%s = %s' % (name, code)]
        if self.chance(0.5):
            out += self.s_print(sc)
        return out

    def s_call(self, sc):
        r = self.rng
        code, c = self.choice(self.objs_of(sc))
        sigs = list(c.all_sigs().values())
        s = self.choice(sigs)
        call = self.call_code(sc, code, s, 0)
        if s.ret is None:
            out = [call]
            fs = [f for f, t in c.fields() if not is_opt(t)]
            if SIMPLE_NAME.match(code) and fs:
                out.append('print(%s)' % ', '.join('%s.%s' % (code, f) for f in r.sample(fs, min(2, len(fs)))))
            return out
        if is_obj(s.ret):
            self.feat('chained method calls')
            rc = self.cls(s.ret)
            more = [x for x in rc.all_sigs().values() if x.ret is not None and not is_obj(x.ret)]
            if more and self.chance(0.7):
                call = self.call_code(sc, call, r.choice(more), 0)
                return ['print(%s)' % call]
            fs = [f for f, t in rc.fields() if not is_opt(t)]
            return ['print(%s.%s)' % (call, r.choice(fs))]
        if self.show_type(s.ret):
            return ['print(%s)' % call]
        raise Reject()

    def store_value(self, sc, t):
        """Code for a value of Optional type t: an object at hand, a new one, or None."""
        target = self.cls(t)
        objs = self.objs_of(sc, lambda c: c.is_sub(target))
        k = self.pick([(4 * bool(objs), 'obj'), (2, 'new'), (1, 'none')])
        if k == 'obj':
            return self.rng.choice(objs)[0]
        if k == 'new':
            return self.ctor(sc, target, 1)
        return 'None'

    def s_set_attr(self, sc):
        r = self.rng
        code, c = self.var_obj(sc)
        f, t = self.choice(c.fields())
        if is_opt(t):
            v = self.store_value(sc, t)
            self.feat('Optional attribute assigned')
            out = ['%s.%s = %s' % (code, f, v)]
            if v != 'None' and self.chance(0.5):
                fs = [g for g, u in self.cls(t).fields() if not is_opt(u)]
                out.append('print(%s.%s.%s, %s.%s is None)' % (code, f, r.choice(fs), code, f))
            return out
        out = ['%s.%s = %s' % (code, f, self.e(sc, t, 0))]
        if self.chance(0.6):
            out.append('print(%s.%s)' % (code, f))
        return out

    def mutate_via(self, sc, code, c):
        """Statements that change object `code` (of class c)."""
        r = self.rng
        muts = [s for s in c.all_sigs().values() if s.ret is None or is_obj(s.ret)]
        fs = [(f, t) for f, t in c.fields() if not is_opt(t)]
        if muts and self.chance(0.5):
            return [self.call_code(sc, code, r.choice(muts), 0)]
        f, t = r.choice(fs)
        if t == LINT and self.chance(0.6):
            return ['%s.%s.append(%s)' % (code, f, self.e(sc, INT, 1))]
        return ['%s.%s = %s' % (code, f, self.e(sc, t, 1))]

    def watch(self, sc, code, c):
        fs = [f for f, t in c.fields() if not is_opt(t)]
        shown = ['%s.%s' % (code, f) for f in self.rng.sample(fs, min(len(fs), 2))]
        if c.printable() and self.chance(0.4):
            shown.append(code)
        return shown

    def s_alias(self, sc):
        r = self.rng
        code, c = self.var_obj(sc)
        other = self.fresh('alias')
        sc.env[other] = sc.env[code]
        if code in self.widened:
            self.widened.add(other)
        out = ['%s = %s' % (other, code)]
        out += self.mutate_via(sc, other, c)
        out.append('print(%s, %s is %s)' % (', '.join(self.watch(sc, code, c)), other, code))
        self.feat('alias')
        return out

    def s_new_list(self, sc):
        r = self.rng
        root = r.choice(self.roots)
        n = r.randint(1, 4)
        elems = []
        have = self.objs_of(sc, lambda c: c.root is root, simple=True)
        classes = []
        for _ in range(n):
            if have and self.chance(0.4):
                code, c = r.choice(have)
                elems.append(code)
                classes.append(c)
            else:
                elems.append(self.ctor(sc, root, 1))
                classes.append(self.by_name[elems[-1].split('(')[0]])
        name = self.fresh('objs')
        self.feat('list of objects')
        if self.chance(0.2):
            # built with append in a loop
            i = self.fresh('i')
            inner = sc.child()
            inner.env[i] = INT
            ctor = self.ctor(inner, root, 1)
            sc.env[name] = LOBJ(self.elem_class(root, [self.by_name[ctor.split('(')[0]]]).name)
            return ['%s = []' % name, 'for %s in range(%d):' % (i, r.randint(1, 4)),
                    '    %s.append(%s)' % (name, ctor)]
        sc.env[name] = LOBJ(self.elem_class(root, classes).name)
        return ['%s = [%s]' % (name, ', '.join(elems))]

    def elem_class(self, root, classes):
        """The element class a list or dict of these objects is used as: the root, so that instances of
        sibling classes may join it later, or (avoiding 'subclass-into-list') the classes' merge, the
        type pyscript infers from the display (and then only instances of exactly that class join it)."""
        if 'subclass-into-list' not in self.avoid:
            return root
        chains = [list(c.chain()) for c in classes]
        for c in chains[0]:
            if all(c in ch for ch in chains):
                return c
        return root

    def lists_of_objs(self, sc):
        return [(n, self.cls(t[1])) for n, t in sc.env.items() if is_lobj(t)]

    def s_loop(self, sc):
        r = self.rng
        name, c = self.choice(self.lists_of_objs(sc))
        o = self.fresh('o')
        inner = sc.child()
        inner.env[o] = OBJ(c.name)
        self.feat('dispatch in a loop')
        k = self.pick([(3, 'print'), (2, 'acc'), (2, 'mutate'), (1, 'narrow'), (1, 'genexp')])
        if k == 'print':
            body = ['print(%s)' % ', '.join(self.any_expr(inner) for _ in range(r.randint(1, 3)))]
        elif k == 'acc':
            acc = self.fresh('tot')
            t = self.pick([(3, INT), (1, STR), (1, FLOAT)])
            sc.env[acc] = t
            init = {INT: '0', STR: '""', FLOAT: '0.0'}[t]
            val = self.e(inner, t, 1)
            upd = '%s = (%s + %s) %% 100003' % (acc, acc, par(val)) if t == INT else \
                '%s = (%s + %s)[-30:]' % (acc, acc, par(val)) if t == STR else '%s = %s + %s' % (acc, acc, par(val))
            return ['%s = %s' % (acc, init), 'for %s in %s:' % (o, name), '    ' + upd, 'print(%s)' % acc]
        elif k == 'mutate':
            body = self.mutate_via(inner, o, c)
            after = 'print([%s.%s for %s in %s])' % (o + 'x', self.choice([f for f, t in c.fields() if not is_opt(t)]),
                                                  o + 'x', name)
            return ['for %s in %s:' % (o, name)] + ['    ' + x for x in body] + [after]
        elif k == 'narrow':
            if 'isinstance-narrow' in self.avoid:
                raise Reject()
            subs = [s for s in c.subtree()[1:] if set(s.all_sigs()) - set(c.all_sigs()) or
                    set(f for f, _ in s.fields()) - set(f for f, _ in c.fields())]
            s = self.choice(subs)
            extra = [x for x in s.all_sigs().values() if x.name not in c.all_sigs() and x.ret is not None
                     and self.show_type(x.ret)]
            ninner = inner.child()
            ninner.env[o] = OBJ(s.name)
            if extra and self.chance(0.6):
                what = self.call_code(ninner, o, r.choice(extra), 0)
            else:
                f = r.choice([f for f, t in s.fields() if not is_opt(t)])
                what = '%s.%s' % (o, f)
            self.feat('isinstance narrowing')
            return ['for %s in %s:' % (o, name), '    if isinstance(%s, %s):' % (o, s.name),
                    '        print(%r, %s)' % (s.name, what), '    else:' , '        print(%s)' % self.any_expr(inner)]
        else:
            ints = [s for s in c.all_sigs().values() if s.ret == INT]
            fs = ['%s.%s' % (o, f) for f, t in c.fields() if t == INT]
            vals = fs + [self.call_code(inner, o, s, 1) for s in ints]
            v = self.choice(vals)
            fn = r.choice(['sum', 'max', 'min', 'sorted', 'list'])
            cond = ' if %s' % self.e(inner, BOOL, 2) if self.chance(0.3) else ''
            if fn in ('max', 'min') and not self.live(name):
                raise Reject()
            self.feat('generator expression over objects')
            return ['print(%s(%s for %s in %s%s))' % (fn, v, o, name, cond if fn not in ('max', 'min') else '')]
        return ['for %s in %s:' % (o, name)] + ['    ' + x for x in body]

    def s_list_ops(self, sc):
        r = self.rng
        name, c = self.choice(self.lists_of_objs(sc))
        val = self.live(name)
        k = self.pick([(2, 'append'), (2, 'item'), (1, 'pop'), (1, 'in'), (1, 'sort'), (1, 'sorted'),
                       (1, 'print'), (1, 'minmax'), (1, 'reverse')])
        fs = [(f, t) for f, t in c.fields() if not is_opt(t)]
        exact = 'subclass-into-list' in self.avoid
        joins = (lambda k: k is c) if exact else (lambda k: k.is_sub(c))
        if k == 'append':
            have = self.objs_of(sc, joins, simple=True)
            v = r.choice(have)[0] if have and self.chance(0.5) else self.ctor(sc, c, 1, exact=exact)
            return ['%s.append(%s)' % (name, v), 'print(len(%s))' % name]
        if k == 'item':
            if not val:
                raise Reject()
            i = r.randrange(-len(val), len(val))
            f, t = r.choice(fs)
            out = ['%s[%d].%s = %s' % (name, i, f, self.e(sc, t, 1))]
            # who else sees it: the names that hold the same object
            for n, u in sc.env.items():
                if is_obj(u) and self.live(n) is val[i]:
                    out.append('print(%s.%s)' % (n, f))
                    self.feat('object in a list mutated through the list')
                    break
            else:
                out.append('print(%s[%d].%s)' % (name, i, f))
            return out
        if k == 'pop':
            if not val:
                raise Reject()
            v = self.fresh('popped')
            sc.env[v] = OBJ(c.name)
            return ['%s = %s.pop(%s)' % (v, name, r.choice(['', '0'])), 'print(%s.%s, len(%s))' % (v, r.choice(fs)[0], name)]
        if k == 'in':
            have = self.objs_of(sc, joins, simple=True)
            v, _ = self.choice(have)
            out = ['print(%s in %s, %s not in %s)' % (v, name, v, name)]
            lv = self.live(v)
            if val and any(x is lv or (c.has_op('__eq__') and x == lv) for x in val):
                out.append('print(%s.index(%s), %s.count(%s))' % (name, v, name, v))
            self.feat('in/index on a list of objects' + (' (__eq__)' if c.has_op('__eq__') else ''))
            return out
        if k == 'sort':
            ints = [f for f, t in fs if t in (INT, STR, FLOAT)]
            f = self.choice(ints)
            key = self.key_fn(c, f)
            rev = r.choice(['', ', reverse=True'])
            self.feat('sort(key=) of objects')
            return ['%s.sort(key=%s%s)' % (name, key, rev), 'print([%s(o) for o in %s])' % (key, name)]
        if k == 'sorted':
            if not c.has_op('__lt__') or 'order-objects' in self.avoid:
                raise Reject()
            self.feat('sorted() with __lt__')
            fs = [f for f, t in fs if t != LINT] or [fs[0][0]]
            if self.chance(0.5):
                return ['%s.sort(%s)' % (name, r.choice(['', 'reverse=True'])),
                        'print([o.%s for o in %s])' % (r.choice(fs), name)]
            if not c.has_op('__repr__'):
                return ['print([o.%s for o in sorted(%s)])' % (r.choice(fs), name)]
            return ['print(sorted(%s))' % name]
        if k == 'minmax':
            if 'order-objects' in self.avoid or not val:
                raise Reject()
            fns = []
            if c.has_op('__lt__'):
                fns.append('min')
            if c.has_op('__gt__'):
                fns.append('max')
            fn = self.choice(fns)
            f = r.choice(fs)[0]
            self.feat('min/max of objects')
            return ['print(%s(%s).%s)' % (fn, name, f)]
        if k == 'reverse':
            return ['%s.reverse()' % name, 'print([o.%s for o in %s])' % (r.choice(fs)[0], name)]
        if not c.has_op('__repr__'):
            raise Reject()
        self.feat('list of objects printed')
        return ['print(%s)' % name]

    def key_fn(self, c, f):
        name = 'key_%s' % f
        if name not in self.funcs:
            self.add_func(name, 'def %s(o):\n    return o.%s\n' % (name, f))
        return name

    def add_func(self, name, src):
        compile(src, '<fn>', 'exec')
        exec(src, self.fn_ns)
        self.funcs[name] = src
        self.func_order.append(name)

    def s_dict(self, sc):
        r = self.rng
        dicts = [(n, self.cls(t[2])) for n, t in sc.env.items() if is_dobj(t)]
        if dicts and self.chance(0.6):
            n, c = r.choice(dicts)
            val = self.live(n)
            if not val:
                raise Reject()
            key = r.choice(list(val))
            k = self.pick([(2, 'mut'), (1, 'loop'), (1, 'add')])
            if k == 'mut':
                out = self.mutate_via(sc, '%s[%r]' % (n, key), c)
                for m, u in sc.env.items():
                    if is_obj(u) and self.live(m) is val[key]:
                        out.append('print(%s)' % ', '.join(self.watch(sc, m, c)))
                        self.feat('object in a dict mutated through the dict')
                        break
                return out
            if k == 'loop':
                kk = self.fresh('key')
                f = r.choice([f for f, t in c.fields() if not is_opt(t)])
                return ['for %s in %s:' % (kk, n), '    print(%s, %s[%s].%s)' % (kk, n, kk, f)]
            v = self.fresh('w')
            exact = 'subclass-into-list' in self.avoid
            return ['%s[%r] = %s' % (n, v, self.ctor(sc, c, 1, exact=exact)), 'print(len(%s), %r in %s)' % (n, v, n)]
        root = r.choice(self.roots)
        have = self.objs_of(sc, lambda c: c.root is root, simple=True)
        items = []
        classes = []
        for i in range(r.randint(1, 3)):
            if have and self.chance(0.6):
                v, c = r.choice(have)
            else:
                v = self.ctor(sc, root, 1)
                c = self.by_name[v.split('(')[0]]
            classes.append(c)
            items.append('%r: %s' % (r.choice(['a', 'b', 'c', 'k', 'z']) + str(i), v))
        n = self.fresh('d')
        sc.env[n] = ('dict', STR, OBJ(self.elem_class(root, classes).name))
        self.feat('dict of objects')
        return ['%s = {%s}' % (n, ', '.join(items))]

    def s_ops(self, sc):
        r = self.rng
        code, c = self.var_obj(sc, lambda c: c.root.ops - {'__repr__', '__str__'})
        have = [x for x, k in self.objs_of(sc, lambda k: k.root is c.root, simple=True)]
        other = r.choice(have)
        exprs = []
        for op in r.sample(sorted(c.root.ops), min(3, len(c.root.ops))):
            if op in ('__add__', '__sub__', '__mul__', '__neg__'):
                e = {'__add__': '%s + %s' % (code, other), '__sub__': '%s - %s' % (code, other),
                     '__mul__': '%s * %s' % (code, r.choice(['2', '3', '0', '-1'])), '__neg__': '-%s' % code}[op]
                fs = [f for f, t in c.root.fields() if not is_opt(t)]
                if c.root.printable() and self.chance(0.5):
                    exprs.append(e)
                else:
                    exprs.append('(%s).%s' % (e, r.choice(fs)))
            elif op == '__eq__':
                exprs.append('%s %s %s' % (code, r.choice(['==', '!=']), other))
            elif op == '__lt__':
                exprs.append('%s < %s' % (code, other))
            elif op == '__gt__':
                exprs.append('%s > %s' % (code, other))
            elif op == '__len__':
                exprs.append('len(%s)' % code)
            elif op == '__getitem__':
                exprs.append('%s[%s]' % (code, self.e(sc, INT, 2)))
            elif op == '__contains__':
                exprs.append('%s %s %s' % (self.e(sc, INT, 2), r.choice(['in', 'not in']), code))
            elif op == '__bool__':
                exprs.append(r.choice(['bool(%s)', 'not %s']) % code)
        if not exprs:
            raise Reject()
        self.feat('operator methods')
        out = ['print(%s)' % ', '.join(exprs)]
        if (c.has_op('__bool__') or c.has_op('__len__')) and self.chance(0.3):
            out = ['if %s:' % code, '    print("truthy")', 'else:', '    print("falsy")']
        if '__add__' in c.root.ops and self.chance(0.3):
            n = self.fresh('sum')
            sc.env[n] = OBJ(c.root.name)
            out = ['%s = %s + %s' % (n, code, other), 'print(%s)' % ', '.join(self.watch(sc, n, c.root))]
        return out

    def s_repr(self, sc):
        r = self.rng
        objs = self.objs_of(sc, lambda c: c.printable())
        code, c = self.choice(objs)
        forms = ['print(%s)' % code, 'print(str(%s))' % code, 'print(f"<{%s}>")' % code]
        if c.has_op('__repr__'):
            forms += ['print(repr(%s))' % code, 'print(f"{%s!r}")' % code]
            reprs = [x for x, k in objs if k.has_op('__repr__') and k.root is c.root]
            forms.append('print([%s])' % ', '.join(r.sample(reprs, min(3, len(reprs)))))
        self.feat('__repr__/__str__ printed')
        return [r.choice(forms)]

    def s_consts(self, sc):
        r = self.rng
        exprs = []
        for c in r.sample(self.classes, min(3, len(self.classes))):
            ks = c.all_consts()
            if ks:
                exprs.append('%s.%s' % (c.name, r.choice(ks)))
        objs = self.objs_of(sc, lambda c: c.all_consts())
        if objs:
            code, c = r.choice(objs)
            exprs.append('%s.%s' % (code, r.choice(c.all_consts())))
        st = [(c, n) for c in self.classes for n in c.statics]
        if st:
            c, n = r.choice(st)
            exprs.append('%s.%s(%s)' % (c.name, n, ', '.join(self.e(sc, INT, 2) for _ in c.statics[n][0])))
        if not exprs:
            raise Reject()
        return ['print(%s)' % ', '.join(exprs)]

    def s_isinstance(self, sc):
        r = self.rng
        objs = self.objs_of(sc)
        exprs = []
        for code, c in r.sample(objs, min(3, len(objs))):
            exprs.append('isinstance(%s, %s)' % (code, r.choice(c.root.subtree()).name))
        if not exprs:
            raise Reject()
        return ['print(%s)' % ', '.join(exprs)]

    def s_rebind(self, sc):
        r = self.rng
        ws = [n for n in self.widened if n in sc.env and is_obj(sc.env[n])]
        n = self.choice(ws)
        c = self.cls(sc.env[n])
        code = self.ctor(sc, c, 1)
        self.feat('variable rebound to a sibling class')
        return ['%s = %s' % (n, code), 'print(%s)' % ', '.join(self.watch(sc, n, c))]

    # ------------------------------------------------------------------------------------ functions
    def s_helper(self, sc):
        r = self.rng
        if self.helpers and self.chance(0.4):
            name, kind, root, call = r.choice(self.helpers)
        else:
            root = r.choice(self.roots)
            kind = r.choice(['mutate', 'mutate_all', 'best', 'total', 'swap', 'relink', 'depth', 'make'])
            name, call = self.make_helper(kind, root)
            self.helpers.append((name, kind, root, call))
        return call(sc)

    def make_helper(self, kind, root):
        r = self.rng
        fs = [(f, t) for f, t in root.fields() if not is_opt(t)]
        links = [(f, t) for f, t in root.fields() if is_opt(t)]
        ints = [f for f, t in fs if t == INT]
        name = self.fresh(kind)
        if kind == 'mutate':
            f, t = r.choice(fs)
            if t == LINT:
                src = 'def %s(o, v):\n    o.%s.append(len(o.%s) + v)\n' % (name, f, f)
                t = INT
            else:
                src = 'def %s(o, v):\n    o.%s = v\n' % (name, f)
            self.add_func(name, src)

            def call(sc):
                code, c = self.var_obj(sc, lambda c: c.root is root)
                self.feat('function mutates its argument')
                return ['%s(%s, %s)' % (name, code, self.e(sc, t, 1)), 'print(%s)' % ', '.join(self.watch(sc, code, c))]
            return name, call
        if kind == 'mutate_all':
            muts = [s for s in root.all_sigs().values() if s.ret is None and s.params == [INT]]
            if muts and self.chance(0.6):
                body = '        o.%s(k)' % r.choice(muts).name
            elif ints:
                f = r.choice(ints)
                body = '        o.%s = (o.%s + k) %% 1009' % (f, f)
            else:
                raise Reject()
            self.add_func(name, 'def %s(objs, k):\n    for o in objs:\n%s\n' % (name, body))

            def call(sc):
                n, c = self.choice([(n, c) for n, c in self.lists_of_objs(sc) if c.root is root])
                out = ['%s(%s, %s)' % (name, n, self.e(sc, INT, 2))]
                watchers = [m for m, u in sc.env.items() if is_obj(u) and self.cls(u).root is root
                            and any(x is self.live(m) for x in (self.live(n) or []))]
                if watchers:
                    m = r.choice(watchers)
                    out.append('print(%s)' % ', '.join(self.watch(sc, m, self.cls(sc.env[m]))))
                    self.feat('objects in a list mutated by a function, seen through another name')
                else:
                    out.append('print([o.%s for o in %s])' % (r.choice(fs)[0], n))
                return out
            return name, call
        if kind == 'best':
            keys = [f for f, t in fs if t in (INT, FLOAT, STR)]
            f = self.choice(keys)
            cmp = r.choice(['>', '<', '>='])
            self.add_func(name, 'def %s(objs):\n    best = objs[0]\n    for o in objs:\n        if o.%s %s best.%s:\n'
                          '            best = o\n    return best\n' % (name, f, cmp, f))

            def call(sc):
                n, c = self.choice([(n, c) for n, c in self.lists_of_objs(sc) if c.root is root and self.live(n)])
                v = self.fresh('best')
                sc.env[v] = OBJ(c.name)
                out = ['%s = %s(%s)' % (v, name, n)]
                out += self.mutate_via(sc, v, c)
                out.append('print(%s, %s)' % (', '.join(self.watch(sc, v, c)), '[o is %s for o in %s]' % (v, n)))
                self.feat('function returns one of its arguments')
                return out
            return name, call
        if kind == 'total':
            sigs = [s for s in root.all_sigs().values() if s.ret == INT and not any(is_obj(t) for t in s.params)]
            if sigs and self.chance(0.6):
                s = r.choice(sigs)
                val = 'o.%s(%s)' % (s.name, ', '.join(str(r.randint(0, 5)) for _ in s.params))
            elif ints:
                val = 'o.%s' % r.choice(ints)
            else:
                raise Reject()
            self.add_func(name, 'def %s(objs):\n    t = 0\n    for o in objs:\n        t = (t + %s) %% 100003\n    return t\n' % (name, val))

            def call(sc):
                n, c = self.choice([(n, c) for n, c in self.lists_of_objs(sc) if c.root is root])
                return ['print(%s(%s))' % (name, n)]
            return name, call
        if kind == 'swap':
            f, t = r.choice(fs)
            self.add_func(name, 'def %s(a, b):\n    t = a.%s\n    a.%s = b.%s\n    b.%s = t\n' % (name, f, f, f, f))

            def call(sc):
                objs = self.objs_of(sc, lambda c: c.root is root, simple=True)
                (a, ca), (b, cb) = self.choice(objs), self.choice(objs)
                self.feat('function swaps attributes of two objects')
                return ['%s(%s, %s)' % (name, a, b), 'print(%s.%s, %s.%s)' % (a, f, b, f)]
            return name, call
        if kind == 'relink':
            f, t = self.choice(links)
            self.add_func(name, 'def %s(a, b):\n    a.%s = b\n    return a\n' % (name, f))

            def call(sc):
                a, ca = self.var_obj(sc, lambda c: c.root is root)
                b = self.store_value(sc, t)
                if b == 'None':
                    raise Reject()
                self.feat('Optional attribute assigned by a function')
                return ['print(%s(%s, %s) is %s)' % (name, a, b, a), 'print(%s.%s is None)' % (a, f)]
            return name, call
        if kind == 'depth':
            selfl = [f for f, t in links if t[1] == root.name]
            f = self.choice(selfl)
            self.add_func(name, 'def %s(node):\n    if node is None:\n        return 0\n    return 1 + %s(node.%s)\n' % (name, name, f))

            def call(sc):
                a, ca = self.var_obj(sc, lambda c: c.root is root)
                self.feat('recursion over an Optional chain')
                return ['print(%s(%s), %s(%s.%s))' % (name, a, name, a, f)]
            return name, call
        if kind == 'make':
            n = self.fresh('n')
            sc = Scope({'i': INT, n: INT}, None, 0)
            ctor = self.ctor(sc, root, 1)
            self.add_func(name, 'def %s(%s):\n    out = []\n    for i in range(%s):\n        out.append(%s)\n    return out\n'
                          % (name, n, n, ctor))

            def call(sc):
                v = self.fresh('made')
                sc.env[v] = LOBJ(self.elem_class(root, [self.by_name[ctor.split('(')[0]]]).name)
                self.feat('factory function returning a list of objects')
                return ['%s = %s(%d)' % (v, name, r.randint(0, 4)),
                        'print(len(%s), [o.%s for o in %s])' % (v, r.choice(fs)[0], v)]
            return name, call
        raise Reject()

    # ------------------------------------------------------------------------------------ links
    def s_link(self, sc):
        r = self.rng
        cands = [(code, c, f, t) for code, c in self.objs_of(sc, simple=True) for f, t in c.fields() if is_opt(t)]
        code, c, f, t = self.choice(cands)
        target = self.cls(t)
        k = self.pick([(2, 'chain'), (1, 'walk'), (1, 'read')])
        if k == 'chain':
            objs = [x for x, kk in self.objs_of(sc, lambda kk: kk.is_sub(target), simple=True) if x != code]
            n = r.randint(1, 3) if target.field_type(f) == t else 1
            chain = [code] + [r.choice(objs) if objs and self.chance(0.5) else self.ctor(sc, target, 1) for _ in range(n)]
            out = []
            cur = code
            for x in chain[1:]:
                out.append('%s.%s = %s' % (cur, f, x))
                cur = '%s.%s' % (cur, f)
            fs = [g for g, u in target.fields() if not is_opt(u)]
            out.append('print(%s.%s, %s is None)' % (cur, r.choice(fs), cur + '.' + f if target.field_type(f) == t else cur))
            self.feat('Optional chain built')
            return out
        if k == 'walk':
            if target.field_type(f) != t or not c.is_sub(target):
                raise Reject()
            node = self.fresh('node')
            sc.env[node] = OPT(target.name)
            fs = [g for g, u in target.fields() if not is_opt(u)]
            self.feat('while node is not None')
            hop = self.fresh('hops')
            return ['%s = %s' % (node, code), '%s = 0' % hop,
                    'while %s is not None and %s < 20:' % (node, hop),
                    '    print(%s.%s)' % (node, r.choice(fs)), '    %s = %s.%s' % (node, node, f),
                    '    %s = %s + 1' % (hop, hop)]
        val = self.live('%s.%s' % (code, f))
        fs = [g for g, u in target.fields() if not is_opt(u)]
        g = r.choice(fs)
        if val is None:
            self.feat('if x is None')
            return ['if %s.%s is None:' % (code, f), '    print("none")', 'else:', '    print(%s.%s.%s)' % (code, f, g)]
        return ['print(%s.%s.%s)' % (code, f, g)]

    # ------------------------------------------------------------------------------------ structures
    def make_linked(self):
        """A linked list (node class + list class) from a template with a random set of methods."""
        r = self.rng
        node, lst = self.unique(['LNode', 'Link', 'Cons']), self.unique(['Chain', 'LinkedList', 'Queue'])
        val, nxt, head = r.choice(['val', 'value', 'data']), r.choice(['nxt', 'next', 'tail']), r.choice(['head', 'first'])
        methods = {
            'push': ['def push(self, v):', '    self.%s = %s(v, self.%s)' % (head, node, head), '    self.size = self.size + 1'],
            'append': ['def append(self, v):', '    n = %s(v, None)' % node, '    if self.%s is None:' % head,
                       '        self.%s = n' % head, '    else:', '        cur = self.%s' % head,
                       '        while cur.%s is not None:' % nxt, '            cur = cur.%s' % nxt,
                       '        cur.%s = n' % nxt, '    self.size = self.size + 1'],
            'to_list': ['def to_list(self):', '    out: list[int] = []', '    cur = self.%s' % head,
                        '    while cur is not None:', '        out.append(cur.%s)' % val, '        cur = cur.%s' % nxt,
                        '    return out'],
            'find': ['def find(self, v):', '    cur = self.%s' % head, '    while cur is not None:',
                     '        if cur.%s == v:' % val, '            return cur', '        cur = cur.%s' % nxt, '    return None'],
            'reverse': ['def reverse(self):', '    prev = None', '    cur = self.%s' % head, '    while cur is not None:',
                        '        after = cur.%s' % nxt, '        cur.%s = prev' % nxt, '        prev = cur',
                        '        cur = after', '    self.%s = prev' % head],
            'remove': ['def remove(self, v):', '    if self.%s is None:' % head, '        return False',
                       '    if self.%s.%s == v:' % (head, val), '        self.%s = self.%s.%s' % (head, head, nxt),
                       '        self.size = self.size - 1', '        return True', '    cur = self.%s' % head,
                       '    while cur.%s is not None:' % nxt, '        if cur.%s.%s == v:' % (nxt, val),
                       '            cur.%s = cur.%s.%s' % (nxt, nxt, nxt), '            self.size = self.size - 1',
                       '            return True', '        cur = cur.%s' % nxt, '    return False'],
            'total': ['def total(self):', '    s = 0', '    cur = self.%s' % head, '    while cur:',
                      '        s = s + cur.%s' % val, '        cur = cur.%s' % nxt, '    return s'],
        }
        chosen = ['push', 'to_list'] + r.sample(['append', 'find', 'reverse', 'remove', 'total'], r.randint(1, 4))
        src = ['class %s:' % node, '    def __init__(self, %s, %s):' % (val, nxt), '        self.%s = %s' % (val, val),
               '        self.%s = %s' % (nxt, nxt), '']
        if self.chance(0.6):
            src += ['    def __repr__(self):', '        return f"%s({self.%s})"' % (node, val), '']
        src += ['', 'class %s:' % lst, '    def __init__(self):', '        self.%s = None' % head, '        self.size = 0', '']
        for m in chosen:
            src += ['    ' + x for x in methods[m]] + ['']
        src += ['    def __len__(self):', '        return self.size']
        self.structs.append('\n'.join(src))
        exec('\n'.join(src), self.fn_ns)
        self.linked.append(dict(node=node, lst=lst, val=val, nxt=nxt, head=head, methods=chosen,
                                node_repr='__repr__' in '\n'.join(src[:8])))
        self.feat('linked list')

    def s_linked(self, sc):
        r = self.rng
        L = r.choice(self.linked)
        mine = [n for n, t in sc.env.items() if t == ('struct', L['lst'])]
        if not mine or self.chance(0.15):
            n = self.fresh('ll')
            sc.env[n] = ('struct', L['lst'])
            out = ['%s = %s()' % (n, L['lst'])]
            low = 2 if 'none-only-attr' in self.avoid else 0
            out += ['%s.push(%d)' % (n, r.randint(-5, 20)) for _ in range(r.randint(low, 5))]
            return out + ['print(%s.to_list(), len(%s))' % (n, n)]
        n = r.choice(mine)
        m = r.choice(L['methods'] + ['head'])
        v = r.randint(-5, 20)
        known = self.live('%s.to_list()' % n)
        if known and self.chance(0.6):
            v = r.choice(known)
        if m == 'push' or m == 'append':
            return ['%s.%s(%d)' % (n, m, v), 'print(%s.to_list())' % n]
        if m == 'find':
            f = self.fresh('found')
            sc.env[f] = OPT(L['node'])
            out = ['%s = %s.find(%d)' % (f, n, v)]
            if self.chance(0.5):
                out += ['if %s is None:' % f, '    print("missing")', 'else:',
                        '    print(%s.%s, %s.%s is None)' % (f, L['val'], f, L['nxt'])]
            else:
                out += ['print(%s is None)' % f]
            if L['node_repr']:
                out.append('print(%s)' % f)
            self.feat('method returns an Optional')
            return out
        if m == 'head':
            if L['node_repr']:
                return ['print(%s.%s, %s.%s is None)' % (n, L['head'], n, L['head'])]
            return ['print(%s.%s is None)' % (n, L['head'])]
        if m in ('remove',):
            return ['print(%s.remove(%d), %s.to_list(), len(%s))' % (n, v, n, n)]
        if m == 'to_list':
            a = self.fresh('vals')
            sc.env[a] = LINT
            return ['%s = %s.to_list()' % (a, n), '%s.append(99)' % a, 'print(%s, %s.to_list())' % (a, n)]
        return ['%s%s' % ('print(%s.%s())' % (n, m) if m == 'total' else '%s.%s()' % (n, m), ''),
                'print(%s.to_list())' % n]

    def make_tree(self):
        r = self.rng
        node = self.unique(['TNode', 'Leaf', 'BNode'])
        key, left, right = r.choice(['key', 'k'] + ([] if 'attribute-named-item' in self.avoid else ['item'])), r.choice(['left', 'lo']), r.choice(['right', 'hi'])
        ins = self.fresh('insert')
        fns = {
            'insert': 'def %s(node, k):\n    if node is None:\n        return %s(k)\n    if k < node.%s:\n'
                      '        node.%s = %s(node.%s, k)\n    elif k > node.%s:\n        node.%s = %s(node.%s, k)\n'
                      '    else:\n        node.count = node.count + 1\n    return node\n'
                      % (ins, node, key, left, ins, left, key, right, ins, right),
            'height': 'def %s(node):\n    if node is None:\n        return 0\n    return 1 + max(%s(node.%s), %s(node.%s))\n',
            'total': 'def %s(node):\n    if node is None:\n        return 0\n    return node.%s * node.count + %s(node.%s) + %s(node.%s)\n',
            'inorder': 'def %s(node, out):\n    if node is not None:\n        %s(node.%s, out)\n        out.append(node.%s)\n'
                       '        %s(node.%s, out)\n',
            'find': 'def %s(node, k):\n    while node is not None:\n        if k == node.%s:\n            return node\n'
                    '        if k < node.%s:\n            node = node.%s\n        else:\n            node = node.%s\n    return None\n',
            'leaves': 'def %s(node):\n    if node is None:\n        return 0\n    if node.%s is None and node.%s is None:\n'
                      '        return 1\n    return %s(node.%s) + %s(node.%s)\n',
            'smallest': 'def %s(node):\n    while node.%s is not None:\n        node = node.%s\n    return node.%s\n',
        }
        names = {'insert': ins}
        for k in ['height', 'total', 'inorder', 'find', 'leaves', 'smallest']:
            nm = self.fresh(k)
            names[k] = nm
            args = {'height': (nm, nm, left, nm, right), 'total': (nm, key, nm, left, nm, right),
                    'inorder': (nm, nm, left, key, nm, right), 'find': (nm, key, key, left, right),
                    'leaves': (nm, left, right, nm, left, nm, right), 'smallest': (nm, left, left, key)}[k]
            fns[k] = fns[k] % args
        cls = ['class %s:' % node, '    def __init__(self, %s):' % key, '        self.%s = %s' % (key, key),
               '        self.%s = None' % left, '        self.%s = None' % right, '        self.count = 1']
        self.structs.append('\n'.join(cls))
        exec('\n'.join(cls), self.fn_ns)
        for k, src in fns.items():
            self.add_func(names[k], src)
        self.trees.append(dict(node=node, key=key, left=left, right=right, fns=names))
        self.feat('binary search tree')

    def s_tree(self, sc):
        r = self.rng
        T = r.choice(self.trees)
        mine = [n for n, t in sc.env.items() if t == OPT(T['node'])]
        fn = T['fns']
        if not mine or self.chance(0.15):
            n = self.fresh('root')
            sc.env[n] = OPT(T['node'])
            keys = [r.randint(0, 30) for _ in range(r.randint(1, 9))]
            if 'none-only-attr' in self.avoid:
                keys = [15, 5, 25] + keys
            return ['%s = None' % n, 'for k in %r:' % keys, '    %s = %s(%s, k)' % (n, fn['insert'], n),
                    'print(%s(%s), %s(%s))' % (fn['height'], n, fn['total'], n)]
        n = r.choice(mine)
        k = self.pick([(2, 'insert'), (2, 'inorder'), (1, 'find'), (1, 'leaves'), (1, 'smallest'), (1, 'path')])
        if k == 'insert':
            return ['%s = %s(%s, %d)' % (n, fn['insert'], n, r.randint(0, 30)), 'print(%s(%s))' % (fn['height'], n)]
        if k == 'inorder':
            out = self.fresh('keys')
            sc.env[out] = LINT
            return ['%s: list[int] = []' % out, '%s(%s, %s)' % (fn['inorder'], n, out), 'print(%s)' % out]
        if k == 'find':
            f = self.fresh('hit')
            sc.env[f] = OPT(T['node'])
            return ['%s = %s(%s, %d)' % (f, fn['find'], n, r.randint(0, 30)),
                    'print(%s is None, %s(%s), %s(%s))' % (f, fn['height'], f, fn['total'], f)]
        if k == 'leaves':
            return ['print(%s(%s))' % (fn['leaves'], n)]
        if k == 'smallest':
            if self.live(n) is None:
                raise Reject()
            return ['print(%s(%s))' % (fn['smallest'], n)]
        path = []
        node = self.live(n)
        code = n
        while node is not None and len(path) < 3:
            side = r.choice([T['left'], T['right']])
            nxt = getattr(node, side)
            if nxt is None:
                break
            code = '%s.%s' % (code, side)
            node = nxt
            path.append(side)
        if not path:
            raise Reject()
        return ['print(%s.%s, %s.count)' % (code, T['key'], code)]

    # ------------------------------------------------------------------------------------ the end
    def error_stmt(self, sc):
        """A statement that reads an attribute of None (CPython's AttributeError)."""
        r = self.rng
        k = self.pick([(3, 'attr'), (2, 'method'), (1, 'deep'), (1, 'walk'), (1 if self.trees else 0, 'tree'),
                       (1 if self.linked else 0, 'linked')])
        if k in ('attr', 'method', 'walk', 'deep'):
            cands = [(code, c, f, t) for code, c in self.obj_atoms(sc) for f, t in c.fields()
                     if is_opt(t) and (c.root.name, f) in self.stored]
            code, c, f, t = self.choice(cands)
            target = self.cls(t)
            fs = [g for g, u in target.fields() if not is_opt(u)]
            if k == 'attr':
                if self.live('%s.%s' % (code, f)) is not None:
                    raise Reject()
                return ['print(%s.%s.%s)' % (code, f, r.choice(fs))]
            if k == 'method':
                if self.live('%s.%s' % (code, f)) is not None:
                    raise Reject()
                sigs = list(target.all_sigs().values())
                s = self.choice(sigs)
                call = self.call_code(sc, '%s.%s' % (code, f), s, 1)
                return ['print(%s)' % call if s.ret is not None and self.show_type(s.ret) else call]
            if target.field_type(f) != t or not SIMPLE_NAME.match(code):
                raise Reject()
            if k == 'walk':
                node = self.fresh('node')
                return ['%s = %s' % (node, code), 'while %s.%s is not None:' % (node, f),
                        '    %s = %s.%s' % (node, node, f), 'print(%s.%s.%s)' % (node, f, r.choice(fs))]
            name = self.fresh('second')
            self.add_func(name, 'def %s(o):\n    return o.%s.%s.%s\n' % (name, f, f, r.choice(fs)))
            return ['print(%s(%s))' % (name, code)]
        if k == 'tree':
            T = r.choice(self.trees)
            roots = [n for n, t in sc.env.items() if t == OPT(T['node'])]
            n = self.choice(roots)
            side = r.choice([T['left'], T['right']])
            path = '.'.join([n] + [side] * r.randint(1, 4))
            if self.live(path) is not None:
                raise Reject()
            return ['print(%s.%s.%s)' % (path, r.choice([T['left'], T['right']]), T['key'])]
        L = r.choice(self.linked)
        lls = [n for n, t in sc.env.items() if t == ('struct', L['lst'])]
        n = self.choice(lls)
        path = '%s.%s' % (n, L['head']) + ('.' + L['nxt']) * r.randint(0, 3)
        return ['print(%s.%s)' % (path, L['val'])]

    def ensure_stores(self):
        """Every Optional attribute gets an object somewhere (a None-only attribute is 'none-only-attr')."""
        for root in self.roots:
            for c in root.subtree():
                for f, t in c.own_fields:
                    if not is_opt(t) or (root.name, f) in self.stored:
                        continue
                    if 'none-only-attr' not in self.avoid and self.chance(0.1):
                        continue
                    sc = Scope(dict(self.env), live=True, limit=1 << 30)
                    objs = self.objs_of(sc, lambda k: k.is_sub(c), simple=True)
                    new = []
                    if objs:
                        code = self.rng.choice(objs)[0]
                    else:
                        code = self.fresh('holder')
                        new.append('%s = %s' % (code, self.ctor(sc, c, 1)))
                    new.append('%s.%s = %s' % (code, f, self.ctor(sc, self.cls(t), 1)))
                    ns = self.trial('\n'.join(new) + '\n')
                    if ns is not None:
                        self.ns = ns
                        self.lines += new
                        self.env[code] = self.env.get(code, OBJ(c.name))
                        self.stored.add((root.name, f))

    def note_stores(self, lines):
        for line in lines:
            for m in re.finditer(r'\.(\w+) = (?!None\b)', line):
                for root in self.roots:
                    for c in root.subtree():
                        for f, t in c.own_fields:
                            if f == m.group(1) and is_opt(t):
                                self.stored.add((root.name, f))

    def stmt(self, sc):
        has_lists = any(is_lobj(t) for t in sc.env.values())
        has_links = any(is_opt(t) for c in self.classes for _, t in c.fields())
        k = self.pick([(3, 's_new_obj'), (4, 's_print'), (4, 's_call'), (2, 's_set_attr'), (2, 's_alias'),
                       (2, 's_new_list'), (3 * has_lists, 's_loop'), (3 * has_lists, 's_list_ops'),
                       (1.5, 's_dict'), (2.5, 's_helper'), (2, 's_ops'), (2, 's_repr'), (1, 's_consts'),
                       (1, 's_isinstance'), (1 if self.widened else 0, 's_rebind'), (3 * has_links, 's_link'),
                       (3 * bool(self.linked), 's_linked'), (3 * bool(self.trees), 's_tree'),
                       (5 * self.has_raising(), 's_try')])
        lines = getattr(self, k)(sc)
        return lines

    def has_raising(self):
        return self.excs is not None and any(s.raising for c in self.classes for s in c.sigs.values())

    def program(self):
        r = self.rng
        self.roots = []
        if 'exceptions' not in self.avoid and self.chance(0.85):
            self.make_excs()
        for _ in range(r.randint(1, 2)):
            self.roots.append(self.make_hierarchy(self.roots))
        for c in self.classes:
            exec(self.class_src(c), self.fn_ns)
        if self.chance(0.3):
            self.make_linked()
        if self.chance(0.3):
            self.make_tree()
        for root in self.roots:
            for _ in range(2):
                self.attempt(lambda sc: self.s_new_obj(sc))
        if self.linked:
            self.attempt(lambda sc: self.s_linked(sc))
        if self.trees:
            self.attempt(lambda sc: self.s_tree(sc))
        if 'uninstantiated-subclass' in self.avoid:
            for c in self.classes:
                self.attempt(lambda sc: self.s_new_obj(sc, c))
        n_stmts = r.randint(25, 45)
        for _ in range(n_stmts):
            if self.attempt(lambda sc: self.stmt(sc)):
                self.note_stores(self.lines[-6:])
            if len(self.lines) > 300:
                break
        self.ensure_stores()
        ends_in_error = self.chance(ERROR_END_P)
        if ends_in_error:
            for _ in range(30):
                sc = Scope(dict(self.env), live=True, limit=1 << 30)
                funcs = dict(self.funcs), list(self.func_order)
                try:
                    body = self.error_stmt(sc)
                except Reject:
                    continue
                err = self.trial('\n'.join(body) + '\n', expect_error=True)
                if err is not None and "'NoneType' object has no attribute" in str(err):
                    self.lines += body
                    self.feat('ends in AttributeError of None')
                    break
                self.funcs, self.func_order = dict(funcs[0]), list(funcs[1])
            else:
                ends_in_error = False
        return self.assemble()

    def assemble(self):
        out = []
        for x in self.excs or []:
            out += ['', ''] + x.src().split('\n')
        for c in self.classes:
            out += ['', ''] + self.class_src(c).split('\n')
        for s in self.structs:
            out += ['', ''] + s.split('\n')
        body = '\n'.join(self.lines)
        used = set(n for n in self.func_order if re.search(r'\b%s\(' % n, body))
        grown = True
        while grown:   # and the functions they call
            more = set(n for n in self.func_order if n not in used and
                       any(re.search(r'\b%s\b' % n, self.funcs[m]) for m in used))
            used |= more
            grown = bool(more)
        used = [n for n in self.func_order if n in used]
        for n in used:
            out += ['', ''] + self.funcs[n].rstrip('\n').split('\n')
        out += ['', ''] + self.lines
        while out and out[0] == '':
            out.pop(0)
        return '\n'.join(out) + '\n'


class ExcCls:
    """A user exception class: its base (a class name), its constructor's parameters, the form of
    its __init__ (None: inherited)."""

    def __init__(self, name, base, params, init, lines):
        self.name, self.base, self.params, self.init, self.lines = name, base, params, init, lines

    def src(self):
        return '\n'.join(['class %s(%s):' % (self.name, self.base)] + ['    ' + x for x in self.lines])


class Errors:
    """User exceptions, methods that raise them (or built-in ones), module-level functions they
    propagate through, try statements at top level (mixed into Prog; --avoid exceptions)."""

    # ---- exception classes
    def make_excs(self):
        r = self.rng
        self.excs = []
        for _ in range(self.pick([(3, 1), (2, 2)])):
            x = self.new_exc(r.choice(EXC_BASES), self.pick([(3, 'plain'), (1, 'msg'), (2, 'code'), (1, 'code2')]))
            if self.chance(0.5):
                form = 'plain' if x.init is None else 'inherit'
                if x.params == [INT] and self.chance(0.5) and 'exception-init-chain' not in self.avoid:
                    form = 'recompose'
                elif x.params == [STR] and self.chance(0.5):
                    form = 'code'
                self.new_exc(x.name, form, x)
        for x in self.excs:
            exec(x.src(), self.fn_ns)
        self.feat('user exception classes')

    def new_exc(self, base, form, parent=None):
        """A user exception class. pyscript keeps an exception's message only: its __init__ may
        just call super().__init__(message) (Note [Exception classes of the program])."""
        r = self.rng
        name = self.unique(EXC_NAMES)
        doc = '"""Raised when a %s fails."""' % name.lower()
        if form == 'plain':
            x = ExcCls(name, base, parent.params if parent else [STR], None, [r.choice(['pass', doc])])
        elif form == 'inherit':
            x = ExcCls(name, base, parent.params, None, ['pass'])
        elif form == 'msg':
            x = ExcCls(name, base, [STR], 'msg', ['def __init__(self, msg):', '    super().__init__(msg)'])
        elif form == 'code':
            msg = r.choice(['"%s " + str(n)' % name.lower(), 'f"{n} is out of range"', '"n=%d" % n', 'f"{n:+d} left"'])
            x = ExcCls(name, base, [INT], 'code', ['def __init__(self, n):', '    super().__init__(%s)' % msg])
            self.feat('exception class composes its message')
        elif form == 'code2':
            x = ExcCls(name, base, [STR, INT], 'code2', ['def __init__(self, what, n):',
                                                         '    super().__init__(what + " #" + str(n))'])
            self.feat('exception class composes its message')
        else:   # 'recompose': passes its parent's __init__ an argument it composes a message of
            x = ExcCls(name, base, [INT], 'recompose', ['def __init__(self, n):', '    super().__init__(n * 10 + 1)'])
            self.feat('exception __init__ calls its base\'s __init__')
        if self.chance(0.3) and x.lines[0] != doc:
            x.lines.insert(0, doc)
        self.excs.append(x)
        self.exc_by_name[name] = x
        return x

    def exc_init(self, name):
        """The form of the __init__ an exception of user class name runs (None: Exception's)."""
        x = self.exc_by_name.get(name)
        while x is not None and x.init is None:
            x = self.exc_by_name.get(x.base)
        return x.init if x else None

    def exc_chain(self, name):
        """The class names whose handlers catch an exception of class name."""
        out = []
        while name is not None:
            out.append(name)
            x = self.exc_by_name.get(name)
            name = x.base if x else BUILTIN_PARENT[name]
        return out

    def raised_by(self, sig, depth=0):
        """What a call of sig may raise: its own raises and what escapes the handlers around its calls."""
        out = list(sig.own)
        for callee, caught in sig.via if depth < 12 else []:
            for x in self.raised_by(callee, depth + 1):
                if not set(caught) & set(self.exc_chain(x)) and x not in out:
                    out.append(x)
        return out

    def pick_exc(self):
        users = [x.name for x in self.excs]
        return self.pick([(6, 'user'), (1, 'ValueError'), (1, 'KeyError'), (1, 'IndexError'), (1, 'RuntimeError'),
                          (0.5, 'NotImplementedError'), (0.5, 'ZeroDivisionError'), (0.7, 'AssertionError')]) \
            .replace('user', self.rng.choice(users))

    # ---- methods that raise
    def msg_expr(self, sc, k):
        r = self.rng
        c = sc.cls
        strs = [f for f, t in c.fields() if t == STR]
        ints = [f for f, t in c.fields() if t == INT]
        opts = ['"bad %s " + str(%s)' % (r.choice(['amount', 'input', 'step', 'index']), k),
                'f"%s refuses {%s}"' % (c.name, k), '"%%s: %%d" %% (%r, %s)' % (c.name.lower(), k),
                repr(r.choice(['empty', 'not ready', 'over the limit', 'no', '']))]
        if strs:
            f = r.choice(strs)
            opts += ['"no " + self.%s' % f, 'f"{self.%s!r} got {%s}"' % (f, k)]
        if ints:
            opts.append('"need " + str(self.%s - %s)' % (r.choice(ints), k))
        return r.choice(opts)

    def raise_code(self, sc, exc, k):
        r = self.rng
        x = self.exc_by_name.get(exc)
        if x:
            self.feat('raise a user exception')
            if self.exc_init(exc) is None and self.chance(0.2):
                return r.choice(['raise %s', 'raise %s()']) % exc
            ints = [f for f, t in sc.cls.fields() if t == INT]
            args = [self.msg_expr(sc, k) if t == STR else
                    r.choice([k, '%s * 2' % k] + ['self.%s' % f for f in ints]) for t in x.params]
            return 'raise %s(%s)' % (exc, ', '.join(args))
        strs = [f for f, t in sc.cls.fields() if t == STR]
        if exc == 'KeyError':
            return 'raise KeyError(%s)' % r.choice([k, self.msg_expr(sc, k)] + ['self.%s' % f for f in strs])
        if exc == 'RuntimeError' and self.chance(0.3):
            return 'raise RuntimeError'
        if exc == 'NotImplementedError':
            return 'raise NotImplementedError(%r)' % (sc.cls.name + '.' + sc.method.name)
        return 'raise %s(%s)' % (exc, self.msg_expr(sc, k))

    def raise_cond(self, c, k):
        r = self.rng
        ints = [f for f, t in c.fields() if t == INT]
        lists = [f for f, t in c.fields() if t == LINT]
        strs = [f for f, t in c.fields() if t == STR]
        bools = [f for f, t in c.fields() if t == BOOL]
        opts = ['%s < 0' % k, '%s %% %d == %d' % (k, r.choice([2, 3, 4]), r.randint(0, 1)), '%s > %d' % (k, r.choice([2, 3, 5, 10]))]
        opts += ['%s > self.%s' % (k, f) for f in ints] + ['self.%s %% %d == 0' % (f, r.choice([2, 3])) for f in ints]
        opts += ['self.%s + %s > %d' % (f, k, r.choice([5, 10, 20])) for f in ints]
        opts += ['len(self.%s) <= %s' % (f, k) for f in lists] + ['%s in self.%s' % (k, f) for f in lists]
        opts += ['len(self.%s) > %s' % (f, k) for f in strs] + ['not self.%s' % f for f in bools]
        cond = r.choice(opts)
        if self.chance(0.2):
            cond = '%s %s %s' % (cond, r.choice(['and', 'or']), r.choice(opts))
        return cond

    def raising_body(self, c, sig, sc, names):
        r = self.rng
        k = names[0]
        if sig.kind == 'relay':
            return self.relay_body(c, sig, sc, k)
        body = []
        if self.chance(0.6):
            body += self.m_mutation(sc, names)
            self.feat('object partly updated before a raise')
        if sig.kind == 'implicit':
            line, exc = self.implicit_raise(c, k)
            self.add_raise(sig, exc)
            return body + [line]
        for _ in range(self.pick([(3, 1), (1, 2)])):
            cond = self.raise_cond(c, k)
            exc = self.pick_exc()
            if exc == 'AssertionError':
                msg = repr(self.rng.choice(['too big', 'negative', 'check failed', '']))   # a literal: SPEC
                body.append('assert not (%s)%s' % (cond, ', ' + msg if self.chance(0.7) else ''))
                self.feat('assert')
            else:
                body += ['if %s:' % cond, '    ' + self.raise_code(sc, exc, k)]
            self.add_raise(sig, exc)
            if self.chance(0.3):
                body += self.m_mutation(sc, names)
        body += self.m_block(sc, 1, r.randint(0, 1))
        if sig.ret == INT:
            body.append('return %s' % self.bound(INT, self.e(sc, INT, 0)))
        return body

    def add_raise(self, sig, exc):
        if exc not in sig.own:
            sig.own.append(exc)

    def implicit_raise(self, c, k):
        """(a return statement that may raise a built-in exception, its class)."""
        r = self.rng
        ints = [f for f, t in c.fields() if t == INT]
        lists = [f for f, t in c.fields() if t == LINT]
        strs = [f for f, t in c.fields() if t == STR]
        links = [(f, self.cls(t)) for f, t in c.fields() if is_opt(t)]
        num = 'self.%s' % r.choice(ints) if ints and self.chance(0.7) else '%s * 7 + 1' % k
        opts = [(2, lambda: ('return %s // (%s %% %d)' % (par(num), k, r.choice([2, 3, 4])), 'ZeroDivisionError')),
                (1, lambda: ('return %s %% (%s - %d)' % (par(num), k, r.choice([0, 1, 2])), 'ZeroDivisionError')),
                (1, lambda: ('return int(%s / (%s %% 3))' % (par(num), k), 'ZeroDivisionError')),
                (1, lambda: ('return {%s}[%s]' % (', '.join('%d: %d' % (i, r.randint(0, 99)) for i in
                                                            r.sample(range(-2, 6), r.randint(1, 4))), k), 'KeyError'))]
        for f in lists:
            opts += [(2, lambda f=f: ('return self.%s[%s]' % (f, k), 'IndexError')),
                     (1, lambda f=f: ('return self.%s.pop(%s)' % (f, k), 'IndexError')),
                     (1, lambda f=f: ('return self.%s.index(%s)' % (f, k), 'ValueError'))]
        for f in strs:
            words = r.sample([w for w in WORDS if w], 3)
            opts += [(1, lambda f=f, w=words: ('return {%s}[self.%s]' % (', '.join('%r: %d' % (x, i) for i, x in enumerate(w)), f),
                                               'KeyError')),
                     (1, lambda f=f: ('return int(str(%s) + self.%s)' % (k, f), 'ValueError'))]
        for f, tc in links:
            fs = [g for g, u in tc.fields() if u == INT]
            if fs:
                opts.append((2, lambda f=f, g=r.choice(fs): ('return self.%s.%s + %s' % (f, g, k), 'AttributeError')))
        line, exc = self.pick(opts)()
        self.feat('method raises %s implicitly' % exc)
        return line, exc

    def handler_lines(self, sc, h, label, ev='e'):
        """The body of `except h as e` inside a method: records or prints the error."""
        r = self.rng
        strs = [f for f, t in sc.cls.fields() if t == STR]
        ints = [f for f, t in sc.cls.fields() if t == INT]
        opts = [['print(%r, %s)' % (label, ev)]]
        if strs:
            opts.append(['self.%s = str(%s)[:12]' % (r.choice(strs), ev)])
        if ints:
            opts.append(['self.%s = len(str(%s))' % (r.choice(ints), ev)])
        return r.choice(opts)

    def relay_body(self, c, sig, sc, k):
        """Calls a raising method of self: lets its errors through, catches them, or re-raises."""
        r = self.rng
        callees = [s for s in c.all_sigs(raising=True).values() if s.raising and s.order < sig.order]
        callee = self.choice(callees)
        call = 'self.%s(%s)' % (callee.name, r.choice([k, '%s + 1' % k, '%s - 1' % k, '%s * 2' % k, '3 - %s' % k]))
        v = self.fresh('v') if callee.ret == INT else None
        body = self.m_mutation(sc, [k]) if self.chance(0.6) else []
        form = self.pick([(2, 'pass'), (3, 'catch'), (1, 'reraise')])
        ret = 'return %s' % self.bound(INT, '%s + %s' % (v, par(self.e(sc, INT, 1))) if v and self.chance(0.7)
                                       else self.e(sc, INT, 0)) if sig.ret == INT else None
        if form == 'pass':
            sig.via.append((callee, []))
            self.feat('error propagates through a method')
            body += ['%s = %s' % (v, call) if v else call]
            body += self.m_mutation(sc, [k]) if self.chance(0.4) else []
            return body + ([ret] if ret else [])
        raised = self.raised_by(callee) or ['Exception']
        h = r.choice(self.exc_chain(r.choice(raised)))
        sig.via.append((callee, [h] if form == 'catch' else []))
        handler = self.handler_lines(sc, h, sig.name + ' caught')
        if form == 'reraise':
            self.feat('method re-raises')
            handler.append('raise')
        elif sig.ret == INT and (self.chance(0.5) or not v):
            handler.append('return -1')
        elif sig.ret is None and self.chance(0.3):
            handler.append('return')
        self.feat('method catches an error of another method')
        if v and (form != 'catch' or handler[-1] != 'return -1' or self.chance(0.5)):
            body.append('%s = 0' % v)
        body += ['try:', '    ' + ('%s = %s' % (v, call) if v else call)]
        body += ['except %s as e:' % h] + ['    ' + x for x in handler]
        if self.chance(0.3):
            body += ['else:'] + ['    ' + x for x in self.m_mutation(sc, [k])]
        if self.chance(0.4):
            body += ['finally:'] + ['    ' + x for x in (self.m_mutation(sc, [k]) if self.chance(0.6) else
                                                        ['print(%r, %s)' % (sig.name + ' finally', k)])]
            self.feat('finally in a method')
        return body + ([ret] if ret else [])

    # ---- module-level functions errors propagate through
    def make_risky(self, root):
        r = self.rng
        methods = [s for s in root.all_sigs(raising=True).values() if s.raising]
        funcs = [f for f, rt, kind in self.risky if rt is root and kind != 'batch']
        callee = r.choice(funcs) if funcs and self.chance(0.5) else self.choice(methods)
        is_func = callee in funcs
        kind = self.pick([(3, 'forward'), (2, 'reraise'), (2, 'safe'), (1, 'batch')])
        name = self.fresh(kind)
        call = '%s(o, k)' % callee.name if is_func else 'o.%s(k)' % callee.name
        raised = self.raised_by(callee) or ['Exception']
        h = r.choice(self.exc_chain(r.choice(raised)))
        if kind == 'forward':
            ret = callee.ret
            body = ['print(%r, k)' % name]
            body += ['r = ' + call, 'print(%r, r)' % (name + ' ->'), 'return r'] if ret else [call, 'print(%r)' % (name + ' done')]
            via = []
        elif kind == 'reraise':
            ret = callee.ret
            body = ['try:', '    ' + ('return ' + call if ret else call), 'except %s as e:' % h,
                    '    print(%r, %s)' % (name + ':', r.choice(['e', 'repr(e)'])), '    raise']
            if self.chance(0.6):
                body += ['finally:', '    print(%r, k)' % (name + ' done')]
            via = []
        elif kind == 'safe':
            ret = INT if callee.ret == INT else BOOL
            body = ['try:', '    r = ' + call if ret == INT else '    ' + call, 'except %s as e:' % h,
                    '    print(%r, e)' % (name + ':'), '    return %s' % ('-1' if ret == INT else 'False')]
            if self.chance(0.4):
                body += ['finally:', '    print(%r, k)' % (name + ' finally')]
            body.append('return %s' % ('r' if ret == INT else 'True'))
            via = [h]
        else:
            ret = INT
            body = ['done = 0', 'for o in objs:', '    try:', '        ' + call, '        done = done + 1',
                    '    except %s as e:' % h, '        print(%r, e)' % (name + ' skip')]
            if self.chance(0.3):
                body.append('        break')
            body.append('return done')
            via = [h]
        sig = Sig(name, 'func', [INT], ret, 0)
        sig.raising = True
        sig.via.append((callee, via))
        self.add_func(name, 'def %s(%s, k):\n%s\n' % (name, 'objs' if kind == 'batch' else 'o',
                                                       '\n'.join('    ' + x for x in body)))
        self.risky.append((sig, root, kind))
        self.feat('function: ' + kind)
        return sig, kind

    # ---- try statements
    def risky_call(self, sc, arg):
        """(statement, what it may raise, object code, its class) of a call that may raise."""
        r = self.rng
        objs = [(code, c) for code, c in self.obj_atoms(sc)
                if any(s.raising for s in c.all_sigs(raising=True).values())]
        code, c = self.choice(objs)
        if self.chance(0.45):
            if not [x for x in self.risky if x[1] is c.root] or self.chance(0.3):
                self.make_risky(c.root)
            sig, root, kind = r.choice([x for x in self.risky if x[1] is c.root])
            if kind == 'batch':
                lists = [n for n, k in self.lists_of_objs(sc) if k.root is root]
                code = self.choice(lists)
                c = None
            call = '%s(%s, %s)' % (sig.name, code, arg)
        else:
            sig = r.choice([s for s in c.all_sigs(raising=True).values() if s.raising])
            call = '%s.%s(%s)' % (code, sig.name, arg)
        stmt = 'print(%s)' % call if sig.ret is not None and self.show_type(sig.ret) else call
        return stmt, self.raised_by(sig), code, c

    def probe(self, code):
        """Runs code in a copy of the state: (the exception it raised or None,), or None when it ran
        too long, left the limits or raised what no handler should catch."""
        res = self.trial(code, any_error=True)
        if res is None or isinstance(res[0], (TooLong, RecursionError, Reject)):
            return None
        if res[0] is not None and type(res[0]).__name__ not in BUILTIN_PARENT and \
                type(res[0]).__name__ not in self.exc_by_name:
            return None
        return res

    def catcher(self, names):
        """An except clause's class (or tuple of classes) that catches every class in names."""
        r = self.rng
        common = [h for h in self.exc_chain(names[0]) if all(h in self.exc_chain(x) for x in names)]
        distinct = sorted(set(names))
        if len(distinct) > 1 and self.chance(0.5):
            self.feat('except a tuple of classes')
            r.shuffle(distinct)
            return '(%s)' % ', '.join(distinct)
        h = r.choice(common)
        if self.chance(0.15):
            decoys = [d for d in list(self.exc_by_name) + ['TypeError', 'KeyError', 'IndexError', 'ValueError',
                                                           'ZeroDivisionError', 'AttributeError']
                      if not any(d in self.exc_chain(x) for x in names)]
            if decoys:
                self.feat('except a tuple of classes')
                pair = [h, r.choice(decoys)]
                r.shuffle(pair)
                return '(%s)' % ', '.join(pair)
        return h

    def decoy(self, names):
        pool = [d for d in list(self.exc_by_name) + ['TypeError', 'KeyError', 'IndexError', 'ValueError', 'ZeroDivisionError',
                                                     'AttributeError', 'ArithmeticError', 'LookupError', 'RuntimeError']
                if not any(d in self.exc_chain(x) for x in names)]
        return self.choice(pool)

    def shown_exc(self, h, ev='e'):
        r = self.rng
        opts = [ev, ev, 'str(%s)' % ev, 'repr(%s)' % ev, '"[" + str(%s) + "]"' % ev, 'f"<{%s}>"' % ev, 'f"{%s!r}"' % ev,
                'len(str(%s))' % ev]
        users = list(self.exc_by_name)
        if users and self.chance(0.2):
            opts.append('isinstance(%s, %s)' % (ev, r.choice(users)))
        return r.choice(opts)

    def s_try(self, sc):
        r = self.rng
        shape = self.pick([(4, 'plain'), (2, 'state'), (2, 'nested'), (2, 'loop')])
        i = self.fresh('i')
        arg = r.choice([i, '%s - 1' % i, '%s * 2 - 1' % i, '%d - %s' % (r.randint(1, 4), i), '%s * 3' % i]) \
            if shape == 'loop' else (self.int_lit() if self.chance(0.5) else self.e(sc, INT, 1))
        stmt, raises, code, c = self.risky_call(sc, arg)
        if not raises:   # a function that catches all: called outside a try
            out = [stmt]
            if c is not None:
                out.append('print(%s)' % ', '.join(self.watch(sc, code, c)))
            return out
        after = ['print(%s)' % ', '.join(self.watch(sc, code, c))] if c is not None and self.chance(0.8) else []
        if shape == 'loop':
            self.feat('try in a loop')
            h = self.catcher(raises)
            lines = ['for %s in range(%d):' % (i, r.randint(2, 4)), '    try:', '        ' + stmt,
                     '    except %s as e:' % h, '        print("caught", %s, %s)' % (i, self.shown_exc(h))]
            lines += r.choice([[], ['        continue'], ['        if %s >= 1:' % i, '            break']])
            if self.chance(0.3):
                lines += ['    else:', '        print("ok", %s)' % i]
            if self.chance(0.4):
                lines += ['    finally:', '        print("end", %s)' % i]
            return lines + after
        res = self.probe(stmt)
        if res is None:
            raise Reject()
        if res[0] is None and self.chance(0.6):
            raise Reject()   # most try statements see an error
        names = [type(res[0]).__name__] if res[0] is not None else raises
        if res[0] is not None:
            self.feat('caught ' + names[0])
        h = self.catcher(names)
        if shape == 'nested':
            self.feat('nested try, bare raise')
            h2 = self.catcher(names)
            return ['try:', '    try:', '        ' + stmt, '        print("no error")', '    except %s as e:' % h,
                    '        print("inner", %s)' % self.shown_exc(h), '        raise',
                    '    finally:', '        print("inner finally")',
                    'except %s as e2:' % h2, '    print("outer", %s)' % self.shown_exc(h2, 'e2')] + after
        pre, before, post, shown = [], [], [], []
        if shape == 'state':
            self.feat('variable assigned in try, read after the handler')
            v = self.fresh('n')
            pre = ['%s = %s' % (v, self.int_lit())]
            before = ['%s = %s' % (v, self.bound(INT, self.e(sc, INT, 1)))]
            post = ['%s = %s' % (v, self.int_lit())]
            after = after + ['print(%s)' % v]
            sc.env[v] = INT
        lines = pre + ['try:'] + ['    ' + x for x in before + [stmt] + post]
        if self.chance(0.25):
            self.feat('handler that does not match first')
            lines += ['except %s:' % self.decoy(names), '    print("not this one")']
        if self.chance(0.15):
            lines += ['except %s:' % h, '    print("caught")']
        else:
            lines += ['except %s as e:' % h, '    print("caught", %s)' % self.shown_exc(h)]
        if self.chance(0.3):
            lines += ['else:', '    print("no error")']
        if self.chance(0.3):
            lines += ['finally:', '    print("finally")']
        return lines + after


for _name, _f in list(vars(TopLevel).items()) + list(vars(Errors).items()):
    if callable(_f) and not _name.startswith('__'):
        setattr(Prog, _name, _f)


def run_source(source):
    """Runs a whole program here: (stdout, None) or (stdout before the error, the exception)."""
    g = {'__name__': '__main__'}
    buf = io.StringIO()
    counter = [0]

    def tracer(frame, event, arg):
        if event == 'line':
            counter[0] += 1
            if counter[0] > 20 * LINE_LIMIT:
                raise TooLong()
        return tracer
    old = sys.gettrace()
    err = None
    with contextlib.redirect_stdout(buf):
        sys.settrace(tracer)
        try:
            exec(compile(source, 'prog.py', 'exec'), g)
        except BaseException as e:
            err = e
        finally:
            sys.settrace(old)
    return buf.getvalue(), err


def error_position(err):
    """LINE:COL (1-based) of the innermost prog.py frame, as CPython's traceback marks it."""
    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename == 'prog.py']
    f = frames[-1]
    return '%d:%d' % (f.lineno, f.colno + 1)


def generate(rng, avoid=()):
    seed = rng.getrandbits(64)
    for attempt in range(10):
        p = Prog(random.Random(seed + attempt), avoid)
        try:
            src = p.program()
        except Reject:
            continue
        out, err = run_source(src)
        if err is None:
            return src
        if isinstance(err, AttributeError) and "'NoneType' object has no attribute" in str(err) and \
                'ends in AttributeError of None' in p.features:
            return '# expect-runtime-error: %s\n%s' % (error_position(err), src)
    raise RuntimeError('no valid program after 10 attempts')


def generate_with_features(rng, avoid=()):
    seed = rng.getrandbits(64)
    p = Prog(random.Random(seed), avoid)
    return p.program(), p.features


def check(n, seed):
    """Each program runs under /usr/bin/python3 twice with the same output, in well under a second."""
    import subprocess
    import tempfile
    import time
    worst = 0.0
    bad = 0
    errors = 0
    with tempfile.TemporaryDirectory() as d:
        path = d + '/prog.py'
        for s in range(seed, seed + n):
            src = generate(random.Random(s))
            with open(path, 'w') as f:
                f.write(src)
            runs = []
            for _ in range(2):
                t0 = time.time()
                p = subprocess.run(['/usr/bin/python3', path], capture_output=True, timeout=30,
                                   env={'PYTHONHASHSEED': str(len(runs) * 7 + 1)})
                worst = max(worst, time.time() - t0)
                runs.append((p.returncode, p.stdout))
            expect_error = src.startswith('# expect-runtime-error')
            if runs[0] != runs[1] or (runs[0][0] != 0) != expect_error:
                bad += 1
                print('seed %d: nondeterministic or unexpected exit %s' % (s, runs[0][0]))
            errors += expect_error
    print('%d programs, %d bad, %d end in an error, slowest run %.2f s' % (n, bad, errors, worst))
    return 1 if bad or worst > 1.0 else 0


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--check':
        sys.exit(check(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0))
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    sys.stdout.write(generate(random.Random(seed)))
