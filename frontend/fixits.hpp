// `pyscript fix`: applies the fix-its of diagnostics to the source text, keeping every other byte.
// Also the in-place diagnostics that later stages report with the frontend's wording.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

#include <string>
#include <vector>

namespace pyscript {

// The text with every fix-it applied. Overlapping fix-its: the first in source order wins.
std::string apply_fixits(const std::string& text, const std::vector<Diagnostic>& diagnostics);

// A unified diff (3 lines of context) from `before` to `after`, with file headers a/PATH, b/PATH.
// Empty when the texts are equal.
std::string unified_diff(const std::string& path, const std::string& before,
                         const std::string& after);

// Item or slice assignment to an array (`a[:] = a + b`, `a[0] = 1.0`) would change the array in
// place, which the subset rejects (arrays are values). The parser accepts every item assignment,
// since lists and dicts take them; the lowering, which knows that `target` (a Subscript, one
// target of an Assign statement whose value is `value`) indexes an array, reports it with this:
// code `in-place`, at the target, the value form as help (no fix-it: `a = ...` would not change
// the other names for the array, as the item assignment does in CPython).
Diagnostic& report_array_item_assignment(DiagnosticEngine& diags, const ast::Expr& target,
                                         const ast::Expr& value);

} // namespace pyscript
