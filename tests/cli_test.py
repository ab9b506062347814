#!/usr/bin/env python3
"""Tests of the pyscript command line: exit codes, output formats, fix. Usage: cli_test.py PYSCRIPT"""
import json
import os
import subprocess
import sys
import tempfile

PYSCRIPT = os.path.abspath(sys.argv[1])
passed = failed = 0


def run(*args, stdin=None):
    p = subprocess.run([PYSCRIPT, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def expect(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def write(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


with tempfile.TemporaryDirectory() as tmp:
    clean = write(tmp, "clean.py", "def add(a, b):\n    return a + b\n\n\nprint(add(1, 2))\n")
    bad = write(tmp, "bad.py", "def total(n):\n    s = 0\n    for i in range(n):\n        s += i\n"
                "        s *= 2\n    return s + zz\n")

    code, out, err = run("check", clean)
    expect("check clean exits 0", code == 0 and out == "" and err == "", (code, out, err))

    code, out, err = run("check", bad)
    expect("check errors exits 1", code == 1, code)
    expect("text diagnostics", f"{bad}:4:9: error: in-place update 's += i' is not supported [in-place]"
           in err and "help: write 's = s + i'" in err and "^~~~~~" in err, err)
    expect("all errors in one run", f"{bad}:5:9:" in err and f"{bad}:6:16:" in err, err)

    code, out, err = run("check", bad, "--diagnostics-format=json")
    data = json.loads(out)
    expect("json exit 1", code == 1, code)
    expect("json diagnostics", [d["code"] for d in data["diagnostics"]] == ["in-place", "in-place", "undefined"]
           and data["diagnostics"][0]["range"]["line"] == 4
           and data["diagnostics"][0]["fixits"][0]["replacement"] == "s = s + i", out)

    code, out, err = run("check", os.path.join(tmp, "missing.py"))
    expect("missing file exits 2 with one line", code == 2 and len(err.strip().splitlines()) == 1
           and "cannot read" in err, (code, err))
    code, out, err = run("check")
    expect("no file exits 2", code == 2, code)
    code, out, err = run("frobnicate", clean)
    expect("unknown command exits 2", code == 2 and "unknown command" in err, (code, err))
    code, out, err = run("check", clean, "--no-such-flag")
    expect("unknown option exits 2", code == 2, (code, err))
    code, out, err = run("--help")
    expect("--help", code == 0 and "usage: pyscript" in out and "check FILE" in out, (code, out))
    code, out, err = run("--version")
    expect("--version", code == 0 and out.startswith("pyscript "), (code, out))

    code, out, err = run("fix", bad)
    expect("fix prints fixed source", "        s = s + i\n        s = s * 2\n" in out and code == 1
           and "zz" in err, (code, out, err))
    code, out, err = run("fix", bad, "--diff")
    expect("fix --diff", "-        s += i\n-        s *= 2\n+        s = s + i\n+        s = s * 2\n" in out, out)
    too_big = write(tmp, "too_big.py", "import numpy as np\nprint(np.zeros((4611686018427387904, 0)))\n")
    code, out, err = run("run", too_big)
    expect("an array whose nonzero dimensions overflow is too big, as numpy says",
           code == 1 and "too_big.py:2:7: runtime error: ValueError: array is too big" in err, (code, err))
    # A comparison of an int with a bool counts a C recursion level in CPython (PyObject_RichCompare).
    mixed = write(tmp, "mixed_compare.py", "def depth(n):\n    if n == False:\n        return 0\n"
                  "    return 1 + depth(n - 1)\nprint(depth(997))\nprint(depth(998))\n")
    code, out, err = run("run", mixed)
    expect("a mixed-type comparison near the recursion limit raises where CPython's does",
           code == 1 and out == "997\n" and "mixed_compare.py:2:8: runtime error: RecursionError" in err, (code, out, err))
    # Note [Frames of inlined calls]: the limit comes where CPython's does, with the same output.
    inlined = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recursion_through_inlined.py")
    code, out, err = run("run", inlined)
    cpython = subprocess.run(["/usr/bin/python3", inlined], capture_output=True, text=True)
    expect("RecursionError through an inlined function after CPython's output",
           code == 1 and "RecursionError" in err and out == cpython.stdout and cpython.returncode == 1,
           (code, err, len(out), len(cpython.stdout)))
    absolute = os.path.abspath(bad)
    code, out, err = run("fix", absolute, "--diff")
    expect("fix --diff of an absolute path names it as diff -u does",
           out.startswith("--- " + absolute + "\n+++ " + absolute + "\n"), out)
    fixable = write(tmp, "fixable.py", "x = 1\nx += 2  # comment\nprint(x)\n")
    code, out, err = run("fix", fixable, "--in-place")
    with open(fixable) as f:
        text = f.read()
    expect("fix --in-place", code == 0 and text == "x = 1\nx = x + 2  # comment\nprint(x)\n", (code, text, err))
    code, out, err = run("check", fixable)
    expect("fixed file checks clean", code == 0, err)

    # An item's update: the fix-it depends on the container's type, known once the function around
    # it is clean (the second round of fix); an array's item keeps its error.
    items = write(tmp, "items.py",
                  "import numpy as np\n\n\ndef count(words):\n    seen = {}\n    n = [0]\n    t = 0\n"
                  "    for w in words:\n        t += 1\n        n[0] += 1\n        seen[w] = seen.get(w, 0)\n"
                  "        seen[w] += len(w)\n    return n, seen, t\n\n\n"
                  "a = np.zeros(2)\na[0] += 1\nprint(count(['ab', 'c', 'ab']))\n")
    code, out, err = run("fix", items)
    expect("fix rewrites the updates of list and dict items",
           "        n[0] = n[0] + 1\n" in out and "        t = t + 1\n" in out and "        seen[w] = seen[w] + len(w)\n" in out
           and "a[0] += 1\n" in out and code == 1 and "'a[0] += 1'" in err, (code, out, err))

    garbage = os.path.join(tmp, "garbage.py")
    with open(garbage, "wb") as f:
        f.write(bytes(range(256)) * 20)
    code, out, err = run("check", garbage)
    expect("binary garbage exits 1", code == 1 and "error:" in err, (code, err))

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
with tempfile.TemporaryDirectory() as tmp:
    code, out, err = run("compile", os.path.join(ROOT, "examples", "fancy_func.py"), "--emit=graph")
    main = out.split("\n\n")[0]
    expect("fancy_func folds to printing 10", code == 0 and "const[value=10]()" in main
           and "print[" in main and "call[" not in main and "add(" not in main, out)
    risky = write(tmp, "risky.py", "def risky_function(x):\n    if x > 0:\n        return x * 2\n"
                  "    else:\n        return x - 1\n")
    code, out, err = run("compile", risky, "--emit=graph", "--entry", "risky_function", "--args", "float")
    expect("risky_function keeps its If", code == 0 and "graph @risky_function.float(%x : float) -> float:" in out
           and "= If(" in out and "block0():" in out and "block1():" in out, out)
    code, out, err = run("compile", risky, "--emit=graph", "--entry", "risky_function", "--args", "complex")
    expect("bad --args exits 2", code == 2 and "complex" in err, (code, err))
    loops = write(tmp, "loops.py", "def total(n):\n    s = 0\n    for i in range(n):\n        s = s + i\n"
                  "    return s\n\n\nprint(total(10))\n")
    code, out, err = run("compile", loops, "--emit=graph", "--entry", "total", "--args", "int")
    expect("a for loop is a Loop with its carried value",
           code == 0 and "%s : int = Loop(" in out and "block0(%i : int, %s.1 : int):" in out, out)
    code, out, err = run("compile", loops, "--emit=graph", "--print-after=inline")
    expect("--print-after dumps after the pass", code == 0 and "// after inline (round 1)" in err, err)
    conflict = write(tmp, "conflict.py", "def f(c):\n    if c:\n        x = 1\n    else:\n        x = 1.5\n"
                     "    return x\n\n\nprint(f(True))\n")
    code, out, err = run("check", conflict)
    expect("check reports type conflicts", code == 1 and f"{conflict}:5:9: error: type conflict" in err, err)

with tempfile.TemporaryDirectory() as tmp:
    prog = write(tmp, "prog.py", "def add(a, b):\n    return a + b\n\n\ndef div(a, b):\n    return a // b\n\n\n"
                 "print(add(2, 3), add(0.1, 0.2))\nprint(div(7, 0))\n")
    code, out, err = run("run", prog)
    expect("run prints as CPython, then the runtime error with its location",
           code == 1 and out == "5 0.30000000000000004\n"
           and err.strip() == f"{prog}:6:12: runtime error: ZeroDivisionError: integer division or modulo by zero",
           (code, out, err))
    either = write(tmp, "either.py", "import numpy as np\n\n\ndef total(x):\n    s = 0.0\n    for i in range(x.shape[0]):\n"
                   "        s = s + x[i]\n    return s\n\n\na = np.ones(3)\nprint(total(a) / 0.0)\nprint(total(a[:0]) / 0.0)\n")
    code, out, err = run("run", either)
    expect("a sum that stayed a Python float divides as one (ZeroDivisionError), a np.float64 gives inf",
           code == 1 and out == "inf\n" and err.strip() == f"{either}:13:7: runtime error: ZeroDivisionError: float division by zero",
           (code, out, err))
    code, out, err = run("compile", prog, "--emit=llvm", "--entry", "add", "--args", "int,int")
    expect("--emit=llvm", code == 0 and 'define i64 @add.int.int(ptr' in out and "llvm.sadd.with.overflow" in out, out[:500])
    code, out, err = run("compile", prog, "--emit=asm", "--entry", "add", "--args", "float,float")
    expect("--emit=asm", code == 0 and "add.float.float" in out and "vaddsd" in out or "addsd" in out, out[:500])
    obj = os.path.join(tmp, "prog.o")
    code, out, err = run("compile", prog, "--emit=obj", "-o", obj)
    with open(obj, "rb") as f:
        magic = f.read(4)
    expect("--emit=obj writes an ELF object", code == 0 and magic == b"\x7fELF", (code, err))
    code, out, err = run("compile", prog, "--emit=obj")
    expect("--emit=obj without -o is a usage error", code == 2, (code, err))
    # CPython's limit is 1000 frames with the top level's: depth(998) works, depth(999) raises.
    deep = write(tmp, "deep.py", "def depth(n):\n    if n == 0:\n        return 0\n    return 1 + depth(n - 1)\n\n\n"
                 "print(depth(998))\nprint(depth(999))\n")
    code, out, err = run("run", deep)
    expect("deep recursion raises RecursionError where CPython does, and does not crash",
           code == 1 and out == "998\n"
           and err.strip() == f"{deep}:1:5: runtime error: RecursionError: maximum recursion depth exceeded",
           (code, out, err))
    deep = write(tmp, "deep2.py", "def deep(n):\n    if n == 0:\n        return 0\n    return deep(n - 1) + deep(0) + 1\n\n\n"
                 "print(deep(998))\nprint(deep(999))\n")
    code, out, err = run("run", deep)
    expect("a function inlined into itself (codegen/unroll_recursion.cpp) still counts every frame",
           code == 1 and out == "998\n"
           and err.strip() == f"{deep}:1:5: runtime error: RecursionError: maximum recursion depth exceeded",
           (code, out, err))
    big = write(tmp, "big.py", "def big(n):\n    if n == 0:\n        return 2 ** 61\n    print(n)\n"
                "    return big(n - 1) + big(n - 1)\n\n\nprint(big(2))\n")
    code, out, err = run("run", big)
    expect("overflow inside an unrolled recursive function: its own line, after the calls CPython makes",
           code == 1 and out == "2\n1\n1\n" and err.startswith(f"{big}:5:12: runtime error: OverflowError"),
           (code, out, err))
    order = write(tmp, "order.py", "import numpy as np\n\n\ndef f(x):\n    print('in f')\n"
                  "    return np.minimum(x - np.array([], dtype=np.float32), np.zeros((0, 4, 2)))\n\n\n"
                  "a = np.ones(3)\nr = f(a)\nv = f(a) * r\nprint('not reached')\n")
    code, out, err = run("run", order)
    expect("an array op that raises is not fused past a print (the first call raises before the second prints)",
           code == 1 and out == "in f\n" and f"{order}:6:23: runtime error: ValueError" in err, (code, out, err))
    blame = write(tmp, "blame.py", "import numpy as np\nx = np.ones((2, 3))\ny = np.ones(4)\n"
                  "z = np.tanh(x * 2.0 + 1.0) - np.maximum(x, 0.0) / (1.0 + y)\n")
    code, out, err = run("run", blame)
    expect("a broadcast error inside a fused chain names the op that fails, with numpy's message",
           code == 1 and err.strip() == f"{blame}:4:30: runtime error: ValueError: operands could not be broadcast "
           "together with shapes (2,3) (4,)", (code, out, err))
    noisy = write(tmp, "noisy.py", "def f(d):\n    print(d)\n    if d < 5000:\n        f(d + 1)\n\n\nf(2)\n")
    code, out, err = run("run", noisy)
    expect("print counts its call to sys.stdout.write against the recursion limit, as CPython does; a function "
           "with no return value may recurse before any return",
           code == 1 and out.splitlines()[-1] == "998"
           and err.strip() == f"{noisy}:2:5: runtime error: RecursionError: maximum recursion depth exceeded",
           (code, out[-20:], err))
    endless = write(tmp, "endless.py", "def down(n):\n    if n > 10:\n        return n\n    return down(n - 1) + 1\n\n\nprint(down(5))\n")
    code, out, err = run("run", endless)
    expect("endless recursion is a RecursionError", code == 1 and "RecursionError" in err, (code, out, err))
    huge = write(tmp, "huge.py", "import numpy as np\nprint(1)\nx = np.zeros((100000, 100000, 100))\nprint(x.sum())\n")
    code, out, err = run("run", huge)
    expect("an array too large for memory is a MemoryError in numpy's words, not a crash",
           code == 1 and out == "1\n" and err.strip() == f"{huge}:3:5: runtime error: MemoryError: Unable to allocate "
           "7.28 TiB for an array with shape (100000, 100000, 100) and data type float64", (code, out, err))
    huge = write(tmp, "outer.py", "import numpy as np\nx = np.ones((100000, 1), dtype=np.float32)\n"
                 "y = np.ones((1, 100000000), dtype=np.float32)\nprint((x * y + 1.0).sum())\n")
    code, out, err = run("run", huge)
    expect("a fused loop's result too large for memory is a MemoryError",
           code == 1 and "runtime error: MemoryError: Unable to allocate 36.4 TiB" in err, (code, out, err))
    huge = write(tmp, "overflow.py", "import numpy as np\nx = np.zeros((2**40, 2**40))\nprint(x.sum())\n")
    code, out, err = run("run", huge)
    expect("an element count past 64 bits is numpy's ValueError", code == 1 and "ValueError: array is too big" in err,
           (code, out, err))
    power = write(tmp, "power.py", "import numpy as np\nx = np.arange(3)\nprint(x ** 2)\nprint(x ** (x - 1))\n")
    code, out, err = run("run", power)
    expect("int array ** a negative int is numpy's ValueError", code == 1 and out == "[0 1 4]\n" and
           err.strip() == f"{power}:4:7: runtime error: ValueError: Integers to negative integer powers are not allowed.",
           (code, out, err))
    for name, body, message in (
            ("to_float.py", "print(float(np.ones(3)))", "TypeError: only size-1 arrays can be converted to Python scalars"),
            ("truth.py", "if np.ones(3) > 0:\n    print(1)",
             "ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")):
        prog = write(tmp, name, "import numpy as np\n" + body + "\n")
        code, out, err = run("run", prog)
        expect(f"{name}: numpy's exception for an array that is not one element",
               code == 1 and err.strip() == f"{prog}:2:" + ("7" if "float" in body else "4") + f": runtime error: {message}",
               (code, out, err))
    bad = write(tmp, "bad.py", "x = 1\nx += 1\n")
    code, out, err = run("run", bad)
    expect("run refuses a program with errors", code == 1 and "in-place" in err and out == "", (code, out, err))

    # sys.argv: the path as given, then `pyscript run FILE ARGS...`'s ARGS, options among them
    argv = write(tmp, "argv.py", "import sys\nfrom sys import argv\nprint(sys.argv)\nprint(argv is sys.argv)\n"
                 "sys.argv.append('x')\nprint(len(argv))\n")
    code, out, err = run("run", argv, "a b", "--emit=graph", "-o", "7")
    expect("sys.argv is the script's path and the arguments after it",
           code == 0 and out == repr([argv, "a b", "--emit=graph", "-o", "7"]) + "\nTrue\n6\n", (code, out, err))
    code, out, err = run("run", "--diagnostics-format", "json", argv)
    expect("pyscript's options before FILE are its own", code == 0 and out.startswith(repr([argv]) + "\n"),
           (code, out, err))
    # sys.exit: the status as CPython's, a message on stderr with status 1, output printed first
    for body, status, message in (("sys.exit()", 0, ""), ("sys.exit(3)", 3, ""), ("sys.exit(-1)", 255, ""),
                                  ("sys.exit(None)", 0, ""), ("sys.exit(True)", 1, ""),
                                  ("sys.exit('bad input: ' + str(2))", 1, "bad input: 2\n"),
                                  ("stop(258)", 2, "")):
        prog = write(tmp, "exits.py", "import sys\n\n\ndef stop(n):\n    sys.exit(n)\n\n\nprint('before')\n"
                     + body + "\nprint('after')\n")
        code, out, err = run("run", prog)
        expect(f"{body} exits {status}", code == status and out == "before\n" and err == message, (code, out, err))
    # a recursion limit raised past what the native stack holds: RecursionError, never a crash
    deep = write(tmp, "deeper.py", "import sys\nsys.setrecursionlimit(10**8)\n\n\ndef walk(k, xs):\n"
                 "    if k == 0:\n        return 0\n    r = walk(k - 1, xs)\n    xs.append(r)\n    return r + len(xs) % 3\n"
                 "\n\nxs: list[int] = []\nprint(walk(5000, xs))\nprint(walk(10**7, xs))\n")
    code, out, err = run("run", deep)
    expect("a raised recursion limit is a RecursionError where the native stack ends",
           code == 1 and out == "5001\n" and f"{deep}:5:5: runtime error: RecursionError" in err, (code, out, err))
    for body, diagnostic in (("import random\nrandom.seed('abc')", "pyscript seeds with ints"),
                             ("import random\nrandom.shuffle((1, 2))", "shuffles a list in place"),
                             ("import random\nrandom.randint(1.0, 5)", "random.randint() of a float"),
                             ("import sys\nsys.stdout.write(5)", "write() argument must be str, not int"),
                             ("from random import randint\nrandint(1, 2, 3)", "randint"),
                             ("from math import cbrt", "module 'math' has no attribute 'cbrt'")):
        prog = write(tmp, "reject.py", body + "\n")
        code, out, err = run("check", prog)
        expect(f"check rejects {body!r}", code == 1 and diagnostic in err, (code, out, err))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
