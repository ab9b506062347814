// The verifier's cases for array ops, calls and globals (ir/verifier.cpp calls them). Loaded
// artifacts are checked by the verifier only, so every attribute codegen reads is checked here:
// a hand-edited graph gets a verifier error, never a crash in codegen.
#include "ir/verify_arrays.hpp"

#include "ir/ufuncs.hpp"
#include "ir/verify_random.hpp"
#include "pyscript/runtime.h"

#include <algorithm>
#include <set>

namespace pyscript::ir {
namespace {

using Error = std::optional<std::string>;

bool is_array(const Value* v) { return v->type().is(TypeKind::Array); }
bool is_scalar_number(const Value* v) { return v->type().is_number(); }
int rank_of(const Value* v) { return is_array(v) ? v->type().rank() : 0; }

template <class T> bool has(const Node& n, const char* name) {
  const AttrValue* v = n.attr(name);
  return v && std::holds_alternative<T>(*v);
}

// An attribute naming a dtype, equal to `want` when given.
Error dtype_attr(const Node& n, const char* name, std::optional<DType> want = std::nullopt) {
  if (!has<std::string>(n, name)) return std::string("missing the ") + name + " attribute";
  std::optional<DType> d = dtype_from_name(n.str_attr(name));
  if (!d) return std::string(name) + " names no dtype: '" + n.str_attr(name) + "'";
  if (want && *d != *want) return std::string(name) + " is " + dtype_name(*d) + " but the result is " + dtype_name(*want);
  return std::nullopt;
}

Error all_ints(const Node& n, size_t from, size_t to, const char* what) {
  for (size_t i = from; i < to; ++i)
    if (!n.input(i)->type().is(TypeKind::Int)) return std::string(what) + " must be ints";
  return std::nullopt;
}

// Elementwise: operands are arrays or numbers, the result's rank their largest.
Error elementwise(const Node& n, DType result) {
  int rank = 0;
  for (const Value* v : n.inputs()) {
    if (!is_array(v) && !is_scalar_number(v)) return "an operand is " + v->type().to_string();
    rank = std::max(rank, rank_of(v));
  }
  if (n.output()->type() != Type::array(result, rank))
    return "the result is " + n.output()->type().to_string() + ", expected " + Type::array(result, rank).to_string();
  return std::nullopt;
}

Error check_index(const Node& n) {
  if (!has<IntList>(n, "spec")) return "missing the spec attribute (Note [Index specs])";
  const IntList& spec = n.ints_attr("spec");
  size_t inputs = 1;
  int dropped = 0;
  for (int64_t item : spec) {
    if (item != kIndexInt && (item < 0 || item > (kSliceStart | kSliceStop | kSliceStep)))
      return "index spec item " + std::to_string(item) + " is neither an int index nor a slice";
    inputs += size_t(index_item_inputs(item));
    dropped += item == kIndexInt;
  }
  if (inputs != n.inputs().size()) return "the index spec takes " + std::to_string(inputs - 1) + " values";
  if (auto e = all_ints(n, 1, inputs, "indices and slice bounds")) return e;
  int rank = n.input(0)->type().rank();
  if (int(spec.size()) > rank) return "more indices than axes";
  if (n.output()->type() != Type::array(n.input(0)->type().dtype(), rank - dropped)) return "the result's type";
  return std::nullopt;
}

// An axis attribute: an int within the rank, or None (all axes) when `none_ok`.
Error axis_attr(const Node& n, int rank, bool none_ok = true) {
  const AttrValue* axis = n.attr("axis");
  if (!axis || !(std::holds_alternative<int64_t>(*axis) || (none_ok && std::holds_alternative<NoneValue>(*axis))))
    return none_ok ? "axis must be an int or None" : "axis must be an int";
  if (const int64_t* a = std::get_if<int64_t>(axis); a && (*a < -rank || *a >= rank)) return "axis out of bounds";
  return std::nullopt;
}

Error check_reduce(const Node& n) {
  if (!has<std::string>(n, "op") || !find_reduction(n.str_attr("op"))) return "not a reduction of ufuncs.def";
  if (n.inputs().size() == 2 && (!(n.str_attr("op") == "var" || n.str_attr("op") == "std") ||
                                 !n.input(1)->type().is(TypeKind::Int)))
    return "only var and std take a second input, ddof, an int";
  const AttrValue* axis = n.attr("axis");
  if (!axis || !(std::holds_alternative<int64_t>(*axis) || std::holds_alternative<NoneValue>(*axis)))
    return "axis must be an int or None";
  if (!has<bool>(n, "keepdims")) return "missing keepdims";
  int rank = n.input(0)->type().rank();
  bool keep = std::get<bool>(*n.attr("keepdims"));
  if (const int64_t* a = std::get_if<int64_t>(axis); a && (*a < -rank || *a >= rank)) return "axis out of bounds";
  int want = keep ? rank : std::holds_alternative<int64_t>(*axis) ? rank - 1 : 0;
  if (n.output()->type().rank() != want) return "the result's rank";
  return std::nullopt;
}

// ArrayAccumulate, ArraySort: a result of the input's rank, or rank 1 for axis None.
Error check_along_axis(const Node& n, std::initializer_list<const char*> ops, DType result) {
  if (!has<std::string>(n, "op") || std::find(ops.begin(), ops.end(), n.str_attr("op")) == ops.end())
    return "op is not one of this op's";
  int rank = n.input(0)->type().rank();
  if (auto e = axis_attr(n, rank)) return e;
  bool flat = std::holds_alternative<NoneValue>(*n.attr("axis"));
  if (n.output()->type() != Type::array(result, flat ? 1 : rank)) return "the result's type";
  return std::nullopt;
}

Error check_sort(const Node& n) {
  if (!has<std::string>(n, "kind") ||
      !(n.str_attr("kind") == "quicksort" || n.str_attr("kind") == "stable" || n.str_attr("kind") == "heapsort"))
    return "kind must be quicksort, stable or heapsort";
  bool arg = has<std::string>(n, "op") && n.str_attr("op") == "argsort";
  return check_along_axis(n, {"sort", "argsort"}, arg ? DType::Int64 : n.input(0)->type().dtype());
}

Error check_linalg(const Node& n) {
#define PYRT_LINALG_NAME(ID, name) name,
  static const char* const ops[] = {PYRT_LINALG_OPS(PYRT_LINALG_NAME)};
#undef PYRT_LINALG_NAME
  if (!has<std::string>(n, "op") || std::find(std::begin(ops), std::end(ops), n.str_attr("op")) == std::end(ops))
    return "op is not one of runtime.h's PYRT_LINALG_OPS";
  const std::string& op = n.str_attr("op");
  bool two = op == "solve" || op == "cov_gram";
  if (n.inputs().size() != (two ? 2u : 1u)) return op + " takes " + (two ? "two arrays" : "one array");
  for (const Value* v : n.inputs())
    if (!is_array(v)) return "an operand is not an array";
  const Type& out = n.output()->type();
  if (out.dtype() != DType::Float32 && out.dtype() != DType::Float64) return "the result is float32 or float64";
  int ra = rank_of(n.input(0));
  if (op == "norm") return out.rank() == 0 ? std::nullopt : Error("a norm is 0-d");
  if (ra < 2) return "a matrix operand has rank 2 or more";
  if (op == "cov_gram")
    return ra == 2 && rank_of(n.input(1)) == 1 && n.input(0)->type().dtype() == DType::Float64 &&
                   n.input(1)->type().dtype() == DType::Float64 && out == n.input(0)->type()
               ? std::nullopt
               : Error("cov_gram takes a float64 matrix and its float64 row means to a float64 matrix");
  if (op == "det") return out.rank() == ra - 2 ? std::nullopt : Error("det drops the matrix axes");
  if (op == "inv" || op == "eigh_vectors") return out.rank() == ra ? std::nullopt : Error(op + " keeps the rank");
  if (op == "eigh_values") return out.rank() == ra - 1 ? std::nullopt : Error("eigenvalues drop an axis");
  int rb = rank_of(n.input(1));
  int want = rb == ra - 1 ? ra - 1 : std::max(ra, rb);
  if (rb < 1 || out.rank() != want) return "the result's rank";
  return std::nullopt;
}

Error check_transpose(const Node& n) {
  int rank = n.input(0)->type().rank();
  if (n.output()->type() != n.input(0)->type()) return "a transpose keeps the type";
  if (!n.attr("axes")) return std::nullopt;
  if (!has<IntList>(n, "axes")) return "axes must be an int list";
  const IntList& axes = n.ints_attr("axes");
  std::set<int64_t> seen(axes.begin(), axes.end());
  if (int(axes.size()) != rank || int(seen.size()) != rank || *seen.begin() != 0 || *seen.rbegin() != rank - 1)
    return "axes are not a permutation of the array's axes";
  return std::nullopt;
}

Error check_array_op(const Node& n) {
  const Type& out = n.outputs().empty() ? Type::none() : n.output()->type();
  if (n.kind() != OpKind::Retain && n.kind() != OpKind::Release && n.kind() != OpKind::ArrayDim &&
      n.kind() != OpKind::ArraySize && n.kind() != OpKind::ArrayItem && !out.is(TypeKind::Array))
    return "the result is not an array";
  auto first_is_array = [&]() -> Error {
    return is_array(n.input(0)) ? std::nullopt : Error("the operand is not an array");
  };
  switch (n.kind()) {
  case OpKind::ArrayFull: {
    size_t dims = n.inputs().size() - 1;
    if (auto e = dtype_attr(n, "dtype", out.dtype())) return e;
    if (auto e = all_ints(n, 0, dims, "dimensions")) return e;
    if (!is_scalar_number(n.input(dims))) return "the fill value is not a number";
    if (out.rank() != int(dims)) return "the rank differs from the dimensions given";
    return std::nullopt;
  }
  case OpKind::ArrayLiteral: {
    if (auto e = dtype_attr(n, "dtype", out.dtype())) return e;
    if (!has<IntList>(n, "shape")) return "missing the shape attribute";
    int64_t count = 1;
    for (int64_t d : n.ints_attr("shape")) {
      if (d < 0 || d > (int64_t(1) << 32)) return "a negative or huge literal dimension";
      count *= d;
    }
    if (count != int64_t(n.inputs().size())) return "the shape does not hold the values given";
    if (int(n.ints_attr("shape").size()) != out.rank()) return "the rank differs from the shape";
    for (const Value* v : n.inputs())
      if (!v->type().is(TypeKind::Int) && !v->type().is(TypeKind::Float)) return "a literal element is not a number";
    return std::nullopt;
  }
  case OpKind::ArrayArange:
  case OpKind::ArrayLinspace:
    if (auto e = dtype_attr(n, "dtype", out.dtype())) return e;
    for (const Value* v : n.inputs())
      if (!is_scalar_number(v)) return "an argument is not a number";
    if (n.kind() == OpKind::ArrayLinspace && !n.input(2)->type().is(TypeKind::Int)) return "num must be an int";
    return out.rank() == 1 ? std::nullopt : Error("the result has rank 1");
  case OpKind::ArrayEye:
    if (auto e = dtype_attr(n, "dtype", out.dtype())) return e;
    if (auto e = all_ints(n, 0, 2, "sizes")) return e;
    return out.rank() == 2 ? std::nullopt : Error("the result has rank 2");
  case OpKind::ArrayBinary: {
    const BinaryUfunc* u = has<std::string>(n, "op") ? find_binary(n.str_attr("op")) : nullptr;
    if (!u) return "op is not a binary ufunc of ufuncs.def";
    if (auto e = dtype_attr(n, "compute")) return e;
    DType compute = *dtype_from_name(n.str_attr("compute"));
    return elementwise(n, u->comparison ? DType::Bool : compute);
  }
  case OpKind::ArrayUnary: {
    const UnaryUfunc* u = has<std::string>(n, "op") ? find_unary(n.str_attr("op")) : nullptr;
    if (!u) return "op is not a unary ufunc of ufuncs.def";
    if (auto e = dtype_attr(n, "compute")) return e;
    DType compute = *dtype_from_name(n.str_attr("compute"));
    return elementwise(n, u->to_bool || u->scalar == OpKind::Not ? DType::Bool : compute);
  }
  case OpKind::ArrayWhere:
    return elementwise(n, out.dtype());
  case OpKind::ArrayCast:
    if (auto e = first_is_array()) return e;
    return out.rank() == n.input(0)->type().rank() ? std::nullopt : Error("a cast keeps the rank");
  case OpKind::ArrayReduce:
    if (auto e = first_is_array()) return e;
    return check_reduce(n);
  case OpKind::ArrayAccumulate: {
    if (auto e = first_is_array()) return e;
    DType in = n.input(0)->type().dtype();
    return check_along_axis(n, {"sum", "prod"}, is_float_dtype(in) ? in : DType::Int64);
  }
  case OpKind::ArrayRound:
    if (auto e = first_is_array()) return e;
    if (!n.input(1)->type().is(TypeKind::Int)) return "decimals must be an int";
    if (n.input(0)->type().dtype() == DType::Bool) return "numpy rounds bools in float16";
    return out == n.input(0)->type() ? std::nullopt : Error("round keeps the type");
  case OpKind::ArraySort:
    if (auto e = first_is_array()) return e;
    return check_sort(n);
  case OpKind::ArrayLinalg:
    return check_linalg(n);
  case OpKind::ArrayMatmul:
    if (!is_array(n.input(0)) || !is_array(n.input(1))) return "matmul of a non-array";
    if (rank_of(n.input(0)) < 1 || rank_of(n.input(1)) < 1) return "matmul of a 0-d array";
    return std::nullopt;
  case OpKind::ArrayTranspose:
    if (auto e = first_is_array()) return e;
    return check_transpose(n);
  case OpKind::ArrayReshape:
    if (auto e = first_is_array()) return e;
    if (auto e = all_ints(n, 1, n.inputs().size(), "dimensions")) return e;
    return out.rank() == int(n.inputs().size()) - 1 ? std::nullopt : Error("the rank differs from the dimensions");
  case OpKind::ArrayIndex:
    if (auto e = first_is_array()) return e;
    return check_index(n);
  case OpKind::ArrayDim:
    if (auto e = first_is_array()) return e;
    if (!has<int64_t>(n, "axis") || n.int_attr("axis") < 0 || n.int_attr("axis") >= n.input(0)->type().rank())
      return "axis out of bounds";
    return out.is(TypeKind::Int) ? std::nullopt : Error("a dimension is an int");
  case OpKind::ArraySize:
    if (auto e = first_is_array()) return e;
    return out.is(TypeKind::Int) ? std::nullopt : Error("a size is an int");
  case OpKind::ArrayItem:
    if (auto e = first_is_array()) return e;
    return out.is_number() ? std::nullopt : Error("an item is a number");
  case OpKind::Retain:
    if (!n.input(0)->type().holds_refs()) return "retain of a value without references";
    return out == n.input(0)->type() ? std::nullopt : Error("retain keeps the type");
  case OpKind::Release:
    return n.input(0)->type().holds_refs() ? std::nullopt : Error("release of a value without references");
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<std::string> verify_array_op(const Node& n) {
  switch (n.kind()) {
  case OpKind::ArrayFull: case OpKind::ArrayLiteral: case OpKind::ArrayArange: case OpKind::ArrayLinspace:
  case OpKind::ArrayEye: case OpKind::ArrayBinary: case OpKind::ArrayUnary: case OpKind::ArrayWhere:
  case OpKind::ArrayCast: case OpKind::ArrayReduce: case OpKind::ArrayMatmul: case OpKind::ArrayTranspose:
  case OpKind::ArrayReshape: case OpKind::ArrayIndex: case OpKind::ArrayDim: case OpKind::ArraySize:
  case OpKind::ArrayItem: case OpKind::Retain: case OpKind::Release:
  case OpKind::ArrayAccumulate: case OpKind::ArrayRound: case OpKind::ArraySort: case OpKind::ArrayLinalg:
    return check_array_op(n);
  case OpKind::ArrayConcat: case OpKind::ArrayConcatList: case OpKind::ArrayExpandDims: case OpKind::ArrayTake: case OpKind::ArrayMask:
  case OpKind::ArrayTri: case OpKind::ArrayMeshgrid: case OpKind::ArrayPad:
    return verify_shape_op(n);
  case OpKind::RandomSeed: case OpKind::RandomNew: case OpKind::RandomDraw:
    return verify_random_op(n);
  case OpKind::NumpyLoad: case OpKind::NumpyOpenNpz: case OpKind::NumpySave: case OpKind::NumpySavez:
    return verify_numpy_io_op(n);
  default:
    return std::nullopt;
  }
}

std::optional<std::string> verify_call(const Node& n, const Module& m) {
  const AttrValue* callee_attr = n.attr("callee");
  if (!callee_attr || !std::holds_alternative<std::string>(*callee_attr)) return "a call without a callee";
  const Function* callee = m.find(std::get<std::string>(*callee_attr));
  if (!callee) return "a call of '" + std::get<std::string>(*callee_attr) + "', which the module does not define";
  const std::vector<Value*>& params = callee->graph->inputs();
  if (params.size() != n.inputs().size()) return "the call passes " + std::to_string(n.inputs().size()) + " arguments";
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i]->type() != n.input(i)->type()) return "argument " + std::to_string(i) + "'s type differs from the parameter's";
  if (callee->return_type.is(TypeKind::None)) return n.outputs().empty() ? std::nullopt : Error("a call of a procedure has no result");
  if (n.outputs().size() != 1 || n.output()->type() != callee->return_type) return "the result's type differs from the callee's";
  return std::nullopt;
}

std::optional<std::string> verify_global(const Node& n, const Module& m) {
  const AttrValue* name = n.attr("name");
  if (!name || !std::holds_alternative<std::string>(*name)) return "a global access without a name";
  for (const Global& g : m.globals) {
    if (g.name != std::get<std::string>(*name)) continue;
    const Type& t = n.kind() == OpKind::LoadGlobal ? n.output()->type() : n.input(0)->type();
    return t == g.type ? std::nullopt : Error("the global's type differs");
  }
  return "the module has no global '" + std::get<std::string>(*name) + "'";
}

} // namespace pyscript::ir
