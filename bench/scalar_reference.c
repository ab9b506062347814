/* bench/scalar.py written in C, compiled with gcc -O2 (bench/meson.build): the reference. */
#include <stdint.h>

int64_t c_fib(int64_t n) { return n < 2 ? n : c_fib(n - 1) + c_fib(n - 2); }

int64_t c_mandelbrot(int64_t size, int64_t max_iter) {
  int64_t inside = 0;
  for (int64_t py = 0; py < size; ++py) {
    double y0 = py * 2.0 / size - 1.0;
    for (int64_t px = 0; px < size; ++px) {
      double x0 = px * 3.0 / size - 2.0;
      double x = 0.0, y = 0.0;
      int64_t i = 0;
      while (i < max_iter && x * x + y * y <= 4.0) {
        double xt = x * x - y * y + x0;
        y = 2.0 * x * y + y0;
        x = xt;
        i = i + 1;
      }
      if (i == max_iter) inside = inside + 1;
    }
  }
  return inside;
}

int64_t c_fancy_func(int64_t a, int64_t b, int64_t c, int64_t d) { return (a + b) + (c + d); }
