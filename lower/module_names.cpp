// The module-level names a host reads after the top level has run (Module::global<T>, export).
//
// Note [Module names for hosts]
// `pyscript run` stores into globals only the names functions read (Note [Module constants] in
// module_lowering.cpp). A host asks for any name the top level bound (`m.global<Object>("net")`
// after `m.run()`), and an export saves them all, so when lowering for a host
// (LowerOptions::store_module_names) the top level ends by storing the value each module-level
// name holds there into a global of its own: a name assigned several times (a counter, a loop's
// target) gives its last value, as CPython's module dict would hold it. Names bound on some paths
// only, names whose assignment had an error, and functions used as values (nothing at run time)
// are left out. The store comes after everything the top level did, so it costs one store per
// name, once; like any global it marks what it holds as shared (Note [Threads] in api/module.cpp).
// An empty display's element type may still be open at the end of the body (Note [Empty
// containers]): the global takes the type its value has once the body is finished.
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

namespace pyscript::lower {

void FunctionLowering::store_module_names(const Environment& env) {
  if (!module_.stores_module_names() || env.terminated) return;
  block_ = function_.graph->top();
  for (const auto& [name, binding] : env.vars) {
    if (binding.state != Binding::State::Defined || !binding.value) continue;
    if (name.empty() || name[0] == '$' || !module_.is_module_variable(name) || module_.find_global(name)) continue;
    const ir::Type& t = binding.value->type();
    if (t.is(ir::TypeKind::Function)) continue;
    ir::Node* store = emit(ir::OpKind::StoreGlobal, {binding.value}, {}, binding.where);
    store->set_attr("name", name);
    module_.record_module_name(name, t);
  }
}

void ModuleLowering::record_module_name(const std::string& name, const ir::Type& type) {
  record_global(name, type);
  module_names_.insert(name);
}

void ModuleLowering::settle_module_name_types(const ir::Function& main) {
  for (const ir::Node* n : main.graph->top()->nodes()) {
    if (n->kind() != ir::OpKind::StoreGlobal || !module_names_.count(n->str_attr("name"))) continue;
    for (ir::Global& g : module_->globals)
      if (g.name == n->str_attr("name")) g.type = n->input(0)->type();
  }
}

const ast::FunctionDef* ModuleLowering::find_method(const std::string& qualified) const {
  size_t dot = qualified.find('.');
  if (dot == std::string::npos) return nullptr;
  const ClassInfo* cls = classes_.find(qualified.substr(0, dot));
  if (!cls) return nullptr;
  const ast::FunctionDef* fn = classes_.method(*cls, qualified.substr(dot + 1)).first;
  return fn && !fn->is_static ? fn : nullptr;
}

} // namespace pyscript::lower
