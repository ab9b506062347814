// The verifier's cases for the ops that make, join and select arrays (array_concat, array_take,
// ...): like verify_arrays.cpp, every attribute codegen reads is checked, so a hand-edited graph
// gets a verifier error rather than a crash.
#include "ir/verify_arrays.hpp"

namespace pyscript::ir {
namespace {

using Error = std::optional<std::string>;

constexpr int kMaxRank = 8; // PYRT_MAX_DIMS

template <class T> const T* attr_of(const Node& n, const char* name) {
  const AttrValue* v = n.attr(name);
  return v ? std::get_if<T>(v) : nullptr;
}

bool is_array(const Value* v) {
  return v->type().is(TypeKind::Array);
}

// numpy's promotion of array dtypes, as np.concatenate applies it.
DType promote(DType a, DType b) {
  if (a == b || b == DType::Bool) return a;
  if (a == DType::Bool) return b;
  return DType::Float64;
}

Error check_concat(const Node& n, const Type& out) {
  const int64_t* axis = attr_of<int64_t>(n, "axis");
  const bool* stack = attr_of<bool>(n, "stack");
  if (!axis || !stack) return "missing the axis or stack attribute";
  int rank = -1;
  DType d = DType::Bool;
  for (const Value* v : n.inputs()) {
    if (!is_array(v)) return "an operand is not an array";
    if (rank >= 0 && v->type().rank() != rank) return "the operands' ranks differ";
    rank = v->type().rank();
    d = promote(d, v->type().dtype());
  }
  int want = *stack ? rank + 1 : rank;
  if (*axis < 0 || *axis >= want || want > kMaxRank) return "axis out of bounds";
  if (out != Type::array(d, want))
    return "the result should be " + Type::array(d, want).to_string();
  return std::nullopt;
}

Error check_concat_list(const Node& n, const Type& out) {
  const int64_t* axis = attr_of<int64_t>(n, "axis");
  const bool* stack = attr_of<bool>(n, "stack");
  const int64_t* lead = attr_of<int64_t>(n, "lead");
  if (!axis || !stack || !lead || *lead < 0) return "missing the axis, stack or lead attribute";
  const Type& list = n.input(0)->type();
  if (!list.is(TypeKind::List) || !list.elements()[0].is(TypeKind::Array)) return "the operand is not a list of arrays";
  const Type& element = list.elements()[0];
  int want = element.rank() + int(*lead) + (*stack ? 1 : 0);
  if (*axis < 0 || *axis >= want || want > kMaxRank) return "axis out of bounds";
  if (out != Type::array(element.dtype(), want)) return "the result should be " + Type::array(element.dtype(), want).to_string();
  return std::nullopt;
}

Error check_expand_dims(const Node& n, const Type& in, const Type& out) {
  const IntList* axes = attr_of<IntList>(n, "axes");
  if (!axes || axes->empty()) return "missing the axes attribute";
  int rank = in.rank() + int(axes->size());
  for (size_t i = 0; i < axes->size(); ++i)
    if ((*axes)[i] < 0 || (*axes)[i] >= rank || (i > 0 && (*axes)[i] <= (*axes)[i - 1]))
      return "axes must ascend within the result's rank";
  if (rank > kMaxRank || out != Type::array(in.dtype(), rank)) return "the result's type";
  return std::nullopt;
}

Error check_select(const Node& n, const Type& in, const Type& out) {
  const int64_t* axis = attr_of<int64_t>(n, "axis");
  const int64_t* source = attr_of<int64_t>(n, "source_axis");
  if (!axis || !source || *source < 0 || *source >= kMaxRank)
    return "missing the axis or source_axis attribute";
  const Type& index = n.input(1)->type();
  if (!index.is(TypeKind::Array)) return "the index is not an array";
  bool take = n.kind() == OpKind::ArrayTake;
  if (index.dtype() != (take ? DType::Int64 : DType::Bool))
    return take ? "the index is not int64" : "the mask is not bool";
  int consumed = take ? 1 : index.rank();
  if (!take && consumed == 0) return "a 0-d mask";
  if (*axis < 0 || *axis + consumed > in.rank()) return "axis out of bounds";
  int rank = in.rank() - consumed + (take ? index.rank() : 1);
  if (rank > kMaxRank || out != Type::array(in.dtype(), rank)) return "the result's type";
  return std::nullopt;
}

Error check_meshgrid(const Node& n, const Type& out) {
  const int64_t* which = attr_of<int64_t>(n, "which");
  const std::string* indexing = attr_of<std::string>(n, "indexing");
  int count = int(n.inputs().size());
  if (!which || *which < 0 || *which >= count) return "which is not an operand";
  if (!indexing || (*indexing != "xy" && *indexing != "ij"))
    return "indexing must be \"xy\" or \"ij\"";
  for (const Value* v : n.inputs())
    if (!is_array(v)) return "an operand is not an array";
  if (count > kMaxRank || out != Type::array(n.input(size_t(*which))->type().dtype(), count))
    return "the result's type";
  return std::nullopt;
}

Error check_pad(const Node& n, const Type& in, const Type& out) {
  size_t widths = 2 * size_t(in.rank());
  if (n.inputs().size() != widths + 2)
    return "pad takes the array, (before, after) for each axis and the fill";
  for (size_t i = 1; i <= widths; ++i)
    if (!n.input(i)->type().is(TypeKind::Int)) return "pad widths must be ints";
  if (!n.input(widths + 1)->type().is_number()) return "the fill value is not a number";
  return out == in ? std::nullopt : Error("pad keeps the type");
}

} // namespace

std::optional<std::string> verify_shape_op(const Node& n) {
  const Type& out = n.output()->type();
  if (!out.is(TypeKind::Array)) return "the result is not an array";
  if (n.kind() == OpKind::ArrayConcat) return check_concat(n, out);
  if (n.kind() == OpKind::ArrayConcatList) return check_concat_list(n, out);
  if (n.kind() == OpKind::ArrayMeshgrid) return check_meshgrid(n, out);
  if (!is_array(n.input(0))) return "the operand is not an array";
  const Type& in = n.input(0)->type();
  switch (n.kind()) {
  case OpKind::ArrayExpandDims:
    return check_expand_dims(n, in, out);
  case OpKind::ArrayTake:
  case OpKind::ArrayMask:
    return check_select(n, in, out);
  case OpKind::ArrayTri:
    if (!attr_of<bool>(n, "upper")) return "missing the upper attribute";
    if (!n.input(1)->type().is(TypeKind::Int)) return "k is not an int";
    if (in.rank() == 0) return "triu/tril of a 0-d array";
    return out == Type::array(in.dtype(), std::max(in.rank(), 2)) ? std::nullopt
                                                                  : Error("the result's type");
  case OpKind::ArrayPad:
    return check_pad(n, in, out);
  default:
    return std::nullopt;
  }
}

} // namespace pyscript::ir
