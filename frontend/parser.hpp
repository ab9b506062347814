// Source text -> AST. Parses with tree-sitter-python, reports syntax errors (ERROR/MISSING nodes)
// as `invalid syntax`, and rejects every construct outside the subset at its own location.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace pyscript {

// Always returns a module; statements that could not be converted are left out of it, after a
// diagnostic was reported for each. Check `diags.has_errors()`.
ast::Module parse_module(const SourceFile& file, DiagnosticEngine& diags);

} // namespace pyscript
