#!/usr/bin/python3
"""Writes NAME.out beside every NAME.py in tests/list_programs: what CPython (/usr/bin/python3, the
oracle) prints.  A program whose first line is '# expect-runtime-error: LINE:COL[|LINE:COL]' must end in an
uncaught error whose traceback ends at that LINE (its .out then holds the output before the error);
every other program must exit 0.  The folder follows shared/conformance's layout, so its `check`
runs pyscript on it (the meson test `list-programs`; `list-programs-oracle` runs this with --check).

usage: update_list_programs.py [--check]   (--check: change nothing, exit 1 if a .out is out of date)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
FOLDERS = ('list_programs', 'list_programs_pending', 'module_programs', 'class_programs',
           'exception_programs', 'set_programs', 'generator_programs', 'stdlib_programs')   # pending: see list_programs_pending/README.md


def main(argv):
    bad = 0
    for folder in FOLDERS:
        bad += update(os.path.join(ROOT, folder), '--check' in argv)
    return 1 if bad else 0


def update(HERE, check):
    bad = 0
    names = sorted(n for n in os.listdir(HERE) if n.endswith('.py'))
    for name in names:
        path = os.path.join(HERE, name)
        with open(path, encoding='utf-8') as f:
            first = f.readline()
        if first.startswith('# expect-error:'):
            continue  # refused by pyscript; CPython may run it (raise ... from ...) or not
        p = subprocess.run(['/usr/bin/python3', name], cwd=HERE, capture_output=True, text=True, timeout=60)
        m = re.match(r'# expect-(?:error-or-)?runtime-error: (\S+)', first)
        if m:
            lines = {int(loc.split(':')[0]) for loc in m.group(1).split('|')}
            frames = re.findall(r'File ".*%s", line (\d+)' % re.escape(name), p.stderr)
            if p.returncode == 0 or not frames or int(frames[-1]) not in lines:
                print('%s: expected an error at line %s, CPython: exit %d\n%s' % (
                    name, sorted(lines), p.returncode, p.stderr.strip()[-400:]))
                bad += 1
                continue
        elif p.returncode != 0:
            print('%s: CPython failed:\n%s' % (name, p.stderr.strip()[-400:]))
            bad += 1
            continue
        out = os.path.join(HERE, name[:-3] + '.out')
        old = open(out, encoding='utf-8').read() if os.path.exists(out) else None
        if old != p.stdout:
            if check:
                print('%s: %s out of date' % (name, os.path.basename(out)))
                bad += 1
            else:
                with open(out, 'w', encoding='utf-8') as f:
                    f.write(p.stdout)
                print('wrote', os.path.basename(out))
    print('%s: %d programs, %d problems' % (os.path.basename(HERE), len(names), bad))
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
