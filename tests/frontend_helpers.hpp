// Helpers shared by the frontend tests: run the frontend on a string and read the diagnostics
// back as short "LINE:COL [code] message" lines.
#pragma once

#include "frontend/frontend.hpp"

#include <string>
#include <vector>

namespace pyscript::testing {

struct CheckResult {
  CheckedModule checked;
  std::vector<Diagnostic> diagnostics;

  // "7:9 [in-place] in-place update 's += i' is not supported", one per diagnostic.
  std::vector<std::string> lines() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diagnostics)
      out.push_back(std::to_string(d.range.line) + ":" + std::to_string(d.range.column) + " [" +
                    d.code + "] " + d.message);
    return out;
  }
  std::string first() const { return lines().empty() ? "" : lines().front(); }
  std::string codes() const {
    std::string out;
    for (const Diagnostic& d : diagnostics) out += (out.empty() ? "" : " ") + d.code;
    return out;
  }
};

inline CheckResult check(const std::string& source, const std::string& path = "model.py") {
  DiagnosticEngine diags;
  CheckResult r;
  r.checked = check_source(path, source, diags);
  r.diagnostics = diags.sorted();
  return r;
}

} // namespace pyscript::testing
