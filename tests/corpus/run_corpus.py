#!/usr/bin/python3
"""Runs the corpus of real-world-style Python programs (tests/corpus/programs/*.py, see README.md)
under `PYSCRIPT run` and compares each with its NAME.out (what /usr/bin/python3 printed), then
classifies it:

  pass           exit 0 and the same stdout (numbers within a tolerance where the program's header
                 says `# corpus-compare: tolerant`)
  refused        pyscript rejected the program at compile time: the first diagnostic and its [code]
  runtime-error  compiled, then stopped with a runtime error
  wrong-output   exit 0, different stdout
  timeout        no answer within --timeout seconds
  crash          the compiler or the program died: exit 3 (internal compiler error), a signal, or
                 'internal compiler error' on stderr
  error          any other exit status

It prints one line per program, then `N passed, M failed`, the counts per category, per blocking
diagnostic code (the code of each refused program's first diagnostic), and how many programs each
kind of diagnostic appears in. Exit status 1 when a program listed in expected_pass.txt does not pass
(`NAME after-fix` there: does not pass after `pyscript fix` either, checked with --fix) or when
anything crashes (always a failure); else 0.

usage: run_corpus.py PYSCRIPT [NAME ...] [-j N] [--timeout S] [--fix] [--write-expected] [-v]
       run_corpus.py --update [NAME ...]       write NAME.out from /usr/bin/python3
       run_corpus.py --check-oracle [NAME ...] check every NAME.out against /usr/bin/python3, and
                                               each program's header (source, license, tags)

  --fix             also try each program that does not pass after `PYSCRIPT fix` (the fix-its:
                    augmented assignment spelled out, ...), reported beside; never changes the status
  --write-expected  rewrite expected_pass.txt with the programs that pass in this run (with --fix,
                    also those that pass only after `pyscript fix`, as `NAME after-fix`)
The oracle runs with NPY_PROMOTION_STATE=weak (SPEC.md's), twice with different PYTHONHASHSEEDs
(the outputs must agree), in a scratch directory; each run must take under 2 s of CPU.
"""
import argparse
import ast
import concurrent.futures
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
EXPECTED_PASS = os.path.join(HERE, "expected_pass.txt")
PYTHON = "/usr/bin/python3"
ORACLE_ENV = dict(os.environ, NPY_PROMOTION_STATE="weak")
CPU_LIMIT_S = 2.0
CATEGORIES = ["pass", "refused", "runtime-error", "wrong-output", "timeout", "crash", "error"]
# Tags whose presence a program's source shows; --check-oracle checks the header lists exactly those
# of them that the source uses (`generators`: a `yield`; `sets`: a set display or set()).
DETECTABLE_TAGS = ["classes", "exceptions", "numpy", "lambda", "augmented-assign", "generators",
                   "global", "sets", "dataclass"]
DIAGNOSTIC = re.compile(r"^(?P<file>\S+?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*?)(?: \[(?P<code>[\w-]+)\])?$")
NUM = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b")


# ---------------------------------------------------------------- programs and their headers

def program_names(selected):
    names = sorted(n[:-3] for n in os.listdir(PROGRAMS) if n.endswith(".py"))
    if selected:
        unknown = [s for s in selected if s not in names]
        if unknown:
            sys.exit(f"run_corpus.py: no program named {', '.join(unknown)} in {PROGRAMS}")
        names = [n for n in names if n in selected]
    return names


def header(name):
    """The program's leading comment block as a dict: corpus, model, license, tags, compare."""
    fields = {"tags": [], "compare": "exact"}
    key = None
    with open(os.path.join(PROGRAMS, name + ".py"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            m = re.match(r"#\s*(corpus|model|license|corpus-tags|corpus-compare):\s*(.*)", line)
            if m:
                key, value = m.group(1), m.group(2).strip()
                if key == "corpus-tags":
                    fields["tags"] = [t.strip() for t in value.split(",") if t.strip()]
                elif key == "corpus-compare":
                    fields["compare"] = value
                else:
                    fields[key] = value
            elif key in ("corpus", "model", "license") and line.startswith("#   "):
                fields[key] += " " + line[1:].strip()
    return fields


def detected_tags(name):
    with open(os.path.join(PROGRAMS, name + ".py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            found.add("classes")
        elif isinstance(node, (ast.Try, ast.Raise)):
            found.add("exceptions")
        elif isinstance(node, ast.Lambda):
            found.add("lambda")
        elif isinstance(node, ast.AugAssign):
            found.add("augmented-assign")
        elif isinstance(node, (ast.Yield, ast.YieldFrom)):
            found.add("generators")
        elif isinstance(node, ast.Global):
            found.add("global")
        elif isinstance(node, (ast.Set, ast.SetComp)) or (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "set"):
            found.add("sets")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(m.split(".")[0] == "numpy" for m in modules):
                found.add("numpy")
            if any(m == "dataclasses" for m in modules):
                found.add("dataclass")
    return found


# ---------------------------------------------------------------- running things

def run(cmd, timeout, env=None):
    """(exit status or None on timeout, stdout, stderr, CPU seconds of the child)."""
    with tempfile.TemporaryDirectory(prefix="corpus-") as scratch:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=scratch, env=env,
                               errors="replace")
        except subprocess.TimeoutExpired:
            return None, "", f"timed out after {timeout} s", float(timeout)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, p.stdout, p.stderr, cpu


def oracle(name):
    """CPython's output, or a problem: it must exit 0, print the same under two hash seeds, and take
    under CPU_LIMIT_S of CPU."""
    path = os.path.join(PROGRAMS, name + ".py")
    outs = []
    for seed in ("0", "12345"):
        code, out, err, cpu = run([PYTHON, path], 60, dict(ORACLE_ENV, PYTHONHASHSEED=seed))
        if code != 0:
            return None, f"CPython exit {code}: {(err.strip().splitlines() or ['?'])[-1]}"
        if cpu > CPU_LIMIT_S:
            return None, f"CPython took {cpu:.2f} s of CPU (limit {CPU_LIMIT_S} s)"
        outs.append(out)
    if outs[0] != outs[1]:
        return None, "CPython's output depends on the hash seed (set or dict order of str)"
    if not outs[0].strip():
        return None, "prints nothing"
    return outs[0], None


def tokens(text):
    out = []
    for tok in re.split(r"[\s\[\](),]+", text):
        pos = 0
        for m in NUM.finditer(tok):
            if m.start() > pos:
                out.append(("w", tok[pos:m.start()]))
            out.append(("n", m.group()))
            pos = m.end()
        if pos < len(tok):
            out.append(("w", tok[pos:]))
    return out


def close(expected, actual):
    if re.fullmatch(r"[-+]?\d+", expected):
        return expected == actual
    try:
        e, a = float(expected), float(actual)
    except ValueError:
        return False
    if e != e:
        return a != a
    return e == a or abs(e - a) <= 1e-6 + 1e-5 * abs(e)


def same_output(expected, actual, tolerant):
    if expected == actual:
        return True
    if not tolerant:
        return False
    te, ta = tokens(expected), tokens(actual)
    return len(te) == len(ta) and all(
        ke == ka and (ve == va if ke == "w" else close(ve, va)) for (ke, ve), (ka, va) in zip(te, ta))


def diagnostics(stderr):
    """The error diagnostics on stderr: (line, message, code) in the order printed."""
    found = []
    for line in stderr.splitlines():
        m = DIAGNOSTIC.match(re.sub(r"\x1b\[[0-9;]*m", "", line).strip())
        if m:
            found.append((int(m.group("line")), m.group("msg"), m.group("code") or "?"))
    return found


KINDS = [  # (pattern, kind, whether the matched name is worth listing as an example)
    (r"in-place update '.*' is not supported", "in-place update is not supported", False),
    (r"assignment to '.*' would change an array in place, which is not supported",
     "assignment would change an array in place", False),
    (r"type conflict: .*", "type conflict", False),
    (r"undefined name '(.*)'", "undefined name", True),
    (r"'(.*)' is not an attribute pyscript supports", "attribute pyscript does not support", True),
    (r"module '(.*)' has no attribute '.*' in pyscript", "module attribute pyscript does not support", False),
    (r"(\w+\(\)) got an unexpected keyword argument '.*'", "call with a keyword argument pyscript does not take",
     True),
    (r"a number is needed here, not .*", "a number is needed here", False),
]


def kind_of(message):
    """(kind, example): a diagnostic message with the program-specific part taken out, to count kinds
    of blockers, and that part where it tells something (an attribute's name, ...), else None."""
    for pattern, kind, listed in KINDS:
        m = re.fullmatch(pattern, message)
        if m:
            if kind.startswith("module attribute"):
                whole = re.fullmatch(r"module '(.*)' has no attribute '(.*)' in pyscript", message)
                return kind, whole.group(1) + "." + whole.group(2)
            return kind, (m.group(1) if listed else None)
    return message, None


class Result:
    def __init__(self, name):
        self.name = name
        self.status = None
        self.detail = ""
        self.code = None       # the blocking diagnostic's code, for refused programs
        self.diags = []        # every diagnostic: (line, message, code)
        self.seconds = 0.0
        self.fixed = None      # status after `pyscript fix`, with --fix


def classify(pyscript, path, expected, tolerant, timeout):
    r = Result(os.path.basename(path)[:-3])
    t0 = time.perf_counter()
    code, out, err, _ = run([pyscript, "run", path], timeout)
    r.seconds = time.perf_counter() - t0
    last = (err.strip().splitlines() or [""])[-1]
    if code is None:
        r.status, r.detail = "timeout", err
    elif code == 3 or code < 0 or "internal compiler error" in err:
        r.status = "crash"
        r.detail = f"exit {code}: " + next((l for l in err.splitlines() if "internal compiler error" in l), last)
    elif code == 0:
        if same_output(expected, out, tolerant):
            r.status = "pass"
        else:
            r.status = "wrong-output"
            r.detail = first_difference(expected, out)
    elif code == 1 and diagnostics(err):
        r.diags = diagnostics(err)
        line, message, dcode = r.diags[0]
        r.status, r.code = "refused", dcode
        r.detail = f"{line}: {message} [{dcode}]" + (f" (+{len(r.diags) - 1} more)" if len(r.diags) > 1 else "")
    elif code == 1 and "runtime error" in err:
        r.status = "runtime-error"
        r.detail = next((l for l in err.splitlines() if "runtime error" in l), last)
        r.detail = re.sub(r"^\S+?:(\d+:\d+): ", r"\1: ", r.detail)
    else:
        r.status, r.detail = "error", f"exit {code}: {last}"
    return r


def first_difference(expected, actual):
    e, a = expected.splitlines(), actual.splitlines()
    for i in range(max(len(e), len(a))):
        x = e[i] if i < len(e) else "<end>"
        y = a[i] if i < len(a) else "<end>"
        if x != y:
            return f"line {i + 1}: expected {x[:60]!r}, got {y[:60]!r}"
    return "differs in trailing whitespace"


def check_fixed(pyscript, name, expected, tolerant, timeout):
    """The program after `pyscript fix` (stdout of fix is the fixed source even where some errors have
    no fix-it), classified like the original."""
    path = os.path.join(PROGRAMS, name + ".py")
    code, out, err, _ = run([pyscript, "fix", path], timeout)
    if code is None or code == 3 or code < 0 or "internal compiler error" in err:
        r = Result(name)
        r.status = "crash" if code is not None else "timeout"
        r.detail = f"`pyscript fix` exit {code}"
        return r
    with tempfile.TemporaryDirectory(prefix="corpus-fix-") as d:
        fixed = os.path.join(d, name + ".py")
        with open(fixed, "w", encoding="utf-8") as f:
            f.write(out)
        return classify(pyscript, fixed, expected, tolerant, timeout)


# ---------------------------------------------------------------- modes

def update_or_check(names, check):
    problems = 0
    for name in names:
        h = header(name)
        issues = []
        for key in ("corpus", "model", "license"):
            if not h.get(key):
                issues.append(f"header has no '# {key}:' line")
        if not h["tags"]:
            issues.append("header has no '# corpus-tags:' line")
        missing = sorted(detected_tags(name) - set(h["tags"]))
        if missing:
            issues.append("corpus-tags lacks " + ", ".join(missing))
        extra = sorted((set(h["tags"]) & set(DETECTABLE_TAGS)) - detected_tags(name))
        if extra:
            issues.append("corpus-tags names " + ", ".join(extra) + ", which the source does not use")
        out, problem = oracle(name)
        if problem:
            issues.append(problem)
        out_path = os.path.join(PROGRAMS, name + ".out")
        if out is not None:
            old = open(out_path, encoding="utf-8").read() if os.path.exists(out_path) else None
            if old != out:
                if check:
                    issues.append(f"{name}.out is out of date (run run_corpus.py --update {name})")
                else:
                    with open(out_path, "w", encoding="utf-8") as f:
                        f.write(out)
                    print(f"wrote {name}.out")
        for issue in issues:
            print(f"{name}: {issue}")
        problems += bool(issues)
    print(f"{len(names)} programs, {problems} with problems")
    return 1 if problems else 0


def read_expected_pass():
    """{name: 'as-written' or 'after-fix'} from expected_pass.txt (lines `NAME` or `NAME after-fix`)."""
    expected = {}
    if os.path.exists(EXPECTED_PASS):
        with open(EXPECTED_PASS, encoding="utf-8") as f:
            for line in f:
                words = line.split("#")[0].split()
                if words:
                    expected[words[0]] = "after-fix" if words[1:] == ["after-fix"] else "as-written"
    return expected


def write_expected_pass(results, with_fix):
    lines = []
    for r in sorted(results, key=lambda r: r.name):
        if r.status == "pass":
            lines.append(r.name)
        elif with_fix and r.fixed is not None and r.fixed.status == "pass":
            lines.append(r.name + " after-fix")
    with open(EXPECTED_PASS, "w", encoding="utf-8") as f:
        f.write("# Corpus programs that must keep passing: `NAME` under `pyscript run` as written, `NAME after-fix`\n"
                "# after `pyscript fix` (checked with --fix). tests/corpus/run_corpus.py fails when one does not.\n"
                "# Regenerate with: run_corpus.py PYSCRIPT --fix --write-expected\n")
        for line in lines:
            f.write(line + "\n")
    print(f"wrote {os.path.relpath(EXPECTED_PASS)}: {len(lines)} programs")


def report(results, expected_pass, with_fix, verbose):
    width = max(len(r.name) for r in results)
    for r in results:
        tags = ", ".join(header(r.name)["tags"])
        mark = " (expected to pass)" if expected_pass.get(r.name) == "as-written" and r.status != "pass" else ""
        lines = [f"{r.name:{width}}  {r.status:13} {r.detail}{mark}"]
        if with_fix and r.status != "pass" and r.fixed is not None:
            lines.append(f"{'':{width}}    after fix:  {r.fixed.status:13} {r.fixed.detail}")
        for line in lines:
            print(line if len(line) <= 150 or verbose else line[:147] + "...")
        if verbose:
            print(f"{'':{width}}  tags: {tags}; {r.seconds:.1f} s")
            for dline, message, code in r.diags[1:]:
                print(f"{'':{width}}    {dline}: {message} [{code}]")
    passed = sum(r.status == "pass" for r in results)
    print()
    print(f"{passed} passed, {len(results) - passed} failed")
    print("by category: " + ", ".join(f"{c} {n}" for c in CATEGORIES
                                      for n in [sum(r.status == c for r in results)] if n))
    refused = [r for r in results if r.status == "refused"]
    if refused:
        by_code = {}
        for r in refused:
            by_code[r.code] = by_code.get(r.code, 0) + 1
        print("refused, by the blocking (first) diagnostic's code: " +
              ", ".join(f"[{c}] {n}" for c, n in sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0]))))
        programs_with = {}
        examples = {}
        for r in refused:
            kinds = set()
            for _, message, code in r.diags:
                kind, example = kind_of(message)
                kinds.add(kind + f" [{code}]")
                if example:
                    examples.setdefault(kind + f" [{code}]", set()).add(example)
            for kind in kinds:
                programs_with[kind] = programs_with.get(kind, 0) + 1
        print("diagnostics in refused programs (how many programs show each kind):")
        for kind, n in sorted(programs_with.items(), key=lambda kv: (-kv[1], kv[0]))[:30]:
            listed = sorted(examples.get(kind, ()))
            more = f" ({', '.join(listed[:8])}{', ...' if len(listed) > 8 else ''})" if listed else ""
            print(f"  {n:3d}  {kind}{more}")
    if with_fix:
        fixed = [r for r in results if r.status != "pass" and r.fixed is not None]
        print("after `pyscript fix`: " + ", ".join(
            f"{c} {n}" for c in CATEGORIES for n in [sum(r.fixed.status == c for r in fixed)] if n) +
            f" (of {len(fixed)} that do not pass as written)")
        by_code = {}
        for r in fixed:
            if r.fixed.status == "refused":
                by_code[r.fixed.code] = by_code.get(r.fixed.code, 0) + 1
        if by_code:
            print("after `pyscript fix`, refused by the blocking diagnostic's code: " +
                  ", ".join(f"[{c}] {n}" for c, n in sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0]))))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], usage=__doc__.split("usage: ")[1].split("\n\n")[0])
    ap.add_argument("pyscript", nargs="?")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--check-oracle", action="store_true")
    ap.add_argument("--write-expected", action="store_true")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_intermixed_args(argv)

    if args.update or args.check_oracle:
        names = program_names(([args.pyscript] if args.pyscript else []) + args.names)
        return update_or_check(names, args.check_oracle)
    if not args.pyscript:
        ap.error("PYSCRIPT is needed (or --update / --check-oracle)")
    pyscript = os.path.abspath(args.pyscript)
    if not os.access(pyscript, os.X_OK):
        sys.exit(f"run_corpus.py: {pyscript} is not an executable")
    names = program_names(args.names)
    expected_pass = read_expected_pass()
    stale = sorted(set(expected_pass) - set(program_names([])))
    if stale:
        print("expected_pass.txt names programs that do not exist: " + ", ".join(stale))

    def one(name):
        out_path = os.path.join(PROGRAMS, name + ".out")
        r = Result(name)
        if not os.path.exists(out_path):
            r.status, r.detail = "error", f"no {name}.out (run run_corpus.py --update {name})"
            return r
        with open(out_path, encoding="utf-8") as f:
            expected = f.read()
        tolerant = header(name)["compare"] == "tolerant"
        r = classify(pyscript, os.path.join(PROGRAMS, name + ".py"), expected, tolerant, args.timeout)
        if args.fix and r.status != "pass":
            r.fixed = check_fixed(pyscript, name, expected, tolerant, args.timeout)
        return r

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(one, names))
    report(results, expected_pass, args.fix, args.verbose)

    failures = []
    for r in results:
        if r.status == "crash" or (r.fixed is not None and r.fixed.status == "crash"):
            failures.append(f"{r.name}: crash ({r.detail if r.status == 'crash' else r.fixed.detail})")
        elif expected_pass.get(r.name) == "as-written" and r.status != "pass":
            failures.append(f"{r.name}: listed in expected_pass.txt but {r.status}")
        elif (expected_pass.get(r.name) == "after-fix" and args.fix and r.status != "pass" and
              r.fixed.status != "pass"):
            failures.append(f"{r.name}: listed in expected_pass.txt as passing after `pyscript fix`, but "
                            f"{r.fixed.status}")
    if args.write_expected:
        if args.names:
            sys.exit("run_corpus.py: --write-expected needs the whole corpus (no NAMEs)")
        write_expected_pass(results, args.fix)
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
