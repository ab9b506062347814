// Exceptions: the Try op (a landing for the failures of its guarded block) and the exception ops
// (Note [Try regions] in lower/exceptions.hpp, Note [Exception objects] in
// include/pyscript/runtime_exceptions.h).
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include <cstddef>

namespace pyscript::codegen {

using ir::OpKind;

// Note [Landing of a Try]
//       br try
//   try:                  block0; every failure in it (a runtime error recorded in ctx, a failed
//     ...                 call) releases what block0 owns then and branches to `catch`
//     br endtry
//   catch:
//     %e = pyrt_exception_catch(ctx)     the pending error as an exception, the error cleared
//     br (%e == null), <failure exit of the Try's own place>, handler
//   handler:              block1(%e): it owns %e
//     br endtry
//   endtry:               phis of the two blocks' outputs
// pyrt_exception_catch leaves pyscript's own limits pending (Note [Errors no except catches]):
// those go on failing outward, past every Try, as before exceptions existed.
void FunctionEmitter::emit_try(const ir::Node& n) {
  llvm::BasicBlock* body = llvm::BasicBlock::Create(context_, "try", function_);
  llvm::BasicBlock* landing = llvm::BasicBlock::Create(context_, "catch", function_);
  llvm::BasicBlock* handler = llvm::BasicBlock::Create(context_, "handler", function_);
  llvm::BasicBlock* merge = llvm::BasicBlock::Create(context_, "endtry", function_);
  builder_.CreateBr(body);
  llvm::BasicBlock* ends[2];

  builder_.SetInsertPoint(body);
  landings_.push_back({landing, owned_.size()});
  owned_.emplace_back();
  emit_block(*n.block(0));
  owned_.pop_back(); // released in the block or moved into the Try's outputs
  landings_.pop_back();
  ends[0] = builder_.GetInsertBlock();
  builder_.CreateBr(merge);

  builder_.SetInsertPoint(landing);
  llvm::Value* caught = builder_.CreateCall(PYRT(pyrt_exception_catch), {ctx_}, "caught");
  builder_.CreateCondBr(builder_.CreateIsNull(caught), failure_exit(), handler);
  builder_.SetInsertPoint(handler);
  const ir::Value* param = n.block(1)->param(0);
  bind(param, caught);
  owned_.emplace_back();
  owned_.back().push_back(param);
  emit_block(*n.block(1));
  owned_.pop_back();
  ends[1] = builder_.GetInsertBlock();
  builder_.CreateBr(merge);

  builder_.SetInsertPoint(merge);
  for (size_t i = 0; i < n.outputs().size(); ++i) {
    llvm::PHINode* phi = builder_.CreatePHI(type(n.output(i)->type()), 2, n.output(i)->name_hint());
    phi->addIncoming(value(n.block(0)->outputs()[i]), ends[0]);
    phi->addIncoming(value(n.block(1)->outputs()[i]), ends[1]);
    bind(n.output(i), phi);
  }
}

bool FunctionEmitter::emit_exception_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  switch (n.kind()) {
  case OpKind::ExceptionNew: {
    bool has_arg = n.inputs().size() == 2;
    llvm::Value* text = has_arg ? value(n.input(0)) : str_constant("");
    llvm::Value* arg_repr =
        has_arg ? value(n.input(1)) : llvm::ConstantPointerNull::get(b.getPtrTy());
    bind(n.output(), checked_call(n, PYRT(pyrt_exception_new),
                                  {b.getInt32(uint32_t(n.int_attr("id"))),
                                   c_string(n.str_attr("class")), text, arg_repr}));
    return true;
  }
  case OpKind::ExceptionRaise: {
    b.CreateCall(PYRT(pyrt_exception_raise), {ctx_, value(n.input(0)), site(n)});
    b.CreateBr(failure_exit());
    // What follows in the IR block is never reached; it still needs a block to be emitted into.
    b.SetInsertPoint(llvm::BasicBlock::Create(context_, "after.raise", function_));
    return true;
  }
  case OpKind::ExceptionSetCause:
    b.CreateCall(PYRT(pyrt_exception_set_cause), {value(n.input(0)), value(n.input(1))});
    return true;
  case OpKind::ExceptionCause:
    bind(n.output(), b.CreateCall(PYRT(pyrt_exception_cause), {value(n.input(0))}));
    return true;
  case OpKind::ExceptionMatches: {
    llvm::Value* cls =
        b.CreateLoad(b.getInt32Ty(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), value(n.input(0)),
                                                                  offsetof(pyrt_exception, cls)));
    llvm::Value* any = b.getFalse();
    for (int64_t id : n.ints_attr("classes"))
      any = b.CreateOr(any, b.CreateICmpEQ(cls, b.getInt32(uint32_t(id))));
    bind(n.output(), any);
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
