#!/usr/bin/env python3
"""The compile cache (Note [Compile cache], Note [What the cache keeps]) from the command line: hits
and misses, damaged entries, processes racing, the size bound, turning it off, clearing it.
Every run uses a cache directory of its own (XDG_CACHE_HOME in a temporary directory); which
entries a run used comes from PYSCRIPT_CACHE_TRACE. Usage: cache_test.py PYSCRIPT"""
import os
import shutil
import subprocess
import sys
import tempfile

PYSCRIPT = os.path.abspath(sys.argv[1])
PYTHON = "/usr/bin/python3"
passed = failed = 0


def expect(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


class Cache:
    def __init__(self, root):
        self.root = root
        self.dir = os.path.join(root, "pyscript")

    def env(self, **extra):
        # One tier: a run in two tiers also looks up (and may store) its tier-1 object, which
        # tests/tiers_test.py checks (Note [Two tiers]); here each run uses one object entry.
        env = dict(os.environ, XDG_CACHE_HOME=self.root, PYSCRIPT_CACHE_TRACE="1", PYSCRIPT_TIERS="0")
        env.pop("PYSCRIPT_CACHE", None)
        env.update(extra)
        return env

    def run(self, *args, exe=PYSCRIPT, cwd=None, **extra):
        p = subprocess.run([exe, *args], capture_output=True, text=True, env=self.env(**extra), timeout=120,
                           cwd=cwd)
        trace = [line for line in p.stderr.splitlines() if line.startswith("pyscript-cache: ")]
        err = "".join(line + "\n" for line in p.stderr.splitlines() if not line.startswith("pyscript-cache: "))
        # The data layout's entry (Note [A JIT without a target machine]) is left out.
        trace = [line for line in trace if line.split()[2] != "layout"]
        events = [" ".join(line.split()[1:3]) for line in trace]
        self.keys = {line.split()[2]: line.split()[3] for line in trace}
        return p.returncode, p.stdout, err, events

    def entries(self):
        if not os.path.isdir(self.dir):
            return []
        return sorted(n for n in os.listdir(self.dir) if n.endswith(".entry"))

    def files(self):
        """Entries and anything left over, but the size log (Note [Bounding the cache])."""
        return sorted(n for n in os.listdir(self.dir) if n != "size.log") if os.path.isdir(self.dir) else []

    def logged_size(self):
        with open(os.path.join(self.dir, "size.log")) as f:
            return sum(int(line) for line in f)


def cpython(path, cwd=None):
    p = subprocess.run([PYTHON, path], capture_output=True, text=True, timeout=120, cwd=cwd,
                       env=dict(os.environ, NPY_PROMOTION_STATE="weak"))
    return p.returncode, p.stdout


PROGRAM = """def add(a, b):
    return a + b


def scale(xs, k):
    out = []
    for x in xs:
        out.append(x * k)
    return out


print(add(1, 2), add(1.5, 2))
print(scale([1, 2, 3], 3))
print(10 // (add(1, 2) - 3))
"""

with tempfile.TemporaryDirectory() as tmp:
    prog = write(os.path.join(tmp, "prog.py"), PROGRAM)
    want_code, want_out = cpython(prog)

    # Miss, then hit: both kinds of entry are stored, then used; same output, error and status.
    cache = Cache(os.path.join(tmp, "c1"))
    code, out, err, events = cache.run("run", prog)
    expect("cold run as CPython", (code, out) == (want_code, want_out), (code, out, want_out))
    expect("runtime error located", f"{prog}:14:7: runtime error: ZeroDivisionError" in err, err)
    expect("cold run misses and stores", events == ["miss source", "miss object", "store object", "store source"],
           events)
    expect("three entries: source, object, data layout", len(cache.entries()) == 3, cache.files())
    code2, out2, err2, events = cache.run("run", prog)
    expect("warm run hits", events == ["hit source", "hit object"], events)
    expect("warm run as cold run", (code2, out2, err2) == (code, out, err), (code2, out2, err2))
    expect("a hit stores nothing", len(cache.entries()) == 3, cache.files())

    # An edit of the source misses its source entry; a comment leaves the graphs (and so the object)
    # as they were, an edit of code does not.
    write(prog, PROGRAM + "# a comment\n")
    code, out, err, events = cache.run("run", prog)
    expect("comment: new source entry, same object", events == ["miss source", "hit object", "store source"],
           events)
    expect("comment: same output", (code, out) == (want_code, want_out), out)
    write(prog, PROGRAM.replace("x * k", "x * k + 1"))
    code, out, err, events = cache.run("run", prog)
    expect("edit: misses both", events[:2] == ["miss source", "miss object"], events)
    expect("edit: the new program's output", (code, out) == cpython(prog), out)
    write(prog, PROGRAM)
    code, out, err, events = cache.run("run", prog)
    expect("edit undone: hits again", events == ["hit source", "hit object"], events)

    # The same source under another path: runtime errors name the path, so a new entry.
    other = os.path.join(tmp, "other.py")
    shutil.copy(prog, other)
    code, out, err, events = cache.run("run", other)
    expect("other path misses", events[:2] == ["miss source", "miss object"], events)
    expect("other path's error location", f"{other}:14:7: runtime error" in err, err)

    # Damaged entries: truncated, one byte changed, emptied, garbage; each is noticed, removed and
    # stored again, and the run is as it should be.
    def damage(path, how):
        data = open(path, "rb").read()
        if how == "truncated":
            data = data[:len(data) // 2]
        elif how == "flipped":
            data = data[:-10] + bytes([data[-10] ^ 0x40]) + data[-9:]
        elif how == "empty":
            data = b""
        elif how == "header only":
            data = data[:56]
        else:
            data = b"PYSCCH1\n" + os.urandom(200)
        open(path, "wb").write(data)

    for how in ("truncated", "flipped", "empty", "header only", "garbage"):
        for kind in ("source", "object"):
            cache.run("run", prog)
            damage(os.path.join(cache.dir, cache.keys[kind] + ".entry"), how)
            code, out, err, events = cache.run("run", prog)
            expect(f"{how} {kind} entry: noticed", f"damaged {kind}" in events and f"store {kind}" in events, events)
            expect(f"{how} {kind} entry: output", (code, out) == (want_code, want_out), (code, out))
            code, out, err, events = cache.run("run", prog)
            expect(f"{how} {kind} entry: rebuilt", events == ["hit source", "hit object"], events)

    # An entry copied over another key's file is not used for that key (the key is in the entry).
    cache2 = Cache(os.path.join(tmp, "c2"))
    a = write(os.path.join(tmp, "a.py"), "print(1)\n")
    b = write(os.path.join(tmp, "b.py"), "print(2)\n")
    cache2.run("run", a)
    a_keys = cache2.keys
    cache2.run("run", b)
    b_keys = cache2.keys
    for kind in ("source", "object"):
        shutil.copy(os.path.join(cache2.dir, a_keys[kind] + ".entry"), os.path.join(cache2.dir, b_keys[kind] + ".entry"))
    code, out, err, events = cache2.run("run", b)
    expect("another key's entry: not used", out == "2\n" and events[:1] == ["damaged source"], (out, events))

    # Another build of pyscript (its build id differs) misses everything.
    other_build = os.path.join(tmp, "pyscript-other")
    data = bytearray(open(PYSCRIPT, "rb").read())
    note = data.find(b"GNU\0", 0)
    while note >= 0 and data[note - 4:note] != b"\x03\0\0\0":  # NT_GNU_BUILD_ID's type field
        note = data.find(b"GNU\0", note + 1)
    expect("build id found", note >= 0)
    if note >= 0:
        data[note + 4] ^= 0xFF
        open(other_build, "wb").write(bytes(data))
        os.chmod(other_build, 0o755)
        code, out, err, events = cache.run("run", prog, exe=other_build)
        expect("another build misses", events[:2] == ["miss source", "miss object"], events)
        expect("another build's output", (code, out) == (want_code, want_out), out)
        shutil.copy(PYSCRIPT, other_build)  # the same build under another name: hits
        code, out, err, events = cache.run("run", prog, exe=other_build)
        expect("same build elsewhere hits", events == ["hit source", "hit object"], events)

    # Processes racing to fill the same entries: all right, and the entries whole afterwards.
    race = Cache(os.path.join(tmp, "race"))
    procs = [subprocess.Popen([PYSCRIPT, "run", prog], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=race.env()) for _ in range(8)]
    results = [(p.wait(timeout=120), p.stdout.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    expect("racing runs all right", all(r == (want_code, want_out) for r in results), results)
    expect("racing runs leave three entries, no temporaries", len(race.entries()) == 3 and len(race.files()) == 3,
           race.files())
    code, out, err, events = race.run("run", prog)
    expect("after the race: hits", events == ["hit source", "hit object"], events)

    # Turned off: --no-cache and PYSCRIPT_CACHE=0 neither read nor write.
    off = Cache(os.path.join(tmp, "off"))
    code, out, err, events = off.run("run", "--no-cache", prog)
    expect("--no-cache: output", (code, out) == (want_code, want_out), out)
    expect("--no-cache: no cache", events == [] and not os.path.exists(off.dir), (events, off.files()))
    code, out, err, events = off.run("run", prog, PYSCRIPT_CACHE="0")
    expect("PYSCRIPT_CACHE=0: no cache", events == [] and not os.path.exists(off.dir), (events, off.files()))
    code, out, err, events = cache.run("run", "--no-cache", prog)
    expect("--no-cache with a full cache: not read", events == [] and out == want_out, events)

    # Bounded: many programs under a small bound leave at most the bound, the newest entries kept.
    bound = 20000
    small = Cache(os.path.join(tmp, "small"))
    for i in range(12):
        p = write(os.path.join(tmp, f"p{i}.py"), f"def f(x):\n    return x * {i} + 1\n\n\nprint(f({i}))\n")
        code, out, err, events = small.run("run", p, PYSCRIPT_CACHE_MAX_BYTES=str(bound))
        expect(f"bounded run {i}", out == f"{i * i + 1}\n", out)
        total = sum(os.path.getsize(os.path.join(small.dir, n)) for n in small.files())
        expect(f"bounded: at most {bound} bytes after run {i}", total <= bound, total)
        expect(f"bounded: the size log covers the entries after run {i}", small.logged_size() >= total,
               (small.logged_size(), total))
    code, out, err, events = small.run("run", p, PYSCRIPT_CACHE_MAX_BYTES=str(bound))
    expect("bounded: the newest entries stay", events == ["hit source", "hit object"], events)

    # np.load's type comes from the file when compiling: a changed file is a miss.
    npdir = os.path.join(tmp, "np")
    os.mkdir(npdir)
    loader = write(os.path.join(npdir, "load.py"), "import numpy as np\n\nw = np.load('w.npy')\n"
                   "print(w.dtype, w.ndim, w.sum())\n")
    make = "import numpy as np\nnp.save('w.npy', np.arange(6, dtype=np.{}).reshape({}))\n"
    subprocess.run([PYTHON, "-c", make.format("float32", "2, 3")], cwd=npdir, check=True)
    code, out, err, events = cache.run("run", loader, cwd=npdir)
    expect("np.load float32", (code, out) == cpython(loader, cwd=npdir), (out, err))
    code, out, err, events = cache.run("run", loader, cwd=npdir)
    expect("np.load unchanged file hits", events == ["hit source", "hit object"], events)
    subprocess.run([PYTHON, "-c", make.format("int64", "6")], cwd=npdir, check=True)
    code, out, err, events = cache.run("run", loader, cwd=npdir)
    expect("np.load changed file: compiled again", events[:1] == ["hit source"] and "store source" in events,
           events)
    expect("np.load int64", (code, out) == cpython(loader, cwd=npdir), (out, err))

    # compile -o OUT.pys reuses the object: the artifact is the same bytes, cold or warm.
    pys1, pys2 = os.path.join(tmp, "one.pys"), os.path.join(tmp, "two.pys")
    fresh = Cache(os.path.join(tmp, "pys"))
    code, out, err, events = fresh.run("compile", prog, "-o", pys1)
    expect("compile -o: stores the object", events == ["miss object", "store object"], events)
    code, out, err, events = fresh.run("compile", prog, "-o", pys2)
    expect("compile -o: hits", events == ["hit object"], events)
    expect("compile -o: same artifact", open(pys1, "rb").read() == open(pys2, "rb").read())
    code, out, err, events = fresh.run("run", pys2)
    expect("artifact from the cache runs", (code, out) == (want_code, want_out), (code, out, err))

    # pyscript cache clear.
    n = len(cache.entries())
    code, out, err, events = cache.run("cache", "clear")
    expect("cache clear", code == 0 and out == f"removed {n} entries from {cache.dir}\n" and cache.entries() == [],
           (code, out, err))
    code, out, err, events = cache.run("cache", "flush")
    expect("cache flush is a usage error", code == 2 and "unknown cache action" in err, (code, err))
    code, out, err, events = cache.run("run", prog)
    expect("after clear: misses", events[:2] == ["miss source", "miss object"], events)

print(f"cache tests: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
