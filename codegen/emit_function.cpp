// Functions, structured control flow (If/Loop -> basic blocks and phis), calls, and the module.
#include "codegen/emitter.hpp"
#include "codegen/optimize.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <cstddef>

#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

llvm::Type* llvm_type(const ir::Type& t, llvm::LLVMContext& c) {
  switch (t.kind()) {
  case TypeKind::Int: return llvm::Type::getInt64Ty(c);
  case TypeKind::Float: return llvm::Type::getDoubleTy(c);
  case TypeKind::Function:
    if (!t.elements().empty()) { // a closure: its captured values (Note [Closures] in lower/lower_lambda.cpp)
      std::vector<llvm::Type*> elements;
      for (const ir::Type& e : t.elements()) elements.push_back(llvm_type(e, c));
      return llvm::StructType::get(c, elements);
    }
    return llvm::Type::getInt1Ty(c); // nothing at run time: the type says which
  case TypeKind::Bool:
  case TypeKind::None: return llvm::Type::getInt1Ty(c);
  case TypeKind::Str: return llvm::PointerType::getUnqual(c);
  case TypeKind::Float32: return llvm::Type::getFloatTy(c);
  case TypeKind::Tuple:
  case TypeKind::Either: {
    std::vector<llvm::Type*> elements;
    for (const ir::Type& e : t.elements()) elements.push_back(llvm_type(e, c));
    return llvm::StructType::get(c, elements);
  }
  case TypeKind::Array:
    if (t.rank() == 0) { // Note [Numpy scalars are registers]
      switch (t.dtype()) {
      case ir::DType::Float32: return llvm::Type::getFloatTy(c);
      case ir::DType::Float64: return llvm::Type::getDoubleTy(c);
      case ir::DType::Int64: return llvm::Type::getInt64Ty(c);
      case ir::DType::Bool: return llvm::Type::getInt1Ty(c);
      }
    }
    return llvm::PointerType::getUnqual(c); // a pyrt_array*
  case TypeKind::Generator: return llvm::PointerType::getUnqual(c); // a pyrt_generator*
  case TypeKind::List:
  case TypeKind::Dict:
  case TypeKind::Set: return llvm::PointerType::getUnqual(c); // a pyrt_list*, pyrt_dict*, pyrt_set*
  case TypeKind::Optional:
    if (t.is_optional_value()) // {value, present} (Note [Optional numbers] in lower/lower_optional.cpp)
      return llvm::StructType::get(c, {llvm_type(t.elements()[0], c), llvm::Type::getInt1Ty(c)});
    return llvm::PointerType::getUnqual(c); // a pyrt_instance*, pyrt_str*, ... (None: null)
  case TypeKind::Object: return llvm::PointerType::getUnqual(c); // a pyrt_instance*
  case TypeKind::Exception: return llvm::PointerType::getUnqual(c); // a pyrt_exception*
  case TypeKind::Unknown: break;
  }
  PYSCRIPT_UNREACHABLE("no LLVM type for " + t.to_string());
}

// The type a value has in the exported entry: numpy scalars cross the C ABI as 0-d arrays.
// An Either (Note [Python and numpy scalars meet] in lower/either.cpp) crosses as its number.
llvm::Type* abi_type(const ir::Type& t, llvm::LLVMContext& c) {
  if (t.is(TypeKind::Either)) return llvm_type(t.elements()[0], c);
  return t.is_numpy_scalar() ? llvm::PointerType::getUnqual(c) : llvm_type(t, c);
}

std::string global_symbol(const std::string& name) { return "pyscript.global." + name; }

// Note [Globals are bound by the top level]
// A function reads a module-level name (load_global) that the top level assigns (store_global).
// Lowering proves that the top level never reads one before its assignment, but a host may call a
// function before Module::run(), or the top level may have failed before the store: then the read
// is CPython's NameError, never the zero the global starts as (for an array, a null pointer). A
// flag beside each global says whether the store has run; the check is one load and a branch
// that LLVM hoists out of loops.
std::string global_bound_symbol(const std::string& name) { return "pyscript.global." + name + ".bound"; }

llvm::Function* declare_function(llvm::Module& module, const ir::Function& f) {
  if (llvm::Function* existing = module.getFunction(f.name)) return existing;
  llvm::LLVMContext& c = module.getContext();
  std::vector<llvm::Type*> params{llvm::PointerType::getUnqual(c)};
  for (const ir::Value* v : f.graph->inputs()) params.push_back(abi_type(v->type(), c));
  llvm::Type* ret = f.return_type.is(TypeKind::None) ? llvm::Type::getVoidTy(c)
                                                     : abi_type(f.return_type, c);
  auto* fn = llvm::Function::Create(llvm::FunctionType::get(ret, params, false),
                                    llvm::Function::ExternalLinkage, f.name, module);
  fn->getArg(0)->setName("ctx");
  // bool crosses the C ABI as a zero-extended byte, as C++'s bool does.
  for (size_t i = 0; i < f.graph->inputs().size(); ++i)
    if (f.graph->inputs()[i]->type().is(TypeKind::Bool) ||
        f.graph->inputs()[i]->type() == ir::Type::either(ir::Type::bool_()))
      fn->addParamAttr(unsigned(i + 1), llvm::Attribute::ZExt);
  if (f.return_type.is(TypeKind::Bool) || f.return_type == ir::Type::either(ir::Type::bool_()))
    fn->addRetAttr(llvm::Attribute::ZExt);
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  return fn;
}

// Note [Entry and body]
// Each function is two LLVM functions: the body,
//   {RET, i1} @"NAME.body"(ptr %ctx, i32 %frames, ARGS...)     (i1 for None)
// internal, which generated code calls; and the entry, `RET @"NAME"(ptr %ctx, ARGS...)`, exported,
// which the host, the JIT and C programs call: it passes ctx->depth as the frame count and returns
// the body's value. The body's i1 is true when it failed (ctx says how). Passing both in registers
// keeps a call from touching ctx->depth (Note [Recursion depth]) and makes "did the callee fail"
// a value LLVM can follow: once a callee is inlined or its early return evaluated in place
// (Note [Unrolling recursion]), the check after the call folds away on the paths that cannot fail.
llvm::Function* declare_body(llvm::Module& module, const ir::Function& f) {
  std::string name = f.name + ".body";
  if (llvm::Function* existing = module.getFunction(name)) return existing;
  llvm::Function* entry = declare_function(module, f);
  llvm::LLVMContext& c = module.getContext();
  std::vector<llvm::Type*> params{llvm::PointerType::getUnqual(c), llvm::Type::getInt32Ty(c)};
  for (const ir::Value* v : f.graph->inputs()) params.push_back(llvm_type(v->type(), c));
  llvm::Type* failed = llvm::Type::getInt1Ty(c);
  llvm::Type* value = f.return_type.is(TypeKind::None) ? entry->getReturnType() : llvm_type(f.return_type, c);
  llvm::Type* ret = value->isVoidTy() ? failed : llvm::StructType::get(c, {value, failed});
  auto* fn = llvm::Function::Create(llvm::FunctionType::get(ret, params, false),
                                    llvm::Function::InternalLinkage, name, module);
  fn->getArg(0)->setName("ctx");
  fn->getArg(1)->setName("frames");
  fn->addFnAttr(llvm::Attribute::NoUnwind);
  return fn;
}

FunctionEmitter::FunctionEmitter(llvm::Module& module, const ir::Module& ir_module,
                                 const ir::Function& f)
    : module_(module), ir_module_(ir_module), f_(f), context_(module.getContext()),
      builder_(module.getContext()) {}

llvm::Value* FunctionEmitter::value(const ir::Value* v) const {
  auto it = values_.find(v);
  PYSCRIPT_ASSERT(it != values_.end(), "codegen: a value used before it was emitted");
  return it->second;
}

llvm::Value* FunctionEmitter::c_string(const std::string& s) {
  return builder_.CreateGlobalStringPtr(s, ".str", 0, &module_);
}

llvm::Value* FunctionEmitter::site(const ir::Node& n) {
  return c_string(n.range().valid() ? n.range().to_string() : f_.name);
}

llvm::BasicBlock* FunctionEmitter::fail_block() {
  if (fail_) return fail_;
  llvm::IRBuilderBase::InsertPointGuard guard(builder_);
  fail_ = llvm::BasicBlock::Create(context_, "fail", function_);
  builder_.SetInsertPoint(fail_);
  return_from_body(nullptr, true);
  return fail_;
}

// Note [Recursion depth]
// CPython raises RecursionError when a call would make more than sys.getrecursionlimit() (1000)
// frames; without a count, deep recursion here would overflow the native stack and crash. A
// function that makes calls counts its frame: its body receives the number of frames below it
// (Note [Entry and body]) and passes one more to its callees (the top level is one, as CPython's
// module frame), so `def f(n): return 0 if n == 0 else 1 + f(n - 1)` fails at the same n as under
// CPython. Functions inlined into their caller by ir/passes/inline_calls count through the calls
// and prints copied from them (Note [Frames of inlined calls]); LLVM's own inlining keeps the count
// (it is an argument). Not counted: functions that make no calls (they cannot recurse).
namespace {
bool makes_calls(const ir::Block& block) {
  for (const ir::Node* n : block.nodes()) {
    if (n->kind() == OpKind::Call) return true;
    for (size_t b = 0; b < n->blocks().size(); ++b)
      if (makes_calls(*n->block(b))) return true;
  }
  return false;
}

// Byte offset of pyrt_context::depth, as the generated code addresses it.
constexpr uint64_t kDepthOffset = offsetof(pyrt_context, depth);
} // namespace

void FunctionEmitter::enter_frame() {
  if (!makes_calls(*f_.graph->top())) return;
  frames_here_ = builder_.CreateAdd(function_->getArg(1), builder_.getInt32(1), "frames.here", true, true);
  raise_if(builder_.CreateICmpSGT(frames_here_, recursion_limit()), PYRT_RECURSION,
           c_string(f_.range.valid() ? f_.range.to_string() : f_.name));
  stack_guard(c_string(f_.range.valid() ? f_.range.to_string() : f_.name)); // emit_modules.cpp
}

void FunctionEmitter::emit_entry() {
  llvm::Function* entry = declare_function(module_, f_);
  builder_.SetInsertPoint(llvm::BasicBlock::Create(context_, "entry", entry));
  std::vector<llvm::Value*> args{entry->getArg(0)};
  llvm::Value* slot = builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), entry->getArg(0), kDepthOffset);
  args.push_back(builder_.CreateLoad(builder_.getInt32Ty(), slot, "frames"));
  // numpy scalars cross as 0-d arrays (Note [Numpy scalars are registers]).
  for (size_t i = 1; i < entry->arg_size(); ++i) {
    const ir::Type& t = f_.graph->inputs()[i - 1]->type();
    llvm::Value* arg = entry->getArg(unsigned(i));
    if (t.is(TypeKind::Either)) { // the host's number is a Python number
      llvm::Value* pair = llvm::UndefValue::get(type(t));
      pair = builder_.CreateInsertValue(pair, arg, {0u});
      arg = builder_.CreateInsertValue(pair, builder_.getInt1(false), {1u});
    }
    args.push_back(t.is_numpy_scalar() ? load_scalar(arg, t.dtype()) : arg);
  }
  llvm::CallInst* call = builder_.CreateCall(function_, args);
  if (entry->getReturnType()->isVoidTy()) {
    builder_.CreateRetVoid();
    return;
  }
  llvm::Value* result = builder_.CreateExtractValue(call, 0);
  if (f_.return_type.is(TypeKind::Either)) result = builder_.CreateExtractValue(result, 0);
  if (f_.return_type.is_numpy_scalar()) {
    // A failed call returns no array: null, as for any array result.
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "box", entry);
    llvm::BasicBlock* failed = llvm::BasicBlock::Create(context_, "failed", entry);
    builder_.CreateCondBr(builder_.CreateExtractValue(call, 1), failed, ok);
    builder_.SetInsertPoint(failed);
    builder_.CreateRet(llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(context_)));
    builder_.SetInsertPoint(ok);
    result = box_scalar(result, f_.return_type.dtype());
  }
  builder_.CreateRet(result);
}

void FunctionEmitter::return_from_body(llvm::Value* v, bool failed) {
  llvm::Type* ret = function_->getReturnType();
  if (!ret->isStructTy()) {
    builder_.CreateRet(builder_.getInt1(failed));
    return;
  }
  if (!v) v = llvm::Constant::getNullValue(ret->getStructElementType(0));
  llvm::Value* pair = builder_.CreateInsertValue(llvm::PoisonValue::get(ret), v, 0);
  builder_.CreateRet(builder_.CreateInsertValue(pair, builder_.getInt1(failed), 1));
}

// Note [Cleanup on failure]
// A runtime error returns at once through every frame; the arrays a frame owns at that point
// (Note [Array ownership] in ir/passes/plan_memory.cpp: values its blocks defined, loop-body
// parameters, not yet released or moved on) are released on the way, so a host that catches the
// RuntimeError and goes on calling does not leak. `owned_` follows emission: a scope per block
// being emitted, outputs added after their node, removed at their `release` or when a Loop takes
// them over as its initial carried values.
// The cleanup of a live list releases its last value and goes on to the cleanup of the rest, so
// failure points whose live values share a prefix share those blocks: the cleanup code grows with
// the number of distinct live lists, not with failure points times live values. (Every value of a
// prefix is live, so defined, at each point that jumps there: the blocks are dominated.)
// Inside the guarded block of a Try (emit_try), a failure goes to the Try's landing instead of
// returning, and releases only what the frame owns since the Try began: what it owned before is
// still owned after the Try, whichever block ran (Note [Array ownership]: values from outside are
// released after the Try only).
llvm::BasicBlock* FunctionEmitter::failure_exit() {
  size_t from = landings_.empty() ? 0 : landings_.back().scopes;
  std::vector<const ir::Value*> live;
  for (size_t i = from; i < owned_.size(); ++i) live.insert(live.end(), owned_[i].begin(), owned_[i].end());
  return cleanup_of(live);
}

llvm::BasicBlock* FunctionEmitter::cleanup_of(std::vector<const ir::Value*> live) {
  llvm::BasicBlock* target = landings_.empty() ? nullptr : landings_.back().block;
  if (live.empty()) return target ? target : fail_block();
  auto found = cleanups_.find({target, live});
  if (found != cleanups_.end()) return found->second;
  const ir::Value* last = live.back();
  live.pop_back();
  llvm::BasicBlock* rest = cleanup_of(live);
  live.push_back(last);
  llvm::IRBuilderBase::InsertPointGuard guard(builder_);
  llvm::BasicBlock* cleanup = llvm::BasicBlock::Create(context_, "cleanup", function_);
  builder_.SetInsertPoint(cleanup);
  cold_ = true; // a failure path: runtime calls, not inline counting (Note [List memory is typed])
  release_arrays(value(last), last->type());
  cold_ = false;
  builder_.CreateBr(rest);
  cleanups_[{target, live}] = cleanup;
  return cleanup;
}

void FunctionEmitter::track_ownership(const ir::Node& n) {
  auto drop = [&](const ir::Value* v) {
    for (auto& scope : owned_) std::erase(scope, v);
  };
  if (n.kind() == OpKind::Release) return drop(n.input(0));
  // Note [Tuples taken apart]: the tuple's references moved into its fields' values.
  if (n.kind() == OpKind::TupleGet && n.attr("move")) drop(n.input(0));
  // Note [Borrowed references] in ir/passes/borrow_references.cpp: a move takes the input's
  // reference; a borrowed value owns none.
  if (n.kind() == OpKind::ObjectCast && n.attr("move")) drop(n.input(0));
  if (n.kind() == OpKind::SetAttr && n.attr("move")) drop(n.input(1));
  if (n.attr("borrow")) return;
  for (const ir::Value* out : n.outputs())
    if (out->type().holds_refs()) owned_.back().push_back(out);
}

void FunctionEmitter::raise_if(llvm::Value* cond, pyrt_error_kind kind, const ir::Node& n) {
  raise_if(cond, kind, site(n));
}

void FunctionEmitter::raise_if(llvm::Value* cond, pyrt_error_kind kind, llvm::Value* site) {
  llvm::BasicBlock* raise = llvm::BasicBlock::Create(context_, "raise", function_);
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "ok", function_);
  llvm::MDBuilder md(context_);
  builder_.CreateCondBr(cond, raise, ok, md.createBranchWeights(1, 1u << 20));
  builder_.SetInsertPoint(raise);
  builder_.CreateCall(PYRT(pyrt_raise),
                      {ctx_, builder_.getInt32(kind), site});
  builder_.CreateBr(failure_exit());
  builder_.SetInsertPoint(ok);
}

void FunctionEmitter::return_if_failed() {
  llvm::Value* failed = builder_.CreateLoad(builder_.getInt32Ty(), ctx_, "failed");
  return_if(builder_.CreateICmpNE(failed, builder_.getInt32(0)));
}

void FunctionEmitter::return_if(llvm::Value* failed) {
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "ok", function_);
  llvm::MDBuilder md(context_);
  builder_.CreateCondBr(failed, failure_exit(), ok, md.createBranchWeights(1, 1u << 20));
  builder_.SetInsertPoint(ok);
}

llvm::Value* FunctionEmitter::stack_array(llvm::Type* t, const std::vector<llvm::Value*>& values, size_t min_size) {
  llvm::Value* array;
  {
    llvm::IRBuilderBase::InsertPointGuard guard(builder_);
    llvm::BasicBlock& entry = function_->getEntryBlock();
    builder_.SetInsertPoint(&entry, entry.getFirstInsertionPt());
    array = builder_.CreateAlloca(t, builder_.getInt32(uint32_t(std::max(values.size(), min_size))));
  }
  for (size_t i = 0; i < values.size(); ++i) builder_.CreateStore(values[i], builder_.CreateConstGEP1_64(t, array, i));
  return array;
}

llvm::Value* FunctionEmitter::checked_call(const ir::Node& n, llvm::FunctionCallee callee,
                                           std::vector<llvm::Value*> args) {
  args.insert(args.begin(), ctx_);
  args.push_back(site(n));
  llvm::Value* r = builder_.CreateCall(callee, args);
  return_if_failed();
  return r;
}

void FunctionEmitter::emit() {
  function_ = declare_body(module_, f_);
  ctx_ = function_->getArg(0);
  llvm::BasicBlock* entry = llvm::BasicBlock::Create(context_, "entry", function_);
  builder_.SetInsertPoint(entry);
  for (size_t i = 0; i < f_.graph->inputs().size(); ++i) {
    function_->getArg(unsigned(i + 2))->setName(f_.param_names.size() > i ? f_.param_names[i] : "");
    bind(f_.graph->inputs()[i], function_->getArg(unsigned(i + 2)));
  }
  enter_frame();
  owned_.emplace_back(); // the function's parameters are borrowed: not owned
  emit_block(*f_.graph->top());
  owned_.pop_back();
  const std::vector<ir::Value*>& outs = f_.graph->outputs();
  return_from_body(function_->getReturnType()->isStructTy() ? value(outs.at(0)) : nullptr, false);
  emit_entry();
}

void FunctionEmitter::emit_block(const ir::Block& block) {
  const std::vector<ir::Node*>& nodes = block.nodes();
  for (size_t i = 0; i < nodes.size(); ++i) {
    // The releases right after a node name the inputs whose last use it is.
    for (size_t k = i + 1; k < nodes.size() && nodes[k]->kind() == OpKind::Release; ++k)
      dying_.insert({nodes[i], nodes[k]->input(0)});
    emit_node(*nodes[i]);
    track_ownership(*nodes[i]);
  }
}

void FunctionEmitter::emit_node(const ir::Node& n) {
  switch (n.kind()) {
  case OpKind::If: return emit_if(n);
  case OpKind::Loop: return emit_loop(n);
  case OpKind::Try: return emit_try(n);
  case OpKind::Call: return emit_call(n);
  case OpKind::Print: return emit_print(n);
  case OpKind::PrintFormat: return emit_print_format(n);
  case OpKind::CheckDepth: return check_depth(n, 1);
  case OpKind::Fused: return emit_fused(n);
  default: break;
  }
  if (emit_scalar_op(n) || emit_object_op(n) || emit_class_op(n) || emit_numpy_scalar_op(n) || emit_random_op(n) || emit_module_op(n) || emit_boxed(n) ||
      emit_exception_op(n))
    return;
  PYSCRIPT_UNREACHABLE("codegen: no lowering for op " + std::string(ir::spelling(n.kind())));
}

void FunctionEmitter::emit_if(const ir::Node& n) {
  llvm::BasicBlock* then_bb = llvm::BasicBlock::Create(context_, "then", function_);
  llvm::BasicBlock* else_bb = llvm::BasicBlock::Create(context_, "else", function_);
  llvm::BasicBlock* merge = llvm::BasicBlock::Create(context_, "endif", function_);
  builder_.CreateCondBr(value(n.input(0)), then_bb, else_bb);
  llvm::BasicBlock* ends[2];
  llvm::BasicBlock* starts[2] = {then_bb, else_bb};
  for (int b = 0; b < 2; ++b) {
    builder_.SetInsertPoint(starts[b]);
    owned_.emplace_back();
    emit_block(*n.block(size_t(b)));
    owned_.pop_back(); // each was released in the branch or moved into the If's outputs
    ends[b] = builder_.GetInsertBlock();
    builder_.CreateBr(merge);
  }
  builder_.SetInsertPoint(merge);
  for (size_t i = 0; i < n.outputs().size(); ++i) {
    llvm::PHINode* phi = builder_.CreatePHI(type(n.output(i)->type()), 2, n.output(i)->name_hint());
    phi->addIncoming(value(n.block(0)->outputs()[i]), ends[0]);
    phi->addIncoming(value(n.block(1)->outputs()[i]), ends[1]);
    bind(n.output(i), phi);
  }
}

// Note [If and Loop] in ir/graph.hpp: the body runs while its condition holds and fewer than
// trip-count iterations have run.
void FunctionEmitter::emit_loop(const ir::Node& n) {
  const ir::Block& body = *n.block(0);
  llvm::Value* trips = value(n.input(0));
  llvm::BasicBlock* pre = builder_.GetInsertBlock();
  llvm::BasicBlock* header = llvm::BasicBlock::Create(context_, "loop", function_);
  llvm::BasicBlock* exit = llvm::BasicBlock::Create(context_, "endloop", function_);
  llvm::Value* enter = builder_.CreateAnd(value(n.input(1)),
                                          builder_.CreateICmpSGT(trips, builder_.getInt64(0)));
  builder_.CreateCondBr(enter, header, exit);

  builder_.SetInsertPoint(header);
  llvm::PHINode* iteration = builder_.CreatePHI(builder_.getInt64Ty(), 2, "i");
  iteration->addIncoming(builder_.getInt64(0), pre);
  bind(body.param(0), iteration);
  std::vector<llvm::PHINode*> carried;
  for (size_t k = 1; k < body.params().size(); ++k) {
    llvm::PHINode* phi = builder_.CreatePHI(type(body.param(k)->type()), 2, body.param(k)->name_hint());
    phi->addIncoming(value(n.input(k + 1)), pre);
    bind(body.param(k), phi);
    carried.push_back(phi);
  }
  // The Loop takes over its initial carried arrays (Note [Cleanup on failure]); the body's
  // parameters own theirs.
  for (size_t k = 2; k < n.inputs().size(); ++k)
    for (auto& scope : owned_) std::erase(scope, n.input(k));
  owned_.emplace_back();
  for (size_t k = 1; k < body.params().size(); ++k)
    if (body.param(k)->type().holds_refs()) owned_.back().push_back(body.param(k));
  emit_block(body);
  owned_.pop_back();
  llvm::BasicBlock* latch = builder_.GetInsertBlock();
  llvm::Value* next = builder_.CreateAdd(iteration, builder_.getInt64(1), "i.next", true, true);
  llvm::Value* go_on = builder_.CreateAnd(value(body.outputs()[0]), builder_.CreateICmpSLT(next, trips));
  iteration->addIncoming(next, latch);
  for (size_t k = 0; k < carried.size(); ++k) carried[k]->addIncoming(value(body.outputs()[k + 1]), latch);
  builder_.CreateCondBr(go_on, header, exit);

  builder_.SetInsertPoint(exit);
  for (size_t k = 0; k < n.outputs().size(); ++k) {
    llvm::PHINode* phi = builder_.CreatePHI(type(n.output(k)->type()), 2, n.output(k)->name_hint());
    phi->addIncoming(value(n.input(k + 2)), pre);
    phi->addIncoming(value(body.outputs()[k + 1]), latch);
    bind(n.output(k), phi);
  }
}

void FunctionEmitter::emit_call(const ir::Node& n) {
  const ir::Function* callee = ir_module_.find(n.str_attr("callee"));
  PYSCRIPT_ASSERT(callee != nullptr, "codegen: call of an unknown function");
  // Note [Frames of inlined calls]: a call copied from inlined functions counts their frames too.
  llvm::Value* frames = frames_here_;
  if (const ir::AttrValue* extra = n.attr("frames"))
    frames = builder_.CreateAdd(frames, builder_.getInt32(uint32_t(std::get<int64_t>(*extra))), "frames.inlined", true, true);
  std::vector<llvm::Value*> args{ctx_, frames};
  for (const ir::Value* v : n.inputs()) args.push_back(value(v));
  llvm::CallInst* call = builder_.CreateCall(declare_body(module_, *callee), args);
  llvm::Value* failed = call;
  if (call->getType()->isStructTy()) {
    if (!n.outputs().empty()) bind(n.output(), builder_.CreateExtractValue(call, 0));
    failed = builder_.CreateExtractValue(call, 1, "failed");
  } else if (!n.outputs().empty()) {
    bind(n.output(), builder_.getInt1(false)); // None
  }
  return_if(failed);
}

std::unique_ptr<llvm::Module> emit_module(const ir::Module& m, llvm::LLVMContext& context,
                                          const CodegenOptions& options) {
  auto module = std::make_unique<llvm::Module>("pyscript", context);
  // The host's layout from the start: pyrt_type descriptors (emit_objects.cpp) give the runtime the
  // sizes and field offsets of slots, which must be the ones the machine code uses.
  static const std::string layout = host_target_machine()->createDataLayout().getStringRepresentation();
  module->setDataLayout(layout);
  // One legacy RandomState per module instance, defined with the module constants.
  define_random_state(*module, options.define_globals);
  define_module_state(*module, options.define_globals);
  for (const ir::Global& g : m.globals) {
    llvm::Type* t = llvm_type(g.type, context);
    new llvm::GlobalVariable(*module, t, false, llvm::GlobalValue::ExternalLinkage,
                             options.define_globals ? llvm::Constant::getNullValue(t) : nullptr,
                             global_symbol(g.name));
    llvm::Type* i8 = llvm::Type::getInt8Ty(context);
    new llvm::GlobalVariable(*module, i8, false, llvm::GlobalValue::ExternalLinkage,
                             options.define_globals ? llvm::ConstantInt::get(i8, 0) : nullptr,
                             global_bound_symbol(g.name));
  }
  for (const auto& f : m.functions) {
    if (f->name == "__main__" && !options.emit_main) continue;
    FunctionEmitter(*module, m, *f).emit();
  }
  std::string problems;
  llvm::raw_string_ostream os(problems);
  PYSCRIPT_ASSERT(!llvm::verifyModule(*module, &os), "codegen produced invalid LLVM IR: " + problems);
  return module;
}

} // namespace pyscript::codegen
