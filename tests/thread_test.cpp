// One pyscript::Module used from 8 threads at once (Note [Threads] in api/module.cpp): each call
// gets exactly its own errors, with their messages and locations, and its own results; concurrent
// first requests of many specializations compile each one once; tensors and module globals that
// every thread reaches keep exact reference counts. scripts/test runs this under ThreadSanitizer too.
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <latch>
#include <string>
#include <thread>
#include <vector>

namespace {

using pyscript::Tensor;

const char* kModel = R"(import numpy as np


def safe_div(a, b):
    return a // b


def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


def layer(x, w, b):
    return np.maximum(x @ w + b, 0.0)


def pick(x, i):
    return float(x[i])


def mix(x, y):
    return x + y


def head(x):
    return x[0:2]


def poly(a, b):
    return a * a + b


def scale(x, s):
    return x * s


table = np.arange(8.0)


def get_table():
    return table
)";

constexpr int kThreads = 8;

const std::string kZeroDivision =
    "threads.py:5:12: runtime error: ZeroDivisionError: integer division or modulo by zero";
const std::string kFloatZeroDivision =
    "threads.py:5:12: runtime error: ZeroDivisionError: float floor division by zero";
const std::string kRecursion = "threads.py:8:5: runtime error: RecursionError: maximum recursion depth exceeded";
const std::string kIndex =
    "threads.py:19:18: runtime error: IndexError: index 10 is out of bounds for axis 0 with size 4";
const std::string kBroadcast = "threads.py:23:12: runtime error: ValueError: operands could not be broadcast "
                               "together with shapes (3,) (4,) ";

std::vector<float> iota(size_t n, float scale, float offset) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = float(int(i % 7) - 3) * scale + offset;
  return v;
}

// What one thread saw: errors counted by their exact text, and every mismatch described.
struct Seen {
  std::vector<std::string> problems;
  int errors = 0, expected_errors = 0, results = 0;
  void problem(std::string p) {
    if (problems.size() < 5) problems.push_back(std::move(p));
  }
};

// Calls `call`, which must throw exactly `want` (a RuntimeError's what()).
template <class F> void expect_error(Seen& seen, const std::string& want, F call) {
  ++seen.expected_errors;
  try {
    call();
    seen.problem("no error, expected: " + want);
  } catch (const pyscript::RuntimeError& e) {
    if (e.what() == want) ++seen.errors;
    else seen.problem("error '" + std::string(e.what()) + "', expected '" + want + "'");
  }
}

// Calls `call`, which must not throw, and checks its result with `ok`.
template <class F, class Ok> void expect_result(Seen& seen, const char* what, F call, Ok ok) {
  try {
    if (ok(call())) ++seen.results;
    else seen.problem(std::string("wrong result of ") + what);
  } catch (const std::exception& e) {
    seen.problem(std::string("unexpected error in ") + what + ": " + e.what());
  }
}

bool same_floats(const Tensor& t, const std::vector<float>& want) {
  if (t.dtype() != pyscript::DType::Float32 || size_t(t.size()) != want.size()) return false;
  for (size_t i = 0; i < want.size(); ++i)
    if (t.data<float>()[i] != want[i]) return false;
  return true;
}

} // namespace

TEST_CASE("8 threads on one module: each gets exactly its own errors and results") {
  pyscript::Module m = pyscript::compile_string(kModel, "threads.py");
  m.run(); // stores `table`, a module global every thread reads
  auto safe_div = m.function<int64_t(int64_t, int64_t)>("safe_div");
  auto depth = m.function<int64_t(int64_t)>("depth");
  auto layer = m.function<Tensor(Tensor, Tensor, Tensor)>("layer");
  auto pick = m.function<double(Tensor, int64_t)>("pick");
  auto mix = m.function<Tensor(Tensor, Tensor)>("mix");
  auto head = m.function<Tensor(Tensor)>("head");
  auto get_table = m.function<Tensor()>("get_table");

  // Shared by every thread: the weights (compiled code retains and releases them: head's view).
  std::vector<float> wv = iota(16 * 8, 0.25f, 0.0f), bv = iota(8, 0.5f, 0.1f);
  Tensor w = Tensor::from_data<float>({16, 8}, wv.data()), b = Tensor::from_data<float>({8}, bv.data());
  std::vector<float> v4 = {1, 2, 3, 4}, v3 = {1, 2, 3};
  Tensor four = Tensor::from_data<float>({4}, v4.data()), three = Tensor::from_data<float>({3}, v3.data());
  // Each thread's input and the result computed here, on one thread.
  std::vector<Tensor> inputs;
  std::vector<std::vector<float>> expected;
  for (int t = 0; t < kThreads; ++t) {
    std::vector<float> xv = iota(16, 0.5f, float(t) - 2.0f);
    inputs.push_back(Tensor::from_data<float>({1, 16}, xv.data()));
    Tensor y = layer(inputs.back(), w, b);
    expected.emplace_back(y.data<float>(), y.data<float>() + y.size());
  }
  CHECK(safe_div(7, 2) == 3);

  const int iterations = 400;
  std::vector<Seen> seen(kThreads);
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Seen& s = seen[size_t(t)];
      start.arrive_and_wait();
      for (int i = 0; i < iterations; ++i) {
        switch ((i * 5 + t) % 9) {
        case 0: expect_error(s, kZeroDivision, [&] { return safe_div(7 + t, 0); }); break;
        case 1: expect_result(s, "safe_div", [&] { return safe_div(100 + t + i, 7); },
                              [&](int64_t r) { return r == (100 + t + i) / 7; }); break;
        case 2: expect_error(s, kRecursion, [&] { return depth(5000 + i); }); break;
        case 3: expect_result(s, "depth", [&] { return depth(300 + t); }, [&](int64_t r) { return r == 300 + t; });
          break;
        case 4: expect_result(s, "layer", [&] { return layer(inputs[size_t(t)], w, b); },
                              [&](const Tensor& y) { return same_floats(y, expected[size_t(t)]); }); break;
        case 5: expect_error(s, kIndex, [&] { return pick(four, 10); }); break;
        case 6: expect_error(s, kBroadcast, [&] { return mix(three, four); }); break;
        case 7: expect_result(s, "head", [&] { return head(w); }, [&](const Tensor& h) {
            return h.shape() == std::vector<int64_t>{2, 8} && h.data<float>()[9] == wv[9];
          }); break;
        default: expect_result(s, "get_table", [&] { return get_table(); }, [&](const Tensor& tab) {
            return tab.size() == 8 && tab.data<double>()[7] == 7.0 && pick(four, t % 4) == v4[size_t(t % 4)];
          }); break;
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    CAPTURE(t);
    for (const std::string& p : seen[size_t(t)].problems) CHECK_MESSAGE(false, p);
    CHECK(seen[size_t(t)].errors == seen[size_t(t)].expected_errors);
    CHECK(seen[size_t(t)].errors >= iterations / 3); // 4 of the 9 kinds of call fail
    CHECK(seen[size_t(t)].errors + seen[size_t(t)].results == iterations);
  }
  // Nothing leaked into the next call, and the shared arrays are still whole.
  CHECK(safe_div(9, 3) == 3);
  CHECK(depth(999) == 999);
  CHECK(same_floats(layer(inputs[0], w, b), expected[0]));
  CHECK(w.data<float>()[5] == wv[5]);
}

TEST_CASE("concurrent first requests of many specializations compile each once") {
  for (int round = 0; round < 3; ++round) {
    CAPTURE(round);
    pyscript::Module m = pyscript::compile_string(kModel, "threads.py");
    std::vector<std::string> problems(kThreads);
    std::latch start(kThreads);
    std::vector<std::thread> threads;
    // One handle shared by all threads: its tensor specializations are first needed concurrently.
    auto scale = m.function<Tensor(Tensor, double)>("scale");
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        std::string& p = problems[size_t(t)];
        auto fail = [&](const std::string& what) {
          if (p.empty()) p = what;
        };
        start.arrive_and_wait();
        try {
          // 14 scalar specializations, each thread in another order, then 5 of tensors.
          for (int k = 0; k < 14; ++k) {
            switch ((k + t * 3) % 14) {
            case 0: if (m.function<int64_t(int64_t, int64_t)>("poly")(3, 4) != 13) fail("poly ii"); break;
            case 1: if (m.function<double(int64_t, double)>("poly")(3, 0.5) != 9.5) fail("poly if"); break;
            case 2: if (m.function<double(double, int64_t)>("poly")(0.5, 2) != 2.25) fail("poly fi"); break;
            case 3: if (m.function<double(double, double)>("poly")(1.5, 1.0) != 3.25) fail("poly ff"); break;
            case 4: if (m.function<int64_t(bool, int64_t)>("poly")(true, 2) != 3) fail("poly bi"); break;
            case 5: if (m.function<int64_t(int64_t, bool)>("poly")(2, true) != 5) fail("poly ib"); break;
            case 6: if (m.function<int64_t(bool, bool)>("poly")(true, true) != 2) fail("poly bb"); break;
            case 7: if (m.function<double(bool, double)>("poly")(false, 0.25) != 0.25) fail("poly bf"); break;
            case 8: if (m.function<double(double, bool)>("poly")(2.0, false) != 4.0) fail("poly fb"); break;
            case 9: if (m.function<int64_t(int64_t, int64_t)>("safe_div")(9, 2) != 4) fail("safe_div ii"); break;
            case 10: if (m.function<double(double, double)>("safe_div")(9.0, 2.0) != 4.0) fail("safe_div ff"); break;
            case 11: if (m.function<double(int64_t, double)>("safe_div")(9, 4.0) != 2.0) fail("safe_div if"); break;
            case 12:
              try {
                m.function<double(double, int64_t)>("safe_div")(1.5, 0);
                fail("no float ZeroDivisionError");
              } catch (const pyscript::RuntimeError& e) {
                if (e.what() != kFloatZeroDivision) fail(std::string("wrong error: ") + e.what());
              }
              break;
            default: if (m.function<int64_t(int64_t)>("depth")(50) != 50) fail("depth"); break;
            }
          }
          std::vector<float> f = {1, 2, 3, 4};
          std::vector<double> d = {1, 2, 3, 4};
          std::vector<int64_t> i = {1, 2, 3, 4};
          Tensor y[] = {scale(Tensor::from_data<float>({4}, f.data()), 2.0),
                        scale(Tensor::from_data<float>({2, 2}, f.data()), 2.0),
                        scale(Tensor::from_data<double>({4}, d.data()), 2.0),
                        scale(Tensor::from_data<double>({2, 2}, d.data()), 2.0),
                        scale(Tensor::from_data<int64_t>({2, 2}, i.data()), 2.0)};
          if (y[0].data<float>()[3] != 8.0f || y[1].data<float>()[3] != 8.0f) fail("scale f32");
          if (y[2].data<double>()[3] != 8.0 || y[3].data<double>()[3] != 8.0) fail("scale f64");
          if (y[4].data<double>()[3] != 8.0) fail("scale i64");
        } catch (const std::exception& e) {
          fail(std::string("exception: ") + e.what());
        }
      });
    }
    for (std::thread& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) CHECK_MESSAGE(problems[size_t(t)].empty(), problems[size_t(t)]);
    // Each specialization was compiled once, however many threads asked for it at once.
    std::string graph = m.graph();
    for (const char* name : {"@poly.int.int(", "@poly.bool.float(", "@safe_div.float.int(", "@depth.int(",
                             "@scale.Array[float32,2].float("}) {
      CAPTURE(name);
      size_t count = 0;
      for (size_t at = graph.find(name); at != std::string::npos; at = graph.find(name, at + 1)) ++count;
      CHECK(count == 1);
    }
  }
}

TEST_CASE("modules compiled and specialized on several threads at once are independent") {
  std::vector<std::string> problems(4);
  std::latch start(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      try {
        pyscript::Module m = pyscript::compile_string(kModel, "threads.py");
        m.run();
        if (m.function<int64_t(int64_t, int64_t)>("poly")(t, 1) != t * t + 1) problems[size_t(t)] = "poly";
        if (m.function<Tensor()>("get_table")().data<double>()[3] != 3.0) problems[size_t(t)] = "get_table";
      } catch (const std::exception& e) {
        problems[size_t(t)] = e.what();
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (const std::string& p : problems) CHECK_MESSAGE(p.empty(), p);
}
