// Name resolution over the AST: every name used is defined (a local, a module-level name, a
// function, an imported module or a builtin), calls pass a number of arguments the callee takes,
// module attributes exist, and framework escapes (.asnumpy(), .item(), ...) are rejected.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace pyscript {

void resolve_names(const ast::Module& module, DiagnosticEngine& diags);

} // namespace pyscript
