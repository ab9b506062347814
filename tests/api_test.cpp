// The C++ host API: compile, typed handles, and every exception type.
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace {

const char* kModel = R"(import math


def add(a, b):
    return a + b


def fancy_func(a, b, c, d):
    e = add(a, b)
    f = add(c, d)
    g = add(e, f)
    return g


def bucket(a, b):
    return a // b


def hypot(a, b):
    return math.sqrt(a * a + b * b)


def positive(x):
    return x > 0


def shout(n):
    print("n is", n)


def checked(x):
    assert x >= 0, "x must not be negative"
    return x


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
)";

} // namespace

TEST_CASE("typed handles call native code for each specialization") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  auto fancy = m.function<int64_t(int64_t, int64_t, int64_t, int64_t)>("fancy_func");
  CHECK(fancy(1, 2, 3, 4) == 10);
  auto fancy_f = m.function<double(double, double, double, double)>("fancy_func");
  CHECK(fancy_f(1.5, 2, 3, 4) == 10.5);
  auto hypot = m.function<double(double, double)>("hypot");
  CHECK(hypot(3.0, 4.0) == 5.0);
  auto positive = m.function<bool(double)>("positive");
  CHECK(positive(2.5));
  CHECK(!positive(-2.5));
  auto fib = m.function<int64_t(int64_t)>("fib");
  CHECK(fib(20) == 6765);
  // Handles stay valid and independent.
  CHECK(fancy(10, 20, 30, 40) == 100);
}

TEST_CASE("RecursionError past 1000 frames, and the count is right again after it") {
  pyscript::Module m = pyscript::compile_string(
      "def depth(n):\n    if n == 0:\n        return 0\n    return 1 + depth(n - 1)\n", "deep.py");
  auto depth = m.function<int64_t(int64_t)>("depth");
  CHECK(depth(999) == 999); // 1000 frames: the limit, as CPython's sys.getrecursionlimit()
  CHECK_THROWS_WITH_AS(depth(100000), "deep.py:1:5: runtime error: RecursionError: maximum recursion depth exceeded",
                       pyscript::RuntimeError);
  CHECK(depth(999) == 999); // every frame gave its count back on the way out
  CHECK_THROWS_AS(depth(1000), pyscript::RuntimeError);
}

TEST_CASE("a void handle, and output of print") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  auto shout = m.function<void(int64_t)>("shout");
  shout(3); // prints "n is 3"
}

TEST_CASE("pyscript::RuntimeError carries the Python location, and the handle stays usable") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  auto bucket = m.function<int64_t(int64_t, int64_t)>("bucket");
  CHECK(bucket(7, 2) == 3);
  CHECK(bucket(-7, 2) == -4);
  try {
    bucket(7, 0);
    FAIL("no RuntimeError");
  } catch (const pyscript::RuntimeError& e) {
    CHECK(e.location() == "model.py:16:12");
    CHECK(e.error() == "ZeroDivisionError: integer division or modulo by zero");
    CHECK(std::string(e.what()) ==
          "model.py:16:12: runtime error: ZeroDivisionError: integer division or modulo by zero");
  }
  CHECK(bucket(9, 3) == 3);
  auto add = m.function<int64_t(int64_t, int64_t)>("add");
  CHECK_THROWS_WITH_AS(add(INT64_MAX, 1), doctest::Contains("model.py:5:12: runtime error: OverflowError"),
                       pyscript::RuntimeError);
  auto checked = m.function<int64_t(int64_t)>("checked");
  CHECK(checked(4) == 4);
  CHECK_THROWS_WITH_AS(checked(-1), doctest::Contains("AssertionError: x must not be negative"),
                       pyscript::RuntimeError);
  auto hypot = m.function<double(double, double)>("hypot");
  CHECK(std::isinf(hypot(1e200, 1e200))); // float overflow to inf is not an error in CPython either
}

TEST_CASE("pyscript::TypeError when the handle is made, not when it is called") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  CHECK_THROWS_WITH_AS(m.function<int64_t(int64_t)>("add"),
                       doctest::Contains("'add' takes 2 arguments, the handle passes 1"), pyscript::TypeError);
  CHECK_THROWS_WITH_AS((m.function<int64_t(int32_t, int64_t)>("add")),
                       doctest::Contains("argument 1 has a C++ type pyscript cannot pass"), pyscript::TypeError);
  CHECK_THROWS_WITH_AS((m.function<int64_t(double, double)>("add")),
                       doctest::Contains("'add' returns float for these arguments; declare the handle's result as double"),
                       pyscript::TypeError);
  CHECK_THROWS_WITH_AS(m.function<int64_t()>("nope"), doctest::Contains("has no function 'nope'"),
                       pyscript::TypeError);
}

TEST_CASE("pyscript::CompileError holds formatted and structured diagnostics") {
  try {
    pyscript::compile_string("def f(n):\n    s = 0\n    s += n\n    return s\n", "bad.py");
    FAIL("no CompileError");
  } catch (const pyscript::CompileError& e) {
    CHECK(std::string(e.what()).find("bad.py:3:5: error: in-place update 's += n' is not supported [in-place]") == 0);
    REQUIRE(e.diagnostics().size() == 1);
    const pyscript::DiagnosticRecord& d = e.diagnostics()[0];
    CHECK(d.code == "in-place");
    CHECK(d.file == "bad.py");
    CHECK(d.line == 3);
    CHECK(d.column == 5);
    CHECK(d.fixits.at(0) == "s = s + n");
  }
  // Type errors found when a specialization is requested are CompileErrors too.
  pyscript::Module m = pyscript::compile_string("def f(c):\n    if c:\n        return 1\n    return 2.5\n", "t.py");
  CHECK_THROWS_WITH_AS(m.function<int64_t(bool)>("f"), doctest::Contains("t.py:4:12: error: type conflict"),
                       pyscript::CompileError);
}

TEST_CASE("run() executes the top level; a runtime error there throws") {
  pyscript::Module ok = pyscript::compile_string("K = 6\ndef f(x):\n    return x * K\nprint(f(7))\n", "k.py");
  ok.run();
  auto f = ok.function<int64_t(int64_t)>("f");
  CHECK(f(2) == 12); // reads the module constant the top level stored
  pyscript::Module bad = pyscript::compile_string("print(1)\nprint(1 // (1 - 1))\n", "z.py");
  CHECK_THROWS_WITH_AS(bad.run(), doctest::Contains("z.py:2:7: runtime error: ZeroDivisionError"),
                       pyscript::RuntimeError);
}

TEST_CASE("a module-level name read before run() is CPython's NameError, not a zero or a null array") {
  pyscript::Module m = pyscript::compile_string(
      "import numpy as np\nK = 6\nW = np.ones(3)\ndef f(x):\n    return x * K\ndef g():\n    return W.sum()\n"
      "print(f(7), g())\n", "early.py");
  auto f = m.function<int64_t(int64_t)>("f");
  CHECK_THROWS_WITH_AS(f(2), "early.py:5:16: runtime error: NameError: name 'K' is not defined", pyscript::RuntimeError);
  auto g = m.function<pyscript::Tensor()>("g");
  CHECK_THROWS_WITH_AS(g(), doctest::Contains("NameError: name 'W' is not defined"), pyscript::RuntimeError);
  m.run();
  CHECK(f(2) == 12);
}

TEST_CASE("save, then load without the source: same results, same handles") {
  std::string path = "pyscript_api_test.pys";
  {
    pyscript::Module m = pyscript::compile_string(kModel, "model.py");
    auto fib = m.function<int64_t(int64_t)>("fib");
    CHECK(fib(10) == 55);
    auto hypot = m.function<double(double, double)>("hypot");
    CHECK(hypot(3.0, 4.0) == 5.0);
    m.save(path);
  }
  pyscript::Module loaded = pyscript::load(path);
  auto fib = loaded.function<int64_t(int64_t)>("fib");
  CHECK(fib(20) == 6765);
  auto hypot = loaded.function<double(double, double)>("hypot");
  CHECK(hypot(6.0, 8.0) == 10.0);
  // Not compiled into the artifact: a TypeError that says how to get it.
  CHECK_THROWS_WITH_AS(loaded.function<double(double)>("fib"), doctest::Contains("holds no specialization fib.float"),
                       pyscript::TypeError);
  // Runtime errors keep their Python locations.
  auto bucket = pyscript::compile_string(kModel, "model.py").function<int64_t(int64_t, int64_t)>("bucket");
  (void)bucket;
  std::remove(path.c_str());
  CHECK_THROWS_WITH_AS(pyscript::load(path), doctest::Contains("pyscript_api_test.pys: cannot read"), std::runtime_error);
}
