// Python arithmetic that needs more than an instruction; the semantics live in
// support/python_arith.hpp, shared with the constant folder so both give the same answers.
#include "pyscript/runtime.h"
#include "support/python_arith.hpp"

#include <cmath>
#include <ctime>

using namespace pyscript;

extern "C" {

int64_t pyrt_int_pow(pyrt_context* ctx, int64_t base, int64_t exponent, const char* site) {
  if (exponent < 0) {
    pyrt_raise(ctx, PYRT_NEGATIVE_INT_POWER, site);
    return 0;
  }
  if (auto r = arith::pow(base, exponent)) return *r;
  pyrt_raise(ctx, PYRT_INT_OVERFLOW, site);
  return 0;
}

double pyrt_int_truediv(pyrt_context* ctx, int64_t a, int64_t b, const char* site) {
  if (auto r = arith::int_truediv(a, b)) return *r;
  pyrt_raise(ctx, PYRT_ZERO_DIVISION_TRUE, site);
  return 0;
}

double pyrt_float_pow(pyrt_context* ctx, double base, double exponent, const char* site) {
  if (auto r = arith::pow(base, exponent)) return *r;
  if (base == 0.0 && exponent < 0) pyrt_raise(ctx, PYRT_ZERO_POW_NEGATIVE, site);
  else if (base < 0 && exponent != std::floor(exponent)) pyrt_raise(ctx, PYRT_COMPLEX_POWER, site);
  else pyrt_raise(ctx, PYRT_FLOAT_OVERFLOW, site);
  return 0;
}

double pyrt_float_floordiv(pyrt_context* ctx, double a, double b, const char* site) {
  if (auto r = arith::floordiv(a, b)) return *r;
  pyrt_raise(ctx, PYRT_ZERO_DIVISION_FLOAT_FLOOR, site);
  return 0;
}

double pyrt_float_mod(pyrt_context* ctx, double a, double b, const char* site) {
  if (auto r = arith::mod(a, b)) return *r;
  pyrt_raise(ctx, PYRT_ZERO_DIVISION_FLOAT_MOD, site);
  return 0;
}

static int64_t to_int_or_raise(pyrt_context* ctx, std::optional<int64_t> r, double x, const char* site) {
  if (r) return *r;
  pyrt_raise(ctx, std::isnan(x) ? PYRT_FLOAT_TO_INT_NAN : std::isinf(x) ? PYRT_FLOAT_TO_INT_INF
                                                                         : PYRT_INT_OVERFLOW,
             site);
  return 0;
}

int64_t pyrt_float_to_int(pyrt_context* ctx, double x, const char* site) {
  return to_int_or_raise(ctx, arith::to_int(x), x, site);
}

int64_t pyrt_round(pyrt_context* ctx, double x, const char* site) {
  return to_int_or_raise(ctx, arith::round_to_int(x), x, site);
}

double pyrt_round_digits(double x, int64_t ndigits) { return arith::round_digits(x, ndigits); }

int64_t pyrt_floor(pyrt_context* ctx, double x, const char* site) {
  return to_int_or_raise(ctx, arith::floor_to_int(x), x, site);
}

int64_t pyrt_ceil(pyrt_context* ctx, double x, const char* site) {
  return to_int_or_raise(ctx, arith::ceil_to_int(x), x, site);
}

double pyrt_exp(pyrt_context* ctx, double x, const char* site) {
  double r = std::exp(x);
  if (std::isinf(r) && std::isfinite(x)) pyrt_raise(ctx, PYRT_FLOAT_OVERFLOW, site);
  return r;
}

double pyrt_log(pyrt_context* ctx, double x, const char* site) {
  if (!(x > 0)) {
    if (std::isnan(x)) return x;
    pyrt_raise(ctx, PYRT_MATH_DOMAIN, site);
    return 0;
  }
  return std::log(x);
}

double pyrt_log_base(pyrt_context* ctx, double x, double base, const char* site) {
  double num = pyrt_log(ctx, x, site);
  double den = pyrt_log(ctx, base, site);
  if (ctx->failed) return 0;
  if (den == 0.0) {
    pyrt_raise(ctx, PYRT_ZERO_DIVISION_FLOAT, site);
    return 0;
  }
  return num / den;
}

double pyrt_trig(pyrt_context* ctx, int32_t which, double x, const char* site) {
  if (std::isinf(x)) {
    pyrt_raise(ctx, PYRT_MATH_DOMAIN, site);
    return 0;
  }
  return which == 0 ? std::sin(x) : which == 1 ? std::cos(x) : std::tan(x);
}

int64_t pyrt_math_gcd(pyrt_context* ctx, int64_t a, int64_t b, const char* site) {
  if (auto r = arith::gcd(a, b)) return *r;
  pyrt_raise(ctx, PYRT_INT_OVERFLOW, site);
  return 0;
}

int64_t pyrt_math_factorial(pyrt_context* ctx, int64_t n, const char* site) {
  if (n < 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "factorial() not defined for negative values");
    return 0;
  }
  if (auto r = arith::factorial(n)) return *r;
  pyrt_raise(ctx, PYRT_INT_OVERFLOW, site);
  return 0;
}

int64_t pyrt_math_isqrt(pyrt_context* ctx, int64_t n, const char* site) {
  if (auto r = arith::isqrt(n)) return *r;
  pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "isqrt() argument must be nonnegative");
  return 0;
}

int64_t pyrt_math_powmod(pyrt_context* ctx, int64_t a, int64_t b, int64_t m, const char* site) {
  bool zero = false;
  if (auto r = arith::pow_mod(a, b, m, &zero)) return *r;
  pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                    zero ? "pow() 3rd argument cannot be 0" : "base is not invertible for the given modulus");
  return 0;
}

int64_t pyrt_range_length(pyrt_context* ctx, int64_t start, int64_t stop, int64_t step,
                          const char* site) {
  if (auto r = arith::range_length(start, stop, step)) return *r;
  pyrt_raise(ctx, PYRT_RANGE_STEP_ZERO, site);
  return 0;
}

int32_t pyrt_compare_int_float(int64_t a, double b) { return arith::compare_int_float(a, b); }

double pyrt_perf_counter(void) {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // extern "C"
