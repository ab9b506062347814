#include "support/format_spec.hpp"

#include "support/float_repr.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

namespace pyscript {

namespace {

bool is_align(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

// Bytes of the UTF-8 character starting at s[0].
size_t utf8_length(std::string_view s) {
  auto c = static_cast<unsigned char>(s[0]);
  size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return n <= s.size() ? n : s.size();
}

size_t code_points(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

const char* kind_name(FormatKind kind) {
  return kind == FormatKind::Int ? "int" : kind == FormatKind::Float ? "float" : "str";
}

// Inserts `separator` every `group` digits from the right of `digits`; with `min_width`, the
// digits are first padded with zeros so the grouped text is at least that wide (as CPython pads
// "010," to 00,001,234).
std::string group_digits(std::string digits, char separator, size_t group, size_t min_width) {
  auto grouped_width = [&](size_t n) { return n + (n - 1) / group; };
  while (grouped_width(digits.size()) < min_width) digits.insert(digits.begin(), '0');
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % group == 0) out += separator;
    out += digits[i];
  }
  return out;
}

// Pads sign + body (its digits or text) to the spec's width.
std::string pad(const std::string& sign, const std::string& body, const FormatSpec& spec, char default_align) {
  char align = spec.align ? spec.align : default_align;
  size_t length = code_points(sign) + code_points(body);
  if (spec.width <= 0 || size_t(spec.width) <= length) return sign + body;
  size_t total = size_t(spec.width) - length;
  auto fill = [&](size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i) s += spec.fill;
    return s;
  };
  switch (align) {
  case '<': return sign + body + fill(total);
  case '^': return fill(total / 2) + sign + body + fill(total - total / 2);
  case '=': return sign + fill(total) + body;
  default: return fill(total) + sign + body;
  }
}

std::string sign_of(bool negative, const FormatSpec& spec) {
  if (negative) return "-";
  return spec.sign == '+' ? "+" : spec.sign == ' ' ? " " : "";
}

// Grouping and '=' zero padding of the integer part of a formatted number (digits, then any
// fraction/exponent in `rest`).
std::string lay_out_number(const std::string& sign, std::string int_digits, const std::string& rest,
                           const std::string& prefix, const FormatSpec& spec, size_t group) {
  bool zero_pad = spec.align == '=' && spec.fill == "0" && spec.width > 0;
  if (spec.grouping) {
    size_t min_width = 0;
    size_t fixed = code_points(sign) + prefix.size() + code_points(rest);
    if (zero_pad && size_t(spec.width) > fixed) min_width = size_t(spec.width) - fixed;
    int_digits = group_digits(int_digits, spec.grouping, group, min_width);
  }
  return pad(sign + prefix, int_digits + rest, spec, '>');
}

// format(x, ".Np") with no type: 'g' with p significant digits, except that a positional result
// keeps one digit after the point, and values whose digits would all be before it (exponent
// >= p - 1) go to scientific notation (CPython's format_float_short with Py_DTSF_ADD_DOT_0).
std::string general_with_dot_0(double x, int64_t p, bool keep_zeros) {
  std::vector<char> buf(size_t(p) + 64);
  std::snprintf(buf.data(), buf.size(), "%.*e", int(p - 1), x);
  std::string sci = buf.data();
  int exponent = std::atoi(sci.c_str() + sci.find('e') + 1);
  auto strip_zeros = [&](std::string digits) {
    if (keep_zeros || digits.find('.') == std::string::npos) return digits;
    while (digits.back() == '0') digits.pop_back();
    if (digits.back() == '.') digits.pop_back();
    return digits;
  };
  if (exponent < -4 || exponent >= p - 1) {
    size_t e = sci.find('e');
    return strip_zeros(sci.substr(0, e)) + sci.substr(e);
  }
  buf.resize(size_t(p) + 400);
  std::snprintf(buf.data(), buf.size(), "%.*f", int(p - 1 - exponent), x);
  std::string fixed = strip_zeros(buf.data());
  return fixed.find('.') == std::string::npos ? fixed + ".0" : fixed;
}

} // namespace

std::optional<std::string> parse_format_spec(std::string_view spec, FormatKind kind, FormatSpec& out) {
  out = FormatSpec{};
  size_t pos = 0;
  bool fill_given = false, align_given = false;
  if (!spec.empty()) {
    size_t first = utf8_length(spec);
    if (spec.size() > first && is_align(spec[first])) {
      out.fill = std::string(spec.substr(0, first));
      out.align = spec[first];
      pos = first + 1;
      fill_given = align_given = true;
    } else if (is_align(spec[0])) {
      out.align = spec[0];
      pos = 1;
      align_given = true;
    }
  }
  bool sign_given = false;
  if (pos < spec.size() && (spec[pos] == '+' || spec[pos] == '-' || spec[pos] == ' ')) {
    out.sign = spec[pos++];
    sign_given = true;
  }
  if (pos < spec.size() && spec[pos] == 'z') {
    out.no_negative_zero = true;
    ++pos;
  }
  if (pos < spec.size() && spec[pos] == '#') {
    out.alternate = true;
    ++pos;
  }
  if (!fill_given && pos < spec.size() && spec[pos] == '0') {
    out.fill = "0";
    if (!align_given && kind != FormatKind::Str) out.align = '=';
    ++pos;
  }
  auto digits = [&](int64_t& value) {
    size_t start = pos;
    value = 0;
    while (pos < spec.size() && spec[pos] >= '0' && spec[pos] <= '9') {
      if (value > 100000000) return false;
      value = value * 10 + (spec[pos++] - '0');
    }
    return pos > start;
  };
  int64_t width = 0;
  if (digits(width)) out.width = width;
  if (pos < spec.size() && (spec[pos] == ',' || spec[pos] == '_')) {
    out.grouping = spec[pos++];
    if (pos < spec.size() && (spec[pos] == ',' || spec[pos] == '_') && spec[pos] != out.grouping)
      return "Cannot specify both ',' and '_'.";
  }
  if (pos < spec.size() && spec[pos] == '.') {
    ++pos;
    int64_t precision = 0;
    if (!digits(precision)) return "Format specifier missing precision";
    out.precision = precision;
  }
  if (out.width > 100000000 || out.precision > 100000000) return "Too many decimal digits in format string";
  if (spec.size() - pos > 1)
    return "Invalid format specifier '" + std::string(spec) + "' for object of type '" + kind_name(kind) + "'";
  if (pos < spec.size()) out.type = spec[pos];

  char t = out.type;
  auto shown = [](char c) { return c == ' ' ? std::string("\\x20") : std::string(1, c); };
  // CPython checks the grouping against the type first.
  char grouping_type = t ? t : kind == FormatKind::Str ? 's' : kind == FormatKind::Int ? 'd' : 0;
  if (out.grouping == ',' && grouping_type && std::string_view("deEfFgG%").find(grouping_type) == std::string_view::npos)
    return "Cannot specify ',' with '" + shown(grouping_type) + "'.";
  if (out.grouping == '_' && grouping_type &&
      std::string_view("bdoxXeEfFgG%").find(grouping_type) == std::string_view::npos)
    return "Cannot specify '_' with '" + shown(grouping_type) + "'.";
  auto unknown = [&] {
    return "Unknown format code '" + shown(t) + "' for object of type '" + kind_name(kind) + "'";
  };
  auto float_type = [](char c) { return std::string_view("eEfFgGn%").find(c) != std::string_view::npos; };
  if (kind == FormatKind::Str) {
    if (t && t != 's') return unknown();
    if (sign_given)
      return out.sign == ' ' ? "Space not allowed in string format specifier" : "Sign not allowed in string format specifier";
    if (out.alternate) return "Alternate form (#) not allowed in string format specifier";
    if (out.align == '=') return "'=' alignment not allowed in string format specifier";
    if (out.no_negative_zero) return "Negative zero coercion (z) not allowed in string format specifier";
    return std::nullopt;
  }
  if (kind == FormatKind::Int && (!float_type(t) || t == 'n')) {
    if (t && std::string_view("bdoxXn").find(t) == std::string_view::npos) {
      if (t == 'c') return "the 'c' format (a character) is not supported by pyscript";
      return unknown();
    }
    if (out.precision >= 0) return "Precision not allowed in integer format specifier";
    if (out.no_negative_zero) return "Negative zero coercion (z) not allowed in integer format specifier";
  } else if (t && !float_type(t)) {
    return unknown();
  }
  return std::nullopt;
}

std::string format_int(int64_t v, const FormatSpec& spec) {
  char t = spec.type ? spec.type : 'd';
  if (std::string_view("eEfFgG%").find(t) != std::string_view::npos) return format_float(double(v), spec);
  uint64_t magnitude = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
  unsigned base = t == 'b' ? 2 : t == 'o' ? 8 : (t == 'x' || t == 'X') ? 16 : 10;
  const char* symbols = t == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  std::string digits;
  do {
    digits.insert(digits.begin(), symbols[magnitude % base]);
    magnitude /= base;
  } while (magnitude);
  std::string prefix;
  if (spec.alternate && base != 10) prefix = std::string("0") + (t == 'X' ? 'X' : t);
  return lay_out_number(sign_of(v < 0, spec), digits, "", prefix, spec, base == 10 ? 3 : 4);
}

std::string format_float(double v, const FormatSpec& spec) {
  char t = spec.type;
  bool upper = t == 'E' || t == 'F' || t == 'G';
  bool negative = std::signbit(v) && !std::isnan(v);
  double magnitude = std::fabs(v);
  std::string body;
  if (std::isinf(v) || std::isnan(v)) {
    body = std::isnan(v) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    if (t == '%') body += "%";
    return pad(sign_of(negative, spec), body, spec, '>');
  }
  if (t == '%') magnitude *= 100;
  int64_t precision = spec.precision;
  char buf[512];
  std::string text;
  if (t == 0 && precision < 0) {
    text = float_repr(magnitude);
    if (spec.alternate && text.find('.') == std::string::npos) text.insert(1, "."); // 1.e+16
  } else if (t == 0) {
    text = general_with_dot_0(magnitude, std::max<int64_t>(precision, 1), spec.alternate);
  } else {
    char c = t == 0 ? 'g' : t == '%' ? 'f' : t == 'n' ? 'g' : char(std::tolower(t));
    if (precision < 0) precision = 6;
    if (c == 'g' && precision == 0) precision = 1;
    std::string format = std::string("%") + (spec.alternate ? "#" : "") + ".*" + c;
    std::vector<char> big;
    int n = std::snprintf(buf, sizeof buf, format.c_str(), int(precision), magnitude);
    if (n >= int(sizeof buf)) {
      big.resize(size_t(n) + 1);
      std::snprintf(big.data(), big.size(), format.c_str(), int(precision), magnitude);
      text = big.data();
    } else {
      text = buf;
    }
    if (upper)
      for (char& ch : text) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  }
  if (spec.no_negative_zero && negative && text.find_first_not_of("0.eE+-") == std::string::npos) negative = false;
  size_t int_end = text.find_first_not_of("0123456789");
  if (int_end == std::string::npos) int_end = text.size();
  std::string rest = text.substr(int_end) + (t == '%' ? "%" : "");
  return lay_out_number(sign_of(negative, spec), text.substr(0, int_end), rest, "", spec, 3);
}

std::string format_str(std::string_view v, const FormatSpec& spec) {
  std::string body(v);
  if (spec.precision >= 0 && code_points(body) > size_t(spec.precision)) {
    size_t bytes = 0;
    for (int64_t k = 0; k < spec.precision; ++k) bytes += utf8_length(body.substr(bytes));
    body.resize(bytes);
  }
  return pad("", body, spec, '<');
}

} // namespace pyscript
