// `pyscript fix`: applies the fix-its of diagnostics to the source text, keeping every other byte.
#pragma once

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

} // namespace pyscript
