// What Python says a value's type is: isinstance(x, int) (and float, bool, str, list, dict, tuple,
// alone or in a tuple with user classes), and type(x).__name__.
//
// Note [Builtin types are static]
// A pyscript value's Python type is its static type, but for two cases decided at run time: the
// class of an object (a subclass of its static class: its class id), and an Either (a Python number
// or the numpy scalar of its kind). So isinstance(x, int) is a constant: True for an int or a bool
// (bool is a subclass of int), False for a float or a str, True for a np.float64 tested against
// float (numpy's float64 derives from Python's float), False for np.int64 against int (it does not
// derive from int). An Either whose answer differs between its two kinds is a diagnostic.
// type(x).__name__ is the static type's name ("int", "list", "ndarray", "float64", "NoneType"), the
// run-time class's name for an object or an exception.
#include "frontend/builtins.hpp"
#include "lower/module_lowering.hpp"

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// isinstance(value of type t, NAME) for a builtin type NAME; nothing when the answer is decided at
// run time (an Either of int and np.int64, ...).
std::optional<bool> instance_of_builtin(const Type& t, const std::string& name) {
  switch (t.kind()) {
  case TypeKind::Int: return name == "int";
  case TypeKind::Bool: return name == "int" || name == "bool";
  case TypeKind::Float: return name == "float";
  case TypeKind::Str: return name == "str";
  case TypeKind::List: return t.is_range() ? name == "range" : name == "list" && !t.is_deque(); // deque is no list subclass
  case TypeKind::Dict: return name == "dict";                  // Counter and defaultdict are
  case TypeKind::Set: return name == "set";
  case TypeKind::Tuple: return name == "tuple";
  case TypeKind::Array: return t.rank() == 0 && t.dtype() == DType::Float64 && name == "float";
  case TypeKind::Either: {
    std::optional<bool> python = instance_of_builtin(t.elements()[0], name);
    bool numpy = t.elements()[0].is(TypeKind::Float) && name == "float"; // np.float64 is a float
    if (python && *python == numpy) return numpy;
    return std::nullopt;
  }
  default: return false;
  }
}

} // namespace

// The name type(x).__name__ gives for a value of static type t, when it does not depend on run time.
std::optional<std::string> static_type_name(const Type& t) {
  switch (t.kind()) {
  case TypeKind::Int: return "int";
  case TypeKind::Bool: return "bool";
  case TypeKind::Float: return "float";
  case TypeKind::Str: return "str";
  case TypeKind::None: return "NoneType";
  case TypeKind::List: return t.is_deque() ? "deque" : t.is_range() ? "range" : "list";
  case TypeKind::Dict: return t.is_counter() ? "Counter" : t.is_defaultdict() ? "defaultdict" : "dict";
  case TypeKind::Set: return "set";
  case TypeKind::Tuple: return "tuple";
  case TypeKind::Generator: return "Generator";
  case TypeKind::Array:
    if (t.rank() > 0) return "ndarray";
    return t.dtype() == DType::Bool ? std::string("bool_") : std::string(ir::dtype_name(t.dtype()));
  default: return std::nullopt;
  }
}


// isinstance(x, int), isinstance(x, (int, float)), isinstance(x, (str, Node)): true when `e` is an
// isinstance naming a builtin type (`out` is then its value, or null after a diagnostic).
bool FunctionLowering::lower_isinstance_builtin(const ast::Expr& e, Environment& env, Value*& out) {
  const ast::Expr& callee = *e.operands[0];
  auto global = [&](const std::string& name) {
    return !env.find(name) && !local_names_.count(name) && !module_.find_function(name);
  };
  if (callee.kind != ast::ExprKind::Name || callee.text != "isinstance" || !global("isinstance") ||
      e.operands.size() != 3 || !e.keywords.empty())
    return false;
  const ast::Expr& what = *e.operands[2];
  std::vector<const ast::Expr*> options;
  if (what.kind == ast::ExprKind::Tuple)
    for (const ast::ExprPtr& o : what.operands) options.push_back(o.get());
  else
    options.push_back(&what);
  auto builtin_type = [&](const ast::Expr& o) {
    return o.kind == ast::ExprKind::Name && is_builtin_type_name(o.text) && global(o.text) &&
           !module_.classes().find(o.text);
  };
  if (std::none_of(options.begin(), options.end(), [&](const ast::Expr* o) { return builtin_type(*o); }))
    return false;
  out = nullptr;
  Value* x = lower_expr(*e.operands[1], env);
  if (!x) return true;
  Value* result = nullptr;
  for (const ast::Expr* o : options) {
    Value* one = nullptr;
    if (builtin_type(*o) && x->type().is(TypeKind::Optional) && !class_of(x->type())) {
      // Optional[int], Optional[str], ...: an instance when it is not None and its value is one.
      std::optional<bool> is = instance_of_builtin(x->type().elements()[0], o->text);
      one = is && *is ? emit1(OpKind::Not, {is_none_value(x, e.range)}, Type::bool_(), e.range) : const_bool(false, e.range);
    } else if (builtin_type(*o)) {
      std::optional<bool> is = instance_of_builtin(x->type(), o->text);
      if (!is) {
        type_error(e.range, "isinstance(x, " + o->text + ") of a " + x->type().to_string() +
                                " is decided at run time (a Python number or a numpy scalar), which pyscript does not do",
                   "convert it first: float(x) or int(x)");
        return true;
      }
      one = const_bool(*is, e.range);
    } else if (const ClassInfo* c = o->kind == ast::ExprKind::Name && global(o->text) ? module_.classes().find(o->text) : nullptr;
               c && !c->is_exception) {
      one = lower_isinstance(x, *o, e.range);
    } else {
      type_error(o->range, "isinstance() with builtin types takes builtin types and classes of the program here",
                 "test exception classes in an isinstance of their own");
      return true;
    }
    if (!one) return true;
    auto known = [](Value* v) -> std::optional<bool> { // a constant of the types (not yet folded)
      const ir::Node* p = v->producer();
      if (!p || p->kind() != OpKind::Constant) return std::nullopt;
      const ir::AttrValue* a = p->attr("value");
      return a && std::holds_alternative<bool>(*a) ? std::optional<bool>(std::get<bool>(*a)) : std::nullopt;
    };
    if (result && known(result) && known(one)) // isinstance(x, (int, float)): decided as a whole
      result = const_bool(*known(result) || *known(one), e.range);
    else
      result = result ? emit1(OpKind::Or, {result, one}, Type::bool_(), e.range) : one;
  }
  // Decided by the types alone (isinstance(n, int) of an int or a float specialization): the
  // branch it rules out is not lowered (Note [Branches the types decide]).
  if (ir::Node* p = result->producer(); p && p->kind() == OpKind::Constant) decided_by_types_.insert(result);
  out = result;
  return true;
}

// type(x).__name__: true when `e` is one (`out` is then the name, or null after a diagnostic).
bool FunctionLowering::lower_type_name(const ast::Expr& e, Environment& env, Value*& out) {
  if (e.text != "__name__") return false;
  const ast::Expr& call = *e.operands[0];
  if (call.kind != ast::ExprKind::Call || call.operands[0]->kind != ast::ExprKind::Name ||
      call.operands[0]->text != "type" || env.find("type") || local_names_.count("type") ||
      module_.find_function("type") || call.operands.size() != 2 || !call.keywords.empty())
    return false;
  out = nullptr;
  Value* x = lower_expr(*call.operands[1], env);
  if (!x) return true;
  const SourceRange& r = e.range;
  if (std::optional<std::string> name = static_type_name(x->type())) {
    out = const_str(*name, r);
    return true;
  }
  if (x->type().is(TypeKind::Exception)) {
    out = str_call("exception_type_name", {x}, Type::str(), r);
    return true;
  }
  if (x->type().is(TypeKind::Optional)) {
    Value* is_none = is_none_value(x, r);
    ast::Expr where(ast::ExprKind::None, r);
    out = select(
        is_none, [&] { return const_str("NoneType", r); },
        [&] {
          const Type& t = x->type().elements()[0];
          std::optional<std::string> name = static_type_name(t);
          if (name) return const_str(*name, r);
          if (t.is(TypeKind::Exception)) return str_call("exception_type_name", {object_cast(x, t, r)}, Type::str(), r);
          return class_name_of(object_cast(x, t, r), r);
        },
        where, "type()");
    return true;
  }
  if (class_of(x->type())) {
    out = class_name_of(x, r);
    return true;
  }
  type_error(r, "type(x).__name__ of a " + x->type().to_string() + " is not supported");
  return true;
}

// The name of an object's run-time class: its static class, or one of the subclasses the program
// constructs, told apart by the class id.
Value* FunctionLowering::class_name_of(Value* obj, const SourceRange& r) {
  const ClassInfo* c = class_of(obj->type());
  std::vector<const ClassInfo*> candidates;
  for (const auto& k : module_.classes().all())
    if (k.get() != c && k->constructed && module_.classes().is_subclass(*k, *c)) candidates.push_back(k.get());
  if (candidates.empty()) return const_str(c->name, r);
  Value* id = emit1(OpKind::ClassId, {obj}, Type::int_(), r);
  std::function<Value*(size_t)> pick = [&](size_t i) -> Value* {
    if (i == candidates.size()) return const_str(c->name, r);
    Value* is = emit1(OpKind::Eq, {id, const_int(candidates[i]->id, r)}, Type::bool_(), r);
    ast::Expr where(ast::ExprKind::None, r);
    return select(is, [&] { return const_str(candidates[i]->name, r); }, [&] { return pick(i + 1); }, where, "type()");
  };
  return pick(0);
}

} // namespace pyscript::lower
