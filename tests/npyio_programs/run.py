#!/usr/bin/python3
"""np.load / np.save / np.savez in compiled programs, against CPython (/usr/bin/python3, numpy 1.24).

Each NAME.py here runs twice, each time in a fresh temporary directory holding the files that
fixtures.py writes with numpy: under CPython (NPY_PROMOTION_STATE=weak) and as `pyscript run`.
- Both must print NAME.out (CPython's output, written by --update), and must leave the same files
  behind: byte for byte, or, for a program whose first lines hold '# compare-files: values', arrays
  of equal dtype, shape and values.
- '# expect-runtime-error: LINE:COL' (first line): both fail there, with the same error text
  (CPython's last stderr line is pyscript's after 'runtime error: '); NAME.out is the output before.
- '# pyscript-runtime-error: LINE:COL TEXT': pyscript's own error (a file that no longer holds the
  type the program was compiled for, which CPython reads on): pyscript fails there with TEXT, after
  printing NAME.out, which is the start of CPython's output. --update leaves that NAME.out alone.
- Every program that compiles runs a third time from an artifact (`pyscript compile -o`, then
  `pyscript run` of it, in another fresh directory): the same output, error and files as the run
  from source (the new ops survive the artifact's text and its verifier).
- '# expect-error: LINE:COL ...': `pyscript check` rejects the program with an error at each
  LINE:COL (CPython is not run: these are programs it would stop in, or that pyscript cannot type).

usage: run.py PYSCRIPT [--update] [NAME...]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = '/usr/bin/python3'
ENV = dict(os.environ, NPY_PROMOTION_STATE='weak')


def header(path):
    out = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'#\s*([a-z-]+):\s*(.*)', line)
            if not m:
                break
            out[m.group(1)] = m.group(2).strip()
    return out


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120, env=ENV)
    return p.returncode, p.stdout, p.stderr


def snapshot(folder):
    files = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), 'rb') as f:
            files[name] = f.read()
    return files


def same_values(a, b):
    import io
    import numpy as np
    x, y = np.load(io.BytesIO(a)), np.load(io.BytesIO(b))
    if isinstance(x, np.ndarray):
        return isinstance(y, np.ndarray) and x.dtype == y.dtype and np.array_equal(x, y, equal_nan=x.dtype.kind == 'f')
    if sorted(x.files) != sorted(y.files):
        return False
    return all(x[k].dtype == y[k].dtype and np.array_equal(x[k], y[k], equal_nan=x[k].dtype.kind == 'f')
               for k in x.files)


def compare_files(python_files, pyscript_files, by_value):
    problems = []
    for name in sorted(set(python_files) | set(pyscript_files)):
        if name not in pyscript_files:
            problems.append(f'{name}: written by CPython only')
        elif name not in python_files:
            problems.append(f'{name}: written by pyscript only')
        elif python_files[name] != pyscript_files[name]:
            if not by_value:
                problems.append(f'{name}: bytes differ from numpy\'s')
            elif not same_values(python_files[name], pyscript_files[name]):
                problems.append(f'{name}: arrays differ from numpy\'s')
    return problems


def artifact_problems(pyscript, prog, fixtures, tmp, code, out, err, files):
    c = os.path.join(tmp, 'artifact')
    shutil.copytree(fixtures, c)
    artifact = os.path.join(tmp, 'prog.pys')
    a_code, a_out, a_err = run([pyscript, 'compile', prog, '-o', artifact], c)
    if a_code != 0:
        return [f'pyscript compile -o failed: {a_err.strip()[-400:]}']
    a_code, a_out, a_err = run([pyscript, 'run', artifact], c)
    problems = []
    error = lambda text: re.sub(r'^.*?(\S+\.py:\d+:\d+: runtime error)', r'\1', text.strip().split('\n')[-1]) if text.strip() else ''
    if (a_code, a_out, error(a_err)) != (code, out, error(err)):
        problems.append(f'the artifact runs differently: exit {a_code}, {error(a_err)!r}\n{a_out}')
    if snapshot(c) != files:
        problems.append('the artifact leaves other files')
    return problems


def check(pyscript, name, fixtures, update):
    prog = os.path.join(HERE, name)
    out_path = prog[:-3] + '.out'
    h = header(prog)
    if 'expect-error' in h:
        with tempfile.TemporaryDirectory() as tmp:
            work = os.path.join(tmp, 'w')
            shutil.copytree(fixtures, work)
            code, out, err = run([pyscript, 'check', prog], work)
        if code == 0:
            return ['accepted; expected a diagnostic']
        return [f'no error at {loc}\n{err}' for loc in h['expect-error'].split()
                if not re.search(rf'{re.escape(name)}:{loc}: error:', err)]
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, 'python'), os.path.join(tmp, 'pyscript')
        shutil.copytree(fixtures, a)
        shutil.copytree(fixtures, b)
        py_code, py_out, py_err = run([PYTHON, prog], a)
        ps_code, ps_out, ps_err = run([pyscript, 'run', prog], b)
        problems = artifact_problems(pyscript, prog, fixtures, tmp, ps_code, ps_out, ps_err, snapshot(b))
        own = h.get('pyscript-runtime-error')
        if update and not own:
            with open(out_path, 'w', encoding='utf-8') as f:
                f.write(py_out)
        expected = open(out_path, encoding='utf-8').read() if os.path.exists(out_path) else None
        if expected is None:
            return ['no .out file (run with --update)']
        if own:
            loc, text = own.split(' ', 1)
            if ps_code != 1 or f'{name}:{loc}: runtime error: {text}' not in ps_err:
                problems.append(f'expected "{name}:{loc}: runtime error: {text}", got exit {ps_code}: {ps_err.strip()}')
            if ps_out != expected:
                problems.append(f'pyscript printed\n{ps_out}--- expected\n{expected}')
            if py_code != 0 or not py_out.startswith(expected):
                problems.append(f'{name}.out is not how CPython starts (exit {py_code})')
            return problems
        if py_out != expected:
            problems.append(f'CPython printed\n{py_out}--- but .out holds\n{expected}')
        if 'expect-runtime-error' in h:
            loc = h['expect-runtime-error']
            line = loc.split(':')[0]
            frames = re.findall(r'File ".*%s", line (\d+)' % re.escape(name), py_err)
            if py_code == 0 or not frames or frames[-1] != line:
                problems.append(f'CPython does not fail at line {line}: exit {py_code}\n{py_err}')
            want = py_err.strip().splitlines()[-1] if py_err.strip() else ''
            if ps_code != 1 or f'{name}:{loc}: runtime error: {want}' not in ps_err:
                problems.append(f'expected "{name}:{loc}: runtime error: {want}", got exit {ps_code}: {ps_err.strip()}')
        else:
            if py_code != 0:
                problems.append(f'CPython failed: {py_err.strip()[-400:]}')
            if ps_code != 0:
                problems.append(f'pyscript exit {ps_code}: {ps_err.strip()[-600:]}')
        if ps_out != expected:
            problems.append(f'pyscript printed\n{ps_out}--- expected\n{expected}')
        problems += compare_files(snapshot(a), snapshot(b), h.get('compare-files') == 'values')
        return problems


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    pyscript = os.path.abspath(argv[0])
    update = '--update' in argv
    only = [a for a in argv[1:] if not a.startswith('--')]
    names = sorted(n for n in os.listdir(HERE) if n.endswith('.py') and n not in ('run.py', 'fixtures.py'))
    if only:
        names = [n for n in names if n[:-3] in only or n in only]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        fixtures = os.path.join(tmp, 'fixtures')
        os.mkdir(fixtures)
        subprocess.run([PYTHON, os.path.join(HERE, 'fixtures.py')], cwd=fixtures, check=True, env=ENV)
        for name in names:
            problems = check(pyscript, name, fixtures, update)
            if problems:
                failed += 1
                print(f'FAIL {name}')
                for p in problems:
                    print('  ' + p.replace('\n', '\n  '))
    print(f'{len(names) - failed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
