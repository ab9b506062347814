// print(array) as numpy prints it (numpy's arrayprint with its defaults: precision 8, floatmode
// 'maxprec', linewidth 75, threshold 1000 with 3 edge items): common width, fixed or scientific
// notation chosen for the whole array, '.' kept on whole floats, wrapping with a hanging indent.
// Inside a tuple an array prints as its repr: `array([1., 2.], dtype=float32)`.
#include "runtime/array_internal.hpp"
#include "support/float_repr.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace pyscript::runtime;

namespace {

constexpr int kPrecision = 8;
constexpr size_t kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

// Shortest digits that read back as x in its own dtype; "%.*e" form.
std::string shortest_scientific(double x, bool is_f32) {
  char buf[64];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, x);
    if (is_f32 ? float(std::strtod(buf, nullptr)) == float(x) : std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

// Digits and decimal exponent of the shortest form: x = 0.DIGITS * 10^decpt.
void shortest_digits(double x, bool is_f32, std::string& digits, int& decpt) {
  std::string s = shortest_scientific(std::fabs(x), is_f32);
  size_t e = s.find('e');
  digits.clear();
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.') digits += s[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  decpt = std::atoi(s.c_str() + e + 1) + 1;
}

// dragon4_positional(unique, precision 8, trim '.'): "1.5", "0.", "-0.33333333".
std::string positional(double x, bool is_f32) {
  std::string digits;
  int decpt;
  shortest_digits(x, is_f32, digits, decpt);
  int frac_digits = std::max(0, int(digits.size()) - decpt);
  std::string out;
  if (x == 0) digits = "0", decpt = 1, frac_digits = 0;
  if (frac_digits > kPrecision) {
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", kPrecision, std::fabs(x));
    out = buf;
    while (out.back() == '0') out.pop_back();
  } else {
    if (decpt <= 0) {
      out = "0." + std::string(size_t(-decpt), '0') + digits;
    } else if (size_t(decpt) >= digits.size()) {
      out = digits + std::string(size_t(decpt) - digits.size(), '0') + ".";
    } else {
      out = digits.substr(0, size_t(decpt)) + "." + digits.substr(size_t(decpt));
    }
  }
  return (std::signbit(x) ? "-" : "") + out;
}

// dragon4_scientific(unique, precision 8): mantissa digits after the point, and the exponent.
void scientific(double x, bool is_f32, std::string& mantissa, int& exponent) {
  std::string digits;
  int decpt;
  shortest_digits(x, is_f32, digits, decpt);
  if (x == 0) digits = "0", decpt = 1;
  if (int(digits.size()) - 1 > kPrecision) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", kPrecision, std::fabs(x));
    std::string s = buf;
    size_t e = s.find('e');
    digits.clear();
    for (size_t i = 0; i < e; ++i)
      if (s[i] != '.') digits += s[i];
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    decpt = std::atoi(s.c_str() + e + 1) + 1;
  }
  mantissa = (std::signbit(x) ? "-" : "") + digits.substr(0, 1) + "." + digits.substr(1);
  exponent = decpt - 1;
}

class Formatter {
public:
  explicit Formatter(const pyrt_array* a) : a_(a) {
    for_each_offset(a, [&](int64_t off) { values_.push_back(load_f64(a, off)); });
    // A summarized array ("..." past 1000 elements) is formatted from the elements it shows only.
    if (a->size > kThreshold) {
      shown_.assign(values_.size(), true);
      for (size_t flat = 0; flat < values_.size(); ++flat) {
        int64_t rest = int64_t(flat);
        for (int d = a->ndim - 1; d >= 0 && shown_[flat]; --d) {
          int64_t n = a->shape[d], i = rest % n;
          rest /= n;
          if (n > 2 * kEdgeItems && i >= kEdgeItems && i < n - kEdgeItems) shown_[flat] = false;
        }
      }
    }
    if (a->dtype == PYRT_F32 || a->dtype == PYRT_F64) plan_floats();
    else plan_integers();
  }

  std::string operator()(int64_t flat) const {
    double v = values_[size_t(flat)];
    if (a_->dtype == PYRT_BOOL) return pad_left(v != 0 ? "True" : "False", width_);
    if (a_->dtype == PYRT_I64) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%" PRId64, load_i64(a_, offsets_[size_t(flat)]));
      return pad_left(buf, width_);
    }
    if (std::isnan(v) || std::isinf(v)) {
      std::string s = std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
      return pad_left(s, pad_left_ + pad_right_ + 1);
    }
    bool f32 = a_->dtype == PYRT_F32;
    if (exp_format_) {
      std::string mantissa;
      int exponent;
      scientific(v, f32, mantissa, exponent);
      if (mantissa.size() - mantissa.find('.') - 1 < size_t(precision_)) {
        // Shorter than the column's digits: numpy goes on with the value's exact digits (0.3 in
        // float32 is 3.0000001e-01 next to 1.2345678e-04), not with zeros.
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*e", precision_, v);
        std::string text = buf;
        mantissa = text.substr(0, text.find('e'));
        exponent = std::atoi(text.c_str() + text.find('e') + 1); // 1e-04 may become 9.9999997e-05
      }
      size_t dot = mantissa.find('.');
      std::string frac = mantissa.substr(dot + 1);
      char exp[16];
      std::snprintf(exp, sizeof exp, "e%c%0*d", exponent < 0 ? '-' : '+', exp_size_, std::abs(exponent));
      return pad_left(mantissa.substr(0, dot), pad_left_) + "." + frac + exp;
    }
    std::string s = positional(v, f32);
    size_t dot = s.find('.');
    std::string frac = s.substr(dot + 1);
    return pad_left(s.substr(0, dot), pad_left_) + "." + frac + std::string(size_t(pad_right_) - frac.size(), ' ');
  }

  std::vector<int64_t> offsets_;

private:
  static std::string pad_left(const std::string& s, int width) {
    return s.size() >= size_t(width) ? s : std::string(size_t(width) - s.size(), ' ') + s;
  }

  void plan_integers() {
    // numpy prints every bool of an array 5 wide (" True"), all-True arrays too.
    width_ = a_->dtype == PYRT_BOOL ? 5 : 1;
    for_each_offset(a_, [&](int64_t off) {
      offsets_.push_back(off);
      if (a_->dtype != PYRT_BOOL && shown(offsets_.size() - 1)) {
        char buf[32];
        width_ = std::max(width_, std::snprintf(buf, sizeof buf, "%" PRId64, load_i64(a_, off)));
      }
    });
  }

  void plan_floats() {
    bool f32 = a_->dtype == PYRT_F32;
    double max_abs = 0, min_abs = INFINITY;
    bool any = false, has_non_finite = false, has_negative_inf = false;
    for (size_t flat = 0; flat < values_.size(); ++flat) {
      double v = values_[flat];
      if (!shown(flat)) continue;
      if (!std::isfinite(v)) {
        has_non_finite = true;
        has_negative_inf = has_negative_inf || v < 0;
        continue;
      }
      if (v == 0) continue;
      any = true;
      max_abs = std::max(max_abs, std::fabs(v));
      min_abs = std::min(min_abs, std::fabs(v));
    }
    exp_format_ = any && (max_abs >= 1e8 || min_abs < 0.0001 || max_abs / min_abs > 1000.0);
    pad_left_ = pad_right_ = 0;
    for (size_t flat = 0; flat < values_.size(); ++flat) {
      double v = values_[flat];
      if (!std::isfinite(v) || !shown(flat)) continue;
      if (exp_format_) {
        std::string mantissa;
        int exponent;
        scientific(v, f32, mantissa, exponent);
        size_t dot = mantissa.find('.');
        pad_left_ = std::max(pad_left_, int(dot));
        precision_ = std::max(precision_, int(mantissa.size() - dot - 1));
        exp_size_ = std::max(exp_size_, std::abs(exponent) >= 100 ? 3 : 2);
      } else {
        std::string s = positional(v, f32);
        size_t dot = s.find('.');
        pad_left_ = std::max(pad_left_, int(dot));
        pad_right_ = std::max(pad_right_, int(s.size() - dot - 1));
      }
    }
    if (exp_format_) pad_right_ = exp_size_ + 2 + precision_;
    if (has_non_finite) { // room for "nan", "inf" and "-inf", as numpy's FloatingFormat makes it
      int offset = pad_right_ + 1, inf_width = has_negative_inf ? 4 : 3;
      pad_left_ = std::max({pad_left_, 3 - offset, inf_width - offset});
    }
  }

  bool shown(size_t flat) const { return shown_.empty() || shown_[flat]; }

  const pyrt_array* a_;
  std::vector<double> values_;
  std::vector<bool> shown_; // empty: every element shows
  bool exp_format_ = false;
  int pad_left_ = 0, pad_right_ = 0, precision_ = 0, exp_size_ = 2, width_ = 1;
};

struct Printer {
  const pyrt_array* a;
  const Formatter& format;
  bool summarize;
  std::string separator;        // between elements: " " (str) or ", " (repr)
  std::vector<int64_t> strides; // row-major element counts per axis, into the formatter's order

  // numpy's _extendLine_pretty for single-line words.
  static void extend_line(std::string& s, std::string& line, const std::string& word, size_t width,
                          const std::string& next_line_prefix) {
    bool wrap = line.size() + word.size() > width;
    if (line.size() <= next_line_prefix.size()) wrap = false;
    if (wrap) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      s += line + "\n";
      line = next_line_prefix;
    }
    line += word;
  }

  std::string recurse(int axis, int64_t flat, const std::string& hanging, size_t width) {
    if (axis == a->ndim) return format(flat);
    std::string next_hanging = hanging + " ";
    size_t next_width = width - 1;
    int64_t n = a->shape[axis];
    bool cut = summarize && n > 2 * kEdgeItems;
    int64_t leading = cut ? kEdgeItems : n, trailing = cut ? kEdgeItems : 0;
    std::string s;
    int axes_left = a->ndim - axis;
    if (axes_left == 1) {
      // numpy leaves room for the closing ']' on every element, the last one included.
      size_t elem_width = width - 1;
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extend_line(s, line, recurse(axis + 1, flat + i * strides[size_t(axis)], next_hanging, next_width),
                    elem_width, hanging);
        if (i + 1 < n) line += separator;
      }
      if (cut) {
        extend_line(s, line, "...", elem_width, hanging);
        line += separator;
      }
      for (int64_t i = n - trailing; i < n; ++i) {
        extend_line(s, line, recurse(axis + 1, flat + i * strides[size_t(axis)], next_hanging, next_width),
                    elem_width, hanging);
        if (i + 1 < n) line += separator;
      }
      s += line;
    } else {
      std::string line_sep = separator.substr(0, separator.find_last_not_of(' ') + 1) + // ",\n" in a repr
                             std::string(size_t(axes_left - 1), '\n');
      auto row = [&](int64_t i, bool last) {
        s += hanging + recurse(axis + 1, flat + i * strides[size_t(axis)], next_hanging, next_width);
        if (!last) s += line_sep;
      };
      for (int64_t i = 0; i < leading; ++i) row(i, !cut && i + 1 == n);
      if (cut) s += hanging + "..." + line_sep;
      for (int64_t i = n - trailing; i < n; ++i) row(i, i + 1 == n);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }
};

// The rows of a non-empty array of rank >= 1, numpy's _formatArray: `separator` between elements,
// continuation lines indented by `indent`, lines at most `width` wide.
std::string format_rows(const pyrt_array* a, const std::string& separator, size_t indent, size_t width) {
  Formatter format(a);
  Printer p{a, format, a->size > kThreshold, separator, {}};
  p.strides.resize(size_t(a->ndim));
  int64_t stride = 1;
  for (int d = a->ndim - 1; d >= 0; --d) {
    p.strides[size_t(d)] = stride;
    stride *= a->shape[d];
  }
  return p.recurse(0, 0, std::string(indent, ' '), width);
}

} // namespace

namespace pyscript::runtime {

std::string float32_repr_text(float v) {
  // The shortest digits of the float, in Python's repr layout.
  std::string s = shortest_scientific(double(v), true);
  return pyscript::float_repr(std::strtod(s.c_str(), nullptr));
}

std::string array_str_text(const pyrt_array* a) {
  if (a->ndim == 0) {
    // A numpy scalar: the shortest repr in its own dtype.
    char buf[32];
    double v = load_f64(a, 0);
    if (a->dtype == PYRT_BOOL) return v != 0 ? "True" : "False";
    if (a->dtype == PYRT_I64) {
      std::snprintf(buf, sizeof buf, "%" PRId64, load_i64(a, 0));
      return buf;
    }
    if (a->dtype == PYRT_F64) return pyscript::float_repr(v);
    return float32_repr_text(float(v));
  }
  if (a->size == 0) return "[]"; // numpy prints any empty array so, whatever its shape
  return format_rows(a, " ", 1, kLineWidth);
}

// numpy's array_repr, for arrays of rank >= 1 (lowering refuses numpy scalars in containers:
// numpy 1 and 2 print them differently). The dtype is named unless numpy implies it (float64,
// int64, bool) and on every empty array; it goes to a line of its own when the last line would
// pass the width.
std::string array_repr_text(const pyrt_array* a) {
  const std::string prefix = "array(";
  bool named_dtype = a->dtype == PYRT_F32 || a->size == 0;
  std::string text = prefix;
  if (a->size > 0) {
    text += format_rows(a, ", ", 1 + prefix.size(), kLineWidth - 1); // room for ")" or ","
  } else {
    text += "[]";
    if (a->ndim != 1) text += ", shape=" + shape_text(a);
  }
  if (!named_dtype) return text + ")";
  text += ",";
  std::string dtype = std::string("dtype=") + dtype_name(a->dtype) + ")";
  size_t last_line = text.size() - (text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  text += last_line + dtype.size() + 1 > kLineWidth ? "\n" + std::string(prefix.size(), ' ') : " ";
  return text + dtype;
}

} // namespace pyscript::runtime

extern "C" void pyrt_print_array(pyrt_context* ctx, pyrt_array* a) {
  std::string text = array_str_text(a);
  std::fwrite(text.data(), 1, text.size(), ctx->out ? ctx->out : stdout);
}

extern "C" void pyrt_print_array_repr(pyrt_context* ctx, pyrt_array* a) {
  std::string text = array_repr_text(a);
  std::fwrite(text.data(), 1, text.size(), ctx->out ? ctx->out : stdout);
}
