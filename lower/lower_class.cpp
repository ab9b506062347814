// User classes -> IR (Note [Objects] in lower/classes.hpp): construction, attributes, methods
// with dispatch on the run-time class, class constants, isinstance, operator methods.
#include "lower/module_lowering.hpp"

#include "pyscript/runtime.h"
#include "support/internal_error.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

std::string plural_args(size_t n) {
  return std::to_string(n) + (n == 1 ? " positional argument" : " positional arguments");
}

} // namespace

const ClassInfo* FunctionLowering::class_of(const Type& t) const {
  if (t.is(TypeKind::Object)) return module_.classes().find(t.class_name());
  if (t.is(TypeKind::Optional)) return module_.classes().find(t.elements()[0].class_name());
  return nullptr;
}

Value* FunctionLowering::object_cast(Value* v, const Type& to, const SourceRange& r) {
  if (v->type() == to) return v;
  return emit1(OpKind::ObjectCast, {v}, to, r);
}

// An Optional used where its object is needed: CPython's AttributeError when it is None.
Value* FunctionLowering::unwrap_optional(Value* v, const std::string& attribute,
                                         const SourceRange& r) {
  if (!v->type().is(TypeKind::Optional)) return v;
  ir::Node* get = emit(OpKind::OptionalGet, {v}, {v->type().elements()[0]}, r);
  get->set_attr("message", "'NoneType' object has no attribute '" + attribute + "'");
  return get->output();
}

// The arguments of a call of method `fn` fit its parameters (self given separately when bound).
bool FunctionLowering::check_method_arity(const ast::FunctionDef& fn, const ast::Expr& call,
                                          size_t given, bool bound) {
  size_t params = fn.params.size() - (bound ? 1 : 0);
  std::string qualified = fn.class_name + "." + fn.name + "()";
  if (given > params) {
    diags_.error(call.range, "arity",
                 qualified + " takes " + plural_args(params + (bound ? 1 : 0)) + " but " +
                     std::to_string(given + (bound ? 1 : 0)) + " were given");
    return false;
  }
  for (size_t i = (bound ? 1 : 0) + given; i < fn.params.size(); ++i) {
    const ast::Param& p = fn.params[i];
    if (p.default_value) continue;
    bool by_keyword = false;
    for (const ast::Keyword& kw : call.keywords)
      by_keyword |= kw.name == p.name;
    if (!by_keyword) {
      diags_.error(call.range, "arity",
                   qualified + " missing 1 required positional argument: '" + p.name + "'");
      return false;
    }
  }
  for (const ast::Keyword& kw : call.keywords) {
    bool known = false;
    for (const ast::Param& p : fn.params)
      known |= p.name == kw.name;
    if (!known) {
      diags_.error(kw.name_range, "arity",
                   qualified + " got an unexpected keyword argument '" + kw.name + "'");
      return false;
    }
  }
  return true;
}

// Calls method `fn` of class `owner` on `self` (already of a type that `owner` covers).
Value* FunctionLowering::invoke_method(const ast::FunctionDef& fn, const ClassInfo& owner,
                                       Value* self, const ast::Expr& call, std::vector<Value*> args,
                                       Environment& env) {
  if (fn.is_classmethod && self) { // obj.make(...): cls is the object's run-time class
    const ClassTable& classes = module_.classes();
    const ClassInfo* static_class = class_of(self->type());
    bool exact = static_class == &owner;
    for (const auto& k : classes.all())
      if (k.get() != &owner && classes.is_subclass(*k, owner) && classes.has_instances(*k)) exact = false;
    if (!exact) {
      diags_.error(call.range, "unsupported",
                   "the class method '" + fn.name + "' called on an object that may be of a subclass of '" +
                       owner.name + "' is not supported (cls would be its run-time class)")
          .help.push_back("call it on the class: " + owner.name + "." + fn.name + "(...)");
      return nullptr;
    }
  }
  if (fn.is_static) {
    if (!check_method_arity(fn, call, args.size(), false)) return nullptr;
    return lower_user_call(fn, call, args, env);
  }
  if (fn.params.empty()) {
    type_error(call.range, fn.class_name + "." + fn.name + "() takes no self parameter",
               "add 'self' as its first parameter, or mark it @staticmethod");
    return nullptr;
  }
  if (!check_method_arity(fn, call, args.size(), true)) return nullptr;
  Value* s =
      object_cast(unwrap_optional(self, fn.name, call.range), Type::object(owner.name), call.range);
  args.insert(args.begin(), s);
  return lower_user_call(fn, call, args, env);
}

// obj.name(args): the method the object's run-time class has (Note [Objects]). Where subclasses of
// the static class override it, a chain of class-id tests picks the override, deepest first.
Value* FunctionLowering::call_method(Value* self, const std::string& name, const ast::Expr& call,
                                     std::vector<Value*> args, Environment& env) {
  const ClassTable& classes = module_.classes();
  const ClassInfo* cls = class_of(self->type());
  PYSCRIPT_ASSERT(cls, "call_method: not an object");
  // (not a structured binding: the lambdas below capture these, which clang 14 refuses)
  const auto resolved = classes.method(*cls, name);
  const auto* fn = resolved.first;
  const ClassInfo* owner = resolved.second;
  std::vector<const ClassInfo*> overrides;
  // Where the method resolves to a subclass's own definition, for subclasses with instances.
  for (const auto& k : classes.all())
    if (k.get() != cls && classes.is_subclass(*k, *cls) && classes.has_instances(*k) &&
        classes.method(*k, name).second == k.get())
      overrides.push_back(k.get());
  if (!fn && overrides.empty()) {
    if (classes.field_index(*cls, name) >= 0) { // a field holding a callable object: self.layer(x)
      Value* held = get_field(self, name, call.range);
      if (!held) return nullptr;
      if (class_of(held->type())) return call_method(held, "__call__", call, std::move(args), env);
      type_error(call.range,
                 "'" + name + "' is a " + held->type().to_string() + " and cannot be called");
      return nullptr;
    }
    type_error(call.operands[0]->range,
               "'" + cls->name + "' object has no attribute '" + name + "'");
    return nullptr;
  }
  if (overrides.empty()) return invoke_method(*fn, *owner, self, call, std::move(args), env);
  std::stable_sort(overrides.begin(), overrides.end(),
                   [](const ClassInfo* a, const ClassInfo* b) { return a->depth > b->depth; });
  Value* object = unwrap_optional(self, name, call.range);
  Value* id = emit1(OpKind::ClassId, {object}, Type::int_(), call.range);
  std::optional<Type> result; // what the overrides return
  std::function<Value*(size_t)> chain = [&](size_t i) -> Value* {
    if (i == overrides.size()) {
      // An @abstractmethod serves only classes that cannot be instantiated (Note [Class
      // decorators]): no object gets here, and its body (often `pass`) does not type the call.
      if (fn && !fn->is_abstract) return invoke_method(*fn, *owner, object, call, args, env);
      // Only subclasses define it: an instance of another class raises CPython's AttributeError.
      ir::Node* raise = emit(OpKind::Raise, {}, {}, call.range);
      raise->set_attr("kind", int64_t(PYRT_ATTRIBUTE_ERROR));
      raise->set_attr("message", "'" + cls->name + "' object has no attribute '" + name + "'");
      return result ? uninitialized(*result, call.range) : const_none(call.range);
    }
    const ClassInfo* k = overrides[i];
    Value* lo = emit1(OpKind::Le, {const_int(k->id, call.range), id}, Type::bool_(), call.range);
    Value* hi =
        emit1(OpKind::Lt, {id, const_int(k->id_end, call.range)}, Type::bool_(), call.range);
    Value* in = emit1(OpKind::BitAnd, {lo, hi}, Type::bool_(), call.range);
    const auto kresolved = classes.method(*k, name);
    const auto* kfn = kresolved.first;
    const ClassInfo* kowner = kresolved.second;
    return select(
        in,
        [&]() -> Value* {
          Value* v = invoke_method(*kfn, *kowner, object, call, args, env);
          if (v && !result) result = v->type();
          return v;
        },
        [&] { return chain(i + 1); }, call, ("the method '" + name + "'").c_str());
  };
  return chain(0);
}

Value* FunctionLowering::get_field(Value* object, const std::string& field, const SourceRange& r) {
  const ClassTable& classes = module_.classes();
  const ClassInfo* cls = class_of(object->type());
  const ClassInfo* owner = classes.field_owner(*cls, field);
  PYSCRIPT_ASSERT(owner, "get_field: no such field");
  auto& types = classes.field_types->types;
  auto it = types.find({owner->name, field});
  if (it == types.end()) {
    // Read before any store was lowered (a method lowered before __init__): learn it next round.
    classes.field_types->widened = true;
    types[{owner->name, field}] = Type::unknown();
    throw RestartLowering{};
  }
  if (it->second.is(TypeKind::Unknown)) {
    if (classes.field_types->widened) throw RestartLowering{};
    type_error(r,
               "attribute '" + field + "' of '" + owner->name +
                   "' is read, but no assignment gives it a type",
               "assign it in __init__, e.g. 'self." + field + " = 0.0'");
    return nullptr;
  }
  Value* obj = unwrap_optional(object, field, r);
  bool late = owner->late_fields.count(field) > 0; // held as an Optional
  ir::Node* get = emit(OpKind::GetAttr, {object_cast(obj, Type::object(owner->name), r)},
                       {late ? Type::optional(it->second) : it->second}, r);
  get->set_attr("field", field);
  if (late) {
    // Note [Attributes set outside __init__] (classes.cpp): not assigned yet is CPython's AttributeError
    ir::Node* value = emit(OpKind::OptionalGet, {get->output()}, {it->second}, r);
    value->set_attr("message", "'" + cls->name + "' object has no attribute '" + field + "'");
    return value->output();
  }
  return get->output();
}

// The value of class constant `name` (`rate = 0.5` in the class body), lowered where it is read.
Value* FunctionLowering::class_constant(const ClassInfo& cls, const std::string& name,
                                        const SourceRange& r) {
  const ast::Stmt* k = module_.classes().constant(cls, name);
  if (!k) return nullptr;
  Environment empty;
  Value* v = lower_expr(*k->value, empty);
  if (v && v->type().holds_refs() && !v->type().is(TypeKind::Str)) {
    type_error(r,
               "class constant '" + name + "' holds a " + v->type().to_string() +
                   ", which would be shared by every instance",
               "make it an attribute assigned in __init__");
    return nullptr;
  }
  return v;
}

Value* FunctionLowering::object_attribute(Value* object, const ast::Expr& e) {
  const ClassTable& classes = module_.classes();
  const ClassInfo* cls = class_of(object->type());
  if (classes.field_owner(*cls, e.text)) return get_field(object, e.text, e.range);
  // self.rate: the constant of the object's run-time class (subclasses may assign their own).
  std::vector<const ClassInfo*> overrides;
  for (const auto& k : classes.all())
    if (k.get() != cls && classes.is_subclass(*k, *cls))
      for (const ast::StmtPtr& c : k->def->constants)
        if (c->targets[0]->text == e.text) overrides.push_back(k.get());
  if (!overrides.empty()) {
    std::stable_sort(overrides.begin(), overrides.end(),
                     [](const ClassInfo* a, const ClassInfo* b) { return a->depth > b->depth; });
    Value* id =
        emit1(OpKind::ClassId, {unwrap_optional(object, e.text, e.range)}, Type::int_(), e.range);
    std::function<Value*(size_t)> chain = [&](size_t i) -> Value* {
      if (i == overrides.size()) return class_constant(*cls, e.text, e.range);
      const ClassInfo* k = overrides[i];
      Value* lo = emit1(OpKind::Le, {const_int(k->id, e.range), id}, Type::bool_(), e.range);
      Value* hi = emit1(OpKind::Lt, {id, const_int(k->id_end, e.range)}, Type::bool_(), e.range);
      Value* in = emit1(OpKind::BitAnd, {lo, hi}, Type::bool_(), e.range);
      return select(
          in, [&] { return class_constant(*k, e.text, e.range); }, [&] { return chain(i + 1); }, e,
          ("the class attribute '" + e.text + "'").c_str());
    };
    return chain(0);
  }
  if (Value* k = class_constant(*cls, e.text, e.range)) return k;
  if (const ast::FunctionDef* m = module_.classes().method(*cls, e.text).first; m && m->is_property) {
    // @property: obj.name is obj.name() (the method of the object's run-time class)
    auto call = std::make_unique<ast::Expr>(ast::ExprKind::Call, e.range);
    call->operands.push_back(clone_expr(e));
    const ast::Expr& c = *call;
    synthetic_exprs_.push_back(std::move(call));
    Environment empty;
    return call_method(object, e.text, c, {}, call_env_ ? *call_env_ : empty);
  }
  if (module_.classes().method(*cls, e.text).first) {
    type_error(e.range, "a bound method used as a value is not supported",
               "call it: '" + e.text + "(...)'");
    return nullptr;
  }
  if (cls->depth < 0) { // Note [The object class]
    type_error(e.text_range, "reading '" + e.text + "' of objects of classes with no common base is not supported",
               "derive the classes from one base class whose __init__ assigns 'self." + e.text + "'");
    return nullptr;
  }
  type_error(e.text_range, "'" + cls->name + "' object has no attribute '" + e.text + "'",
             "attributes are the names __init__ assigns ('self." + e.text + " = ...')");
  return nullptr;
}

void FunctionLowering::store_attribute(const ast::Expr& target, Value* v, Environment& env) {
  Value* object = lower_expr(*target.operands[0], env);
  if (!object) return;
  const ClassInfo* cls = class_of(object->type());
  if (!cls) {
    type_error(target.range,
               "cannot set attribute '" + target.text + "' of a " + object->type().to_string());
    return;
  }
  ClassTable& classes = module_.classes();
  if (const ast::FunctionDef* m = classes.method(*cls, target.text).first; m && m->is_property) {
    type_error(target.range, "property '" + target.text + "' of '" + cls->name +
                                 "' object has no setter (CPython raises AttributeError here)",
               "pyscript's properties are read-only: store to another attribute");
    return;
  }
  const ClassInfo* owner = classes.field_owner(*cls, target.text);
  if (!owner) {
    Diagnostic& d = diags_.error(target.range, "attribute",
                                 "'" + cls->name + "' object has no attribute '" + target.text +
                                     "': attributes are created in __init__");
    d.help.push_back("assign 'self." + target.text + "' in " + cls->name + ".__init__ first");
    return;
  }
  auto& types = classes.field_types->types;
  auto key = std::make_pair(owner->name, target.text);
  Type want = v->type();
  if (owner->late_fields.count(target.text)) { // Note [Attributes set outside __init__] (classes.cpp)
    if (want.is(TypeKind::None) || want.is(TypeKind::Optional) || !want.is_nullable()) {
      Diagnostic& d = diags_.error(target.range, "type",
                                   "attribute '" + target.text + "' of '" + owner->name +
                                       "' is created outside __init__ with a " + want.to_string() +
                                       ", which pyscript does not support there");
      d.help.push_back("assign 'self." + target.text + "' in " + owner->name +
                       ".__init__ first (an int, float, bool, str, list, dict or object can be created later)");
      return;
    }
  }
  auto it = types.find(key);
  if (it == types.end() || it->second.is(TypeKind::Unknown)) {
    bool was_unknown = it != types.end();
    types[key] = want;
    if (was_unknown) {
      classes.field_types->widened = true;
      throw RestartLowering{};
    }
  } else if (it->second != want) {
    std::optional<Type> merged = classes.merge(it->second, want);
    if (!merged) merged = either_of(it->second, want);
    if (want.has_unknown() && it->second.is(want.kind()))
      merged = it->second; // [] into a list[int]
    if (!merged) {
      Diagnostic& d =
          diags_.error(target.range, "type",
                       "type conflict: attribute '" + target.text + "' of '" + owner->name +
                           "' is a " + it->second.to_string() + " and here a " + want.to_string());
      d.help.push_back("every instance's attribute has one type; convert (e.g. float(...)) or use "
                       "another attribute");
      return;
    }
    if (*merged != it->second) {
      it->second = *merged;
      classes.field_types->widened = true;
      throw RestartLowering{};
    }
  }
  const Type& field_type = types[key];
  // `self.items = []` (Note [Empty containers]); `self.by = defaultdict(list)`, a list[Unknown]
  // inside: each Unknown becomes the field's (copies: fix_unknown rewrites the types).
  std::function<void(Type, Type)> unify = [&](Type have, Type got) {
    if (have.is(TypeKind::Unknown) && have.rank() > 0) {
      if (have != got) fix_unknown(have.rank(), got);
      return;
    }
    if (have.kind() != got.kind() || have.elements().size() != got.elements().size()) return;
    for (size_t k = 0; k < have.elements().size(); ++k) unify(have.elements()[k], got.elements()[k]);
  };
  if (v->type().has_unknown() && field_type.is(v->type().kind())) unify(v->type(), field_type);
  if (v->type() != field_type && (field_type.is(TypeKind::List) || field_type.is(TypeKind::Dict) ||
                                  field_type.is(TypeKind::Set))) {
    // (an empty container whose unknown element is not the field's: [[]] into a list[list[int]]
    // can fix it, a list[list[list[int]]] cannot)
    diags_.error(target.range, "type",
                 "type conflict: attribute '" + target.text + "' of '" + owner->name + "' is a " +
                     field_type.to_string() + " and here a " + v->type().to_string());
    return;
  }
  Value* value = v->type() == field_type
                     ? v
                     : (field_type.is_object_ref() ? object_cast(v, field_type, target.range)
                                                   : to_either(v, field_type, target.range));
  if (owner->late_fields.count(target.text)) // held as an Optional (Note [Attributes set outside __init__])
    value = object_cast(value, Type::optional(field_type), target.range);
  Value* obj = object_cast(unwrap_optional(object, target.text, target.range),
                           Type::object(owner->name), target.range);
  ir::Node* set = emit(OpKind::SetAttr, {obj, value}, {}, target.range);
  set->set_attr("field", target.text);
}

// C(args): a new instance (fields None/zero until __init__ assigns them), then C.__init__.
Value* FunctionLowering::construct(const ClassInfo& cls, const ast::Expr& call,
                                   std::vector<Value*> args, Environment& env) {
  if (std::vector<std::string> left = module_.classes().abstract_methods(cls); !left.empty()) {
    std::string names;
    for (const std::string& m : left) names += (names.empty() ? "" : ", ") + m;
    ir::Node* raise = emit(OpKind::Raise, {}, {}, call.range); // CPython's object.__new__ refuses
    raise->set_attr("kind", int64_t(PYRT_TYPE_ERROR));
    raise->set_attr("message", "Can't instantiate abstract class " + cls.name + " with abstract method" +
                                   (left.size() == 1 ? " " : "s ") + names);
    Value* never = emit1(OpKind::ObjectNew, {}, Type::object(cls.name), call.range); // not reached
    never_values_.insert(never);
    return never;
  }
  module_.note_instantiated(cls.name);
  Value* obj = emit1(OpKind::ObjectNew, {}, Type::object(cls.name), call.range);
  auto [init, owner] = module_.classes().method(cls, "__init__");
  if (!init) {
    if (!args.empty() || !call.keywords.empty()) {
      diags_.error(call.range, "arity", cls.name + "() takes no arguments");
      return nullptr;
    }
    return obj;
  }
  Value* returned = invoke_method(*init, *owner, obj, call, std::move(args), env);
  if (!returned) return nullptr;
  if (!returned->type().is(TypeKind::None) && !never_values_.count(returned)) {
    // CPython raises TypeError after every such __init__; pyscript says so where it is called.
    type_error(call.range,
               "__init__() should return None, not '" + returned->type().to_string() +
                   "' (CPython raises TypeError)",
               "remove the value from the 'return' in " + cls.name + ".__init__");
    return nullptr;
  }
  return obj;
}

// super().name(args) inside a method of class C: the method of C's base class, called directly.
Value* FunctionLowering::call_super(const std::string& name, const ast::Expr& call,
                                    std::vector<Value*> args, Environment& env) {
  if (!method_class_ || self_name_.empty()) {
    type_error(call.range, "super() is supported inside the methods of a class");
    return nullptr;
  }
  const ClassInfo* base = method_class_->base;
  if (!base) {
    if (method_class_->is_exception || name == "__init__")
      return const_none(call.range); // object.__init__
    type_error(call.range, "'super' object has no attribute '" + name + "'");
    return nullptr;
  }
  auto [fn, owner] = module_.classes().method(*base, name);
  if (!fn) {
    if (name == "__init__") return const_none(call.range);
    type_error(call.range, "'super' object has no attribute '" + name + "'");
    return nullptr;
  }
  Value* self = env.value_of(self_name_);
  if (!self) return nullptr;
  return invoke_method(*fn, *owner, self, call, std::move(args), env);
}

// isinstance(x, C) for a user class C: decided statically where the types say, else a range test
// on the class id.
Value* FunctionLowering::lower_isinstance(Value* x, const ast::Expr& cls_expr,
                                          const SourceRange& r) {
  const ClassInfo* c =
      cls_expr.kind == ast::ExprKind::Name ? module_.classes().find(cls_expr.text) : nullptr;
  if (!c) return nullptr;
  const ClassInfo* xc = class_of(x->type());
  if (!xc) return const_bool(false, r);
  auto test = [&](Value* obj) -> Value* {
    if (module_.classes().is_subclass(*xc, *c)) return const_bool(true, r);
    if (!module_.classes().is_subclass(*c, *xc)) return const_bool(false, r);
    Value* id = emit1(OpKind::ClassId, {obj}, Type::int_(), r);
    Value* lo = emit1(OpKind::Le, {const_int(c->id, r), id}, Type::bool_(), r);
    Value* hi = emit1(OpKind::Lt,
                      {
                          id,
                          const_int(c->id_end, r),
                      },
                      Type::bool_(), r);
    return emit1(OpKind::BitAnd, {lo, hi}, Type::bool_(), r);
  };
  if (!x->type().is(TypeKind::Optional)) return test(x);
  Value* is_none = is_none_value(x, r);
  ast::Expr where(ast::ExprKind::None, r);
  return select(
      is_none, [&] { return const_bool(false, r); },
      [&] { return test(object_cast(x, x->type().elements()[0], r)); }, where, "isinstance");
}

// The operator method for `a OP b` where `a` is an object (a + b calls a.__add__(b)).
Value* FunctionLowering::operator_method(const char* method, Value* a, std::vector<Value*> args,
                                         const ast::Expr& e, bool required) {
  const ClassInfo* cls = class_of(a->type());
  if (!cls) return nullptr;
  if (!module_.classes().method(*cls, method).first) {
    if (required)
      type_error(e.range,
                 std::string("'") + cls->name + "' has no method " + method + " for this operator",
                 std::string("define ") + method + " in class " + cls->name);
    return nullptr;
  }
  Environment empty;
  ast::Expr call(ast::ExprKind::Call, e.range);
  Environment* env = call_env_ ? call_env_ : &empty;
  return call_method(a, method, call, std::move(args), *env);
}

// print(obj), str(obj), f"{obj}": __str__, then __repr__ (repr: __repr__ only).
Value* FunctionLowering::object_to_str(Value* v, bool repr, const SourceRange& r) {
  const ClassInfo* cls = class_of(v->type());
  const ClassTable& classes = module_.classes();
  const char* name = !repr && classes.method(*cls, "__str__").first ? "__str__" : "__repr__";
  if (cls->depth < 0 && !v->type().is(TypeKind::Optional)) { // Note [The object class]: per class
    std::vector<const ClassInfo*> concrete;
    for (const auto& k : classes.all())
      if (k->constructed && !k->is_exception) concrete.push_back(k.get());
    for (const ClassInfo* k : concrete)
      if (!classes.method(*k, repr ? "__repr__" : "__str__").first) {
        Diagnostic& d = diags_.error(r, "unsupported", "printing a '" + k->name +
                                                           "' object, which has no __str__ or __repr__, is not supported");
        d.notes.push_back({SourceRange{}, "CPython would print its address, which differs from run to run"});
        d.help.push_back("define __repr__ (or __str__) in class " + k->name);
        return nullptr;
      }
    if (concrete.empty()) return const_str("", r);
    Value* id = emit1(OpKind::ClassId, {v}, Type::int_(), r);
    ast::Expr call(ast::ExprKind::Call, r);
    Environment empty;
    std::function<Value*(size_t)> chain = [&](size_t i) -> Value* {
      const ClassInfo* k = concrete[i];
      auto [fn, owner] = classes.method(*k, repr ? "__repr__" : "__str__");
      auto invoke = [&, fn = fn, owner = owner]() -> Value* {
        return invoke_method(*fn, *owner, object_cast(v, Type::object(k->name), r), call, {},
                             call_env_ ? *call_env_ : empty);
      };
      if (i + 1 == concrete.size()) return invoke();
      Value* is_k = emit1(OpKind::Eq, {id, const_int(k->id, r)}, Type::bool_(), r);
      return select(is_k, invoke, [&] { return chain(i + 1); }, call, "str()");
    };
    return chain(0);
  }
  if (!classes.method(*cls, name).first) {
    if (cls->is_exception) return nullptr;
    Diagnostic& d =
        diags_.error(r, "unsupported",
                     "printing a '" + cls->name +
                         "' object, which has no __str__ or __repr__, is not supported");
    d.notes.push_back(
        {SourceRange{}, "CPython would print its address, which differs from run to run"});
    d.help.push_back("define __repr__ (or __str__) in class " + cls->name);
    return nullptr;
  }
  if (v->type().is(TypeKind::Optional)) {
    Value* is_none = is_none_value(v, r);
    ast::Expr where(ast::ExprKind::None, r);
    return select(
        is_none, [&] { return const_str("None", r); },
        [&] { return object_to_str(object_cast(v, v->type().elements()[0], r), repr, r); }, where,
        "str()");
  }
  ast::Expr call(ast::ExprKind::Call, r);
  Environment empty;
  Value* s = call_method(v, name, call, {}, call_env_ ? *call_env_ : empty);
  if (s && never_values_.count(s) && !s->type().is(TypeKind::Str)) {
    // __repr__ reaching itself before its return (a field of its own class): the value never
    // arrives this round (Note [Recursive calls before a return]); a str placeholder stands in.
    Value* placeholder = uninitialized(Type::str(), r);
    never_values_.insert(placeholder);
    return placeholder;
  }
  if (s && !s->type().is(TypeKind::Str)) {
    type_error(r, std::string(name) + " returned non-string (type " + s->type().to_string() + ")");
    return nullptr;
  }
  return s;
}

} // namespace pyscript::lower

namespace pyscript::lower {

// Calls that involve classes (lower_call_in asks first): C(args), super().m(args), C.m(args),
// isinstance(x, C), and calling an object (`net(x)` is net.__call__(x)). `handled` is false when
// the call is none of these.
Value* FunctionLowering::lower_class_call(const ast::Expr& e, Environment& env, bool& handled) {
  const ast::Expr& callee = *e.operands[0];
  const ClassTable& classes = module_.classes();
  handled = true;
  auto arguments = [&](std::vector<Value*>& args) {
    for (size_t i = 1; i < e.operands.size(); ++i) {
      Value* v = lower_expr(*e.operands[i], env);
      if (!v) return false;
      args.push_back(v);
    }
    return true;
  };
  auto global_class = [&](const ast::Expr& n) -> const ClassInfo* {
    if (n.kind != ast::ExprKind::Name || env.find(n.text) || local_names_.count(n.text))
      return nullptr;
    return classes.find(n.text);
  };
  std::vector<Value*> args;
  if (const ClassInfo* cls = global_class(callee); cls && cls->is_exception) { // exception values
    handled = false;
    return nullptr;
  }
  if (const ClassInfo* cls = global_class(callee)) {
    if (!module_.check_bound(cls->name, callee.range, cls->def->name_range, is_main_,
                             /*is_function=*/true))
      return nullptr;
    if (!arguments(args)) return nullptr;
    return construct(*cls, e, std::move(args), env);
  }
  if (callee.kind == ast::ExprKind::Name && callee.text == "isinstance" &&
      !env.find("isinstance") && e.operands.size() == 3) {
    const ast::Expr& what = *e.operands[2];
    std::vector<const ast::Expr*> options;
    if (what.kind == ast::ExprKind::Tuple)
      for (const ast::ExprPtr& o : what.operands)
        options.push_back(o.get());
    else
      options.push_back(&what);
    bool any_class = false;
    for (const ast::Expr* o : options)
      any_class |= global_class(*o) != nullptr;
    if (!any_class) {
      handled = false;
      return nullptr;
    }
    Value* x = lower_expr(*e.operands[1], env);
    if (!x) return nullptr;
    Value* out = nullptr;
    for (const ast::Expr* o : options) {
      Value* one = global_class(*o) ? lower_isinstance(x, *o, e.range) : const_bool(false, e.range);
      if (!one) return nullptr;
      out = out ? emit1(OpKind::Or, {out, one}, Type::bool_(), e.range) : one;
    }
    // isinstance(o, B) of a sibling class's o: the branch it rules out is not lowered (Note
    // [Branches the types decide]).
    if (ir::Node* p = out->producer(); options.size() == 1 && p && p->kind() == OpKind::Constant)
      decided_by_types_.insert(out);
    return out;
  }
  if (callee.kind == ast::ExprKind::Attribute) {
    const ast::Expr& object = *callee.operands[0];
    if (object.kind == ast::ExprKind::Call && object.operands[0]->kind == ast::ExprKind::Name &&
        object.operands[0]->text == "super" && !env.find("super")) {
      if (object.operands.size() != 1) {
        type_error(object.range, "super() takes no arguments in pyscript",
                   "write super().method(...)");
        return nullptr;
      }
      if (!arguments(args)) return nullptr;
      return call_super(callee.text, e, std::move(args), env);
    }
    if (const ClassInfo* cls = global_class(object)) { // C.static_method(...) or C.method(obj, ...)
      auto [fn, owner] = classes.method(*cls, callee.text);
      if (!fn) {
        type_error(callee.text_range,
                   "type object '" + cls->name + "' has no attribute '" + callee.text + "'");
        return nullptr;
      }
      if (!arguments(args)) return nullptr;
      if (fn->is_classmethod && owner != cls) { // Note [Class methods] (frontend/parse_class.cpp)
        diags_.error(callee.range, "unsupported",
                     "a class method inherited from '" + owner->name + "' called on '" + cls->name +
                         "' is not supported (its cls would be '" + cls->name + "')")
            .help.push_back("define " + callee.text + " in " + cls->name + " too");
        return nullptr;
      }
      if (fn->is_static) return invoke_method(*fn, *owner, nullptr, e, std::move(args), env);
      if (args.empty() || !class_of(args[0]->type())) {
        type_error(e.range,
                   fn->class_name + "." + fn->name + "() needs an instance as its first argument");
        return nullptr;
      }
      Value* self = args[0];
      args.erase(args.begin());
      return invoke_method(*fn, *owner, self, e, std::move(args), env);
    }
  }
  if (callee.kind == ast::ExprKind::Name && env.find(callee.text)) {
    Value* held = env.value_of(callee.text);
    if (held && class_of(held->type())) {
      if (!arguments(args)) return nullptr;
      return call_method(held, "__call__", e, std::move(args), env);
    }
  }
  handled = false;
  return nullptr;
}

} // namespace pyscript::lower

namespace pyscript::lower {

} // namespace pyscript::lower

namespace pyscript::lower {

// Note [Refining Optionals]
// Where a condition proves a name is not None (`if x is not None:`, `while node is not None:`, the
// right side of `x is None or ...`, `if x:`), the name is rebound there to its value with the
// Optional taken off (an optional_get that cannot fail), so `x.upper()` or `len(x)` type-check as
// CPython runs them. After the if, the paths merge back into the Optional. Objects need no
// refinement (a use checks for None and raises AttributeError), but it saves the checks.
void FunctionLowering::refine(const ast::Expr& cond, bool when, Environment& env) {
  const ast::Expr* name = nullptr;
  if (cond.kind == ast::ExprKind::Compare && cond.compare_ops.size() == 1 &&
      cond.operands[0]->kind == ast::ExprKind::Name &&
      cond.operands[1]->kind == ast::ExprKind::None) {
    if (cond.compare_ops[0] == ast::CompareOp::IsNot && when) name = cond.operands[0].get();
    if (cond.compare_ops[0] == ast::CompareOp::Is && !when) name = cond.operands[0].get();
  } else if (cond.kind == ast::ExprKind::Name && when) {
    name = &cond;
  } else if (cond.kind == ast::ExprKind::Call && when && cond.operands.size() == 3 &&
             cond.operands[0]->kind == ast::ExprKind::Name &&
             cond.operands[0]->text == "isinstance" &&
             cond.operands[1]->kind == ast::ExprKind::Name &&
             cond.operands[2]->kind == ast::ExprKind::Name) {
    // isinstance(x, C): x is a C there (a subclass of its static class).
    const ClassInfo* c = module_.classes().find(cond.operands[2]->text);
    const Binding* b = env.find(cond.operands[1]->text);
    if (c && b && b->state == Binding::State::Defined)
      if (const ClassInfo* have = class_of(b->value->type());
          have && have != c && module_.classes().is_subclass(*c, *have))
        env.vars[cond.operands[1]->text].value = object_cast(
            unwrap_optional(b->value, "", cond.range), Type::object(c->name), cond.range);
    return;
  } else if (cond.kind == ast::ExprKind::Unary && cond.unary_op == ast::UnaryOp::Not) {
    refine(*cond.operands[0], !when, env);
  } else if (cond.kind == ast::ExprKind::Logical && (cond.bool_op == ast::BoolOp::And) == when) {
    refine(*cond.operands[0], when, env);
    refine(*cond.operands[1], when, env);
  }
  if (!name) return;
  const Binding* b = env.find(name->text);
  if (!b || b->state != Binding::State::Defined || !b->value->type().is(TypeKind::Optional)) return;
  Value* v = unwrap_optional(b->value, "", name->range);
  env.vars[name->text].value = v;
}

} // namespace pyscript::lower
