// np.round(a, decimals) / np.around / a.round(n): numpy's PyArray_Round, step for step.
#include "runtime/array_internal.hpp"

#include <climits>
#include <cmath>

using namespace pyscript::runtime;

// Note [numpy's rounding]
// numpy does not round decimal digits exactly: it scales, rounds half to even, and scales back,
// each step a ufunc in the array's dtype (multiply(a, f), rint, true_divide(., f); for decimals < 0
// true_divide, rint, multiply), where f is power_of_ten(|decimals|) -- a table up to 1e8, then
// 1e9 multiplied by 10 in a loop (so f differs from 10.0**23 for some exponents). A float32 array
// meets f as a Python float does (weak promotion): f rounded to float32, each step in float32.
// int64 arrays: decimals >= 0 returns the array; decimals < 0 computes in float64 and converts
// back (truncating). decimals must fit a C int (else OverflowError, as numpy converts it).
namespace {

double power_of_ten(int64_t n) {
  static const double table[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
  if (n < 9) return table[n];
  double r = 1e9;
  while (n-- > 9 && !std::isinf(r))
    r *= 10.0;
  return r;
}

template <class T> T round_value(T x, T f, bool scale_up) {
  if (scale_up) return std::rint(x * f) / f;
  return std::rint(x / f) * f;
}

} // namespace

extern "C" {

pyrt_array* pyrt_array_round(pyrt_context* ctx, pyrt_array* a, int64_t decimals, const char* site) {
  if (decimals > INT_MAX || decimals < -INT_MAX) {
    pyrt_raise_detail(ctx, PYRT_OVERFLOW_ERROR, site, "Python int too large to convert to C int");
    return nullptr;
  }
  if (a->dtype == PYRT_I64 && decimals >= 0) {
    pyrt_array_retain(a);
    return a;
  }
  pyrt_array* out = new_array(ctx, site, a->dtype, a->ndim, a->shape);
  if (!out) return nullptr;
  bool up = decimals >= 0;
  double f = power_of_ten(up ? decimals : -decimals);
  int64_t k = 0;
  switch (a->dtype) {
  case PYRT_F32: {
    auto* dst = static_cast<float*>(out->data);
    auto* src = static_cast<const float*>(a->data);
    float f32 = float(f);
    for_each_offset(a, [&](int64_t off) {
      dst[k++] = decimals == 0 ? std::rint(src[off]) : round_value(src[off], f32, up);
    });
    break;
  }
  case PYRT_F64: {
    auto* dst = static_cast<double*>(out->data);
    auto* src = static_cast<const double*>(a->data);
    for_each_offset(a, [&](int64_t off) {
      dst[k++] = decimals == 0 ? std::rint(src[off]) : round_value(src[off], f, up);
    });
    break;
  }
  default: { // int64, decimals < 0: through float64, converted back as numpy's astype does
    auto* dst = static_cast<int64_t*>(out->data);
    for_each_offset(a, [&](int64_t off) {
      double v = round_value(double(load_i64(a, off)), f, false);
      dst[k++] = v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? int64_t(v) : INT64_MIN;
    });
  }
  }
  return out;
}

} // extern "C"
