// `pyscript fix`: fix-its applied source to source, everything else kept byte for byte.
#include "frontend/fixits.hpp"
#include "frontend_helpers.hpp"

#include <doctest/doctest.h>

using pyscript::testing::check;

TEST_CASE("every augmented assignment becomes its plain form; comments and spacing stay") {
  const std::string before = "def f(a, b):  # keep me\n"
                             "    s  = 0\n"
                             "    s += a * b   # and me\n"
                             "    s -= a - b\n"
                             "    t = 1  \n"
                             "    return s\n";
  auto r = check(before);
  std::string after = pyscript::apply_fixits(before, r.diagnostics);
  CHECK(after == "def f(a, b):  # keep me\n"
                 "    s  = 0\n"
                 "    s = s + a * b   # and me\n"
                 "    s = s - (a - b)\n"
                 "    t = 1  \n"
                 "    return s\n");
}

TEST_CASE("a.fill(0) becomes a = np.full_like(a, 0), which checks clean") {
  const std::string before =
      "import numpy as np\na = np.array([3.0, 1.0])\na.fill(0)  # in place\nprint(a)\n";
  std::string after = pyscript::apply_fixits(before, check(before).diagnostics);
  CHECK(after == "import numpy as np\na = np.array([3.0, 1.0])\na = np.full_like(a, 0)  # in "
                 "place\nprint(a)\n");
  CHECK(check(after).diagnostics.empty());
}

TEST_CASE("xs += [3] becomes xs.extend([3]) and d |= {...} d.update({...}); both check clean") {
  // conformance/reject/list_augassign.py: the list is shared with ys, so the fix must extend it.
  const std::string before =
      "def grow(xs, d):\n    ys = xs\n    xs += [3]  # extend\n    d |= {'k': 1}\n"
      "    xs[0] += 1\n    return ys\n";
  std::string after = pyscript::apply_fixits(before, check(before).diagnostics);
  CHECK(after ==
        "def grow(xs, d):\n    ys = xs\n    xs.extend([3])  # extend\n    d.update({'k': 1})\n"
        "    xs[0] += 1\n    return ys\n");
  CHECK(check(after).codes() == "in-place"); // xs[0] += 1: help only
}

TEST_CASE("a fixed file checks clean") {
  const std::string before = "x = 1.0\nfor i in range(3):\n    x *= 0.5\n    x += i\nprint(x)\n";
  std::string after = pyscript::apply_fixits(before, check(before).diagnostics);
  CHECK(check(after).diagnostics.empty());
}

TEST_CASE("unified diff of a fix") {
  const std::string before = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\nf = 6\ng = 7\nh = 8\nh += 1\n";
  std::string after = pyscript::apply_fixits(before, check(before).diagnostics);
  CHECK(pyscript::unified_diff("m.py", before, after) ==
        "--- a/m.py\n+++ b/m.py\n@@ -6,4 +6,4 @@\n f = 6\n g = 7\n h = 8\n-h += 1\n+h = h + 1\n");
  CHECK(pyscript::unified_diff("m.py", before, before).empty());
}

TEST_CASE("np.random.shuffle(a) becomes a = np.random.permutation(a), and checks clean") {
  const std::string before = "import numpy as np\nnp.random.seed(0)\na = np.arange(4)\nnp.random.shuffle(a)  # mix\n"
                             "print(a)\n";
  std::string after = pyscript::apply_fixits(before, check(before).diagnostics);
  CHECK(after == "import numpy as np\nnp.random.seed(0)\na = np.arange(4)\na = np.random.permutation(a)  # mix\n"
                 "print(a)\n");
  CHECK(check(after).diagnostics.empty());
}
