// Module state from the host (include/pyscript/pyscript.hpp): Module::global<T>, pyscript::Object,
// its attributes and its methods.
#include "api/module_state.hpp"

#include "api/host_types.hpp"

#include "codegen/codegen.hpp"

#include <cstring>

// Note [Module state from the host]
// After run(), every module-level name the top level bound sits in a global of the JIT (Note
// [Module names for hosts] in lower/module_names.cpp): "pyscript.global.NAME", with the flag that
// says the top level stored it; the first module's ir::Module gives its type. global<T> checks
// that T can hold that type, then reads the slot: numbers by value, str and lists as copies
// (host_values.hpp), an array as a new Tensor reference, an instance as a new Object reference.
// A field is read the same way at the offset the object's class descriptor (pyrt_class) gives,
// its type coming from the class's layout in the module.
//
// method<Sig>(name) calls what `obj.name(...)` calls in Python: the method of the object's
// run-time class, which is the class's own or the nearest base's that defines it (the class
// layouts list the methods each class defines). That method's specialization has `self` typed as
// its defining class (Note [Objects] in lower/classes.hpp) and the handle's argument types;
// asking for one compiles it on first request as a function handle does (Note [Threads] in
// api/module.cpp), lowering "Owner.method" as an entry. Calls inside the method that dispatch on
// a run-time class do so as in any compiled code.
//
// Everything an Object can reach is shared (pyrt_object_share: counted atomically), as globals
// are, so several threads may call methods of one object at once; each call has its own context.
// An Object holds the module (its class descriptors and code live in the JIT) and releases its
// reference before it lets the module go.

namespace pyscript {
namespace detail {
namespace {

// Whether a slot of type `t` holds what the host reads as `codes` (value_codes). In a list, an
// element is copied by its slot type, so it must be laid out exactly as the C++ element.
bool element_fits(const std::string& codes, const ir::Type& t) {
  if (t.is(ir::TypeKind::Unknown)) return true; // an empty display's element: the list is empty
  switch (codes.front()) {
  case 'i': return t.is(ir::TypeKind::Int) || t == ir::Type::array(ir::DType::Int64, 0);
  case 'f': return t.is(ir::TypeKind::Float) || t == ir::Type::array(ir::DType::Float64, 0);
  case 'b': return t.is(ir::TypeKind::Bool) || t == ir::Type::array(ir::DType::Bool, 0);
  case 'g': return t == ir::Type::array(ir::DType::Float32, 0);
  case 's': return t.is(ir::TypeKind::Str);
  case 'l': return t.is(ir::TypeKind::List) && element_fits(codes.substr(1), t.elements()[0]);
  default: return false;
  }
}

bool value_fits(const std::string& codes, const ir::Type& t) {
  if (codes.empty() || codes.find('?') != std::string::npos) return false;
  // A number that may be its numpy scalar (Either) is the number, first in its slot.
  if (t.is(ir::TypeKind::Either)) return value_fits(codes, t.elements()[0]);
  if (codes == "t") return t.is(ir::TypeKind::Array) && t.rank() > 0;
  if (codes == "o") return t.is_object_ref();
  if (t.is(ir::TypeKind::Unknown)) return false;
  return element_fits(codes, t);
}

// The C++ type that reads a slot of type `t`.
std::string reader_name(const ir::Type& t) {
  if (t.is_object_ref()) return "pyscript::Object";
  if (t.is(ir::TypeKind::Either)) return reader_name(t.elements()[0]);
  if (t.is_numpy_scalar()) {
    switch (t.dtype()) {
    case ir::DType::Float32: return "float";
    case ir::DType::Float64: return "double";
    case ir::DType::Int64: return "int64_t";
    case ir::DType::Bool: return "bool";
    }
  }
  if (t.is(ir::TypeKind::List)) {
    std::string element = reader_name(t.elements()[0]);
    if (element.front() == '(' || element == "pyscript::Object" || element == "pyscript::Tensor")
      return "(a type the host API cannot read yet)";
    return "std::vector<" + element + ">";
  }
  if (t.is(ir::TypeKind::None)) return "(nothing: it is always None)";
  return cpp_name(t);
}

std::string value_name(const std::string& codes) {
  if (codes == "o") return "pyscript::Object";
  if (codes == "g") return "float";
  if (codes.find('?') != std::string::npos) return "?";
  if (codes.front() == 'l') return "std::vector<" + value_name(codes.substr(1)) + ">";
  return codes == "t" ? "pyscript::Tensor" : cpp_name(codes);
}

void check_fits(const std::string& what, const std::string& codes, const std::string& described, const ir::Type& t) {
  if (codes.find('?') != std::string::npos)
    throw TypeError(what + ": that C++ type cannot hold a pyscript value; use int64_t, double, float, bool, "
                           "std::string, std::vector of these, pyscript::Tensor or pyscript::Object");
  if (!value_fits(codes, t))
    throw TypeError(what + ": " + described + " is " + t.to_string() + "; read it as " + reader_name(t));
}

struct MethodTarget {
  std::string owner; // the class defining it
  int arity = 0;     // self included
};

MethodTarget method_of(const ir::Module& m, const std::string& cls, const std::string& name, const std::string& what) {
  int guard = 0;
  for (const ir::ClassLayout* c = m.find_class(cls); c && guard < 1000; ++guard) {
    for (const auto& [method, arity] : c->methods)
      if (method == name) return {c->name, arity};
    c = c->base.empty() ? nullptr : m.find_class(c->base);
  }
  throw TypeError(what + ": class '" + cls + "' has no method '" + name + "'");
}

std::string method_what(const pyrt_instance* self, const std::string& name, const std::string& params,
                        const std::string& result) {
  return "method " + cpp_signature(params, result) + " for '" + self->cls->name + "." + name + "'";
}

} // namespace

const char* global_slot(ModuleState& state, const std::string& name, const std::string& codes) {
  std::string what = "global<" + value_name(codes) + ">(\"" + name + "\")";
  const ir::Global* g = nullptr;
  for (const ir::Global& each : state.main_graph->globals)
    if (each.name == name) g = &each;
  if (!g)
    throw TypeError(what + ": " + state.source_name + " has no module-level name '" + name +
                    "' that the top level assigns");
  check_fits(what, codes, "'" + name + "'", g->type);
  char* slot = symbol_address(state, codegen::global_symbol(name));
  char* bound = symbol_address(state, codegen::global_bound_symbol(name));
  if (!slot || !bound || !*bound) {
    std::string error = "NameError: name '" + name + "' is not defined";
    throw RuntimeError(state.source_name + ": runtime error: " + error + " (run() stores the module's names)",
                       state.source_name, error);
  }
  return slot;
}

const char* field_slot(ModuleState& state, const pyrt_instance* object, const std::string& name,
                       const std::string& codes) {
  const pyrt_class* cls = object->cls;
  std::string what = "attr<" + value_name(codes) + ">(\"" + name + "\")";
  const ir::ClassLayout* layout = state.main_graph->find_class(cls->name);
  if (layout && int64_t(layout->fields.size()) == cls->count)
    for (size_t i = 0; i < layout->fields.size(); ++i)
      if (layout->fields[i].first == name) {
        check_fits(what, codes, "attribute '" + name + "' of " + cls->name, layout->fields[i].second);
        return reinterpret_cast<const char*>(object) + cls->offsets[i];
      }
  throw TypeError(what + ": '" + std::string(cls->name) + "' object has no attribute '" + name + "'");
}

Object object_at(const std::shared_ptr<ModuleState>& state, const char* slot) {
  pyrt_instance* o;
  std::memcpy(&o, slot, sizeof o);
  if (!o) return Object();
  pyrt_object_retain(&o->head);
  return Object(state, o);
}

Tensor tensor_at(const char* slot) {
  pyrt_array* a;
  std::memcpy(&a, slot, sizeof a);
  pyrt_array_retain(a);
  return Tensor(a);
}

void check_method_signature(ModuleState& state, const pyrt_instance* self, const std::string& name,
                            const std::string& params, const std::string& result) {
  std::string what = method_what(self, name, params, result);
  MethodTarget target = method_of(*state.main_graph, self->cls->name, name, what);
  std::vector<std::string> codes = split_codes(params);
  if (codes.size() + 1 != size_t(target.arity))
    throw TypeError(what + ": '" + name + "' takes " + std::to_string(target.arity - 1) +
                    " arguments besides self, the handle passes " + std::to_string(codes.size()));
  check_codes(what, codes, result);
}

void* resolve_method(ModuleState& state, const pyrt_instance* self, const std::string& name,
                     const std::string& params, const std::string& result, const std::vector<TensorKey>& tensors) {
  check_method_signature(state, self, name, params, result);
  std::string what = method_what(self, name, params, result);
  MethodTarget target = method_of(*state.main_graph, self->cls->name, name, what);
  std::vector<ir::Type> types{ir::Type::object(target.owner)};
  for (ir::Type& t : param_types(params, tensors)) types.push_back(std::move(t));
  return specialization_address(state, what, target.owner + "." + name, types, result);
}

} // namespace detail

Object::Object(std::shared_ptr<detail::ModuleState> state, pyrt_instance* object) : state_(std::move(state)) {
  if (!object) return;
  pyrt_object_share(&object->head); // the host may use it from any thread
  object_.reset(object, [](pyrt_instance* o) { pyrt_object_release(&o->head); });
}

std::string Object::class_name() const { return object_ ? object_->cls->name : ""; }

const pyrt_instance* Object::checked() const {
  if (!object_) throw std::logic_error("pyscript::Object: an empty Object (None) has no attributes or methods");
  return object_.get();
}

} // namespace pyscript
