// `from M import a, b as c` as the attribute form: after name resolution, each use of an imported
// name becomes `M.a`, so the lowering knows one form of every module member.
#pragma once

#include "frontend/ast.hpp"

namespace pyscript {

// Note [From-imports are attributes]
// A top-level `from math import sqrt, pi as PI` becomes `import math as <M>` at the same place, and
// every read of `sqrt` or `PI` that Python's scoping resolves to the import (not a parameter, a
// local, a comprehension variable, nor a name the top level binds again) becomes `<M>.sqrt` or
// `<M>.pi`, with the name's source range. <M> is the module's own name when the program binds that
// name to nothing else, else a spelling no identifier has. Submodules work alike
// (`from numpy import linalg` -> `<numpy>.linalg`), and so does the order of execution: a use
// before the import statement has run is reported as a use of the module before its import.
// Runs on a resolved module, before lowering (check_and_lower): the resolver's diagnostics and
// --emit=ast speak of the source as written.
void expand_from_imports(ast::Module& module);

} // namespace pyscript
