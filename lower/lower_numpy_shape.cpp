// numpy -> IR: functions that make, join and reshape arrays: np.empty, np.zeros_like/ones_like/
// full_like, np.copy/ravel (and a.copy(), a.flatten(), a.ravel()), np.concatenate/stack/hstack/
// vstack of a list or tuple display (or a tuple value), np.meshgrid, np.triu/tril and np.pad.
// Errors numpy raises whatever the data are (ranks that differ, an axis out of bounds) are
// diagnostics with numpy's words; the ones that depend on run-time sizes are raised by the runtime
// (runtime/array_join.cpp, runtime/array_select.cpp).
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include <algorithm>
#include <set>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

constexpr int kMaxRank = 8; // PYRT_MAX_DIMS

// The argument at `position` (1 = the first) or given as keyword `name`; null when neither.
const ast::Expr* argument(const ast::Expr& call, size_t position, const char* name) {
  if (const ast::Keyword* kw = keyword(call, name)) return kw->value.get();
  return position < call.operands.size() ? call.operands[position].get() : nullptr;
}

// numpy's promotion of array dtypes (np.concatenate's result_type).
DType promote(DType a, DType b) {
  if (a == b || b == DType::Bool) return a;
  if (a == DType::Bool) return b;
  return DType::Float64;
}

// The dtype numpy gives a Python scalar made into an array (np.asarray(2.5) is float64).
DType dtype_of_scalar(const Type& t) {
  return t.is(TypeKind::Float) ? DType::Float64 : t.is(TypeKind::Bool) ? DType::Bool : DType::Int64;
}

// numpy's checks of a join before the arrays' ranks are compared, in its order: a 0-d array, then
// the axis against the result's rank. The diagnostic (message, help), or nothing when they pass.
std::optional<std::pair<std::string, std::string>> join_check(bool stack, int rank, int64_t axis,
                                                              bool check_axis) {
  if (!stack && rank == 0)
    return std::pair<std::string, std::string>{
        "zero-dimensional arrays cannot be concatenated (numpy raises ValueError)",
        "np.stack joins 0-d arrays into a 1-d one"};
  int out_rank = stack ? rank + 1 : rank;
  if (!check_axis || (axis >= -out_rank && axis < out_rank && out_rank <= kMaxRank))
    return std::nullopt;
  return std::pair<std::string, std::string>{
      "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
          std::to_string(out_rank) + " (numpy raises AxisError)",
      ""};
}

} // namespace

bool FunctionLowering::is_numpy_shape_function(const std::string& name) {
  static const std::set<std::string> names = {
      "empty", "zeros_like", "ones_like", "full_like", "copy", "ravel", "concatenate",
      "stack", "hstack",     "vstack",    "meshgrid",  "triu", "tril",  "pad",
      "repeat", "append", "outer", "trace"};
  return names.count(name) != 0;
}

Value* FunctionLowering::scalar_to_array(Value* v, const SourceRange& r) {
  if (v->type().is(TypeKind::Array)) return v;
  if (!v->type().is_number()) {
    type_error(r, "an array is needed here, not a " + v->type().to_string());
    return nullptr;
  }
  DType d = dtype_of_scalar(v->type());
  Value* element = cast(v, d == DType::Float64 ? Type::float_() : Type::int_(), r);
  ir::Node* n = emit(OpKind::ArrayLiteral, {element}, {Type::array(d, 0)}, r);
  n->set_attr("dtype", std::string(ir::dtype_name(d)));
  n->set_attr("shape", ir::IntList{});
  return n->output();
}

Value* FunctionLowering::expand_dims(Value* a, const ir::IntList& axes, const SourceRange& r) {
  if (axes.empty()) return a;
  ir::Node* n = emit(OpKind::ArrayExpandDims, {a},
                     {Type::array(a->type().dtype(), a->type().rank() + int(axes.size()))}, r);
  n->set_attr("axes", axes);
  return n->output();
}

Value* FunctionLowering::lower_numpy_shape_call(const std::string& name, const ast::Expr& e,
                                                Environment& env) {
  if (name == "concatenate" || name == "stack" || name == "hstack" || name == "vstack")
    return lower_numpy_join(name, e, env);
  if (name == "meshgrid") return lower_numpy_meshgrid(e, env);
  if (name == "pad") return lower_numpy_pad(e, env);
  if (name == "repeat" || name == "append" || name == "outer" || name == "trace") return lower_numpy_reshuffle(name, e, env);
  if (name == "empty" || name == "zeros_like" || name == "ones_like" || name == "full_like")
    return lower_numpy_like(name, e, env);
  Value* a = lower_expr(*e.operands[1], env);
  if (!a) return nullptr;
  if (name == "copy" || name == "ravel") return lower_array_copy(name, a, e);
  // np.triu(m, k=0) / np.tril(m, k=0)
  if (!(a = as_array(a, e.operands[1]->range))) return nullptr;
  if (a->type().rank() == 0) {
    type_error(e.operands[1]->range,
               "np." + name +
                   " of a 0-d array is not supported (numpy raises TypeError: tri() "
                   "missing 1 required positional argument: 'N')");
    return nullptr;
  }
  Value* k = const_int(0, e.range);
  if (const ast::Expr* k_expr = argument(e, 2, "k")) {
    if (!(k = lower_expr(*k_expr, env))) return nullptr;
    if (!k->type().is(TypeKind::Int)) {
      type_error(k_expr->range, "np." + name + "'s k must be an int, not " + k->type().to_string());
      return nullptr;
    }
  }
  ir::Node* n = emit(OpKind::ArrayTri, {a, k},
                     {Type::array(a->type().dtype(), std::max(a->type().rank(), 2))}, e.range);
  n->set_attr("upper", name == "triu");
  return n->output();
}

// a.copy(), a.flatten(), a.ravel(), np.copy(a), np.ravel(a). Arrays are values, so a copy is
// only ever a new buffer (astype to the same dtype); flatten and ravel are reshape(-1), a view
// when the array is contiguous, which no one can tell from numpy's copy.
Value* FunctionLowering::lower_array_copy(const std::string& name, Value* self,
                                          const ast::Expr& e) {
  if (!(self = as_array(self, e.range))) return nullptr;
  if (name == "copy") return emit1(OpKind::ArrayCast, {self}, self->type(), e.range);
  return emit1(OpKind::ArrayReshape, {self, const_int(-1, e.range)},
               Type::array(self->type().dtype(), 1), e.range);
}

// np.empty(shape), np.zeros_like(a), np.ones_like(a), np.full_like(a, fill); dtype= for each.
Value* FunctionLowering::lower_numpy_like(const std::string& name, const ast::Expr& e,
                                          Environment& env) {
  Value* a = lower_expr(*e.operands[1], env);
  if (!a) return nullptr;
  Value* fill = nullptr;
  if (name == "full_like") {
    if (!(fill = lower_expr(*e.operands[2], env))) return nullptr;
    if (!fill->type().is_number()) {
      type_error(e.operands[2]->range,
                 "np.full_like's fill value must be a number, not " + fill->type().to_string());
      return nullptr;
    }
  }
  std::optional<DType> dtype;
  if (const ast::Keyword* kw = keyword(e, "dtype"))
    if (!(dtype = dtype_of_expr(*kw->value))) return nullptr;
  std::vector<Value*> dims;
  DType d = DType::Float64;
  if (name == "empty") {
    if (!shape_dims(a, e.operands[1]->range, dims)) return nullptr;
  } else if (a->type().is(TypeKind::Array)) {
    d = a->type().dtype();
    for (int axis = 0; axis < a->type().rank(); ++axis) {
      ir::Node* dim = emit(OpKind::ArrayDim, {a}, {Type::int_()}, e.range);
      dim->set_attr("axis", int64_t(axis));
      dims.push_back(dim->output());
    }
  } else if (a->type().is_number()) {
    d = dtype_of_scalar(a->type()); // np.zeros_like(2.5) is a 0-d float64 array
  } else {
    type_error(e.operands[1]->range,
               "np." + name + " needs an array, not a " + a->type().to_string());
    return nullptr;
  }
  if (dtype) d = *dtype;
  // numpy leaves np.empty's elements undefined (whatever the memory held); pyscript's are zeros,
  // which is one of the answers numpy may give.
  if (!fill) fill = name == "ones_like" ? const_int(1, e.range) : const_int(0, e.range);
  // An int fill of an int64 array stays int (exact past 2**53); else it goes through float.
  fill = cast(
      fill, d == DType::Int64 && !fill->type().is(TypeKind::Float) ? Type::int_() : Type::float_(),
      e.range);
  if (!fill) return nullptr;
  dims.push_back(fill);
  ir::Node* n = emit(OpKind::ArrayFull, dims, {Type::array(d, int(dims.size()) - 1)}, e.range);
  n->set_attr("dtype", std::string(ir::dtype_name(d)));
  return n->output();
}

// The arrays of np.concatenate's sequence: a list or tuple display, or a tuple value. A Python
// number becomes a 0-d array, as numpy's asarray makes it.
bool FunctionLowering::join_operands(const std::string& name, const ast::Expr& seq,
                                     Environment& env, std::vector<Value*>& out, Value*& list) {
  std::vector<std::pair<Value*, SourceRange>> items;
  if (seq.kind == ast::ExprKind::List || seq.kind == ast::ExprKind::Tuple) {
    for (const ast::ExprPtr& item : seq.operands) {
      Value* v = lower_expr(*item, env);
      if (!v) return false;
      items.push_back({v, item->range});
    }
  } else {
    Value* v = lower_expr(seq, env);
    if (!v) return false;
    if (v->type().is(TypeKind::List)) { // built at run time: lower_numpy_join_list
      list = v;
      return true;
    }
    if (!v->type().is(TypeKind::Tuple)) {
      type_error(seq.range,
                 "np." + name + " needs a list or tuple of arrays, not " +
                     (v->type().is(TypeKind::Array) ? "an array (numpy would join its rows)"
                                                    : "a " + v->type().to_string()),
                 "write the arrays as a list: np." + name + "([a, b])");
      return false;
    }
    for (size_t i = 0; i < v->type().elements().size(); ++i) {
      ir::Node* get = emit(OpKind::TupleGet, {v}, {v->type().elements()[i]}, seq.range);
      get->set_attr("index", int64_t(i));
      items.push_back({get->output(), seq.range});
    }
  }
  if (items.empty()) {
    type_error(seq.range, std::string("need at least one array to ") +
                              (name == "concatenate" ? "concatenate" : "stack") +
                              " (numpy raises ValueError)");
    return false;
  }
  for (auto& [v, range] : items) {
    Value* a = scalar_to_array(v, range);
    if (!a) return false;
    out.push_back(a);
  }
  return true;
}

// np.concatenate(seq, axis=0), np.stack(seq, axis=0), np.hstack(seq), np.vstack(seq). hstack and
// vstack are concatenations of numpy's atleast_1d / atleast_2d of each array.
Value* FunctionLowering::lower_numpy_join(const std::string& name, const ast::Expr& e,
                                          Environment& env) {
  std::vector<Value*> arrays;
  Value* list = nullptr;
  if (!join_operands(name, *e.operands[1], env, arrays, list)) return nullptr;
  if (list) return lower_numpy_join_list(name, e, list);
  bool stack = name == "stack";
  int64_t axis = 0;
  bool flatten = false;
  if (const ast::Expr* axis_expr =
          name == "concatenate" || stack ? argument(e, 2, "axis") : nullptr) {
    std::optional<int64_t> literal = int_literal(*axis_expr);
    flatten = axis_expr->kind == ast::ExprKind::None && name == "concatenate";
    if (!literal && !flatten) {
      type_error(axis_expr->range,
                 "axis must be an integer literal" + std::string(stack ? "" : " or None"),
                 "the rank of the result depends on it, so it must be known when compiling");
      return nullptr;
    }
    axis = literal.value_or(0);
  }
  int min_rank = name == "hstack" ? 1 : name == "vstack" ? 2 : 0;
  for (Value*& a : arrays) {
    int rank = a->type().rank();
    if (flatten)
      a = emit1(OpKind::ArrayReshape, {a, const_int(-1, e.range)},
                Type::array(a->type().dtype(), 1), e.range);
    else if (rank < min_rank)
      a = expand_dims(a, rank == 0 && min_rank == 2 ? ir::IntList{0, 1} : ir::IntList{0}, e.range);
  }
  // numpy's checks, in its order: a 0-d first array, the axis (against the first array), the ranks.
  int rank = arrays[0]->type().rank();
  if (name == "hstack") axis = rank == 1 ? 0 : 1;
  int out_rank = stack ? rank + 1 : rank;
  auto check = [&](bool check_axis) { // stack checks its axis after the ranks (below)
    std::optional<std::pair<std::string, std::string>> bad = join_check(stack, rank, axis, check_axis);
    if (bad) type_error(e.range, bad->first, bad->second);
    return !bad;
  };
  if (!check(!stack)) return nullptr;
  DType d = arrays[0]->type().dtype();
  for (size_t i = 0; i < arrays.size(); ++i) {
    d = promote(d, arrays[i]->type().dtype());
    if (arrays[i]->type().rank() == rank) continue;
    type_error(
        e.range,
        stack ? std::string("all input arrays must have the same shape (numpy raises ValueError)")
              : "all the input arrays must have same number of dimensions, but the array at index "
                "0 has " +
                    std::to_string(rank) + " dimension(s) and the array at index " +
                    std::to_string(i) + " has " + std::to_string(arrays[i]->type().rank()) +
                    " dimension(s) (numpy raises "
                    "ValueError)");
    return nullptr;
  }
  if (stack && !check(true)) return nullptr;
  ir::Node* n = emit(OpKind::ArrayConcat, arrays, {Type::array(d, out_rank)}, e.range);
  n->set_attr("axis", axis < 0 ? axis + out_rank : axis);
  n->set_attr("stack", stack);
  return n->output();
}

// np.concatenate/stack/hstack/vstack of a list of arrays built at run time (`parts = [...]`, a
// comprehension): one op reading the list, array_concat_list[axis, stack, lead], where lead size-1
// axes go first on each array (hstack's atleast_1d, vstack's atleast_2d). The element type gives
// the rank and dtype; the count and the sizes are checked when the program runs, with numpy's
// messages (an empty list: "need at least one array to concatenate").
Value* FunctionLowering::lower_numpy_join_list(const std::string& name, const ast::Expr& e, Value* list) {
  const Type& element = list->type().elements()[0];
  if (element.is(TypeKind::Unknown)) {
    unknown_element(list, e.operands[1]->range);
    return nullptr;
  }
  if (!element.is(TypeKind::Array)) {
    type_error(e.operands[1]->range, "np." + name + " of a " + list->type().to_string() +
                                         " is not supported: pyscript joins a list of arrays",
               "make the elements arrays: np.array(x)");
    return nullptr;
  }
  bool stack = name == "stack";
  int64_t axis = 0;
  if (const ast::Expr* axis_expr = name == "concatenate" || stack ? argument(e, 2, "axis") : nullptr) {
    std::optional<int64_t> literal = int_literal(*axis_expr);
    if (!literal) {
      type_error(axis_expr->range, "axis must be an integer literal for a list built at run time",
                 "the rank of the result depends on it, so it must be known when compiling");
      return nullptr;
    }
    axis = *literal;
  }
  int rank = element.rank();
  int lead = name == "hstack" ? (rank < 1 ? 1 - rank : 0) : name == "vstack" ? (rank < 2 ? 2 - rank : 0) : 0;
  rank += lead;
  if (name == "hstack") axis = rank == 1 ? 0 : 1;
  if (auto bad = join_check(stack, rank, axis, /*check_axis=*/true)) {
    type_error(e.range, bad->first, bad->second);
    return nullptr;
  }
  int out_rank = stack ? rank + 1 : rank;
  ir::Node* n = emit(OpKind::ArrayConcatList, {list}, {Type::array(element.dtype(), out_rank)}, e.range);
  n->set_attr("axis", axis < 0 ? axis + out_rank : axis);
  n->set_attr("stack", stack);
  n->set_attr("lead", int64_t(lead));
  return n->output();
}

// np.repeat(a, n, axis=None), np.append(a, b, axis=None), np.outer(a, b) and np.trace(m), as
// numpy computes them from other operations:
//  - repeat: element i of the result (along axis, or of the flattened array) is element i // n:
//    a take with arange(len * n) // n (n < 0 is numpy's ValueError);
//  - append: the concatenation of a and b, both flattened when axis is None;
//  - outer: a.ravel()[:, None] * b.ravel()[None, :], numpy's own definition;
//  - trace of a matrix: the sum of its diagonal, read as m.ravel()[arange(min(rows, columns)) *
//    (columns + 1)], summed as numpy sums.
Value* FunctionLowering::lower_numpy_reshuffle(const std::string& name, const ast::Expr& e, Environment& env) {
  const SourceRange& r = e.range;
  auto array_arg = [&](size_t i) -> Value* {
    Value* v = lower_expr(*e.operands[i], env);
    return v ? scalar_to_array(v, e.operands[i]->range) : nullptr;
  };
  auto ravel = [&](Value* a) {
    return emit1(OpKind::ArrayReshape, {a, const_int(-1, r)}, Type::array(a->type().dtype(), 1), r);
  };
  auto dim = [&](Value* a, int64_t axis) {
    ir::Node* n = emit(OpKind::ArrayDim, {a}, {Type::int_()}, r);
    n->set_attr("axis", axis);
    return n->output();
  };
  auto int_range = [&](Value* stop) { // np.arange(stop) of int64
    ir::Node* n = emit(OpKind::ArrayArange, {const_int(0, r), stop, const_int(1, r)}, {Type::array(DType::Int64, 1)}, r);
    n->set_attr("dtype", std::string("int64"));
    return n->output();
  };
  auto take = [&](Value* a, Value* index, int64_t axis) {
    ir::Node* n = emit(OpKind::ArrayTake, {a, index}, {a->type()}, r);
    n->set_attr("axis", axis);
    n->set_attr("source_axis", axis);
    return n->output();
  };
  // An axis= (positional at `at`, or keyword): None (nothing), or a literal within `rank`.
  auto axis_of = [&](size_t at, int rank, std::optional<int64_t>& axis) {
    const ast::Expr* x = argument(e, at, "axis");
    if (!x || x->kind == ast::ExprKind::None) return true;
    std::optional<int64_t> literal = int_literal(*x);
    if (!literal) {
      type_error(x->range, "axis must be an integer literal or None", "the result's rank depends on it");
      return false;
    }
    if (*literal < -rank || *literal >= rank) {
      type_error(x->range, "axis " + std::to_string(*literal) + " is out of bounds for array of dimension " +
                               std::to_string(rank) + " (numpy raises AxisError)");
      return false;
    }
    axis = *literal < 0 ? *literal + rank : *literal;
    return true;
  };
  Value* a = array_arg(1);
  if (!a) return nullptr;
  if (name == "trace") {
    if (a->type().rank() != 2) {
      type_error(r, "np.trace of a " + a->type().to_string() + " is not supported: pyscript takes the trace of a matrix");
      return nullptr;
    }
    Value* rows = dim(a, 0), *columns = dim(a, 1);
    Value* k = emit1(OpKind::Min, {rows, columns}, Type::int_(), r);
    Value* step = emit1(OpKind::Add, {columns, const_int(1, r)}, Type::int_(), r);
    ast::Expr call(ast::ExprKind::Call, r);
    Value* index = array_binary("mul", int_range(k), step, call);
    return index ? array_reduce("sum", take(ravel(a), index, 0), call, nullptr) : nullptr;
  }
  Value* b = nullptr;
  if (name == "outer" || name == "append") {
    if (!(b = array_arg(2))) return nullptr;
  }
  if (name == "outer") {
    ast::Expr call(ast::ExprKind::Call, r);
    return array_binary("mul", expand_dims(ravel(a), {1}, r), expand_dims(ravel(b), {0}, r), call);
  }
  if (name == "append") {
    std::optional<int64_t> axis;
    if (!axis_of(3, a->type().rank(), axis)) return nullptr;
    if (!axis) {
      a = ravel(a);
      b = ravel(b);
    } else if (a->type().rank() != b->type().rank()) {
      type_error(r, "all the input arrays must have same number of dimensions, but the array at index 0 has " +
                        std::to_string(a->type().rank()) + " dimension(s) and the array at index 1 has " +
                        std::to_string(b->type().rank()) + " dimension(s) (numpy raises ValueError)");
      return nullptr;
    }
    DType d = promote(a->type().dtype(), b->type().dtype());
    ir::Node* n = emit(OpKind::ArrayConcat, {a, b}, {Type::array(d, a->type().rank())}, r);
    n->set_attr("axis", axis.value_or(0));
    n->set_attr("stack", false);
    return n->output();
  }
  // repeat
  Value* n = lower_expr(*e.operands[2], env);
  if (!n || !(n = index_value(n, e.operands[2]->range, "np.repeat's repeats"))) return nullptr;
  std::optional<int64_t> axis;
  if (!axis_of(3, a->type().rank(), axis)) return nullptr;
  if (!axis) a = ravel(a);
  int64_t ax = axis.value_or(0);
  raise_if(emit1(OpKind::Lt, {n, const_int(0, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
           "negative dimensions are not allowed", r);
  Value* count = emit1(OpKind::Mul, {dim(a, ax), n}, Type::int_(), r);
  Value* divisor = emit1(OpKind::Max, {n, const_int(1, r)}, Type::int_(), r);
  ast::Expr call(ast::ExprKind::Call, r);
  Value* index = array_binary("floordiv", int_range(count), divisor, call);
  return index ? take(a, index, ax) : nullptr;
}

// np.meshgrid(x, y, ..., indexing="xy"): a tuple of arrays (numpy 1 returns a list, numpy 2 a
// tuple).
Value* FunctionLowering::lower_numpy_meshgrid(const ast::Expr& e, Environment& env) {
  std::vector<Value*> arrays;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* v = lower_expr(*e.operands[i], env);
    if (!v || !(v = scalar_to_array(v, e.operands[i]->range))) return nullptr;
    arrays.push_back(v);
  }
  std::string indexing = "xy";
  if (const ast::Keyword* kw = keyword(e, "indexing")) {
    if (kw->value->kind != ast::ExprKind::Str ||
        (kw->value->text != "xy" && kw->value->text != "ij")) {
      type_error(kw->value->range,
                 "Valid values for `indexing` are 'xy' and 'ij'. (numpy raises ValueError)");
      return nullptr;
    }
    indexing = kw->value->text;
  }
  if (arrays.empty() || arrays.size() > size_t(kMaxRank)) {
    type_error(e.range, "np.meshgrid takes 1 to 8 arrays in pyscript");
    return nullptr;
  }
  std::vector<Value*> grids;
  std::vector<Type> types;
  for (size_t i = 0; i < arrays.size(); ++i) {
    ir::Node* n = emit(OpKind::ArrayMeshgrid, arrays,
                       {Type::array(arrays[i]->type().dtype(), int(arrays.size()))}, e.range);
    n->set_attr("which", int64_t(i));
    n->set_attr("indexing", indexing);
    grids.push_back(n->output());
    types.push_back(n->output()->type());
  }
  return emit1(OpKind::TupleConstruct, grids, Type::tuple(types), e.range);
}

namespace {

// numpy's shape of a pad_width value: () for an int, (L,) for a tuple of ints, (L, M) for a tuple
// of tuples of M ints; nothing when it is none of these.
std::optional<std::pair<int, int>> pad_width_shape(const Type& t) {
  if (t.is(TypeKind::Int)) return std::pair{1, 1};
  if (!t.is(TypeKind::Tuple) || t.elements().empty()) return std::nullopt;
  const std::vector<Type>& rows = t.elements();
  if (std::all_of(rows.begin(), rows.end(), [](const Type& e) { return e.is(TypeKind::Int); }))
    return std::pair{1, int(rows.size())};
  size_t m = rows[0].is(TypeKind::Tuple) ? rows[0].elements().size() : 0;
  for (const Type& row : rows) {
    if (!row.is(TypeKind::Tuple) || row.elements().size() != m || m == 0) return std::nullopt;
    for (const Type& e : row.elements())
      if (!e.is(TypeKind::Int)) return std::nullopt;
  }
  return std::pair{int(rows.size()), int(m)};
}

} // namespace

// np.pad(a, pad_width, mode="constant", constant_values=0): pad_width an int, (before, after), or
// ((before, after), ...) per axis, broadcast to (rank, 2) as numpy broadcasts it.
Value* FunctionLowering::lower_numpy_pad(const ast::Expr& e, Environment& env) {
  Value* a = lower_expr(*e.operands[1], env);
  if (!a || !(a = as_array(a, e.operands[1]->range))) return nullptr;
  int rank = a->type().rank();
  if (rank == 0) {
    type_error(e.operands[1]->range, "np.pad of a 0-d array is not supported");
    return nullptr;
  }
  if (const ast::Expr* mode = argument(e, 3, "mode");
      mode && !(mode->kind == ast::ExprKind::Str && mode->text == "constant")) {
    type_error(mode->range, "np.pad's mode must be the literal 'constant' in pyscript (the other "
                            "modes are not supported)");
    return nullptr;
  }
  Value* fill = const_int(0, e.range);
  if (const ast::Keyword* kw = keyword(e, "constant_values")) {
    if (!(fill = lower_expr(*kw->value, env))) return nullptr;
    if (!fill->type().is_number()) {
      type_error(kw->value->range, "np.pad's constant_values must be a number in pyscript, not " +
                                       fill->type().to_string());
      return nullptr;
    }
    // numpy converts a float fill to the int array's dtype as int() does: OverflowError past 64 bits.
    if (fill->type().is(TypeKind::Float) && a->type().dtype() == ir::DType::Int64)
      fill = cast(fill, Type::int_(), kw->value->range);
  }
  const ast::Expr& width_expr = *e.operands[2];
  Value* w = lower_expr(width_expr, env);
  if (!w) return nullptr;
  std::optional<std::pair<int, int>> shape = pad_width_shape(w->type());
  if (!shape) {
    type_error(
        width_expr.range,
        "`pad_width` must be of integral type: an int, (before, after), or ((before, after), ...) "
        "per axis");
    return nullptr;
  }
  auto [rows, cols] = *shape;
  bool one_row = !w->type().is(TypeKind::Tuple) || w->type().elements()[0].is(TypeKind::Int);
  if ((rows != 1 && rows != rank) || (cols != 1 && cols != 2)) {
    std::string original = one_row ? "(" + std::to_string(cols) + ",)"
                                   : "(" + std::to_string(rows) + "," + std::to_string(cols) + ")";
    type_error(
        width_expr.range,
        "operands could not be broadcast together with remapped shapes [original->remapped]: " +
            original + "  and requested shape (" + std::to_string(rank) +
            ",2) (numpy raises ValueError)");
    return nullptr;
  }
  auto element = [&](int row, int col) -> Value* {
    if (!w->type().is(TypeKind::Tuple)) return w;
    Value* v = w;
    for (int index : one_row ? std::vector<int>{col} : std::vector<int>{row, col}) {
      ir::Node* get =
          emit(OpKind::TupleGet, {v}, {v->type().elements()[size_t(index)]}, width_expr.range);
      get->set_attr("index", int64_t(index));
      v = get->output();
    }
    return v;
  };
  std::vector<Value*> inputs{a};
  for (int d = 0; d < rank; ++d)
    for (int side = 0; side < 2; ++side)
      inputs.push_back(element(rows == 1 ? 0 : d, cols == 1 ? 0 : side));
  inputs.push_back(fill);
  return emit1(OpKind::ArrayPad, inputs, a->type(), e.range);
}

} // namespace pyscript::lower
