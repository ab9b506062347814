#!/usr/bin/env python3
"""Exports with state (SPEC.md: `pyscript export`): each program of tests/state_programs is exported
with `pyscript export`, then loaded in another process by a C++ host (tests/state_loader.cpp) that
calls its functions and reads its globals as the program's `# loader:` line says; everything it
prints must be what CPython prints when it runs the program and then makes the same calls. The
export itself prints what CPython's top level prints, `pyscript run` of the export prints nothing
more, and corrupted state sections give a one-line error, never a crash.
Usage: state_test.py PYSCRIPT STATE_LOADER PROGRAMS_DIR"""
import os
import random
import re
import subprocess
import sys
import tempfile

pyscript, loader, programs = (os.path.abspath(a) for a in sys.argv[1:4])
passed = failed = 0
env = dict(os.environ, NPY_PROMOTION_STATE="weak")

# CPython: the program's top level, a separator, then the loader's commands.
DRIVER = r"""
import runpy, sys
g = runpy.run_path(sys.argv[1], run_name="__main__")
print("=== loaded ===", flush=True)
def show(v):
    print(v)
for command in sys.argv[2:]:
    what, name = command.split(":", 1)
    if what == "call":
        g[name]()
    elif what == "call1":
        g[name](True)
    else:
        show(g[name])
"""


def expect(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, errors="replace", timeout=300, env=env, **kw)


def checksum(body):
    h = 0xcbf29ce484222325
    for byte in body:
        h ^= byte
        h = (h * 0x100000001b3) % (1 << 64)
    return h


def with_state(data, state):
    """The artifact `data` with its state section's bytes replaced (and the checksum fixed)."""
    import base64
    start = data.index(b"\nstate ") + 1
    header_end = data.index(b"\n", start)
    data_end = data.index(b"\n", header_end + 1)
    new = (data[:start] + b"state " + str(len(state)).encode() + b"\n" + base64.b64encode(state) +
           data[data_end:])
    body_start = new.index(b"\n", new.index(b"checksum ")) + 1
    return new[:new.index(b"checksum ")] + f"checksum {checksum(new[body_start:]):016x}\n".encode() + new[body_start:]


def state_of(data):
    import base64
    start = data.index(b"\nstate ") + 1
    header_end = data.index(b"\n", start)
    return base64.b64decode(data[header_end + 1:data.index(b"\n", header_end + 1)])


with tempfile.TemporaryDirectory() as tmp:
    for name in sorted(os.listdir(programs)):
        if not name.endswith(".py"):
            continue
        prog = os.path.join(programs, name)
        with open(prog) as f:
            commands = re.search(r"^# loader: (.*)$", f.read(), re.M).group(1).split()
        reference = run(["/usr/bin/python3", "-c", DRIVER, prog, *commands])
        expect(f"{name}: CPython runs it", reference.returncode == 0, reference.stderr)
        top, _, after = reference.stdout.partition("=== loaded ===\n")

        artifact = os.path.join(tmp, name[:-3] + ".pys")
        export = run([pyscript, "export", prog, "-o", artifact])
        expect(f"{name}: export prints what CPython's top level prints", export.returncode == 0 and export.stdout == top,
               (export.returncode, export.stderr, export.stdout[-400:]))
        if export.returncode != 0:
            continue
        with open(artifact, "rb") as f:
            data = f.read()
        expect(f"{name}: the export has a state section", b"\nstate " in data)

        loaded = run([loader, artifact, *commands])
        expect(f"{name}: loaded in another process, it prints what CPython prints", loaded.returncode == 0 and
               loaded.stdout == after, (loaded.returncode, loaded.stderr, loaded.stdout))
        if loaded.stdout != after:
            import difflib
            print("".join(difflib.unified_diff(after.splitlines(True), loaded.stdout.splitlines(True), "cpython", "loaded")))
        rerun = run([pyscript, "run", artifact])
        expect(f"{name}: pyscript run of the export runs nothing more", rerun.returncode == 0 and rerun.stdout == "",
               (rerun.returncode, rerun.stdout[:200], rerun.stderr))

        # Corrupted states (a fixed-up checksum: the state itself is checked): each is a one-line
        # error, exit 1; none crashes.
        state = state_of(data)
        rng = random.Random(20261125)
        crashes, errors, loads = 0, 0, 0
        cases = [state[:len(state) // 2], state + b"\x00", b"", state[:1]]
        for _ in range(60):
            s = bytearray(state)
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(len(s))
                s[i] = rng.choice([0, 1, 0x7f, 0x80, 0xff, rng.randrange(256)])
            cases.append(bytes(s))
        for i, s in enumerate(cases):
            path = os.path.join(tmp, f"corrupt{i}.pys")
            with open(path, "wb") as f:
                f.write(with_state(data, s))
            r = run([pyscript, "run", path])
            if r.returncode == 0:
                loads += 1 # a byte that changed a number, not the structure
            elif r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1:
                errors += 1
            else:
                crashes += 1
                print(f"corrupted state {i}: exit {r.returncode}: {r.stderr[-500:]}")
        expect(f"{name}: corrupted states are clean errors ({errors} errors, {loads} still load)", crashes == 0 and errors >= 4)

    # Misuse of the command.
    r = run([pyscript, "export", os.path.join(programs, "graph.py")])
    expect("export without -o is a usage error", r.returncode == 2 and "-o" in r.stderr, (r.returncode, r.stderr))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
