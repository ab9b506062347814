#!/usr/bin/python3
"""Seeded random programs over lists, dicts and str, above all their aliasing (differential testing).

generate(rng, avoid) returns one program; `gen_lists.py SEED` prints the program of one seed, and
run_tensor_differential.py --generator lists runs them against CPython.

What a program covers:
  * module-level helper functions from a library of templates, generic over an element type and
    called with several (so pyscript specializes them): functions that append to, assign into or pop
    from their list argument (the caller prints the list afterwards), that return their (mutated)
    argument, count into dicts (`d[k] = d.get(k, 0) + 1`, `setdefault(k, []).append(v)`), recurse,
    use for/else and while/else with break, a default argument shared by every call (`bucket=[]`),
    a sort key function; and a few random functions whose bodies come from the statement menu below;
  * list displays, `[x] * n`, nested lists and `[[0] * k] * n` (one row n times) against
    `[[0] * k for _ in range(n)]`, every list method (append pop insert extend remove index count
    reverse sort(reverse=, key=) clear copy), negative indices, slices with steps, item and slice
    assignment, `del xs[i]`, `+`, comparisons and `in` between lists, `is`/`is not` between lists and
    dicts, `d.get(k) is None`;
  * dicts with int, str and tuple keys: get with a default, keys values items (in insertion order,
    through list() and sorted()), pop, setdefault, update, copy, `del d[k]`, `in`, iteration;
  * str: concatenation, indexing, slicing, split join strip replace find startswith endswith upper
    lower count isdigit isalpha, f-strings with format specs, `%` formatting, str(), repr(),
    ord/chr, `for ch in s`;
  * list and dict comprehensions with several for/if clauses, generator expressions passed to sum
    any all min max sorted list and str.join, enumerate zip reversed sorted len min max sum any all,
    for/else and while/else with break, bitwise operators and hex/binary/octal/underscore literals,
    tuples holding lists;
  * ALIASING: `b = a` then mutating b and printing a, lists passed to functions that mutate them,
    shared rows, lists inside dicts and tuples mutated through another name, a list stored in two
    dicts and then removed from one, reads after writes (`n = len(xs); xs.append(1); print(n, ...)`),
    rebinding (`a = a + [1]`) against mutation (`a.extend([1])`) with an alias watching;
  * errors: try/except blocks catching IndexError, KeyError, ValueError, ZeroDivisionError and
    RuntimeError (a dict changing size during iteration) and printing the message, by the class, a
    base class or a tuple, with else and finally; `raise E(message)`; variables and lists assigned
    in the try body before the error, printed by the handler; nested try statements whose inner
    handler re-raises (bare `raise`); try statements in loops leaving by break/continue from the
    handler and printing in finally; helper functions that catch (a default for a missing index or
    key, int() of words, a division by a checked divisor) or return from try/finally; about 10% of
    the programs end in an uncaught error of those kinds (the runner then compares stdout before
    the error and expects pyscript to report a runtime error).

How programs stay inside the subset and deterministic: every variable, element and dict value has
one static type (the generator tracks them; empty lists and dicts are annotated or filled by an
append in the same function; top-level names are never reused); no classes, lambdas, augmented
assignment, sets, `global`, `is` on values.  The generator *executes* each top-level statement as it
generates it (in a deep copy of the program's state, under a line-count limit), so it knows every
list's length and every dict's keys: a statement that raises unintentionally, runs too long, or makes
an int leave +-2**28 or a container too large is thrown away and generated again.  Function bodies
and loop bodies, which run with unknown values, use guarded forms only (`if xs: xs.pop()`,
`xs[i % len(xs)] if xs else 0`, `d.get(k, 0)`, masks like `& 0xFFFF`), and calls of them are
checked the same way.  Nothing depends on CPython's internals (no id(), no hashing order, no `is`
on ints or strings).
"""

import copy
import random
import re
import sys

AVOIDABLE = {
    'try': 'try/except/finally and raise',
    'mutable-default': 'a default argument shared by every call (bucket=[])',
    'get-none': 'd.get(k) is None',
    'self-doc': "f-string fields {x=}",
}
COMPILE_REJECT_OK = '# accepts a compile-time error'   # never generated here

INT, STR, BOOL, FLOAT = 'int', 'str', 'bool', 'float'
INT_LIMIT = 1 << 28
LOCAL_INT_LIMIT = 1 << 40   # locals of functions, checked on every traced line
MAX_LEN = 48          # list / dict length at top level
MAX_STR = 160
MAX_NODES = 600       # all values reachable from the top-level variables
LINE_LIMIT = 40000    # traced lines per executed statement
ERROR_END_P = 0.10


def L(t):
    return ('list', t)


def D(k, v):
    return ('dict', k, v)


def TUP(*ts):
    return ('tuple',) + ts


def is_list(t):
    return isinstance(t, tuple) and t[0] == 'list'


def is_dict(t):
    return isinstance(t, tuple) and t[0] == 'dict'


def is_tuple(t):
    return isinstance(t, tuple) and t[0] == 'tuple'


def hashable(t):
    return t in (INT, STR, BOOL) or (is_tuple(t) and all(hashable(x) for x in t[1:]))


def orderable(t):
    if t in (INT, STR, FLOAT, BOOL):
        return True
    if is_list(t):
        return orderable(t[1])
    if is_tuple(t):
        return all(orderable(x) for x in t[1:])
    return False


def ann(t):
    """The annotation for type t."""
    if isinstance(t, str):
        return t
    if is_list(t):
        return 'list[%s]' % ann(t[1])
    if is_dict(t):
        return 'dict[%s, %s]' % (ann(t[1]), ann(t[2]))
    return 'tuple[%s]' % ', '.join(ann(x) for x in t[1:])


def subst(p, T):
    """Pattern p with the type variable 'T' replaced."""
    if p == 'T':
        return T
    if isinstance(p, tuple):
        return tuple(subst(x, T) for x in p)
    return p


SIMPLE = re.compile(r"^(?:[A-Za-z_][\w.]*(?:\([^()]*\)|\[[^\[\]]*\])?|\d+|0[xbo][0-9A-Fa-f_]+|\d[\d_]*|'[^' ]*'|\d+\.\d+)$")


def par(code):
    return code if SIMPLE.match(code) else '(%s)' % code


WORDS = ['a', 'bb', 'cat', 'dog', 'x', '', 'abc', 'Hello', 'zz', 'a,b,c', ' pad ', 'x y z', 'caf\u00e9',
         'ab-cd', '42', '007', 'to be', 'Tea', 'b', 'mid', 'AbC', '--', ' ', 'one two']
SUBS = ['a', 'b', 'ab', ',', ' ', 'x', '-', 'o', 'zz', 'e']
SMALL_INTS = [0, 1, 2, 3, 5, 7, -1, -2, -4, 10, 12, 100, 255, 64]
EXOTIC_INTS = ['0x1F', '0b101', '1_000', '0o17', '0xff', '0b1_0000', '2_5']
FLOATS = ['0.5', '1.5', '-2.0', '3.25', '0.0', '10.0', '-0.5', '2.5']
INT_SPECS = ['', '5d', '<4', '>6', '^7', '08b', 'x', 'X', '#x', '04X', ',', '+d', '_', '#o', '3', '05d']
STR_SPECS = ['', '>8', '<5', '^9', '*^9', '.3', '-<6', '>3']
FLOAT_SPECS = ['.2f', '8.3f', '.1e', '.1%', 'g', '+.1f', '06.2f', '']
ELEM_TYPES = [(6, INT), (5, STR), (1, FLOAT), (1, BOOL), (2, L(INT)), (1, L(STR)), (1, TUP(INT, STR))]
KEY_TYPES = [(5, STR), (4, INT), (1, TUP(INT, INT))]
VAL_TYPES = [(5, INT), (3, STR), (3, L(INT)), (1, L(STR))]


class Scope:
    """The names visible where a statement is generated, with their static types.  live: top-level
    straight-line code, whose current values the generator knows (Prog.ns); safe: values unknown, so
    only non-raising forms."""

    def __init__(self, env, live, top, loop=0, fn=None):
        self.env = dict(env)
        self.live = live
        self.top = top
        self.loop = loop
        self.fn = fn
        self.fstr = False
        self.iterating = set()

    @property
    def safe(self):
        return not self.live

    def child(self, loop=None):
        c = Scope(self.env, False, self.top, self.loop if loop is None else loop, self.fn)
        c.iterating = set(self.iterating)
        return c


# ------------------------------------------------------------------------------------ helper templates
# name: (source, parameter patterns, return pattern or None, element-type condition, mutated params,
#        returns its first argument)
TEMPLATES = {
    'push_twice': ('''def push_twice(xs, v):
    xs.append(v)
    xs.append(v)
''', [L('T'), 'T'], None, 'any', [0], False),
    'set_first': ('''def set_first(xs, v):
    if xs:
        xs[0] = v
    else:
        xs.append(v)
    return xs
''', [L('T'), 'T'], L('T'), 'any', [0], True),
    'pop_or': ('''def pop_or(xs, default):
    if xs:
        return xs.pop()
    return default
''', [L('T'), 'T'], 'T', 'any', [0], False),
    'swap_ends': ('''def swap_ends(xs):
    if len(xs) >= 2:
        tmp = xs[0]
        xs[0] = xs[-1]
        xs[-1] = tmp
    print("swapped", xs)
''', [L('T')], None, 'any', [0], False),
    'grow': ('''def grow(xs, n):
    if xs:
        for i in range(n % 4):
            xs.append(xs[i % len(xs)])
    return len(xs)
''', [L('T'), INT], INT, 'any', [0], False),
    'count_words': ('''def count_words(words):
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts
''', [L(STR)], D(STR, INT), 'none', [], False),
    'group_by_len': ('''def group_by_len(words):
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return groups
''', [L(STR)], D(INT, L(STR)), 'none', [], False),
    'add_to_all': ('''def add_to_all(rows, v):
    for row in rows:
        row.append(v)
    return len(rows)
''', [L(L('T')), 'T'], INT, 'any', [0], False),
    'total': ('''def total(xs):
    s = 0
    for x in xs:
        s = s + x
    return s
''', [L(INT)], INT, 'none', [], False),
    'find_index': ('''def find_index(xs, target):
    pos = -1
    for i, x in enumerate(xs):
        if x == target:
            pos = i
            break
    else:
        print("no", target)
    return pos
''', [L('T'), 'T'], INT, 'any', [], False),
    'drain': ('''def drain(xs, limit):
    taken = []
    while xs:
        if len(taken) >= limit:
            break
        taken.append(xs.pop())
    else:
        print("drained", len(taken))
    return taken
''', [L('T'), INT], L('T'), 'any', [0], False),
    'rev_str': ('''def rev_str(s):
    if len(s) <= 1:
        return s
    return rev_str(s[1:]) + s[0]
''', [STR], STR, 'none', [], False),
    'shift_letters': ('''def shift_letters(s, k):
    out = ""
    for c in s:
        if "a" <= c <= "z":
            out = out + chr((ord(c) - 97 + k) % 26 + 97)
        else:
            out = out + c
    return out
''', [STR, INT], STR, 'none', [], False),
    'merge_into': ('''def merge_into(dst, src):
    for k in src:
        dst[k] = src[k]
    return dst
''', [D('K', 'V'), D('K', 'V')], D('K', 'V'), 'dict', [0], True),
    'ident': ('''def ident(xs):
    return xs
''', [L('T')], L('T'), 'any', [], True),
    'make_grid': ('''def make_grid(n, m, v):
    return [[v] * m for _ in range(n)]
''', [INT, INT, 'T'], L(L('T')), 'scalar', [], False),
    'shared_grid': ('''def shared_grid(n, m, v):
    return [[v] * m] * n
''', [INT, INT, 'T'], L(L('T')), 'scalar', [], False),
    'rotate': ('''def rotate(xs, k):
    if not xs:
        return xs
    k = k % len(xs)
    return xs[k:] + xs[:k]
''', [L('T'), INT], L('T'), 'any', [], False),
    'dedupe': ('''def dedupe(xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out
''', [L('T')], L('T'), 'any', [], False),
    'remove_all': ('''def remove_all(xs, v):
    n = 0
    while v in xs:
        xs.remove(v)
        n = n + 1
    return n
''', [L('T'), 'T'], INT, 'any', [0], False),
    'flatten': ('''def flatten(rows):
    return [x for row in rows for x in row]
''', [L(L('T'))], L('T'), 'any', [], False),
    'rows_sum': ('''def rows_sum(rows, i):
    if i >= len(rows):
        return 0
    return sum(rows[i]) + rows_sum(rows, i + 1)
''', [L(L(INT)), INT], INT, 'none', [], False),
    'words_of': ('''def words_of(s):
    return [w.strip() for w in s.split(",") if w.strip()]
''', [STR], L(STR), 'none', [], False),
    'fmt_row': ('''def fmt_row(xs):
    return " | ".join(f"{x!r:>5}" for x in xs)
''', [L('T')], STR, 'any', [], False),
    'hist': ('''def hist(xs):
    d = {}
    for x in xs:
        d[x] = d.get(x, 0) + 1
    return d
''', [L('T')], D('T', INT), 'hashable', [], False),
    'invert': ('''def invert(d):
    out = {}
    for k, v in d.items():
        out.setdefault(v, []).append(k)
    return out
''', [D('K', 'V')], None, 'invert', [], False),
    'popcount': ('''def popcount(n):
    n = n & 0xFFFF
    c = 0
    while n:
        c = c + (n & 1)
        n = n >> 1
    return c
''', [INT], INT, 'none', [], False),
    'word_key': ('''def word_key(w):
    return (len(w), w)
''', [STR], TUP(INT, STR), 'none', [], False),
    'by_len': ('''def by_len(words, rev):
    words.sort(key=word_key, reverse=rev)
    return sorted(words, key=word_key)
''', [L(STR), BOOL], L(STR), 'none', [0], False),
    'refill': ('''def refill(xs, v, n):
    xs.clear()
    for _ in range(n % 4):
        xs.append(v)
    return xs
''', [L('T'), 'T', INT], L('T'), 'any', [0], True),
    'collect': ('''def collect(v, bucket=[]):
    bucket.append(v)
    return bucket
''', ['T'], L('T'), 'collect', [], False),
    'nth': ('''def nth(xs, i):
    return xs[i]
''', [L('T'), INT], 'T', 'any', [], False),
    'lookup': ('''def lookup(d, k):
    return d[k]
''', [D('K', 'V'), 'K'], 'V', 'dict', [], False),
    'stack_ops': ('''def stack_ops(xs, ops):
    for op in ops:
        if op == "push":
            xs.append(len(xs))
        elif op == "pop" and xs:
            xs.pop()
        elif op == "dup" and xs:
            xs.append(xs[-1])
    return xs
''', [L(INT), L(STR)], L(INT), 'none', [0], True),
}
# Helpers with try/except/finally and raise (left out with --avoid try).
TRY_TEMPLATES = {
    'safe_nth': ('''def safe_nth(xs, i, default):
    try:
        return xs[i]
    except IndexError:
        return default
''', [L('T'), INT, 'T'], 'T', 'any', [], False),
    'safe_get': ('''def safe_get(d, k, default):
    try:
        v = d[k]
    except KeyError as e:
        print("no key", e)
        v = default
    finally:
        print("looked up", repr(k))
    return v
''', [D('K', 'V'), 'K', 'V'], 'V', 'dict', [], False),
    'parse_words': ('''def parse_words(words):
    out = []
    bad = 0
    for w in words:
        try:
            if len(w) > 9:
                raise ValueError("too long: " + w)
            out.append(int(w))
        except ValueError as e:
            bad = bad + 1
            if bad > 3:
                break
            continue
        finally:
            out.append(bad)
    return out
''', [L(STR)], L(INT), 'none', [], False),
    'checked_div': ('''def checked_div(a, b):
    if b == 0:
        raise ZeroDivisionError("b is zero for " + str(a))
    return a // b
''', [INT, INT], INT, 'none', [], False),
    'ratio_sum': ('''def ratio_sum(xs, k):
    total = 0
    for x in xs:
        try:
            total = total + checked_div(x, k % 3)
        except ZeroDivisionError as e:
            print("skip", e, total)
            break
    else:
        print("all divided")
    return total
''', [L(INT), INT], INT, 'none', [], False),
    'classify': ('''def classify(xs, i):
    try:
        if i < 0:
            raise ValueError("negative " + str(i))
        return "item " + str(xs[i])
    except IndexError as e:
        return "index: " + str(e)
    except ValueError as e:
        return "value: " + str(e)
    finally:
        print("classified", i)
''', [L('T'), INT], STR, 'any', [], False),
    'drain_all': ('''def drain_all(xs):
    n = 0
    while True:
        try:
            xs.pop()
            n = n + 1
        except IndexError:
            return n
        finally:
            if n > 50:
                print("long")
''', [L('T')], INT, 'any', [0], False),
}
TEMPLATE_DEPS = {'by_len': ['word_key'], 'ratio_sum': ['checked_div']}
OPS_WORDS = ['push', 'pop', 'dup', 'nop']


class Reject(Exception):
    pass


class TooLong(Exception):
    pass


def big(v, depth=0):
    """An int (also inside a list) far from what the generated code may hold."""
    if isinstance(v, int):
        return not -LOCAL_INT_LIMIT < v < LOCAL_INT_LIMIT
    if isinstance(v, list) and depth < 2:
        return any(big(x, depth + 1) for x in v)
    return False


PRINT_BUDGET = [0]
MAX_PRINTED = 60000   # characters one statement may print


def quiet_print(*args, sep=' ', end='\n', file=None, flush=False):
    for a in args:
        PRINT_BUDGET[0] += len(str(a)) + 1
    if PRINT_BUDGET[0] > MAX_PRINTED:
        raise TooLong()


class Prog:
    def __init__(self, rng, avoid=()):
        self.avoid = set(avoid)
        self.rng = rng
        self.counter = 0
        self.lines = []
        self.env = {}
        self.ns = {}
        builtins = dict(__builtins__ if isinstance(__builtins__, dict) else vars(__builtins__))
        builtins['print'] = quiet_print
        self.fn_ns = {'__builtins__': builtins}
        self.funcs = {}        # name -> dict(src, params, ret, cond, mut, alias)
        self.used_templates = []
        self.random_fn_src = {}
        self.collect_T = None
        self.features = set()
        self.steps = 0

    # ------------------------------------------------------------------------------------ helpers
    def chance(self, p):
        return self.rng.random() < p

    def pick(self, weighted):
        total = sum(w for w, _ in weighted if w > 0)
        r = self.rng.random() * total
        for w, v in weighted:
            if w <= 0:
                continue
            r -= w
            if r < 0:
                return v
        return [v for w, v in weighted if w > 0][-1]

    def fresh(self, prefix):
        self.counter += 1
        return '%s%d' % (prefix, self.counter)

    def feat(self, name):
        self.features.add(name)

    def vars_of(self, sc, pred):
        return [n for n, t in sc.env.items() if pred(t)]

    def val(self, sc, name):
        if sc.live and name in self.ns:
            return self.ns[name]
        return None

    # ------------------------------------------------------------------------------------ execution
    def mutable_default_fns(self):
        return [f for f in self.fn_ns.values() if callable(f) and getattr(f, '__defaults__', None)]

    def trial(self, code, expect_error=False):
        """Executes code in a copy of the program's state. Returns the new state (None when it
        raised, ran too long or left the limits); with expect_error, the exception it raised."""
        fns = self.mutable_default_fns()
        saved = [f.__defaults__ for f in fns]
        ns2, defs2 = copy.deepcopy((self.ns, saved))
        for f, dd in zip(fns, defs2):
            f.__defaults__ = dd
        g = dict(self.fn_ns)
        g.update(ns2)
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
        except RecursionError as e:
            err = e
        except TooLong as e:
            err = e
        except Exception as e:
            err = e
        finally:
            sys.settrace(old)
        bad = False
        new = {k: v for k, v in g.items() if k not in self.fn_ns or g[k] is not self.fn_ns[k]}
        if err is None:
            bad = not self.within_limits(new)
        if expect_error:
            for f, dd in zip(fns, saved):
                f.__defaults__ = dd
            if isinstance(err, (TooLong, RecursionError)) or err is None:
                return None
            return err
        if err is not None or bad:
            for f, dd in zip(fns, saved):
                f.__defaults__ = dd
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
            if callable(v):
                return True
            if id(v) in seen:
                return True
            if isinstance(v, (list, dict)):
                seen.add(id(v))
            nodes[0] += 1
            if nodes[0] > MAX_NODES:
                return False
            if isinstance(v, list):
                return len(v) <= MAX_LEN and all(ok(x) for x in v)
            if isinstance(v, dict):
                return len(v) <= MAX_LEN and all(ok(k) and ok(x) for k, x in v.items())
            if isinstance(v, tuple):
                return all(ok(x) for x in v)
            return True
        return all(ok(v) for v in new.values())

    def attempt(self, make, tries=25):
        """make(sc) -> lines; generated in a fresh live scope, executed, committed when it runs."""
        for _ in range(tries):
            sc = Scope(self.env, live=True, top=True)
            feats = set(self.features)
            try:
                lines = make(sc)
            except Reject:
                self.features = feats
                continue
            if not lines:
                continue
            code = '\n'.join(lines) + '\n'
            new = self.trial(code)
            if new is None:
                self.features = feats
                continue
            self.ns = new
            self.env = sc.env
            self.lines += lines
            return True
        return False

    # ------------------------------------------------------------------------------------ literals
    def int_lit(self, small=False):
        if not small and self.chance(0.1):
            self.feat('int literal forms')
            return self.rng.choice(EXOTIC_INTS)
        return str(self.rng.choice(SMALL_INTS if not small else [0, 1, 2, 3, 4]))

    def str_lit(self):
        return repr(self.rng.choice(WORDS))

    def lit(self, t, depth=0):
        r = self.rng
        if t == INT:
            return self.int_lit()
        if t == STR:
            return self.str_lit()
        if t == BOOL:
            return r.choice(['True', 'False'])
        if t == FLOAT:
            return r.choice(FLOATS)
        if is_list(t):
            n = r.randint(1, 4)
            return '[' + ', '.join(self.lit(t[1], depth + 1) for _ in range(n)) + ']'
        if is_dict(t):
            keys = self.distinct_keys(t[1], r.randint(1, 4))
            return '{' + ', '.join('%s: %s' % (k, self.lit(t[2], depth + 1)) for k in keys) + '}'
        if is_tuple(t):
            return '(' + ', '.join(self.lit(x, depth + 1) for x in t[1:]) + ')'
        raise ValueError(t)

    def key_lit(self, t):
        if t == INT:
            return str(self.rng.choice([0, 1, 2, 3, 5, 7, -1, 10, 42]))
        if t == STR:
            return repr(self.rng.choice(['a', 'b', 'k', 'key', 'x', 'zz', 'mid', '', 'Tea']))
        if t == BOOL:
            return self.rng.choice(['True', 'False'])
        return '(%s)' % ', '.join(self.key_lit(x) for x in t[1:])

    def distinct_keys(self, t, n):
        out = []
        for _ in range(n * 3):
            k = self.key_lit(t)
            if k not in out and eval(k) not in [eval(x) for x in out]:
                out.append(k)
            if len(out) == n:
                break
        return out

    def default(self, t):
        return {INT: '0', STR: '""', BOOL: 'False', FLOAT: '0.0'}[t]

    # ------------------------------------------------------------------------------------ expressions
    def e(self, sc, t, d=0):
        """An expression of type t."""
        vs = [n for n, ty in sc.env.items() if ty == t]
        cands = []
        if vs:
            cands.append((5, lambda: self.rng.choice(vs)))
        cands.append((2 if d < 2 else 4, lambda: self.lit(t)))
        if d < 2:
            cands += self.producers(sc, t, d)
        for _ in range(6):
            f = self.pick(cands)
            code = f()
            if code is not None:
                return code
        return self.lit(t)

    def elem_type(self, pool=ELEM_TYPES):
        return self.pick(pool)

    def list_vars(self, sc, pred=lambda et: True):
        return [n for n, t in sc.env.items() if is_list(t) and pred(t[1])]

    def producers(self, sc, t, d):
        P = []
        e = lambda ty: self.e(sc, ty, d + 1)   # noqa: E731
        r = self.rng
        if t == INT:
            P += [(3, lambda: self.p_len(sc, d)),
                  (3, lambda: '%s %s %s' % (par(e(INT)), r.choice(['+', '-']), par(e(INT)))),
                  (1, lambda: '%s * %d' % (par(e(INT)), r.randint(2, 9))),
                  (2, lambda: self.p_bits(sc, d)),
                  (2, lambda: self.p_divmod(sc, d)),
                  (1, lambda: '%s(%s, %s)' % (r.choice(['min', 'max']), e(INT), e(INT))),
                  (1, lambda: 'abs(%s)' % e(INT)),
                  (3, lambda: self.p_sum(sc, d)),
                  (2, lambda: self.p_count_index(sc, d)),
                  (3, lambda: self.p_elem(sc, INT, d)),
                  (2, lambda: self.p_dict_read(sc, INT, d)),
                  (2, lambda: self.p_minmax_list(sc, INT, d)),
                  (2, lambda: self.p_str_int(sc, d)),
                  (1, lambda: '%s if %s else %s' % (par(e(INT)), par(e(BOOL)), par(e(INT)))),
                  (1, lambda: self.p_tuple_item(sc, INT))]
        elif t == BOOL:
            P += [(3, lambda: '%s %s %s' % (par(e(INT)), r.choice(['<', '<=', '>', '>=', '==', '!=']), par(e(INT)))),
                  (1, lambda: '%s <= %s < %s' % (par(e(INT)), par(e(INT)), par(e(INT)))),
                  (1, lambda: '%s %s %s' % (par(e(STR)), r.choice(['<', '==', '!=', '>=']), par(e(STR)))),
                  (3, lambda: self.p_list_cmp(sc, d)),
                  (3, lambda: self.p_in(sc, d)),
                  (2, lambda: self.p_is(sc)),
                  (2, lambda: self.p_anyall(sc, d)),
                  (2, lambda: '%s.%s(%s)' % (par(e(STR)), r.choice(['startswith', 'endswith']), repr(r.choice(SUBS)))),
                  (1, lambda: '%s.%s()' % (par(e(STR)), r.choice(['isdigit', 'isalpha']))),
                  (1, lambda: 'not %s' % par(e(BOOL))),
                  (1, lambda: '%s %s %s' % (par(e(BOOL)), r.choice(['and', 'or']), par(e(BOOL)))),
                  (1, lambda: self.p_truthy(sc)),
                  (1, lambda: self.p_elem(sc, BOOL, d))]
        elif t == STR:
            P += [(2, lambda: '%s + %s' % (par(e(STR)), par(e(STR)))),
                  (2, lambda: '%s[%s]' % (par(e(STR)), self.slice_code())),
                  (2, lambda: self.p_str_method(sc, d)),
                  (3, lambda: self.p_join(sc, d)),
                  (2, lambda: '%s(%s)' % (r.choice(['str', 'repr']), e(self.elem_type()))),
                  (1 if sc.fstr else 3, lambda: None if sc.fstr else self.p_fstring(sc, d)),
                  (2, lambda: self.p_percent(sc, d)),
                  (1, lambda: 'chr(97 + %s %% 26)' % par(e(INT))),
                  (1, lambda: '%s * %d' % (par(e(STR)), r.randint(0, 3))),
                  (3, lambda: self.p_elem(sc, STR, d)),
                  (2, lambda: self.p_dict_read(sc, STR, d)),
                  (1, lambda: self.p_minmax_list(sc, STR, d)),
                  (1, lambda: '%s if %s else %s' % (par(e(STR)), par(e(BOOL)), par(e(STR)))),
                  (1, lambda: self.p_tuple_item(sc, STR))]
        elif t == FLOAT:
            P += [(2, lambda: '%s / %s' % (par(e(INT)), r.choice(['2', '4', '8', '0.5']))),
                  (2, lambda: '%s %s %s' % (par(e(FLOAT)), r.choice(['+', '-', '*']), par(e(FLOAT)))),
                  (1, lambda: 'float(%s)' % e(INT)),
                  (2, lambda: self.p_fsum(sc, d)),
                  (2, lambda: self.p_elem(sc, FLOAT, d)),
                  (1, lambda: self.p_minmax_list(sc, FLOAT, d))]
        elif is_list(t):
            et = t[1]
            P += [(3, lambda: '[' + ', '.join(e(et) for _ in range(r.randint(1, 4))) + ']'),
                  (2, lambda: '[%s] * %s' % (e(et), self.rng.choice(['0', '1', '2', '3', '-1']))),
                  (2, lambda: '%s + %s' % (par(e(t)), par(e(t)))),
                  (3, lambda: self.p_slice_list(sc, t)),
                  (2, lambda: self.p_copy(sc, t)),
                  (2, lambda: self.p_sorted(sc, t, d)),
                  (1, lambda: self.p_reversed(sc, t)),
                  (4, lambda: self.p_listcomp(sc, t, d)),
                  (2, lambda: self.p_list_special(sc, t, d)),
                  (2, lambda: self.p_elem(sc, t, d)),
                  (1, lambda: self.p_dict_read(sc, t, d)),
                  (1, lambda: self.p_tuple_item(sc, t))]
        elif is_dict(t):
            P += [(3, lambda: self.p_dictcomp(sc, t, d)),
                  (1, lambda: self.p_copy(sc, t))]
        elif is_tuple(t):
            P += [(3, lambda: '(%s)' % ', '.join(e(x) for x in t[1:]))]
        return P

    def slice_code(self):
        r = self.rng
        a = r.choice(['', '', '1', '-1', '2', '-3', '0', '10'])
        b = r.choice(['', '', '-1', '3', '2', '100', '-2'])
        if self.chance(0.35):
            self.feat('slices with steps')
            c = r.choice(['2', '-1', '-2', '3'])
            return '%s:%s:%s' % (a, b, c)
        return '%s:%s' % (a, b)

    def iter_src(self, sc, d):
        """(code, element type) of something to iterate in a comprehension or generator."""
        r = self.rng
        opts = []
        lv = self.list_vars(sc)
        if lv:
            opts.append((5, lambda: (lambda n: (n, sc.env[n][1]))(r.choice(lv))))
        sv = self.vars_of(sc, lambda t: t == STR)
        if sv:
            opts.append((1, lambda: (r.choice(sv), STR)))
        dv = self.vars_of(sc, is_dict)
        if dv:
            opts.append((2, lambda: (lambda n: (n, sc.env[n][1]) if self.chance(0.5) else
                                     ('%s.values()' % n, sc.env[n][2]))(r.choice(dv))))
        opts.append((1, lambda: ('range(%d)' % r.randint(0, 6), INT)))
        opts.append((1, lambda: (lambda et: (self.lit(L(et)), et))(self.elem_type())))
        return self.pick(opts)()

    def comp_var(self, sc, names):
        free = [n for n in names if n not in sc.env]
        return self.rng.choice(free) if free else self.fresh('cv')

    def with_var(self, sc, name, t):
        c = Scope(sc.env, False, sc.top, sc.loop, sc.fn)
        c.fstr = sc.fstr
        c.env[name] = t
        return c

    def p_len(self, sc, d):
        vs = self.vars_of(sc, lambda t: is_list(t) or is_dict(t) or t == STR)
        if vs and self.chance(0.8):
            return 'len(%s)' % self.rng.choice(vs)
        return 'len(%s)' % self.e(sc, self.rng.choice([L(INT), STR, L(STR)]), d + 1)

    def p_bits(self, sc, d):
        r = self.rng
        a = par(self.e(sc, INT, d + 1))
        self.feat('bitwise operators')
        k = r.randint(0, 4)
        return r.choice(['%s & %s' % (a, r.choice(['0xFF', '0b1010', '7', '0xF0', par(self.e(sc, INT, d + 1))])),
                         '%s | %s' % (a, par(self.e(sc, INT, d + 1))),
                         '%s ^ %s' % (a, r.choice(['0xFF', '5', par(self.e(sc, INT, d + 1))])),
                         '~%s' % a,
                         '(%s & 0xFFF) << %d' % (a, k),
                         '%s >> %d' % (a, k)])

    def p_divmod(self, sc, d):
        r = self.rng
        a = par(self.e(sc, INT, d + 1))
        op = r.choice(['//', '%'])
        if sc.live and self.chance(0.5):
            return '%s %s %s' % (a, op, par(self.e(sc, INT, d + 1)))   # checked by running it
        if self.chance(0.5):
            return '%s %s %s' % (a, op, r.choice(['3', '-3', '2', '7', '-2', '10']))
        return '%s %s (%s %% 7 + 1)' % (a, op, par(self.e(sc, INT, d + 1)))

    def genexp(self, sc, d, out_t, cond_p=0.4):
        """'f(x) for x in src [if c]' producing out_t."""
        src, et = self.iter_src(sc, d)
        x = self.comp_var(sc, ['x', 'y', 'w', 'c'])
        inner = self.with_var(sc, x, et)
        body = self.e(inner, out_t, d + 1) if self.chance(0.8) or et != out_t else x
        code = '%s for %s in %s' % (body, x, src)
        if self.chance(cond_p):
            code += ' if %s' % par(self.e(inner, BOOL, d + 1))
        self.feat('generator expressions')
        return code

    def p_sum(self, sc, d):
        vs = self.list_vars(sc, lambda et: et == INT)
        if vs and self.chance(0.5):
            return 'sum(%s)' % self.rng.choice(vs)
        if self.chance(0.1):
            return 'sum(%s)' % self.genexp(sc, d, BOOL, 0)
        return 'sum(%s)' % self.genexp(sc, d, INT)

    def p_fsum(self, sc, d):
        vs = self.list_vars(sc, lambda et: et == FLOAT)
        if vs:
            return 'sum(%s, 0.0)' % self.rng.choice(vs)
        return None

    def p_count_index(self, sc, d):
        vs = self.list_vars(sc, lambda et: et in (INT, STR, BOOL) or is_tuple(et))
        vs += self.vars_of(sc, lambda t: t == STR)
        if not vs:
            return None
        n = self.rng.choice(vs)
        t = sc.env[n]
        if t == STR:
            return '%s.%s(%s)' % (n, self.rng.choice(['count', 'find']), repr(self.rng.choice(SUBS)))
        v = self.e(sc, t[1], d + 1)
        if self.chance(0.5):
            return '%s.count(%s)' % (n, v)
        self.feat('list.index')
        val = self.val(sc, n)
        if sc.live and val and self.chance(0.7):
            v = self.value_code(self.rng.choice(val), t[1]) or v
            return '%s.index(%s)' % (n, v)
        return '%s.index(%s) if %s in %s else -1' % (n, par(v), par(v), n)

    def value_code(self, v, t):
        """Source for a known scalar value (or None)."""
        if t in (INT, STR, BOOL, FLOAT) or is_tuple(t):
            try:
                if eval(repr(v)) == v:
                    return repr(v)
            except Exception:
                return None
        return None

    def p_elem(self, sc, et, d):
        """Read one element of a list (or str) of element type et."""
        vs = self.list_vars(sc, lambda t: t == et)
        if et == STR:
            vs += self.vars_of(sc, lambda t: t == STR)
        if not vs:
            return None
        n = self.rng.choice(vs)
        val = self.val(sc, n)
        if sc.live:
            if val is not None and len(val) > 0:
                i = self.rng.randrange(len(val))
                if self.chance(0.4):
                    i = i - len(val)
                    self.feat('negative indices')
                return '%s[%d]' % (n, i)
            return None
        if et in (INT, STR, BOOL, FLOAT):
            i = self.rng.choice(['0', '-1', '%s %% len(%s)' % (par(self.e(sc, INT, d + 1)), n)])
            return '%s[%s] if %s else %s' % (n, i, n, self.default(et))
        return None

    def p_dict_read(self, sc, vt, d):
        vs = self.vars_of(sc, lambda t: is_dict(t) and t[2] == vt)
        if not vs:
            return None
        n = self.rng.choice(vs)
        kt = sc.env[n][1]
        val = self.val(sc, n)
        if sc.live and val and self.chance(0.6):
            k = self.value_code(self.rng.choice(list(val)), kt)
            if k:
                return '%s[%s]' % (n, k)
        if vt in (INT, STR, BOOL, FLOAT):
            self.feat('dict.get with default')
            k = self.key_expr(sc, kt, n, d)
            if self.chance(0.7):
                return '%s.get(%s, %s)' % (n, k, self.lit(vt))
            return '%s[%s] if %s in %s else %s' % (n, k, par(k), n, self.lit(vt))
        return None

    def key_expr(self, sc, kt, dname, d):
        val = self.val(sc, dname)
        if val and self.chance(0.5):
            c = self.value_code(self.rng.choice(list(val)), kt)
            if c:
                return c
        if self.chance(0.7):
            return self.key_lit(kt)
        return self.e(sc, kt, d + 1)

    def p_minmax_list(self, sc, et, d):
        vs = self.list_vars(sc, lambda t: t == et)
        f = self.rng.choice(['min', 'max'])
        if not vs:
            return None
        n = self.rng.choice(vs)
        val = self.val(sc, n)
        if sc.live and val:
            if self.chance(0.3) and et == INT:
                return '%s(%s * 2 - 1 for x in %s)' % (f, 'x', n)
            return '%s(%s)' % (f, n)
        return '%s(%s) if %s else %s' % (f, n, n, self.default(et))

    def p_str_int(self, sc, d):
        r = self.rng
        s = par(self.e(sc, STR, d + 1))
        c = r.randint(0, 3)
        if c == 0:
            return 'ord(%s[0]) if %s else 0' % (s, s) if not sc.live else \
                'ord(%s)' % repr(r.choice('azAZ09 -'))
        if c == 1:
            return 'int(str(%s))' % self.e(sc, INT, d + 1)
        if c == 2:
            return 'int(%s)' % repr(r.choice(['42', ' 7 ', '-3', '0', '1_000', '+5']))
        return '%s.find(%s)' % (s, repr(r.choice(SUBS)))

    def p_tuple_item(self, sc, t):
        vs = [(n, i) for n, ty in sc.env.items() if is_tuple(ty) for i, x in enumerate(ty[1:]) if x == t]
        if not vs:
            return None
        n, i = self.rng.choice(vs)
        return '%s[%d]' % (n, i)

    def p_list_cmp(self, sc, d):
        lv = self.list_vars(sc, orderable)
        if not lv:
            return None
        n = self.rng.choice(lv)
        t = sc.env[n]
        op = self.rng.choice(['==', '!=', '<', '<=', '>'])
        self.feat('list comparisons')
        return '%s %s %s' % (n, op, par(self.e(sc, t, d + 1)))

    def p_in(self, sc, d):
        r = self.rng
        opts = []
        lv = self.list_vars(sc)
        if lv:
            n = r.choice(lv)
            opts.append(lambda: '%s %s %s' % (par(self.e(sc, sc.env[n][1], d + 1)), r.choice(['in', 'not in']), n))
        dv = self.vars_of(sc, is_dict)
        if dv:
            n2 = r.choice(dv)
            opts.append(lambda: '%s %s %s' % (par(self.key_expr(sc, sc.env[n2][1], n2, d)), r.choice(['in', 'not in']), n2))
        opts.append(lambda: '%s in %s' % (repr(r.choice(SUBS)), par(self.e(sc, STR, d + 1))))
        self.feat('in / not in')
        return r.choice(opts)()

    def p_is(self, sc):
        r = self.rng
        groups = {}
        for n, t in sc.env.items():
            if is_list(t) or is_dict(t):
                groups.setdefault(t, []).append(n)
        pairs = [g for g in groups.values() if len(g) >= 2]
        if pairs and self.chance(0.7):
            g = r.choice(pairs)
            a, b = r.sample(g, 2)
            self.feat('is between lists')
            return '%s %s %s' % (a, r.choice(['is', 'is not']), b)
        dv = self.vars_of(sc, is_dict) if 'get-none' not in self.avoid else []
        if dv:
            n = r.choice(dv)
            self.feat('is None')
            return '%s.get(%s) %s None' % (n, self.key_expr(sc, sc.env[n][1], n, 1), r.choice(['is', 'is not']))
        return None

    def p_anyall(self, sc, d):
        return '%s(%s)' % (self.rng.choice(['any', 'all']), self.genexp(sc, d, BOOL, 0.2))

    def p_truthy(self, sc):
        vs = self.vars_of(sc, lambda t: is_list(t) or is_dict(t) or t == STR)
        if not vs:
            return None
        n = self.rng.choice(vs)
        return self.rng.choice(['bool(%s)' % n, 'not %s' % n, 'len(%s) > 0' % n])

    def p_str_method(self, sc, d):
        r = self.rng
        s = par(self.e(sc, STR, d + 1))
        self.feat('str methods')
        return r.choice(['%s.upper()' % s, '%s.lower()' % s, '%s.strip()' % s, '%s.strip("-")' % s,
                         '%s.lstrip()' % s, '%s.rstrip()' % s,
                         '%s.replace(%s, %s)' % (s, repr(r.choice(SUBS)), repr(r.choice(['', '_', 'XY', 'a']))),
                         '%s[::-1]' % s])

    def p_join(self, sc, d):
        r = self.rng
        sep = repr(r.choice([', ', '', '-', ' ', '|', '::']))
        lv = self.list_vars(sc, lambda et: et == STR)
        if lv and self.chance(0.5):
            return '%s.join(%s)' % (sep, r.choice(lv))
        self.feat('str.join of a generator')
        if self.chance(0.3):
            return '%s.join(sorted(%s))' % (sep, self.genexp(sc, d, STR))
        return '%s.join(%s)' % (sep, self.genexp(sc, d, STR))

    def fexpr(self, sc, t):
        """A simple expression of type t for inside f-string braces."""
        vs = [n for n, ty in sc.env.items() if ty == t]
        if vs and self.chance(0.8):
            return self.rng.choice(vs)
        if t == INT:
            lv = self.vars_of(sc, lambda ty: is_list(ty) or is_dict(ty) or ty == STR)
            if lv:
                return 'len(%s)' % self.rng.choice(lv)
        return self.lit(t).replace('"', "'")

    def p_fstring(self, sc, d):
        r = self.rng
        parts = []
        for _ in range(r.randint(1, 3)):
            if self.chance(0.5):
                parts.append(r.choice(['x=', ' ', '[', '] ', 'n:', ' | ', 'sum ']))
            t = self.pick([(4, INT), (3, STR), (1, FLOAT), (2, L(INT)), (1, L(STR)), (1, BOOL)])
            ex = self.fexpr(sc, t)
            if t == INT:
                spec = r.choice(INT_SPECS)
            elif t == STR:
                spec = r.choice(STR_SPECS)
            elif t == FLOAT:
                spec = r.choice(FLOAT_SPECS)
            else:
                spec = ''
            conv = ''
            if t in (STR, L(STR)) and self.chance(0.3):
                conv = '!r'
            if re.match(r'^[a-z]\w*$', ex) and 'self-doc' not in self.avoid and self.chance(0.15):
                parts.append('{%s=}' % ex)
                continue
            parts.append('{%s%s%s}' % (ex, conv, ':' + spec if spec else ''))
        self.feat('f-strings with format specs')
        return 'f"%s"' % ''.join(parts)

    def p_percent(self, sc, d):
        r = self.rng
        fmt, args = [], []
        for _ in range(r.randint(1, 3)):
            t = self.pick([(4, INT), (3, STR), (1, FLOAT), (1, L(INT))])
            if t == INT:
                fmt.append(r.choice(['%d', '%5d', '%-4d', '%x', '%o', '%03d', '%s']))
            elif t == STR:
                fmt.append(r.choice(['%s', '%r', '%6s', '%-5s']))
            elif t == FLOAT:
                fmt.append(r.choice(['%.2f', '%5.1f', '%s', '%e', '%g']))
            else:
                fmt.append('%s')
            args.append(self.e(sc, t, 2) if not sc.fstr else self.fexpr(sc, t))
            fmt.append(r.choice([' ', ':', '%% ', ', ']))
        self.feat('% formatting')
        q = "'" if sc.fstr else '"'
        return '%s%s%s %% (%s,)' % (q, ''.join(fmt).rstrip(), q, ', '.join(args))

    def p_slice_list(self, sc, t):
        lv = [n for n, ty in sc.env.items() if ty == t]
        if not lv:
            return None
        return '%s[%s]' % (self.rng.choice(lv), self.slice_code())

    def p_copy(self, sc, t):
        lv = [n for n, ty in sc.env.items() if ty == t]
        if not lv:
            return None
        n = self.rng.choice(lv)
        self.feat('copies')
        if is_dict(t):
            return '%s.copy()' % n
        return self.rng.choice(['%s.copy()' % n, 'list(%s)' % n, '%s[:]' % n])

    def p_sorted(self, sc, t, d):
        if not orderable(t[1]):
            return None
        r = self.rng
        lv = [n for n, ty in sc.env.items() if ty == t]
        if lv and self.chance(0.6):
            n = r.choice(lv)
            self.feat('sorted')
            return r.choice(['sorted(%s)' % n, 'sorted(%s, reverse=True)' % n])
        if t[1] in (INT, STR):
            return 'sorted(%s)' % self.genexp(sc, d, t[1])
        return None

    def p_reversed(self, sc, t):
        lv = [n for n, ty in sc.env.items() if ty == t]
        if not lv:
            return None
        return 'list(reversed(%s))' % self.rng.choice(lv)

    def p_listcomp(self, sc, t, d):
        r = self.rng
        et = t[1]
        src, st = self.iter_src(sc, d)
        x = self.comp_var(sc, ['x', 'y', 'w'])
        inner = self.with_var(sc, x, st)
        clauses = ['for %s in %s' % (x, src)]
        if self.chance(0.35):
            src2, st2 = self.iter_src(inner, d)
            z = self.comp_var(inner, ['p', 'q', 'z'])
            if is_dict(inner.env.get(src2)):
                src2 = 'list(%s)[:3]' % src2
            elif not src2.startswith('range'):
                src2 = '%s[:3]' % par(src2) if not src2.endswith('.values()') else 'list(%s)[:3]' % src2
            inner = self.with_var(inner, z, st2)
            clauses.append('for %s in %s' % (z, src2))
            self.feat('comprehensions with several for clauses')
        if self.chance(0.4):
            clauses.append('if %s' % par(self.e(inner, BOOL, d + 1)))
            if self.chance(0.2):
                clauses.append('if %s' % par(self.e(inner, BOOL, d + 1)))
        body = x if st == et and self.chance(0.3) else self.e(inner, et, d + 1)
        self.feat('list comprehensions')
        return '[%s %s]' % (body, ' '.join(clauses))

    def p_dictcomp(self, sc, t, d):
        r = self.rng
        kt, vt = t[1], t[2]
        dv = [n for n, ty in sc.env.items() if ty == t]
        self.feat('dict comprehensions')
        if dv and self.chance(0.4) and 'k' not in sc.env and 'v' not in sc.env:
            n = r.choice(dv)
            inner = self.with_var(self.with_var(sc, 'k', kt), 'v', vt)
            cond = ' if %s' % par(self.e(inner, BOOL, d + 1)) if self.chance(0.6) else ''
            return '{k: %s for k, v in %s.items()%s}' % (self.e(inner, vt, d + 1) if self.chance(0.4) else 'v', n, cond)
        src, st = self.iter_src(sc, d)
        x = self.comp_var(sc, ['x', 'y', 'w'])
        inner = self.with_var(sc, x, st)
        if kt == INT and self.chance(0.3) and 'i' not in sc.env:
            inner = self.with_var(inner, 'i', INT)
            self.feat('enumerate')
            return '{i: %s for i, %s in enumerate(%s)}' % (self.e(inner, vt, d + 1), x, src)
        return '{%s: %s for %s in %s}' % (self.e(inner, kt, d + 1), self.e(inner, vt, d + 1), x, src)

    def p_list_special(self, sc, t, d):
        r = self.rng
        et = t[1]
        if et == STR:
            sv = self.vars_of(sc, lambda ty: ty == STR)
            s = r.choice(sv) if sv and self.chance(0.6) else self.str_lit()
            self.feat('str.split')
            return r.choice(['%s.split()' % s, '%s.split(%s)' % (s, repr(r.choice([',', ' ', '-', 'a']))),
                             '[ch for ch in %s]' % s])
        if et == INT and self.chance(0.4):
            a, b = r.randint(-3, 5), r.randint(-3, 12)
            c = r.choice([1, 2, 3, -1, -2])
            return 'list(range(%d, %d, %d))' % (a, b, c)
        dv = self.vars_of(sc, lambda ty: is_dict(ty) and (ty[1] == et or ty[2] == et or TUP(ty[1], ty[2]) == et))
        if dv:
            n = r.choice(dv)
            dt = sc.env[n]
            opts = []
            if dt[1] == et:
                opts += ['list(%s)' % n, 'list(%s.keys())' % n] + (['sorted(%s)' % n, 'sorted(%s.keys())' % n] if orderable(et) else [])
            if dt[2] == et:
                opts += ['list(%s.values())' % n]
            if TUP(dt[1], dt[2]) == et:
                opts += ['list(%s.items())' % n] + (['sorted(%s.items())' % n] if orderable(et) else [])
            self.feat('dict views')
            return r.choice(opts)
        if is_tuple(et) and len(et) == 3:
            a = self.list_vars(sc, lambda x: x == et[1])
            b = self.list_vars(sc, lambda x: x == et[2])
            if et[1] == INT and b and self.chance(0.5):
                self.feat('enumerate')
                return 'list(enumerate(%s))' % r.choice(b)
            if a and b:
                self.feat('zip')
                return 'list(zip(%s, %s))' % (r.choice(a), r.choice(b))
        if is_list(et):
            self.feat('nested lists')
            inner_e = self.e(sc, et[1], d + 1)
            n, k = r.randint(1, 3), r.randint(1, 3)
            if self.chance(0.4):
                self.feat('shared rows [[x] * k] * n')
                return '[[%s] * %d] * %d' % (inner_e, k, n)
            if self.chance(0.5):
                return '[[%s] * %d for _ in range(%d)]' % (inner_e, k, n)
            lv = [v for v, ty in sc.env.items() if ty == et]
            if lv:
                v = r.choice(lv)
                return r.choice(['[%s, %s]' % (v, v), '[%s] * %d' % (v, n), '[%s, %s.copy()]' % (v, v)])
        return None

    # ------------------------------------------------------------------------------------ places
    def list_places(self, sc, pred=lambda t: True):
        """(code, type, value) of lists that can be mutated: variables, and at top level rows of
        lists of lists, list values of dicts and list components of tuples."""
        out = []
        for n, t in sc.env.items():
            if n in sc.iterating:
                continue
            v = self.val(sc, n)
            if is_list(t) and pred(t):
                out.append((n, t, v))
            if not sc.live:
                continue
            if is_list(t) and is_list(t[1]) and pred(t[1]) and v:
                i = self.rng.randrange(len(v))
                out.append(('%s[%d]' % (n, i - len(v) if self.chance(0.3) else i), t[1], v[i]))
            if is_dict(t) and is_list(t[2]) and pred(t[2]) and v:
                k = self.rng.choice(list(v))
                kc = self.value_code(k, t[1])
                if kc:
                    out.append(('%s[%s]' % (n, kc), t[2], v[k]))
            if is_tuple(t):
                for i, ct in enumerate(t[1:]):
                    if is_list(ct) and pred(ct) and v is not None:
                        out.append(('%s[%d]' % (n, i), ct, v[i]))
        return out

    def root(self, code):
        return re.match(r'\w+', code).group(0)

    def watchers(self, sc, obj, exclude=()):
        """Top-level names whose printout shows obj (the object itself, or holding it)."""
        if not sc.live or obj is None:
            return []
        out = []
        for n in sc.env:
            if n in exclude or n not in self.ns:
                continue
            v = self.ns[n]
            if v is obj:
                out.append(n)
            elif isinstance(v, list) and any(x is obj for x in v):
                out.append(n)
            elif isinstance(v, dict) and any(x is obj for x in v.values()):
                out.append(n)
            elif isinstance(v, tuple) and any(x is obj for x in v):
                out.append(n)
        return out

    # ------------------------------------------------------------------------------------ statements
    def stmt(self, sc, allow_blocks=True):
        """Lines of one statement (or a few) in scope sc."""
        opts = [(5, self.s_new_list), (3, self.s_new_dict), (3, self.s_new_scalar),
                (9, self.s_mutate_list), (5, self.s_mutate_dict), (5, self.s_print),
                (3, self.s_alias), (2 if sc.fn else 5, self.s_call)]
        if sc.live:
            opts += [(2, self.s_read_after_write), (2, self.s_two_dicts), (1, self.s_tuple_holds),
                     (1, self.s_rebind_vs_mutate), (2, self.s_grid)]
        if sc.top:
            opts += [(1, self.s_empty_print)]
        if sc.live and 'try' not in self.avoid:
            opts += [(2, self.s_try)]
        if allow_blocks and sc.loop < 2:
            opts += [(4, self.s_for), (1, self.s_while), (2, self.s_if)]
        for _ in range(8):
            lines = self.pick(opts)(sc)
            if lines:
                return lines
        return self.s_print(sc)

    def show(self, sc, names):
        names = [n for i, n in enumerate(names) if n and n not in names[:i]]
        if not names:
            return []
        if len(names) == 1 and self.chance(0.3):
            return ['print(%s)' % names[0]]
        if self.chance(0.3):
            return ['print(%s)' % ', '.join('%r, %s' % (n + ':', n) for n in names[:3])]
        return ['print(%s)' % ', '.join(names[:4])]

    def s_new_list(self, sc):
        r = self.rng
        et = self.elem_type()
        t = L(et)
        name = self.fresh('xs')
        c = r.random()
        if c < 0.12:
            self.feat('annotated empty list')
            lines = ['%s: list[%s] = []' % (name, ann(et))]
            for _ in range(r.randint(0, 3)):
                lines.append('%s.append(%s)' % (name, self.e(sc, et, 1)))
        elif c < 0.22:
            self.feat('empty list typed by a later append')
            lines = ['%s = []' % name, '%s.append(%s)' % (name, self.e(sc, et, 1))]
        else:
            lines = ['%s = %s' % (name, self.e(sc, t, 0))]
        sc.env[name] = t
        return lines + self.show(sc, [name])

    def s_new_dict(self, sc):
        r = self.rng
        kt, vt = self.pick(KEY_TYPES), self.pick(VAL_TYPES)
        t = D(kt, vt)
        name = self.fresh('d')
        c = r.random()
        if c < 0.2:
            self.feat('annotated empty dict')
            lines = ['%s: %s = {}' % (name, ann(t))]
            for _ in range(r.randint(0, 3)):
                lines.append('%s[%s] = %s' % (name, self.key_lit(kt), self.e(sc, vt, 1)))
        elif c < 0.35:
            lines = ['%s = {}' % name, '%s[%s] = %s' % (name, self.key_lit(kt), self.e(sc, vt, 1))]
        elif c < 0.75:
            keys = self.distinct_keys(kt, r.randint(1, 4))
            lines = ['%s = {%s}' % (name, ', '.join('%s: %s' % (k, self.e(sc, vt, 1)) for k in keys))]
        else:
            lines = ['%s = %s' % (name, self.p_dictcomp(sc, t, 0) or self.lit(t))]
        sc.env[name] = t
        return lines + self.show(sc, [name])

    def s_new_scalar(self, sc):
        t = self.pick([(4, INT), (4, STR), (2, BOOL), (1, FLOAT), (1, TUP(INT, STR))])
        prefix = {INT: 'n', STR: 's', BOOL: 'b', FLOAT: 'f'}.get(t, 't')
        name = self.fresh(prefix)
        code = self.e(sc, t, 0)
        sc.env[name] = t
        return ['%s = %s' % (name, code)] + self.show(sc, [name])

    def s_mutate_list(self, sc, place=None):
        r = self.rng
        places = [place] if place else self.list_places(sc)
        if not places:
            return self.s_new_list(sc)
        code, t, val = r.choice(places)
        et = t[1]
        live = sc.live and val is not None
        n = len(val) if live else None
        ops = ['append', 'append', 'insert', 'extend', 'pop', 'pop_i', 'remove', 'setitem', 'setitem',
               'del', 'reverse', 'sort', 'slice_assign', 'clear', 'pop_expr']
        op = r.choice(ops)
        lines = []
        guard = None
        if op == 'append':
            lines.append('%s.append(%s)' % (code, self.e(sc, et, 1)))
        elif op == 'insert':
            lines.append('%s.insert(%s, %s)' % (code, r.choice(['0', '1', '-1', '2', '100', '-100']), self.e(sc, et, 1)))
        elif op == 'extend':
            if sc.live and self.chance(0.2):
                lines.append('%s.extend(%s)' % (code, code))
            elif sc.live and self.chance(0.6):
                lines.append('%s.extend(%s)' % (code, self.e(sc, t, 1)))
            else:   # values unknown (a loop, a function): never an alias of the list itself
                lines.append('%s.extend(%s)' % (code, self.lit(t)))
        elif op == 'pop':
            if live:
                if not n:
                    return None
                lines.append('print(%s.pop())' % code)
            else:
                guard = 'if %s:' % code
                lines.append('%s.pop()' % code)
        elif op == 'pop_i':
            if live:
                if not n:
                    return None
                lines.append('print(%s.pop(%d))' % (code, r.randrange(-n, n)))
            else:
                guard = 'if len(%s) > 2:' % code
                lines.append('%s.pop(%s)' % (code, r.choice(['0', '1', '-2'])))
        elif op == 'remove':
            self.feat('list.remove')
            if live:
                if not n:
                    return None
                vc = self.value_code(r.choice(val), et)
                if vc is None:
                    return None
                lines.append('%s.remove(%s)' % (code, vc))
            else:
                v = self.e(sc, et, 1)
                guard = 'if %s in %s:' % (par(v), code)
                lines.append('%s.remove(%s)' % (code, v))
        elif op == 'setitem':
            if live:
                if not n:
                    return None
                i = r.randrange(-n, n)
                lines.append('%s[%d] = %s' % (code, i, self.e(sc, et, 1)))
            else:
                guard = 'if %s:' % code
                lines.append('%s[%s] = %s' % (code, r.choice(['0', '-1', '%s %% len(%s)' % (par(self.e(sc, INT, 1)), code)]),
                                              self.e(sc, et, 1)))
        elif op == 'del':
            if live:
                if not n:
                    return None
                lines.append('del %s[%d]' % (code, r.randrange(-n, n)))
            else:
                guard = 'if %s:' % code
                lines.append('del %s[%s]' % (code, r.choice(['0', '-1'])))
        elif op == 'reverse':
            lines.append('%s.reverse()' % code)
        elif op == 'sort':
            if not orderable(et):
                return None
            self.feat('list.sort')
            lines.append('%s.sort(%s)' % (code, r.choice(['', 'reverse=True', 'reverse=False'])))
        elif op == 'slice_assign':
            self.feat('slice assignment')
            a, b = r.choice([('1', '3'), ('', '2'), ('2', ''), ('', ''), ('-2', ''), ('0', '0')])
            lines.append('%s[%s:%s] = %s' % (code, a, b, self.lit(t) if self.chance(0.5) or not sc.live else self.e(sc, t, 1)))
        elif op == 'clear':
            if self.chance(0.6):
                return None
            lines.append('%s.clear()' % code)
        elif op == 'pop_expr':
            name = self.fresh('v')
            if live:
                if not n:
                    return None
                lines.append('%s = %s.pop(%s)' % (name, code, r.choice(['', '0', '-1'])))
                sc.env[name] = et
                return lines + self.show(sc, [name, self.root(code)] + self.watchers(sc, val, [self.root(code)]))
            return None
        self.feat('list.' + op)
        if guard:
            lines = [guard] + ['    ' + x for x in lines]
        show = [self.root(code)] + self.watchers(sc, val, [self.root(code)])
        return lines + self.show(sc, show)

    def s_mutate_dict(self, sc, target=None):
        r = self.rng
        dv = [n for n in self.vars_of(sc, is_dict) if n not in sc.iterating]
        if not dv:
            return self.s_new_dict(sc)
        n = r.choice(dv) if target is None else target[0]
        t = sc.env[n]
        kt, vt = t[1], t[2]
        val = self.val(sc, n) if target is None else target[1]
        live = sc.live and val is not None
        op = r.choice(['set', 'set', 'count', 'del', 'pop', 'pop_default', 'setdefault', 'update',
                       'append_value', 'clear'])
        lines = []
        k = self.key_expr(sc, kt, n, 1)
        if op == 'set':
            lines.append('%s[%s] = %s' % (n, k, self.e(sc, vt, 1)))
        elif op == 'count':
            if vt != INT:
                return None
            self.feat('d[k] = d.get(k, 0) + 1')
            lines.append('%s[%s] = %s.get(%s, 0) + 1' % (n, k, n, k))
        elif op == 'del':
            self.feat('del d[k]')
            if live:
                if not val:
                    return None
                kc = self.value_code(r.choice(list(val)), kt)
                if not kc:
                    return None
                lines.append('del %s[%s]' % (n, kc))
            else:
                lines += ['if %s in %s:' % (par(k), n), '    del %s[%s]' % (n, k)]
        elif op == 'pop':
            if live:
                if not val:
                    return None
                kc = self.value_code(r.choice(list(val)), kt)
                if not kc:
                    return None
                lines.append('print(%s.pop(%s))' % (n, kc))
            else:
                return None
        elif op == 'pop_default':
            if vt not in (INT, STR):
                return None
            lines.append('print(%s.pop(%s, %s))' % (n, k, self.lit(vt)))
        elif op == 'setdefault':
            self.feat('dict.setdefault')
            if is_list(vt):
                lines.append('%s.setdefault(%s, %s).append(%s)' % (
                    n, k, r.choice(['[]', self.lit(vt)]), self.e(sc, vt[1], 1)))
            else:
                lines.append('print(%s.setdefault(%s, %s))' % (n, k, self.e(sc, vt, 1)))
        elif op == 'update':
            self.feat('dict.update')
            others = [m for m in dv if sc.env[m] == t and m != n]
            src = r.choice(others) if others and self.chance(0.5) else self.lit(t)
            lines.append('%s.update(%s)' % (n, src))
        elif op == 'append_value':
            if not is_list(vt):
                return None
            if live:
                if not val:
                    return None
                kc = self.value_code(r.choice(list(val)), kt)
                if not kc:
                    return None
                lines.append('%s[%s].append(%s)' % (n, kc, self.e(sc, vt[1], 1)))
            else:
                lines += ['if %s in %s:' % (par(k), n), '    %s[%s].append(%s)' % (n, k, self.e(sc, vt[1], 1))]
        elif op == 'clear':
            if self.chance(0.7):
                return None
            lines.append('%s.clear()' % n)
        self.feat('dict.' + op)
        return lines + self.show(sc, [n] + self.watchers(sc, val, [n]))

    def s_print(self, sc):
        r = self.rng
        k = r.randint(1, 3)
        args = []
        for _ in range(k):
            t = self.pick([(4, INT), (3, STR), (3, BOOL), (3, L(self.elem_type())), (1, FLOAT),
                           (1, D(self.pick(KEY_TYPES), INT))])
            args.append(self.e(sc, t, 0))
        extra = ''
        if self.chance(0.1):
            extra = ', sep=%s' % repr(r.choice([', ', '', ' | ', '\n']))
        elif self.chance(0.05):
            return ['print(%s, end=%s)' % (', '.join(args), repr(r.choice([' ', '; ', '']))), 'print()']
        return ['print(%s%s)' % (', '.join(args), extra)]

    def s_alias(self, sc):
        r = self.rng
        vs = [n for n in self.vars_of(sc, lambda t: is_list(t) or is_dict(t)) if n not in sc.iterating]
        if not vs:
            return None
        a = r.choice(vs)
        t = sc.env[a]
        b = self.fresh('alias')
        sc.env[b] = t
        self.feat('aliasing b = a')
        lines = ['%s = %s' % (b, a)]
        val = self.val(sc, a)
        m = self.s_mutate_list(sc, (b, t, val)) if is_list(t) else self.s_mutate_dict(sc, (b, val))
        if m:
            lines += [x for x in m if not x.startswith('print(') or '.pop(' in x]
        lines.append('print(%s, %s, %s is %s, %s == %s)' % (a, b, a, b, a, b))
        return lines

    def s_read_after_write(self, sc):
        places = self.list_places(sc)
        if not places:
            return None
        code, t, val = self.rng.choice(places)
        n = self.fresh('n')
        sc.env[n] = INT
        self.feat('reads after writes')
        first = self.fresh('first')
        lines = ['%s = len(%s)' % (n, code)]
        if val:
            lines.append('%s = %s[0]' % (first, code))
        lines.append('%s.append(%s)' % (code, self.e(sc, t[1], 1)))
        if val:
            lines.append('%s[0] = %s' % (code, self.e(sc, t[1], 1)))
            lines.append('print(%s, %s, %s, %s)' % (n, first, len_code(code), code))
            sc.env[first] = t[1]
        else:
            lines.append('print(%s, %s, %s)' % (n, len_code(code), code))
        return lines

    def s_two_dicts(self, sc):
        """A list stored in two dicts (and a list), then removed from one."""
        r = self.rng
        lv = self.list_vars(sc, lambda et: et in (INT, STR))
        if not lv:
            return None
        xs = r.choice(lv)
        t = sc.env[xs]
        d1, d2, holder = self.fresh('da'), self.fresh('db'), self.fresh('held')
        sc.env[d1] = D(STR, t)
        sc.env[d2] = D(STR, t)
        sc.env[holder] = L(t)
        self.feat('a list in two dicts')
        lines = ['%s = {"k": %s}' % (d1, xs), '%s = {"k": %s, "other": %s}' % (d2, xs, self.lit(t)),
                 '%s = [%s, %s]' % (holder, xs, d2 + '["other"]')]
        how = r.choice(['del %s["k"]' % d1, 'print(%s.pop("k"))' % d1, '%s.clear()' % d1,
                        '%s["k"] = %s' % (d1, self.lit(t))])
        lines += [how, '%s["k"].append(%s)' % (d2, self.e(sc, t[1], 1)),
                  'print(%s, %s, %s, %s)' % (xs, d1, d2, holder),
                  'print(%s[0] is %s, "k" in %s, %s["k"] is %s)' % (holder, xs, d1, d2, xs)]
        if self.chance(0.5):
            lines += ['del %s["k"]' % d2, '%s.append(%s)' % (xs, self.e(sc, t[1], 1)),
                      'print(%s, %s, %s)' % (xs, d2, holder)]
        return lines

    def s_grid(self, sc):
        """Rows shared ([[v] * k] * n) or not, one cell assigned, then a row appended to."""
        r = self.rng
        et = r.choice([INT, INT, STR, BOOL])
        g = self.fresh('grid')
        n, k = r.randint(2, 4), r.randint(1, 3)
        v = self.lit(et)
        how = r.choice(['[[%s] * %d] * %d' % (v, k, n), '[[%s] * %d for _ in range(%d)]' % (v, k, n),
                        '[%s] * %d' % ('[%s]' % ', '.join([v] * k), n), 'make_grid(%d, %d, %s)' % (n, k, v),
                        'shared_grid(%d, %d, %s)' % (n, k, v)])
        sc.env[g] = L(L(et))
        self.feat('shared rows [[x] * k] * n')
        i, j = r.randrange(-n, n), r.randrange(-k, k)
        return ['%s = %s' % (g, how), '%s[%d][%d] = %s' % (g, i, j, self.e(sc, et, 1)), 'print(%s)' % g,
                '%s[%d].append(%s)' % (g, r.randrange(n), self.e(sc, et, 1)),
                'print(%s, %s[0] is %s[-1], len(%s[1]))' % (g, g, g, g)]

    def s_tuple_holds(self, sc):
        lv = self.list_vars(sc)
        if not lv:
            return None
        xs = self.rng.choice(lv)
        t = sc.env[xs]
        name = self.fresh('t')
        sc.env[name] = TUP(t, INT)
        self.feat('tuple holding a list')
        return ['%s = (%s, %s)' % (name, xs, self.int_lit()), '%s.append(%s)' % (xs, self.e(sc, t[1], 1)),
                'print(%s)' % name, '%s[0].append(%s)' % (name, self.e(sc, t[1], 1)),
                'print(%s, %s, %s[0] is %s)' % (xs, name, name, xs)]

    def s_rebind_vs_mutate(self, sc):
        lv = self.list_vars(sc)
        if not lv:
            return None
        a = self.rng.choice(lv)
        t = sc.env[a]
        b = self.fresh('keep')
        sc.env[b] = t
        self.feat('rebinding vs mutation')
        e1, e2 = self.e(sc, t[1], 1), self.e(sc, t[1], 1)
        return ['%s = %s' % (b, a), '%s = %s + [%s]' % (a, a, e1), 'print(%s, %s, %s is %s)' % (a, b, a, b),
                '%s.extend([%s])' % (b, e2), 'print(%s, %s)' % (a, b)]

    def s_empty_print(self, sc):
        self.feat('empty containers')
        r = self.rng
        opts = ['print([], {}, "", ())', 'print([[]], [{}], {"k": []})', 'print(len([]), [] == [], {} == {})',
                'print([[], []], str([]), repr({}))', 'print([0] * 0, "ab" * 0, list(range(0)))']
        lv = self.list_vars(sc)
        if lv:
            n = r.choice(lv)
            opts.append('print(%s[5:2], %s[:0], %s == [])' % (n, n, n))
        return [r.choice(opts)]

    # ---- blocks
    def body(self, sc, k):
        lines = []
        for _ in range(k):
            lines += self.stmt(sc, allow_blocks=sc.loop < 2 and self.chance(0.3))
        return ['    ' + x for x in lines]

    def accumulate(self, sc, acc, t, d=1):
        r = self.rng
        if t == INT:
            e = self.e(sc, INT, d)
            return r.choice(['%s = (%s * 31 + %s) & 0xFFFF' % (acc, acc, par(e)),
                             '%s = (%s + %s) & 0xFFFFF' % (acc, acc, par(e)),
                             '%s = %s ^ (%s & 0xFF)' % (acc, acc, par(e))])
        if t == STR:
            code = '%s + %s' % (acc, par(r.choice([self.e(sc, STR, 2), 'str(%s)' % self.e(sc, INT, 2)])))
            return '%s = %s' % (acc, '(%s)[-40:]' % code if sc.fn else code)
        return '%s.append(%s)' % (acc, self.e(sc, t[1], 1))

    def loop_header(self, sc):
        """('for ... in ...:', {var: type}, iterated name or None)."""
        r = self.rng
        opts = []
        lv = self.list_vars(sc)
        if lv:
            n = r.choice(lv)
            et = sc.env[n][1]
            x = self.fresh('it')
            opts += [(4, lambda: ('for %s in %s:' % (x, n), {x: et}, n)),
                     (1, lambda: ('for %s in reversed(%s):' % (x, n), {x: et}, n)),
                     (1, lambda: ('for %s in %s[::2]:' % (x, n), {x: et}, None))]
            i = self.fresh('i')
            opts.append((2, lambda: ('for %s, %s in enumerate(%s):' % (i, x, n), {i: INT, x: et}, n)))
            if orderable(et):
                opts.append((1, lambda: ('for %s in sorted(%s):' % (x, n), {x: et}, None)))
            if len(lv) >= 2:
                m = r.choice(lv)
                y = self.fresh('it')
                opts.append((1, lambda: ('for %s, %s in zip(%s, %s):' % (x, y, n, m),
                                         {x: et, y: sc.env[m][1]}, n)))
        dv = self.vars_of(sc, is_dict)
        if dv:
            n2 = r.choice(dv)
            kt, vt = sc.env[n2][1], sc.env[n2][2]
            k, v = self.fresh('key'), self.fresh('val')
            opts += [(2, lambda: ('for %s in %s%s:' % (k, n2, r.choice(['', '.keys()'])), {k: kt}, n2)),
                     (2, lambda: ('for %s, %s in %s.items():' % (k, v, n2), {k: kt, v: vt}, n2)),
                     (1, lambda: ('for %s in %s.values():' % (v, n2), {v: vt}, n2))]
        sv = self.vars_of(sc, lambda t: t == STR)
        ch = self.fresh('ch')
        opts.append((1, lambda: ('for %s in %s:' % (ch, r.choice(sv) if sv else self.str_lit()), {ch: STR}, None)))
        j = self.fresh('j')
        opts.append((1, lambda: ('for %s in range(%d, %d, %d):' % (j, r.randint(-2, 2), r.randint(3, 8), r.choice([1, 2, 3])),
                                 {j: INT}, None)))
        self.feat('for loops')
        return self.pick(opts)()

    def s_for(self, sc):
        r = self.rng
        header, vars_, iterated = self.loop_header(sc)
        inner = sc.child(sc.loop + 1)
        inner.env.update(vars_)
        if iterated and (is_dict(sc.env[iterated]) or self.chance(0.85) or not sc.live):
            inner.iterating.add(iterated)
            obj = self.val(sc, iterated)
            inner.iterating.update(n for n in sc.env if obj is not None and self.ns.get(n) is obj)
        elif iterated:
            self.feat('list mutated while iterated')
        lines = []
        acc = None
        if self.chance(0.6):
            at = self.pick([(3, INT), (2, STR), (2, L(INT)), (1, L(STR))])
            acc = self.fresh('acc')
            if is_list(at) and self.chance(0.5):
                lines.append('%s: list[%s] = []' % (acc, ann(at[1])))
            elif is_list(at):
                lines.append('%s = %s' % (acc, self.lit(at)))
            else:
                lines.append('%s = %s' % (acc, '0' if at == INT else '""'))
            sc.env[acc] = at
        lines.append(header)
        body = []
        if acc:
            body.append(self.accumulate(inner, acc, sc.env[acc]))
        body += [x[4:] for x in self.body(inner, r.randint(1, 2))]
        if self.chance(0.4):
            body.append('print(%s)' % ', '.join(list(vars_)[:2]))
        has_else = self.chance(0.35)
        if has_else or self.chance(0.2):
            self.feat('for/else with break' if has_else else 'break')
            body += ['if %s:' % self.e(inner, BOOL, 1), '    print("break")', '    break']
        lines += ['    ' + x for x in body]
        if has_else:
            lines += ['else:', '    print("no break")']
        if acc:
            lines.append('print(%s)' % acc)
        return lines

    def s_while(self, sc):
        r = self.rng
        inner = sc.child(sc.loop + 1)
        i = self.fresh('w')
        lines = ['%s = 0' % i]
        lv = self.list_places(sc) if sc.live else []
        if lv and self.chance(0.4):
            code, t, val = r.choice([p for p in lv])
            self.feat('while popping')
            lines.append('while %s and %s < %d:' % (code, i, r.randint(2, 6)))
            body = ['print(%s.pop())' % code]
            inner.iterating.add(self.root(code))
        else:
            lines.append('while %s < %d:' % (i, r.randint(1, 6)))
            body = []
        inner.env[i] = INT
        body += [x[4:] for x in self.body(inner, r.randint(1, 2))]
        has_else = self.chance(0.5)
        if has_else or self.chance(0.2):
            body += ['if %s:' % self.e(inner, BOOL, 1), '    print("stop", %s)' % i, '    break']
        body.append('%s = %s + 1' % (i, i))
        lines += ['    ' + x for x in body]
        if has_else:
            self.feat('while/else with break')
            lines += ['else:', '    print("done", %s)' % i]
        sc.env[i] = INT
        return lines

    def s_if(self, sc):
        inner = sc.child()
        lines = ['if %s:' % self.e(sc if sc.live else inner, BOOL, 0)]
        lines += self.body(inner, self.rng.randint(1, 2))
        if self.chance(0.3):
            inner2 = sc.child()
            lines.append('elif %s:' % self.e(inner2, BOOL, 1))
            lines += self.body(inner2, 1)
        if self.chance(0.5):
            inner3 = sc.child()
            lines.append('else:')
            lines += self.body(inner3, self.rng.randint(1, 2))
        return lines

    # ---- calls
    def bind(self, sc, fname):
        """Argument codes for fname in sc, the bound element type, or None."""
        f = self.funcs[fname]
        r = self.rng
        cond = f['cond']
        if cond == 'dict':
            dv = self.vars_of(sc, is_dict)
            if not dv:
                return None
            n = r.choice(dv)
            T = None
            K, V = sc.env[n][1], sc.env[n][2]
            params = [subst(subst(p, K) if p == 'K' else p, None) for p in f['params']]
            params = [D(K, V) if p == D('K', 'V') else K if p == 'K' else V if p == 'V' else p for p in f['params']]
        elif cond == 'invert':
            dv = self.vars_of(sc, lambda t: is_dict(t) and hashable(t[2]))
            if not dv:
                return None
            n = r.choice(dv)
            K, V = sc.env[n][1], sc.env[n][2]
            params = [D(K, V)]
            T = None
        else:
            if cond == 'none':
                T = None
            elif cond == 'collect':
                T = self.collect_T or self.elem_type([(3, INT), (2, STR)])
            else:
                pool = [t for w, t in ELEM_TYPES]
                if cond == 'hashable':
                    pool = [t for t in pool if hashable(t)]
                if cond == 'scalar':
                    pool = [INT, STR, BOOL, FLOAT]
                # prefer element types of lists in scope
                have = [sc.env[n][1] for n in self.list_vars(sc) if sc.env[n][1] in pool]
                have += [sc.env[n][1][1] for n in self.list_vars(sc, is_list) if sc.env[n][1][1] in pool]
                T = r.choice(have) if have and self.chance(0.85) else r.choice(pool)
            params = [subst(p, T) for p in f['params']]
        args = []
        used = set()
        for i, p in enumerate(params):
            if is_list(p) or is_dict(p):
                if i in f['mut'] or self.chance(0.7):
                    places = [pl for pl in (self.list_places(sc, lambda t: t == p) if is_list(p)
                              else [(n, p, self.val(sc, n)) for n in self.vars_of(sc, lambda t: t == p)
                                    if n not in sc.iterating])
                              if pl[0] not in used]
                    if places:
                        pl = r.choice(places)
                        args.append(pl[0])
                        used.add(pl[0])
                        continue
                    if i in f['mut']:
                        return None
                args.append(self.e(sc, p, 1) if not (is_dict(p) and i == 0 and f['mut']) else self.lit(p))
            elif p == INT:
                free_int = fname in ('rotate', 'popcount', 'shift_letters', 'checked_div', 'ratio_sum') or fname not in TEMPLATES
                args.append(self.e(sc, INT, 1) if free_int and self.chance(0.5) else self.int_lit(small=True))
            elif p == L(STR) and fname == 'stack_ops':
                args.append('[%s]' % ', '.join(repr(r.choice(OPS_WORDS)) for _ in range(r.randint(1, 5))))
            else:
                args.append(self.e(sc, p, 1))
        return args, T, params

    def s_call(self, sc):
        r = self.rng
        if sc.top and sc.live and self.chance(0.35):
            # a new function for variables in scope
            vs = [n for n, t in sc.env.items() if is_list(t) or is_dict(t) or t in (STR, INT)]
            if vs:
                chosen = r.sample(vs, min(len(vs), r.randint(1, 3)))
                self.random_function([sc.env[n] for n in chosen])
                self.feat('random functions')
        names = [n for n in self.funcs if n not in ('word_key', 'nth', 'lookup')]
        if sc.fn:
            names = [n for n in names if (n in TEMPLATES or n in TRY_TEMPLATES) and n != 'collect' and n != sc.fn]
        if not names:
            return None
        fname = r.choice(names)
        f = self.funcs[fname]
        b = self.bind(sc, fname)
        if b is None:
            return None
        args, T, params = b
        if fname == 'collect':
            if self.collect_T is not None and T != self.collect_T:
                return None
        call = '%s(%s)' % (fname, ', '.join(args))
        ret = f['ret']
        if fname == 'invert':
            ret = D(params[0][2], L(params[0][1]))
        elif ret is not None:
            ret = subst(ret, T)
            if is_dict(ret) and ret == D('K', 'V'):
                ret = params[0]
            elif ret == 'V':
                ret = params[0][2]
        lines = []
        shown = [self.root(a) for a in args if re.match(r'^[A-Za-z_]\w*(\[.*\])?$', a) and self.root(a) in sc.env]
        if ret is None:
            lines.append(call)
        else:
            res = self.fresh('r')
            sc.env[res] = ret
            lines.append('%s = %s' % (res, call))
            shown = [res] + shown
            if f['alias'] and args and re.match(r'^\w+$', args[0]):
                lines += self.show(sc, shown)
                lines.append('print(%s is %s)' % (res, args[0]))
                shown = []
        self.mark_used(fname, T, sc)
        self.feat('calls of mutating functions' if f['mut'] else 'function calls')
        return lines + self.show(sc, shown)

    def mark_used(self, fname, T, sc):
        if fname == 'collect' and sc.top:
            self.collect_T = T if self.collect_T is None else self.collect_T

    # ---- try / errors
    def error_stmt(self, sc):
        """(code lines, exception class name) of a statement that raises, from the known state."""
        r = self.rng
        opts = []
        places = [p for p in self.list_places(sc) if p[2] is not None]
        if places:
            code, t, val = r.choice(places)
            n = len(val)
            opts += [lambda: (['print(%s[%d])' % (code, n + r.randint(0, 3))], 'IndexError'),
                     lambda: (['print(%s[%d])' % (code, -n - 1 - r.randint(0, 2))], 'IndexError'),
                     lambda: (['%s[%d] = %s' % (code, n + r.randint(0, 2), self.e(sc, t[1], 1))], 'IndexError'),
                     lambda: (['del %s[%d]' % (code, n + 1)], 'IndexError'),
                     lambda: (['print(%s.pop(%d))' % (code, n + r.randint(0, 3))], 'IndexError')]
            absent = self.absent_value(val, t[1])
            if absent:
                opts += [lambda: (['%s.remove(%s)' % (code, absent)], 'ValueError'),
                         lambda: (['print(%s.index(%s))' % (code, absent)], 'ValueError')]
            if not val:
                opts += [lambda: (['print(%s.pop())' % code], 'IndexError'),
                         lambda: (['print(max(%s))' % code], 'ValueError')] if orderable(t[1]) else []
            if 'nth' in self.funcs:
                opts.append(lambda: (['print(nth(%s, %d))' % (code, n + 2)], 'IndexError'))
        dv = [n for n in self.vars_of(sc, is_dict) if self.val(sc, n) is not None]
        if dv:
            dn = r.choice(dv)
            dval = self.val(sc, dn)
            kt = sc.env[dn][1]
            mk = None
            for _ in range(10):
                k = self.key_lit(kt)
                if eval(k) not in dval:
                    mk = k
                    break
            if mk:
                opts += [lambda: (['print(%s[%s])' % (dn, mk)], 'KeyError'),
                         lambda: (['del %s[%s]' % (dn, mk)], 'KeyError'),
                         lambda: (['print(%s.pop(%s))' % (dn, mk)], 'KeyError'),
                         lambda: (['print(lookup(%s, %s))' % (dn, mk)], 'KeyError')]
                if dval:
                    self.feat('dict changed size during iteration')
                    kk = self.fresh('kk')
                    opts.append(lambda: (['for %s in %s:' % (kk, dn),
                                          '    %s[%s] = %s' % (dn, mk, self.lit(sc.env[dn][2]))], 'RuntimeError'))
                    opts.append(lambda: (['for %s in %s:' % (kk, dn),
                                          '    %s[%s] = %s' % (dn, mk, self.lit(sc.env[dn][2]))], 'RuntimeError'))
            if dval and self.chance(0.3):
                kd = self.fresh('kd')
                opts.append(lambda: (['for %s in %s:' % (kd, dn), '    del %s[%s]' % (dn, kd)], 'RuntimeError'))
        sv = self.vars_of(sc, lambda t: t == STR)
        if sv:
            s = r.choice(sv)
            sval = self.val(sc, s)
            if sval is not None:
                opts.append(lambda: (['print(%s[%d])' % (s, len(sval) + r.randint(0, 2))], 'IndexError'))
                if not sval.strip().lstrip('+-').isdigit():
                    opts.append(lambda: (['print(int(%s))' % s], 'ValueError'))
        opts += [lambda: (['print(int(%s))' % repr(r.choice(['x', '3.5', '', '1 2', 'abc']))], 'ValueError'),
                 lambda: (['print((%s) // %s)' % (self.e(sc, INT, 1), self.zero(sc))], 'ZeroDivisionError'),
                 lambda: (['print((%s) %% %s)' % (self.e(sc, INT, 1), self.zero(sc))], 'ZeroDivisionError'),
                 lambda: (['print((%s) / %s)' % (self.e(sc, INT, 1), self.zero(sc))], 'ZeroDivisionError'),
                 lambda: (['print(chr(%s))' % r.choice(['-1', '0x110000'])], 'ValueError')]
        return r.choice(opts)()

    def zero(self, sc):
        lv = self.list_vars(sc)
        if lv and self.chance(0.6):
            n = self.rng.choice(lv)
            return '(len(%s) - len(%s))' % (n, n)
        return self.rng.choice(['0', '(3 - 3)', '(5 & 2)'])

    def absent_value(self, val, et):
        if et == INT:
            return str(max(val, default=0) + self.rng.randint(1, 5))
        if et == STR:
            for w in ['nope', 'zzz', 'Q', 'missing']:
                if w not in val:
                    return repr(w)
        return None

    def s_try(self, sc):
        r = self.rng
        body, exc = self.error_stmt(sc)
        if self.chance(0.15):
            body, exc = self.raise_stmt(sc)
        self.mark_try_funcs(body)
        base = {'IndexError': ['IndexError', 'LookupError', 'Exception'],
                'KeyError': ['KeyError', 'LookupError', 'Exception'],
                'ValueError': ['ValueError', 'Exception'],
                'ZeroDivisionError': ['ZeroDivisionError', 'ArithmeticError', 'Exception'],
                'RuntimeError': ['RuntimeError', 'Exception']}[exc]
        catch = r.choice(base)
        if self.chance(0.2):
            catch = '(%s, %s)' % (catch, r.choice([x for x in ['TypeError', 'KeyError', 'IndexError'] if x != catch]))
        self.feat('try/except ' + exc)
        shape = r.random()
        pre, before, shown = [], [], ''
        if shape < 0.3:
            # what the body assigned before the error is what the handler sees
            v = self.fresh('n')
            pre = ['%s = %s' % (v, self.e(sc, INT, 1))]
            before = ['%s = %s' % (v, self.e(sc, INT, 1))]
            lv = [n for n in self.list_vars(sc) if sc.env[n] == L(INT) and n not in sc.iterating]
            shown = ', ' + v
            if lv and self.chance(0.6):
                xs = r.choice(lv)
                before.append('%s.append(%s)' % (xs, v))
                shown += ', len(%s)' % xs
            sc.env[v] = INT
            self.feat('state at the raise')
        if 0.3 <= shape < 0.45:
            self.feat('nested try, bare raise')
            lines = ['try:', '    try:'] + ['        ' + x for x in body] + [
                '        print("unreachable")', '    except %s as e:' % catch, '        print("inner", e)',
                '        raise', '    finally:', '        print("inner finally")',
                'except %s as e2:' % r.choice(base), '    print("outer", e2)']
            return lines
        if 0.45 <= shape < 0.6:
            self.feat('try in a loop with break/continue')
            i = self.fresh('i')
            lines = ['for %s in range(%d):' % (i, r.randint(1, 3)), '    try:', '        print("step", %s)' % i]
            lines += ['        ' + x for x in body]
            lines += ['    except %s as e:' % catch, '        print("caught", %s, e)' % i,
                      '        if %s == 1:' % i, '            break', '        continue']
            if self.chance(0.5):
                lines += ['    else:', '        print("no error", %s)' % i]
            lines += ['    finally:', '        print("end", %s)' % i]
            return lines
        lines = pre + ['try:'] + ['    ' + x for x in before + body] + [
            '    print("unreachable")', 'except %s as e:' % catch, '    print("caught", e%s)' % shown]
        if self.chance(0.2):
            lines += ['else:', '    print("no error")']
        if self.chance(0.2):
            lines += ['finally:', '    print("finally")']
        return lines

    def raise_stmt(self, sc):
        """(code lines, class name) of an explicit raise with a computed message."""
        r = self.rng
        self.feat('raise')
        opts = [lambda: (['raise ValueError("bad value " + str(%s))' % self.e(sc, INT, 1)], 'ValueError'),
                lambda: (['raise KeyError(%s)' % self.key_lit(r.choice([INT, STR]))], 'KeyError'),
                lambda: (['raise IndexError("index " + str(%s) + " of " + %s)' % (self.e(sc, INT, 1), self.e(sc, STR, 1))],
                         'IndexError'),
                lambda: (['raise ZeroDivisionError()'], 'ZeroDivisionError'),
                lambda: (['raise RuntimeError'], 'RuntimeError')]
        return r.choice(opts)()

    def mark_try_funcs(self, body):
        for fn in ('nth', 'lookup'):
            if any(fn + '(' in x for x in body):
                pass

    # ------------------------------------------------------------------------------------ functions
    def add_templates(self):
        templates = dict(TEMPLATES)
        if 'try' not in self.avoid:
            templates.update(TRY_TEMPLATES)
        for name, (src, params, ret, cond, mut, alias) in templates.items():
            if 'mutable-default' in self.avoid and '=[]' in src.replace(' ', ''):
                continue
            self.funcs[name] = dict(src=src, params=params, ret=ret, cond=cond, mut=mut, alias=alias)
            exec(src, self.fn_ns)

    def random_function(self, ptypes=None):
        """A function with random parameters (or the given types) and a body from the statement
        menu (guarded forms); returns its name."""
        r = self.rng
        name = self.fresh('fn')
        if ptypes is None:
            ptypes = [self.pick([(4, L(INT)), (3, L(STR)), (2, D(STR, INT)), (2, STR), (2, INT), (1, L(L(INT))),
                                 (1, D(INT, L(STR)))]) for _ in range(r.randint(1, 3))]
        ptypes = list(ptypes)
        pnames = ['p%d' % i for i in range(len(ptypes))]
        sc = Scope(dict(zip(pnames, ptypes)), live=False, top=False, fn=name)
        body = []
        for _ in range(r.randint(2, 5)):
            body += self.stmt(sc, allow_blocks=self.chance(0.5))
        ret_opts = [(2, None)]
        if any(is_list(t) or is_dict(t) for t in ptypes):
            ret_opts.append((3, 'arg'))
        ret_opts += [(2, INT), (2, STR), (1, L(INT))]
        rk = self.pick(ret_opts)
        mut = [i for i, t in enumerate(ptypes) if is_list(t) or is_dict(t)]
        alias = False
        ret = None
        if rk == 'arg':
            i = r.choice([i for i, t in enumerate(ptypes) if is_list(t) or is_dict(t)])
            if i != 0:   # the returned argument comes first
                ptypes.insert(0, ptypes.pop(i))
                pnames.insert(0, pnames.pop(i))
            body.append('return %s' % pnames[0])
            ret, alias = ptypes[0], True
        elif rk is not None:
            body.append('return %s' % self.e(sc, rk, 0))
            ret = rk
        src = 'def %s(%s):\n%s\n' % (name, ', '.join(pnames), '\n'.join('    ' + x for x in body))
        compile(src, '<fn>', 'exec')
        exec(src, self.fn_ns)
        self.funcs[name] = dict(src=src, params=ptypes, ret=ret, cond='none', mut=mut, alias=alias)
        return name

    # ------------------------------------------------------------------------------------ program
    def program(self):
        r = self.rng
        self.add_templates()
        for k in range(r.randint(0, 2)):
            self.random_function()
        n_stmts = r.randint(30, 55)
        for _ in range(n_stmts):
            if not self.attempt(lambda sc: self.stmt(sc)):
                self.attempt(lambda sc: self.s_new_list(sc))
            if len(self.lines) > 420:
                break
        ends_in_error = self.chance(ERROR_END_P)
        if ends_in_error:
            for _ in range(20):
                sc = Scope(self.env, live=True, top=True)
                body, exc = self.error_stmt(sc)
                err = self.trial('\n'.join(body) + '\n', expect_error=True)
                if err is not None and type(err).__name__ == exc:
                    self.lines += body
                    self.feat('ends in ' + exc)
                    break
            else:
                ends_in_error = False
        return self.assemble(ends_in_error)

    def assemble(self, ends_in_error):
        body = '\n'.join(self.lines)
        used = []
        pending = [n for n in self.funcs if re.search(r'\b%s\(' % n, body)]
        while pending:
            n = pending.pop()
            if n in used:
                continue
            used.append(n)
            for dep in TEMPLATE_DEPS.get(n, []):
                pending.append(dep)
            for m in self.funcs:
                if m != n and m not in used and re.search(r'\b%s\(' % m, self.funcs[n]['src']):
                    pending.append(m)
        order = [n for n in self.funcs if n in used]
        out = ['# gen_lists program%s' % (' (ends in an error)' if ends_in_error else '')]
        for n in order:
            out += ['', ''] + self.funcs[n]['src'].rstrip('\n').split('\n')
        out += ['', ''] + self.lines
        return '\n'.join(out) + '\n'


def len_code(code):
    return 'len(%s)' % code


def generate(rng, avoid=()):
    return Prog(rng, avoid).program()


def generate_with_features(rng):
    p = Prog(rng)
    src = p.program()
    return src, p.features


if __name__ == '__main__':
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    sys.stdout.write(generate(random.Random(seed)))
