// Array ops -> calls of the runtime's array library (include/pyscript/runtime.h). Scalars meeting
// arrays become 0-d arrays for the call. Every array result is a new reference; the memory
// planning pass placed the retain/release ops (Note [Array ownership]).
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"
#include "ir/ufuncs.hpp"

#include "support/internal_error.hpp"

#include <cstddef>
#include <cstdlib>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

namespace {

int32_t dtype_code(ir::DType d) { return runtime_dtype(d); }

// An int list attribute (a literal's shape, transpose's axes) as i64 constants.
std::vector<llvm::Value*> int_list_constants(llvm::IRBuilder<>& b, const ir::IntList& list) {
  std::vector<llvm::Value*> values;
  for (int64_t v : list) values.push_back(b.getInt64(uint64_t(v)));
  return values;
}
int32_t dtype_code(const std::string& name) { return runtime_dtype(ir::dtype_from_name(name).value_or(ir::DType::Bool)); }

// The runtime's code of an op the IR names (include/pyscript/ufuncs.def).
int32_t binary_code(const std::string& op) {
  const ir::BinaryUfunc* u = ir::find_binary(op);
  PYSCRIPT_ASSERT(u, "codegen: array op " + op);
  return u->code;
}

int32_t unary_code(const std::string& op) {
  const ir::UnaryUfunc* u = ir::find_unary(op);
  PYSCRIPT_ASSERT(u, "codegen: array op " + op);
  return u->code;
}

int32_t reduce_code(const std::string& op) {
  const ir::Reduction* r = ir::find_reduction(op);
  PYSCRIPT_ASSERT(r, "codegen: reduction " + op);
  return r->code;
}

} // namespace

int32_t runtime_dtype(ir::DType d) {
  switch (d) {
  case ir::DType::Float32: return PYRT_F32;
  case ir::DType::Float64: return PYRT_F64;
  case ir::DType::Int64: return PYRT_I64;
  case ir::DType::Bool: return PYRT_BOOL;
  }
  return PYRT_BOOL;
}

void FunctionEmitter::retain_arrays(llvm::Value* v, const ir::Type& t) { visit_arrays(v, t, Count::Retain); }

void FunctionEmitter::release_arrays(llvm::Value* v, const ir::Type& t) { visit_arrays(v, t, Count::Release); }

void FunctionEmitter::visit_arrays(llvm::Value* v, const ir::Type& t, Count what) {
  if (!t.holds_refs()) return;
  if (t.holds_arrays() && t.is(TypeKind::Array)) {
    builder_.CreateCall(what == Count::Retain    ? PYRT(pyrt_array_retain)
                        : what == Count::Release ? PYRT(pyrt_array_release)
                                                 : PYRT(pyrt_array_share),
                        {v});
  } else if (t.is(TypeKind::Generator)) {
    builder_.CreateCall(what == Count::Retain    ? PYRT(pyrt_generator_retain)
                        : what == Count::Release ? PYRT(pyrt_generator_release)
                                                 : PYRT(pyrt_generator_share),
                        {v});
  } else if (t.is(TypeKind::Str) || t.is(TypeKind::List) || t.is(TypeKind::Dict) || t.is(TypeKind::Set) || t.is_object_ref() ||
             t.is(TypeKind::Exception)) {
    if (what == Count::Share) builder_.CreateCall(PYRT(pyrt_object_share), {v});
    else count_object(v, what == Count::Retain); // emit_objects.cpp
  } else if (t.is(TypeKind::Tuple) || t.is(TypeKind::Function)) { // a closure holds its captures
    for (size_t i = 0; i < t.elements().size(); ++i)
      visit_arrays(builder_.CreateExtractValue(v, {unsigned(i)}), t.elements()[i], what);
  }
}

bool FunctionEmitter::emit_array_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out = [&](llvm::Value* v) { bind(n.output(), v); };
  auto call = [&](llvm::FunctionCallee f, std::vector<llvm::Value*> args) -> llvm::Value* { return b.CreateCall(f, args); };
  // An operand as an array: a scalar becomes a 0-d array, released after the op (temps).
  std::vector<llvm::Value*> temps;
  auto as_array = [&](size_t i, int32_t dtype) -> llvm::Value* {
    const ir::Type& t = n.input(i)->type();
    if (t.is(TypeKind::Array)) return in(i);
    llvm::Value* tmp;
    if (t.is(TypeKind::Float)) {
      tmp = call(PYRT(pyrt_array_scalar), {b.getInt32(uint32_t(dtype)), in(i)});
    } else {
      llvm::Value* v = t.is(TypeKind::Bool) ? b.CreateZExt(in(i), i64) : in(i);
      tmp = call(PYRT(pyrt_array_scalar_i64), {v});
    }
    temps.push_back(tmp);
    return tmp;
  };
  auto release_temps = [&] {
    for (llvm::Value* t : temps) call(PYRT(pyrt_array_release), {t});
  };
  auto out_dtype = [&] { return b.getInt32(uint32_t(dtype_code(n.output()->type().dtype()))); };

  switch (n.kind()) {
  case OpKind::ArrayFull: {
    std::vector<llvm::Value*> dims;
    for (size_t i = 0; i + 1 < n.inputs().size(); ++i) dims.push_back(in(i));
    llvm::Value* buf = stack_array(i64, dims);
    const ir::Value* fill = n.input(n.inputs().size() - 1);
    if (fill->type().is(TypeKind::Int))
      out(checked_call(n, PYRT(pyrt_array_full_i64),
                       {b.getInt32(uint32_t(dims.size())), buf, value(fill)}));
    else
      out(checked_call(n, PYRT(pyrt_array_full),
                       {out_dtype(), b.getInt32(uint32_t(dims.size())), buf, value(fill)}));
    return true;
  }
  case OpKind::ArrayLiteral: {
    std::vector<llvm::Value*> shape = int_list_constants(b, n.ints_attr("shape"));
    llvm::Value* shape_buf = stack_array(i64, shape);
    std::vector<llvm::Value*> elements;
    for (size_t i = 0; i < n.inputs().size(); ++i) elements.push_back(in(i));
    if (!n.inputs().empty() && n.input(0)->type().is(TypeKind::Int)) {
      llvm::Value* values = stack_array(i64, elements);
      out(call(PYRT(pyrt_array_from_i64), {b.getInt32(uint32_t(shape.size())), shape_buf, values}));
    } else {
      llvm::Value* values = stack_array(f64, elements);
      out(call(PYRT(pyrt_array_from_f64),
               {out_dtype(), b.getInt32(uint32_t(shape.size())), shape_buf, values}));
    }
    return true;
  }
  case OpKind::ArrayArange:
    if (n.input(0)->type().is(TypeKind::Int))
      out(checked_call(n, PYRT(pyrt_array_arange_i64), {in(0), in(1), in(2)}));
    else
      out(checked_call(n, PYRT(pyrt_array_arange), {out_dtype(), in(0), in(1), in(2)}));
    return true;
  case OpKind::ArrayLinspace:
    out(checked_call(n, PYRT(pyrt_array_linspace), {out_dtype(), in(0), in(1), in(2)}));
    return true;
  case OpKind::ArrayEye:
    out(checked_call(n, PYRT(pyrt_array_eye), {out_dtype(), in(0), in(1)}));
    return true;
  case OpKind::ArrayBinary: {
    int32_t compute = dtype_code(n.str_attr("compute"));
    llvm::Value* a = as_array(0, compute);
    llvm::Value* c = as_array(1, compute);
    llvm::Value* r = b.CreateCall(PYRT(pyrt_array_binary),
                                  {ctx_, b.getInt32(uint32_t(binary_code(n.str_attr("op")))), a, c,
                                   b.getInt32(uint32_t(compute)), out_dtype(), site(n)});
    release_temps();
    return_if_failed();
    out(r);
    return true;
  }
  case OpKind::ArrayUnary: {
    int32_t compute = dtype_code(n.str_attr("compute"));
    llvm::Value* a = as_array(0, compute);
    llvm::Value* r = b.CreateCall(PYRT(pyrt_array_unary),
                                  {ctx_, b.getInt32(uint32_t(unary_code(n.str_attr("op")))), a,
                                   b.getInt32(uint32_t(compute)), site(n)});
    release_temps();
    return_if_failed();
    out(r);
    return true;
  }
  case OpKind::ArrayWhere: {
    int32_t d = dtype_code(n.output()->type().dtype());
    llvm::Value* c = as_array(0, PYRT_BOOL);
    llvm::Value* x = as_array(1, d);
    llvm::Value* y = as_array(2, d);
    llvm::Value* r = b.CreateCall(PYRT(pyrt_array_where),
                                  {ctx_, c, x, y, b.getInt32(uint32_t(d)), site(n)});
    release_temps();
    return_if_failed();
    out(r);
    return true;
  }
  case OpKind::ArrayCast:
    out(call(PYRT(pyrt_array_astype), {in(0), out_dtype()}));
    return true;
  case OpKind::ArrayReduce: {
    const ir::AttrValue* axis = n.attr("axis");
    int64_t ax = std::holds_alternative<int64_t>(*axis) ? std::get<int64_t>(*axis) : -1000;
    if (n.inputs().size() == 2) { // var/std with ddof
      out(checked_call(n, PYRT(pyrt_array_reduce_ex),
                       {b.getInt32(uint32_t(reduce_code(n.str_attr("op")))), in(0), b.getInt64(uint64_t(ax)),
                        b.getInt32(std::get<bool>(*n.attr("keepdims")) ? 1 : 0), in(1), out_dtype()}));
      return true;
    }
    out(checked_call(n, PYRT(pyrt_array_reduce),
                {b.getInt32(uint32_t(reduce_code(n.str_attr("op")))), in(0), b.getInt64(uint64_t(ax)),
                 b.getInt32(std::get<bool>(*n.attr("keepdims")) ? 1 : 0), out_dtype()}));
    return true;
  }
  case OpKind::ArrayMatmul:
    out(checked_call(n, PYRT(pyrt_array_matmul), {in(0), in(1), out_dtype()}));
    return true;
  case OpKind::ArrayTranspose: {
    if (!n.attr("axes")) {
      out(call(PYRT(pyrt_array_transpose), {in(0)}));
      return true;
    }
    out(call(PYRT(pyrt_array_permute_axes), {in(0), stack_array(i64, int_list_constants(b, n.ints_attr("axes")))}));
    return true;
  }
  case OpKind::ArrayReshape: {
    std::vector<llvm::Value*> dims;
    for (size_t i = 1; i < n.inputs().size(); ++i) dims.push_back(in(i));
    llvm::Value* buf = stack_array(i64, dims);
    out(checked_call(n, PYRT(pyrt_array_reshape), {in(0), b.getInt32(uint32_t(dims.size())), buf}));
    return true;
  }
  case OpKind::ArrayIndex: {
    // Note [Index specs]; the runtime takes per axis 5 int64s (kind, start/index, stop, step, flags).
    std::vector<llvm::Value*> words;
    size_t next = 1;
    for (int64_t item : n.ints_attr("spec")) {
      if (item == ir::kIndexInt) {
        words.insert(words.end(), {b.getInt64(0), in(next++), b.getInt64(0), b.getInt64(1), b.getInt64(0)});
        continue;
      }
      bool has[3] = {(item & ir::kSliceStart) != 0, (item & ir::kSliceStop) != 0, (item & ir::kSliceStep) != 0};
      llvm::Value* start = has[0] ? in(next++) : b.getInt64(0);
      llvm::Value* stop = has[1] ? in(next++) : b.getInt64(0);
      llvm::Value* step = has[2] ? in(next++) : b.getInt64(1);
      words.insert(words.end(), {b.getInt64(1), start, stop, step, b.getInt64(uint64_t((has[0] ? 1 : 0) | (has[1] ? 2 : 0)))});
    }
    llvm::Value* buf = stack_array(i64, words);
    out(checked_call(n, PYRT(pyrt_array_index),
                {in(0), b.getInt32(uint32_t(words.size() / 5)), buf}));
    return true;
  }
  case OpKind::ArrayDim: // a load LLVM can compare with the bounds checks of element reads (the verifier checked axis)
    out(b.CreateLoad(i64, b.CreateConstGEP1_64(b.getInt8Ty(), in(0),
                                               offsetof(pyrt_array, shape) + 8 * uint64_t(n.int_attr("axis")))));
    return true;
  case OpKind::ArraySize:
    out(b.CreateLoad(i64, b.CreateConstGEP1_64(b.getInt8Ty(), in(0), offsetof(pyrt_array, size))));
    return true;
  case OpKind::ArrayItem: {
    const ir::Type& t = n.output()->type();
    if (t.is(TypeKind::Int)) {
      out(checked_call(n, PYRT(pyrt_array_item_i64), {in(0)}));
    } else if (t.is(TypeKind::Bool)) {
      llvm::Value* v = checked_call(n, PYRT(pyrt_array_truth), {in(0)});
      out(b.CreateICmpNE(v, b.getInt32(0)));
    } else {
      out(checked_call(n, PYRT(pyrt_array_item_f64), {in(0)}));
    }
    return true;
  }
  case OpKind::Retain:
    retain_arrays(in(0), n.input(0)->type());
    out(in(0));
    return true;
  case OpKind::Release:
    release_arrays(in(0), n.input(0)->type());
    return true;
  default: return emit_array_math_op(n) || emit_shape_op(n) || emit_numpy_io_op(n); // emit_arrays_math.cpp, emit_shape.cpp, emit_numpy_io.cpp
  }
}

} // namespace pyscript::codegen
