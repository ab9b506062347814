// Compiling from source for the host API (compile_file, compile_string): the frontend and
// lowering, installed into the module as its hooks for later specializations.
// Hosts that only load artifacts do not link this file (libpyscript-loader).
#include "api/module_cache.hpp"
#include "api/module_state.hpp"
#include "codegen/phase_times.hpp"

#include "frontend/diagnostics.hpp"
#include "frontend/frontend.hpp"
#include "ir/passes/pipeline.hpp"
#include "lower/lower.hpp"

#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

namespace pyscript {
namespace {

CompileError compile_error(const std::vector<Diagnostic>& diagnostics) {
  std::vector<DiagnosticRecord> records;
  for (const Diagnostic& d : diagnostics) {
    DiagnosticRecord r;
    r.severity = d.severity == Severity::Error ? "error" : "warning";
    r.code = d.code;
    r.message = d.message;
    if (d.range.valid()) {
      r.file = d.range.file->display_name();
      r.line = int(d.range.line);
      r.column = int(d.range.column);
      r.end_line = int(d.range.end_line);
      r.end_column = int(d.range.end_column);
    }
    r.help = d.help;
    for (const DiagnosticNote& n : d.notes) r.notes.push_back(n.message);
    for (const FixIt& f : d.fixits) r.fixits.push_back(f.replacement);
    records.push_back(std::move(r));
  }
  return CompileError(format_diagnostics_text(diagnostics), std::move(records));
}

// A lowered module, optimized; throws CompileError for a feature not lowered yet.
std::unique_ptr<ir::Module> optimized(LowerResult lowered) {
  if (!lowered.module) {
    Diagnostic d;
    d.code = "not-implemented";
    d.message = lowered.not_yet_supported + " cannot be compiled yet";
    d.range = lowered.not_yet_supported_at;
    throw compile_error({d});
  }
  codegen::PhaseTimer timer("graph passes");
  ir::optimize(*lowered.module);
  return std::move(lowered.module);
}

// Lowers the top level (always: it fixes the module constants' types) and `entries`, optimizes.
std::unique_ptr<ir::Module> lower_and_optimize(const CheckedModule& checked, const std::vector<EntryRequest>& entries,
                                               bool for_host) {
  DiagnosticEngine diags;
  LowerOptions options;
  options.entries = entries;
  options.store_module_names = for_host;
  LowerResult lowered = lower_module(checked, diags, options);
  if (diags.has_errors()) throw compile_error(diags.sorted());
  return optimized(std::move(lowered));
}

} // namespace

namespace {

// The frontend's result for a module's later specializations: from the first compile, or, when the
// module came from the cache, made on the first specialization the cache does not hold.
class LazyFrontend {
public:
  LazyFrontend(std::string path, std::string text, bool for_host)
      : path_(std::move(path)), text_(std::move(text)), for_host_(for_host) {}

  // The frontend and the top level's lowering, as the CLI runs them (Note [All errors in one
  // run]); throws CompileError. Called once, first, on a miss.
  std::unique_ptr<ir::Module> first_lowering() {
    std::lock_guard lock(mutex_);
    return optimized(lower_first());
  }

  const CheckedModule& checked() {
    std::lock_guard lock(mutex_);
    if (!checked_) (void)lower_first();
    return *checked_;
  }

  std::map<std::string, size_t> arities() {
    std::map<std::string, size_t> out;
    for (const ast::StmtPtr& s : checked().module.body)
      if (s->kind == ast::StmtKind::FunctionDef) out[s->function->name] = s->function->params.size();
    return out;
  }

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  bool for_host() const { return for_host_; }

private:
  LowerResult lower_first() {
    DiagnosticEngine diags;
    LowerOptions options;
    options.store_module_names = for_host_;
    CheckedAndLowered first = [&] {
      codegen::PhaseTimer timer("frontend+lower");
      return check_and_lower(path_, text_, diags, options);
    }();
    if (diags.has_errors()) throw compile_error(diags.sorted());
    checked_ = std::make_shared<CheckedModule>(std::move(first.checked));
    return std::move(first.lowered);
  }

  std::mutex mutex_;
  std::string path_, text_;
  bool for_host_;
  std::shared_ptr<CheckedModule> checked_;
};

// The specialization `name(types)` of the module, from the cache or lowered and optimized.
std::unique_ptr<ir::Module> specialization(LazyFrontend& frontend, const codegen::CompileCache* cache,
                                           const std::string& name, const std::vector<ir::Type>& types) {
  std::optional<codegen::CacheKey> key;
  if (cache) {
    key = detail::source_key(frontend.path(), frontend.text(), frontend.for_host(), ir::specialized_name(name, types));
    if (std::optional<detail::SourceEntry> hit = detail::load_source_entry(*cache, *key, frontend.path()))
      return std::move(hit->graphs);
  }
  std::unique_ptr<ir::Module> graphs = lower_and_optimize(frontend.checked(), {EntryRequest{name, types}},
                                                          frontend.for_host());
  if (cache) detail::store_source_entry(*cache, *key, frontend.path(), *graphs, frontend.arities());
  return graphs;
}

} // namespace

// for_host: the top level stores every module-level name for Module::global (Note [Module names
// for hosts] in lower/module_names.cpp); `pyscript run` needs none of them.
Module detail::compile_source(std::string path, std::string text, bool for_host,
                              std::shared_ptr<const codegen::CompileCache> cache) {
  auto frontend = std::make_shared<LazyFrontend>(path, std::move(text), for_host);
  auto state = std::make_shared<detail::ModuleState>();
  state->source_name = path;
  state->cache = cache;
  state->only_main = !for_host; // `pyscript run` (Note [Only the top level] in api/module_cache.cpp)
  state->lazy_main = for_host;  // Note [The top level on demand] in api/module.cpp
  state->two_tiers = !for_host;  // the command's run (Note [Tier 1 on another thread] in api/tier_up.cpp)
  // Note [What the cache keeps] in api/module_cache.cpp: the top level's graphs, then its object.
  std::optional<codegen::CacheKey> key;
  std::optional<detail::SourceEntry> hit;
  if (cache) {
    key = detail::source_key(path, frontend->text(), for_host, "");
    hit = detail::load_source_entry(*cache, *key, path);
  }
  std::unique_ptr<ir::Module> graphs = hit ? std::move(hit->graphs) : frontend->first_lowering();
  std::map<std::string, size_t> arities = hit ? std::move(hit->arities) : frontend->arities();
  state->check = [path, arities](const std::string& what, const std::string& name, size_t arity) {
    auto found = arities.find(name);
    if (found == arities.end()) throw TypeError(what + ": " + path + " has no function '" + name + "'");
    if (found->second != arity)
      throw TypeError(what + ": '" + name + "' takes " + std::to_string(found->second) +
                      " arguments, the handle passes " + std::to_string(arity));
  };
  state->specialize = [frontend, cache](const std::string& name, const std::vector<ir::Type>& types) {
    return specialization(*frontend, cache.get(), name, types);
  };
  detail::add_to_jit(*state, std::move(graphs));
  if (cache && !hit) detail::store_source_entry(*cache, *key, path, *state->main_graph, arities);
  return Module(state);
}

Module compile_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("pyscript: cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return detail::compile_source(path, ss.str(), /*for_host=*/true, codegen::CompileCache::from_environment());
}

Module compile_string(const std::string& source, const std::string& filename) {
  return detail::compile_source(filename, source, /*for_host=*/true, codegen::CompileCache::from_environment());
}

} // namespace pyscript
