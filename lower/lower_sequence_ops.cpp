// Operators on lists, dicts, str and tuples holding them: + * == < in is; and the bitwise
// operators on ints and bools.
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

Value* FunctionLowering::sequence_arithmetic(ast::BinaryOp op, Value* a, Value* b,
                                             const ast::Expr& e) {
  if ((op == ast::BinaryOp::Add || op == ast::BinaryOp::Mul) &&
      (refuse_range(a, std::string("'") + ast::spelling(op) + "'", e.range,
                    std::string("TypeError: unsupported operand type(s) for ") + ast::spelling(op)) ||
       refuse_range(b, std::string("'") + ast::spelling(op) + "'", e.range,
                    std::string("TypeError: unsupported operand type(s) for ") + ast::spelling(op))))
    return nullptr;
  if (op == ast::BinaryOp::Add && a->type().is(TypeKind::List) && b->type().is(TypeKind::List)) {
    if (!as_same_list(b, a, e.range)) return nullptr;
    return emit1(OpKind::ListConcat, {a, b}, a->type(), e.range);
  }
  if (op == ast::BinaryOp::Mul) {
    Value* list = a->type().is(TypeKind::List) ? a : b;
    Value* n = a->type().is(TypeKind::List) ? b : a;
    if (!(n = index_value(n, e.range, "repeat count"))) return nullptr;
    return emit1(OpKind::ListRepeat, {list, n}, list->type(), e.range);
  }
  type_error(e.range,
             std::string("unsupported operand types for ") + ast::spelling(op) + ": '" +
                 a->type().to_string() + "' and '" + b->type().to_string() + "'",
             op == ast::BinaryOp::Add ? "both sides must be lists of one element type" : "");
  return nullptr;
}

// ==, !=, <, <=, >, >=, in, not in, is, is not where an operand is a list, dict, str or tuple
// holding one; null (without a diagnostic) when the ordinary comparison of numbers applies.
Value* FunctionLowering::sequence_compare(ast::CompareOp op, Value* a, Value* b,
                                          const ast::Expr& e) {
  const SourceRange& r = e.range;
  auto negate = [&](Value* v) { return v ? emit1(OpKind::Not, {v}, Type::bool_(), r) : nullptr; };
  if (op == ast::CompareOp::Is || op == ast::CompareOp::IsNot) {
    Value* same;
    const Type& ta = a->type();
    const Type& tb = b->type();
    bool optional_number = ta.is_optional_value() || tb.is_optional_value();
    if (optional_number && !ta.is(TypeKind::None) && !tb.is(TypeKind::None)) {
      type_error(r, "'is' of a number compares identity, which CPython's caches decide",
                 "use '==' to compare values; 'x is None' tests for None");
      return nullptr;
    }
    if (std::optional<Type> both = ta != tb && (ta.is_object_ref() || tb.is_object_ref() || optional_number)
                                       ? active_classes()->merge(ta, tb)
                                       : std::nullopt) {
      same = emit1(OpKind::Is, {object_cast(a, *both, r), object_cast(b, *both, r)}, Type::bool_(), r);
    } else if (ta.is(TypeKind::None) || tb.is(TypeKind::None)) {
      same = const_bool(ta == tb, r); // a value of another type is never None
      decided_by_types_.insert(same); // Note [Branches the types decide]
    } else if (ta.has_identity() && ta == tb) {
      same = emit1(OpKind::Is, {a, b}, Type::bool_(), r);
    } else if (ta.has_identity() || tb.has_identity()) {
      same = const_bool(false, r);
    } else {
      type_error(r, "'is' compares identity, which CPython's caches decide for a " + ta.to_string(),
                 "use '==' to compare values");
      return nullptr;
    }
    if (op == ast::CompareOp::Is) return same;
    if (std::optional<bool> known = constant_condition(same)) { // Note [Branches the types decide]
      Value* negated = const_bool(!*known, r);
      decided_by_types_.insert(negated);
      return negated;
    }
    return negate(same);
  }
  if (op == ast::CompareOp::In || op == ast::CompareOp::NotIn) {
    // `x in seen` of an empty display filled later (`seen = []` before a loop that appends what
    // it did not find): the test fixes the element type as a store would (Note [Empty containers]).
    // (A dict's key and a set's element must be hashable: what is not stays out, and CPython's
    // TypeError is the diagnostic below.)
    const Type& ta = a->type();
    bool hashable = hashable_value(ta, /*none=*/false);
    if ((b->type().is(TypeKind::List) || ((b->type().is(TypeKind::Dict) || b->type().is(TypeKind::Set)) && hashable)) &&
        b->type().elements()[0].is(TypeKind::Unknown) && b->type().elements()[0].rank() > 0 &&
        !ta.has_unknown() && !ta.is(TypeKind::None))
      fix_unknown(b->type().elements()[0].rank(), ta);
    const Type& tb = b->type();
    Value* found = nullptr;
    if (tb.is(TypeKind::Str)) {
      if (!a->type().is(TypeKind::Str)) {
        type_error(r, "'in <string>' requires a str on the left, not " + a->type().to_string());
        return nullptr;
      }
      found = str_call("contains", {b, a}, Type::bool_(), r);
    } else if (tb.is(TypeKind::Set)) {
      const Type& element = tb.elements()[0];
      Value* x = element.is(TypeKind::Unknown) ? nullptr : comparable_element(a, element, r);
      if (!element.is(TypeKind::Unknown) && !x) return nullptr;
      found = x ? emit1(OpKind::SetContains, {b, x}, Type::bool_(), r) : const_bool(false, r);
    } else if (tb.is(TypeKind::List) || tb.is(TypeKind::Dict)) {
      const Type& element = tb.elements()[0];
      if (element.is(TypeKind::Unknown)) {
        found = const_bool(false, r); // an empty container nothing was stored into
      } else {
        Value* x = comparable_element(a, element, r);
        if (!x) return nullptr;
        if (tb.is(TypeKind::List) && has_user_eq(element)) // __eq__ (lower_class.cpp)
          found = search_with_eq("in", b, x, e);
        else
          found = emit1(tb.is(TypeKind::List) ? OpKind::ListContains : OpKind::DictContains, {b, x},
                        Type::bool_(), r);
        if (!found) return nullptr;
      }
    } else if (tb.is(TypeKind::Tuple)) {
      Value* any = const_bool(false, r);
      for (size_t i = 0; i < tb.elements().size(); ++i) {
        ir::Node* get = emit(OpKind::TupleGet, {b}, {tb.elements()[i]}, r);
        get->set_attr("index", int64_t(i));
        Value* eq = compare(ast::CompareOp::Eq, a, get->output(), e);
        if (!eq) return nullptr;
        any = emit1(OpKind::Or, {any, eq}, Type::bool_(), r);
      }
      found = any;
    } else {
      type_error(r, "'in' needs a list, dict, set, str or tuple on the right, not " + tb.to_string());
      return nullptr;
    }
    return op == ast::CompareOp::In ? found : negate(found);
  }
  // An Optional str, list, dict or tuple == a value of its type: False where it is None (state.get(k)
  // == "done"), else the values compared; != its negation.
  if ((op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) &&
      (a->type().is(TypeKind::Optional) != b->type().is(TypeKind::Optional))) {
    bool left = a->type().is(TypeKind::Optional);
    Value* maybe = left ? a : b;
    Value* other = left ? b : a;
    const Type& inner = maybe->type().elements()[0];
    if (inner == other->type() && !class_of(inner) && !inner.is_number()) {
      ir::Node* n = emit(OpKind::If, {is_none_value(maybe, r)}, {Type::bool_()}, r);
      ir::Block* outer = block_;
      block_ = n->add_block();
      block_->return_node()->add_input(const_bool(op == ast::CompareOp::Ne, r));
      block_ = n->add_block();
      Value* present = unwrap_optional(maybe, "", r);
      Value* eq = left ? sequence_compare(op, present, other, e) : sequence_compare(op, other, present, e);
      block_->return_node()->add_input(eq ? eq : const_bool(false, r));
      block_ = outer;
      return eq ? n->output() : nullptr;
    }
  }
  // A range is equal to a range with its values, and to nothing else (Note [Ranges as values]).
  if (a->type().is_range() || b->type().is_range()) {
    bool equality = op == ast::CompareOp::Eq || op == ast::CompareOp::Ne;
    if (!equality) {
      refuse_range(a->type().is_range() ? a : b, std::string("'") + ast::spelling(op) + "'", r,
                   std::string("TypeError: '") + ast::spelling(op) + "' not supported between instances");
      return nullptr;
    }
    if (a->type() != b->type()) return const_bool(op == ast::CompareOp::Ne, r);
  }
  // Tuples: == element by element (each compared as Python compares it); ordering in the runtime.
  if (a->type().is(TypeKind::Tuple) && b->type().is(TypeKind::Tuple) &&
      (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne)) {
    const std::vector<Type>& ea = a->type().elements();
    const std::vector<Type>& eb = b->type().elements();
    Value* all = const_bool(ea.size() == eb.size(), r);
    for (size_t i = 0; i < ea.size() && i < eb.size(); ++i) {
      ir::Node* x = emit(OpKind::TupleGet, {a}, {ea[i]}, r);
      x->set_attr("index", int64_t(i));
      ir::Node* y = emit(OpKind::TupleGet, {b}, {eb[i]}, r);
      y->set_attr("index", int64_t(i));
      Value* eq = compare(ast::CompareOp::Eq, x->output(), y->output(), e);
      if (!eq) return nullptr;
      all = emit1(OpKind::BitAnd, {all, eq}, Type::bool_(), r);
    }
    return op == ast::CompareOp::Eq ? all : negate(all);
  }
  // Ordering and equality of two values of one type.
  if (a->type().is(TypeKind::Str) && b->type().is(TypeKind::Str)) {
    if (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) {
      Value* eq = emit1(OpKind::ValueEq, {a, b}, Type::bool_(), r);
      return op == ast::CompareOp::Eq ? eq : negate(eq);
    }
  } else if (a->type() != b->type()) {
    if (a->type().is_number() && b->type().is_number()) return nullptr;
    std::vector<Value*> both{a, b};
    if ((a->type().is(TypeKind::List) || a->type().is(TypeKind::Dict) || a->type().is(TypeKind::Set)) &&
        a->type().kind() == b->type().kind() && display_type(both, {r, r}, "this comparison") &&
        a->type() == b->type()) {
      // unknown elements fixed
    } else if (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) {
      if (a->type().is(TypeKind::Tuple) && b->type().is(TypeKind::Tuple)) return nullptr;
      type_error(r, "comparing a " + a->type().to_string() + " with a " + b->type().to_string() +
                        " is not supported");
      return nullptr;
    } else {
      type_error(r, "'" + std::string(ast::spelling(op)) + "' between a " + a->type().to_string() +
                        " and a " + b->type().to_string() + " is not supported");
      return nullptr;
    }
  }
  if (!a->type().holds_refs() && !a->type().is(TypeKind::Tuple)) return nullptr;
  if (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) {
    Value* eq = emit1(OpKind::ValueEq, {a, b}, Type::bool_(), r);
    return op == ast::CompareOp::Eq ? eq : negate(eq);
  }
  if (a->type().is(TypeKind::Set)) return set_compare(op, a, b, r); // subset and superset (lower_set.cpp)
  static const char* const names[] = {"lt", "le", "gt", "ge"};
  ir::Node* n = emit(OpKind::ValueOrder, {a, b}, {Type::bool_()}, r);
  n->set_attr("op", std::string(names[static_cast<int>(op)]));
  return n->output();
}

Value* FunctionLowering::bitwise(ast::BinaryOp op, Value* a, Value* b, const ast::Expr& e) {
  const Type& ta = a->type();
  const Type& tb = b->type();
  auto integral = [](const Type& t) { return t.is(TypeKind::Int) || t.is(TypeKind::Bool); };
  if (!integral(ta) || !integral(tb)) {
    type_error(e.range,
               std::string("unsupported operand types for ") + ast::spelling(op) + ": '" +
                   ta.to_string() + "' and '" + tb.to_string() + "'",
               "bitwise operators take ints and bools");
    return nullptr;
  }
  bool both_bool = ta.is(TypeKind::Bool) && tb.is(TypeKind::Bool);
  bool shift = op == ast::BinaryOp::LShift || op == ast::BinaryOp::RShift;
  Type out = both_bool && !shift ? Type::bool_() : Type::int_();
  if (!out.is(TypeKind::Bool)) {
    if (ta.is(TypeKind::Bool)) a = cast(a, Type::int_(), e.range);
    if (tb.is(TypeKind::Bool)) b = cast(b, Type::int_(), e.range);
  }
  OpKind kind = op == ast::BinaryOp::BitAnd   ? OpKind::BitAnd
                : op == ast::BinaryOp::BitOr  ? OpKind::BitOr
                : op == ast::BinaryOp::BitXor ? OpKind::BitXor
                : op == ast::BinaryOp::LShift ? OpKind::LShift
                                              : OpKind::RShift;
  return emit1(kind, {a, b}, out, e.range);
}

} // namespace pyscript::lower
