#include "support/python_arith.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

namespace pyscript::arith {

std::optional<int64_t> add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> neg(int64_t a) {
  if (a == std::numeric_limits<int64_t>::min()) return std::nullopt;
  return -a;
}

std::optional<int64_t> floordiv(int64_t a, int64_t b) {
  if (b == 0) return std::nullopt;
  if (a == std::numeric_limits<int64_t>::min() && b == -1) return std::nullopt;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

std::optional<int64_t> mod(int64_t a, int64_t b) {
  if (b == 0) return std::nullopt;
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

std::optional<int64_t> pow(int64_t base, int64_t exponent) {
  if (exponent < 0) return std::nullopt;
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent & 1) {
      if (__builtin_mul_overflow(result, base, &result)) return std::nullopt;
    }
    exponent >>= 1;
    if (exponent > 0 && __builtin_mul_overflow(base, base, &base)) return std::nullopt;
  }
  return result;
}

std::optional<double> int_truediv(int64_t a, int64_t b) {
  if (b == 0) return std::nullopt;
  const int64_t exact = int64_t(1) << 53;
  if (a > -exact && a < exact && b > -exact && b < exact) return double(a) / double(b); // one rounding
  bool negative = (a < 0) != (b < 0);
  using u128 = unsigned __int128;
  u128 A = a < 0 ? u128(-(a + 1)) + 1 : u128(a);
  u128 B = b < 0 ? u128(-(b + 1)) + 1 : u128(b);
  if (A == 0) return negative ? -0.0 : 0.0;
  int bits_a = uint64_t(A >> 64) ? 128 - __builtin_clzll(uint64_t(A >> 64)) : 64 - __builtin_clzll(uint64_t(A));
  // Scale so the quotient has at least 63 significant bits, then fold the remainder into a
  // sticky bit: the conversion to double then rounds the exact value correctly.
  int shift = 126 - bits_a;
  u128 Q = (A << shift) / B;
  u128 R = (A << shift) % B;
  if (R != 0) Q |= 1;
  double q = std::ldexp(double(Q), -shift);
  return negative ? -q : q;
}

std::optional<double> truediv(double a, double b) {
  if (b == 0.0) return std::nullopt;
  return a / b;
}

// CPython's float floor division and modulo (Objects/floatobject.c: float_divmod), reimplemented.
static bool float_divmod(double vx, double wx, double& div, double& mod_out) {
  if (wx == 0.0) return false;
  double m = std::fmod(vx, wx);
  double d = (vx - m) / wx;
  if (m != 0.0) {
    if ((wx < 0) != (m < 0)) {
      m += wx;
      d -= 1.0;
    }
  } else {
    m = std::copysign(0.0, wx);
  }
  double floordiv_result;
  if (d != 0.0) {
    floordiv_result = std::floor(d);
    if (d - floordiv_result > 0.5) floordiv_result += 1.0;
  } else {
    floordiv_result = std::copysign(0.0, vx / wx);
  }
  div = floordiv_result;
  mod_out = m;
  return true;
}

std::optional<double> floordiv(double a, double b) {
  double d, m;
  if (!float_divmod(a, b, d, m)) return std::nullopt;
  return d;
}

std::optional<double> mod(double a, double b) {
  double d, m;
  if (!float_divmod(a, b, d, m)) return std::nullopt;
  return m;
}

std::optional<double> pow(double base, double exponent) {
  if (base == 0.0 && exponent < 0) return std::nullopt; // ZeroDivisionError
  if (base < 0 && std::isfinite(base) && std::isfinite(exponent) && exponent != std::floor(exponent))
    return std::nullopt; // CPython gives a complex number
  double r = std::pow(base, exponent);
  if (std::isinf(r) && std::isfinite(base) && std::isfinite(exponent)) return std::nullopt; // OverflowError
  return r;
}

std::optional<int64_t> to_int(double x) {
  if (!std::isfinite(x)) return std::nullopt;
  double t = std::trunc(x);
  if (t < -9223372036854775808.0 || t >= 9223372036854775808.0) return std::nullopt;
  return int64_t(t);
}

std::optional<int64_t> round_to_int(double x) {
  if (!std::isfinite(x)) return std::nullopt;
  double r = std::nearbyint(x); // the default rounding mode is half to even
  return to_int(r);
}

double round_digits(double x, int64_t ndigits) {
  if (!std::isfinite(x) || x == 0.0) return x;
  // CPython: beyond 323 digits every double is already exact; below -308 everything rounds to 0.
  if (ndigits > 323) return x;
  if (ndigits < -308) return std::copysign(0.0, x);
  // Correctly rounded through the exact decimal expansion (glibc's printf rounds exactly, half to
  // even), as CPython's double_round does with its dtoa.
  char buf[800];
  if (ndigits >= 0) {
    std::snprintf(buf, sizeof buf, "%.*f", int(ndigits), x);
    return std::strtod(buf, nullptr);
  }
  // A multiple of 10^k: round the exact decimal digits of |x| (every double's expansion is
  // finite: 1074 fractional digits at most) half to even at the k-th integer digit.
  char exact[1500];
  std::snprintf(exact, sizeof exact, "%.1074f", std::fabs(x));
  std::string digits(exact);
  size_t dot = digits.find('.');
  std::string integer = digits.substr(0, dot), fraction = digits.substr(dot + 1);
  size_t k = size_t(-ndigits);
  if (integer.size() < k) integer = std::string(k - integer.size(), '0') + integer;
  std::string head = integer.substr(0, integer.size() - k);
  std::string tail = integer.substr(integer.size() - k) + fraction;
  bool up = tail[0] > '5';
  if (tail[0] == '5') {
    bool above = tail.find_first_not_of('0', 1) != std::string::npos;
    int last = head.empty() ? 0 : head.back() - '0';
    up = above || last % 2 == 1;
  }
  if (up) {
    // Add one to the decimal string `head`.
    size_t i = head.size();
    while (i > 0 && head[i - 1] == '9') head[--i] = '0';
    if (i == 0) head.insert(head.begin(), '1');
    else ++head[i - 1];
  }
  if (head.empty()) head = "0";
  double r = std::strtod((head + std::string(k, '0')).c_str(), nullptr);
  return std::copysign(r, x);
}

std::optional<int64_t> range_length(int64_t start, int64_t stop, int64_t step) {
  if (step == 0) return std::nullopt;
  // In unsigned arithmetic so that no intermediate overflows.
  if (step > 0) {
    if (start >= stop) return 0;
    uint64_t span = uint64_t(stop) - uint64_t(start);
    return int64_t((span - 1) / uint64_t(step) + 1);
  }
  if (start <= stop) return 0;
  uint64_t span = uint64_t(start) - uint64_t(stop);
  uint64_t s = uint64_t(0) - uint64_t(step);
  return int64_t((span - 1) / s + 1);
}

std::optional<int64_t> floor_to_int(double x) { return to_int(std::floor(x)); }
std::optional<int64_t> ceil_to_int(double x) { return to_int(std::ceil(x)); }

std::optional<int64_t> gcd(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? uint64_t(0) - uint64_t(a) : uint64_t(a);
  uint64_t y = b < 0 ? uint64_t(0) - uint64_t(b) : uint64_t(b);
  while (y != 0) {
    uint64_t r = x % y;
    x = y;
    y = r;
  }
  if (x > uint64_t(INT64_MAX)) return std::nullopt; // gcd(-2**63, 0)
  return int64_t(x);
}

std::optional<int64_t> factorial(int64_t n) {
  if (n < 0) return std::nullopt;
  int64_t r = 1;
  for (int64_t k = 2; k <= n; ++k)
    if (__builtin_mul_overflow(r, k, &r)) return std::nullopt;
  return r;
}

std::optional<int64_t> pow_mod(int64_t a, int64_t b, int64_t m, bool* zero_modulus) {
  *zero_modulus = m == 0;
  if (m == 0) return std::nullopt;
  // |m| fits in 64 unsigned bits even for -2**63; the products are taken in 128 bits.
  uint64_t mod = m < 0 ? uint64_t(0) - uint64_t(m) : uint64_t(m);
  uint64_t base = a < 0 ? (mod - (uint64_t(0) - uint64_t(a)) % mod) % mod : uint64_t(a) % mod;
  uint64_t e = b < 0 ? uint64_t(0) - uint64_t(b) : uint64_t(b);
  if (b < 0) { // the inverse of base modulo mod (extended Euclid), or none
    __int128 r0 = __int128(mod), r1 = __int128(base), t0 = 0, t1 = 1;
    while (r1 != 0) {
      __int128 q = r0 / r1, r2 = r0 - q * r1, t2 = t0 - q * t1;
      r0 = r1;
      r1 = r2;
      t0 = t1;
      t1 = t2;
    }
    if (r0 != 1 && mod != 1) return std::nullopt;
    base = uint64_t(((t0 % __int128(mod)) + __int128(mod)) % __int128(mod));
  }
  uint64_t result = mod == 1 ? 0 : 1;
  for (; e; e >>= 1) {
    if (e & 1) result = uint64_t((unsigned __int128)result * base % mod);
    base = uint64_t((unsigned __int128)base * base % mod);
  }
  if (m < 0 && result != 0) return int64_t(result - mod); // in (m, 0]
  return int64_t(result);
}

std::optional<int64_t> isqrt(int64_t n) {
  if (n < 0) return std::nullopt;
  // The double's square root is within one of the answer for every 64-bit n; correct it exactly.
  uint64_t r = uint64_t(std::sqrt(double(n)));
  while (r > 0 && (r > 3037000499u || r * r > uint64_t(n))) --r;
  while (r + 1 <= 3037000499u && (r + 1) * (r + 1) <= uint64_t(n)) ++r;
  return int64_t(r);
}

int compare_int_float(int64_t a, double b) {
  if (std::isnan(b)) return 2;
  if (b >= 9223372036854775808.0) return -1;
  if (b < -9223372036854775808.0) return 1;
  double fa = double(a);
  if (fa < b) return -1;
  if (fa > b) return 1;
  // Equal as doubles: compare exactly through the integer part of b.
  int64_t ib = int64_t(b);
  if (a < ib) return -1;
  if (a > ib) return 1;
  double frac = b - double(ib);
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

} // namespace pyscript::arith
