// numpy's math beyond the ufunc table -> IR: np.round, np.clip, cumsum/cumprod, sort/argsort,
// isclose/allclose, count_nonzero, var/std's ddof, and the dtypes of reductions. Functions and
// their method forms (a.round(2), a.clip(0, 1)) share the code. np.linalg: lower_numpy_linalg.cpp.
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include "ir/ufuncs.hpp"
#include "support/internal_error.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

DType promote_weak(DType array, const Type& scalar) {
  if (scalar.is(TypeKind::Bool)) return array;
  if (scalar.is(TypeKind::Int)) return array == DType::Bool ? DType::Int64 : array;
  return is_float_dtype(array) ? array : DType::Float64;
}

bool is_none(const ast::Expr* e) {
  return e && e->kind == ast::ExprKind::None;
}

} // namespace

DType reduction_dtype(const std::string& op, DType in) {
  if (op == "argmax" || op == "argmin" || op == "count_nonzero") return DType::Int64;
  if (op == "all" || op == "any") return DType::Bool;
  if (op == "mean" || op == "var" || op == "std") return is_float_dtype(in) ? in : DType::Float64;
  if (op == "sum" || op == "prod") return is_float_dtype(in) ? in : DType::Int64;
  return in; // max, min
}

bool FunctionLowering::is_numpy_math(const std::string& name) {
  static const std::set<std::string> names = {"round",    "around", "clip",    "cumsum",
                                              "cumprod",  "sort",   "argsort", "isclose",
                                              "allclose", "var",    "std",     "count_nonzero",
                                              "cov"};
  return names.count(name) != 0;
}

bool FunctionLowering::is_array_math_method(const std::string& name) {
  static const std::set<std::string> names = {"round",   "clip", "cumsum", "cumprod",
                                              "argsort", "var",  "std"};
  return names.count(name) != 0;
}

// Argument `index` of a call (0: the first after the callee) or keyword `name`; null if neither.
const ast::Expr* FunctionLowering::call_argument(const ast::Expr& call, size_t index,
                                                 const char* name) {
  const ast::Keyword* kw = name ? keyword(call, name) : nullptr;
  if (index + 1 < call.operands.size()) {
    if (kw) {
      type_error(kw->name_range, "argument '" + std::string(name) +
                                     "' given by position and by keyword "
                                     "(Python raises TypeError)");
      return nullptr;
    }
    return call.operands[index + 1].get();
  }
  return kw ? kw->value.get() : nullptr;
}

// A number as numpy's asarray makes it: a 0-d array of the number's own dtype (no longer weak).
Value* FunctionLowering::number_as_array(Value* v, const SourceRange& r) {
  if (v->type().is(TypeKind::Array)) return v;
  if (!v->type().is_number()) {
    type_error(r, "an array or a number is needed here, not a " + v->type().to_string());
    return nullptr;
  }
  DType d = scalar_dtype(v->type());
  ir::Node* n =
      emit(OpKind::ArrayLiteral, {cast(v, d == DType::Int64 ? Type::int_() : Type::float_(), r)},
           {Type::array(d, 0)}, r);
  n->set_attr("dtype", std::string(ir::dtype_name(d)));
  n->set_attr("shape", ir::IntList{});
  return n->output();
}

// An int argument (decimals=, ddof=): ints and bools; `fallback` when absent.
Value* FunctionLowering::int_argument(const ast::Expr* e, int64_t fallback, const char* what,
                                      Environment& env, const SourceRange& r) {
  if (!e) return const_int(fallback, r);
  Value* v = lower_expr(*e, env);
  if (!v) return nullptr;
  if (!v->type().is(TypeKind::Int) && !v->type().is(TypeKind::Bool)) {
    type_error(e->range, std::string(what) + " must be an int, not " + v->type().to_string());
    return nullptr;
  }
  return cast(v, Type::int_(), e->range);
}

// An axis that sets the result's rank: an int literal within the rank, or None (nullopt in
// `axis`, flattening). `fallback` when the argument is absent (nullopt: None).
bool FunctionLowering::literal_axis(const ast::Expr* e, int rank, std::optional<int64_t> fallback,
                                    std::optional<int64_t>& axis, const SourceRange& r) {
  axis = fallback;
  if (e && e->kind == ast::ExprKind::None)
    axis = std::nullopt;
  else if (e && !(axis = int_literal(*e))) {
    type_error(e->range, "axis must be an integer literal or None",
               "the rank of the result depends on it, so it must be known when compiling");
    return false;
  }
  if (axis && (*axis < -rank || *axis >= rank)) {
    type_error(e ? e->range : r, "axis " + std::to_string(*axis) +
                                     " is out of bounds for array of dimension " +
                                     std::to_string(rank));
    return false;
  }
  return true;
}

Value* FunctionLowering::lower_numpy_math(const std::string& name, const ast::Expr& e,
                                          Environment& env) {
  Value* a = lower_expr(*e.operands[1], env);
  if (!a) return nullptr;
  if (name == "isclose" || name == "allclose") return numpy_isclose(name == "allclose", a, e, env);
  if (name == "cov") return numpy_cov(a, e);
  if (name == "count_nonzero") {
    Value* n = array_reduce(name, a, e, call_argument(e, 1, nullptr));
    bool keepdims = keyword(e, "keepdims") &&
                    keyword(e, "keepdims")->value->kind == ast::ExprKind::Bool &&
                    keyword(e, "keepdims")->value->bool_value;
    const ast::Expr* axis = call_argument(e, 1, "axis");
    // numpy returns a Python int for the whole array.
    if (n && (!axis || is_none(axis)) && !keepdims) return array_item(n, Type::int_(), e.range);
    return n;
  }
  return array_math(name == "around" ? "round" : name, a, e, 1, env);
}

Value* FunctionLowering::lower_array_math_method(Value* self, const std::string& name,
                                                 const ast::Expr& e, Environment& env) {
  return array_math(name, self, e, 0, env);
}

// The functions and methods with the array first: `first` is 1 for np.NAME(a, ...) (the array is
// argument 0) and 0 for a.NAME(...).
Value* FunctionLowering::array_math(const std::string& name, Value* a, const ast::Expr& e,
                                    size_t first, Environment& env) {
  const SourceRange& r = e.range;
  if (name == "var" || name == "std") {
    // ddof joins the reduction as its second input (lowered before it, after the array).
    Value* ddof = nullptr;
    if (const ast::Keyword* kw = keyword(e, "ddof"))
      if (!(ddof = int_argument(kw->value.get(), 0, "ddof", env, r))) return nullptr;
    Value* v = array_reduce(name, a, e, call_argument(e, first, nullptr));
    if (v && ddof) v->producer()->add_input(ddof);
    return v;
  }
  if (name == "clip") return array_clip(a, e, first, env);
  if (!(a = number_as_array(a, e.operands[first ? 1 : 0]->range))) return nullptr;
  int rank = a->type().rank();
  DType d = a->type().dtype();
  if (name == "round") {
    if (d == DType::Bool) {
      type_error(r, "np.round of a bool array is not supported (numpy computes it in float16)",
                 "convert first: x.astype(np.float64)");
      return nullptr;
    }
    Value* decimals = int_argument(call_argument(e, first, "decimals"), 0, "decimals", env, r);
    return decimals ? emit1(OpKind::ArrayRound, {a, decimals}, a->type(), r) : nullptr;
  }
  std::optional<int64_t> axis;
  bool sorting = name == "sort" || name == "argsort";
  if (!literal_axis(call_argument(e, first, "axis"), rank,
                    sorting ? std::optional<int64_t>(-1) : std::nullopt, axis, r))
    return nullptr;
  auto set_axis = [&](ir::Node* n) {
    n->set_attr("axis", axis ? ir::AttrValue(*axis) : ir::AttrValue(ir::NoneValue{}));
  };
  if (name == "cumsum" || name == "cumprod") {
    ir::Node* n = emit(OpKind::ArrayAccumulate, {a},
                       {Type::array(reduction_dtype("sum", d), axis ? rank : 1)}, r);
    n->set_attr("op", std::string(name == "cumsum" ? "sum" : "prod"));
    set_axis(n);
    return n->output();
  }
  PYSCRIPT_ASSERT(sorting, "array_math: " + name);
  std::string kind = "quicksort";
  if (const ast::Keyword* kw = keyword(e, "kind"); kw && kw->value->kind != ast::ExprKind::None) {
    static const std::pair<const char*, const char*> kinds[] = {{"quicksort", "quicksort"},
                                                                {"stable", "stable"},
                                                                {"mergesort", "stable"},
                                                                {"heapsort", "heapsort"}};
    const auto* found = std::find_if(std::begin(kinds), std::end(kinds), [&](const auto& k) {
      return kw->value->kind == ast::ExprKind::Str && kw->value->text == k.first;
    });
    if (found == std::end(kinds)) {
      type_error(kw->value->range,
                 "kind must be \"quicksort\", \"stable\", \"mergesort\" or \"heapsort\"");
      return nullptr;
    }
    kind = found->second;
  }
  ir::Node* n = emit(OpKind::ArraySort, {a},
                     {Type::array(name == "argsort" ? DType::Int64 : d, axis ? rank : 1)}, r);
  n->set_attr("op", name);
  set_axis(n);
  n->set_attr("kind", kind);
  return n->output();
}

// np.clip(a, lo, hi) / a.clip(min, max): numpy's clip ufunc is minimum(maximum(a, lo), hi), in
// the dtype all three promote to (a converted to it first); a None bound is left out, and a scalar
// nan bound is no bound (numpy's _methods._clip makes it -inf or inf).
Value* FunctionLowering::array_clip(Value* a, const ast::Expr& e, size_t first, Environment& env) {
  const ast::Expr* lo_e = call_argument(e, first, first ? "a_min" : "min");
  const ast::Expr* hi_e = call_argument(e, first + 1, first ? "a_max" : "max");
  if (first && (!lo_e || !hi_e)) {
    type_error(e.range, "np.clip needs a_min and a_max (None for no bound)");
    return nullptr;
  }
  if ((!lo_e || is_none(lo_e)) && (!hi_e || is_none(hi_e))) {
    type_error(
        e.range,
        "clip with neither bound: numpy raises ValueError (One of max or min must be given)");
    return nullptr;
  }
  Value* bounds[2] = {nullptr, nullptr};
  const ast::Expr* exprs[2] = {lo_e, hi_e};
  for (int i = 0; i < 2; ++i) {
    if (!exprs[i] || is_none(exprs[i])) continue;
    if (!(bounds[i] = lower_expr(*exprs[i], env))) return nullptr;
    if (!bounds[i]->type().is(TypeKind::Array) && !bounds[i]->type().is_number()) {
      type_error(exprs[i]->range,
                 "clip's bounds must be arrays or numbers, not " + bounds[i]->type().to_string());
      return nullptr;
    }
  }
  if (!a->type().is(TypeKind::Array) && !(a = number_as_array(a, e.range))) return nullptr;
  DType d = a->type().dtype(), a_dtype = d;
  for (Value* b : bounds)
    if (b && b->type().is(TypeKind::Array)) d = promote_arrays(d, b->type().dtype());
  for (Value* b : bounds)
    if (b && !b->type().is(TypeKind::Array)) d = promote_weak(d, b->type());
  if (d != a->type().dtype())
    a = emit1(OpKind::ArrayCast, {a}, Type::array(d, a->type().rank()), e.range);
  // numpy's _clip: a scalar nan bound means no bound (-inf / inf; a DeprecationWarning).
  for (int i = 0; i < 2; ++i) {
    Value* b = bounds[i];
    if (!b) continue;
    Value* inf = const_float(i == 0 ? -HUGE_VAL : HUGE_VAL, e.range);
    ir::Node* p = b->producer();
    if (p && p->kind() == OpKind::Constant && b->type().is(TypeKind::Float)) {
      if (std::isnan(std::get<double>(*p->attr("value")))) bounds[i] = inf; // known when compiling
    } else if (b->type().is(TypeKind::Float)) {
      Value* nan = emit1(OpKind::Ne, {b, b}, Type::bool_(), e.range);
      bounds[i] = emit1(OpKind::ArrayWhere, {nan, inf, b}, Type::array(d, 0), e.range);
    } else if (b->type().is(TypeKind::Array) && b->type().rank() == 0 &&
               is_float_dtype(b->type().dtype())) {
      if (b->type().dtype() == DType::Float64 && a_dtype == DType::Float32) {
        // A nan bound would become a weak -inf and leave the result float32.
        type_error(exprs[i]->range,
                   "np.clip of a float32 array with a float64 numpy scalar bound: numpy's result "
                   "dtype depends on whether the bound is nan",
                   "write the bound as a Python float: float(...)");
        return nullptr;
      }
      bounds[i] =
          emit1(OpKind::ArrayWhere, {array_unary("isnan", b, e.range), inf, b}, b->type(), e.range);
    }
  }
  if (bounds[0] && !(a = array_binary("maximum", a, bounds[0], e))) return nullptr;
  if (bounds[1] && !(a = array_binary("minimum", a, bounds[1], e))) return nullptr;
  return a;
}

// np.isclose(a, b, rtol, atol, equal_nan) as numpy computes it elementwise:
//   where(isfinite(x) & isfinite(y), |x - y| <= atol + rtol * |y|, x == y) [| isnan(x) & isnan(y)]
// with x = asarray(a), y = asarray(b) in result_type(y, 1.0); allclose is all() of it, a bool.
Value* FunctionLowering::numpy_isclose(bool all, Value* x, const ast::Expr& e, Environment& env) {
  const SourceRange& r = e.range;
  const ast::Expr* y_e = call_argument(e, 1, nullptr);
  Value* y = lower_expr(*y_e, env);
  if (!y) return nullptr;
  Value* tol[2];
  const char* names[2] = {"rtol", "atol"};
  double defaults[2] = {1e-05, 1e-08};
  for (int i = 0; i < 2; ++i) {
    const ast::Expr* t = call_argument(e, size_t(2 + i), names[i]);
    tol[i] = t ? lower_expr(*t, env) : const_float(defaults[i], r);
    if (!tol[i]) return nullptr;
    if (!tol[i]->type().is_number()) {
      type_error(t->range, std::string(names[i]) + " must be a number");
      return nullptr;
    }
  }
  bool equal_nan = false;
  if (const ast::Keyword* kw = keyword(e, "equal_nan")) {
    if (kw->value->kind != ast::ExprKind::Bool) {
      type_error(kw->value->range, "equal_nan must be True or False");
      return nullptr;
    }
    equal_nan = kw->value->bool_value;
  }
  if (!(x = number_as_array(x, e.operands[1]->range)) || !(y = number_as_array(y, y_e->range)))
    return nullptr;
  if (!is_float_dtype(y->type().dtype()))
    y = emit1(OpKind::ArrayCast, {y}, Type::array(DType::Float64, y->type().rank()), r);
  Value* diff = array_unary("abs", array_binary("sub", x, y, e), r);
  Value* bound =
      array_binary("add", tol[1], array_binary("mul", tol[0], array_unary("abs", y, r), e), e);
  Value* within = array_binary("le", diff, bound, e);
  Value* finite =
      array_binary("mul", array_unary("isfinite", x, r), array_unary("isfinite", y, r), e);
  Value* same = array_binary("eq", x, y, e);
  int rank = std::max(x->type().rank(), y->type().rank());
  Value* close =
      emit1(OpKind::ArrayWhere, {finite, within, same}, Type::array(DType::Bool, rank), r);
  if (equal_nan)
    close = array_binary(
        "add", close,
        array_binary("mul", array_unary("isnan", x, r), array_unary("isnan", y, r), e), e);
  if (!all) return close;
  ir::Node* n = emit(OpKind::ArrayReduce, {close}, {Type::array(DType::Bool, 0)}, r);
  n->set_attr("op", std::string("all"));
  n->set_attr("axis", ir::AttrValue(ir::NoneValue{}));
  n->set_attr("keepdims", false);
  return array_item(n->output(), Type::bool_(), r);
}

// np.cov(m, bias=False, ddof=None) of the rows of a 1-D or 2-D m, numpy's function step for step:
// X = m as float64, at least 2-D; avg = X.mean(axis=1); X = X - avg[:, None];
// c = dot(X, X.T) * true_divide(1, fact) (cov_gram: Note [numpy's linalg calls]) with
// fact = columns - ddof (0 when negative: inf and numpy's warnings); then c.squeeze(). squeeze makes the result of a one-row matrix 0-d, a shape pyscript
// cannot know when compiling: a 1-D m gives a 0-d result, a 2-D one a matrix, and one row of a 2-D
// m stops the program (pyscript's limit, which no except catches).
Value* FunctionLowering::numpy_cov(Value* m, const ast::Expr& e) {
  const SourceRange& r = e.range;
  if (!(m = as_array(m, e.operands[1]->range))) return nullptr;
  int rank = m->type().rank();
  if (rank > 2) {
    type_error(e.operands[1]->range, "m has more than 2 dimensions (numpy raises ValueError)");
    return nullptr;
  }
  int64_t ddof = 1;
  if (const ast::Keyword* kw = keyword(e, "bias")) {
    if (kw->value->kind != ast::ExprKind::Bool) {
      type_error(kw->value->range, "bias must be True or False, written literally");
      return nullptr;
    }
    ddof = kw->value->bool_value ? 0 : 1;
  }
  if (const ast::Keyword* kw = keyword(e, "ddof")) {
    std::optional<int64_t> d = int_literal(*kw->value);
    if (!d && kw->value->kind != ast::ExprKind::None) {
      type_error(kw->value->range, "ddof must be an integer literal or None");
      return nullptr;
    }
    if (d) ddof = *d;
  }
  if (const ast::Keyword* kw = keyword(e, "rowvar"); kw && !(kw->value->kind == ast::ExprKind::Bool && kw->value->bool_value)) {
    type_error(kw->value->range, "np.cov with rowvar other than True is not supported", "pass m.T");
    return nullptr;
  }
  // numpy copies m with order 'K', keeping its layout, which decides the order of the mean's and
  // cov_gram's additions: a float64 m is used as it is (a cast would lay it out row-major).
  Value* x = m->type().dtype() == DType::Float64 ? m
                                                 : emit1(OpKind::ArrayCast, {m}, Type::array(DType::Float64, rank), r);
  if (rank < 2) x = expand_dims(x, rank == 0 ? ir::IntList{0, 1} : ir::IntList{0}, r);
  auto dim = [&](int64_t axis) {
    ir::Node* n = emit(OpKind::ArrayDim, {x}, {Type::int_()}, r);
    n->set_attr("axis", axis);
    return n->output();
  };
  if (rank == 2)
    raise_if(emit1(OpKind::Eq, {dim(0), const_int(1, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
             "np.cov of a matrix with one row is 0-d in numpy (squeeze), which pyscript's np.cov of a matrix "
             "is not: pass the row as a 1-D array",
             r);
  ast::Expr call(ast::ExprKind::Call, r);
  auto one = std::make_unique<ast::Expr>(ast::ExprKind::Int, r);
  one->int_value = 1;
  Value* avg = array_reduce("mean", x, call, one.get());
  synthetic_exprs_.push_back(std::move(one));
  if (!avg) return nullptr;
  // X - avg[:, None] and dot(X, X.T) in numpy's memory layout and BLAS calls, for its digits.
  ir::Node* gram = emit(OpKind::ArrayLinalg, {x, avg}, {x->type()}, r);
  gram->set_attr("op", std::string("cov_gram"));
  Value* c = gram->output();
  Value* fact = emit1(OpKind::Sub, {dim(1), const_int(ddof, r)}, Type::int_(), r);
  fact = emit1(OpKind::Max, {fact, const_int(0, r)}, Type::int_(), r);
  Value* scale = array_binary("div", scalar_to_array(const_float(1.0, r), r), cast(fact, Type::float_(), r), call);
  if (!c || !scale || !(c = array_binary("mul", c, scale, call))) return nullptr;
  if (rank == 2) return c;
  return emit1(OpKind::ArrayReshape, {c}, Type::array(DType::Float64, 0), r); // (1, 1) squeezed
}

} // namespace pyscript::lower
