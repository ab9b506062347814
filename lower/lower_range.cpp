// range(...) beyond a for loop's iterable: len(range(...)), x in range(...), and a for loop over
// reversed(range(...)). (A consumer's argument, list(range(n)) or sum(range(n)), is the list of its
// values: iterable_as_list in lower_comprehension.cpp.)
//
// Note [Ranges without a range object]
// pyscript has no range value; these uses need only its three ints. len is range_length (which
// raises CPython's "range() arg 3 must not be zero" for every use, as constructing the range
// does). x in range(start, stop, step), for an int x, is CPython's range_contains: x within the
// bounds on the step's side, and x ≡ start (mod step); the congruence is tested as x % step ==
// start % step (both in one residue interval, so no difference can leave 64 bits).
// reversed(range(start, stop, step)) runs n = len times from start + (n - 1) * step by -step, its
// last element first, as CPython's range.__reversed__ does.
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

bool FunctionLowering::is_range_call(const ast::Expr& e, Environment& env) {
  return e.kind == ast::ExprKind::Call && e.operands[0]->kind == ast::ExprKind::Name &&
         e.operands[0]->text == "range" && !env.find("range") && !local_names_.count("range") &&
         !module_.find_function("range");
}

// range(...)'s start, stop and step (ints; bools converted); false after a diagnostic.
bool FunctionLowering::range_bounds(const ast::Expr& call, Environment& env, Value*& start, Value*& stop,
                                    Value*& step) {
  if (!call.keywords.empty()) {
    type_error(call.range, "range() takes no keyword arguments");
    return false;
  }
  std::vector<Value*> args;
  for (size_t i = 1; i < call.operands.size(); ++i) {
    Value* a = lower_expr(*call.operands[i], env);
    if (!a) return false;
    if (a->type().is(TypeKind::Bool)) a = cast(a, Type::int_(), call.operands[i]->range);
    if (!a->type().is(TypeKind::Int)) {
      type_error(call.operands[i]->range, "range() arguments must be int, not " + a->type().to_string(),
                 a->type().is(TypeKind::Float) ? "convert with int(...)" : "");
      return false;
    }
    args.push_back(a);
  }
  if (args.empty()) return false; // reported by the resolver
  start = args.size() >= 2 ? args[0] : const_int(0, call.range);
  stop = args.size() >= 2 ? args[1] : args[0];
  step = args.size() == 3 ? args[2] : const_int(1, call.range);
  return true;
}

Value* FunctionLowering::range_length(const ast::Expr& call, Environment& env) {
  Value *start, *stop, *step;
  if (!range_bounds(call, env, start, stop, step)) return nullptr;
  return emit1(OpKind::RangeLength, {start, stop, step}, Type::int_(), call.range);
}

// x in range(...) (Note [Ranges without a range object]); `x` is lowered, `range` is the call.
Value* FunctionLowering::range_contains(Value* x, const ast::Expr& range, Environment& env, const SourceRange& r) {
  Value *start, *stop, *step;
  if (!range_bounds(range, env, start, stop, step)) return nullptr;
  if (x->type().is(TypeKind::Bool)) x = cast(x, Type::int_(), r);
  if (!x->type().is(TypeKind::Int)) {
    type_error(r, "'in' of a " + x->type().to_string() + " in a range is not supported: pyscript tests ints",
               x->type().is(TypeKind::Float) ? "convert it: int(x) == x and int(x) in range(...)" : "");
    return nullptr;
  }
  emit1(OpKind::RangeLength, {start, stop, step}, Type::int_(), range.range); // raises for step 0
  auto op = [&](OpKind k, Value* a, Value* b) { return emit1(k, {a, b}, Type::bool_(), r); };
  Value* up = op(OpKind::Gt, step, const_int(0, r));
  Value* low = emit1(OpKind::Select, {up, op(OpKind::Le, start, x), op(OpKind::Lt, stop, x)}, Type::bool_(), r);
  Value* high = emit1(OpKind::Select, {up, op(OpKind::Lt, x, stop), op(OpKind::Le, x, start)}, Type::bool_(), r);
  Value* on_step = op(OpKind::Eq, emit1(OpKind::Mod, {x, step}, Type::int_(), r),
                      emit1(OpKind::Mod, {start, step}, Type::int_(), r));
  return op(OpKind::BitAnd, op(OpKind::BitAnd, low, high), on_step);
}

// for x in reversed(range(...)): the loop's trip count, first value and step.
bool FunctionLowering::reversed_range(const ast::Expr& range, Environment& env, Value*& trips, Value*& first,
                                      Value*& step) {
  Value *start, *stop, *forward;
  if (!range_bounds(range, env, start, stop, forward)) return false;
  const SourceRange& r = range.range;
  trips = emit1(OpKind::RangeLength, {start, stop, forward}, Type::int_(), r);
  // (n - 1) * step, 0 for an empty range (whose last element would lie outside 64 bits).
  Value* some = emit1(OpKind::Gt, {trips, const_int(0, r)}, Type::bool_(), r);
  Value* back = emit1(OpKind::Select, {some, emit1(OpKind::Sub, {trips, const_int(1, r)}, Type::int_(), r),
                                       const_int(0, r)}, Type::int_(), r);
  first = emit1(OpKind::Add, {start, emit1(OpKind::Mul, {back, forward}, Type::int_(), r)}, Type::int_(), r);
  step = emit1(OpKind::Neg, {forward}, Type::int_(), r);
  return true;
}

} // namespace pyscript::lower

namespace pyscript::lower {

// Note [Ranges as values]
// `cols = range(n)` kept in a variable, passed, returned or stored (nqueens' `permutations(cols)`
// and `for i in cols`) is the list of its ints at run time, typed "range" (ir::Type::range_list):
// a flavored list (Note [Collections are flavored lists and dicts]) that the reads a range allows
// take as they take a list: iteration, len, indexing (IndexError "range object index out of
// range"), slicing (a range again), `in`, index/count, min/max/sum/sorted/list/set/tuple, == of
// two ranges (equal when their values are, as CPython compares ranges), truth, unpacking. What a
// range does not allow, or where a list would show (printing, str and repr, which CPython writes
// as range(start, stop[, step]); a list's methods that change it; item assignment; + and *;
// < <= > >=; == with a list, which CPython answers False), is a diagnostic. Divergence: the range's
// ints take memory (8 bytes each) where CPython's range object takes none.
Value* FunctionLowering::range_value(const ast::Expr& call, Environment& env) {
  Value* values = iterable_as_list(call, env);
  if (!values) return nullptr;
  Value* out = emit1(OpKind::ListNew, {}, Type::range_list(), call.range);
  emit(OpKind::ListExtend, {out, values}, {}, call.range);
  return out;
}

// A use of a range value that a list allows and a range does not: a diagnostic naming CPython's
// error, true when `v` is such a range.
bool FunctionLowering::refuse_range(Value* v, const std::string& what, const SourceRange& r,
                                    const std::string& python_error) {
  if (!v || !v->type().is_range()) return false;
  type_error(r, what + " of a range is not supported by pyscript" +
                    (python_error.empty() ? std::string() : "; CPython raises " + python_error),
             "make it a list first: xs = list(range(...))");
  return true;
}

} // namespace pyscript::lower
