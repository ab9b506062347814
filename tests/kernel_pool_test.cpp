// The kernel pool (Note [The kernel pool] in runtime/parallel.cpp), run with PYSCRIPT_NUM_THREADS=4:
// pieces cover the range once, start at multiples of the alignment and hold at least the grain;
// a call from inside a piece, or from a host thread while another holds the pool, runs inline;
// many host threads at once.
#include "runtime/parallel.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using pyscript::runtime::kernel_threads;
using pyscript::runtime::parallel_for;

namespace {

struct Pieces {
  std::mutex m;
  std::vector<std::pair<int64_t, int64_t>> list;
};

// Runs parallel_for over n and checks every element is visited once; returns the pieces.
std::vector<std::pair<int64_t, int64_t>> cover(int64_t n, int64_t grain, int64_t align) {
  auto hits = std::make_unique<std::atomic<int>[]>(size_t(n));
  for (int64_t i = 0; i < n; ++i) hits[size_t(i)] = 0;
  Pieces pieces;
  parallel_for(n, grain, align, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) hits[size_t(i)].fetch_add(1);
    std::lock_guard<std::mutex> lock(pieces.m);
    pieces.list.emplace_back(begin, end);
  });
  for (int64_t i = 0; i < n; ++i) REQUIRE(hits[size_t(i)].load() == 1);
  return pieces.list;
}

} // namespace

TEST_CASE("the pool has the threads PYSCRIPT_NUM_THREADS asks for") {
  const char* env = std::getenv("PYSCRIPT_NUM_THREADS");
  REQUIRE(env != nullptr);
  CHECK(kernel_threads() == std::atoi(env));
}

TEST_CASE("pieces cover the range once, aligned and at least the grain") {
  for (int64_t n : {int64_t(1), int64_t(1000), int64_t(65536), int64_t(1000003), int64_t(4194304)}) {
    for (int64_t align : {int64_t(1), int64_t(64), int64_t(1024)}) {
      int64_t grain = 4096;
      auto pieces = cover(n, grain, align);
      if (n < 2 * grain) CHECK(pieces.size() == 1);
      if (kernel_threads() > 1 && n >= 4 * grain * kernel_threads()) CHECK(pieces.size() > 1);
      for (auto [begin, end] : pieces) {
        CHECK(begin % align == 0);
        CHECK(end > begin);
        if (end != n) CHECK(end - begin >= grain);
      }
    }
  }
}

TEST_CASE("a kernel started inside a piece runs inline") {
  std::atomic<int> inner_pieces{0}, outer_pieces{0};
  parallel_for(1 << 20, 1 << 14, 1024, [&](int64_t, int64_t) {
    outer_pieces.fetch_add(1);
    int here = 0;
    parallel_for(1 << 20, 1 << 14, 1024, [&](int64_t begin, int64_t end) {
      ++here;
      CHECK(begin == 0);
      CHECK(end == 1 << 20);
    });
    inner_pieces.fetch_add(here);
  });
  CHECK(inner_pieces.load() == outer_pieces.load());
}

TEST_CASE("host threads share the pool, each kernel covered once") {
  std::vector<std::thread> hosts;
  std::atomic<int> failures{0};
  for (int t = 0; t < 6; ++t) {
    hosts.emplace_back([&, t] {
      for (int round = 0; round < 200; ++round) {
        int64_t n = 50000 + 977 * t + round;
        std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
        parallel_for(n, 2048, 1024, [&](int64_t begin, int64_t end) {
          for (int64_t i = begin; i < end; ++i) hits[size_t(i)].fetch_add(1, std::memory_order_relaxed);
        });
        for (auto& h : hits)
          if (h.load() != 1) failures.fetch_add(1);
      }
    });
  }
  for (auto& h : hosts) h.join();
  CHECK(failures.load() == 0);
}
