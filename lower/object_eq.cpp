// `==` and `!=` of objects with a user __eq__: Optionals of them, and `x in xs` of a list of them.
#include "lower/module_lowering.hpp"

#include "pyscript/runtime.h"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Whether `==` on elements of type `t` calls a user __eq__ (the class or a subclass defines one).
bool FunctionLowering::has_user_eq(const Type& t) const {
  const ClassInfo* c = class_of(t);
  if (!c) return false;
  const ClassTable& classes = module_.classes();
  if (classes.method(*c, "__eq__").first) return true;
  for (const auto& k : classes.all())
    if (classes.is_subclass(*k, *c))
      for (const auto& m : k->def->methods)
        if (m->name == "__eq__") return true;
  return false;
}

// x in xs, xs.count(x), xs.index(x), xs.remove(x) for objects with __eq__: a loop calling it, as
// CPython's list does (identity first, then __eq__). `what`: "in", "count", "index" or "remove".
Value* FunctionLowering::search_with_eq(const std::string& what, Value* list, Value* x,
                                        const ast::Expr& e) {
  const SourceRange& r = e.range;
  Value* none = const_int(-1, r);
  std::vector<Value*> found = each_element(
      list, r, {none, const_int(0, r), const_int(0, r)}, [&](Value* item, std::vector<Value*>& c) {
        Value* same = emit1(OpKind::Is,
                            {object_cast(item, list->type().elements()[0], r),
                             object_cast(x, list->type().elements()[0], r)},
                            Type::bool_(), r);
        Value* eq = select(
            same, [&] { return const_bool(true, r); },
            [&]() -> Value* {
              Value* v = compare(ast::CompareOp::Eq, item, x, e);
              return v ? truth(v, r) : nullptr;
            },
            e, "==");
        if (!eq) return;
        Value* first = emit1(OpKind::BitAnd,
                             {eq, emit1(OpKind::Lt, {c[0], const_int(0, r)}, Type::bool_(), r)},
                             Type::bool_(), r);
        Value* at = c[1];
        Value* prior = c[0];
        c[0] = select(
            first, [&] { return at; }, [&] { return prior; }, e, "index");
        c[2] =
            emit1(OpKind::Add, {c[2], emit1(OpKind::Cast, {eq}, Type::int_(), r)}, Type::int_(), r);
        c[1] = emit1(OpKind::Add, {c[1], const_int(1, r)}, Type::int_(), r);
      });
  if (what == "count") return found[2];
  Value* missing = emit1(OpKind::Lt, {found[0], const_int(0, r)}, Type::bool_(), r);
  if (what == "in") return emit1(OpKind::Not, {missing}, Type::bool_(), r);
  raise_if(missing, PYRT_VALUE_ERROR,
           what == "index" ? "list.index(x): x not in list" : "list.remove(x): x not in list", r);
  if (what == "index") return found[0];
  emit(OpKind::ListDel, {list, found[0]}, {}, r);
  return const_none(r);
}

// Note [== of Optional objects]
// `a == b` where a class's __eq__ decides and a side may be None, as CPython runs it: None == None
// is True; None == obj is NoneType's NotImplemented, then obj's reflected __eq__(None) (`!=`: not
// __eq__, object's __ne__); an object on the left calls its __eq__ with whatever b is. So an Optional
// side is tested for None first, where lowering the call on it would raise AttributeError.
// Returns null when no side is an Optional or a None facing an object with __eq__ (the caller
// lowers those as before).
Value* FunctionLowering::optional_object_eq(ast::CompareOp op, Value* a, Value* b, const ast::Expr& e) {
  const SourceRange& r = e.range;
  auto optional_object = [&](Value* v) { return v->type().is(TypeKind::Optional) && class_of(v->type()); };
  auto is_none = [](Value* v) { return v->type().is(TypeKind::None); };
  ast::Expr where(ast::ExprKind::None, r);
  if (optional_object(a) || (is_none(a) && optional_object(b))) {
    Value* side = optional_object(a) ? a : b;
    return select(
        is_none_value(side, r),
        [&]() -> Value* {
          if (side == b) return const_bool(op == ast::CompareOp::Eq, r); // None == None
          return compare(op, const_none(r), b, e);
        },
        [&]() -> Value* {
          Value* present = object_cast(side, side->type().elements()[0], r);
          return side == a ? compare(op, present, b, e) : compare(op, a, present, e);
        },
        where, "==");
  }
  if (!is_none(a) || !class_of(b->type()) || !module_.classes().method(*class_of(b->type()), "__eq__").first)
    return nullptr;
  Value* eq = operator_method("__eq__", b, {a}, e, true); // reflected
  Value* t = eq ? truth(eq, r) : nullptr;
  if (!t || op == ast::CompareOp::Eq) return t;
  return emit1(OpKind::Not, {t}, Type::bool_(), r);
}

} // namespace pyscript::lower
