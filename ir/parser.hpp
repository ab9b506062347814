// Reads the IR's textual form (what ir/printer.hpp writes) back into a Module.
// Used by golden tests (IR text in, pass, IR text out) and, later, by saved artifacts.
#pragma once

#include "ir/graph.hpp"

#include <stdexcept>
#include <string>

namespace pyscript::ir {

// "line 7: expected ')'": malformed IR text is the input's fault, not a compiler bug.
class IrParseError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

std::unique_ptr<Module> parse_module_text(const std::string& text);
// One type as Type::to_string writes it ("list[Tuple[int, str]]").
Type parse_type_text(const std::string& text);

} // namespace pyscript::ir
