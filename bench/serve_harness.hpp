// The serving loop of bench/serve.cpp, shared by its pyscript and PyTorch parts: N threads call
// one model as fast as they can for a while; forwards per second over all threads, and the
// latency of single calls (p50, p99).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <latch>
#include <thread>
#include <vector>

namespace serve {

struct Result {
  double per_second = 0; // forwards per second, all threads together
  double p50_us = 0, p99_us = 0;
  int64_t calls = 0;
};

// make_call(thread) runs on that thread and returns the callable it times (one forward); so
// per-thread setup (inputs, a framework's thread settings) happens on the thread itself.
inline Result run(int threads, double seconds, const std::function<std::function<void()>(int)>& make_call) {
  using clock = std::chrono::steady_clock;
  std::vector<std::vector<float>> latencies(static_cast<size_t>(threads));
  std::vector<double> busy(static_cast<size_t>(threads), 0.0);
  std::atomic<bool> stop{false};
  std::latch ready(threads + 1);
  std::latch go(1);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      std::function<void()> call = make_call(t);
      for (int i = 0; i < 200; ++i) call(); // warm: caches, allocator arenas
      std::vector<float>& lat = latencies[size_t(t)];
      lat.reserve(1 << 20);
      ready.count_down();
      go.wait();
      auto start = clock::now(), t0 = start;
      while (!stop.load(std::memory_order_relaxed)) {
        call();
        auto t1 = clock::now();
        lat.push_back(float(std::chrono::duration<double, std::micro>(t1 - t0).count()));
        t0 = t1;
      }
      busy[size_t(t)] = std::chrono::duration<double>(t0 - start).count();
    });
  }
  ready.arrive_and_wait();
  go.count_down();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop.store(true);
  for (std::thread& th : pool) th.join();

  Result r;
  std::vector<float> all;
  for (int t = 0; t < threads; ++t) {
    const std::vector<float>& lat = latencies[size_t(t)];
    r.calls += int64_t(lat.size());
    if (busy[size_t(t)] > 0) r.per_second += double(lat.size()) / busy[size_t(t)];
    all.insert(all.end(), lat.begin(), lat.end());
  }
  if (all.empty()) return r;
  auto at = [&](double q) {
    size_t k = std::min(all.size() - 1, size_t(q * double(all.size())));
    std::nth_element(all.begin(), all.begin() + std::ptrdiff_t(k), all.end());
    return double(all[k]);
  };
  r.p50_us = at(0.50);
  r.p99_us = at(0.99);
  return r;
}

} // namespace serve
