// One test (at least) per diagnostic kind: the location, the code and the message, and for
// in-place updates the fix-it. Plus the text and JSON renderings.
#include "frontend/builtins.hpp"
#include "frontend/fixits.hpp"
#include "frontend_helpers.hpp"

#include <doctest/doctest.h>

using pyscript::testing::check;

TEST_CASE("[syntax] invalid syntax at its location") {
  CHECK(check("def f(:\n    return 1\n").first().rfind("1:", 0) == 0);
  CHECK(check("x = (1 +\n").codes().find("syntax") != std::string::npos);
  CHECK(check("return 1\n").first() == "1:1 [syntax] 'return' outside function");
  CHECK(check("break\n").first() == "1:1 [syntax] 'break' outside loop");
  CHECK(check("def f(a, a):\n    return a\n").first() ==
        "1:10 [syntax] duplicate argument 'a' in function definition");
  CHECK(check("def f(a=1, b):\n    return a\n").first() ==
        "1:12 [syntax] non-default argument follows default argument");
  CHECK(check("f(a=1, 2)\ndef f(a, b):\n    return a\n").first() ==
        "1:8 [syntax] positional argument follows keyword argument");
}

TEST_CASE("[syntax] indentation as CPython's tokenizer reads it") {
  // tree-sitter recovers from each of these without an ERROR node; CPython refuses them.
  CHECK(check("def f():\n    return 1\n\n\n        return 2\n").first() == "5:9 [syntax] unexpected indent");
  CHECK(check("def f():\n\n\nprint(1)\n").first() ==
        "4:1 [syntax] expected an indented block after function definition on line 1");
  CHECK(check("for i in range(3):\nprint(i)\n").first() ==
        "2:1 [syntax] expected an indented block after 'for' statement on line 1");
  CHECK(check("x = 1\nif x:\n    pass\nelif x:\nelse:\n    pass\n").first() ==
        "5:1 [syntax] expected an indented block after 'elif' statement on line 4");
  CHECK(check("def f():  # no body\n# comment\n").first() ==
        "1:9 [syntax] expected an indented block after function definition on line 1");
  CHECK(check("def f():\n    x = 1\n  y = 2\n").first() ==
        "3:3 [syntax] unindent does not match any outer indentation level");
  CHECK(check("if 1:\n\tx = 1\n        y = 2\n").first() ==
        "3:9 [syntax] inconsistent use of tabs and spaces in indentation");
  // Only the first error, as CPython: nothing after it is read.
  CHECK(check("def f():\n        return 2\n  x = 1\nundefined_name\n").lines().size() == 1);
  // Not errors: continuation lines, brackets, strings and comments spanning lines, ':' in them.
  CHECK(check("def f():\n    s = \"\"\"a:\n  b\"\"\"\n    t = (1,\n  2)\n    u = 1 + \\\n  2\n"
              "    # x:\n    return len(s) + t[0] + u  # :\n\n\nprint(f())\n").lines().empty());
  CHECK(check("x = {1: 2}\nif x: print(x)\n").codes().find("syntax") == std::string::npos);
}

TEST_CASE("[syntax] what tree-sitter's grammar reads but CPython refuses") {
  CHECK(check("x = 0777\n").first() ==
        "1:5 [syntax] leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
  CHECK(check("x = 1_\n").first() == "1:5 [syntax] invalid decimal literal");
  CHECK(check("x = 0x_\n").codes() == "syntax");
  CHECK(check("x = `5`\n").first() == "1:5 [syntax] invalid syntax");
  CHECK(check("async = 1\n").first() == "1:1 [syntax] invalid syntax: 'async' is a keyword");
  CHECK(check("x = await\n").first() == "1:5 [syntax] invalid syntax: 'await' is a keyword");
  CHECK(check("__debug__ = 1\n").first() == "1:1 [syntax] cannot assign to __debug__");
  CHECK(check("def f(__debug__):\n    return 1\n").first() == "1:7 [syntax] cannot assign to __debug__");
  // Valid forms stay valid.
  CHECK(check("x = 00 + 0_0 + 1_000 + 09.5 + 0e0 + 1_0.0_1e1_0\nprint(x)\n").lines().empty());
}

TEST_CASE("[in-place] augmented assignment, with the plain form as fix-it") {
  auto r = check("def total(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.first() == "4:9 [in-place] in-place update 's += i' is not supported");
  REQUIRE(r.diagnostics[0].fixits.size() == 1);
  CHECK(r.diagnostics[0].fixits[0].replacement == "s = s + i");
  CHECK(r.diagnostics[0].help.at(0) == "write 's = s + i'");
  // Every operator, and a compound right side is parenthesized.
  CHECK(check("x = 1.0\nx *= 0.5\n").diagnostics.at(0).fixits.at(0).replacement == "x = x * 0.5");
  CHECK(check("x = 1\nx -= 2 - 1\n").diagnostics.at(0).fixits.at(0).replacement ==
        "x = x - (2 - 1)");
  CHECK(check("x = 9\nx //= 2\n").diagnostics.at(0).fixits.at(0).replacement == "x = x // 2");
  CHECK(check("x = 9\nx **= 2\n").diagnostics.at(0).fixits.at(0).replacement == "x = x ** 2");
}

TEST_CASE("[in-place] item and slice assignment to arrays: the lowering's diagnostic") {
  // The parser takes every item assignment (lists and dicts have them); the lowering, which knows
  // the target is an array, reports it with report_array_item_assignment.
  auto r = check("import numpy as np\na = np.ones(3)\na[:] = a + a\na[0] = 1.0\n");
  REQUIRE(r.diagnostics.empty());
  const auto& body = r.checked.module.body;
  pyscript::DiagnosticEngine diags;
  pyscript::report_array_item_assignment(diags, *body.at(2)->targets.at(0), *body.at(2)->value);
  pyscript::report_array_item_assignment(diags, *body.at(3)->targets.at(0), *body.at(3)->value);
  REQUIRE(diags.all().size() == 2);
  const pyscript::Diagnostic& slice = diags.all()[0];
  CHECK(slice.code == "in-place");
  CHECK(slice.message ==
        "assignment to 'a[:]' would change an array in place, which is not supported");
  CHECK(slice.range.line == 3);
  CHECK(slice.range.column == 1);
  CHECK(slice.help.at(0) ==
        "arrays are values in pyscript: compute the new array and assign it to the name: "
        "'a = a + a'");
  CHECK(slice.fixits.empty());
  const pyscript::Diagnostic& item = diags.all()[1];
  CHECK(item.message ==
        "assignment to 'a[0]' would change an array in place, which is not supported");
  CHECK(item.help.at(0) ==
        "arrays are values in pyscript: compute the new array and assign it to the name, "
        "e.g. 'a = np.where(mask, 1.0, a)'");
  CHECK(item.help.at(1) == "or fill a list and convert it once: 'a = np.array(values)'");
  // An item update has no single-statement rewrite right for a list and an array, so no fix-it.
  auto aug = check("import numpy as np\na = np.ones(3)\na[0] += 1.0\n");
  CHECK(aug.diagnostics.at(0).fixits.empty());
  CHECK(aug.diagnostics.at(0).help.at(0).rfind("for a list or a dict write 'a[0] = a[0] + 1.0'",
                                               0) == 0);
}

TEST_CASE("[in-place] augmented assignment on a list or a dict keeps its meaning in the fix-it") {
  auto fix = [](const std::string& source) {
    auto r = check(source);
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].code == "in-place");
    return r.diagnostics[0].fixits.empty() ? std::string() : r.diagnostics[0].fixits[0].replacement;
  };
  // conformance/reject/list_augassign.py
  auto r =
      check("def grow(xs):\n    ys = xs\n    xs += [3]\n    return ys\n\n\nprint(grow([1, 2]))\n");
  CHECK(r.first() == "3:5 [in-place] in-place update 'xs += [3]' is not supported");
  CHECK(r.diagnostics.at(0).fixits.at(0).replacement == "xs.extend([3])");
  CHECK(r.diagnostics.at(0).help.at(0) == "write 'xs.extend([3])': '+=' changes the list in place, "
                                          "so every name for it sees the change");
  CHECK(fix("xs = [1]\nxs += [x * 2 for x in xs]\n") == "xs.extend([x * 2 for x in xs])");
  CHECK(fix("xs = [1]\nxs += list(range(3))\n") == "xs.extend(list(range(3)))");
  CHECK(fix("xs = [1]\nxs += [0] * 3\n") == "xs.extend([0] * 3)");
  CHECK(fix("xs = [1]\nxs += 2 * ([0])\n") == "xs.extend(2 * ([0]))");
  CHECK(fix("d = {}\nd |= {'a': 1}\n") == "d.update({'a': 1})");
  CHECK(fix("d = {}\nd |= {k: 0 for k in 'ab'}\n") == "d.update({k: 0 for k in 'ab'})");
  // Anything else keeps the plain form: the right side is not visibly a list or a dict.
  CHECK(fix("xs = [1]\nys = [2]\nxs += ys\n") == "xs = xs + ys");
  CHECK(fix("d = {}\nd |= {'a': 1} | {}\n") == "d = d | ({'a': 1} | {})");
  CHECK(fix("x = 6\nx -= [1][0]\n") == "x = x - [1][0]");
  CHECK(fix("x = 6\nx <<= 1 + 1\n") == "x = x << 1 + 1");
  CHECK(fix("x = 6\nx &= 1 | 2\n") == "x = x & (1 | 2)");
}

TEST_CASE("[in-place] array methods that change the array, with the value form") {
  const std::string prefix = "import numpy as np\na = np.ones(3)\n";
  auto r = check(prefix + "a.fill(0)\n");
  CHECK(r.first() == "3:1 [in-place] 'a.fill(0)' would change an array in place, which is not supported");
  CHECK(r.diagnostics.at(0).help.at(0) == "arrays are values in pyscript: write 'a = np.full_like(a, 0)'");
  CHECK(r.diagnostics.at(0).fixits.at(0).replacement == "a = np.full_like(a, 0)");
  // Not a statement of its own, or not on a name: help, no fix-it.
  auto inner = check(prefix + "b = a.copy().fill(2)\n");
  CHECK(inner.first() == "3:5 [in-place] 'a.copy().fill(2)' would change an array in place, which is not supported");
  CHECK(inner.diagnostics.at(0).fixits.empty());
  CHECK(inner.diagnostics.at(0).help.at(0) == "arrays are values in pyscript: the filled array is 'np.full_like(a.copy(), 2)'");
  CHECK(check(prefix + "a.resize((4,))\n").codes() == "in-place");
  CHECK(check(prefix + "a.put(0, 1.0)\n").codes() == "in-place");
  CHECK(check(prefix + "a.itemset(0, 1.0)\n").diagnostics.at(0).fixits.empty());
}

TEST_CASE("[in-place] np.random.shuffle and Generator.shuffle, with permutation as fix-it") {
  auto r = check("import numpy as np\na = np.arange(5)\nnp.random.shuffle(a)\nprint(a)\n");
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.first() == "3:1 [in-place] 'np.random.shuffle(a)' shuffles an array in place, which is not supported");
  REQUIRE(r.diagnostics[0].fixits.size() == 1);
  CHECK(r.diagnostics[0].fixits[0].replacement == "a = np.random.permutation(a)");
  CHECK(r.diagnostics[0].help.at(0).rfind("write 'a = np.random.permutation(a)'", 0) == 0);
  auto g = check("import numpy as np\nrng = np.random.default_rng(0)\nx = np.ones(3)\nrng.shuffle(x)\n");
  CHECK(g.first() == "4:1 [in-place] 'rng.shuffle(x)' shuffles an array in place, which is not supported");
  CHECK(g.diagnostics.at(0).fixits.at(0).replacement == "x = rng.permutation(x)");
  // Inside a function, under any alias of numpy; no fix-it where the call is not a statement of its own.
  CHECK(check("import numpy as npy\ndef f(v):\n    npy.random.shuffle(v)\n    return v\n").first() ==
        "3:5 [in-place] 'npy.random.shuffle(v)' shuffles an array in place, which is not supported");
  CHECK(check("import numpy as np\na = np.ones(2)\nb = np.random.shuffle(a)\n").diagnostics.at(0).fixits.empty());
}

TEST_CASE("[unsupported] np.random's names, checked when compiling") {
  CHECK(check("import numpy as np\nr = np.random\n").first() ==
        "2:5 [unsupported] module 'np.random' used as a value is not supported by pyscript");
  CHECK(check("import numpy as np\nf = np.random.rand\n").first() ==
        "2:5 [unsupported] function 'np.random.rand' used as a value is not supported by pyscript");
  CHECK(check("import numpy as np\nx = np.random.gamma(2.0)\n").first() ==
        "2:15 [attribute] module 'numpy.random' has no attribute 'gamma' in pyscript");
  CHECK(check("import numpy as np\nx = np.random.uniform(0.0, 1.0, 3, 4)\n").first() ==
        "2:5 [arity] np.random.uniform() takes from 0 to 3 arguments but 4 were given");
  CHECK(check("import numpy as np\nx = np.random.normal(0.0, sigma=2.0)\n").codes() == "arity");
  CHECK(check("import numpy as np\nrng = np.random.default_rng(1)\nx = rng.integers(5, endpoint=True)\n"
              "y = rng.random(size=3)\n").lines().empty());
}

TEST_CASE("[in-place] a.sort() is the lowering's to refuse: xs.sort() sorts a list") {
  // The frontend cannot tell a list from an array; in_place_method gives the lowering the value
  // form.
  CHECK(check("import numpy as np\na = np.ones(3)\na.sort()\nxs = [2, 1]\nxs.sort(reverse=True)\n")
            .lines()
            .empty());
  auto method = pyscript::in_place_method("sort", "a", "axis=0", "np");
  REQUIRE(method);
  CHECK(method->value == "np.sort(a, axis=0)");
  CHECK(pyscript::in_place_method("sort", "x", "", "numpy")->value == "numpy.sort(x)");
  CHECK(check("import numpy as np\na = np.ones(3)\na.fill(0.0)\n").codes() == "in-place");
}

TEST_CASE("[escape] framework escapes") {
  const char* prefix = "import numpy as np\nx = np.ones(3)\n";
  CHECK(check(std::string(prefix) + "y = x.asnumpy()\n").first() ==
        "3:7 [escape] '.asnumpy()' leaves the compiled program and is not supported");
  CHECK(check(std::string(prefix) + "y = x.numpy()\n").codes() == "escape");
  CHECK(check(std::string(prefix) + "y = x.tolist()\n").codes() == "escape");
  CHECK(check(std::string(prefix) + "y = x.item()\n").codes() == "escape");
}

TEST_CASE("[unsupported] dynamic Python, each at its own location") {
  struct Case {
    const char* source;
    const char* first;
  };
  const Case cases[] = {
      {"def f(s):\n    return eval(s)\n",
       "2:12 [unsupported] builtin 'eval' is not supported by pyscript"},
      {"exec('x = 1')\n", "1:1 [unsupported] builtin 'exec' is not supported by pyscript"},
      {"c = 0\ndef f():\n    global c\n    return c\n",
       "3:5 [unsupported] 'global' is not supported by pyscript"},
      {"def f():\n    x = 1\n    def g():\n        nonlocal x\n    return x\n",
       "4:9 [unsupported] 'nonlocal' is not supported by pyscript"},
      {"g = lambda *v: v\n", "1:12 [unsupported] this lambda parameter is not supported by pyscript"},
      {"def f(a):\n    try:\n        return a\n    except* ValueError:\n        return 0\n",
       "4:5 [unsupported] 'except*' is not supported by pyscript"},
      {"with open('p') as fh:\n    pass\n",
       "1:1 [unsupported] 'with' is not supported by pyscript"},
      {"def g(n):\n    x = yield n\n", "2:9 [unsupported] 'yield' is not supported by pyscript"},
      {"yield 1\n", "1:1 [syntax] 'yield' outside function"},
      {"async def f():\n    return 1\n",
       "1:1 [unsupported] 'async def' is not supported by pyscript"},
      {"x = 1\ndel x\n", "2:5 [unsupported] 'del' of a name is not supported by pyscript"},
      {"class A(B, C):\n    pass\n", "1:12 [unsupported] multiple inheritance is not supported by pyscript"},
      {"def f(*args):\n    return 1\n", "1:7 [unsupported] '*args' is not supported by pyscript"},
      {"def f(**kw):\n    return 1\n", "1:7 [unsupported] '**kwargs' is not supported by pyscript"},
      {"def f(a, *, b):\n    return 1\n",
       "1:10 [unsupported] keyword-only parameters ('*') is not supported by pyscript"},
      {"x = 1\nprint(f'{x!a}')\n",
       "2:11 [unsupported] the conversion '!a' is not supported by pyscript"},
      {"x = 1\nprint(f'{x:=+9}')\n",
       "2:9 [unsupported] a format spec beginning with '=' right after ':' is read as the "
       "':=' operator by pyscript's parser"},
      {"x = 1\nprint(f'{x:{x}}')\n",
       "2:11 [unsupported] a replacement field inside a format spec is not supported by pyscript"},
      {"x = 1\nif (y := x):\n    pass\n",
       "2:5 [unsupported] the ':=' operator is not supported by pyscript"},
      {"def f(x):\n    return hash(x)\n",
       "2:12 [unsupported] builtin 'hash' is not supported by pyscript"},
      {"from random import randint\ndef f(x):\n    return randint\n",
       "3:12 [unsupported] function 'randint' used as a value is not supported by pyscript"},
  };
  for (const Case& c : cases) {
    INFO(c.source);
    CHECK(check(c.source).first() == c.first);
  }
}

TEST_CASE("[import] only numpy, math, time, random and sys") {
  CHECK(check("import os\n").first() == "1:1 [import] module 'os' cannot be imported in pyscript");
  CHECK(check("import functools\nf = functools.reduce\n").codes() == "unsupported");
  CHECK(check("from functools import lru_cache\n@lru_cache(maxsize=None)\ndef f(n):\n    return n\nprint(f(2))\n")
            .diagnostics.empty());
  CHECK(check("import os\n").diagnostics.at(0).help.at(0) ==
        "pyscript can import only numpy, math, time, random, sys, bisect, heapq, functools, string, "
        "collections, itertools, typing, abc and dataclasses");
  CHECK(check("import numpy.linalg\n").codes() == "import");
  CHECK(
      check("import numpy, math, time, random, sys\nprint(math.pi, random.random(), sys.maxsize)\n"
            "sys.stdout.write('x')\nrandom.shuffle([1, 2])\n")
          .diagnostics.empty());
  CHECK(check("import random\nx = random.betavariate(1.0, 2.0)\n").first() ==
        "2:12 [attribute] module 'random' has no attribute 'betavariate' in pyscript");
  CHECK(check("import sys\nsys.exit(1, 2)\n").first() ==
        "2:1 [arity] sys.exit() takes from 0 to 1 argument but 2 were given");
  // from M import NAME: the names must exist; '*', other modules and relative imports are refused.
  CHECK(
      check("from math import sqrt, pi as PI\nfrom numpy import zeros, linalg\n"
            "from random import seed\nfrom sys import argv\nfrom numpy.linalg import norm\n"
            "seed(1)\nprint(sqrt(PI), zeros(3), linalg.inv(zeros((2, 2))), norm(zeros(2)), argv)\n")
          .lines()
          .empty());
  CHECK(check("from math import gamma\n").first() ==
        "1:1 [attribute] module 'math' has no attribute 'gamma' in pyscript");
  // What 'import *' would bind does not cascade into undefined names.
  CHECK(check("from math import *\nprint(pi)\n").lines() ==
        std::vector<std::string>{"1:1 [import] 'from math import *' is not supported"});
  CHECK(check("from os import path\n").first() ==
        "1:1 [import] module 'os' cannot be imported in pyscript");
  CHECK(check("from . import helper\n").codes() == "import");
  CHECK(check("from __future__ import annotations\n").codes() == "import");
  // Imported names are checked as the module's members are.
  CHECK(check("from math import sqrt\nx = sqrt(1.0, 2.0)\n").first() ==
        "2:5 [arity] sqrt() takes 1 argument but 2 were given");
  CHECK(check("from random import randint\nf = randint\n").first() ==
        "2:5 [unsupported] function 'randint' used as a value is not supported by pyscript");
  CHECK(check("from math import sqrt\nf = sqrt\n").first() == ""); // a value: Note [Builtins as values]
  CHECK(check("from math import pi\nx = pi()\n").first() ==
        "2:5 [unsupported] 'pi' cannot be called");
  // A local of the same name hides the import.
  CHECK(check("from math import sqrt\ndef f(sqrt):\n    return sqrt + 1\n").lines().empty());
}

TEST_CASE("[undefined] names that are defined nowhere") {
  CHECK(check("def f(a):\n    return a + bb\n").first() == "2:16 [undefined] undefined name 'bb'");
  auto r = check("x = np.ones(3)\n");
  CHECK(r.first() == "1:5 [undefined] undefined name 'np'");
  CHECK(r.diagnostics.at(0).help.at(0) == "add 'import numpy as np' at the top");
  // A local of another function is not visible.
  CHECK(check("def f():\n    t = 1\n    return t\ndef g():\n    return t\n").first() ==
        "5:12 [undefined] undefined name 't'");
}

TEST_CASE("[arity] user functions, builtins and numpy") {
  auto r = check("def add(a, b):\n    return a + b\n\n\nprint(add(1, 2, 3))\n");
  CHECK(r.first() == "5:7 [arity] add() takes 2 positional arguments but 3 were given");
  REQUIRE(r.diagnostics.at(0).notes.size() == 1);
  CHECK(r.diagnostics[0].notes[0].range.line == 1);
  CHECK(check("def add(a, b):\n    return a\nadd(1)\n").first() ==
        "3:1 [arity] add() missing 1 required argument: 'b'");
  CHECK(check("def add(a, b=2):\n    return a\nadd(1, c=3)\n").first() ==
        "3:8 [arity] add() got an unexpected keyword argument 'c'");
  CHECK(check("def add(a, b=2):\n    return a\nadd(1, a=3)\n").first() ==
        "3:8 [arity] add() got multiple values for argument 'a'");
  CHECK(check("def add(a, b=2):\n    return a\nprint(add(1), add(1, b=3))\n").diagnostics.empty());
  CHECK(check("x = len(1, 2)\n").first() == "1:5 [arity] len() takes 1 argument but 2 were given");
  CHECK(check("import math\nx = math.sqrt()\n").first() ==
        "2:5 [arity] math.sqrt() takes 1 argument but 0 were given");
  CHECK(check("import numpy as np\nx = np.ones(3, order='C')\n").first() ==
        "2:16 [arity] np.ones() got an unexpected keyword argument 'order'");
}

TEST_CASE("[arity] numpy dtypes convert one value when called") {
  CHECK(check("import numpy as np\nx = np.float32(1, 2)\n").first() ==
        "2:5 [arity] np.float32() takes 1 argument but 2 were given");
  CHECK(check("import numpy as np\nx = np.ndarray(3)\n").first() == "2:5 [unsupported] 'np.ndarray' cannot be called");
  CHECK(check("import numpy as np\nx = np.int64(2.5)\ny = np.bool_(x)\n").codes().empty());
}

TEST_CASE("[attribute] unknown module members and array attributes") {
  auto r = check("import numpy as np\nx = np.frobnicate(3)\n");
  CHECK(r.first() == "2:8 [attribute] module 'numpy' has no attribute 'frobnicate' in pyscript");
  CHECK(check("import math\nx = math.gamma(3.0)\n").codes() == "attribute");
  CHECK(check("import numpy as np\nx = np.ones(3)\ny = x.byteswap()\n").first() ==
        "3:7 [attribute] 'byteswap' is not an attribute pyscript supports");
  CHECK(check("import numpy as np\nrows = np.ones(3)\nrows.frob(2.0)\n").first() ==
        "3:6 [attribute] 'frob' is not an attribute pyscript supports");
  // The methods of lists, dicts and strs (which of them the object has is the lowering's to check).
  CHECK(check("xs = []\nxs.append(1)\nd = {}\nd.setdefault(1, 2)\nprint(','.join(['a']), 'a "
              "b'.split(), d.get(1))\n")
            .lines()
            .empty());
  CHECK(check("xs = []\nxs.append(1, 2)\n").first() ==
        "2:1 [arity] xs.append() takes 1 argument but 2 were given");
}

TEST_CASE("[redefined] a function defined twice") {
  CHECK(check("def f():\n    return 1\ndef f():\n    return 2\n").first() ==
        "3:5 [redefined] function 'f' is defined twice");
}

TEST_CASE("[overflow] integer literals beyond 64 bits") {
  CHECK(check("x = 99999999999999999999\n").first() ==
        "1:5 [overflow] integer literal 99999999999999999999 does not fit in a 64-bit int");
  CHECK(check("x = 9223372036854775807\n").diagnostics.empty());
}

TEST_CASE("every error in a file is reported in one run, in source order") {
  auto r = check("def f(a, b):\n    c = a\n    c += b\n    d = a.asnumpy()\n    return eval('c')\n");
  CHECK(r.codes() == "in-place escape unsupported");
}

TEST_CASE("text format: location, message, code, source line, underline, help") {
  auto r = check("def total(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n");
  CHECK(pyscript::format_diagnostic_text(r.diagnostics.at(0)) ==
        "model.py:4:9: error: in-place update 's += i' is not supported [in-place]\n"
        "    4 |         s += i\n"
        "      |         ^~~~~~\n"
        "note: pyscript values are immutable, so every update makes a new value; the compiler "
        "reuses the storage when it can\n"
        "help: write 's = s + i'\n");
}

TEST_CASE("JSON format carries code, severity, file, range, message and fix-its") {
  auto r = check("s = 0\ns += 1\n");
  std::string json = pyscript::format_diagnostics_json(r.diagnostics);
  CHECK(json.find("\"code\": \"in-place\"") != std::string::npos);
  CHECK(json.find("\"severity\": \"error\"") != std::string::npos);
  CHECK(json.find("\"file\": \"model.py\"") != std::string::npos);
  CHECK(json.find("\"range\": {\"file\": \"model.py\", \"line\": 2, \"column\": 1, \"end_line\": 2, "
                  "\"end_column\": 7}") != std::string::npos);
  CHECK(json.find("\"replacement\": \"s = s + 1\"") != std::string::npos);
  CHECK(json.find("\"error_count\": 1") != std::string::npos);
  CHECK(pyscript::json_quote("a\"b\\\n\xff") == "\"a\\\"b\\\\\\n\xEF\xBF\xBD\"");
}
