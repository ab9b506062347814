// Handles taking and returning lists and str, called from 8 threads at once: each call builds its
// own list (Note [Host containers] in api/containers.cpp), so results are each thread's own and no
// thread sees another's mutations. scripts/test runs this under ThreadSanitizer too.
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <latch>
#include <string>
#include <thread>
#include <vector>

namespace {

const char* kModel = R"(def scaled(xs, k):
    out = []
    for x in xs:
        out.append(x * k)
    return out


def grow(xs, x):
    xs.append(x)
    xs[0] = xs[0] + 1
    return xs


def tagged(ws, tag):
    return [w + tag for w in ws]


def first_of(xs, i):
    return xs[i][0]
)";

constexpr int kThreads = 8;

} // namespace

TEST_CASE("8 threads call list-taking handles at once") {
  pyscript::Module m = pyscript::compile_string(kModel, "lists_threads.py");
  auto scaled = m.function<std::vector<double>(std::vector<double>, double)>("scaled");
  auto grow = m.function<std::vector<int64_t>(std::vector<int64_t>, int64_t)>("grow");
  auto tagged =
      m.function<std::vector<std::string>(std::vector<std::string>, std::string)>("tagged");
  auto first_of = m.function<double(std::vector<std::vector<double>>, int64_t)>("first_of");
  // Shared by every thread, read only: each call copies it into its own list.
  const std::vector<int64_t> shared{10, 20, 30};
  const std::vector<std::vector<double>> rows{{1.5}, {2.5, 0.0}};
  std::vector<std::string> problems(kThreads);
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::string& p = problems[size_t(t)];
      auto fail = [&](const std::string& what) {
        if (p.empty()) p = what;
      };
      std::vector<double> xs;
      for (int i = 0; i < 50 + t; ++i)
        xs.push_back(double(i * (t + 1)) * 0.5);
      std::vector<std::string> ws{"t" + std::to_string(t), "w", "\xc3\xa9"};
      start.arrive_and_wait();
      try {
        for (int i = 0; i < 300; ++i) {
          std::vector<double> ys = scaled(xs, double(i));
          if (ys.size() != xs.size()) fail("scaled: size");
          for (size_t k = 0; k < xs.size(); ++k)
            if (ys[k] != xs[k] * double(i)) fail("scaled: value");
          std::vector<int64_t> g = grow(shared, t * 1000 + i);
          if (g != std::vector<int64_t>{11, 20, 30, t * 1000 + i}) fail("grow");
          std::string tag = std::to_string(i);
          if (tagged(ws, tag) != std::vector<std::string>{ws[0] + tag, "w" + tag, "\xc3\xa9" + tag})
            fail("tagged");
          if (first_of(rows, i % 2) != rows[size_t(i % 2)][0]) fail("first_of");
          if (i % 50 == 0) {
            try {
              first_of(rows, 2);
              fail("no IndexError");
            } catch (const pyscript::RuntimeError& e) {
              if (e.error() != "IndexError: list index out of range")
                fail(std::string("error: ") + e.what());
            }
          }
        }
      } catch (const std::exception& e) {
        fail(std::string("exception: ") + e.what());
      }
    });
  }
  for (std::thread& th : threads)
    th.join();
  for (int t = 0; t < kThreads; ++t)
    CHECK_MESSAGE(problems[size_t(t)].empty(), problems[size_t(t)]);
  CHECK(shared == std::vector<int64_t>{10, 20, 30});
}
