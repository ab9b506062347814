#!/usr/bin/env python3
"""Artifacts: every conformance program that runs is compiled to .pys, run from it, and must print
what CPython printed; bad artifacts give a one-line error, never a crash.
Usage: artifact_test.py PYSCRIPT CORPUS_DIR"""
import os
import subprocess
import sys
import tempfile

pyscript, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
passed = failed = 0


def expect(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def run(*args):
    p = subprocess.run([pyscript, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


with tempfile.TemporaryDirectory() as tmp:
    for sub in ("scalar", "tensor"):
        d = os.path.join(corpus, sub)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".py"):
                continue
            prog = os.path.join(d, name)
            artifact = os.path.join(tmp, name[:-3] + ".pys")
            code, out, err = run("compile", prog, "-o", artifact)
            if code != 0:
                expect(f"{sub}/{name} compiles to an artifact", False, err)
                continue
            with open(prog[:-3] + ".out") as f:
                expected = f.read()
            direct = run("run", prog)
            loaded = run("run", artifact)
            expect(f"{sub}/{name} from its artifact", loaded[0] == direct[0] and loaded[1] == direct[1]
                   and (direct[0] != 0 or loaded[1].split() == direct[1].split()),
                   f"direct {direct[:2]} artifact {loaded}")
            if direct[0] == 0 and sub == "scalar":
                expect(f"{sub}/{name} artifact output is CPython's", loaded[1] == expected, loaded[1])

    prog = os.path.join(corpus, "scalar", "fancy_func.py")
    good = os.path.join(tmp, "good.pys")
    run("compile", prog, "-o", good)
    with open(good, "rb") as f:
        data = f.read()
    code, out, err = run("compile", good, "--emit=graph")
    expect("an artifact prints its graph", code == 0 and out.startswith("graph @__main__()"), out[:200])

    def bad(label, content, message):
        path = os.path.join(tmp, label + ".pys")
        with open(path, "wb") as f:
            f.write(content)
        code, out, err = run("run", path)
        lines = err.strip().splitlines()
        expect(f"bad artifact: {label}", code == 1 and len(lines) == 1 and message in lines[0], (code, err))

    bad("truncated", data[: len(data) // 2], "checksum mismatch")
    bad("corrupted", data.replace(b"add(", b"sub(", 1), "checksum mismatch")
    bad("version", data.replace(b"format 3", b"format 4", 1), "format version 4, this pyscript reads 3")
    bad("header-only", data[:30], "truncated header")
    bad("empty", b"pyscript-artifact\n", "truncated header")
    # Hand-edited with a fixed-up checksum: the graph itself is checked.
    import importlib
    body_start = data.index(b"\n", data.index(b"checksum ")) + 1
    edited = data[body_start:].replace(b"-> int:", b"-> float:", 1)
    h = 0xcbf29ce484222325
    for byte in edited:
        h ^= byte
        h = (h * 0x100000001b3) % (1 << 64)
    header = data[:data.index(b"checksum ")] + f"checksum {h:016x}\n".encode()
    bad("hand-edited", header + edited, "invalid graph")

    # An artifact made on another machine: its object is ignored and the graph compiled here.
    def with_checksum(body):
        h = 0xcbf29ce484222325
        for byte in body:
            h ^= byte
            h = (h * 0x100000001b3) % (1 << 64)
        return data[:data.index(b"checksum ")] + f"checksum {h:016x}\n".encode() + body
    body = data[body_start:]
    expect("the artifact carries machine code", body.startswith(b"object "), body[:60])
    line_end = body.index(b"\n")
    parts = body[:line_end].split(b" ")
    foreign = b" ".join([parts[0], b"riscv64-unknown-linux-gnu", b"generic", b"0" * 16, parts[-1]]) + body[line_end:]
    path = os.path.join(tmp, "foreign.pys")
    with open(path, "wb") as f:
        f.write(with_checksum(foreign))
    code, out, err = run("run", path)
    expect("another machine's artifact runs from its graph", code == 0 and out == "10\n10.5\n", (code, out, err))

    # Array ops edited by hand: the verifier refuses each (codegen trusts what it verified).
    arrays = os.path.join(tmp, "arrays.py")
    with open(arrays, "w") as f:
        f.write("import numpy as np\nx = np.array([[1.0, 2.0], [3.0, 4.0]])\n"
                "print(np.exp(x).transpose(1, 0)[0, 1:], x.sum(axis=0), x // 3.0)\n")
    arrays_pys = os.path.join(tmp, "arrays.pys")
    code, out, err = run("compile", arrays, "-o", arrays_pys)
    expect("an array program compiles to an artifact", code == 0, err)
    with open(arrays_pys, "rb") as f:
        array_data = f.read()
    array_body = array_data[array_data.index(b"\n", array_data.index(b"checksum ")) + 1:]

    def edited_arrays(label, old, new):
        body = array_body.replace(old, new, 1)
        expect(f"hand-edited {label}: the edit applies", body != array_body, old)
        h = 0xcbf29ce484222325
        for byte in body:
            h ^= byte
            h = (h * 0x100000001b3) % (1 << 64)
        head = array_data[:array_data.index(b"checksum ")] + f"checksum {h:016x}\n".encode()
        bad(label, head + body, "invalid graph")

    edited_arrays("unknown ufunc", b'op="floordiv"', b'op="frobnicate"')
    edited_arrays("transpose axes", b"axes=(1, 0)", b"axes=(1, 1)")
    edited_arrays("index spec", b"spec=(-1, 1)", b"spec=(-1, 9)")
    edited_arrays("reduction axis", b"axis=0", b"axis=5")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
