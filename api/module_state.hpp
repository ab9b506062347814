// Internal to the host API: what a pyscript::Module holds.
// api/module.cpp (the loader: artifacts, JIT, handles) needs no frontend; api/compile.cpp adds
// compiling from source and installs the hooks below, so a host that only loads artifacts links
// neither the parser nor tree-sitter (libpyscript-loader).
#pragma once

#include "codegen/jit.hpp"
#include "ir/graph.hpp"

#include <pyscript/pyscript.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace pyscript::detail {

struct ModuleState {
  // Held while specializing, compiling and looking up, and by whatever reads `jit`, `compiled`
  // or `graphs`; never on the call path of a handle (Note [Threads] in api/module.cpp).
  std::mutex mutex;
  std::unique_ptr<codegen::Jit> jit;
  std::map<std::string, void*> compiled; // specialized name -> address
  std::vector<std::unique_ptr<ir::Module>> graphs; // what each JIT module was built from
  std::string source_name;               // the file it came from (source or artifact)

  // Set for a module compiled from source (api/compile.cpp); empty for a loaded artifact.
  // check: throws TypeError when `name` does not exist or does not take `arity` arguments.
  std::function<void(const std::string& what, const std::string& name, size_t arity)> check;
  // specialize: lowers and optimizes `name` for these argument types (throws CompileError).
  std::function<std::unique_ptr<ir::Module>(const std::string& name, const std::vector<ir::Type>& types)> specialize;
};

// Generates code for `graphs` and adds it to the JIT; the first module also defines the module
// constants and the top level. The caller holds state.mutex, or has the only reference to state.
void add_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs);
// The same with the module already compiled for this machine (an artifact's object).
void add_object_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs, const std::string& object);

} // namespace pyscript::detail
