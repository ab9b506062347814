// What the host API keeps in the compile cache (codegen/compile_cache.hpp), and how a hit is used:
// Note [What the cache keeps] in module_cache.cpp.
#pragma once

#include "codegen/codegen.hpp"
#include "codegen/compile_cache.hpp"
#include "ir/graph.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pyscript::detail {

// Which functions an object exports: all; the top level alone (`pyscript run` and a host's
// top level: Note [Only the top level]); one function (Note [Functions on demand] in
// api/module.cpp); or none (a host's module constants, with what they point at). What is not
// exported is internal: LLVM inlines it where it is called and drops the rest.
struct Exports {
  enum Kind { All, Main, One, None } kind = All;
  std::string name; // for One
};

// A run's request for two tiers (Note [Two tiers] in codegen/tiers.cpp),
// which object_for fills: the sites it gave slots to (none: the object is one tier, as without
// a request), and the cache key of their tier-1 object.
struct TierRequest {
  std::vector<std::string> sites;
  std::optional<codegen::CacheKey> key;
};

// The object file of `graphs` compiled with `options` for this machine: from `cache` when it holds
// it, else compiled (LLVM's -O3 and code generation) and stored there. `cache` may be null.
// When it compiles and `layout` is given, the data layout of its target machine goes there (and
// into the cache), so that making the JIT needs no machine of its own. With `tiers` (a run's top
// level only), the object may be tier 0 of two.
std::string object_for(const codegen::CompileCache* cache, const ir::Module& graphs,
                       const codegen::CodegenOptions& options, const Exports& exports = {},
                       std::string* layout = nullptr, TierRequest* tiers = nullptr);
// Makes every function of `module` internal but `name` (none when empty), then removes the
// internal functions nothing refers to.
void keep_only(llvm::Module& module, const std::string& name);

// The host's data layout for codegen::Jit::create: from `cache` when it holds it, else made by a
// target machine and stored (Note [A JIT without a target machine] in codegen/jit.cpp); empty
// without a cache, and Jit::create makes it.
std::string data_layout_for(const codegen::CompileCache* cache);

// A module's optimized graphs as a source entry keeps them, with what lowering read besides the
// source: the top-level functions' arities (for handles' checks) and the files np.load typed from.
struct SourceEntry {
  std::unique_ptr<ir::Module> graphs;
  std::map<std::string, size_t> arities; // every top-level def: name -> parameter count
};

// The key of the graphs of `path` holding `text`, lowered for a host or for `pyscript run`, or of
// the specialization `entry` of them (`entry` empty for the top level).
codegen::CacheKey source_key(const std::string& path, const std::string& text, bool for_host,
                             const std::string& entry);
// The graphs stored under `key`, when the entry reads back and every file np.load typed from is as
// it was (Note [Files lowering read]); nothing otherwise.
std::optional<SourceEntry> load_source_entry(const codegen::CompileCache& cache, const codegen::CacheKey& key,
                                             const std::string& path);
// Stores `graphs` (optimized) with the arities and the stamps of the files np.load names in them.
void store_source_entry(const codegen::CompileCache& cache, const codegen::CacheKey& key, const std::string& path,
                        const ir::Module& graphs, const std::map<std::string, size_t>& arities);

} // namespace pyscript::detail
