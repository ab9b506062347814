// The list, dict and generic value ops (sets: emit_sets.cpp) (ir/ops.def): Note [Object layout] in
// include/pyscript/runtime_objects.h. Every stored value is retained here (the runtime takes that
// reference); every value read is a new reference.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <cstddef>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

bool FunctionEmitter::emit_object_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* i8 = b.getInt8Ty();
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out = [&](llvm::Value* v) { bind(n.output(), v); };
  // A runtime result that is an int32 flag or a pointer: 0 / NULL means it failed.
  auto field = [&](llvm::Value* object, size_t offset) {
    return b.CreateLoad(i64, b.CreateConstInBoundsGEP1_64(i8, object, offset));
  };
  auto stored = [&](size_t i) { // a stored input: retained, in a slot
    retain_arrays(in(i), n.input(i)->type());
    return slot_of(in(i));
  };
  auto bounds = [&](size_t first, int64_t has, std::vector<llvm::Value*>& args) {
    size_t next = first;
    for (int k = 0; k < 3; ++k)
      args.push_back((has >> k) & 1 ? in(next++) : b.getInt64(0));
    args.push_back(b.getInt32(uint32_t(has)));
    return next;
  };
  switch (n.kind()) {
  case OpKind::ListNew: {
    llvm::Value* list = checked_call(
        n, PYRT(pyrt_list_new), {type_info(n.output()->type()), b.getInt64(n.inputs().size())});
    if (!n.inputs().empty()) {
      llvm::Value* data = b.CreateLoad(
          b.getPtrTy(), b.CreateConstInBoundsGEP1_64(i8, list, offsetof(pyrt_list, data)));
      llvm::Type* et = type(n.output()->type().elements()[0]);
      for (size_t i = 0; i < n.inputs().size(); ++i) {
        retain_arrays(in(i), n.input(i)->type());
        b.CreateStore(in(i), b.CreateConstInBoundsGEP1_64(et, data, i));
      }
    }
    out(list);
    return true;
  }
  case OpKind::ListGet: {
    auto* v = b.CreateLoad(type(n.output()->type()), list_element(n, in(0), in(1), false));
    v->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.element"));
    if (!n.attr("borrow")) retain_arrays(v, n.output()->type()); // Note [Borrowed references]
    out(v);
    return true;
  }
  case OpKind::ListSet: {
    llvm::Value* at = list_element(n, in(0), in(1), true);
    const ir::Type& t = n.input(2)->type();
    llvm::Value* old = t.holds_refs() ? b.CreateLoad(type(t), at) : nullptr;
    share_stored(in(0), in(2), t); // Note [Stores into shared containers]
    retain_arrays(in(2), t);
    b.CreateStore(in(2), at)->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.element"));
    if (old) release_arrays(old, t);
    return true;
  }
  case OpKind::ListLen: {
    auto* len =
        b.CreateLoad(i64, b.CreateConstInBoundsGEP1_64(i8, in(0), offsetof(pyrt_list, length)));
    len->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.length"));
    out(len);
    return true;
  }
  case OpKind::DictLen:
    out(field(in(0), offsetof(pyrt_dict, length)));
    return true;
  case OpKind::StrLen:
    out(field(in(0), offsetof(pyrt_str, length)));
    return true;
  case OpKind::DictVersion:
    out(field(in(0), offsetof(pyrt_dict, version)));
    return true;
  case OpKind::DictCheck: {
    llvm::Value* changed = b.CreateICmpNE(field(in(0), offsetof(pyrt_dict, version)), in(1));
    fail_if(changed, [&] {
      b.CreateCall(PYRT(pyrt_raise_detail),
                   {ctx_, b.getInt32(PYRT_RUNTIME_ERROR), site(n), c_string("%s"),
                    c_string("dictionary changed size during iteration")});
    });
    return true;
  }
  case OpKind::ListAppend: { // room left: a store and a length update; else the runtime grows it
    const ir::Type& t = n.input(1)->type();
    share_stored(in(0), in(1), t); // Note [Stores into shared containers]
    retain_arrays(in(1), t);
    auto header = [&](size_t offset, const char* tag, llvm::Type* ty) {
      auto* l = b.CreateLoad(ty, b.CreateConstInBoundsGEP1_64(i8, in(0), offset));
      l->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa(tag));
      return l;
    };
    llvm::Value* length = header(offsetof(pyrt_list, length), "list.length", i64);
    llvm::Value* capacity = header(offsetof(pyrt_list, capacity), "list.capacity", i64);
    llvm::BasicBlock* fast = llvm::BasicBlock::Create(context_, "append", function_);
    llvm::BasicBlock* slow = llvm::BasicBlock::Create(context_, "append.grow", function_);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "appended", function_);
    b.CreateCondBr(b.CreateICmpSLT(length, capacity), fast, slow);
    b.SetInsertPoint(fast);
    llvm::Value* data = header(offsetof(pyrt_list, data), "list.data", b.getPtrTy());
    b.CreateStore(in(1), b.CreateInBoundsGEP(type(t), data, {length}))
        ->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.element"));
    b.CreateStore(b.CreateAdd(length, b.getInt64(1)),
                  b.CreateConstInBoundsGEP1_64(i8, in(0), offsetof(pyrt_list, length)))
        ->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.length"));
    b.CreateBr(done);
    b.SetInsertPoint(slow);
    checked_call(n, PYRT(pyrt_list_append), {in(0), slot_of(in(1))});
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return true;
  }
  case OpKind::ListInsert:
    checked_call(n, PYRT(pyrt_list_insert), {in(0), in(1), stored(2)});
    return true;
  case OpKind::ListPop: {
    llvm::Value* slot = stack_array(type(n.output()->type()), {});
    checked_call(n, PYRT(pyrt_list_pop), {in(0), in(1), slot});
    out(b.CreateLoad(type(n.output()->type()), slot));
    return true;
  }
  case OpKind::ListDel:
    checked_call(n, PYRT(pyrt_list_delete), {in(0), in(1)});
    return true;
  case OpKind::ListRemove:
    checked_call(n, PYRT(pyrt_list_remove), {in(0), slot_of(in(1))});
    return true;
  case OpKind::ListIndexOf:
    out(checked_call(n, PYRT(pyrt_list_index), {in(0), slot_of(in(1))}));
    return true;
  case OpKind::ListCount:
    out(b.CreateCall(PYRT(pyrt_list_count), {in(0), slot_of(in(1))}));
    return true;
  case OpKind::ListContains:
    out(b.CreateICmpNE(b.CreateCall(PYRT(pyrt_list_contains), {in(0), slot_of(in(1))}),
                       b.getInt32(0)));
    return true;
  case OpKind::ListReverse:
    b.CreateCall(PYRT(pyrt_list_reverse), {in(0)});
    return true;
  case OpKind::ListClear:
    b.CreateCall(PYRT(pyrt_list_clear), {in(0)});
    return true;
  case OpKind::ListExtend:
    checked_call(n, PYRT(pyrt_list_extend), {in(0), in(1)});
    return true;
  case OpKind::ListSort: {
    llvm::Value* keys =
        n.inputs().size() > 1 ? in(1) : llvm::ConstantPointerNull::get(b.getPtrTy());
    checked_call(n, PYRT(pyrt_list_sort),
                 {in(0), keys, b.getInt32(std::get<bool>(*n.attr("reverse")) ? 1 : 0)});
    return true;
  }
  case OpKind::ListConcat:
    out(checked_call(n, PYRT(pyrt_list_concat), {in(0), in(1)}));
    return true;
  case OpKind::ListRepeat:
    out(checked_call(n, PYRT(pyrt_list_repeat), {in(0), in(1)}));
    return true;
  case OpKind::ListSlice: {
    std::vector<llvm::Value*> args{in(0)};
    bounds(1, n.int_attr("has"), args);
    out(checked_call(n, PYRT(pyrt_list_slice), args));
    return true;
  }
  case OpKind::ListSetSlice: {
    std::vector<llvm::Value*> args{in(0)};
    size_t other = bounds(1, n.int_attr("has"), args);
    args.push_back(in(other));
    checked_call(n, PYRT(pyrt_list_set_slice), args);
    return true;
  }
  case OpKind::DictNew:
    out(checked_call(n, PYRT(pyrt_dict_new), {type_info(n.output()->type())}));
    return true;
  case OpKind::DictGet: {
    llvm::Value* at = checked_call(n, PYRT(pyrt_dict_lookup), {in(0), slot_of(in(1))});
    llvm::Value* v = b.CreateLoad(type(n.output()->type()), at);
    retain_arrays(v, n.output()->type());
    out(v);
    return true;
  }
  case OpKind::DictGetDefault:
  case OpKind::DictContains:
  case OpKind::DictPop: {
    llvm::Value* at = b.CreateCall(PYRT(pyrt_dict_find), {in(0), slot_of(in(1))});
    llvm::Value* found = b.CreateIsNotNull(at);
    if (n.kind() == OpKind::DictContains) {
      out(found);
      return true;
    }
    if (n.kind() == OpKind::DictPop && n.inputs().size() == 2) {
      llvm::Value* slot = stack_array(type(n.output()->type()), {});
      checked_call(n, PYRT(pyrt_dict_pop), {in(0), slot_of(in(1)), slot});
      out(b.CreateLoad(type(n.output()->type()), slot));
      return true;
    }
    // Found: the value (popped, or read and retained); else the default, retained.
    llvm::Type* vt = type(n.output()->type());
    llvm::BasicBlock* yes = llvm::BasicBlock::Create(context_, "found", function_);
    llvm::BasicBlock* no = llvm::BasicBlock::Create(context_, "missing", function_);
    llvm::BasicBlock* join = llvm::BasicBlock::Create(context_, "got", function_);
    b.CreateCondBr(found, yes, no);
    b.SetInsertPoint(yes);
    llvm::Value* got;
    if (n.kind() == OpKind::DictPop) {
      llvm::Value* slot = stack_array(vt, {});
      checked_call(n, PYRT(pyrt_dict_pop), {in(0), slot_of(in(1)), slot});
      got = b.CreateLoad(vt, slot);
    } else {
      got = b.CreateLoad(vt, at);
      retain_arrays(got, n.output()->type());
    }
    llvm::BasicBlock* yes_end = b.GetInsertBlock();
    b.CreateBr(join);
    b.SetInsertPoint(no);
    retain_arrays(in(2), n.input(2)->type());
    llvm::BasicBlock* no_end = b.GetInsertBlock();
    b.CreateBr(join);
    b.SetInsertPoint(join);
    llvm::PHINode* phi = b.CreatePHI(vt, 2);
    phi->addIncoming(got, yes_end);
    phi->addIncoming(in(2), no_end);
    out(phi);
    return true;
  }
  case OpKind::DictSet:
    checked_call(n, PYRT(pyrt_dict_set), {in(0), stored(1), stored(2)});
    return true;
  case OpKind::DictDel:
    checked_call(n, PYRT(pyrt_dict_delete), {in(0), slot_of(in(1))});
    return true;
  case OpKind::DictSetDefault: {
    llvm::Value* at =
        checked_call(n, PYRT(pyrt_dict_setdefault), {in(0), slot_of(in(1)), stored(2)});
    llvm::Value* v = b.CreateLoad(type(n.output()->type()), at);
    retain_arrays(v, n.output()->type());
    out(v);
    return true;
  }
  case OpKind::DictUpdate:
    checked_call(n, PYRT(pyrt_dict_update), {in(0), in(1)});
    return true;
  case OpKind::DictClear:
    b.CreateCall(PYRT(pyrt_dict_clear), {in(0)});
    return true;
  case OpKind::DictCopy:
    out(checked_call(n, PYRT(pyrt_dict_copy), {in(0)}));
    return true;
  case OpKind::DictToList:
    out(checked_call(
        n, PYRT(pyrt_dict_to_list),
        {in(0), b.getInt32(uint32_t(n.int_attr("what"))), type_info(n.output()->type())}));
    return true;
  case OpKind::StrCall:
    emit_str_call(n);
    return true;
  case OpKind::ValueStr: {
    bool repr = std::get<bool>(*n.attr("repr"));
    const ir::Type& t = n.input(0)->type();
    out(b.CreateCall(repr ? PYRT(pyrt_value_repr) : PYRT(pyrt_value_str),
                     {ctx_, type_info(t), slot_of(in(0))}));
    return_if_failed();
    return true;
  }
  case OpKind::ValueEq: {
    const ir::Type& t = n.input(0)->type();
    llvm::Value* r =
        t.is(TypeKind::Str)
            ? b.CreateCall(PYRT(pyrt_str_eq), {in(0), in(1)})
            : b.CreateCall(PYRT(pyrt_value_eq), {type_info(t), slot_of(in(0)), slot_of(in(1))});
    out(b.CreateICmpNE(r, b.getInt32(0)));
    return true;
  }
  case OpKind::ValueOrder: {
    const std::string& op = n.str_attr("op");
    int32_t code = op == "lt" ? 0 : op == "le" ? 1 : op == "gt" ? 2 : 3;
    const ir::Type& t = n.input(0)->type();
    llvm::Value* r =
        checked_call(n, PYRT(pyrt_value_order),
                     {b.getInt32(uint32_t(code)), type_info(t), slot_of(in(0)), slot_of(in(1))});
    out(b.CreateICmpSGT(r, b.getInt32(0)));
    return true;
  }
  case OpKind::Is:
    if (n.input(0)->type().is_optional_value()) { // both None, or both the same number
      llvm::Value* pa = b.CreateExtractValue(in(0), 1);
      llvm::Value* pb = b.CreateExtractValue(in(1), 1);
      llvm::Value* va = b.CreateExtractValue(in(0), 0);
      llvm::Value* vb = b.CreateExtractValue(in(1), 0);
      llvm::Value* same = va->getType()->isDoubleTy() ? b.CreateFCmpOEQ(va, vb) : b.CreateICmpEQ(va, vb);
      out(b.CreateAnd(b.CreateICmpEQ(pa, pb), b.CreateOr(b.CreateNot(pa), same)));
      return true;
    }
    out(b.CreateICmpEQ(in(0), in(1)));
    return true;
  case OpKind::ArrayFromList: {
    const ir::Type& t = n.output()->type();
    out(checked_call(n, PYRT(pyrt_array_from_list),
                     {type_info(n.input(0)->type()), in(0),
                      b.getInt32(uint32_t(runtime_dtype(t.dtype()))),
                      b.getInt32(uint32_t(t.rank()))}));
    return true;
  }
  case OpKind::Raise: {
    b.CreateCall(PYRT(pyrt_raise_detail), {ctx_, b.getInt32(uint32_t(n.int_attr("kind"))), site(n),
                                           c_string("%s"), c_string(n.str_attr("message"))});
    b.CreateBr(failure_exit());
    b.SetInsertPoint(llvm::BasicBlock::Create(context_, "after.raise", function_));
    return true;
  }
  default:
    return emit_set_op(n) || emit_bitwise_op(n);
  }
}

// & | ^ ~ << >> on ints (and & | ^ on bools): Python's semantics, pyscript's 64-bit limit.
bool FunctionEmitter::emit_bitwise_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out = [&](llvm::Value* v) { bind(n.output(), v); };
  switch (n.kind()) {
  case OpKind::BitAnd:
    out(b.CreateAnd(in(0), in(1)));
    return true;
  case OpKind::BitOr:
    out(b.CreateOr(in(0), in(1)));
    return true;
  case OpKind::BitXor:
    out(b.CreateXor(in(0), in(1)));
    return true;
  case OpKind::Invert:
    out(b.CreateNot(in(0)));
    return true;
  case OpKind::LShift:
  case OpKind::RShift: {
    llvm::Value* a = in(0);
    llvm::Value* c = in(1);
    fail_if(b.CreateICmpSLT(c, b.getInt64(0)), [&] {
      b.CreateCall(PYRT(pyrt_raise_detail), {ctx_, b.getInt32(PYRT_VALUE_ERROR), site(n),
                                             c_string("%s"), c_string("negative shift count")});
    });
    llvm::Value* big = b.CreateICmpUGE(c, b.getInt64(64));
    llvm::Value* count = b.CreateSelect(big, b.getInt64(63), c);
    if (n.kind() == OpKind::RShift) {
      out(b.CreateAShr(a, count)); // past 63 bits: the sign, as floor division gives
      return true;
    }
    llvm::Value* shifted = b.CreateShl(a, count);
    llvm::Value* lost = b.CreateOr(b.CreateICmpNE(b.CreateAShr(shifted, count), a),
                                   b.CreateAnd(big, b.CreateICmpNE(a, b.getInt64(0))));
    raise_if(lost, PYRT_INT_OVERFLOW, n);
    out(b.CreateSelect(big, b.getInt64(0), shifted));
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
