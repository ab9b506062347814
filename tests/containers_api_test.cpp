// The C++ host API with str and list values: std::string and std::vector<T> as arguments and
// results (Note [Host containers] in api/containers.cpp), their TypeErrors, and artifacts.
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

using Floats = std::vector<double>;
using Ints = std::vector<int64_t>;
using Bools = std::vector<bool>;
using Strings = std::vector<std::string>;
using Matrix = std::vector<std::vector<double>>;

const char* kModel = R"(def greet(name, n):
    return name + "!" * n


def length(s):
    return len(s)


def doubled(xs):
    return [x * 2.0 for x in xs]


def total(xs):
    return sum(xs)


def mutate(xs):
    xs.append(99)
    xs[0] = -1
    return len(xs)


def same(xs):
    return xs


def appended(xs, x):
    xs.append(x)
    return xs


def negated(xs):
    return [not x for x in xs]


def count_true(xs):
    n = 0
    for x in xs:
        if x:
            n = n + 1
    return n


def words(s):
    return s.split()


def shout_all(ws):
    return [w.upper() + "!" for w in ws]


def joined(ws, sep):
    return sep.join(ws)


def transpose(m):
    return [[m[r][c] for r in range(len(m))] for c in range(len(m[0]))]


def row_sums(m):
    return [sum(row, 0.0) for row in m]


def nested_words(rows):
    return [len(r) for r in rows]


def nothing():
    return []


def table():
    return {"a": 1}


def pick(xs, i):
    return xs[i]


def pick_word(ws, i):
    return ws[i]
)";

pyscript::Module model() {
  return pyscript::compile_string(kModel, "lists.py");
}

} // namespace

TEST_CASE("str arguments and results: UTF-8 as given, copies both ways") {
  pyscript::Module m = model();
  auto greet = m.function<std::string(std::string, int64_t)>("greet");
  CHECK(greet("hi", 3) == "hi!!!");
  CHECK(greet("h\xc3\xa9llo \xe2\x82\xac", 1) == "h\xc3\xa9llo \xe2\x82\xac!"); // héllo €
  CHECK(greet("", 0).empty());
  std::string long_name(100000, 'x');
  CHECK(greet(long_name, 2) == long_name + "!!");
  auto length = m.function<int64_t(std::string)>("length");
  CHECK(length("h\xc3\xa9llo") == 5); // code points, as Python's len
  CHECK(length(std::string("a\0b", 3)) == 3);
  // Not UTF-8: refused before the call.
  CHECK_THROWS_AS(length("\xff"), std::invalid_argument);
  CHECK_THROWS_AS(length("\xc3"), std::invalid_argument);
  CHECK_THROWS_AS(length("\xed\xa0\x80"), std::invalid_argument); // a surrogate
  CHECK_THROWS_AS(length("\xc0\x80"), std::invalid_argument);     // overlong
  CHECK(length("ok") == 2);
}

TEST_CASE("list[float], list[int], list[bool] arguments and results") {
  pyscript::Module m = model();
  auto doubled = m.function<Floats(Floats)>("doubled");
  CHECK(doubled({1.5, -2.25, 0.0, 1e300}) == Floats{3.0, -4.5, 0.0, 2e300});
  CHECK(doubled({}).empty());
  auto total_f = m.function<double(Floats)>("total");
  CHECK(total_f({0.5, 0.25, 0.125}) == 0.875);
  auto total_i = m.function<int64_t(Ints)>("total");
  CHECK(total_i({1, 2, 3, INT64_MAX - 6}) == INT64_MAX);
  CHECK_THROWS_WITH_AS(total_i({INT64_MAX, 1}), doctest::Contains("OverflowError"),
                       pyscript::RuntimeError);
  auto same_i = m.function<Ints(Ints)>("same");
  Ints big(10000);
  for (size_t i = 0; i < big.size(); ++i)
    big[i] = int64_t(i * i) - 7;
  CHECK(same_i(big) == big);
  auto appended = m.function<Ints(Ints, int64_t)>("appended");
  CHECK(appended({4, 5}, 6) == Ints{4, 5, 6});
  auto negated = m.function<Bools(Bools)>("negated");
  CHECK(negated({true, false, false, true, true}) == Bools{false, true, true, false, false});
  auto count_true = m.function<int64_t(Bools)>("count_true");
  CHECK(count_true({true, false, true, true}) == 3);
  auto same_b = m.function<Bools(Bools)>("same");
  CHECK(same_b({false, true}) == Bools{false, true});
}

TEST_CASE("a list argument is a copy: the function's mutations never reach the host") {
  pyscript::Module m = model();
  auto mutate = m.function<int64_t(Ints)>("mutate");
  Ints xs{1, 2, 3};
  CHECK(mutate(xs) == 4);
  CHECK(xs == Ints{1, 2, 3});
  CHECK(mutate(xs) == 4); // a new list each call
  // The function returns the argument itself: the host receives a copy of the mutated list.
  auto appended = m.function<Floats(Floats, double)>("appended");
  Floats ys{1.0};
  CHECK(appended(ys, 2.0) == Floats{1.0, 2.0});
  CHECK(ys == Floats{1.0});
}

TEST_CASE("list[str] and list[list[...]] arguments and results") {
  pyscript::Module m = model();
  auto words = m.function<Strings(std::string)>("words");
  CHECK(words("  the quick\tbrown  fox ") == Strings{"the", "quick", "brown", "fox"});
  CHECK(words("").empty());
  auto shout_all = m.function<Strings(Strings)>("shout_all");
  CHECK(shout_all({"a", "\xc3\xa9t\xc3\xa9", ""}) ==
        Strings{"A!", "\xc3\x89T\xc3\x89!", "!"}); // été -> ÉTÉ
  auto joined = m.function<std::string(Strings, std::string)>("joined");
  CHECK(joined({"x", "y", "z"}, ", ") == "x, y, z");
  CHECK_THROWS_AS(joined({"ok", "\xff"}, ""), std::invalid_argument); // the first is released
  auto transpose = m.function<Matrix(Matrix)>("transpose");
  CHECK(transpose({{1, 2, 3}, {4, 5, 6}}) == Matrix{{1, 4}, {2, 5}, {3, 6}});
  auto row_sums = m.function<Floats(Matrix)>("row_sums");
  CHECK(row_sums({{0.5, 0.5}, {}, {1, 2, 4}}) == Floats{1.0, 0.0, 7.0});
  auto transpose_i = m.function<std::vector<Ints>(std::vector<Ints>)>("transpose");
  CHECK(transpose_i({{1}, {2}}) == std::vector<Ints>{{1, 2}});
  auto nested_words = m.function<Ints(std::vector<Strings>)>("nested_words");
  CHECK(nested_words({{"a", "b"}, {}, {"c"}}) == Ints{2, 0, 1});
  auto same_3 = m.function<std::vector<Matrix>(std::vector<Matrix>)>("same");
  std::vector<Matrix> cube{{{1, 2}, {3}}, {}, {{}}};
  CHECK(same_3(cube) == cube);
}

TEST_CASE("a list whose element type nothing fixes (list[None]) cannot be received") {
  pyscript::Module m = model();
  CHECK_THROWS_WITH_AS(
      m.function<Floats()>("nothing"),
      doctest::Contains("'nothing' returns list[None] for these arguments; declare the handle's "
                        "result as (a type the host API cannot receive yet)"),
      pyscript::TypeError);
}

TEST_CASE("runtime errors with list arguments release them and keep the location") {
  pyscript::Module m = model();
  auto pick = m.function<double(Floats, int64_t)>("pick");
  CHECK(pick({1.0, 2.0}, -1) == 2.0);
  CHECK_THROWS_WITH_AS(pick({1.0, 2.0}, 2),
                       "lists.py:77:12: runtime error: IndexError: list index out of range",
                       pyscript::RuntimeError);
  auto pick_word = m.function<std::string(Strings, int64_t)>("pick_word");
  CHECK(pick_word({"a", "b"}, 1) == "b");
  CHECK_THROWS_AS(pick_word({"a", "b"}, 5), pyscript::RuntimeError);
  auto pick_row = m.function<Floats(Matrix, int64_t)>("pick");
  CHECK(pick_row({{1.0}, {2.0, 3.0}}, 1) == Floats{2.0, 3.0});
  CHECK_THROWS_AS(pick_row({{1.0}}, 3), pyscript::RuntimeError);
}

TEST_CASE("TypeError when the handle is made: types the host cannot pass or receive") {
  pyscript::Module m = model();
  CHECK_THROWS_WITH_AS((m.function<int64_t(std::map<std::string, int64_t>)>("total")),
                       doctest::Contains("argument 1 has a C++ type pyscript cannot pass"),
                       pyscript::TypeError);
  CHECK_THROWS_WITH_AS(m.function<double(std::vector<float>)>("total"),
                       doctest::Contains("argument 1 has a C++ type pyscript cannot pass"),
                       pyscript::TypeError);
  CHECK_THROWS_WITH_AS(m.function<double(std::vector<pyscript::Tensor>)>("total"),
                       doctest::Contains("argument 1 has a C++ type pyscript cannot pass"),
                       pyscript::TypeError);
  CHECK_THROWS_WITH_AS(m.function<std::vector<int32_t>(Floats)>("doubled"),
                       doctest::Contains("the result type cannot be received"),
                       pyscript::TypeError);
  CHECK_THROWS_WITH_AS(
      m.function<Ints(Floats)>("doubled"),
      doctest::Contains("handle std::vector<int64_t>(std::vector<double>) for 'doubled': 'doubled' "
                        "returns list[float] for these arguments; declare the handle's result as "
                        "std::vector<double>"),
      pyscript::TypeError);
  CHECK_THROWS_WITH_AS(m.function<std::string(std::string)>("words"),
                       doctest::Contains("declare the handle's result as std::vector<std::string>"),
                       pyscript::TypeError);
  CHECK_THROWS_WITH_AS(
      m.function<Floats()>("table"),
      doctest::Contains("declare the handle's result as (a type the host API cannot receive yet)"),
      pyscript::TypeError);
  CHECK_THROWS_WITH_AS(m.function<int64_t(Floats, Floats)>("total"),
                       doctest::Contains("'total' takes 1 arguments, the handle passes 2"),
                       pyscript::TypeError);
  // A type the function rejects for these arguments is the compiler's diagnostic.
  CHECK_THROWS_AS(m.function<int64_t(Strings)>("total"), pyscript::CompileError);
}

TEST_CASE("a module-level list and str returned to the host are copies; the globals stay whole") {
  pyscript::Module m = pyscript::compile_string("LOSSES = [0.5, 0.25]\nNAME = 'run-1'\n\n\ndef losses():\n"
                                                "    return LOSSES\n\n\ndef name():\n    return NAME\n",
                                                "state.py");
  m.run();
  auto losses = m.function<Floats()>("losses");
  auto name = m.function<std::string()>("name");
  for (int i = 0; i < 3; ++i) {
    CHECK(losses() == Floats{0.5, 0.25});
    CHECK(name() == "run-1");
  }
}

TEST_CASE("str and list handles after save and load") {
  std::string path = "pyscript_containers_api_test.pys";
  {
    pyscript::Module m = model();
    CHECK(m.function<std::string(std::string, int64_t)>("greet")("a", 1) == "a!");
    CHECK(m.function<Floats(Floats)>("doubled")({1.0}) == Floats{2.0});
    m.function<double(Floats)>("total");
    m.function<Ints(Ints, int64_t)>("appended");
    m.function<Strings(Strings)>("shout_all");
    m.function<Matrix(Matrix)>("transpose");
    m.function<Bools(Bools)>("negated");
    m.save(path);
  }
  pyscript::Module loaded = pyscript::load(path);
  std::remove(path.c_str());
  CHECK(loaded.function<std::string(std::string, int64_t)>("greet")("\xc3\xa9", 2) == "\xc3\xa9!!");
  CHECK(loaded.function<Floats(Floats)>("doubled")({1.5, 2.5}) == Floats{3.0, 5.0});
  CHECK(loaded.function<double(Floats)>("total")({1.0, 2.0}) == 3.0);
  Ints xs{7};
  CHECK(loaded.function<Ints(Ints, int64_t)>("appended")(xs, 8) == Ints{7, 8});
  CHECK(xs == Ints{7});
  CHECK(loaded.function<Strings(Strings)>("shout_all")({"ab"}) == Strings{"AB!"});
  CHECK(loaded.function<Matrix(Matrix)>("transpose")({{1, 2}}) == Matrix{{1}, {2}});
  CHECK(loaded.function<Bools(Bools)>("negated")({true}) == Bools{false});
  CHECK_THROWS_WITH_AS(loaded.function<Ints(Ints)>("doubled"),
                       doctest::Contains("holds no specialization doubled.list[int]"),
                       pyscript::TypeError);
}
