// The AST the parser builds (golden text of ast::dump) and what name resolution accepts.
#include "frontend_helpers.hpp"

#include <doctest/doctest.h>

using pyscript::testing::check;

namespace {

std::string ast_of(const std::string& source) {
  auto r = check(source);
  INFO(r.first());
  CHECK(r.diagnostics.empty());
  return pyscript::ast::dump(r.checked.module);
}

} // namespace

TEST_CASE("functions, calls and arithmetic keep their shape and locations") {
  CHECK(ast_of("def add(a, b):\n    return a + b\n\n\nprint(add(1, 2.5))\n") ==
        "def add(a, b)  # 1:1\n"
        "  return (+ a b)  # 2:5\n"
        "(call print (call add 1 2.5f))  # 5:1\n");
}

TEST_CASE("control flow: if/elif/else, for, while, break, continue") {
  CHECK(ast_of("def f(x):\n"
               "    if x < 0:\n        return -1\n"
               "    elif x == 0:\n        return 0\n"
               "    else:\n        pass\n"
               "    for i in range(10, 0, -3):\n        continue\n"
               "    while True:\n        break\n"
               "    return x\n") ==
        "def f(x)  # 1:1\n"
        "  if (compare x < 0)  # 2:5\n"
        "    return (- 1)  # 3:9\n"
        "  else\n"
        "    if (compare x == 0)  # 4:5\n"
        "      return 0  # 5:9\n"
        "    else\n"
        "      pass  # 7:9\n"
        "  for i in (call range 10 0 (- 3))  # 8:5\n"
        "    continue  # 9:9\n"
        "  while True  # 10:5\n"
        "    break  # 11:9\n"
        "  return x  # 12:5\n");
}

TEST_CASE("tuples, chained comparisons, logic, conditional expressions") {
  CHECK(ast_of("a, b = 1, 2\nc = lo <= a < b if not a and b or a else (a, b)\nlo = 0\n") ==
        "assign (tuple a b) = (tuple 1 2)  # 1:1\n"
        "assign c = (ifexp (or (and (not a) b) a) (compare lo <= a < b) (tuple a b))  # 2:1\n"
        "assign lo = 0  # 3:1\n");
}

TEST_CASE("f-strings: literal pieces, fields with conversions and specs, concatenation") {
  CHECK(ast_of("x = 1\nprint(f\"a{x:>4}b{{c}}\" \"d\" f\"{x!r}\", f\"plain\")\n") ==
        "assign x = 1  # 1:1\n"
        "(call print (fstring 'a' {x:>4} 'b{c}d' {x!r}) 'plain')  # 2:1\n");
}

TEST_CASE("numpy calls, keywords, attributes, slices") {
  CHECK(ast_of("import numpy as np\nx = np.zeros((2, 3), dtype=np.float32)\n"
               "y = x.T[0, 1:] @ x.sum(axis=1, keepdims=True)\n") ==
        "import numpy as np  # 1:1\n"
        "assign x = (call (. np zeros) (tuple 2 3) dtype=(. np float32))  # 2:1\n"
        "assign y = (@ ([] (. x T) (tuple 0 (: 1 _ _))) (call (. x sum) axis=1 "
        "keepdims=True))  # 3:1\n");
}

TEST_CASE("literals: ints in every base, floats, strings with escapes") {
  CHECK(ast_of("print(0x1F, 0o17, 0b101, 1_000, 1.5e3, 'a\\tb', \"\"\"q\"\"\", r'\\n', 'x' 'y')\n") ==
        "(call print 31 15 5 1000 1500f 'a\tb' 'q' '\\n' 'xy')  # 1:1\n");
}

TEST_CASE("strings CPython cannot print are refused at the literal: surrogates, \\N{...}") {
  CHECK(check("print('a\\ud800b')\n").first() ==
        "1:7 [unsupported] string literal holds a surrogate code point (U+D800-U+DFFF), which CPython cannot print "
        "(UnicodeEncodeError)");
  CHECK(check("print('x', '\\U0000DFFF')\n").codes() == "unsupported");
  CHECK(check("print('\\ud7ff\\ue000\\U0001F600')\n").lines() == std::vector<std::string>{});
  CHECK(check("print('\\N{BULLET}')\n").codes() == "syntax");
}

TEST_CASE("chained assignment and annotated assignment") {
  CHECK(ast_of("a = b = 3\nc: float = 1.0\n") == "assign a b = 3  # 1:1\nassign c = 1f  # 2:1\n");
}

TEST_CASE("every conformance program of the accepted kinds checks clean") {
  // A module-level constant read in a function, recursion, default parameters, keywords.
  auto r = check("import math\nimport time\nK = 3\n"
                 "def f(n, scale=1.0):\n    if n < 2:\n        return n * K\n"
                 "    return f(n - 1) + f(n - 2, scale=scale) + math.sqrt(2.0)\n"
                 "t = time.perf_counter()\nprint(f(5), round(math.pi, 2), sep=', ', end='\\n')\n");
  CHECK(r.lines() == std::vector<std::string>{});
}

TEST_CASE("a name defined only by a rejected statement does not cascade") {
  auto r = check("def f(p):\n    with open(p) as fh:\n        pass\n    return fh\n");
  CHECK(r.codes() == "unsupported");
}
