// AST -> graph IR, with types fixed by specialization.
// Entry points (the top level, functions with full annotations, signatures a host asks for) fix
// argument types; each call site instantiates its callee once per distinct signature.
#pragma once

#include "frontend/diagnostics.hpp"
#include "frontend/frontend.hpp"
#include "ir/graph.hpp"

#include <memory>
#include <string>
#include <vector>

namespace pyscript {

struct EntryRequest {
  std::string function; // a module-level function, or "Class.method" (arg_types then start with self's)
  std::vector<ir::Type> arg_types;
};

struct LowerOptions {
  bool lower_main = true;              // the top-level statements, as "__main__"
  std::vector<EntryRequest> entries;   // extra specializations, e.g. from --entry/--args
  // For a host (the C++ API, export): the top level ends by storing every module-level name it
  // has bound into a global (Note [Module names for hosts] in lower/module_names.cpp).
  bool store_module_names = false;
};

struct LowerResult {
  std::unique_ptr<ir::Module> module; // null when there were errors
  // Set when the program uses a feature that type checking and lowering do not cover yet
  // (numpy arrays): the message says which. `pyscript check` then reports the frontend's
  // diagnostics only; compile and run refuse the program with this message.
  std::string not_yet_supported;
  SourceRange not_yet_supported_at;
  bool restart = false; // a field's type widened: lower again (Note [Objects] in lower/classes.hpp)
};

LowerResult lower_module(const CheckedModule& checked, DiagnosticEngine& diags,
                         const LowerOptions& options = {});

// Note [All errors in one run]
// Every driver (the CLI's check/compile/run, the host API's compile) runs the frontend and then
// lowering through check_and_lower, so a file shows all its errors at once. After frontend errors
// other than syntax errors, lowering still type-checks what holds none: a top-level statement or a
// function whose source holds an error is skipped, and the names it (or any statement the parser
// left out) would bind are poisoned, so nothing is reported twice or as a cascade. The result
// then has no module.
struct CheckedAndLowered {
  CheckedModule checked; // keeps the source alive for the diagnostics
  LowerResult lowered;
};
CheckedAndLowered check_and_lower(std::string path, std::string text, DiagnosticEngine& diags,
                                  const LowerOptions& options = {});

// "int,float,f32[1,512]" -> types; throws std::invalid_argument naming a bad entry.
std::vector<ir::Type> parse_type_list(const std::string& text);


} // namespace pyscript
