// str methods that need Unicode's character facts: upper/lower, isdigit..islower, strip, and the
// whitespace and decimal digits that split(), int() and float() use. The facts come from
// runtime/str_unicode_data.inc, generated from CPython 3.11's own answers
// (scripts/gen_str_unicode.py), so every code point maps and classifies as CPython's does.
#include "runtime/str_internal.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace pyscript::runtime {

namespace {

struct CodeRange {
  uint32_t first, last;
};
// first, first + step, ..., last map to c + delta.
struct CaseRun {
  uint32_t first, last;
  int32_t delta;
  uint32_t step;
};
// A code point whose mapping is several code points ('ß'.upper() == 'SS').
struct CaseExpansion {
  uint32_t code;
  const char* utf8;
};

#include "runtime/str_unicode_data.inc"

template <size_t N> bool in_ranges(const CodeRange (&table)[N], uint32_t c) {
  auto it = std::upper_bound(std::begin(table), std::end(table), c,
                             [](uint32_t v, const CodeRange& r) { return v < r.first; });
  return it != std::begin(table) && c <= std::prev(it)->last;
}

template <size_t N> uint32_t map_simple(const CaseRun (&table)[N], uint32_t c) {
  auto it = std::upper_bound(std::begin(table), std::end(table), c,
                             [](uint32_t v, const CaseRun& r) { return v < r.first; });
  if (it == std::begin(table)) return c;
  const CaseRun& run = *std::prev(it);
  if (c > run.last || (c - run.first) % run.step != 0) return c;
  return uint32_t(int64_t(c) + run.delta);
}

template <size_t N> const char* find_expansion(const CaseExpansion (&table)[N], uint32_t c) {
  auto it = std::lower_bound(std::begin(table), std::end(table), c,
                             [](const CaseExpansion& e, uint32_t v) { return e.code < v; });
  return it != std::end(table) && it->code == c ? it->utf8 : nullptr;
}

bool is_cased(uint32_t c) {
  return in_ranges(kUpper, c) || in_ranges(kLower, c) || in_ranges(kTitle, c);
}

// The start of the code point that ends just before byte i.
int64_t previous_start(const char* bytes, int64_t i) {
  do
    --i;
  while (i > 0 && (static_cast<unsigned char>(bytes[i]) & 0xC0) == 0x80);
  return i;
}

// Whether the capital sigma at bytes [at, after) lowers to the final form 'ς': a cased letter
// before it and none after it, case-ignorable characters skipped (Unicode's Final_Sigma).
bool final_sigma(const pyrt_str* s, int64_t at, int64_t after) {
  bool cased_before = false;
  for (int64_t i = at; i > 0;) {
    i = previous_start(s->data, i);
    int64_t j = i;
    uint32_t c = utf8_decode(s->data, &j);
    if (in_ranges(kCaseIgnorable, c)) continue;
    cased_before = is_cased(c);
    break;
  }
  if (!cased_before) return false;
  for (int64_t i = after; i < s->size;) {
    uint32_t c = utf8_decode(s->data, &i);
    if (in_ranges(kCaseIgnorable, c)) continue;
    return !is_cased(c);
  }
  return true;
}

pyrt_str* ascii_case(const pyrt_str* s, bool upper) {
  pyrt_str* r = str_alloc(s->size, s->length);
  if (!r) return nullptr;
  for (int64_t i = 0; i < s->size; ++i) {
    char c = s->data[i];
    if (upper && c >= 'a' && c <= 'z')
      c = char(c - 32);
    else if (!upper && c >= 'A' && c <= 'Z')
      c = char(c + 32);
    r->data[i] = c;
  }
  return r;
}

// The set of code points strip(chars) removes.
struct CharSet {
  bool ascii[128] = {};
  std::vector<uint32_t> other;
  explicit CharSet(const pyrt_str* chars) {
    for (int64_t i = 0; i < chars->size;) {
      uint32_t c = utf8_decode(chars->data, &i);
      if (c < 128)
        ascii[c] = true;
      else
        other.push_back(c);
    }
  }
  bool has(uint32_t c) const {
    return c < 128 ? ascii[c] : std::find(other.begin(), other.end(), c) != other.end();
  }
};

// Whether every code point of s satisfies the property (isdigit, isalpha, isspace, isalnum).
template <class Test> bool all_of(const pyrt_str* s, Test test) {
  for (int64_t i = 0; i < s->size;)
    if (!test(utf8_decode(s->data, &i))) return false;
  return true;
}

// isupper (upper true) / islower: no cased character of the other case (or titlecase), and one.
bool cased_as(const pyrt_str* s, bool upper) {
  bool cased = false;
  for (int64_t i = 0; i < s->size;) {
    uint32_t c = utf8_decode(s->data, &i);
    bool is_upper = in_ranges(kUpper, c), is_lower = in_ranges(kLower, c);
    if ((upper ? is_lower : is_upper) || in_ranges(kTitle, c)) return false;
    cased = cased || (upper ? is_upper : is_lower);
  }
  return cased;
}

} // namespace

bool unicode_is_space(uint32_t c) {
  if (c < 128) return (c >= 9 && c <= 13) || (c >= 0x1C && c <= 0x20);
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool unicode_is_printable(uint32_t c) {
  if (c < 0x80) return c >= 0x20 && c < 0x7F;
  return !in_ranges(kNotPrintable, c);
}

int unicode_decimal_value(uint32_t c) {
  if (c < 128) return c >= '0' && c <= '9' ? int(c - '0') : -1;
  auto it = std::upper_bound(std::begin(kDecimal), std::end(kDecimal), c,
                             [](uint32_t v, const CodeRange& r) { return v < r.first; });
  if (it == std::begin(kDecimal) || c > std::prev(it)->last) return -1;
  return int((c - std::prev(it)->first) % 10); // the ranges are runs of ten digits 0-9
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_str* pyrt_str_case(pyrt_str* s, int32_t which) {
  bool upper = which == 0;
  if (str_is_ascii(s)) return ascii_case(s, upper);
  std::string out;
  out.reserve(size_t(s->size));
  char buf[4];
  for (int64_t i = 0; i < s->size;) {
    int64_t at = i;
    uint32_t c = utf8_decode(s->data, &i);
    const char* expansion = upper ? find_expansion(kUpperFull, c) : find_expansion(kLowerFull, c);
    if (expansion) {
      out += expansion;
      continue;
    }
    uint32_t m;
    if (!upper && c == 0x3A3)
      m = final_sigma(s, at, i) ? 0x3C2 : 0x3C3;
    else
      m = upper ? map_simple(kToUpper, c) : map_simple(kToLower, c);
    out.append(buf, size_t(utf8_encode(m, buf)));
  }
  return str_from(out);
}

int32_t pyrt_str_is(pyrt_str* s, int32_t which) {
  if (s->size == 0) return 0;
  switch (which) {
  case 0:
    return all_of(s, [](uint32_t c) { return in_ranges(kDigit, c); });
  case 1:
    return all_of(s, [](uint32_t c) { return in_ranges(kAlpha, c); });
  case 2:
    return all_of(s, unicode_is_space);
  case 3:
    return all_of(s, [](uint32_t c) { return in_ranges(kAlpha, c) || in_ranges(kNumeric, c); });
  case 4:
    return cased_as(s, true);
  case 5:
    return cased_as(s, false);
  default:
    return 0;
  }
}

pyrt_str* pyrt_str_strip(pyrt_str* s, int32_t which, pyrt_str* chars) {
  std::optional<CharSet> set;
  if (chars) set.emplace(chars);
  auto strips = [&](uint32_t c) { return set ? set->has(c) : unicode_is_space(c); };
  int64_t begin = 0, end = s->size, removed = 0;
  if (which != 2) {
    while (begin < end) {
      int64_t next = begin;
      if (!strips(utf8_decode(s->data, &next))) break;
      begin = next;
      ++removed;
    }
  }
  if (which != 1) {
    while (end > begin) {
      int64_t start = previous_start(s->data, end), at = start;
      if (!strips(utf8_decode(s->data, &at))) break;
      end = start;
      ++removed;
    }
  }
  return str_copy(s->data + begin, end - begin, s->length - removed);
}

} // extern "C"
