// Conversions between str and other values: ord, chr, int(s), float(s), str(number), repr(s), and
// printing a str (include/pyscript/runtime_str.def).
#include "runtime/str_internal.hpp"
#include "support/float_repr.hpp"

#include <cinttypes>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <locale.h>
#include <string>

namespace pyscript::runtime {

namespace {

// Records `kind` with detail prefix + repr(s), the repr cut to max_chars code points (CPython's
// "%.200R") and to what the context's detail buffer holds, at a code point boundary.
void raise_with_repr(pyrt_context* ctx, int32_t kind, const char* site, const char* prefix,
                     const pyrt_str* s, int64_t max_chars) {
  std::string repr;
  append_str_repr(repr, s->data, s->size);
  size_t room = sizeof ctx->detail_buffer - 1 - std::strlen(prefix), end = 0;
  for (int64_t chars = 0; end < repr.size() && chars < max_chars; ++chars) {
    size_t n = size_t(utf8_sequence_length(static_cast<unsigned char>(repr[end])));
    if (end + n > room) break;
    end += n;
  }
  repr.resize(end);
  pyrt_raise_detail(ctx, kind, site, "%s%s", prefix, repr.c_str());
}

// The text int() and float() parse: Unicode whitespace becomes ' ' and decimal digits of any
// script ASCII digits (as CPython does first); other non-ASCII characters become '\x01', which no
// number contains. Leading and trailing whitespace removed.
std::string numeric_text(const pyrt_str* s) {
  std::string text;
  text.reserve(size_t(s->size));
  for (int64_t i = 0; i < s->size;) {
    uint32_t c = utf8_decode(s->data, &i);
    int digit = unicode_decimal_value(c);
    if (digit >= 0)
      text += char('0' + digit);
    else if (unicode_is_space(c))
      text += ' ';
    else
      text += c < 0x80 ? char(c) : '\x01';
  }
  size_t begin = text.find_first_not_of(' ');
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(' ') + 1 - begin);
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Digits with single underscores between them, from text[*pos], appended to out without the
// underscores; false when there is no digit or an underscore is not between two digits.
bool digit_part(const std::string& text, size_t* pos, std::string& out) {
  size_t i = *pos;
  if (i >= text.size() || !is_digit(text[i])) return false;
  while (i < text.size()) {
    if (is_digit(text[i])) {
      out += text[i++];
    } else if (text[i] == '_' && i + 1 < text.size() && is_digit(text[i + 1])) {
      ++i;
    } else {
      break;
    }
  }
  *pos = i;
  return true;
}

bool equals_ignoring_case(const std::string& text, size_t pos, const char* word) {
  if (text.size() - pos != std::strlen(word)) return false;
  for (size_t k = 0; word[k]; ++k)
    if ((text[pos + k] | 0x20) != word[k]) return false;
  return true;
}

// float(s)'s grammar: [sign] (inf | infinity | nan | digits [. [digits]] | . digits) [e [sign]
// digits], digits with single underscores between them. The text without underscores, or false.
bool float_literal(const std::string& text, std::string& out) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) out += text[i++];
  if (equals_ignoring_case(text, i, "inf") || equals_ignoring_case(text, i, "infinity") ||
      equals_ignoring_case(text, i, "nan")) {
    out.append(text, i, std::string::npos);
    return true;
  }
  bool whole = digit_part(text, &i, out);
  bool fraction = false;
  if (i < text.size() && text[i] == '.') {
    out += text[i++];
    fraction = digit_part(text, &i, out);
  }
  if (!whole && !fraction) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    out += text[i++];
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) out += text[i++];
    if (!digit_part(text, &i, out)) return false;
  }
  return i == text.size();
}

locale_t c_locale() {
  static locale_t c = newlocale(LC_ALL_MASK, "C", locale_t(nullptr));
  return c;
}

constexpr int64_t kMaxIntDigits = 4300; // CPython's sys.get_int_max_str_digits()

} // namespace

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

int64_t pyrt_str_ord(pyrt_context* ctx, pyrt_str* s, const char* site) {
  if (s->length != 1) {
    pyrt_raise_detail(ctx, PYRT_TYPE_ERROR, site,
                      "ord() expected a character, but string of length %" PRId64 " found",
                      s->length);
    return -1;
  }
  int64_t i = 0;
  return utf8_decode(s->data, &i);
}

pyrt_str* pyrt_str_chr(pyrt_context* ctx, int64_t code, const char* site) {
  if (code < 0 || code >= 0x110000) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "chr() arg not in range(0x110000)");
    return nullptr;
  }
  char buf[4];
  int n = utf8_encode(uint32_t(code), buf);
  pyrt_str* r = str_copy(buf, n, 1);
  if (!r) pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return r;
}

int64_t pyrt_str_to_int(pyrt_context* ctx, pyrt_str* s, const char* site) {
  std::string text = numeric_text(s), digits;
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  bool valid = digit_part(text, &i, digits);
  if (int64_t(digits.size()) > kMaxIntDigits) {
    pyrt_raise_detail(
        ctx, PYRT_VALUE_ERROR, site,
        "Exceeds the limit (4300 digits) for integer string conversion: value has %zu digits; "
        "use sys.set_int_max_str_digits() to increase the limit",
        digits.size());
    return 0;
  }
  if (!valid || i != text.size()) {
    raise_with_repr(ctx, PYRT_VALUE_ERROR, site, "invalid literal for int() with base 10: ", s,
                    200);
    return 0;
  }
  uint64_t magnitude = 0, limit = negative ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX);
  for (char d : digits) {
    uint64_t digit = uint64_t(d - '0');
    if (magnitude > (limit - digit) / 10) {
      pyrt_raise_detail(
          ctx, PYRT_OVERFLOW_ERROR, site,
          "int() of a string: the value does not fit in 64 bits (pyscript's int is 64-bit; "
          "CPython's is unbounded)");
      return 0;
    }
    magnitude = magnitude * 10 + digit;
  }
  return negative ? int64_t(0 - magnitude) : int64_t(magnitude);
}

int64_t pyrt_str_to_int_base(pyrt_context* ctx, pyrt_str* s, int64_t base, const char* site) {
  if (base != 0 && (base < 2 || base > 36)) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "int() base must be >= 2 and <= 36, or 0");
    return 0;
  }
  std::string text = numeric_text(s);
  size_t i = 0;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  // A prefix 0x / 0o / 0b names the base (base 0) or may repeat it; an underscore may follow it.
  int64_t b = base;
  bool prefixed = false;
  if (i + 1 < text.size() && text[i] == '0') {
    char p = char(text[i + 1] | 0x20);
    int64_t named = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (named && (base == 0 || base == named)) {
      b = named;
      i += 2;
      prefixed = true;
      if (i < text.size() && text[i] == '_') ++i;
    }
  }
  if (b == 0) b = 10;
  uint64_t magnitude = 0, limit = negative ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX);
  bool valid = i < text.size(), overflow = false, nonzero = false;
  char first = i < text.size() ? text[i] : 0;
  size_t digits = 0;
  for (; valid && i < text.size(); ++i) {
    char c = text[i];
    if (c == '_' && digits && i + 1 < text.size() && text[i + 1] != '_') continue;
    int64_t d = is_digit(c) ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? (c | 0x20) - 'a' + 10 : 99;
    if (d >= b) {
      valid = false;
      break;
    }
    ++digits;
    nonzero = nonzero || d;
    if (magnitude > (limit - uint64_t(d)) / uint64_t(b)) overflow = true;
    else magnitude = magnitude * uint64_t(b) + uint64_t(d);
  }
  // Base 0 reads a decimal literal as Python source does: no leading zeros but for zero itself.
  if (base == 0 && !prefixed && first == '0' && nonzero) valid = false;
  if (!valid || !digits) {
    char prefix[64];
    std::snprintf(prefix, sizeof prefix, "invalid literal for int() with base %d: ", int(base));
    raise_with_repr(ctx, PYRT_VALUE_ERROR, site, prefix, s, 200);
    return 0;
  }
  if (overflow) {
    pyrt_raise_detail(ctx, PYRT_OVERFLOW_ERROR, site,
                      "int() of a string: the value does not fit in 64 bits (pyscript's int is 64-bit; "
                      "CPython's is unbounded)");
    return 0;
  }
  return negative ? int64_t(0 - magnitude) : int64_t(magnitude);
}

double pyrt_str_to_float(pyrt_context* ctx, pyrt_str* s, const char* site) {
  std::string literal;
  if (!float_literal(numeric_text(s), literal)) {
    raise_with_repr(ctx, PYRT_VALUE_ERROR, site, "could not convert string to float: ", s,
                    INT64_MAX);
    return -1.0;
  }
  // strtod reads inf, infinity and nan in any case; the C locale's '.' whatever the host's locale.
  return strtod_l(literal.c_str(), nullptr, c_locale());
}

pyrt_str* pyrt_str_from_int(int64_t v) {
  char buf[24];
  int n = std::snprintf(buf, sizeof buf, "%" PRId64, v);
  return str_copy(buf, n, n);
}

pyrt_str* pyrt_str_from_float(double v) {
  char buf[40];
  size_t n = pyscript::format_float_repr(v, buf);
  return str_copy(buf, int64_t(n), int64_t(n));
}

pyrt_str* pyrt_str_from_bool(int32_t v) {
  return v ? str_copy("True", 4, 4) : str_copy("False", 5, 5);
}

pyrt_str* pyrt_str_repr(pyrt_str* s) {
  std::string out;
  out.reserve(size_t(s->size) + 2);
  append_str_repr(out, s->data, s->size);
  return str_from(out);
}

void pyrt_print_pystr(pyrt_context* ctx, pyrt_str* s) {
  std::fwrite(s->data, 1, size_t(s->size), ctx->out ? ctx->out : stdout);
}

} // extern "C"
