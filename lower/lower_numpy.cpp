// numpy -> IR: array creation, arithmetic with broadcasting and numpy 2's type promotion (Python
// scalars are "weak": float32_array * 2.5 stays float32), reductions, matmul, shapes, indexing.
// The shapes are run-time values; dtype and rank are part of the static type.
#include "ir/ufuncs.hpp"
#include "frontend/builtins.hpp"
#include "lower/module_lowering.hpp"

#include "support/internal_error.hpp"

#include <algorithm>
#include <cmath>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// The dtype a Python scalar type stands for, when it meets arrays.
DType scalar_dtype(const Type& t) {
  return t.is(TypeKind::Float) ? DType::Float64 : t.is(TypeKind::Bool) ? DType::Bool : DType::Int64;
}

// numpy 2's promotion of two array dtypes.
DType promote_arrays(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  return DType::Float64; // int64 with a float, or float32 with float64
}

const ast::Keyword* keyword(const ast::Expr& call, const char* name) {
  for (const ast::Keyword& kw : call.keywords)
    if (kw.name == name) return &kw;
  return nullptr;
}

namespace {

// An array dtype with a Python scalar (weak: it adapts to the array, unless it needs more kind).
DType promote_weak(DType array, const Type& scalar) {
  if (scalar.is(TypeKind::Bool)) return array;
  if (scalar.is(TypeKind::Int)) return array == DType::Bool ? DType::Int64 : array;
  return is_float_dtype(array) ? array : DType::Float64;
}

} // namespace

std::optional<DType> FunctionLowering::dtype_of_expr(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Name) {
    if (e.text == "float") return DType::Float64;
    if (e.text == "int") return DType::Int64;
    if (e.text == "bool") return DType::Bool;
  }
  if (e.kind == ast::ExprKind::Str) { // numpy's names and codes: dtype="float32", .astype("f8")
    static const std::pair<const char*, DType> names[] = {
        {"float32", DType::Float32}, {"f4", DType::Float32}, {"single", DType::Float32},
        {"float64", DType::Float64}, {"f8", DType::Float64}, {"double", DType::Float64},
        {"float", DType::Float64},   {"d", DType::Float64},  {"int64", DType::Int64},
        {"i8", DType::Int64},        {"int", DType::Int64},  {"long", DType::Int64},
        {"bool", DType::Bool},       {"?", DType::Bool},     {"bool_", DType::Bool}};
    for (const auto& [name, dtype] : names)
      if (e.text == name) return dtype;
    type_error(e.range, "dtype '" + e.text + "' is not supported: arrays are float32, float64, int64 or bool");
    return std::nullopt;
  }
  if (e.kind == ast::ExprKind::Attribute && e.operands[0]->kind == ast::ExprKind::Name) {
    const std::string* module = module_.use_module(e.operands[0]->text, e.operands[0]->range);
    if (module && *module == "numpy") {
      if (e.text == "float32") return DType::Float32;
      if (e.text == "float64") return DType::Float64;
      if (e.text == "int64") return DType::Int64;
      if (e.text == "bool_") return DType::Bool;
    }
  }
  type_error(e.range, "a dtype must be np.float32, np.float64, np.int64, np.bool_, float, int, bool or "
                      "one of their names (\"float32\", ...)");
  return std::nullopt;
}

// The dtype of an operand: an array's, or the one a scalar stands for.
static DType operand_dtype(const Value* v) {
  return v->type().is(TypeKind::Array) ? v->type().dtype() : scalar_dtype(v->type());
}

Value* FunctionLowering::array_binary(const std::string& op, Value* a, Value* b, const ast::Expr& e) {
  if (holds_either({a, b}))
    return split_values({a, b}, e.range, [&](std::vector<Value*>& v) { return array_binary(op, v[0], v[1], e); });
  for (Value* v : {a, b}) {
    if (!v->type().is(TypeKind::Array) && !v->type().is_number()) {
      type_error(e.range, "unsupported operand types for " + op + ": '" + a->type().to_string() +
                              "' and '" + b->type().to_string() + "'");
      return nullptr;
    }
  }
  bool aa = a->type().is(TypeKind::Array), ba = b->type().is(TypeKind::Array);
  DType compute = aa && ba ? promote_arrays(a->type().dtype(), b->type().dtype())
                  : aa     ? promote_weak(a->type().dtype(), b->type())
                           : promote_weak(b->type().dtype(), a->type());
  const ir::BinaryUfunc& ufunc = *ir::find_binary(op);
  bool comparison = ufunc.comparison;
  if (ufunc.to_float && compute == DType::Bool && op != "div") {
    type_error(e.range, "numpy computes np." + std::string(ufunc.np_name) + " of bools in float16, which pyscript does not have",
               "convert first: x.astype(np.float64)");
    return nullptr;
  }
  if (ufunc.to_float && !is_float_dtype(compute)) compute = DType::Float64;
  // numpy's bool arithmetic: + is logical or and * logical and (the result stays bool), - raises.
  std::string kernel = op;
  if (compute == DType::Bool && !comparison) {
    if (op == "add") kernel = "maximum";
    else if (op == "mul") kernel = "minimum";
    else if (op == "sub") {
      type_error(e.range, "numpy does not subtract booleans (it raises TypeError)",
                 "for 'a and not b' write a > b; for 'a or b but not both' write a != b");
      return nullptr;
    } else if (op != "maximum" && op != "minimum") compute = DType::Int64;
  }
  DType out = comparison ? DType::Bool : compute;
  int rank = std::max(aa ? a->type().rank() : 0, ba ? b->type().rank() : 0);
  ir::Node* n = emit(OpKind::ArrayBinary, {a, b}, {Type::array(out, rank)}, e.range);
  n->set_attr("op", kernel);
  n->set_attr("compute", std::string(ir::dtype_name(compute)));
  return n->output();
}

Value* FunctionLowering::array_unary(const std::string& op, Value* a, const SourceRange& r) {
  if (holds_either({a})) return split_values({a}, r, [&](std::vector<Value*>& v) { return array_unary(op, v[0], r); });
  DType d = operand_dtype(a);
  const ir::UnaryUfunc& ufunc = *ir::find_unary(op);
  DType compute = ufunc.to_float && !is_float_dtype(d) ? DType::Float64 : d;
  if (op == "neg" && d == DType::Bool) {
    type_error(r, "the - operator on a bool array is not supported", "use np.where or a comparison");
    return nullptr;
  }
  if (d == DType::Bool && !ufunc.bool_in) {
    // numpy raises (np.sign) or computes in float16 or int8 (np.exp, np.square), which pyscript does not have.
    type_error(r, "np." + std::string(ufunc.np_name) + " of a bool array is not supported (numpy " +
                      (ufunc.to_float ? "computes it in float16)" : "raises or computes it in int8)"),
               "convert first: x.astype(np.float64)");
    return nullptr;
  }
  int rank = a->type().is(TypeKind::Array) ? a->type().rank() : 0;
  DType result = ufunc.to_bool || ufunc.scalar == OpKind::Not ? DType::Bool : compute;
  ir::Node* n = emit(OpKind::ArrayUnary, {a}, {Type::array(result, rank)}, r);
  n->set_attr("op", op);
  n->set_attr("compute", std::string(ir::dtype_name(compute)));
  return n->output();
}

Value* FunctionLowering::array_item(Value* a, const Type& to, const SourceRange& r) {
  return emit1(OpKind::ArrayItem, {a}, to, r);
}

namespace {

// Flattens a nested list/tuple literal into `leaves`, and its shape into `shape`.
bool flatten_literal(const ast::Expr& e, size_t depth, std::vector<int64_t>& shape,
                     std::vector<const ast::Expr*>& leaves) {
  bool is_list = e.kind == ast::ExprKind::List || e.kind == ast::ExprKind::Tuple;
  if (!is_list) {
    if (depth != shape.size()) return false;
    leaves.push_back(&e);
    return true;
  }
  if (depth == shape.size()) {
    if (!leaves.empty()) return false; // a list where a number was before
    shape.push_back(int64_t(e.operands.size()));
  } else if (depth > shape.size() || shape[depth] != int64_t(e.operands.size())) {
    return false;
  }
  for (const ast::ExprPtr& item : e.operands)
    if (!flatten_literal(*item, depth + 1, shape, leaves)) return false;
  return true;
}

} // namespace

// A shape argument: an int, or a tuple of ints (from a literal or from `x.shape`).
bool FunctionLowering::shape_dims(Value* shape, const SourceRange& r, std::vector<Value*>& dims) {
  if (shape->type().is(TypeKind::Int)) {
    dims.push_back(shape);
    return true;
  }
  if (shape->type().is(TypeKind::Bool)) {
    // numpy: TypeError: expected a sequence of integers or a single integer, got 'True'.
    type_error(r, "a shape must be an int or a tuple of ints, not bool (numpy raises TypeError)");
    return false;
  }
  if (shape->type().is(TypeKind::Tuple)) {
    for (size_t i = 0; i < shape->type().elements().size(); ++i) {
      if (!shape->type().elements()[i].is(TypeKind::Int)) {
        type_error(r, "a shape must be a tuple of ints");
        return false;
      }
      ir::Node* get = emit(OpKind::TupleGet, {shape}, {Type::int_()}, r);
      get->set_attr("index", int64_t(i));
      dims.push_back(get->output());
    }
    return true;
  }
  type_error(r, "a shape must be an int or a tuple of ints, not " + shape->type().to_string());
  return false;
}

// np.float32(x): a numpy scalar (a 0-d array) of a Python number, rounded or truncated as numpy
// converts; of an array, the array cast (as .astype).
Value* FunctionLowering::numpy_scalar_of(DType d, const ast::Expr& e, Environment& env) {
  Value* v = lower_expr(*e.operands[1], env);
  if (!v) return nullptr;
  if (v->type().is(TypeKind::Array))
    return emit(OpKind::ArrayCast, {v}, {Type::array(d, v->type().rank())}, e.range)->output();
  if (!v->type().is_number()) {
    type_error(e.operands[1]->range, "np." + std::string(ir::dtype_name(d)) + "() of a " + v->type().to_string() +
                                         " is not supported");
    return nullptr;
  }
  // int64 of a float truncates as int() does (and raises where int() raises: nan, inf).
  Value* element = cast(v, d == DType::Int64 ? Type::int_() : Type::float_(), e.range);
  if (!element) return nullptr;
  ir::Node* n = emit(OpKind::ArrayLiteral, {element}, {Type::array(d, 0)}, e.range);
  n->set_attr("dtype", std::string(ir::dtype_name(d)));
  n->set_attr("shape", ir::IntList{});
  return n->output();
}

// np.array(xs) of a list value: nested lists of numbers, or a list of arrays of one shape.
Value* FunctionLowering::array_from_list(const ast::Expr& e, Environment& env) {
  Value* list = lower_call_argument(*e.operands[1], env);
  if (!list) return nullptr;
  std::optional<DType> asked;
  if (const ast::Keyword* kw = keyword(e, "dtype")) {
    asked = dtype_of_expr(*kw->value);
    if (!asked) return nullptr;
  }
  if (list->type().is(TypeKind::Array)) { // np.array(a): arrays are values, so a itself
    if (!asked || *asked == list->type().dtype()) return list;
    return emit1(OpKind::ArrayCast, {list}, Type::array(*asked, list->type().rank()), e.range);
  }
  if (list->type().is_number()) { // np.array(4.0): a 0-d array
    DType d = asked.value_or(scalar_dtype(list->type()));
    Value* v = cast(list, d == DType::Int64 && !list->type().is(TypeKind::Float) ? Type::int_() : Type::float_(), e.range);
    ir::Node* n = emit(OpKind::ArrayLiteral, {v}, {Type::array(d, 0)}, e.range);
    n->set_attr("dtype", std::string(ir::dtype_name(d)));
    n->set_attr("shape", ir::IntList{});
    return n->output();
  }
  int rank = 0;
  Type t = list->type();
  while (t.is(TypeKind::List)) {
    ++rank;
    t = t.elements()[0];
  }
  std::optional<DType> dtype;
  if (t.is(TypeKind::Array)) {
    rank += t.rank();
    dtype = t.dtype();
  } else if (t.is_number()) {
    dtype = scalar_dtype(t);
  }
  if (rank == 0 || !dtype || rank > 8) {
    type_error(e.operands[1]->range, "np.array of a " + list->type().to_string() + " is not supported",
               "give it a list of numbers, nested lists of numbers, or a list of arrays");
    return nullptr;
  }
  if (asked) dtype = asked;
  return emit1(OpKind::ArrayFromList, {list}, Type::array(*dtype, rank), e.range);
}

// np.array([a, b, c]) of arrays (`first` is a, lowered): the list of them, as np.array takes a list
// of arrays built at run time (one shape, else numpy's ValueError).
Value* FunctionLowering::array_of_arrays(const ast::Expr& e, const std::vector<const ast::Expr*>& leaves, Value* first,
                                         Environment& env) {
  std::vector<Value*> items{first};
  for (size_t i = 1; i < leaves.size(); ++i) {
    Value* v = lower_expr(*leaves[i], env);
    if (!v) return nullptr;
    if (v->type() != first->type()) {
      type_error(leaves[i]->range, "np.array of arrays takes arrays of one type here, not " + first->type().to_string() +
                                       " and " + v->type().to_string());
      return nullptr;
    }
    items.push_back(v);
  }
  std::optional<DType> dtype = first->type().dtype();
  if (const ast::Keyword* kw = keyword(e, "dtype"))
    if (!(dtype = dtype_of_expr(*kw->value))) return nullptr;
  Value* list = emit1(OpKind::ListNew, items, Type::list(first->type()), e.range);
  return emit1(OpKind::ArrayFromList, {list}, Type::array(*dtype, first->type().rank() + 1), e.range);
}

Value* FunctionLowering::lower_numpy_call(const std::string& name, const ast::Expr& e, Environment& env) {
  std::vector<Value*> args;
  if (std::optional<DType> d = ir::dtype_from_name(name == "bool_" ? "bool" : name))
    return numpy_scalar_of(*d, e, env);
  if (is_numpy_math(name)) return lower_numpy_math(name, e, env); // lower_numpy_math.cpp
  if (is_numpy_io(name)) return lower_numpy_io(name, e, env); // lower_numpy_io.cpp
  if (name == "searchsorted") return lower_searchsorted(e, env); // lower_numpy_index.cpp
  if (is_numpy_shape_function(name)) return lower_numpy_shape_call(name, e, env); // lower_numpy_shape.cpp
  if (name == "array" && e.operands.size() >= 2 && e.operands[1]->kind != ast::ExprKind::List &&
      e.operands[1]->kind != ast::ExprKind::Tuple)
    return array_from_list(e, env);
  // np.array's data is a literal, read from the AST rather than lowered.
  if (name == "array") {
    std::vector<int64_t> shape;
    std::vector<const ast::Expr*> leaves;
    if (!flatten_literal(*e.operands[1], 0, shape, leaves) || shape.size() > 8) {
      type_error(e.operands[1]->range, "np.array needs a rectangular nested list of numbers");
      return nullptr;
    }
    std::vector<Value*> values;
    DType inferred = DType::Bool;
    for (const ast::Expr* leaf : leaves) {
      Value* v = lower_expr(*leaf, env);
      if (!v) return nullptr;
      if (v->type().is(TypeKind::Array) && v->type().rank() > 0 && shape.size() == 1 && values.empty())
        return array_of_arrays(e, leaves, v, env); // np.array([a, b])
      if (!v->type().is_number()) {
        type_error(leaf->range, "np.array of a " + v->type().to_string() + " is not supported");
        return nullptr;
      }
      DType d = scalar_dtype(v->type());
      inferred = inferred == DType::Bool ? d : d == DType::Float64 ? DType::Float64 : inferred;
      values.push_back(v);
    }
    if (leaves.empty()) inferred = DType::Float64;
    if (const ast::Keyword* kw = keyword(e, "dtype")) {
      auto d = dtype_of_expr(*kw->value);
      if (!d) return nullptr;
      inferred = *d;
    }
    // int64 data stays int (exact past 2**53): numpy converts each Python number on its own, a
    // float as int(x) does (NaN and inf raise); everything else goes through float.
    Type element = inferred == DType::Int64 ? Type::int_() : Type::float_();
    for (size_t i = 0; i < values.size(); ++i) values[i] = cast(values[i], element, leaves[i]->range);
    ir::Node* n = emit(OpKind::ArrayLiteral, values, {Type::array(inferred, int(shape.size()))}, e.range);
    n->set_attr("dtype", std::string(ir::dtype_name(inferred)));
    n->set_attr("shape", ir::IntList(shape));
    return n->output();
  }
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* v = lower_expr(*e.operands[i], env);
    if (!v) return nullptr;
    args.push_back(v);
  }
  std::optional<DType> dtype;
  if (const ast::Keyword* kw = keyword(e, "dtype")) {
    dtype = dtype_of_expr(*kw->value);
    if (!dtype) return nullptr;
  }
  auto need_array = [&](Value* v, const char* what) -> Value* {
    if (v->type().is(TypeKind::Array)) return v;
    if (v->type().is_number()) return v; // a scalar broadcasts
    type_error(e.range, std::string(what) + " needs an array, not a " + v->type().to_string());
    return nullptr;
  };

  if (name == "zeros" || name == "ones" || name == "full") {
    std::vector<Value*> dims;
    if (!shape_dims(args[0], e.operands[1]->range, dims)) return nullptr;
    Value* fill;
    DType d = DType::Float64;
    if (name == "full") {
      if (!args[1]->type().is_number()) {
        type_error(e.operands[2]->range, "np.full's fill value must be a number");
        return nullptr;
      }
      d = scalar_dtype(args[1]->type());
      fill = args[1];
    } else {
      fill = const_float(name == "ones" ? 1.0 : 0.0, e.range);
    }
    if (dtype) d = *dtype;
    // An int fill of an int64 array stays int (exact past 2**53); else it goes through float.
    fill = cast(fill, d == DType::Int64 && !fill->type().is(TypeKind::Float) ? Type::int_() : Type::float_(), e.range);
    dims.push_back(fill);
    ir::Node* n = emit(OpKind::ArrayFull, dims, {Type::array(d, int(dims.size()) - 1)}, e.range);
    n->set_attr("dtype", std::string(ir::dtype_name(d)));
    return n->output();
  }
  if (name == "arange") {
    bool any_float = false;
    for (Value* a : args) {
      if (!a->type().is_number()) {
        type_error(e.range, "np.arange needs numbers");
        return nullptr;
      }
      any_float = any_float || a->type().is(TypeKind::Float);
    }
    Value* start = args.size() >= 2 ? args[0] : const_int(0, e.range);
    Value* stop = args.size() >= 2 ? args[1] : args[0];
    Value* step = args.size() == 3 ? args[2] : const_int(1, e.range);
    DType d = dtype.value_or(any_float ? DType::Float64 : DType::Int64);
    // All-int bounds of an int64 range stay int: exact past 2**53, where a double would round.
    Type bound = d == DType::Int64 && !any_float ? Type::int_() : Type::float_();
    ir::Node* n = emit(OpKind::ArrayArange,
                       {cast(start, bound, e.range), cast(stop, bound, e.range), cast(step, bound, e.range)},
                       {Type::array(d, 1)}, e.range);
    n->set_attr("dtype", std::string(ir::dtype_name(d)));
    return n->output();
  }
  if (name == "linspace") {
    Value* num = args.size() == 3 ? args[2] : nullptr;
    if (const ast::Keyword* kw = keyword(e, "num")) num = lower_expr(*kw->value, env);
    if (!num) num = const_int(50, e.range);
    if (!num->type().is(TypeKind::Int)) {
      type_error(e.range, "np.linspace's num must be an int");
      return nullptr;
    }
    for (size_t i = 0; i < 2; ++i)
      if (!args[i]->type().is_number()) {
        type_error(e.operands[i + 1]->range, "np.linspace's start and stop must be numbers, not " +
                                                 args[i]->type().to_string() + " (array bounds are not supported)");
        return nullptr;
      }
    DType d = dtype.value_or(DType::Float64);
    ir::Node* n = emit(OpKind::ArrayLinspace,
                       {cast(args[0], Type::float_(), e.range), cast(args[1], Type::float_(), e.range), num},
                       {Type::array(d, 1)}, e.range);
    n->set_attr("dtype", std::string(ir::dtype_name(d)));
    return n->output();
  }
  if (name == "eye") {
    for (Value* a : args)
      if (!a->type().is(TypeKind::Int)) {
        type_error(e.range, "np.eye() needs int sizes, not " + a->type().to_string() +
                                " (numpy raises TypeError: an integer is required)");
        return nullptr;
      }
    Value* m = args.size() == 2 ? args[1] : const_int(-1, e.range);
    DType d = dtype.value_or(DType::Float64);
    ir::Node* n = emit(OpKind::ArrayEye, {args[0], m}, {Type::array(d, 2)}, e.range);
    n->set_attr("dtype", std::string(ir::dtype_name(d)));
    return n->output();
  }
  if (const ir::BinaryUfunc* u = ir::find_numpy_binary(name)) {
    if (!need_array(args[0], name.c_str()) || !need_array(args[1], name.c_str())) return nullptr;
    if (!args[0]->type().is(TypeKind::Array) && !args[1]->type().is(TypeKind::Array)) {
      type_error(e.range, "np." + name + " of two scalars is not supported; use max()/min()");
      return nullptr;
    }
    return array_binary(std::string(u->name), args[0], args[1], e);
  }
  if (name == "where") {
    Value* c = args[0];
    Value* a = args[1];
    Value* b = args[2];
    for (Value* v : {c, a, b})
      if (!need_array(v, "np.where")) return nullptr;
    bool aa = a->type().is(TypeKind::Array), ba = b->type().is(TypeKind::Array);
    DType d = aa && ba ? promote_arrays(a->type().dtype(), b->type().dtype())
              : aa     ? promote_weak(a->type().dtype(), b->type())
              : ba     ? promote_weak(b->type().dtype(), a->type())
                       : promote_arrays(scalar_dtype(a->type()), scalar_dtype(b->type()));
    int rank = 0;
    for (Value* v : {c, a, b})
      if (v->type().is(TypeKind::Array)) rank = std::max(rank, v->type().rank());
    return emit1(OpKind::ArrayWhere, {c, a, b}, Type::array(d, rank), e.range);
  }
  // The ufunc table (include/pyscript/ufuncs.def): np.exp(x) and the reductions' np.sum(x, axis).
  if (const ir::UnaryUfunc* u = ir::find_numpy_unary(name))
    return need_array(args[0], name.c_str()) ? array_unary(std::string(u->name), args[0], e.range) : nullptr;
  if (ir::find_reduction(name))
    return array_reduce(name, args[0], e, args.size() == 2 ? e.operands[2].get() : nullptr);
  if (name == "dot" && args[0]->type().is(TypeKind::Array) && args[1]->type().is(TypeKind::Array) &&
      std::min(args[0]->type().rank(), args[1]->type().rank()) >= 2 &&
      std::max(args[0]->type().rank(), args[1]->type().rank()) > 2) {
    // np.dot of stacks pairs every matrix of one with every matrix of the other; @ broadcasts.
    type_error(e.range, "np.dot of arrays of rank above 2 is not supported (it is not the batched product)",
               "for a batched matrix product write a @ b or np.matmul(a, b)");
    return nullptr;
  }
  if (name == "dot" || name == "matmul") return array_matmul(args[0], args[1], e);
  if (name == "transpose") {
    std::vector<const ast::Expr*> axes;
    if (e.operands.size() == 3) axes.push_back(e.operands[2].get());
    return array_transpose(args[0], e.range, axes);
  }
  if (name == "reshape") {
    std::vector<Value*> dims;
    if (!shape_dims(args[1], e.range, dims)) return nullptr;
    return array_reshape(args[0], dims, e.range);
  }
  PYSCRIPT_UNREACHABLE("numpy function without lowering: " + name);
}

Value* FunctionLowering::as_array(Value* v, const SourceRange& r) {
  if (v->type().is(TypeKind::Array)) return v;
  type_error(r, "an array is needed here, not a " + v->type().to_string());
  return nullptr;
}

Value* FunctionLowering::array_reduce(const std::string& op, Value* a, const ast::Expr& call,
                                      const ast::Expr* positional_axis) {
  if (!(a = as_array(a, call.range))) return nullptr;
  const ast::Expr* axis_expr = positional_axis;
  if (const ast::Keyword* kw = keyword(call, "axis")) axis_expr = kw->value.get();
  bool keepdims = false;
  if (const ast::Keyword* kw = keyword(call, "keepdims")) {
    if (kw->value->kind != ast::ExprKind::Bool) {
      type_error(kw->value->range, "keepdims must be True or False");
      return nullptr;
    }
    keepdims = kw->value->bool_value;
  }
  int rank = a->type().rank();
  std::optional<int64_t> axis;
  if (axis_expr && axis_expr->kind != ast::ExprKind::None) {
    axis = int_literal(*axis_expr);
    if (!axis) {
      type_error(axis_expr->range, "axis must be an integer literal",
                 "the rank of the result depends on it, so it must be known when compiling");
      return nullptr;
    }
    if (*axis < -rank || *axis >= rank) {
      type_error(axis_expr->range, "axis " + std::to_string(*axis) + " is out of bounds for an array of rank " +
                                       std::to_string(rank));
      return nullptr;
    }
  }
  DType out = reduction_dtype(op, a->type().dtype());
  int out_rank = keepdims ? rank : axis ? rank - 1 : 0;
  ir::Node* n = emit(OpKind::ArrayReduce, {a}, {Type::array(out, out_rank)}, call.range);
  n->set_attr("op", op);
  n->set_attr("axis", axis ? ir::AttrValue(*axis) : ir::AttrValue(ir::NoneValue{}));
  n->set_attr("keepdims", keepdims);
  return n->output();
}

Value* FunctionLowering::array_matmul(Value* a, Value* b, const ast::Expr& e) {
  if (!(a = as_array(a, e.range)) || !(b = as_array(b, e.range))) return nullptr;
  int ra = a->type().rank(), rb = b->type().rank();
  if (ra == 0 || rb == 0) {
    type_error(e.range, "matmul needs arrays of rank 1 or more; use * for scalars");
    return nullptr;
  }
  int rank = ra == 1 && rb == 1 ? 0 : ra == 1 ? rb - 1 : rb == 1 ? ra - 1 : std::max(ra, rb);
  DType d = promote_arrays(a->type().dtype(), b->type().dtype());
  if (d == DType::Bool) { // numpy's bool matmul is bool: any(a_ik and b_kj), the int count != 0
    Value* count = emit1(OpKind::ArrayMatmul, {a, b}, Type::array(DType::Int64, rank), e.range);
    return array_binary("ne", count, const_int(0, e.range), e);
  }
  return emit1(OpKind::ArrayMatmul, {a, b}, Type::array(d, rank), e.range);
}

// a.T, a.transpose(), or a.transpose(2, 0, 1) / a.transpose((2, 0, 1)) / np.transpose(a, axes): the
// axes are literals, checked against the rank here as numpy checks them when it runs.
Value* FunctionLowering::array_transpose(Value* a, const SourceRange& r, const std::vector<const ast::Expr*>& axes_args) {
  if (!(a = as_array(a, r))) return nullptr;
  std::vector<const ast::Expr*> items = axes_args;
  if (items.size() == 1 && items[0]->kind == ast::ExprKind::Tuple) {
    items.clear();
    for (const ast::ExprPtr& item : axes_args[0]->operands) items.push_back(item.get());
  }
  if (items.empty()) return emit1(OpKind::ArrayTranspose, {a}, a->type(), r);
  int rank = a->type().rank();
  if (int(items.size()) != rank) {
    type_error(r, "axes don't match array: transpose of a rank-" + std::to_string(rank) + " array needs " +
                      std::to_string(rank) + " axes, not " + std::to_string(items.size()));
    return nullptr;
  }
  ir::IntList axes_list;
  std::vector<bool> seen(size_t(rank), false);
  for (const ast::Expr* item : items) {
    std::optional<int64_t> axis = int_literal(*item);
    if (!axis) {
      type_error(item->range, "transpose's axes must be integer literals");
      return nullptr;
    }
    if (*axis < -rank || *axis >= rank) {
      type_error(item->range, "axis " + std::to_string(*axis) + " is out of bounds for array of dimension " +
                                  std::to_string(rank));
      return nullptr;
    }
    int64_t d = *axis < 0 ? *axis + rank : *axis;
    if (seen[size_t(d)]) {
      type_error(item->range, "repeated axis in transpose");
      return nullptr;
    }
    seen[size_t(d)] = true;
    axes_list.push_back(d);
  }
  ir::Node* n = emit(OpKind::ArrayTranspose, {a}, {a->type()}, r);
  n->set_attr("axes", axes_list);
  return n->output();
}

Value* FunctionLowering::array_reshape(Value* a, const std::vector<Value*>& dims, const SourceRange& r) {
  if (!(a = as_array(a, r))) return nullptr;
  std::vector<Value*> inputs{a};
  for (Value* d : dims) {
    if (!d->type().is(TypeKind::Int)) {
      type_error(r, "reshape's dimensions must be ints");
      return nullptr;
    }
    inputs.push_back(d);
  }
  return emit1(OpKind::ArrayReshape, inputs, Type::array(a->type().dtype(), int(dims.size())), r);
}

Value* FunctionLowering::lower_array_method(Value* self, const ast::Expr& callee, const ast::Expr& e,
                                            Environment& env) {
  const std::string& name = callee.text;
  if (!self->type().is(TypeKind::Array)) {
    type_error(callee.text_range, "a " + self->type().to_string() + " has no method '" + name + "'");
    return nullptr;
  }
  if (is_array_math_method(name)) return lower_array_math_method(self, name, e, env); // lower_numpy_math.cpp
  if (ir::find_reduction(name))
    return array_reduce(name, self, e, e.operands.size() == 2 ? e.operands[1].get() : nullptr);
  if (name == "astype") {
    auto d = dtype_of_expr(*e.operands[1]);
    if (!d) return nullptr;
    ir::Node* n = emit(OpKind::ArrayCast, {self}, {Type::array(*d, self->type().rank())}, e.range);
    return n->output();
  }
  if (name == "copy" || name == "flatten" || name == "ravel") return lower_array_copy(name, self, e);
  if (name == "dot") { // a.dot(b) is np.dot(a, b)
    Value* other = lower_expr(*e.operands[1], env);
    if (!other) return nullptr;
    if (other->type().is(TypeKind::Array) &&
        std::min(self->type().rank(), other->type().rank()) >= 2 && std::max(self->type().rank(), other->type().rank()) > 2) {
      type_error(e.range, "a.dot(b) of arrays of rank above 2 is not supported (it is not the batched product)",
                 "for a batched matrix product write a @ b or np.matmul(a, b)");
      return nullptr;
    }
    return array_matmul(self, other, e);
  }
  if (name == "transpose") {
    std::vector<const ast::Expr*> axes;
    for (size_t i = 1; i < e.operands.size(); ++i) axes.push_back(e.operands[i].get());
    return array_transpose(self, e.range, axes);
  }
  if (name == "reshape") {
    std::vector<Value*> dims;
    for (size_t i = 1; i < e.operands.size(); ++i) {
      Value* v = lower_expr(*e.operands[i], env);
      if (!v || !shape_dims(v, e.operands[i]->range, dims)) return nullptr;
    }
    return array_reshape(self, dims, e.range);
  }
  auto source = [](const ast::Expr& x) { return x.range.file ? std::string(x.range.file->slice(x.range)) : std::string(); };
  std::string args;
  for (size_t i = 1; i < e.operands.size(); ++i) args += (i > 1 ? ", " : "") + source(*e.operands[i]);
  if (std::optional<InPlaceMethod> m = in_place_method(name, source(*callee.operands[0]), args, "np")) {
    // a.sort(), a.partition(k): list and str methods too, so the resolver left them to here
    Diagnostic& d = diags_.error(e.range, "in-place", "'" + source(e) + "' would change an array in place, which is not supported");
    d.help.push_back(m->value.empty() ? m->help : "arrays are values in pyscript: " + m->help + " is '" + m->value + "'");
    return nullptr;
  }
  type_error(callee.text_range, "arrays have no method '" + name + "' in pyscript");
  return nullptr;
}

Value* FunctionLowering::lower_array_attribute(Value* self, const ast::Expr& e) {
  const std::string& name = e.text;
  const Type& t = self->type();
  if (name == "T") return array_transpose(self, e.range);
  if (name == "ndim") return const_int(t.rank(), e.range);
  if (name == "dtype") return const_str(ir::dtype_name(t.dtype()), e.range);
  if (name == "size") return emit1(OpKind::ArraySize, {self}, Type::int_(), e.range);
  if (name == "shape") {
    std::vector<Value*> dims;
    std::vector<Type> types;
    for (int d = 0; d < t.rank(); ++d) {
      ir::Node* n = emit(OpKind::ArrayDim, {self}, {Type::int_()}, e.range);
      n->set_attr("axis", int64_t(d));
      dims.push_back(n->output());
      types.push_back(Type::int_());
    }
    return emit1(OpKind::TupleConstruct, dims, Type::tuple(types), e.range);
  }
  type_error(e.text_range, "arrays have no attribute '" + name + "' in pyscript");
  return nullptr;
}

// A slice's part of an index (Note [Index specs]): its present bounds as int inputs and its item
// in `spec`; false after a diagnostic.
bool FunctionLowering::slice_index(const ast::Expr& slice, const IndexValues& values, std::vector<Value*>& inputs,
                                   ir::IntList& spec) {
  int64_t item = 0;
  for (size_t k = 0; k < slice.operands.size(); ++k) {
    const ast::ExprPtr& bound = slice.operands[k];
    if (!bound) continue;
    item |= int64_t(1) << k;
    Value* v = values.at(bound.get());
    if (!v->type().is(TypeKind::Int) && !v->type().is(TypeKind::Bool)) {
      type_error(bound->range, "slice bounds must be ints");
      return false;
    }
    inputs.push_back(cast(v, Type::int_(), bound->range));
  }
  spec.push_back(item);
  return true;
}

Value* FunctionLowering::array_index(Value* a, const ast::Expr& index, Environment& env, const SourceRange& r) {
  std::vector<const ast::Expr*> parts;
  if (index.kind == ast::ExprKind::Tuple)
    for (const ast::ExprPtr& p : index.operands) parts.push_back(p.get());
  else
    parts.push_back(&index);
  // Each part is lowered once, here; None, np.newaxis and array parts go to lower_numpy_index.cpp.
  IndexValues values;
  bool advanced = false;
  if (!lower_index_parts(parts, env, values, advanced)) return nullptr;
  if (advanced) return array_index_advanced(a, parts, values, r);
  int rank = a->type().rank();
  if (int(parts.size()) > rank) {
    type_error(index.range, "too many indices for an array of rank " + std::to_string(rank));
    return nullptr;
  }
  ir::IntList spec; // Note [Index specs]
  std::vector<Value*> inputs{a};
  int dropped = 0;
  for (const ast::Expr* p : parts) {
    if (p->kind == ast::ExprKind::Slice) {
      if (!slice_index(*p, values, inputs, spec)) return nullptr;
      continue;
    }
    Value* v = values.at(p);
    if (v->type().is(TypeKind::Bool)) {
      // numpy reads a bool index as a mask of a new axis (a[True] is a[np.newaxis]), not as 1.
      type_error(p->range, "an array index that is a bool adds an axis in numpy, it does not pick element 0 or 1",
                 "index with int(...) if an element is meant");
      return nullptr;
    }
    if (!v->type().is(TypeKind::Int)) { // arrays and None went to array_index_advanced
      type_error(p->range, "array indices must be ints, slices, None, or int64 or bool arrays, not " +
                               v->type().to_string());
      return nullptr;
    }
    spec.push_back(ir::kIndexInt);
    inputs.push_back(v);
    ++dropped;
  }
  ir::Node* n = emit(OpKind::ArrayIndex, inputs, {Type::array(a->type().dtype(), rank - dropped)}, r);
  n->set_attr("spec", spec);
  return n->output();
}

} // namespace pyscript::lower
