// np.random from 8 threads at once (Note [Random state] in runtime/random_api.cpp): the module's
// legacy RandomState and a Generator stored in a module global are each one stream, which the
// threads' draws split between them without losing or repeating a value; each module instance has
// its own state. scripts/test runs this under ThreadSanitizer too (the 'threads' suite).
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <latch>
#include <thread>
#include <vector>

namespace {

using pyscript::Tensor;

const char* kRandomModel = R"(import numpy as np

np.random.seed(12345)
rng = np.random.default_rng(99)


def legacy_draw():
    return np.random.randint(0, 4611686018427387904)


def generator_draw():
    return int(rng.integers(0, 4611686018427387904))


def legacy_block():
    return np.random.randint(0, 4611686018427387904, 16)


def fresh(seed):
    g = np.random.default_rng(seed)
    return g.random()
)";

constexpr int kThreads = 8;
constexpr int kDraws = 5000;

// Every value that `draw` gives when kThreads threads call it kDraws times each, sorted.
template <class Draw> std::vector<int64_t> drawn_by_threads(Draw draw) {
  std::vector<std::vector<int64_t>> seen(kThreads);
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      for (int i = 0; i < kDraws; ++i)
        draw(seen[size_t(t)]);
    });
  }
  for (std::thread& th : threads)
    th.join();
  std::vector<int64_t> all;
  for (const auto& s : seen)
    all.insert(all.end(), s.begin(), s.end());
  std::sort(all.begin(), all.end());
  return all;
}

} // namespace

TEST_CASE("np.random from 8 threads: one stream per state, split between the threads") {
  pyscript::Module m = pyscript::compile_string(kRandomModel, "random_threads.py");
  m.run();
  auto legacy = m.function<int64_t()>("legacy_draw");
  auto generator = m.function<int64_t()>("generator_draw");
  auto block = m.function<Tensor()>("legacy_block");
  auto fresh = m.function<double(int64_t)>("fresh");

  // The same draws on one thread, from a second instance of the module: its own states.
  pyscript::Module reference = pyscript::compile_string(kRandomModel, "random_threads.py");
  reference.run();
  auto ref_legacy = reference.function<int64_t()>("legacy_draw");
  auto ref_generator = reference.function<int64_t()>("generator_draw");
  auto ref_block = reference.function<Tensor()>("legacy_block");
  std::vector<int64_t> want_legacy, want_generator;
  for (int i = 0; i < kThreads * kDraws; ++i) {
    want_legacy.push_back(ref_legacy());
    want_generator.push_back(ref_generator());
  }
  for (int i = 0; i < kThreads * kDraws; ++i) {
    Tensor t = ref_block();
    want_legacy.insert(want_legacy.end(), t.data<int64_t>(), t.data<int64_t>() + 16);
  }
  std::sort(want_legacy.begin(), want_legacy.end());
  std::sort(want_generator.begin(), want_generator.end());

  // Scalar draws, arrays of 16 and fresh Generators, all at once on 8 threads.
  std::vector<int64_t> got_legacy = drawn_by_threads([&](std::vector<int64_t>& out) {
    out.push_back(legacy());
    Tensor t = block();
    out.insert(out.end(), t.data<int64_t>(), t.data<int64_t>() + 16);
  });
  std::vector<int64_t> got_generator = drawn_by_threads([&](std::vector<int64_t>& out) {
    out.push_back(generator());
    if (fresh(int64_t(out.size())) != fresh(int64_t(out.size()))) out.push_back(-1);
  });
  CHECK(got_legacy.size() == want_legacy.size());
  CHECK(got_legacy == want_legacy);
  CHECK(got_generator == want_generator);
}
