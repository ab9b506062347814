// pyscript (typed handles into JIT-compiled bench/scalar.py) against the same code in C at -O2.
// Prints one line per measurement: NAME SECONDS. bench/run_scalar.py adds CPython and ratios.
#include <pyscript/pyscript.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>

extern "C" int64_t c_fib(int64_t n);
extern "C" int64_t c_mandelbrot(int64_t size, int64_t max_iter);
extern "C" int64_t c_fancy_func(int64_t a, int64_t b, int64_t c, int64_t d);

namespace {

double best_of(int runs, const std::function<int64_t()>& fn, int64_t& result) {
  double best = 1e30;
  for (int r = 0; r < runs; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    result = fn();
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s < best) best = s;
  }
  return best;
}

} // namespace

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "bench/scalar.py";
  auto t0 = std::chrono::steady_clock::now();
  pyscript::Module m = pyscript::compile_file(path);
  auto fib = m.function<int64_t(int64_t)>("fib");
  auto mandel = m.function<int64_t(int64_t, int64_t)>("mandelbrot");
  auto fancy = m.function<int64_t(int64_t, int64_t, int64_t, int64_t)>("fancy_func");
  double compile_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("compile_and_specialize %.6f\n", compile_s);

  int64_t r1 = 0, r2 = 0;
  std::printf("fib27_pyscript %.6f\n", best_of(5, [&] { return fib(27); }, r1));
  std::printf("fib27_c %.6f\n", best_of(5, [&] { return c_fib(27); }, r2));
  if (r1 != r2) std::printf("MISMATCH fib %lld %lld\n", (long long)r1, (long long)r2);

  std::printf("mandelbrot_pyscript %.6f\n", best_of(5, [&] { return mandel(200, 200); }, r1));
  std::printf("mandelbrot_c %.6f\n", best_of(5, [&] { return c_mandelbrot(200, 200); }, r2));
  if (r1 != r2) std::printf("MISMATCH mandelbrot %lld %lld\n", (long long)r1, (long long)r2);

  constexpr int64_t kCalls = 10'000'000;
  auto calls = [&] {
    int64_t sum = 0;
    for (int64_t i = 0; i < kCalls; ++i) sum += fancy(i, 1, 2, 3);
    return sum;
  };
  auto c_calls = [&] {
    int64_t sum = 0;
    // Through a volatile pointer, so the C baseline is a real call too.
    int64_t (*volatile fn)(int64_t, int64_t, int64_t, int64_t) = c_fancy_func;
    for (int64_t i = 0; i < kCalls; ++i) sum += fn(i, 1, 2, 3);
    return sum;
  };
  std::printf("call_1e7_pyscript %.6f\n", best_of(3, calls, r1));
  std::printf("call_1e7_c %.6f\n", best_of(3, c_calls, r2));
  if (r1 != r2) std::printf("MISMATCH calls\n");
  return 0;
}
