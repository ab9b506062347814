// Internal to the host API: what a pyscript::Module holds.
#pragma once

#include "codegen/jit.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/frontend.hpp"
#include "ir/graph.hpp"
#include "lower/lower.hpp"

#include <pyscript/pyscript.hpp>

#include <map>
#include <memory>
#include <string>

namespace pyscript::detail {

struct ModuleState {
  CheckedModule checked;                 // the source and its AST, for later specializations
  std::unique_ptr<codegen::Jit> jit;
  pyrt_context context{};                // errors and print destination of compiled code
  std::map<std::string, void*> compiled; // specialized name -> address
  std::vector<std::unique_ptr<ir::Module>> graphs; // what each JIT module was built from
  std::string source_name;               // for a module loaded from an artifact
};

// Generates code for `graphs` and adds it to the JIT; the first module also defines the module
// constants and the top level.
void add_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs);

// Lowers (with `entries`), optimizes, generates code and adds it to the JIT; the first call
// also defines the module constants and the top level.
void compile_unit(ModuleState& state, const std::vector<EntryRequest>& entries);

CompileError compile_error(const std::vector<Diagnostic>& diagnostics);

} // namespace pyscript::detail
