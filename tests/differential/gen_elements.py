#!/usr/bin/python3
"""Seeded random element-loop programs (differential testing of numpy scalars).

generate(rng, avoid) returns one program in the numba style: functions that loop over the elements
of float64, float32, int64 and bool arrays (`for i in range(...)`, `for v in x`, nested loops over
a 2-D array, while loops), reading `x[i]`, `x[i, j]`, `x[-1]` into accumulators that start as
Python numbers (0.0, 0, False, a parameter) or numpy scalars (x[0], np.float64(1.5)), so that a
variable is a Python number on some paths and a numpy scalar on others (Note [Python and numpy
scalars meet] in lower/either.cpp). The results are then used where the two kinds differ: division,
floor division and modulo by a zero that comes from the data (ZeroDivisionError for a Python
number, inf/nan for a numpy scalar), np.int64 wrapping near 2**63, max/min keeping the first
argument, round(), comparisons, printing. Loops sometimes run zero times (an empty slice, range(0)),
so the Python kind survives.

Values stay exact (small integers and halves) so that no rounding decides the output; Python ints
never leave 64 bits (pyscript's documented limit), np.int64 may wrap. `gen_elements.py SEED` prints
the program of one seed; run_tensor_differential.py --generator elements runs them.
"""

import random
import sys

AVOIDABLE = ()
COMPILE_REJECT_OK = '# accepts a compile-time error'

FLOATS = [-3.0, -2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.5, 4.0]
INTS = [-7, -2, -1, 0, 1, 2, 3, 5, 9]


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.arrays = {}   # name -> (kind, rank): kind in float, f32, int, bool

    def choice(self, xs):
        return self.rng.choice(xs)

    def array_literal(self, kind, n):
        r = self.rng
        if kind in ('float', 'f32'):
            vals = [repr(r.choice(FLOATS)) for _ in range(n)]
        elif kind == 'int':
            vals = [str(r.choice(INTS)) for _ in range(n)]
            if r.random() < 0.3:
                vals[r.randrange(n)] = str(r.choice([9223372036854775807, -9223372036854775807, 4611686018427387904]))
        else:
            vals = [r.choice(['True', 'False']) for _ in range(n)]
        dtype = {'float': 'np.float64', 'f32': 'np.float32', 'int': 'np.int64', 'bool': 'np.bool_'}[kind]
        return '[' + ', '.join(vals) + ']', dtype

    def arrays_section(self):
        for k in range(self.rng.randint(2, 4)):
            kind = self.choice(['float', 'float', 'int', 'f32', 'bool'])
            name = f'x{k}'
            if self.rng.random() < 0.3 and kind != 'bool':
                rows, cols = self.rng.randint(1, 3), self.rng.randint(1, 4)
                data = '[' + ', '.join(self.array_literal(kind, cols)[0] for _ in range(rows)) + ']'
                dtype = self.array_literal(kind, 1)[1]
                self.lines.append(f'{name} = np.array({data}, dtype={dtype})')
                self.arrays[name] = (kind, 2)
            else:
                data, dtype = self.array_literal(kind, self.rng.randint(1, 6))
                self.lines.append(f'{name} = np.array({data}, dtype={dtype})')
                self.arrays[name] = (kind, 1)

    # The accumulator's start and how an element updates it, for an array of `kind`.
    def accumulator(self, kind, elem, param, rank):
        r = self.rng
        first = 'x[0]' if rank == 1 else 'x[0, 0]'
        if kind in ('float', 'f32'):
            # A float32 element with a Python float start makes float|np.float32, which pyscript
            # refuses; start those as numpy scalars.
            starts = [f'{first} if x.shape[0] > 0 else np.float32(0.0)', 'np.float32(0.5)'] if kind == 'f32' else \
                ['0.0', '1.5', param, 'np.float64(0.0)', '-1.0']
            start = r.choice(starts)
            updates = [f'acc = acc + {elem}', f'acc = acc * 0.5 + {elem}', f'acc = {elem} - acc',
                       f'acc = max(acc, {elem})', f'acc = min({elem}, acc)',
                       f'if {elem} > acc:\n{{ind}}    acc = {elem}',
                       f'acc = acc + {elem} * {elem}', f'acc = acc - abs({elem})']
        elif kind == 'int':
            start = r.choice(['0', '1', f'{first} if x.shape[0] > 0 else np.int64(0)', 'np.int64(3)'])
            updates = [f'acc = acc + {elem}', f'acc = acc * 2 + {elem}', f'acc = {elem} - acc',
                       f'acc = max(acc, {elem})', f'if {elem} < acc:\n{{ind}}    acc = {elem}',
                       f'acc = acc + ({elem} > 0)']
        else:
            start = r.choice(['False', 'True', f'{first} if x.shape[0] > 0 else np.bool_(False)'])
            updates = [f'acc = acc or {elem}', f'acc = acc and {elem}', f'acc = {elem} != acc',
                       f'if {elem}:\n{{ind}}    acc = {elem}']
        return start, r.choice(updates)

    def uses(self, kind):
        r = self.rng
        if kind == 'bool':
            return r.sample(['acc', 'not acc', 'acc == True', 'int(acc)'], 2)
        pool = ['acc', '-acc', 'abs(acc)', 'acc / d', 'acc // d', 'acc % d', 'acc > 0', 'acc == 0',
                'acc * 2', 'round(acc)',
                {'float': 'max(acc, 0.5)', 'f32': 'max(acc, np.float32(0.5))', 'int': 'max(acc, 2)'}[kind],
                'float(acc)', 'int(acc)' if kind == 'int' else 'acc ** 2']
        return r.sample(pool, r.randint(2, 4))

    def function(self, k, name, kind, rank):
        r = self.rng
        fn = f'f{k}'
        param = 'k'
        elem_loops = []
        if rank == 1:
            elem_loops = [('for i in range(x.shape[0]):', 'x[i]'), ('for v in x:', 'v'),
                          ('for i in range(1, x.shape[0]):', 'x[i - 1]'),
                          ('for i in range(x.shape[0] - 1, -1, -1):', 'x[-1 - i]')]
        else:
            elem_loops = [('for i in range(x.shape[0]):\n    {ind}for j in range(x.shape[1]):', 'x[i, j]'),
                          ('for i in range(x.shape[0]):\n    {ind}for j in range(x.shape[1]):', 'x[i, -1 - j]')]
        header, elem = r.choice(elem_loops)
        start, update = self.accumulator(kind, elem, param, rank)
        body_indent = '        ' if 'for j' in header else '    '
        header = header.replace('{ind}', '    ')
        update_lines = update.replace('{ind}', body_indent + '    ').split('\n')
        src = [f'def {fn}(x, k, d):', f'    acc = {start}', f'    {header}']
        src += [body_indent + '    ' + update_lines[0]] + update_lines[1:]
        for u in self.uses(kind):
            src.append(f'    print({u})')
        src.append('    return acc')
        self.lines += [''] + [''] + src
        calls = []
        d_zero = '0.0' if kind in ('float', 'f32') else '0'
        d_nonzero = '2.0' if kind in ('float', 'f32') else '3'
        k_arg = r.choice(['2.0', '-1.5', '0.5'])
        sliced = name if rank == 2 else r.choice([f'{name}[:0]', f'{name}[1:]', f'{name}[::-1]'])
        for arr in (name, sliced):
            d = d_zero if r.random() < 0.3 else d_nonzero
            calls.append(f'r = {fn}({arr}, {k_arg}, {d})')
            calls.append(r.choice(['print(r)', 'print(r, r == r)'] + (['print(r * 1, k_total(r))'] if kind != 'bool' else [])))
            if r.random() < 0.2 and kind != 'bool':
                calls.append(f'print(r / {d_zero})')  # the Python kind raises here, the numpy kind gives inf/nan
        return calls

    def program(self):
        self.lines = ['import numpy as np', '']
        self.arrays_section()
        self.lines += ['', '', 'def k_total(v):', '    return v + v']
        calls = []
        for k, (name, (kind, rank)) in enumerate(self.arrays.items()):
            calls += self.function(k, name, kind, rank)
        self.lines += ['', ''] + calls
        return '\n'.join(self.lines) + '\n'


def generate(rng, avoid=()):
    return Gen(rng).program()


if __name__ == '__main__':
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    sys.stdout.write(generate(random.Random(seed)))
