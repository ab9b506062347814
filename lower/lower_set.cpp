// Sets: displays, set(...), the set methods and operators. Elements are values (numbers, str,
// tuples of them), kept in CPython's table order (Note [Set tables] in runtime/set.cpp); loops and
// the builtins that consume a set walk a snapshot of its elements in that order.
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

#include <algorithm>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// A literal CPython folds into a constant (a number, str, bool, -number, or a tuple of those).
bool constant_literal(const ast::Expr& e) {
  switch (e.kind) {
  case ast::ExprKind::Int:
  case ast::ExprKind::Float:
  case ast::ExprKind::Bool:
  case ast::ExprKind::Str:
  case ast::ExprKind::None:
    return true;
  case ast::ExprKind::Unary:
    return e.unary_op == ast::UnaryOp::Neg &&
           (e.operands[0]->kind == ast::ExprKind::Int || e.operands[0]->kind == ast::ExprKind::Float);
  case ast::ExprKind::Tuple:
    return std::all_of(e.operands.begin(), e.operands.end(), [](const ast::ExprPtr& p) { return constant_literal(*p); });
  default:
    return false;
  }
}

// pyrt_set_binary / pyrt_set_inplace's `what` for an operator or method.
int64_t set_op_code(const std::string& name) {
  if (name == "|" || name == "union") return 0;
  if (name == "&" || name == "intersection" || name == "intersection_update") return 1;
  if (name == "-" || name == "difference" || name == "difference_update") return 2;
  return 3; // ^, symmetric_difference(_update)
}

} // namespace

bool FunctionLowering::check_set_element(const Type& t, const SourceRange& r) {
  if (hashable_value(t, /*none=*/false)) return true;
  type_error(r, "a set of " + t.to_string() + " is not supported",
             "pyscript's sets hold int, float, bool, str, or tuples of those");
  return false;
}

Value* FunctionLowering::new_set(const Type& element, const SourceRange& r) {
  return emit1(OpKind::SetNew, {}, Type::set(element), r);
}

// {a, b, c}: CPython adds the elements in order; a display of three or more constants is a
// frozenset constant (rebuilt from its own order when the constants are merged) merged into a new
// set: the order can differ when elements collide.
Value* FunctionLowering::lower_set_display(const ast::Expr& e, Environment& env) {
  std::vector<Value*> items;
  std::vector<SourceRange> at;
  for (const ast::ExprPtr& op : e.operands) {
    Value* v = lower_expr(*op, env);
    if (!v) return nullptr;
    items.push_back(v);
    at.push_back(op->range);
  }
  std::optional<Type> element = display_type(items, at, "this set's elements");
  if (!element || !check_set_element(*element, e.range)) return nullptr;
  bool constants = items.size() >= 3 &&
                   std::all_of(e.operands.begin(), e.operands.end(), [](const ast::ExprPtr& p) { return constant_literal(*p); });
  Value* s = new_set(*element, e.range);
  for (size_t i = 0; i < items.size(); ++i) emit(OpKind::SetAdd, {s, items[i]}, {}, at[i]);
  if (!constants) return s;
  // The compiler's frozenset is built again from its own iteration order when CPython merges the
  // code object's constants; the display then merges that one into an empty set.
  Value* again = new_set(*element, e.range);
  emit(OpKind::SetUpdate, {again, set_elements(s, e.range)}, {}, e.range);
  Value* merged = new_set(*element, e.range);
  emit(OpKind::SetUpdate, {merged, again}, {}, e.range);
  return merged;
}

// set(), set(iterable): a list, tuple, str, dict (its keys) or set.
Value* FunctionLowering::lower_set_builtin(const ast::Expr& e, std::vector<Value*>& args) {
  const SourceRange& r = e.range;
  if (args.empty()) {
    Type element = Type::unknown(module_.new_origin());
    if (is_main_) { // `s = set()` at the top level, filled by a function (Note [Widened displays])
      if (std::optional<Type> known = widened_display(r)) element = *known;
      else module_.empty_displays[element.rank()] = {r, &function_};
    }
    return new_set(element, r);
  }
  if (args.size() > 1) {
    type_error(r, "set expected at most 1 argument, got " + std::to_string(args.size()));
    return nullptr;
  }
  Value* from = args[0];
  if (from->type().is(TypeKind::Tuple)) from = tuple_as_list(from, r);
  if (!from || !(from->type().is(TypeKind::List) || from->type().is(TypeKind::Str) ||
                 from->type().is(TypeKind::Dict) || from->type().is(TypeKind::Set))) {
    type_error(e.operands[1]->range, "set() takes a list, tuple, str, dict or set here, not a " +
                                         args[0]->type().to_string());
    return nullptr;
  }
  Type element = from->type().is(TypeKind::Str) ? Type::str() : from->type().elements()[0];
  if (!check_set_element(element, e.operands[1]->range)) return nullptr;
  if (element.is(TypeKind::Unknown)) element = Type::unknown(module_.new_origin());
  Value* s = new_set(element, r);
  if (!element.is(TypeKind::Unknown)) emit(OpKind::SetUpdate, {s, from}, {}, r);
  return s;
}

// The elements of a set as a new list, in iteration order.
Value* FunctionLowering::set_elements(Value* s, const SourceRange& r) {
  return emit1(OpKind::SetToList, {s}, Type::list(s->type().elements()[0]), r);
}

// `other` as a set of `self`'s element type (an empty set() fixes its element); null after a
// diagnostic.
Value* FunctionLowering::same_set(Value* other, Value* self, const std::string& what, const SourceRange& r) {
  if (!other->type().is(TypeKind::Set)) {
    type_error(r, what + " takes a set here, not a " + other->type().to_string(),
               "convert it first: set(xs)");
    return nullptr;
  }
  if (self->type() == other->type()) return other;
  std::vector<Value*> both{self, other};
  if (!display_type(both, {r, r}, "these sets")) return nullptr; // (reported)
  if (self->type() == other->type()) return other;                // an empty set's element fixed
  type_error(r, "type conflict: a " + self->type().to_string() + " and a " + other->type().to_string());
  return nullptr;
}

Value* FunctionLowering::set_operator(const std::string& op, Value* a, Value* b, const SourceRange& r) {
  if (!same_set(b, a, "'" + op + "'", r)) return nullptr;
  ir::Node* n = emit(OpKind::SetBinary, {a, b}, {a->type()}, r);
  n->set_attr("what", set_op_code(op));
  return n->output();
}

Value* FunctionLowering::set_compare(ast::CompareOp op, Value* a, Value* b, const SourceRange& r) {
  if (!same_set(b, a, std::string("'") + ast::spelling(op) + "'", r)) return nullptr;
  int64_t what = op == ast::CompareOp::Le ? 0 : op == ast::CompareOp::Lt ? 1 : op == ast::CompareOp::Ge ? 2 : 3;
  ir::Node* n = emit(OpKind::SetCompare, {a, b}, {Type::bool_()}, r);
  n->set_attr("what", what);
  return n->output();
}

Value* FunctionLowering::lower_set_method(Value* self, const ast::Expr& callee, const ast::Expr& e,
                                          std::vector<Value*>& args) {
  const std::string& name = callee.text;
  const SourceRange& r = e.range;
  auto arity = [&](size_t lo, size_t hi) { return method_arity("set", name, e, args.size(), lo, hi); };
  auto arg_range = [&](size_t i) { return e.operands[i + 1]->range; };
  const Type element = self->type().elements()[0];
  auto element_arg = [&](size_t i) -> Value* {
    if (element.is(TypeKind::Unknown)) {
      if (!check_set_element(args[i]->type(), arg_range(i))) return nullptr;
      return as_element(args[i], self, 0, arg_range(i));
    }
    return comparable_element(args[i], element, arg_range(i));
  };
  auto none = [&] { return const_none(r); };
  if (name == "add" || name == "remove" || name == "discard") {
    if (!arity(1, 1)) return nullptr;
    if (name != "add" && element.is(TypeKind::Unknown)) { // nothing was ever added
      if (name == "remove") unknown_element(self, r);
      return name == "remove" ? nullptr : none();
    }
    Value* x = element_arg(0);
    if (!x) return nullptr;
    if (name == "add") {
      emit(OpKind::SetAdd, {self, x}, {}, r);
    } else {
      ir::Node* n = emit(OpKind::SetDiscard, {self, x}, {}, r);
      n->set_attr("remove", name == "remove");
    }
    return none();
  }
  if (name == "pop" || name == "clear" || name == "copy") {
    if (!arity(0, 0)) return nullptr;
    if (name == "clear") {
      emit(OpKind::SetClear, {self}, {}, r);
      return none();
    }
    if (name == "copy") return emit1(OpKind::SetCopy, {self}, self->type(), r);
    if (element.is(TypeKind::Unknown)) return unknown_element(self, r), nullptr;
    return emit1(OpKind::SetPop, {self}, element, r);
  }
  if (name == "union" && args.size() == 1 && args[0]->type().is(TypeKind::Set)) // s.union(s) copies s
    return set_operator(name, self, args[0], r);
  if (name == "update" || name == "union") { // any iterable: its elements added in its order
    if (!arity(1, 1)) return nullptr;
    Value* from = args[0];
    if (from->type().is(TypeKind::Tuple)) from = tuple_as_list(from, arg_range(0));
    const Type* their = nullptr;
    Type str = Type::str();
    if (from && from->type().is(TypeKind::Str)) their = &str;
    else if (from && (from->type().is(TypeKind::List) || from->type().is(TypeKind::Set) || from->type().is(TypeKind::Dict)))
      their = &from->type().elements()[0];
    if (!their) {
      type_error(arg_range(0), "set." + name + "() takes a list, tuple, str, dict or set here");
      return nullptr;
    }
    if (element.is(TypeKind::Unknown) && !their->is(TypeKind::Unknown)) {
      if (!check_set_element(*their, arg_range(0))) return nullptr;
      fix_unknown(element.rank(), *their);
    } else if (!their->is(TypeKind::Unknown) && *their != self->type().elements()[0]) {
      type_error(arg_range(0), "type conflict: this " + self->type().to_string() + " cannot take " +
                                   their->to_string() + " elements");
      return nullptr;
    }
    Value* target = name == "union" ? emit1(OpKind::SetCopy, {self}, self->type(), r) : self;
    if (!their->is(TypeKind::Unknown)) emit(OpKind::SetUpdate, {target, from}, {}, r);
    return name == "union" ? target : none();
  }
  if (name == "intersection" || name == "difference" || name == "symmetric_difference") {
    if (!arity(1, 1)) return nullptr;
    return set_operator(name, self, args[0], r);
  }
  if (name == "intersection_update" || name == "difference_update" || name == "symmetric_difference_update") {
    if (!arity(1, 1) || !same_set(args[0], self, "set." + name + "()", arg_range(0))) return nullptr;
    ir::Node* n = emit(OpKind::SetInplace, {self, args[0]}, {}, r);
    n->set_attr("what", set_op_code(name));
    return none();
  }
  if (name == "issubset" || name == "issuperset" || name == "isdisjoint") {
    if (!arity(1, 1) || !same_set(args[0], self, "set." + name + "()", arg_range(0))) return nullptr;
    ir::Node* n = emit(OpKind::SetCompare, {self, args[0]}, {Type::bool_()}, r);
    n->set_attr("what", int64_t(name == "issubset" ? 0 : name == "issuperset" ? 2 : 4));
    return n->output();
  }
  type_error(callee.text_range, "a set has no method '" + name + "' in pyscript",
             "set methods: add remove discard pop clear copy update union intersection difference "
             "symmetric_difference (and their _update forms) issubset issuperset isdisjoint");
  return nullptr;
}

} // namespace pyscript::lower
