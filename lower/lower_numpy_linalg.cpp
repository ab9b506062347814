// np.linalg -> IR: solve, inv and det as array_linalg ops (LAPACK in runtime/array_linalg.cpp), and
// norm as numpy's linalg.py computes it: its ravel-and-dot case as array_linalg[op="norm"], every
// other case composed of the ufuncs and reductions numpy itself calls.
#include "lower/module_lowering.hpp"

#include <cmath>
#include <limits>
#include <variant>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// norm's ord as written: None, a number (np.inf included), or a string ("fro", "nuc").
using Ord = std::variant<std::monostate, double, std::string>;

std::optional<Ord> ord_literal(const ast::Expr* e) {
  if (!e || e->kind == ast::ExprKind::None) return Ord{};
  if (e->kind == ast::ExprKind::Str) return Ord{e->text};
  double sign = 1;
  if (e->kind == ast::ExprKind::Unary && e->unary_op == ast::UnaryOp::Neg) {
    sign = -1;
    e = e->operands[0].get();
  }
  if (e->kind == ast::ExprKind::Int) return Ord{sign * double(e->int_value)};
  if (e->kind == ast::ExprKind::Float) return Ord{sign * e->float_value};
  if (e->kind == ast::ExprKind::Attribute && e->text == "inf" &&
      e->operands[0]->kind == ast::ExprKind::Name)
    return Ord{sign * std::numeric_limits<double>::infinity()};
  return std::nullopt;
}

bool ord_is(const Ord& ord, double v) {
  return std::holds_alternative<double>(ord) && std::get<double>(ord) == v;
}

} // namespace

// One reduction of a composed computation (axis nullopt: all axes).
Value* FunctionLowering::reduce_node(const std::string& op, Value* a, std::optional<int64_t> axis,
                                     bool keepdims, const SourceRange& r) {
  int rank = a->type().rank();
  int out_rank = keepdims ? rank : axis ? rank - 1 : 0;
  ir::Node* n = emit(OpKind::ArrayReduce, {a},
                     {Type::array(reduction_dtype(op, a->type().dtype()), out_rank)}, r);
  n->set_attr("op", op);
  n->set_attr("axis", axis ? ir::AttrValue(*axis) : ir::AttrValue(ir::NoneValue{}));
  n->set_attr("keepdims", keepdims);
  return n->output();
}

Value* FunctionLowering::lower_linalg_call(const std::string& name, const ast::Expr& e,
                                           Environment& env) {
  std::vector<Value*> args;
  // norm's ord and axis are literals, read from the AST.
  for (size_t i = 1; i < (name == "norm" ? 2 : e.operands.size()); ++i) {
    Value* v = lower_expr(*e.operands[i], env);
    if (!v || !(v = number_as_array(v, e.operands[i]->range))) return nullptr;
    args.push_back(v);
  }
  if (name == "norm") return linalg_norm(args[0], e, env);
  if (name == "eigh") return linalg_eigh(args[0], e);
  int ra = args[0]->type().rank();
  if (ra < 2) {
    type_error(e.operands[1]->range,
               "np.linalg." + name + " of a rank-" + std::to_string(ra) +
                   " array: numpy raises LinAlgError (" + std::to_string(ra) +
                   "-dimensional array given. Array must be at least two-dimensional)");
    return nullptr;
  }
  bool f32 = true;
  for (Value* v : args)
    f32 = f32 && v->type().dtype() == DType::Float32;
  DType d = f32 ? DType::Float32 : DType::Float64;
  int rank = ra;
  if (name == "det") rank = ra - 2;
  if (name == "solve") {
    int rb = args[1]->type().rank();
    rank = rb == ra - 1 ? ra - 1 : std::max(ra, rb);
  }
  ir::Node* n = emit(OpKind::ArrayLinalg, args, {Type::array(d, rank)}, e.range);
  n->set_attr("op", name);
  return n->output();
}

// np.linalg.eigh(a, UPLO="L"): (eigenvalues, eigenvectors), each an array_linalg op computing both
// as numpy does (Note [numpy's linalg calls]); numpy 1 returns a plain tuple.
Value* FunctionLowering::linalg_eigh(Value* a, const ast::Expr& e) {
  const ast::Expr* uplo = e.operands.size() > 2 ? e.operands[2].get() : nullptr;
  if (const ast::Keyword* kw = keyword(e, "UPLO")) uplo = kw->value.get();
  if (uplo && !(uplo->kind == ast::ExprKind::Str && uplo->text == "L")) {
    type_error(uplo->range, "np.linalg.eigh with UPLO other than \"L\" is not supported", "leave UPLO out");
    return nullptr;
  }
  int rank = a->type().rank();
  if (rank < 2) {
    type_error(e.operands[1]->range, "np.linalg.eigh of a rank-" + std::to_string(rank) +
                                         " array: numpy raises LinAlgError (" + std::to_string(rank) +
                                         "-dimensional array given. Array must be at least two-dimensional)");
    return nullptr;
  }
  DType d = a->type().dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
  ir::Node* w = emit(OpKind::ArrayLinalg, {a}, {Type::array(d, rank - 1)}, e.range);
  w->set_attr("op", std::string("eigh_values"));
  ir::Node* v = emit(OpKind::ArrayLinalg, {a}, {Type::array(d, rank)}, e.range);
  v->set_attr("op", std::string("eigh_vectors"));
  return emit1(OpKind::TupleConstruct, {w->output(), v->output()},
               Type::tuple({w->output()->type(), v->output()->type()}), e.range);
}

// np.linalg.norm(x, ord=None, axis=None, keepdims=False), numpy/linalg/linalg.py step for step.
Value* FunctionLowering::linalg_norm(Value* x, const ast::Expr& e, Environment& env) {
  (void)env;
  const SourceRange& r = e.range;
  const ast::Expr* ord_e = e.operands.size() > 2 ? e.operands[2].get() : nullptr;
  if (const ast::Keyword* kw = keyword(e, "ord")) ord_e = kw->value.get();
  std::optional<Ord> ord = ord_literal(ord_e);
  if (!ord) {
    type_error(ord_e->range,
               "ord must be a literal: None, a number, np.inf, -np.inf, \"fro\" or \"nuc\"");
    return nullptr;
  }
  bool keepdims = false;
  if (const ast::Keyword* kw = keyword(e, "keepdims")) {
    if (kw->value->kind != ast::ExprKind::Bool) {
      type_error(kw->value->range, "keepdims must be True or False");
      return nullptr;
    }
    keepdims = kw->value->bool_value;
  }
  const ast::Expr* axis_e = e.operands.size() > 3 ? e.operands[3].get() : nullptr;
  if (const ast::Keyword* kw = keyword(e, "axis")) axis_e = kw->value.get();
  // numpy's norm works in float: x.astype(float) unless x is float already.
  if (!is_float_dtype(x->type().dtype()))
    x = emit1(OpKind::ArrayCast, {x}, Type::array(DType::Float64, x->type().rank()), r);
  int rank = x->type().rank();
  std::vector<int64_t> axes;
  if (!axis_e || axis_e->kind == ast::ExprKind::None) {
    bool fro = std::holds_alternative<std::string>(*ord) &&
               (std::get<std::string>(*ord) == "fro" || std::get<std::string>(*ord) == "f");
    if (std::holds_alternative<std::monostate>(*ord) || (fro && rank == 2) ||
        (ord_is(*ord, 2) && rank == 1)) {
      ir::Node* n = emit(OpKind::ArrayLinalg, {x}, {Type::array(x->type().dtype(), 0)}, r);
      n->set_attr("op", std::string("norm"));
      if (!keepdims) return n->output();
      std::vector<Value*> ones(size_t(rank), nullptr);
      for (Value*& one : ones)
        one = const_int(1, r);
      return array_reshape(n->output(), ones, r);
    }
    for (int d = 0; d < rank; ++d)
      axes.push_back(d);
  } else {
    std::vector<const ast::Expr*> items;
    if (axis_e->kind == ast::ExprKind::Tuple)
      for (const ast::ExprPtr& item : axis_e->operands)
        items.push_back(item.get());
    else
      items.push_back(axis_e);
    for (const ast::Expr* item : items) {
      std::optional<int64_t> axis = int_literal(*item);
      if (!axis || *axis < -rank || *axis >= rank) {
        type_error(item->range, axis ? "axis " + std::to_string(*axis) +
                                           " is out of bounds for array of dimension " +
                                           std::to_string(rank)
                                     : std::string("norm's axis must be integer literals"));
        return nullptr;
      }
      axes.push_back(*axis < 0 ? *axis + rank : *axis);
    }
  }
  if (axes.size() == 1) return vector_norm(x, *ord, axes[0], keepdims, e);
  if (axes.size() == 2) return matrix_norm(x, *ord, axes[0], axes[1], keepdims, e);
  type_error(r, "np.linalg.norm of a rank-" + std::to_string(rank) +
                    " array without axis and with an ord: numpy "
                    "raises ValueError (Improper number of dimensions to norm.)");
  return nullptr;
}

Value* FunctionLowering::vector_norm(Value* x, const Ord& ord, int64_t axis, bool keepdims,
                                     const ast::Expr& e) {
  const SourceRange& r = e.range;
  double inf = std::numeric_limits<double>::infinity();
  if (ord_is(ord, inf)) return reduce_node("max", array_unary("abs", x, r), axis, keepdims, r);
  if (ord_is(ord, -inf)) return reduce_node("min", array_unary("abs", x, r), axis, keepdims, r);
  if (ord_is(ord, 0)) {
    Value* nonzero = array_binary("ne", x, const_int(0, r), e);
    nonzero =
        emit1(OpKind::ArrayCast, {nonzero}, Type::array(x->type().dtype(), x->type().rank()), r);
    return reduce_node("sum", nonzero, axis, keepdims, r);
  }
  if (ord_is(ord, 1)) return reduce_node("sum", array_unary("abs", x, r), axis, keepdims, r);
  if (std::holds_alternative<std::monostate>(ord) || ord_is(ord, 2))
    return array_unary("sqrt", reduce_node("sum", array_binary("mul", x, x, e), axis, keepdims, r),
                       r);
  if (std::holds_alternative<std::string>(ord)) {
    type_error(r, "numpy raises ValueError: Invalid norm order '" + std::get<std::string>(ord) +
                      "' for vectors");
    return nullptr;
  }
  double p = std::get<double>(ord);
  Value* powered = array_binary("pow", array_unary("abs", x, r), const_float(p, r), e);
  Value* sum = reduce_node("sum", powered, axis, keepdims, r);
  // reciprocal(ord, dtype=ret.dtype): 1/ord in the result's dtype.
  double inverse = x->type().dtype() == DType::Float32 ? double(1.0f / float(p)) : 1.0 / p;
  return array_binary("pow", sum, const_float(inverse, r), e);
}

Value* FunctionLowering::matrix_norm(Value* x, const Ord& ord, int64_t row, int64_t col,
                                     bool keepdims, const ast::Expr& e) {
  const SourceRange& r = e.range;
  double inf = std::numeric_limits<double>::infinity();
  if (row == col) {
    type_error(r, "numpy raises ValueError: Duplicate axes given.");
    return nullptr;
  }
  Value* ret = nullptr;
  if (ord_is(ord, 1) || ord_is(ord, -1)) {
    int64_t c = col > row ? col - 1 : col;
    ret = reduce_node(ord_is(ord, 1) ? "max" : "min",
                      reduce_node("sum", array_unary("abs", x, r), row, false, r), c, false, r);
  } else if (ord_is(ord, inf) || ord_is(ord, -inf)) {
    int64_t rw = row > col ? row - 1 : row;
    ret = reduce_node(ord_is(ord, inf) ? "max" : "min",
                      reduce_node("sum", array_unary("abs", x, r), col, false, r), rw, false, r);
  } else {
    bool svd = ord_is(ord, 2) || ord_is(ord, -2) ||
               (std::holds_alternative<std::string>(ord) && std::get<std::string>(ord) == "nuc");
    type_error(r, svd ? "np.linalg.norm with ord 2, -2 or \"nuc\" of a matrix needs the SVD, which "
                        "pyscript does not have"
                      : "this matrix norm is not supported: pyscript computes ord 1, -1, inf and "
                        "-inf over an axis "
                        "pair, and ord None / \"fro\" of a whole 2-d array");
    return nullptr;
  }
  if (!keepdims) return ret;
  std::vector<Value*> dims;
  for (int d = 0; d < x->type().rank(); ++d) {
    if (d == row || d == col) {
      dims.push_back(const_int(1, r));
      continue;
    }
    ir::Node* n = emit(OpKind::ArrayDim, {x}, {Type::int_()}, r);
    n->set_attr("axis", int64_t(d));
    dims.push_back(n->output());
  }
  return array_reshape(ret, dims, r);
}

} // namespace pyscript::lower
