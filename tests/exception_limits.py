#!/usr/bin/python3
"""pyscript's own limits are no exceptions (Note [Errors no except catches] in runtime/exceptions.cpp):
where CPython raises nothing (an int beyond 64 bits, `<<` past 64 bits, int ** a negative exponent
known at run time, int() of a string beyond 64 bits, sum() of an empty float list, == of arrays whose
shapes do not broadcast, where numpy 1.24 answers False), no `except`
catches pyscript's runtime error, not even `except Exception` or a bare `except`, and no `finally`
runs: the program stops there with the location, exit 1.

usage: exception_limits.py PYSCRIPT
"""
import os
import subprocess
import sys
import tempfile

CASES = [
    # (name, program, the error's line:col, what stderr says)
    ('int overflow', '''n = 2 ** 62
try:
    print(n * 4)
except Exception as e:
    print("caught", e)
''', '3:11', 'OverflowError: integer overflow'),
    ('int overflow, bare except', '''def grow(n):
    return n * n


try:
    print(grow(2 ** 40))
except:
    print("caught")
''', '2:12', 'OverflowError: integer overflow'),
    ('shift past 64 bits', '''k = 70
try:
    print(1 << k)
except OverflowError as e:
    print("caught", e)
''', '3:11', 'OverflowError: integer overflow'),
    ('negative exponent at run time', '''def power(b, e):
    return b ** e


try:
    print(power(2, -1))
except ValueError:
    print("caught")
''', '2:12', 'ValueError: int ** negative int'),
    ('int() beyond 64 bits', '''s = "9" * 30
try:
    print(int(s))
except ValueError as e:
    print("caught", e)
except OverflowError as e:
    print("caught", e)
''', '3:11', "pyscript's int is 64-bit"),
    ('sum of an empty float list', '''xs: list[float] = []
try:
    print(sum(xs))
except ValueError as e:
    print("caught", e)
''', '3:11', 'sum() of an empty list of floats'),
    ('== of arrays whose shapes do not broadcast (numpy 1.24: False)', '''import numpy as np

acc = np.zeros((2, 2))
try:
    print(acc == np.ones((4, 2)))
except ValueError as e:
    print("caught", e)
''', '5:11', '== or != of arrays with shapes (2,2) (4,2) that do not broadcast'),
    ('!= of arrays in a fused loop', '''import numpy as np

a = np.zeros(3)
try:
    print((a * 2.0 + 1.0) != np.ones(4) * 3.0)
except ValueError as e:
    print("caught", e)
''', '5:11', '== or != of arrays with shapes (3,) (4,) that do not broadcast'),
    ('no finally either', '''n = 2 ** 62
try:
    print(n * 4)
finally:
    print("finally")
''', '3:11', 'OverflowError: integer overflow'),
]


def main(argv):
    if len(argv) != 1:
        print(__doc__)
        return 2
    pyscript = os.path.abspath(argv[0])
    failed = 0
    with tempfile.TemporaryDirectory(prefix='exception-limits-') as d:
        for name, source, where, text in CASES:
            path = os.path.join(d, 'prog.py')
            with open(path, 'w') as f:
                f.write(source)
            p = subprocess.run([pyscript, 'run', path], capture_output=True, text=True, timeout=120)
            problems = []
            if p.returncode != 1:
                problems.append('exit %d, expected 1' % p.returncode)
            if 'prog.py:%s: runtime error: ' % where not in p.stderr:
                problems.append("no 'prog.py:%s: runtime error' on stderr" % where)
            if text not in p.stderr:
                problems.append('stderr does not say %r' % text)
            if 'caught' in p.stdout or 'finally' in p.stdout:
                problems.append('a handler or finally ran: %r' % p.stdout)
            if problems:
                failed += 1
                print('FAIL %s: %s\n--- stdout\n%s--- stderr\n%s' % (name, '; '.join(problems), p.stdout, p.stderr))
    print('%d passed, %d failed' % (len(CASES) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
