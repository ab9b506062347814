// numpy's file ops -> calls of runtime/numpy_io.cpp (include/pyscript/runtime_functions.def). A
// numpy scalar operand is boxed and a 0-d result unboxed around these by emit_boxed, as for the
// other array ops (Note [Numpy scalars are registers]).
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

namespace pyscript::codegen {

using ir::OpKind;

bool FunctionEmitter::emit_numpy_io_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto in = [&](size_t i) { return value(n.input(i)); };
  switch (n.kind()) {
  case OpKind::NumpyLoad: {
    // Note [Typing np.load]: the runtime checks the file's dtype and rank against the result's.
    const ir::AttrValue* key = n.attr("key");
    llvm::Value* k =
        key ? c_string(std::get<std::string>(*key)) : llvm::ConstantPointerNull::get(b.getPtrTy());
    const ir::Type& t = n.output()->type();
    bind(n.output(), checked_call(n, PYRT(pyrt_np_load),
                                  {c_string(n.str_attr("path")), k,
                                   b.getInt32(uint32_t(runtime_dtype(t.dtype()))),
                                   b.getInt32(uint32_t(t.rank()))}));
    return true;
  }
  case OpKind::NumpyOpenNpz:
    checked_call(n, PYRT(pyrt_np_open_npz), {c_string(n.str_attr("path"))});
    return true;
  case OpKind::NumpySave:
    checked_call(n, PYRT(pyrt_np_save), {in(0), in(1)});
    return true;
  case OpKind::NumpySavez: {
    std::vector<llvm::Value*> names, arrays;
    for (size_t i = 1; i + 1 < n.inputs().size(); i += 2) {
      names.push_back(in(i));
      arrays.push_back(in(i + 1));
    }
    llvm::Type* ptr = b.getPtrTy();
    bool compressed = std::get<bool>(*n.attr("compressed"));
    checked_call(n, PYRT(pyrt_np_savez),
                 {in(0), b.getInt32(uint32_t(names.size())), stack_array(ptr, names),
                  stack_array(ptr, arrays), b.getInt32(compressed ? 1 : 0)});
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
