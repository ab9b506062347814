// The ops that make, join and select arrays -> calls of runtime/array_join.cpp and
// runtime/array_select.cpp (include/pyscript/runtime.h). Every result is a new reference.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

bool FunctionEmitter::emit_shape_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  llvm::Type* i64 = b.getInt64Ty();
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto i32_const = [&](int64_t v) { return b.getInt32(uint32_t(v)); };
  auto operands = [&] {
    std::vector<llvm::Value*> arrays;
    for (size_t i = 0; i < n.inputs().size(); ++i)
      arrays.push_back(in(i));
    return stack_array(ptr, arrays);
  };
  llvm::Value* r = nullptr;
  switch (n.kind()) {
  case OpKind::ArrayConcat:
    r = checked_call(n, PYRT(pyrt_array_concat),
                     {i32_const(int64_t(n.inputs().size())), operands(),
                      b.getInt64(uint64_t(n.int_attr("axis"))),
                      i32_const(std::get<bool>(*n.attr("stack"))),
                      i32_const(runtime_dtype(n.output()->type().dtype()))});
    break;
  case OpKind::ArrayConcatList:
    r = checked_call(n, PYRT(pyrt_array_concat_list),
                     {in(0), i32_const(n.int_attr("lead")), b.getInt64(uint64_t(n.int_attr("axis"))),
                      i32_const(std::get<bool>(*n.attr("stack"))),
                      i32_const(runtime_dtype(n.output()->type().dtype()))});
    break;
  case OpKind::ArrayExpandDims: {
    std::vector<llvm::Value*> axes;
    for (int64_t a : n.ints_attr("axes"))
      axes.push_back(b.getInt64(uint64_t(a)));
    r = b.CreateCall(PYRT(pyrt_array_expand_dims),
                     {in(0), i32_const(int64_t(axes.size())), stack_array(i64, axes)});
    break;
  }
  case OpKind::ArrayTake:
  case OpKind::ArrayMask:
    r = checked_call(
        n, n.kind() == OpKind::ArrayTake ? PYRT(pyrt_array_take) : PYRT(pyrt_array_mask),
        {in(0), in(1), i32_const(n.int_attr("axis")), i32_const(n.int_attr("source_axis"))});
    break;
  case OpKind::ArrayTri:
    r = checked_call(n, PYRT(pyrt_array_tri),
                     {in(0), in(1), i32_const(std::get<bool>(*n.attr("upper")))});
    break;
  case OpKind::ArrayMeshgrid:
    r = checked_call(n, PYRT(pyrt_array_meshgrid),
                     {i32_const(int64_t(n.inputs().size())), operands(),
                      i32_const(n.int_attr("which")), i32_const(n.str_attr("indexing") == "ij")});
    break;
  case OpKind::ArrayPad: {
    size_t last = n.inputs().size() - 1;
    std::vector<llvm::Value*> widths;
    for (size_t i = 1; i < last; ++i)
      widths.push_back(in(i));
    // The fill value as a 0-d array: int64 for an int (exact), float64 for a float.
    const ir::Type& t = n.input(last)->type();
    llvm::Value* fill =
        t.is(TypeKind::Float)
            ? b.CreateCall(PYRT(pyrt_array_scalar),
                           {i32_const(PYRT_F64), in(last)})
            : b.CreateCall(PYRT(pyrt_array_scalar_i64),
                           {t.is(TypeKind::Bool) ? b.CreateZExt(in(last), i64) : in(last)});
    r = b.CreateCall(PYRT(pyrt_array_pad),
                     {ctx_, in(0), stack_array(i64, widths), fill, site(n)});
    b.CreateCall(PYRT(pyrt_array_release), {fill});
    return_if_failed();
    break;
  }
  default:
    return false;
  }
  bind(n.output(), r);
  return true;
}

} // namespace pyscript::codegen
