// The frontend as one call: source text -> checked AST plus every diagnostic found.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

#include <memory>

namespace pyscript {

struct CheckedModule {
  std::shared_ptr<SourceFile> file; // owns the text that ranges point into
  ast::Module module;
  bool syntax_failed = false; // a [syntax] error: nothing past the parser was checked
};

// Parses and resolves names. Errors go to `diags`; the module holds what could be converted.
// Diagnostics point into the returned SourceFile: keep the result alive while they are used.
[[nodiscard]] CheckedModule check_source(std::string path, std::string text, DiagnosticEngine& diags);

} // namespace pyscript
