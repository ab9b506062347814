// The set ops (ir/ops.def, runtime/set.cpp). As for lists and dicts (emit_lists.cpp), a stored
// element is retained here (the runtime takes that reference) and an element read is a new one.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <cstddef>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

namespace {

// pyrt_set_update's `from`: what the other operand is.
int32_t update_source(const ir::Type& t) {
  switch (t.kind()) {
  case TypeKind::List: return 0;
  case TypeKind::Set: return 1;
  case TypeKind::Dict: return 2;
  case TypeKind::Str: return 3;
  default: PYSCRIPT_UNREACHABLE("set_update from a " + t.to_string());
  }
}

} // namespace

bool FunctionEmitter::emit_set_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out = [&](llvm::Value* v) { bind(n.output(), v); };
  auto what = [&] { return b.getInt32(uint32_t(n.int_attr("what"))); };
  switch (n.kind()) {
  case OpKind::SetNew:
    out(checked_call(n, PYRT(pyrt_set_new), {type_info(n.output()->type())}));
    return true;
  case OpKind::SetAdd:
    retain_arrays(in(1), n.input(1)->type());
    checked_call(n, PYRT(pyrt_set_add), {in(0), slot_of(in(1))});
    return true;
  case OpKind::SetDiscard:
    checked_call(n, PYRT(pyrt_set_discard),
                 {in(0), slot_of(in(1)), b.getInt32(std::get<bool>(*n.attr("remove")) ? 1 : 0)});
    return true;
  case OpKind::SetContains:
    out(b.CreateICmpNE(b.CreateCall(PYRT(pyrt_set_contains), {in(0), slot_of(in(1))}), b.getInt32(0)));
    return true;
  case OpKind::SetLen:
    out(b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), in(0), offsetof(pyrt_set, length))));
    return true;
  case OpKind::SetPop: {
    llvm::Value* slot = stack_array(type(n.output()->type()), {});
    checked_call(n, PYRT(pyrt_set_pop), {in(0), slot});
    out(b.CreateLoad(type(n.output()->type()), slot));
    return true;
  }
  case OpKind::SetUpdate:
    checked_call(n, PYRT(pyrt_set_update),
                 {in(0), b.getInt32(uint32_t(update_source(n.input(1)->type()))), in(1)});
    return true;
  case OpKind::SetInplace:
    checked_call(n, PYRT(pyrt_set_inplace), {in(0), in(1), what()});
    return true;
  case OpKind::SetBinary:
    out(checked_call(n, PYRT(pyrt_set_binary), {in(0), in(1), what()}));
    return true;
  case OpKind::SetCompare:
    out(b.CreateICmpNE(b.CreateCall(PYRT(pyrt_set_compare), {in(0), in(1), what()}), b.getInt32(0)));
    return true;
  case OpKind::SetClear:
    b.CreateCall(PYRT(pyrt_set_clear), {in(0)});
    return true;
  case OpKind::SetCopy:
    out(checked_call(n, PYRT(pyrt_set_copy), {in(0)}));
    return true;
  case OpKind::SetToList:
    out(checked_call(n, PYRT(pyrt_set_to_list), {in(0), type_info(n.output()->type())}));
    return true;
  case OpKind::SetCheck: {
    llvm::Value* length =
        b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), in(0), offsetof(pyrt_set, length)));
    fail_if(b.CreateICmpNE(length, in(1)), [&] {
      b.CreateCall(PYRT(pyrt_raise_detail), {ctx_, b.getInt32(PYRT_RUNTIME_ERROR), site(n), c_string("%s"),
                                             c_string("Set changed size during iteration")});
    });
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
