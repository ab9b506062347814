// Deployment costs for the seed MLP: loading the artifact (parse + verify + JIT), and a forward
// through the JIT-loaded artifact against the same forward in an ahead-of-time object.
// Usage: deploy_bench mlp.pys     (the AOT object is linked in: bench/meson.build)
#include "mlp_aot.h"

#include <pyscript/pyscript.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

pyscript::Tensor weights(int64_t rows, int64_t cols, double phase) {
  std::vector<float> w(size_t(rows * cols));
  for (int64_t i = 0; i < rows * cols; ++i) w[size_t(i)] = float(std::sin(double(i) * 0.37 + phase)) * 0.05f;
  return pyscript::Tensor::from_data<float>({rows, cols}, w.data());
}

template <class F> double best_us(int runs, F f) {
  double best = 1e30;
  for (int r = 0; r < 5; ++r) {
    auto t0 = Clock::now();
    for (int i = 0; i < runs; ++i) f();
    best = std::min(best, std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / runs);
  }
  return best;
}

} // namespace

int main(int argc, char** argv) {
  using T = pyscript::Tensor;
  auto t0 = Clock::now();
  pyscript::Module m = pyscript::load(argc > 1 ? argv[1] : "mlp.pys");
  auto mlp = m.function<T(T, T, T, T, T, T, T)>("mlp");
  double load_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();

  T w1 = weights(512, 256, 0.1), w2 = weights(256, 128, 0.2), w3 = weights(128, 2, 0.3);
  std::vector<float> zeros(256, 0.0f), b2v(128, 0.01f), xv(512);
  for (size_t i = 0; i < xv.size(); ++i) xv[i] = float(std::cos(double(i) * 0.11));
  T b1 = T::from_data<float>({256}, zeros.data()), b2 = T::from_data<float>({128}, b2v.data()),
    b3 = T::from_data<float>({2}, zeros.data()), x = T::from_data<float>({1, 512}, xv.data());
  double jit_us = best_us(1000, [&] { mlp(x, w1, b1, w2, b2, w3, b3); });
  pyrt_context ctx{};
  double aot_us = best_us(1000, [&] {
    pyrt_array* y = ::mlp(&ctx, x.raw(), w1.raw(), b1.raw(), w2.raw(), b2.raw(), w3.raw(), b3.raw());
    pyrt_array_release(y);
  });
  std::printf("load artifact + JIT + handle: %.2f ms\n", load_ms);
  std::printf("mlp batch 1: JIT-loaded artifact %.2f us, AOT object %.2f us (%.2fx)\n", jit_us, aot_us, jit_us / aot_us);
  return 0;
}
