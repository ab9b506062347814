#include "support/float_repr.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pyscript {

size_t format_float_repr(double x, char* buf) {
  if (std::isnan(x)) return size_t(std::snprintf(buf, 32, "nan"));
  if (std::isinf(x)) return size_t(std::snprintf(buf, 32, x > 0 ? "inf" : "-inf"));
  if (x == 0) return size_t(std::snprintf(buf, 32, std::signbit(x) ? "-0.0" : "0.0"));

  // The shortest digits that read back as x, the closest to x among those (Python's repr). Not
  // always the correctly rounded digits of some precision: next to a power of two the interval
  // that reads back as x is lopsided, and 2.0 ** -24 is 5.960464477539063e-08, whose correctly
  // rounded 16 digits (...062e-08) read back as another double. std::to_chars gives exactly these.
  char sci[40];
  auto [end, ec] = std::to_chars(sci, sci + sizeof sci - 1, x, std::chars_format::scientific);
  *end = '\0';
  // sci is "-d.ddde+XX": split into sign, digits and exponent.
  const char* p = sci;
  bool negative = *p == '-';
  if (negative) ++p;
  char digits[24];
  size_t n = 0;
  for (; *p && *p != 'e'; ++p)
    if (*p != '.') digits[n++] = *p;
  while (n > 1 && digits[n - 1] == '0') --n; // %.*e may pad with zeros
  int exponent = std::atoi(p + 1);
  int decpt = exponent + 1; // x = 0.d1d2... * 10^decpt

  char* out = buf;
  if (negative) *out++ = '-';
  if (decpt > -4 && decpt <= 16) {
    // Fixed notation.
    if (decpt <= 0) {
      *out++ = '0';
      *out++ = '.';
      for (int i = 0; i < -decpt; ++i) *out++ = '0';
      for (size_t i = 0; i < n; ++i) *out++ = digits[i];
    } else {
      for (int i = 0; i < decpt; ++i) *out++ = size_t(i) < n ? digits[i] : '0';
      *out++ = '.';
      if (size_t(decpt) < n) {
        for (size_t i = size_t(decpt); i < n; ++i) *out++ = digits[i];
      } else {
        *out++ = '0';
      }
    }
  } else {
    *out++ = digits[0];
    if (n > 1) {
      *out++ = '.';
      for (size_t i = 1; i < n; ++i) *out++ = digits[i];
    }
    out += std::snprintf(out, 8, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
  }
  *out = '\0';
  return size_t(out - buf);
}

std::string float_repr(double x) {
  char buf[40];
  size_t n = format_float_repr(x, buf);
  return std::string(buf, n);
}

} // namespace pyscript
