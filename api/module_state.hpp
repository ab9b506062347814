// Internal to the host API: what a pyscript::Module holds.
// api/module.cpp (the loader: artifacts, JIT, handles) needs no frontend; api/compile.cpp adds
// compiling from source and installs the hooks below, so a host that only loads artifacts links
// neither the parser nor tree-sitter (libpyscript-loader).
#pragma once

#include "codegen/compile_cache.hpp"
#include "codegen/jit.hpp"
#include "ir/graph.hpp"
#include "ir/state.hpp"

#include <pyscript/pyscript.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace pyscript::detail {

struct TierUpControl; // api/tier_up.cpp

struct ModuleState {
  ~ModuleState(); // tells a tier-1 thread the JIT is going (api/tier_up.cpp)

  // Held while specializing, compiling and looking up, and by whatever reads `jit`, `compiled`
  // or `graphs`; never on the call path of a handle (Note [Threads] in api/module.cpp).
  std::mutex mutex;
  std::unique_ptr<codegen::Jit> jit;
  std::map<std::string, void*> compiled; // specialized name -> address
  // What each JIT module was built from (shared with a tier-1 thread: api/tier_up.cpp).
  std::vector<std::shared_ptr<ir::Module>> graphs;
  std::string source_name;               // the file it came from (source or artifact)
  // The first module (the top level, the globals, the class layouts): set once, before the module
  // is shared, then only read, so readers need no lock.
  const ir::Module* main_graph = nullptr;
  // Whether the top level has run to its end here, or its state was restored from an export
  // (then run() does nothing). Guarded by `mutex`.
  bool ran = false;
  bool restored = false; // loaded with a state: the top level has run already
  // `pyscript run`: nothing but the top level is ever called (no handle, no save), so the code
  // keeps only what the top level reaches (Note [Only the top level] in api/module_cache.cpp).
  bool only_main = false;
  // A host's module compiled from source: its top level is compiled when run() first calls it
  // (Note [The top level on demand] in api/module.cpp).
  bool lazy_main = false;
  // `pyscript run` (the command, which calls stop_tier_one before it exits): the module may be
  // compiled in two tiers (Note [Two tiers] in codegen/tiers.cpp).
  bool two_tiers = false;
  std::shared_ptr<TierUpControl> tier_up; // set while a tier-1 thread may link into `jit`
  // Where compiled code is looked up and stored (Note [What the cache keeps] in
  // api/module_cache.cpp); null when the cache is off.
  std::shared_ptr<const codegen::CompileCache> cache;
  // Addresses of JIT globals by symbol, found once (guarded by `mutex`).
  std::map<std::string, char*> symbols;

  // Set for a module compiled from source (api/compile.cpp); empty for a loaded artifact.
  // check: throws TypeError when `name` does not exist or does not take `arity` arguments.
  std::function<void(const std::string& what, const std::string& name, size_t arity)> check;
  // specialize: lowers and optimizes `name` for these argument types (throws CompileError).
  std::function<std::unique_ptr<ir::Module>(const std::string& name, const std::vector<ir::Type>& types)> specialize;
};

// Compiles source (api/compile.cpp): for a host (compile_file, compile_string, `pyscript export`)
// the top level stores every module-level name (Note [Module names for hosts] in
// lower/module_names.cpp); `pyscript run` compiles without. `cache` may be null (no cache).
Module compile_source(std::string path, std::string text, bool for_host,
                      std::shared_ptr<const codegen::CompileCache> cache);

// Generates code for `graphs` and adds it to the JIT; the first module also defines the module
// constants and the top level. The caller holds state.mutex, or has the only reference to state.
void add_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs);
// The address of the top level, compiled now when the module deferred it (lazy_main). The caller
// holds state.mutex.
void* main_address(ModuleState& state);
// The same with the module already compiled for this machine (an artifact's object).
void add_object_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs, const std::string& object);
// The address of a JIT symbol (a global), or null when the module has none. Holds state.mutex.
char* symbol_address(ModuleState& state, const std::string& symbol);
// The same for a caller already holding state.mutex.
char* symbol_address_locked(ModuleState& state, const std::string& symbol);

// Handles (api/module.cpp): the C++ codes' check (TypeError), the static types of a handle's
// parameters, and the address of `name` specialized for `types` (compiled on first request,
// holding state.mutex) after checking that its result fits `result`; `what` names the handle.
std::string cpp_signature(const std::string& params, const std::string& result);
void check_codes(const std::string& what, const std::vector<std::string>& codes, const std::string& result);
std::vector<ir::Type> param_types(const std::string& params, const std::vector<TensorKey>& tensors);
void* specialization_address(ModuleState& state, const std::string& what, const std::string& name,
                             const std::vector<ir::Type>& types, const std::string& result);

// Module state in artifacts (api/state.cpp; Note [Module state in artifacts] in ir/state.hpp).
// The globals the top level stored and what they reach; the caller holds state.mutex. Throws
// std::runtime_error for a value that cannot be saved (an attribute never assigned).
ir::StateImage capture_state(ModuleState& state);
// Restores a state into a freshly loaded module (nothing else holds it yet); throws
// std::runtime_error naming `path` for a state this module's code cannot take.
void restore_state(ModuleState& state, const ir::StateImage& image, const std::string& path);

} // namespace pyscript::detail
