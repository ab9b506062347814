// numpy -> IR: indices beyond ints and slices: None / np.newaxis, a boolean mask (x[x > 0]) and
// an int64 index array (x[idx], x[:, idx]); one mask or index array per index, with any ints,
// slices and None beside it. array_index (lower_numpy.cpp) sends such an index here.
//
// Note [Advanced indices]
// numpy's rules, for one array index A among ints, slices and None:
//   - ints and slices select as basic indexing does; A (an int64 array of shape S, or a bool mask
//     covering k axes) replaces the axes it indexes with S (a mask: with one axis, its count of
//     true elements);
//   - ints are advanced indices too when an array is there: if the ints and A are not all
//     adjacent in the index (a slice or None between them), A's axes go first in the result;
//     otherwise they stay where A is;
//   - None adds a size-1 axis where it stands among the result's axes.
// Lowered as: array_index for the ints and slices (A's axes kept whole), then array_take or
// array_mask on A's axes, then a transpose moving A's axes first when numpy does, then
// array_expand_dims for the Nones. A 0-d int64 array (a numpy integer) is an int index.
//   x[0, :, idx]  ->  %b = array_index[spec=(i, s0, s0)](x, 0); %t = array_take[axis=1](%b, idx);
//                     array_transpose[axes=(1, 0)](%t)
#include "lower/module_lowering.hpp"

#include <algorithm>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

bool FunctionLowering::lower_index_parts(const std::vector<const ast::Expr*>& parts,
                                         Environment& env, IndexValues& values, bool& advanced) {
  advanced = false;
  for (const ast::Expr* p : parts) {
    if (p->kind == ast::ExprKind::Slice) {
      for (const ast::ExprPtr& bound : p->operands) {
        if (!bound) continue;
        Value* v = lower_expr(*bound, env);
        if (!v) return false;
        values[bound.get()] = v;
      }
      continue;
    }
    Value* v = lower_expr(*p, env);
    if (!v) return false;
    values[p] = v;
    advanced = advanced || v->type().is(TypeKind::None) || v->type().is(TypeKind::Array);
  }
  return true;
}

namespace {

// What one part of an index is, for numpy's placement rule (Note [Advanced indices]).
enum class Part { Slice, Int, NewAxis, Array };

// Where numpy puts the index array's axes and the Nones (Note [Advanced indices]), given the
// parts in order and the array's axes in array_take/array_mask's result (basic_axis, array_dims
// axes, of `rank`): the permutation moving them first (empty when they stay), and the Nones'
// positions in the final result.
struct Placement {
  ir::IntList transpose, new_axes;
};

Placement place_axes(const std::vector<Part>& kinds, bool has_array, int basic_axis, int array_dims,
                     int rank) {
  Placement out;
  size_t first = kinds.size(), last = 0;
  for (size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] == Part::Int || kinds[i] == Part::Array) first = std::min(first, i), last = i;
  bool to_front = has_array && first < kinds.size() &&
                  std::any_of(kinds.begin() + ptrdiff_t(first), kinds.begin() + ptrdiff_t(last),
                              [](Part k) { return k == Part::Slice || k == Part::NewAxis; });
  if (to_front && basic_axis > 0) {
    for (int k = 0; k < array_dims; ++k)
      out.transpose.push_back(basic_axis + k);
    for (int k = 0; k < rank; ++k)
      if (k < basic_axis || k >= basic_axis + array_dims) out.transpose.push_back(k);
  }
  int position = to_front ? array_dims : 0;
  for (Part k : kinds) {
    if (k == Part::NewAxis)
      out.new_axes.push_back(position++);
    else if (k == Part::Slice)
      ++position;
    else if (k == Part::Array && !to_front)
      position += array_dims;
  }
  return out;
}

} // namespace

Value* FunctionLowering::array_index_advanced(Value* a, const std::vector<const ast::Expr*>& parts,
                                              const IndexValues& values, const SourceRange& r) {
  int rank = a->type().rank();
  ir::IntList spec; // Note [Index specs]
  std::vector<Value*> inputs{a};
  std::vector<Part> kinds;
  Value* index_array = nullptr;
  int consumed = 0;    // axes of `a` the index reads
  int basic_axis = 0;  // the axis of A in array_index's result
  int source_axis = 0; // the axis of A in `a`
  int dropped = 0;
  for (const ast::Expr* p : parts) {
    if (p->kind == ast::ExprKind::Slice) {
      if (!slice_index(*p, values, inputs, spec)) return nullptr;
      kinds.push_back(Part::Slice);
      ++consumed;
      continue;
    }
    Value* v = values.at(p);
    const Type& t = v->type();
    if (t.is(TypeKind::None)) {
      kinds.push_back(Part::NewAxis);
      continue;
    }
    if (t.is(TypeKind::Array) && t.dtype() != DType::Bool && t.dtype() != DType::Int64) {
      type_error(
          p->range,
          "arrays used as indices must be of integer (or boolean) type (numpy raises IndexError)",
          "convert the index first: idx.astype(np.int64)");
      return nullptr;
    }
    if (t.is(TypeKind::Array) && t.rank() == 0 && t.dtype() == DType::Int64) {
      v = array_item(v, Type::int_(), p->range); // a numpy integer indexes as an int does
    } else if (t.is(TypeKind::Array) && t.rank() > 0) {
      if (index_array) {
        type_error(p->range,
                   "only one index array or mask per index is supported (numpy pairs several "
                   "element by element)",
                   "for a 2-d x and non-negative i, j, x.ravel()[i * x.shape[1] + j] picks the "
                   "elements x[i, j] does");
        return nullptr;
      }
      index_array = v;
      basic_axis = consumed - dropped;
      source_axis = consumed;
      int axes = t.dtype() == DType::Bool ? t.rank() : 1;
      for (int k = 0; k < axes; ++k)
        spec.push_back(0); // a whole axis for now
      consumed += axes;
      kinds.push_back(Part::Array);
      continue;
    }
    if (!v->type().is(TypeKind::Int)) {
      type_error(p->range,
                 v->type().is(TypeKind::Bool) || v->type().is(TypeKind::Array)
                     ? "an array index that is a bool adds an axis in numpy, it does not pick "
                       "element 0 or 1"
                     : "array indices must be ints, slices, None, or int64 or bool arrays, not " +
                           v->type().to_string(),
                 v->type().is(TypeKind::Bool) ? "index with int(...) if an element is meant" : "");
      return nullptr;
    }
    spec.push_back(ir::kIndexInt);
    inputs.push_back(v);
    kinds.push_back(Part::Int);
    ++consumed;
    ++dropped;
  }
  if (consumed > rank) {
    type_error(r, "too many indices for an array of rank " + std::to_string(rank) +
                      " (numpy raises IndexError)");
    return nullptr;
  }
  DType d = a->type().dtype();
  Value* x = a;
  bool trivial = std::all_of(spec.begin(), spec.end(), [](int64_t item) { return item == 0; });
  if (!trivial) {
    ir::Node* n = emit(OpKind::ArrayIndex, inputs, {Type::array(d, rank - dropped)}, r);
    n->set_attr("spec", spec);
    x = n->output();
  }
  // The array index's axes: where they are after take/mask, and how many.
  int array_dims = 0;
  if (index_array) {
    const Type& t = index_array->type();
    bool mask = t.dtype() == DType::Bool;
    array_dims = mask ? 1 : t.rank();
    int out_rank = x->type().rank() - (mask ? t.rank() : 1) + array_dims;
    if (out_rank > 8) {
      type_error(r, "the result would have more than 8 axes, which pyscript's arrays do not have");
      return nullptr;
    }
    ir::Node* n = emit(mask ? OpKind::ArrayMask : OpKind::ArrayTake, {x, index_array},
                       {Type::array(d, out_rank)}, r);
    n->set_attr("axis", int64_t(basic_axis));
    n->set_attr("source_axis", int64_t(source_axis));
    x = n->output();
  }
  Placement place =
      place_axes(kinds, index_array != nullptr, basic_axis, array_dims, x->type().rank());
  if (!place.transpose.empty()) {
    ir::Node* n = emit(OpKind::ArrayTranspose, {x}, {x->type()}, r);
    n->set_attr("axes", place.transpose);
    x = n->output();
  }
  const ir::IntList& new_axes = place.new_axes;
  if (x->type().rank() + int(new_axes.size()) > 8) {
    type_error(r, "the result would have more than 8 axes, which pyscript's arrays do not have");
    return nullptr;
  }
  return expand_dims(x, new_axes, r);
}

// np.searchsorted(a, v, side='left'|'right') of a 1-D array and a number: numpy's binary search,
// Python-written (Note [Python-written modules] in stdlib_modules.cpp); the index is an np.int64.
Value* FunctionLowering::lower_searchsorted(const ast::Expr& e, Environment& env) {
  const SourceRange& r = e.range;
  if (e.operands.size() != 3) {
    diags_.error(r, "arity", "np.searchsorted() takes 2 arguments (a, v) in pyscript");
    return nullptr;
  }
  std::string side = "left";
  for (const ast::Keyword& k : e.keywords) {
    if (k.name != "side" || k.value->kind != ast::ExprKind::Str || (k.value->text != "left" && k.value->text != "right")) {
      type_error(k.name_range, "np.searchsorted() takes side='left' or side='right' here");
      return nullptr;
    }
    side = k.value->text;
  }
  Value* a = lower_expr(*e.operands[1], env);
  Value* v = a ? lower_expr(*e.operands[2], env) : nullptr;
  if (!a || !v) return nullptr;
  if (!a->type().is(TypeKind::Array) || a->type().rank() != 1) {
    type_error(e.operands[1]->range, "np.searchsorted() takes a 1-D array here, not a " + a->type().to_string());
    return nullptr;
  }
  if (!v->type().is_number() && !(v->type().is(TypeKind::Array) && v->type().rank() == 0)) {
    type_error(e.operands[2]->range, "np.searchsorted() of one number is supported, not of a " + v->type().to_string(),
               "search each value: [np.searchsorted(a, x) for x in xs]");
    return nullptr;
  }
  std::vector<Value*> args{a, v};
  Value* index = python_helper("numpy", "searchsorted_" + side, args, e, env);
  return index ? numpy_scalar(index, ir::DType::Int64, r) : nullptr;
}

} // namespace pyscript::lower
