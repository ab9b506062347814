// Compiling from source for the host API (compile_file, compile_string): the frontend and
// lowering, installed into the module as its hooks for later specializations.
// Hosts that only load artifacts do not link this file (libpyscript-loader).
#include "api/module_state.hpp"

#include "frontend/diagnostics.hpp"
#include "frontend/frontend.hpp"
#include "ir/passes/pipeline.hpp"
#include "lower/lower.hpp"

#include <fstream>
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

// for_host: the top level stores every module-level name for Module::global (Note [Module names
// for hosts] in lower/module_names.cpp); `pyscript run` needs none of them.
Module detail::compile_source(std::string path, std::string text, bool for_host) {
  DiagnosticEngine diags;
  // The frontend and the top level's lowering, as the CLI runs them (Note [All errors in one run]).
  LowerOptions first_options;
  first_options.store_module_names = for_host;
  CheckedAndLowered first = check_and_lower(path, std::move(text), diags, first_options);
  if (diags.has_errors()) throw compile_error(diags.sorted());
  auto checked = std::make_shared<CheckedModule>(std::move(first.checked));
  auto state = std::make_shared<detail::ModuleState>();
  state->source_name = path;
  state->check = [checked](const std::string& what, const std::string& name, size_t arity) {
    const ast::FunctionDef* fn = nullptr;
    for (const ast::StmtPtr& s : checked->module.body)
      if (s->kind == ast::StmtKind::FunctionDef && s->function->name == name) fn = s->function.get();
    if (!fn) throw TypeError(what + ": " + checked->file->path() + " has no function '" + name + "'");
    if (fn->params.size() != arity)
      throw TypeError(what + ": '" + name + "' takes " + std::to_string(fn->params.size()) +
                      " arguments, the handle passes " + std::to_string(arity));
  };
  state->specialize = [checked, for_host](const std::string& name, const std::vector<ir::Type>& types) {
    return lower_and_optimize(*checked, {EntryRequest{name, types}}, for_host);
  };
  detail::add_to_jit(*state, optimized(std::move(first.lowered)));
  return Module(state);
}

Module compile_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("pyscript: cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return detail::compile_source(path, ss.str(), /*for_host=*/true);
}

Module compile_string(const std::string& source, const std::string& filename) {
  return detail::compile_source(filename, source, /*for_host=*/true);
}

} // namespace pyscript
