// numpy's math beyond the elementwise table -> runtime calls: cumsum/cumprod, round, sort/argsort
// and np.linalg (runtime/array_reduce_more.cpp, array_round.cpp, array_sort.cpp, array_linalg.cpp).
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

namespace pyscript::codegen {

using ir::OpKind;

namespace {

// An axis attribute for the runtime: the int, or below -ndim (-1000) for None.
int64_t axis_code(const ir::Node& n) {
  const ir::AttrValue* axis = n.attr("axis");
  return std::holds_alternative<int64_t>(*axis) ? std::get<int64_t>(*axis) : -1000;
}

int32_t linalg_code(const std::string& op) {
#define PYRT_LINALG_CODE(ID, name)                                                                 \
  if (op == name) return PYRT_LINALG_##ID;
  PYRT_LINALG_OPS(PYRT_LINALG_CODE)
#undef PYRT_LINALG_CODE
  PYSCRIPT_UNREACHABLE("codegen: linalg op " + op);
}

} // namespace

bool FunctionEmitter::emit_array_math_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out_dtype = [&] { return b.getInt32(uint32_t(runtime_dtype(n.output()->type().dtype()))); };
  switch (n.kind()) {
  case OpKind::ArrayAccumulate: {
    int32_t op = n.str_attr("op") == "sum" ? PYRT_SUM : PYRT_PROD;
    bind(n.output(), checked_call(n, PYRT(pyrt_array_accumulate),
                                  {b.getInt32(uint32_t(op)), in(0),
                                   b.getInt64(uint64_t(axis_code(n))), out_dtype()}));
    return true;
  }
  case OpKind::ArrayRound:
    bind(n.output(), checked_call(n, PYRT(pyrt_array_round), {in(0), in(1)}));
    return true;
  case OpKind::ArraySort: {
    const std::string& kind = n.str_attr("kind");
    int32_t code = kind == "stable" ? 1 : kind == "heapsort" ? 2 : 0;
    bind(n.output(), checked_call(n, PYRT(pyrt_array_sort),
                                  {in(0), b.getInt64(uint64_t(axis_code(n))),
                                   b.getInt32(n.str_attr("op") == "argsort" ? 1 : 0),
                                   b.getInt32(uint32_t(code))}));
    return true;
  }
  case OpKind::ArrayLinalg: {
    llvm::Value* second =
        n.inputs().size() == 2
            ? in(1)
            : llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(context_));
    bind(n.output(),
         checked_call(n, PYRT(pyrt_array_linalg),
                      {b.getInt32(uint32_t(linalg_code(n.str_attr("op")))), in(0), second}));
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
