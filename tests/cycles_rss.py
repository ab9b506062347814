#!/usr/bin/env python3
"""Reference cycles are freed (Note [Cycle collector] in runtime/gc.cpp): every NAME.py in
tests/cycle_programs makes one or more cycles per iteration (N iterations, N = its first argument, a
million by default) and drops them. This runs each under `pyscript run` with N = 10**5 and N = 10**6
and checks that
  - the output is CPython's: at 10**6 the NAME.out beside it (written by /usr/bin/python3 NAME.py),
    at 10**5 what /usr/bin/python3 prints now;
  - the peak resident memory of the 10**6 run exceeds the 10**5 run's by less than 20%: leaked
    cycles would grow it with N (without the collector: 3.5 to 7 times as much).
usage: cycles_rss.py PYSCRIPT [DIR]
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SMALL, LARGE = 100000, 1000000
GROWTH = 1.20


def run_measured(argv, cwd):
    """stdout, stderr, exit status and peak RSS (KiB) of one process (wait4: this child's own)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:
            try:
                os.chdir(cwd)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                os.execv(argv[0], argv)
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        out.seek(0)
        err.seek(0)
        return (out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                os.waitstatus_to_exitcode(status), usage.ru_maxrss)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    pyscript = os.path.abspath(argv[1])
    folder = os.path.abspath(argv[2]) if len(argv) > 2 else os.path.join(HERE, "cycle_programs")
    names = sorted(n for n in os.listdir(folder) if n.endswith(".py"))
    bad = 0
    for name in names:
        expected = {}
        with open(os.path.join(folder, name[:-3] + ".out"), encoding="utf-8") as f:
            expected[LARGE] = f.read()
        oracle = subprocess.run(["/usr/bin/python3", name, str(SMALL)], cwd=folder, capture_output=True, text=True,
                                timeout=600)
        expected[SMALL] = oracle.stdout
        rss = {}
        for n in (SMALL, LARGE):
            out, err, code, peak = run_measured([pyscript, "run", name, str(n)], folder)
            rss[n] = peak
            if code != 0:
                print("%s %d: pyscript exited %d\n%s" % (name, n, code, err.strip()[-600:]))
                bad += 1
            elif out != expected[n]:
                print("%s %d: printed %r, CPython %r" % (name, n, out.strip()[:200], expected[n].strip()[:200]))
                bad += 1
        ratio = rss[LARGE] / max(rss[SMALL], 1)
        verdict = "ok" if ratio < GROWTH else "GREW"
        print("%-24s peak RSS %8d KiB at N=%d, %8d KiB at N=%d: x%.2f %s" % (
            name, rss[SMALL], SMALL, rss[LARGE], LARGE, ratio, verdict))
        if ratio >= GROWTH:
            bad += 1
    print("%d programs, %d problems" % (len(names), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
