// The host API (include/pyscript/pyscript.hpp): compile, specialize on request, run.
#include "api/module_state.hpp"

#include "api/host_types.hpp"
#include "api/module_cache.hpp"
#include "api/tier_up.hpp"

#include "codegen/codegen.hpp"
#include "ir/artifact.hpp"
#include "codegen/optimize.hpp"
#include "codegen/phase_times.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "support/internal_error.hpp"

#include <llvm/Support/Error.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

// Note [Threads]
// A Module, its handles, its Tensors and its globals may be used from many threads at once
// (SPEC.md, "Threads"). What each kind of state does:
// - Per call: the pyrt_context, which holds the error, its location and detail text, the
//   recursion depth and the print destination. A handle's call makes one on the caller's stack
//   (detail::CallContext: two stores) and passes it to the compiled entry, so an error raised
//   on one thread is thrown on that thread only, and its message text (detail_buffer) lives in
//   that call's context; nothing in the runtime keeps an error in static storage.
// - Per module, behind ModuleState::mutex: specializing, JIT compilation and the tables they
//   fill (the Jit's libraries and symbols, `compiled`, `graphs`). The first request of a
//   specialization compiles it while holding the lock; concurrent requests of the same one
//   wait and then find it compiled, so each is compiled once. A handle keeps the address it got
//   and calls it without the lock; JIT code is never freed while the module lives (handles hold
//   it). A tensor handle's per-handle list of specializations is read lock-free on each call
//   (detail::SpecializationCache: immutable entries published with release/acquire).
// - Arrays: counted plainly while one call owns them, atomically once shared (module globals,
//   what the host holds as a Tensor): Note [Shared arrays] in runtime/array.cpp.
// - np.random: the module's legacy RandomState, and a Generator stored in a module global, are
//   one stream each that calls on any thread draw from under a lock (Note [Random state] in
//   runtime/random_api.cpp); tests/thread_random_test.cpp checks that no value is lost or repeated.
// - Objects (pyscript::Object, Note [Module state from the host] in api/objects.cpp): what the
//   globals hold is shared when stored (pyrt_object_share: atomic counts from then on), and an
//   Object the host gets is shared too, so method calls from several threads count references
//   exactly; a method's first request compiles under the lock like a function's. A value a
//   method stores into a field of a shared object is not marked shared by that store: reading it
//   from two threads at once is safe only after something shares it again (a later global store).
// - Not synchronized, as in C++: the host's own data races. Module::run() stores the module's
//   globals, so it runs before other threads call functions that read them.
// Printing goes through stdio, whose FILE locks keep each write whole; output of two threads'
// print calls may interleave between those writes, as CPython's does.
// tests/thread_test.cpp checks all of this from 8 threads; scripts/test runs it under
// ThreadSanitizer too (JIT-compiled code is not instrumented; the runtime it calls is).

namespace pyscript {
namespace detail {

namespace {

[[noreturn]] void throw_llvm(llvm::Error err) {
  internal_error(__FILE__, __LINE__, "LLVM: " + llvm::toString(std::move(err)));
}

} // namespace

namespace {

// A JIT for the module, with the data layout given (`layout`, from the machine that just compiled
// its code), or the one the cache keeps (Note [A JIT without a target machine] in codegen/jit.cpp).
std::unique_ptr<codegen::Jit> new_jit(const ModuleState& state, const std::string& layout = "") {
  auto jit = codegen::Jit::create(layout.empty() ? data_layout_for(state.cache.get()) : layout);
  if (!jit) throw_llvm(jit.takeError());
  return std::move(*jit);
}

// A later specialization lowered the module again: a class whose fields' types changed would lay
// out objects unlike those that exist (Note [Objects] in lower/classes.hpp).
void check_same_layouts(const ir::Module& first, const ir::Module& later) {
  for (const ir::ClassLayout& c : later.classes) {
    const ir::ClassLayout* before = first.find_class(c.name);
    if (!before || before->fields == c.fields) continue;
    for (size_t i = 0; i < c.fields.size(); ++i)
      if (i >= before->fields.size() || c.fields[i] != before->fields[i])
        throw TypeError("this specialization changes the attributes of class " + c.name + " ('" +
                        c.fields[i].first + "' becomes " + c.fields[i].second.to_string() +
                        "), which objects already made do not have; call it from the top level instead");
    throw TypeError("this specialization changes the attributes of class " + c.name);
  }
}

} // namespace

void add_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs) {
  bool first = !state.jit;
  if (!first) check_same_layouts(*state.main_graph, *graphs);
  codegen::CodegenOptions cg;
  cg.define_globals = first;
  cg.emit_main = first && !state.lazy_main; // Note [The top level on demand]
  // An object file, from the cache or compiled now (also with the cache off: one target machine
  // for -O3 and code generation, and the same code either way). Note [What the cache keeps] in
  // api/module_cache.cpp.
  std::string layout;
  // Note [Functions on demand]: a host's first module exports no function.
  bool on_demand = first && state.lazy_main;
  Exports exports{state.only_main ? Exports::Main : on_demand ? Exports::None : Exports::All, ""};
  TierRequest tiers; // Note [Two tiers] in codegen/tiers.cpp
  bool may_tier = first && state.only_main && state.two_tiers && two_tiers_enabled();
  std::string object = object_for(state.cache.get(), *graphs, cg, exports, first ? &layout : nullptr,
                                  may_tier ? &tiers : nullptr);
  std::shared_ptr<ir::Module> shared = std::move(graphs);
  codegen::PhaseTimer timer("jit link");
  if (first) state.jit = new_jit(state, layout);
  if (auto err = state.jit->add_object(object)) throw_llvm(std::move(err));
  start_tier_one(state, shared, tiers);
  for (const auto& f : shared->functions) {
    if (f->name == "__main__" ? !cg.emit_main : state.only_main || on_demand) continue; // Note [Only the top level]
    auto address = state.jit->lookup(f->name);
    if (!address) throw_llvm(address.takeError());
    state.compiled[f->name] = *address;
  }
  if (first) state.main_graph = shared.get();
  state.graphs.push_back(std::move(shared));
}

// Note [The top level on demand]
// A host's top level runs only when it calls Module::run(), and a host that serves handles may
// never call it; yet it is often most of a module's code (the seed MLP's: 62% of the LLVM IR,
// three `weights` and two `mlp` calls inlined into it). So compile_file compiles the functions and
// the module constants first, and the top level is a module of its own, compiled (or read from
// the cache) on the first run(): only __main__ and what it calls, as `pyscript run` compiles it
// (Note [Only the top level] in api/module_cache.cpp), linked against the constants the first
// module defines. A host that runs its top level pays about what it paid before, once.
void* main_address(ModuleState& state) {
  auto found = state.compiled.find("__main__");
  if (found != state.compiled.end()) return found->second;
  PYSCRIPT_ASSERT(state.lazy_main && state.main_graph, "no top level to compile");
  codegen::CodegenOptions cg;
  cg.define_globals = false;
  cg.emit_main = true;
  std::string object = object_for(state.cache.get(), *state.main_graph, cg, Exports{Exports::Main, ""});
  if (auto err = state.jit->add_object(object)) throw_llvm(std::move(err));
  auto address = state.jit->lookup("__main__");
  if (!address) throw_llvm(address.takeError());
  return state.compiled["__main__"] = *address;
}

// Note [Functions on demand]
// A host's module (compile_file, compile_string) holds the functions its top level specialized,
// and a host often asks for one of them (the seed MLP: `mlp`, which inlines `dense` and `relu`,
// and not `weights`): compiling each up front cost half of the seed MLP's compile for code never
// called. So the first module a host compiles exports no function: it defines the module's
// constants and state, the classes' descriptors and what they point at (methods), and nothing
// else. A function is compiled the first time a handle asks for it, as a module of its own that
// exports it alone (its callees inlined or internal copies), linked against the first (as the top
// level is: Note [The top level on demand]); the object cache keeps it under its own key. A later
// specialization (argument types the top level never used) compiles its module whole, as before.
void compile_on_demand(ModuleState& state, const std::string& name) {
  codegen::CodegenOptions cg;
  cg.define_globals = false;
  cg.emit_main = false;
  std::string object = object_for(state.cache.get(), *state.main_graph, cg, Exports{Exports::One, name});
  if (auto err = state.jit->add_object(object)) throw_llvm(std::move(err));
  auto address = state.jit->lookup(name);
  if (!address) throw_llvm(address.takeError());
  state.compiled[name] = *address;
}

void add_object_to_jit(ModuleState& state, std::unique_ptr<ir::Module> graphs, const std::string& object) {
  PYSCRIPT_ASSERT(!state.jit, "an artifact's object goes into a fresh JIT");
  state.jit = new_jit(state);
  if (auto err = state.jit->add_object(object)) throw_llvm(std::move(err));
  for (const auto& f : graphs->functions) {
    auto address = state.jit->lookup(f->name);
    if (!address) throw_llvm(address.takeError());
    state.compiled[f->name] = *address;
  }
  state.main_graph = graphs.get();
  state.graphs.push_back(std::move(graphs));
}

char* symbol_address_locked(ModuleState& state, const std::string& symbol) {
  auto found = state.symbols.find(symbol);
  if (found != state.symbols.end()) return found->second;
  char* address = nullptr;
  if (auto a = state.jit->lookup(symbol)) address = static_cast<char*>(*a);
  else llvm::consumeError(a.takeError());
  state.symbols[symbol] = address;
  return address;
}

char* symbol_address(ModuleState& state, const std::string& symbol) {
  std::lock_guard lock(state.mutex);
  return symbol_address_locked(state, symbol);
}

void throw_runtime_error(const pyrt_context& c) {
  std::string location = c.site ? c.site : "<unknown>";
  if (c.kind == PYRT_SYSTEM_EXIT) {
    std::fflush(c.out ? c.out : stdout);
    throw SystemExit(location, c.detail ? std::atoi(c.detail) : 0);
  }
  std::string error = pyrt_error_text(c.kind);
  if (c.detail && *c.detail) error += std::string(": ") + c.detail; // CPython leaves out an empty message
  if (c.kind == PYRT_EXCEPTION && c.exception) { // raised by the program (Note [Exception objects])
    std::vector<char> text(size_t(c.exception->text->size) + 256);
    pyrt_exception_describe(c.exception, text.data(), int64_t(text.size()));
    error = text.data();
    pyrt_exception_release(c.exception); // the context's reference; the context is done
  }
  // What the failing call printed comes out before the host reports the error.
  std::fflush(c.out ? c.out : stdout);
  throw RuntimeError(location + ": runtime error: " + error, location, error);
}

std::string cpp_signature(const std::string& params, const std::string& result) {
  std::string out = cpp_name(result) + "(";
  std::vector<std::string> codes = split_codes(params);
  for (size_t i = 0; i < codes.size(); ++i) out += (i ? ", " : "") + cpp_name(codes[i]);
  return out + ")";
}

namespace {

ir::DType ir_dtype(DType d) {
  switch (d) {
  case DType::Float32: return ir::DType::Float32;
  case DType::Float64: return ir::DType::Float64;
  case DType::Int64: return ir::DType::Int64;
  case DType::Bool: return ir::DType::Bool;
  }
  return ir::DType::Float64;
}

} // namespace

void check_signature(ModuleState& state, const std::string& name, const std::string& params,
                     const std::string& result) {
  std::string what = "handle " + cpp_signature(params, result) + " for '" + name + "'";
  std::vector<std::string> codes = split_codes(params);
  if (state.check) state.check(what, name, codes.size());
  check_codes(what, codes, result);
}

void check_codes(const std::string& what, const std::vector<std::string>& codes, const std::string& result) {
  for (size_t i = 0; i < codes.size(); ++i)
    if (codes[i] == "?")
      throw TypeError(what + ": argument " + std::to_string(i + 1) +
                      " has a C++ type pyscript cannot pass; use int64_t, double, bool, std::string, "
                      "std::vector of these (or of vectors) or pyscript::Tensor");
  if (result == "?")
    throw TypeError(what + ": the result type cannot be received; use int64_t, double, bool, std::string, "
                           "std::vector of these (or of vectors), pyscript::Tensor or void");
}

std::vector<ir::Type> param_types(const std::string& params, const std::vector<TensorKey>& tensors) {
  std::vector<ir::Type> types;
  size_t next_tensor = 0;
  for (const std::string& code : split_codes(params)) {
    if (code == "t") {
      const TensorKey& k = tensors.at(next_tensor++);
      types.push_back(ir::Type::array(ir_dtype(k.dtype), k.rank));
    } else {
      types.push_back(ir_type(code));
    }
  }
  return types;
}

void* resolve(ModuleState& state, const std::string& name, const std::string& params, const std::string& result,
              const std::vector<TensorKey>& tensors) {
  check_signature(state, name, params, result);
  std::string what = "handle " + cpp_signature(params, result) + " for '" + name + "'";
  return specialization_address(state, what, name, param_types(params, tensors), result);
}

void* specialization_address(ModuleState& state, const std::string& what, const std::string& name,
                             const std::vector<ir::Type>& types, const std::string& result) {
  std::string specialized = ir::specialized_name(name, types);
  // One thread at a time specializes, compiles and reads the JIT's tables; the handle made from
  // the address found here calls it without the lock (Note [Threads]).
  std::lock_guard lock(state.mutex);
  if (!state.compiled.count(specialized) && state.lazy_main && state.main_graph &&
      state.main_graph->find(specialized))
    compile_on_demand(state, specialized);
  if (!state.compiled.count(specialized)) {
    if (!state.specialize)
      throw TypeError(what + ": the artifact holds no specialization " + specialized +
                      "; compile it in with --entry/--args, or call it from the top level");
    add_to_jit(state, state.specialize(name, types));
  }
  const ir::Function* f = nullptr;
  for (const auto& g : state.graphs)
    if (const ir::Function* found = g->find(specialized)) f = found;
  PYSCRIPT_ASSERT(f != nullptr, "specialization missing after compiling it");
  if (!result_fits(result, f->return_type))
    throw TypeError(what + ": '" + name + "' returns " + f->return_type.to_string() +
                    " for these arguments; declare the handle's result as " + cpp_name(f->return_type));
  return state.compiled.at(specialized);
}

} // namespace detail

void Module::run() { run({state_->source_name}); }

void Module::run(const std::vector<std::string>& argv) {
  void* address;
  {
    std::lock_guard lock(state_->mutex);
    if (state_->restored) return; // an export: its top level ran before it was saved
    address = detail::main_address(*state_);
    // Note [sys.argv] in runtime/sys_api.cpp (a module that never names sys has no such state).
    if (auto sys = state_->jit->lookup("pyscript.sys")) {
      std::vector<const char*> args;
      for (const std::string& a : argv) args.push_back(a.c_str());
      pyrt_sys_set_argv(static_cast<uint64_t*>(*sys), args.data(), int64_t(args.size()));
    } else {
      llvm::consumeError(sys.takeError());
    }
  }
  detail::CallContext ctx;
  reinterpret_cast<void (*)(pyrt_context*)>(address)(&ctx);
  std::fflush(stdout);
  if (ctx.failed) detail::throw_runtime_error(ctx);
  std::lock_guard lock(state_->mutex);
  state_->ran = true;
}

void Module::save(const std::string& path) const {
  // Every function once (later modules compiled on demand may repeat earlier ones), the classes
  // and module constants of the first.
  std::string body;
  std::set<std::string> seen;
  std::lock_guard lock(state_->mutex);
  for (const auto& g : state_->graphs) {
    if (g == state_->graphs.front()) {
      for (const ir::ClassLayout& c : g->classes) body += ir::print_class(c);
      for (const ir::Global& gl : g->globals) body += "global @" + gl.name + " : " + gl.type.to_string() + "\n";
      if (!g->globals.empty() || !g->classes.empty()) body += "\n";
    }
    for (const auto& f : g->functions) {
      if (!seen.insert(f->name).second) continue;
      if (seen.size() > 1) body += "\n";
      body += ir::print_function(*f);
    }
  }
  const std::string& source = state_->source_name;
  // After the top level ran: its state (Note [Module state in artifacts] in ir/state.hpp), read
  // back as a loader will before anything is written.
  std::optional<std::string> state;
  if (state_->ran) {
    state = ir::encode_state(detail::capture_state(*state_), *state_->main_graph);
    try {
      (void)ir::decode_state(*state, *state_->main_graph);
    } catch (const ir::StateError& e) {
      internal_error(__FILE__, __LINE__, std::string("a saved state does not read back: ") + e.what());
    }
  }
  // With the machine code for this machine, so that loading it here needs no compiling.
  ir::ArtifactObject object{codegen::target_tag(), detail::object_for(state_->cache.get(), *ir::parse_module_text(body), {})};
  std::string text = ir::write_artifact_text(body, source, &object, state ? &*state : nullptr);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("pyscript: cannot write '" + path + "'");
}

Module load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read");
  std::ostringstream ss;
  ss << in.rdbuf();
  std::unique_ptr<ir::Module> graphs;
  ir::ArtifactObject object;
  std::optional<ir::StateImage> image;
  try {
    graphs = ir::read_artifact(ss.str(), path, &object, &image);
  } catch (const ir::ArtifactError& e) {
    throw std::runtime_error(e.what());
  }
  auto state = std::make_shared<detail::ModuleState>();
  state->source_name = path;
  state->cache = codegen::CompileCache::from_environment();
  if (!object.bytes.empty() && object.target == codegen::target_tag())
    detail::add_object_to_jit(*state, std::move(graphs), object.bytes);
  else
    detail::add_to_jit(*state, std::move(graphs)); // another machine: compile the graph
  if (image) {
    detail::restore_state(*state, *image, path);
    state->ran = state->restored = true;
  }
  return Module(state);
}

std::string Module::graph() const {
  std::string out;
  std::lock_guard lock(state_->mutex);
  for (const auto& g : state_->graphs) out += ir::print_module(*g);
  return out;
}

} // namespace pyscript
