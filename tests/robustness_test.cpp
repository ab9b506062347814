// Bad input never crashes or hangs the frontend: it gets diagnostics (or none, when it is valid).
// Run under ASan/UBSan in CI (scripts/build --sanitize).
#include "frontend_helpers.hpp"

#include <doctest/doctest.h>

#include <random>

using pyscript::testing::check;

TEST_CASE("empty and blank files are valid programs") {
  CHECK(check("").diagnostics.empty());
  CHECK(check("\n\n   \n# only a comment\n").diagnostics.empty());
}

TEST_CASE("binary garbage and non-UTF-8 bytes are reported, once") {
  std::string garbage;
  std::mt19937 rng(12345);
  for (int i = 0; i < 4096; ++i) garbage += char(rng() & 0xFF);
  auto r = check(garbage);
  REQUIRE(!r.diagnostics.empty());
  CHECK(r.diagnostics[0].code == "syntax");

  CHECK(check("x = 1\ny = '\xff'\n").first() == "2:6 [syntax] source is not valid UTF-8 (byte 0xff)");
  CHECK(check(std::string("x = 1\0", 6)).first() == "1:6 [syntax] source code cannot contain null bytes");
  // Valid UTF-8 outside ASCII is fine, and columns count characters.
  CHECK(check("s = 'héllo'\nprint(s, zz)\n").first() == "2:10 [undefined] undefined name 'zz'");
  CHECK(check("print('héllo', zz)\n").first() == "1:16 [undefined] undefined name 'zz'");
}

TEST_CASE("10,000 nested parentheses: an error, not a stack overflow") {
  std::string deep = "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
  auto r = check(deep);
  REQUIRE(!r.diagnostics.empty());
  CHECK(r.diagnostics[0].code == "syntax");
  std::string unbalanced = "x = " + std::string(10000, '(') + "\n";
  CHECK(!check(unbalanced).diagnostics.empty());
  std::string deep_unary = "x = " + std::string(5000, '-') + "1\n";
  CHECK(check(deep_unary).codes() == "syntax");
}

TEST_CASE("a 5 MB file is checked") {
  std::string big;
  big.reserve(5u << 20);
  int i = 0;
  while (big.size() < (5u << 20)) big += "x" + std::to_string(i++ % 1000) + " = 1 + 2 * 3\n";
  auto r = check(big);
  CHECK(r.diagnostics.empty());
  CHECK(r.checked.module.body.size() == size_t(i));
}

TEST_CASE("random mutations of a valid program never crash the frontend") {
  const std::string seed_program =
      "import numpy as np\nimport math\n\n"
      "def f(a, b=2):\n    if a > b and not a == 0:\n        return a // b\n"
      "    for i in range(3, 0, -1):\n        a = a + i * 2.5\n    return (a, b)\n\n"
      "x, y = f(1), np.ones((2, 3), dtype=np.float32).sum(axis=0)\nprint(x, y[1:], math.pi)\n";
  const std::string alphabet = "()[]{}:,.=+-*/%@<>!'\"\\#\n\t abcxyz019_";
  std::mt19937 rng(2026);
  for (int round = 0; round < 2000; ++round) {
    std::string s = seed_program;
    int edits = 1 + int(rng() % 6);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % s.size();
      switch (rng() % 3) {
      case 0: s.insert(pos, 1, alphabet[rng() % alphabet.size()]); break;
      case 1: s.erase(pos, 1 + rng() % 4); break;
      default: s[pos] = alphabet[rng() % alphabet.size()];
      }
      if (s.empty()) s = "x";
    }
    CAPTURE(s);
    auto r = check(s);
    for (const pyscript::Diagnostic& d : r.diagnostics) {
      CHECK(!d.message.empty());
      if (d.range.valid()) CHECK(d.range.line >= 1);
    }
  }
}
