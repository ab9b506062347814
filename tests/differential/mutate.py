#!/usr/bin/python3
"""Seeded source mutations of Python programs, for run_mutants.py.

A mutation is one small edit a user could make by accident: a literal changed (`number`), an
operator swapped for one of its kind (`operator`), a name replaced by another name of the same file
or misspelled (`name`), a line indented one level more or less (`indent`), a line deleted
(`delete`), duplicated (`duplicate`) or swapped with the next (`swap`).  mutate(source, rng) applies
one or two of them and returns the new source with a description of each edit
(`line 7: operator '<' -> '>='`).

Token edits use Python's tokenize module, so strings and comments are never edited; a source that
no longer tokenizes (after a first edit broke its indentation, say) gets line edits only.

usage: mutate.py FILE SEED     prints the mutant of FILE for SEED and the edits made
"""

import io
import keyword
import random
import sys
import tokenize

OPERATOR_GROUPS = [
    ['+', '-', '*', '/', '//', '%', '**', '@'],
    ['<', '<=', '>', '>=', '==', '!='],
    ['&', '|', '^', '<<', '>>'],
    ['+=', '-=', '*=', '/=', '//=', '%=', '=', '=='],
    ['and', 'or'],
    ['is', 'in'],
    ['True', 'False', 'None'],
]
OPERATORS = {op: group for group in OPERATOR_GROUPS for op in group}
# Built-in and library names worth swapping in: the corpus' own names come from the file.
EXTRA_NAMES = ['np', 'math', 'len', 'range', 'print', 'int', 'float', 'str', 'list', 'self', 'x', 'i']
INTERESTING_NUMBERS = ['0', '1', '-1', '2', '0.0', '1.5', '-2.5', 'True', '3', '10', '1e308',
                       '2 ** 62', '9223372036854775807', '100000']
LINE_KINDS = ['indent', 'delete', 'duplicate', 'swap']
TOKEN_KINDS = ['number', 'operator', 'name']
# Relative weights: token edits are the most varied, line edits hit the frontend's structure.
KIND_WEIGHTS = {'number': 3, 'operator': 3, 'name': 3, 'indent': 3, 'delete': 2, 'duplicate': 1,
                'swap': 1}


def tokens(source):
    """(type, text, (row, col), (end_row, end_col)) of NUMBER, OP and NAME tokens; None when the
    source does not tokenize."""
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return [(t.type, t.string, t.start, t.end) for t in toks
            if t.type in (tokenize.NUMBER, tokenize.OP, tokenize.NAME) and t.start[0] == t.end[0]]


def replace_token(lines, tok, text, kind):
    _, old, (row, col), (_, end) = tok
    line = lines[row - 1]
    lines[row - 1] = line[:col] + text + line[end:]
    return 'line %d: %s %r -> %r' % (row, kind, old, text)


def new_number(rng, old):
    try:
        value = int(old.replace('_', ''), 0)
    except ValueError:
        value = None
    choices = list(INTERESTING_NUMBERS)
    if value is not None:
        choices += [str(value + 1), str(value - 1), str(value * 2), str(-value)]
    else:
        choices += ['-' + old, old + '1']
    return rng.choice([c for c in choices if c != old] or ['0'])


def misspell(rng, name):
    i = rng.randrange(len(name))
    how = rng.choice(['drop', 'double', 'case', 'suffix'])
    if how == 'drop' and len(name) > 1:
        return name[:i] + name[i + 1:]
    if how == 'double':
        return name[:i] + name[i] + name[i:]
    if how == 'case' and name[i].isalpha():
        return name[:i] + name[i].swapcase() + name[i + 1:]
    return name + '2'


def mutate_token(rng, lines, toks, kind):
    """One token edit of `kind`; None when the source has no token of that kind."""
    if kind == 'number':
        cands = [t for t in toks if t[0] == tokenize.NUMBER]
        if not cands:
            return None
        tok = rng.choice(cands)
        return replace_token(lines, tok, new_number(rng, tok[1]), 'number')
    if kind == 'operator':
        cands = [t for t in toks if t[1] in OPERATORS]
        if not cands:
            return None
        tok = rng.choice(cands)
        other = rng.choice([o for o in OPERATORS[tok[1]] if o != tok[1]])
        return replace_token(lines, tok, other, 'operator')
    cands = [t for t in toks if t[0] == tokenize.NAME and not keyword.iskeyword(t[1])]
    if not cands:
        return None
    tok = rng.choice(cands)
    if rng.random() < 0.25:
        other = misspell(rng, tok[1])
    else:
        names = sorted({t[1] for t in cands} | set(EXTRA_NAMES))
        other = rng.choice([n for n in names if n != tok[1]])
    return replace_token(lines, tok, other, 'name')


def indentation(line):
    return line[:len(line) - len(line.lstrip(' \t'))]


def mutate_line(rng, lines, kind):
    """One line edit of `kind` on a non-blank line; None when there is none to edit."""
    code = [i for i, l in enumerate(lines) if l.strip() and not l.lstrip().startswith('#')]
    if not code:
        return None
    i = rng.choice(code)
    line = lines[i]
    if kind == 'indent':
        ind = indentation(line)
        if ind and rng.random() < 0.5:
            lines[i] = line[max(0, len(ind) - 4) if ind.startswith('    ') else len(ind):]
            return 'line %d: indented one level less' % (i + 1)
        lines[i] = '    ' + line
        return 'line %d: indented one level more' % (i + 1)
    if kind == 'delete':
        del lines[i]
        return 'line %d: deleted %r' % (i + 1, line.strip())
    if kind == 'duplicate':
        lines.insert(i, line)
        return 'line %d: duplicated %r' % (i + 1, line.strip())
    later = [j for j in code if j > i]
    if not later:
        return None
    j = later[0]
    lines[i], lines[j] = lines[j], lines[i]
    return 'lines %d and %d swapped' % (i + 1, j + 1)


def mutate_once(rng, source):
    """(new source, description) or None."""
    lines = source.split('\n')
    kinds = list(KIND_WEIGHTS)
    kind = rng.choices(kinds, weights=[KIND_WEIGHTS[k] for k in kinds])[0]
    if kind in TOKEN_KINDS:
        toks = tokens(source)
        if toks is None:
            kind = rng.choice(LINE_KINDS)
    if kind in TOKEN_KINDS:
        what = mutate_token(rng, lines, toks, kind)
    else:
        what = mutate_line(rng, lines, kind)
    if what is None:
        return None
    return '\n'.join(lines), what


def mutate(source, rng, max_edits=2):
    """1..max_edits edits of `source`: (mutant, [descriptions]).  The mutant may equal the source
    (an edit undone by the next)."""
    edits = []
    for _ in range(rng.randint(1, max_edits)):
        for _attempt in range(10):
            r = mutate_once(rng, source)
            if r is not None:
                source = r[0]
                edits.append(r[1])
                break
    return source, edits


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1].strip())
        return 2
    with open(argv[0], encoding='utf-8') as f:
        source = f.read()
    mutant, edits = mutate(source, random.Random(int(argv[1])))
    sys.stdout.write(mutant)
    for e in edits:
        print('# mutation: ' + e, file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
