// CPython's tokenizer rules that tree-sitter-python recovers from without an ERROR node: indentation
// (unexpected indent, an unindent that matches no outer level, a block header with no indented
// body, tabs and spaces mixed inconsistently) and nesting limits. Note [Indentation as CPython
// reads it] in tokenizer_rules.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pyscript {

struct TokenizerError {
  uint32_t begin = 0, end = 0; // bytes of the source where CPython reports it
  std::string message;         // CPython's own words ("unexpected indent", ...)
  std::string help;
};

// The first error CPython's tokenizer or its indentation rules would stop at, if any.
// `text` is valid UTF-8 without NUL bytes (the parser checks that first).
std::optional<TokenizerError> check_tokenizer_rules(std::string_view text);

} // namespace pyscript
