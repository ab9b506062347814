// format(v, spec) for f-string fields (support/format_spec.hpp) and printf-style `fmt % args` as
// CPython 3.11 formats: conversions d i u x X o e E f F g G c s r a %, flags - + space # 0, width
// and precision (digits or *), the length modifiers h l L ignored, and CPython's errors.
#include "runtime/str_internal.hpp"
#include "runtime/value_internal.hpp"
#include "support/float_repr.hpp"
#include "support/format_spec.hpp"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace pyscript::runtime {

namespace {

pyrt_str* from_text(pyrt_context* ctx, const char* site, const std::string& text) {
  pyrt_str* r = str_from(text);
  if (!r) pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return r;
}

// Parses a spec (lowering checked it; a bad one still gives CPython's ValueError).
bool parse_spec(pyrt_context* ctx, const char* spec, FormatKind kind, FormatSpec& out,
                const char* site) {
  if (auto error = parse_format_spec(spec, kind, out)) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "%s", error->c_str());
    return false;
  }
  return true;
}


// One argument of `fmt % args`: a field of the args tuple.
struct Arg {
  const pyrt_type* type;
  const char* slot;
  int32_t kind() const { return type->kind; }
  bool is_integer() const {
    return kind() == PYRT_K_INT || kind() == PYRT_K_BOOL || kind() == PYRT_K_NP_INT64 ||
           kind() == PYRT_K_NP_BOOL;
  }
  bool is_float() const {
    return kind() == PYRT_K_FLOAT || kind() == PYRT_K_NP_FLOAT64 || kind() == PYRT_K_NP_FLOAT32;
  }
  int64_t integer() const {
    if (kind() == PYRT_K_BOOL || kind() == PYRT_K_NP_BOOL)
      return *reinterpret_cast<const int8_t*>(slot) != 0;
    return *reinterpret_cast<const int64_t*>(slot);
  }
  double real() const {
    if (kind() == PYRT_K_NP_FLOAT32) return *reinterpret_cast<const float*>(slot);
    if (is_float()) return *reinterpret_cast<const double*>(slot);
    return double(integer());
  }
  pyrt_str* str() const { return *reinterpret_cast<pyrt_str* const*>(slot); }
};

// A conversion's flags, width and precision.
struct Conversion {
  bool left = false, plus = false, space = false, alternate = false, zero = false;
  int64_t width = 0, precision = -1;
  char type = 0;
};

// Pads sign + prefix + digits to the width: zeros after the prefix ('0'), or spaces.
std::string pad_number(const Conversion& c, const std::string& sign, const std::string& prefix,
                       const std::string& digits) {
  int64_t length = int64_t(sign.size() + prefix.size() + digits.size());
  if (c.width <= length) return sign + prefix + digits;
  std::string fill(size_t(c.width - length), c.zero && !c.left ? '0' : ' ');
  if (c.left) return sign + prefix + digits + fill;
  if (c.zero) return sign + prefix + fill + digits;
  return fill + sign + prefix + digits;
}

std::string sign_text(bool negative, const Conversion& c) {
  return negative ? "-" : c.plus ? "+" : c.space ? " " : "";
}

// %d %i %u of an integer magnitude's decimal digits, or %x %X %o.
std::string format_integer(const Conversion& c, bool negative, uint64_t magnitude) {
  unsigned base = c.type == 'o' ? 8 : (c.type == 'x' || c.type == 'X') ? 16 : 10;
  const char* symbols = c.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string digits;
  do {
    digits.insert(digits.begin(), symbols[magnitude % base]);
    magnitude /= base;
  } while (magnitude);
  if (c.precision > int64_t(digits.size()))
    digits.insert(0, size_t(c.precision) - digits.size(), '0');
  std::string prefix;
  if (c.alternate && base != 10) prefix = c.type == 'o' ? "0o" : c.type == 'x' ? "0x" : "0X";
  return pad_number(c, sign_text(negative, c), prefix, digits);
}

std::string format_real(const Conversion& c, double v) {
  bool upper = c.type == 'E' || c.type == 'F' || c.type == 'G';
  if (std::isnan(v)) return pad_number(c, sign_text(false, c), "", upper ? "NAN" : "nan");
  bool negative = std::signbit(v);
  if (std::isinf(v)) return pad_number(c, sign_text(negative, c), "", upper ? "INF" : "inf");
  int precision = c.precision < 0 ? 6 : int(c.precision);
  char format[8] = "%", *f = format + 1;
  if (c.alternate) *f++ = '#';
  *f++ = '.';
  *f++ = '*';
  *f++ = c.type;
  std::vector<char> buf(size_t(precision) + 400); // %f of 1e308 has 309 digits
  std::snprintf(buf.data(), buf.size(), format, precision, std::fabs(v));
  return pad_number(c, sign_text(negative, c), "", buf.data());
}

// ascii(): repr's text with non-ASCII code points escaped.
std::string ascii_escape(const std::string& text) {
  std::string out;
  char buf[16];
  for (int64_t i = 0; i < int64_t(text.size());) {
    uint32_t c = utf8_decode(text.data(), &i);
    if (c < 0x80)
      out += char(c);
    else {
      std::snprintf(buf, sizeof buf,
                    c <= 0xFF     ? "\\x%02x"
                    : c <= 0xFFFF ? "\\u%04x"
                                  : "\\U%08x",
                    c);
      out += buf;
    }
  }
  return out;
}

// str(v) (which 's') or repr(v) ('r', 'a') of any argument.
bool text_of(pyrt_context* ctx, const Arg& a, char which, std::string& out) {
  switch (a.kind()) {
  case PYRT_K_NONE:
    out = "None";
    break;
  case PYRT_K_BOOL:
  case PYRT_K_NP_BOOL:
    out = a.integer() ? "True" : "False";
    break;
  case PYRT_K_INT:
  case PYRT_K_NP_INT64:
    out = std::to_string(a.integer());
    break;
  case PYRT_K_FLOAT:
  case PYRT_K_NP_FLOAT64:
    out = float_repr(a.real());
    break;
  case PYRT_K_STR:
    if (which == 's')
      out.assign(a.str()->data, size_t(a.str()->size));
    else
      append_str_repr(out, a.str()->data, a.str()->size);
    break;
  default: { // containers, arrays, np.float32: runtime/value.cpp
    pyrt_str* s =
        which == 's' ? pyrt_value_str(ctx, a.type, a.slot) : pyrt_value_repr(ctx, a.type, a.slot);
    if (!s) return false;
    out.assign(s->data, size_t(s->size));
    pyrt_object_release(&s->head);
  }
  }
  if (which == 'a') out = ascii_escape(out);
  return true;
}

// Pads text (counted in code points) with spaces to the width.
std::string pad_text(const Conversion& c, std::string text) {
  int64_t length = utf8_length(text.data(), int64_t(text.size()));
  if (c.width <= length) return text;
  std::string fill(size_t(c.width - length), ' ');
  return c.left ? text + fill : fill + text;
}

// `fmt % args`: walks the format, taking the tuple's fields in order.
class PercentFormatter {
public:
  PercentFormatter(pyrt_context* ctx, const pyrt_type* args_type, const void* args,
                   const char* site)
      : ctx_(ctx), args_type_(args_type), args_(static_cast<const char*>(args)), site_(site) {}

  bool run(const pyrt_str* fmt, std::string& out);

private:
  bool next_arg(Arg& a) {
    if (next_ >= args_type_->count) return type_error("not enough arguments for format string");
    a = Arg{args_type_->items[next_], args_ + args_type_->offsets[next_]};
    if (a.kind() == PYRT_K_OPTIONAL_VALUE) { // None, or the number in the slot's first bytes
      static const pyrt_type none_type = {PYRT_K_NONE, 0, 1, 1, nullptr, nullptr};
      bool present = a.slot[a.type->offsets[0]] != 0;
      a.type = present ? a.type->items[0] : &none_type;
    }
    ++next_;
    return true;
  }
  bool type_error(const char* message) {
    pyrt_raise_detail(ctx_, PYRT_TYPE_ERROR, site_, "%s", message);
    return false;
  }
  bool value_error(const char* message) {
    pyrt_raise_detail(ctx_, PYRT_VALUE_ERROR, site_, "%s", message);
    return false;
  }
  bool star(int64_t& value) { // a width or precision given as '*'
    Arg a;
    if (!next_arg(a)) return false;
    if (a.kind() != PYRT_K_INT && a.kind() != PYRT_K_BOOL) return type_error("* wants int");
    value = a.integer();
    return true;
  }
  bool spec(const char* p, const char* end, const char*& q, Conversion& c);
  bool convert(Conversion& c, const Arg& a, std::string& out);
  bool convert_integer(const Conversion& c, const Arg& a, std::string& out);
  bool convert_char(const Conversion& c, const Arg& a, std::string& out);

  pyrt_context* ctx_;
  const pyrt_type* args_type_;
  const char* args_;
  const char* site_;
  int32_t next_ = 0;
};

// Flags, width, precision and length modifier after a '%' (p just past it); q ends at the
// conversion character.
bool PercentFormatter::spec(const char* p, const char* end, const char*& q, Conversion& c) {
  if (p < end && *p == '(') return type_error("format requires a mapping");
  for (; p < end; ++p) {
    if (*p == '-')
      c.left = true;
    else if (*p == '+')
      c.plus = true;
    else if (*p == ' ')
      c.space = true;
    else if (*p == '#')
      c.alternate = true;
    else if (*p == '0')
      c.zero = true;
    else
      break;
  }
  auto digits = [&](int64_t& value, const char* too_big) {
    for (value = 0; p < end && *p >= '0' && *p <= '9'; ++p) {
      if (value > (INT64_MAX - 9) / 10) return value_error(too_big);
      value = value * 10 + (*p - '0');
    }
    return true;
  };
  if (p < end && *p == '*') {
    ++p;
    if (!star(c.width)) return false;
    if (c.width < 0) {
      c.left = true;
      c.width = c.width == INT64_MIN ? INT64_MAX : -c.width;
    }
  } else if (!digits(c.width, "width too big")) {
    return false;
  }
  if (p < end && *p == '.') {
    ++p;
    if (p < end && *p == '*') {
      ++p;
      if (!star(c.precision)) return false;
      if (c.precision < 0) c.precision = 0;
    } else if (!digits(c.precision, "precision too big")) {
      return false;
    }
  }
  if (p < end && (*p == 'h' || *p == 'l' || *p == 'L')) ++p;
  if (p >= end) return value_error("incomplete format");
  q = p;
  return true;
}

bool PercentFormatter::convert_integer(const Conversion& c, const Arg& a, std::string& out) {
  bool decimal = c.type == 'd' || c.type == 'i' || c.type == 'u';
  if (a.is_integer()) {
    int64_t v = a.integer();
    out += format_integer(c, v < 0, v < 0 ? 0 - uint64_t(v) : uint64_t(v));
    return true;
  }
  if (!decimal || !a.is_float()) {
    pyrt_raise_detail(ctx_, PYRT_TYPE_ERROR, site_, "%%%c format: %s is required, not %s", c.type,
                      decimal ? "a real number" : "an integer", kind_type_name(a.kind()));
    return false;
  }
  double v = a.real();
  if (std::isnan(v)) return value_error("cannot convert float NaN to integer");
  if (std::isinf(v)) {
    pyrt_raise_detail(ctx_, PYRT_OVERFLOW_ERROR, site_, "cannot convert float infinity to integer");
    return false;
  }
  double whole = std::trunc(v); // CPython's int is unbounded: every float's digits, exactly
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.0f", std::fabs(whole));
  Conversion digits_only = c;
  std::string digits = buf;
  if (c.precision > int64_t(digits.size()))
    digits.insert(0, size_t(c.precision) - digits.size(), '0');
  digits_only.precision = -1;
  out += pad_number(digits_only, sign_text(whole < 0, c), "", digits);
  return true;
}

bool PercentFormatter::convert_char(const Conversion& c, const Arg& a, std::string& out) {
  std::string text;
  if (a.kind() == PYRT_K_STR && a.str()->length == 1) {
    text.assign(a.str()->data, size_t(a.str()->size));
  } else if (a.is_integer()) {
    int64_t v = a.integer();
    if (v < 0 || v >= 0x110000) {
      pyrt_raise_detail(ctx_, PYRT_OVERFLOW_ERROR, site_, "%%c arg not in range(0x110000)");
      return false;
    }
    char buf[4];
    text.assign(buf, size_t(utf8_encode(uint32_t(v), buf)));
  } else {
    return type_error("%c requires int or char");
  }
  out += pad_text(c, text);
  return true;
}

bool PercentFormatter::convert(Conversion& c, const Arg& a, std::string& out) {
  switch (c.type) {
  case 's':
  case 'r':
  case 'a': {
    std::string text;
    if (!text_of(ctx_, a, c.type, text)) return false;
    if (c.precision >= 0 && utf8_length(text.data(), int64_t(text.size())) > c.precision) {
      int64_t i = 0;
      for (int64_t k = 0; k < c.precision; ++k)
        i += utf8_sequence_length(static_cast<unsigned char>(text[size_t(i)]));
      text.resize(size_t(i));
    }
    out += pad_text(c, text);
    return true;
  }
  case 'd':
  case 'i':
  case 'u':
  case 'x':
  case 'X':
  case 'o':
    return convert_integer(c, a, out);
  case 'e':
  case 'E':
  case 'f':
  case 'F':
  case 'g':
  case 'G':
    if (!a.is_integer() && !a.is_float()) {
      pyrt_raise_detail(ctx_, PYRT_TYPE_ERROR, site_, "must be real number, not %s",
                        kind_type_name(a.kind()));
      return false;
    }
    out += format_real(c, a.real());
    return true;
  case 'c':
    return convert_char(c, a, out);
  default:
    return true; // checked by run()
  }
}

bool PercentFormatter::run(const pyrt_str* fmt, std::string& out) {
  const char *p = fmt->data, *end = fmt->data + fmt->size;
  while (p < end) {
    const char* percent = static_cast<const char*>(std::memchr(p, '%', size_t(end - p)));
    if (!percent) {
      out.append(p, size_t(end - p));
      break;
    }
    out.append(p, size_t(percent - p));
    if (percent + 1 < end && percent[1] == '%') {
      out += '%';
      p = percent + 2;
      continue;
    }
    Conversion c;
    const char* q = nullptr;
    if (!spec(percent + 1, end, q, c)) return false;
    Arg a;
    if (!next_arg(a)) return false;
    int64_t at = q - fmt->data;
    uint32_t ch = utf8_decode(fmt->data, &at);
    if (ch == 0 || ch >= 0x80 || !std::strchr("sradiuxXoeEfFgGc", int(ch))) {
      pyrt_raise_detail(ctx_, PYRT_VALUE_ERROR, site_,
                        "unsupported format character '%c' (0x%x) at index %" PRId64,
                        ch >= 32 && ch < 127 ? char(ch) : '?', ch,
                        utf8_length(fmt->data, q - fmt->data));
      return false;
    }
    c.type = char(ch);
    if (!convert(c, a, out)) return false;
    p = q + 1;
  }
  if (next_ < args_type_->count)
    return type_error("not all arguments converted during string formatting");
  return true;
}

} // namespace

} // namespace pyscript::runtime

using namespace pyscript;
using namespace pyscript::runtime;

extern "C" {

pyrt_str* pyrt_str_format_int(pyrt_context* ctx, int64_t v, const char* spec, const char* site) {
  FormatSpec s;
  if (!parse_spec(ctx, spec, FormatKind::Int, s, site)) return nullptr;
  return from_text(ctx, site, format_int(v, s));
}

pyrt_str* pyrt_str_format_float(pyrt_context* ctx, double v, const char* spec, const char* site) {
  FormatSpec s;
  if (!parse_spec(ctx, spec, FormatKind::Float, s, site)) return nullptr;
  return from_text(ctx, site, format_float(v, s));
}

pyrt_str* pyrt_str_format_str(pyrt_context* ctx, pyrt_str* v, const char* spec, const char* site) {
  FormatSpec s;
  if (!parse_spec(ctx, spec, FormatKind::Str, s, site)) return nullptr;
  return from_text(ctx, site, format_str(std::string_view(v->data, size_t(v->size)), s));
}

pyrt_str* pyrt_str_percent(pyrt_context* ctx, pyrt_str* fmt, const pyrt_type* args_type,
                           const void* args, const char* site) {
  std::string out;
  PercentFormatter formatter(ctx, args_type, args, site);
  if (!formatter.run(fmt, out)) return nullptr;
  return from_text(ctx, site, out);
}

} // extern "C"
