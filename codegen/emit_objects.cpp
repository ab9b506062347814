// str, list and dict ops (Note [Object layout] in include/pyscript/runtime_objects.h): element
// reads and writes of lists inline (a bounds check and a load or store), the rest as runtime calls;
// constant str objects, pyrt_type descriptors, and the bitwise int ops.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <llvm/IR/MDBuilder.h>

#include <cstddef>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

namespace {

enum StrCallHow : unsigned { kCtx = 1, kOutType = 2, kSpec = 4, kTupleSlot = 8, kPieces = 16 };

int32_t slot_kind(const ir::Type& t) {
  switch (t.kind()) {
  case TypeKind::None:
    return PYRT_K_NONE;
  case TypeKind::Bool:
    return PYRT_K_BOOL;
  case TypeKind::Int:
    return PYRT_K_INT;
  case TypeKind::Float:
    return PYRT_K_FLOAT;
  case TypeKind::Str:
    return PYRT_K_STR;
  case TypeKind::List:
    return PYRT_K_LIST;
  case TypeKind::Dict:
    return PYRT_K_DICT;
  case TypeKind::Set:
    return PYRT_K_SET;
  case TypeKind::Tuple:
    return PYRT_K_TUPLE;
  case TypeKind::Generator:
    return PYRT_K_GENERATOR;
  case TypeKind::Object:
    return PYRT_K_OBJECT;
  case TypeKind::Optional: // None is null (Note [Objects] in lower/classes.hpp)
    if (t.is_optional_value()) return PYRT_K_OPTIONAL_VALUE; // Note [Optional numbers]
    return t.elements()[0].is(TypeKind::Object) ? PYRT_K_OBJECT : PYRT_K_OPTIONAL;
  case TypeKind::Exception:
    return PYRT_K_EXCEPTION;
  case TypeKind::Array:
    if (t.rank() > 0) return PYRT_K_ARRAY;
    switch (t.dtype()) {
    case ir::DType::Float64:
      return PYRT_K_NP_FLOAT64;
    case ir::DType::Float32:
      return PYRT_K_NP_FLOAT32;
    case ir::DType::Int64:
      return PYRT_K_NP_INT64;
    case ir::DType::Bool:
      return PYRT_K_NP_BOOL;
    }
    break;
  case TypeKind::Unknown:
    return PYRT_K_NONE; // an empty container's element (Note [Empty containers])
  case TypeKind::Function: // nothing at run time, or a closure's captures (Note [Closures])
    return t.elements().empty() ? PYRT_K_NONE : PYRT_K_TUPLE;
  default:
    break;
  }
  PYSCRIPT_UNREACHABLE("codegen: a " + t.to_string() + " in a container");
}

} // namespace

// The constant pyrt_type describing slots of `t`, one global per type in the module.
llvm::Value* FunctionEmitter::type_info(const ir::Type& t) {
  std::string name = "pyrt.type." + t.to_string();
  if (llvm::GlobalVariable* g = module_.getNamedGlobal(name)) return g;
  llvm::Type* i32 = builder_.getInt32Ty();
  llvm::Type* i64 = builder_.getInt64Ty();
  llvm::Type* ptr = builder_.getPtrTy();
  const llvm::DataLayout& layout = module_.getDataLayout();
  llvm::Type* slot = type(t.is(TypeKind::Unknown) ? ir::Type::none() : t);
  std::vector<llvm::Constant*> items;
  for (const ir::Type& e : t.elements())
    items.push_back(llvm::cast<llvm::Constant>(type_info(e)));
  llvm::Constant* items_global = llvm::ConstantPointerNull::get(builder_.getPtrTy());
  llvm::Constant* offsets_global = llvm::ConstantPointerNull::get(builder_.getPtrTy());
  if (!items.empty() && !t.is(TypeKind::Either)) {
    auto* at = llvm::ArrayType::get(ptr, items.size());
    items_global = new llvm::GlobalVariable(module_, at, true, llvm::GlobalValue::PrivateLinkage,
                                            llvm::ConstantArray::get(at, items), name + ".items");
  }
  if (t.is(TypeKind::Tuple) || (t.is(TypeKind::Function) && !items.empty())) {
    const llvm::StructLayout* sl = layout.getStructLayout(llvm::cast<llvm::StructType>(slot));
    std::vector<llvm::Constant*> offsets;
    for (size_t i = 0; i < items.size(); ++i)
      offsets.push_back(builder_.getInt64(sl->getElementOffset(unsigned(i))));
    auto* at = llvm::ArrayType::get(i64, offsets.size());
    offsets_global =
        new llvm::GlobalVariable(module_, at, true, llvm::GlobalValue::PrivateLinkage,
                                 llvm::ConstantArray::get(at, offsets), name + ".offsets");
  } else if (t.is_optional_value()) { // offsets[0]: the present flag's
    const llvm::StructLayout* sl = layout.getStructLayout(llvm::cast<llvm::StructType>(slot));
    auto* at = llvm::ArrayType::get(i64, 1);
    offsets_global = new llvm::GlobalVariable(module_, at, true, llvm::GlobalValue::PrivateLinkage,
                                              llvm::ConstantArray::get(at, {builder_.getInt64(sl->getElementOffset(1))}),
                                              name + ".offsets");
  }
  auto* st = llvm::StructType::get(context_, {i32, i32, i64, i64, ptr, ptr});
  llvm::Constant* init = llvm::ConstantStruct::get(
      st, {builder_.getInt32(uint32_t(slot_kind(t))), builder_.getInt32(uint32_t(items.size())),
           builder_.getInt64(layout.getTypeAllocSize(slot)),
           builder_.getInt64(layout.getABITypeAlign(slot).value()), items_global, offsets_global});
  return new llvm::GlobalVariable(module_, st, true, llvm::GlobalValue::LinkOnceODRLinkage, init,
                                  name);
}

// An immortal str object holding `s` (Note [Object layout]).
llvm::Value* FunctionEmitter::str_constant(const std::string& s) {
  llvm::Type* i32 = builder_.getInt32Ty();
  llvm::Type* i64 = builder_.getInt64Ty();
  int64_t length = 0;
  for (unsigned char c : s)
    length += (c & 0xC0) != 0x80;
  llvm::Constant* bytes = llvm::ConstantDataArray::getString(context_, s, /*AddNull=*/true);
  auto* st = llvm::StructType::get(context_, {i64, i32, i32, i64, i64, i64, bytes->getType()});
  llvm::Constant* init = llvm::ConstantStruct::get(
      st, {builder_.getInt64(uint64_t(-1)), builder_.getInt32(0), builder_.getInt32(PYRT_OBJ_STR),
           builder_.getInt64(uint64_t(length)), builder_.getInt64(s.size()),
           builder_.getInt64(uint64_t(-1)), bytes});
  return new llvm::GlobalVariable(module_, st, true, llvm::GlobalValue::PrivateLinkage, init,
                                  ".pystr");
}

// Note [List memory is typed]
// Loads and stores of list headers (length, data) and of list elements carry TBAA tags of
// different types, so LLVM knows that storing an element (`b[3] = v`) leaves every list's length
// and data pointer as they were: it keeps them in registers across a loop body and hoists bounds
// checks. Runtime calls are opaque and clobber both.
llvm::MDNode* FunctionEmitter::tbaa(const char* what) {
  llvm::MDBuilder md(context_);
  llvm::MDNode* root = md.createTBAARoot("pyscript objects");
  llvm::MDNode* type = md.createTBAAScalarTypeNode(what, root);
  return md.createTBAAStructTagNode(type, type, 0);
}

// Reference counting inline (Note [Object layout]): a plain increment or decrement when the object
// is neither immortal nor shared; the runtime otherwise, and to free it.
void FunctionEmitter::count_object(llvm::Value* object, bool retain) {
  llvm::IRBuilder<>& b = builder_;
  if (cold_) {
    b.CreateCall(retain ? PYRT(pyrt_object_retain) : PYRT(pyrt_object_release), {object});
    return;
  }
  // NULL: a value on a path that never set it (uninitialized), as the runtime's functions allow.
  llvm::BasicBlock* present = llvm::BasicBlock::Create(context_, "object", function_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "counted", function_);
  b.CreateCondBr(b.CreateIsNull(object), done, present);
  b.SetInsertPoint(present);
  llvm::Value* rc_load = load_refcount(object);
  llvm::Value* shared = load_shared(object);
  llvm::Value* plain = b.CreateAnd(b.CreateICmpEQ(shared, b.getInt32(0)),
                                   retain ? b.CreateICmpSGE(rc_load, b.getInt64(0))
                                          : b.CreateICmpSGT(rc_load, b.getInt64(0)));
  llvm::BasicBlock* fast =
      llvm::BasicBlock::Create(context_, retain ? "retain" : "release", function_);
  llvm::BasicBlock* slow = llvm::BasicBlock::Create(context_, "count.slow", function_);
  b.CreateCondBr(plain, fast, slow);
  b.SetInsertPoint(fast);
  llvm::Value* next = b.CreateAdd(rc_load, b.getInt64(retain ? 1 : uint64_t(-1)));
  b.CreateStore(next, object)->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("object.refcount"));
  if (retain) {
    b.CreateBr(done);
  } else {
    llvm::BasicBlock* destroy = llvm::BasicBlock::Create(context_, "destroy", function_);
    b.CreateCondBr(b.CreateICmpEQ(next, b.getInt64(0)), destroy, done);
    b.SetInsertPoint(destroy);
    b.CreateCall(PYRT(pyrt_object_destroy), {object});
    b.CreateBr(done);
  }
  b.SetInsertPoint(slow);
  b.CreateCall(retain ? PYRT(pyrt_object_retain) : PYRT(pyrt_object_release), {object});
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

llvm::Value* FunctionEmitter::load_refcount(llvm::Value* object) {
  auto* load = builder_.CreateLoad(builder_.getInt64Ty(), object);
  load->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("object.refcount"));
  return load;
}

llvm::Value* FunctionEmitter::load_shared(llvm::Value* object) {
  auto* load = builder_.CreateLoad(
      builder_.getInt32Ty(), builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), object, offsetof(pyrt_object, shared)));
  load->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("object.shared"));
  return load;
}

// Note [Stores into shared containers]
// An object that other threads can reach is `shared` (counted atomically, off the cycle
// collector's per-thread lists: Note [Cycle collector] in runtime/gc.cpp), and so is everything it
// holds. A store into a shared list or instance keeps that true: the stored value is shared first
// (the runtime's own stores -- append past the capacity, insert, dict_set, ... -- do the same). The
// test is a load and a branch that is almost never taken; only values holding references pay it.
void FunctionEmitter::share_stored(llvm::Value* container, llvm::Value* v, const ir::Type& t) {
  if (!t.holds_refs()) return;
  llvm::IRBuilder<>& b = builder_;
  llvm::Value* shared = load_shared(container);
  llvm::BasicBlock* share = llvm::BasicBlock::Create(context_, "share", function_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "shared", function_);
  b.CreateCondBr(b.CreateICmpNE(shared, b.getInt32(0)), share, done,
                 llvm::MDBuilder(context_).createBranchWeights(1, 1u << 20));
  b.SetInsertPoint(share);
  visit_arrays(v, t, Count::Share);
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

// A pointer to a stack copy of `v` (a slot for the runtime).
llvm::Value* FunctionEmitter::slot_of(llvm::Value* v) {
  return stack_array(v->getType(), {v});
}

// if (cond) { call(); goto failure } -- cond is expected false.
void FunctionEmitter::fail_if(llvm::Value* cond, const std::function<void()>& call) {
  llvm::BasicBlock* bad = llvm::BasicBlock::Create(context_, "raise", function_);
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "ok", function_);
  builder_.CreateCondBr(cond, bad, ok);
  builder_.SetInsertPoint(bad);
  call();
  builder_.CreateBr(failure_exit());
  builder_.SetInsertPoint(ok);
}

// The address of list element i (negative from the end), after its bounds check.
llvm::Value* FunctionEmitter::list_element(const ir::Node& n, llvm::Value* list, llvm::Value* i,
                                           bool store) {
  llvm::IRBuilder<>& b = builder_;
  // Both header fields are read before the bounds check, unconditionally, so that LLVM can keep
  // them in registers across a loop (Note [List memory is typed]).
  auto* length =
      b.CreateLoad(b.getInt64Ty(),
                   b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), list, offsetof(pyrt_list, length)));
  length->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.length"));
  auto* data = b.CreateLoad(
      b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), list, offsetof(pyrt_list, data)));
  data->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("list.data"));
  llvm::Value* index = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, length), i);
  fail_if(b.CreateICmpUGE(index, length), [&] {
    b.CreateCall(PYRT(pyrt_list_index_error), {ctx_, b.getInt32(store ? 1 : 0), site(n)});
  });
  const ir::Type& element = n.input(0)->type().elements()[0];
  return b.CreateInBoundsGEP(type(element), data, {index});
}

// A runtime call of a str operation (codegen/str_calls.def).
void FunctionEmitter::emit_str_call(const ir::Node& n) {
  const std::string& fn = n.str_attr("fn");
  llvm::FunctionCallee callee;
  unsigned how = 0;
  bool found = false;
#define STR_CALL(NAME, RUNTIME, HOW)                                                               \
  if (!found && fn == #NAME) {                                                                     \
    callee = PYRT(RUNTIME);                                                                        \
    how = HOW;                                                                                     \
    found = true;                                                                                  \
  }
#include "codegen/str_calls.def"
#undef STR_CALL
  PYSCRIPT_ASSERT(found, "codegen: unknown str_call " + fn);
  llvm::IRBuilder<>& b = builder_;
  llvm::FunctionType* ft = callee.getFunctionType();
  std::vector<llvm::Value*> args;
  if (how & kCtx) args.push_back(ctx_);
  size_t inputs = n.inputs().size() - ((how & kTupleSlot) ? 1 : 0);
  if (how & kPieces) {
    std::vector<llvm::Value*> pieces;
    for (size_t i = 0; i < n.inputs().size(); ++i)
      pieces.push_back(value(n.input(i)));
    args.push_back(b.getInt32(uint32_t(pieces.size())));
    args.push_back(stack_array(b.getPtrTy(), pieces));
    inputs = 0;
  }
  for (size_t i = 0; i < inputs; ++i) {
    llvm::Type* want = ft->getParamType(unsigned(args.size()));
    llvm::Value* v = value(n.input(i));
    if (n.input(i)->type().is(TypeKind::None))
      v = llvm::ConstantPointerNull::get(b.getPtrTy());
    else if (v->getType() != want && want->isIntegerTy())
      v = b.CreateZExtOrTrunc(v, want);
    args.push_back(v);
  }
  if (how & kTupleSlot) {
    const ir::Value* t = n.inputs().back();
    args.push_back(type_info(t->type()));
    args.push_back(slot_of(value(t)));
  }
  if (how & kOutType) args.push_back(type_info(n.output()->type()));
  if (how & kSpec) args.push_back(c_string(n.str_attr("spec")));
  if (how & kCtx) args.push_back(site(n));
  llvm::Value* r = b.CreateCall(callee, args);
  if (how & kCtx) return_if_failed();
  if (n.output()->type().is(TypeKind::Bool) && r->getType() != b.getInt1Ty())
    r = b.CreateICmpNE(r, llvm::ConstantInt::get(r->getType(), 0));
  bind(n.output(), r);
}

} // namespace pyscript::codegen
