#!/usr/bin/python3
"""A CPython that has imported numpy once and forks a child per program, for run_mutants.py.

Starting `python3 prog.py` costs ~0.15 s when the program imports numpy, several times what
pyscript takes to compile and run a small mutant.  This server imports numpy (with the
environment it is given: NPY_PROMOTION_STATE=weak) and then, per request, forks a child that runs
the program as `python3 prog.py` would: a fresh `__main__` module, sys.argv = ['prog.py'], the
program's folder first on sys.path, stdout and stderr to files, an uncaught exception printed as a
traceback with exit status 1, SystemExit honoured.  The server's own frames below the program
would make RecursionError come a few calls early, so the child raises the recursion limit by the
difference measured against a real `python3` at start-up (and sys.get/setrecursionlimit see the
program's numbers).

Protocol (one line each way, on stdin/stdout): request `TIMEOUT_S FOLDER`, answer `STATUS SECONDS`
where STATUS is the exit status, -SIGNAL, or `timeout`; the child's output is left in
FOLDER/stdout and FOLDER/stderr.  Client: the Server class.  Run with no argument to serve.
"""

import os
import select
import signal
import subprocess
import sys
import time
import types

PROBE = '''
import sys
def probe(n):
    try:
        return probe(n + 1)
    except RecursionError:
        return n
print(probe(1))
'''


def run_program(folder):
    """In the forked child: run FOLDER/prog.py as `python3 prog.py` would, then _exit."""
    os.chdir(folder)
    for fd, name, mode in ((0, os.devnull, os.O_RDONLY), (1, 'stdout', os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                           (2, 'stderr', os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        f = os.open(name, mode, 0o644)
        os.dup2(f, fd)
        os.close(f)
    sys.argv = ['prog.py']
    sys.path[0] = folder
    main = types.ModuleType('__main__')
    main.__file__ = os.path.join(folder, 'prog.py')
    sys.modules['__main__'] = main
    rc = 0
    try:
        with open('prog.py', encoding='utf-8') as f:
            code = compile(f.read(), 'prog.py', 'exec')
        exec(code, main.__dict__)
    except SystemExit as e:
        if e.code is None:
            rc = 0
        elif isinstance(e.code, int):
            rc = e.code
        else:
            print(e.code, file=sys.stderr)
            rc = 1
    except BaseException:   # noqa: B902 -- what the interpreter does with an uncaught exception
        sys.excepthook(*sys.exc_info())
        rc = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        rc = 120
    os._exit(rc & 0xFF)


def compensate_recursion(extra):
    """Makes the program see the default recursion limit although `extra` frames lie below it."""
    real_set, real_get = sys.setrecursionlimit, sys.getrecursionlimit
    real_set(real_get() + extra)
    sys.setrecursionlimit = lambda n: real_set(n + extra)
    sys.getrecursionlimit = lambda: real_get() - extra


def fork_and_wait(folder, timeout, extra):
    sys.stdout.flush()
    sys.stderr.flush()
    t0 = time.time()
    pid = os.fork()
    if pid == 0:
        compensate_recursion(extra)
        run_program(folder)
    fd = os.pidfd_open(pid)
    ready, _, _ = select.select([fd], [], [], timeout)
    os.close(fd)
    if not ready:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        return 'timeout', time.time() - t0
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), time.time() - t0


def write_probe(tmp):
    """The recursion probe as FOLDER/prog.py; returns its depth under a real python3."""
    with open(os.path.join(tmp, 'prog.py'), 'w', encoding='utf-8') as f:
        f.write(PROBE)
    real = subprocess.run([sys.executable, 'prog.py'], cwd=tmp, stdout=subprocess.PIPE, check=True)
    return int(real.stdout)


def serve():
    import math, random  # noqa: F401,E401 -- what the programs import, loaded once
    import numpy  # noqa: F401
    import tempfile
    requests = os.fdopen(os.dup(0), 'r')
    answers = os.fdopen(os.dup(1), 'w')
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    with tempfile.TemporaryDirectory(prefix='pyscript-cpython-server-') as tmp:
        real = write_probe(tmp)
        # Forked from this function, as the programs are below: the frames under them are the same.
        fork_and_wait(tmp, 30, 0)
        with open(os.path.join(tmp, 'stdout'), encoding='utf-8') as f:
            extra = real - int(f.read())
    answers.write('ready %d\n' % extra)
    answers.flush()
    for line in requests:
        timeout, folder = line.rstrip('\n').split(' ', 1)
        status, seconds = fork_and_wait(folder, float(timeout), extra)
        answers.write('%s %.4f\n' % (status, seconds))
        answers.flush()


class Server:
    """The client: one server process, one program at a time (one per worker thread)."""

    def __init__(self, env):
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__)], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        first = self.proc.stdout.readline().split()
        if not first or first[0] != 'ready':
            raise RuntimeError('cpython_server.py did not start')

    def run(self, folder, timeout):
        """(exit status or 'timeout', stdout bytes, stderr bytes, seconds) of FOLDER/prog.py."""
        self.proc.stdin.write('%s %s\n' % (timeout, folder))
        self.proc.stdin.flush()
        status, seconds = self.proc.stdout.readline().split()
        outs = []
        for name in ('stdout', 'stderr'):
            with open(os.path.join(folder, name), 'rb') as f:
                outs.append(f.read())
            os.unlink(os.path.join(folder, name))
        return (status if status == 'timeout' else int(status)), outs[0], outs[1], float(seconds)


if __name__ == '__main__':
    serve()
