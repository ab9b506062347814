// Python's format-spec mini-language, as f"{x:spec}" and format(x, spec) apply it to int, float
// and str: [[fill]align][sign][z][#][0][width][grouping][.precision][type]. Lowering validates a
// spec when compiling (it is always a literal); the runtime formats with it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pyscript {

enum class FormatKind { Int, Float, Str };

struct FormatSpec {
  std::string fill = " "; // one character, UTF-8
  char align = 0;         // '<', '>', '^', '=' or 0 (the kind's default)
  char sign = '-';        // '-', '+' or ' '
  bool no_negative_zero = false; // 'z'
  bool alternate = false;        // '#'
  int64_t width = 0;
  char grouping = 0;      // ',', '_' or 0
  int64_t precision = -1; // -1: none given
  char type = 0;          // 'd', 'x', 'f', 'e', 'g', '%', ... or 0
};

// Parses `spec` for a value of `kind`. Returns the error CPython raises (ValueError's text) when
// the spec is malformed or does not apply to the kind.
std::optional<std::string> parse_format_spec(std::string_view spec, FormatKind kind, FormatSpec& out);

std::string format_int(int64_t v, const FormatSpec& spec);
std::string format_float(double v, const FormatSpec& spec);
std::string format_str(std::string_view v, const FormatSpec& spec);

} // namespace pyscript
