#include "api/module_cache.hpp"

#include "codegen/cold_code.hpp"
#include "codegen/jit.hpp"
#include "codegen/optimize.hpp"
#include "codegen/phase_times.hpp"
#include "codegen/tiers.hpp"
#include "ir/artifact.hpp"
#include "ir/printer.hpp"

#include <llvm/IR/LLVMContext.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

// Note [What the cache keeps]
// Two kinds of entries, so that a hit skips every stage whose input is unchanged:
// - object: the object file of a module's graphs for this machine, keyed by the graphs' text (the
//   printed graph IR holds every op, type, attribute and source location that codegen reads, as an
//   artifact's does: loading an artifact on another machine compiles its text), the codegen
//   options, the target tag (triple, CPU, features) and the build identity. Every JIT compile goes
//   through it (api/module.cpp, add_to_jit): `pyscript run`, handles, loaded artifacts of other
//   machines, and the objects of `compile -o OUT.pys` and Module::save. A hit skips LLVM: IR
//   generation, -O3 and code generation, most of the time of a compile.
// - source: the optimized graphs of a source file (as artifact text, which read_artifact parses
//   and verifies), keyed by the source bytes, its path (in every runtime error location), whether
//   it was lowered for a host (Note [Module names for hosts]), the specialization asked for, the
//   target tag and the build identity. A hit skips the frontend, lowering and the graph passes; the
//   object then comes from an object entry. It also keeps the arities of the top-level defs, so a
//   host's handle is checked without parsing; asking for a specialization that is not cached runs
//   the frontend then (api/compile.cpp).
// Both paths, hit and miss, load an object file into the JIT, so a program behaves the same
// whether its code was compiled in this process or read back.
//
// Note [Only the top level]
// `pyscript run` calls __main__ and nothing else: no handle asks for a function, nothing is saved.
// Every other function's exported entry (Note [Entry and body]) is then code nobody calls, and a
// body the top level calls need not stay once inlined. So for a run, every function but __main__
// is made internal before LLVM's pipeline, whose global optimizer drops what is unreferenced:
// the seed MLP's code shrinks by a third, and its compile time with it. What runs is the same
// code as the top level's in a host's module (the same IR, optimized the same way); class
// descriptors and other globals that point at methods keep those.
//
// Note [Files lowering read]
// np.load is typed from the file's header when compiling (Note [Typing np.load]), so a source's
// graphs also depend on those files. A source entry records, for the path of every numpy_load and
// numpy_open_npz op in its graphs (as the program names it, relative to the working directory),
// the file's identity (device, inode, size, modification and change times) or its absence; a hit
// whose files do not all match is a miss, and the entry is stored again.

namespace pyscript::detail {
namespace {

constexpr const char* kSourceEntryMagic = "pyscript-source-entry 1\n";

std::string file_stamp(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return "absent";
  return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + " " + std::to_string(st.st_size) + " " +
         std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + " " +
         std::to_string(st.st_ctim.tv_sec) + "." + std::to_string(st.st_ctim.tv_nsec);
}

// The paths of the files np.load typed from, once each.
std::vector<std::string> files_read(const ir::Module& graphs) {
  std::vector<std::string> out;
  for (const auto& f : graphs.functions)
    for (const ir::Node* n : ir::all_nodes(*f->graph->top())) {
      if (n->kind() != ir::OpKind::NumpyLoad && n->kind() != ir::OpKind::NumpyOpenNpz) continue;
      const std::string& path = n->str_attr("path");
      if (std::find(out.begin(), out.end(), path) == out.end()) out.push_back(path);
    }
  return out;
}

// "LEN:TEXT": a field that may hold any byte.
void put_field(std::string& out, const std::string& text) { out += std::to_string(text.size()) + ":" + text; }

std::optional<std::string> get_field(const std::string& in, size_t& at) {
  size_t colon = in.find(':', at);
  if (colon == std::string::npos || colon == at || colon - at > 12) return std::nullopt;
  size_t size = 0;
  for (size_t i = at; i < colon; ++i) {
    if (in[i] < '0' || in[i] > '9') return std::nullopt;
    size = size * 10 + size_t(in[i] - '0');
  }
  if (size > in.size() - colon - 1) return std::nullopt;
  at = colon + 1 + size;
  return in.substr(colon + 1, size);
}

} // namespace

void keep_only(llvm::Module& module, const std::string& name) {
  for (llvm::Function& f : module) {
    if (f.isDeclaration() || (!name.empty() && f.getName() == name)) continue;
    f.setVisibility(llvm::GlobalValue::DefaultVisibility);
    f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  codegen::remove_unused_functions(module);
}

namespace {

codegen::CacheKey layout_key() {
  codegen::CacheKey key("layout");
  key.add(codegen::build_identity()).add(codegen::target_tag());
  return key;
}

} // namespace

std::string object_for(const codegen::CompileCache* cache, const ir::Module& graphs,
                       const codegen::CodegenOptions& options, const Exports& exports, std::string* layout,
                       TierRequest* tiers) {
  bool only_main = exports.kind == Exports::Main;
  if (!only_main) tiers = nullptr;
  std::optional<codegen::CacheKey> key;
  if (cache) {
    key.emplace("object");
    key->add(codegen::build_identity()).add(codegen::target_tag());
    key->add(options.define_globals ? "globals" : "no globals").add(options.emit_main ? "main" : "no main");
    static const char* const kinds[] = {"every function", "only main", "one function ", "no function"};
    key->add(kinds[exports.kind] + (exports.kind == Exports::One ? exports.name : std::string()));
    key->add(ir::print_module(graphs));
    // Note [Two tiers] in codegen/tiers.cpp: what a run that may use two
    // tiers stores is tier 0 when it is, and its tier-1 object goes under a key of its own.
    if (tiers) {
      key->add("two tiers");
      tiers->key = *key;
      tiers->key->add("tier 1");
    }
    if (std::optional<std::string> hit = cache->get(*key)) {
      if (tiers) tiers->sites = codegen::tier_slots_of_object(*hit);
      return std::move(*hit);
    }
  }
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  std::unique_ptr<llvm::TargetMachine> machine;
  {
    codegen::PhaseTimer timer("llvm ir");
    module = codegen::emit_module(graphs, context, options);
    if (exports.kind != Exports::All)
      keep_only(*module, exports.kind == Exports::Main ? "__main__" : exports.kind == Exports::One ? exports.name : "");
  }
  {
    codegen::PhaseTimer timer("target machine");
    machine = codegen::host_target_machine();
  }
  // Note [Code that runs once] in codegen/optimize.cpp.
  if (only_main && codegen::runs_once(*module)) {
    codegen::prepare_unoptimized(*module, *machine);
  } else {
    if (options.emit_main) codegen::leave_top_level_unoptimized(*module);
    unsigned cold = 0;
    if (only_main) {
      codegen::PhaseTimer timer("cold functions"); // Note [Cold functions] in codegen/cold_code.cpp
      cold = codegen::mark_cold_functions(*module, *machine);
      if (codegen::phase_times_enabled()) std::fprintf(stderr, "pyscript time: %u functions cold\n", cold);
    }
    if (cold && codegen::all_optnone(*module)) {
      codegen::prepare_unoptimized(*module, *machine);
    } else if (tiers && !(tiers->sites = codegen::add_tier_slots(*module)).empty()) {
      codegen::prepare_unoptimized(*module, *machine);
      if (codegen::phase_times_enabled())
        std::fprintf(stderr, "pyscript time: %zu sites in two tiers\n", tiers->sites.size());
    } else {
      codegen::PhaseTimer timer("llvm opt");
      codegen::optimize_module(*module, *machine);
    }
  }
  if (layout) {
    *layout = machine->createDataLayout().getStringRepresentation();
    if (cache && !cache->get(layout_key())) cache->put(layout_key(), *layout);
  }
  std::string object;
  {
    codegen::PhaseTimer timer("codegen");
    object = codegen::emit_machine_code(*module, *machine, /*assembly=*/false);
  }
  if (cache) cache->put(*key, object);
  return object;
}

std::string data_layout_for(const codegen::CompileCache* cache) {
  if (!cache) return "";
  if (std::optional<std::string> hit = cache->get(layout_key())) return std::move(*hit);
  std::string layout = codegen::host_data_layout();
  if (!layout.empty()) cache->put(layout_key(), layout);
  return layout;
}

codegen::CacheKey source_key(const std::string& path, const std::string& text, bool for_host,
                             const std::string& entry) {
  codegen::CacheKey key("source");
  key.add(codegen::build_identity()).add(codegen::target_tag());
  key.add(for_host ? "host" : "run").add(path).add(text).add(entry);
  return key;
}

// The payload: the magic line, then fields: the number of defs, each name and arity; the number of
// files, each path and stamp; the artifact text.
void store_source_entry(const codegen::CompileCache& cache, const codegen::CacheKey& key, const std::string& path,
                        const ir::Module& graphs, const std::map<std::string, size_t>& arities) {
  std::string out = kSourceEntryMagic;
  put_field(out, std::to_string(arities.size()));
  for (const auto& [name, arity] : arities) {
    put_field(out, name);
    put_field(out, std::to_string(arity));
  }
  std::vector<std::string> files = files_read(graphs);
  put_field(out, std::to_string(files.size()));
  for (const std::string& f : files) {
    put_field(out, f);
    put_field(out, file_stamp(f));
  }
  put_field(out, ir::write_artifact(graphs, path));
  cache.put(key, out);
}

std::optional<SourceEntry> load_source_entry(const codegen::CompileCache& cache, const codegen::CacheKey& key,
                                             const std::string& path) {
  std::optional<std::string> payload = cache.get(key);
  if (!payload || payload->compare(0, std::strlen(kSourceEntryMagic), kSourceEntryMagic) != 0) return std::nullopt;
  size_t at = std::strlen(kSourceEntryMagic);
  auto number = [&]() -> std::optional<size_t> {
    std::optional<std::string> f = get_field(*payload, at);
    if (!f || f->empty() || f->size() > 12 || f->find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    return size_t(std::stoull(*f));
  };
  SourceEntry entry;
  std::optional<size_t> defs = number();
  for (size_t i = 0; defs && i < *defs; ++i) {
    std::optional<std::string> name = get_field(*payload, at);
    std::optional<size_t> arity = number();
    if (!name || !arity) return std::nullopt;
    entry.arities[*name] = *arity;
  }
  std::optional<size_t> files = number();
  if (!defs || !files) return std::nullopt;
  for (size_t i = 0; i < *files; ++i) {
    std::optional<std::string> file = get_field(*payload, at);
    std::optional<std::string> stamp = get_field(*payload, at);
    if (!file || !stamp || file_stamp(*file) != *stamp) return std::nullopt; // Note [Files lowering read]
  }
  std::optional<std::string> artifact = get_field(*payload, at);
  if (!artifact || at != payload->size()) return std::nullopt;
  try {
    entry.graphs = ir::read_artifact(*artifact, path);
  } catch (const std::exception&) { // ArtifactError, or anything else that does not read back
    return std::nullopt;
  }
  return entry;
}

} // namespace pyscript::detail
