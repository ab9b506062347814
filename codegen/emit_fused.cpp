// `fused` (Note [Fused elementwise]) -> one loop over the elements of the result:
//   shape = broadcast of the array inputs; out = new array; each array input expanded to that
//   shape (itself when it is already contiguous with it); then, for i < size, the block's scalar
//   ops on the loaded elements, stored to out[i]: a kernel function of [begin, end) that large
//   arrays run on the kernel pool (Note [Fused kernels]). LLVM vectorizes the loop (libmvec for
//   log/sin/cos; exp is inline, tanh computed from it, see emit_exp and emit_tanh).
//
// Note [Fused loops are not interleaved]
// The loop's metadata asks LLVM for vector code (parallel accesses) and for no interleaving: at
// -O3 the vectorizer also unrolled each fused loop 4 times (4 vectors of 16 floats per
// iteration), for instruction-level parallelism that these loops do not need, since their
// iterations are independent (no reduction: sums are runtime calls) and the out-of-order core
// overlaps them anyway, and they are bound by memory when large. The four copies cost compile
// time (a fused loop's machine code is most of a numpy program's) and no speed: the elementwise
// benchmarks of bench/run_elements.py and run_tensor.py run as fast (issue 15's figures in README).
//
// Note [Buffer reuse]
// When an array input of the loop dies there (memory planning releases it right after) and
// nothing else holds it, the loop writes its result into that buffer instead of a new one: each
// element is read before it is written, at the same index. So `relu(x @ w + b)` computes the
// bias and the activation in place over the matmul's result, with no second array (the
// matmul's epilogue), and a chain in a loop reuses its buffers from one iteration to the next.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <cmath>
#include <cstddef>
#include <map>

#include <llvm/IR/MDBuilder.h>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

void FunctionEmitter::emit_fused(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  llvm::Type* i64 = b.getInt64Ty();

  std::vector<size_t> array_inputs;
  for (size_t i = 0; i < n.inputs().size(); ++i)
    if (n.input(i)->type().holds_arrays()) array_inputs.push_back(i); // numpy scalars are registers
  PYSCRIPT_ASSERT(!array_inputs.empty(), "a fused op without array inputs");

  std::vector<llvm::Value*> array_values;
  for (size_t k : array_inputs) array_values.push_back(value(n.input(k)));
  llvm::Value* arrays = stack_array(ptr, array_values);
  llvm::Value* shape = stack_array(i64, {}, PYRT_MAX_DIMS);
  llvm::Value* ndim = b.CreateCall(PYRT(pyrt_array_broadcast_shape),
                                   {ctx_, b.getInt32(uint32_t(array_inputs.size())), arrays, shape, b.getInt32(0), site(n)});
  {
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "fused.shapes", function_);
    llvm::BasicBlock* blame = llvm::BasicBlock::Create(context_, "fused.blame", function_);
    llvm::MDBuilder md(context_);
    b.CreateCondBr(b.CreateICmpSLT(ndim, b.getInt32(0)), blame, ok, md.createBranchWeights(1, 1u << 20));
    b.SetInsertPoint(blame);
    emit_broadcast_blame(n, array_inputs);
    b.SetInsertPoint(ok);
  }
  ir::DType dtype = n.output()->type().dtype();
  int32_t code = runtime_dtype(dtype);
  llvm::Value* candidate = llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(context_));
  for (size_t i : array_inputs) {
    const ir::Value* v = n.input(i);
    if (dying_.count({&n, v}) && v->type().dtype() == dtype && v->type().rank() == n.output()->type().rank()) {
      candidate = value(v);
      break;
    }
  }
  llvm::Value* out = checked_call(n, PYRT(pyrt_array_reuse_or_new),
                                  {candidate, b.getInt32(uint32_t(code)), ndim, shape});
  auto field = [&](llvm::Value* array, size_t offset, llvm::Type* t) {
    return b.CreateLoad(t, b.CreateConstGEP1_64(b.getInt8Ty(), array, offset));
  };
  llvm::Value* size = field(out, offsetof(pyrt_array, size), i64);
  llvm::Value* out_data = field(out, offsetof(pyrt_array, data), ptr);

  std::vector<llvm::Value*> expanded, data(n.inputs().size(), nullptr);
  for (size_t i : array_inputs) {
    llvm::Value* e = b.CreateCall(PYRT(pyrt_array_expand), {value(n.input(i)), ndim, shape});
    expanded.push_back(e);
    data[i] = field(e, offsetof(pyrt_array, data), ptr);
  }

  // The kernel's environment (Note [Fused kernels]): the result's data, then per input its
  // data (an array) or its value (a scalar).
  std::vector<llvm::Value*> captured{out_data};
  for (size_t k = 0; k < n.inputs().size(); ++k) captured.push_back(data[k] ? data[k] : value(n.input(k)));
  std::vector<llvm::Type*> captured_types;
  for (llvm::Value* v : captured) captured_types.push_back(v->getType());
  llvm::StructType* env_type = llvm::StructType::get(context_, captured_types);
  llvm::Value* env;
  {
    llvm::IRBuilderBase::InsertPointGuard guard(b);
    llvm::BasicBlock& entry = function_->getEntryBlock();
    b.SetInsertPoint(&entry, entry.getFirstInsertionPt());
    env = b.CreateAlloca(env_type);
  }
  for (size_t k = 0; k < captured.size(); ++k) b.CreateStore(captured[k], b.CreateStructGEP(env_type, env, unsigned(k)));
  llvm::Function* kernel = emit_fused_kernel(n, env_type, data);

  llvm::BasicBlock* pool = llvm::BasicBlock::Create(context_, "fused.pool", function_);
  llvm::BasicBlock* here = llvm::BasicBlock::Create(context_, "fused.here", function_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "fused.done", function_);
  llvm::MDBuilder md(context_);
  b.CreateCondBr(b.CreateICmpSGE(size, b.getInt64(PYRT_PARALLEL_MIN_ELEMENTS)), pool, here,
                 md.createBranchWeights(1, 1));
  b.SetInsertPoint(pool);
  b.CreateCall(PYRT(pyrt_parallel_for), {size, b.getInt64(PYRT_PARALLEL_MIN_ELEMENTS / 2), kernel, env});
  b.CreateBr(done);
  b.SetInsertPoint(here);
  b.CreateCall(kernel, {env, b.getInt64(0), size});
  b.CreateBr(done);
  b.SetInsertPoint(done);
  for (llvm::Value* e : expanded) b.CreateCall(PYRT(pyrt_array_release), {e});
  bind(n.output(), out);
}

// Note [Fused kernels]
// The loop of a fused op is its own function, `void kernel(env, begin, end)`, computing elements
// [begin, end) of the result from `env` (the result's data pointer, each array input's data
// pointer, each scalar input's value). Below PYRT_PARALLEL_MIN_ELEMENTS elements the op calls it
// directly for all of them (a call and a few loads more than the inline loop it was: the batch-1
// MLP keeps its latency, README "Threads"); from there on pyrt_parallel_for runs it in pieces on
// the kernel pool (Note [The kernel pool] in
// runtime/parallel.cpp). Each element is computed by the same code whichever piece holds it
// (Note [Pieces do not change results]), so results do not depend on the thread count.
llvm::Function* FunctionEmitter::emit_fused_kernel(const ir::Node& n, llvm::StructType* env_type,
                                                   const std::vector<llvm::Value*>& data) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  llvm::Type* i64 = b.getInt64Ty();
  auto* kernel = llvm::Function::Create(llvm::FunctionType::get(b.getVoidTy(), {ptr, i64, i64}, false),
                                        llvm::Function::InternalLinkage, function_->getName() + ".fused", module_);
  kernel->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::Value* env = kernel->getArg(0);
  llvm::Value* begin = kernel->getArg(1);
  llvm::Value* end = kernel->getArg(2);
  env->setName("env");
  begin->setName("begin");
  end->setName("end");

  llvm::IRBuilderBase::InsertPointGuard guard(b);
  llvm::Function* saved_function = function_;
  bool saved_mode = kernel_mode_;
  function_ = kernel;
  kernel_mode_ = true;
  b.SetInsertPoint(llvm::BasicBlock::Create(context_, "entry", kernel));
  auto captured = [&](size_t k) {
    return b.CreateLoad(env_type->getElementType(unsigned(k)), b.CreateStructGEP(env_type, env, unsigned(k)));
  };
  llvm::Value* out_data = captured(0);
  std::vector<llvm::Value*> inputs;
  for (size_t k = 0; k < n.inputs().size(); ++k) inputs.push_back(captured(k + 1));

  // Element types in memory: bool arrays hold bytes.
  auto memory_type = [&](const ir::Type& element) -> llvm::Type* {
    return element.is(TypeKind::Bool) ? b.getInt8Ty() : type(element);
  };
  const ir::Block& body = *n.block(0);
  // Each iteration reads and writes element i only, so iterations are independent even when the
  // result reuses an input's buffer: say so (parallel accesses), and LLVM vectorizes without
  // run-time alias checks.
  llvm::MDNode* access_group = llvm::MDNode::getDistinct(context_, {});
  auto in_group = [&](llvm::Instruction* inst) {
    inst->setMetadata(llvm::LLVMContext::MD_access_group, access_group);
    return inst;
  };
  llvm::BasicBlock* pre = b.GetInsertBlock();
  llvm::BasicBlock* loop = llvm::BasicBlock::Create(context_, "fused.loop", kernel);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "fused.done", kernel);
  b.CreateCondBr(b.CreateICmpSLT(begin, end), loop, done);
  b.SetInsertPoint(loop);
  llvm::PHINode* i = b.CreatePHI(i64, 2, "i");
  i->addIncoming(begin, pre);
  for (size_t k = 0; k < n.inputs().size(); ++k) {
    const ir::Value* p = body.param(k);
    if (!data[k]) {
      bind(p, inputs[k]);
      continue;
    }
    llvm::Type* mt = memory_type(p->type());
    llvm::Value* v = in_group(b.CreateLoad(mt, b.CreateGEP(mt, inputs[k], i)));
    if (p->type().is(TypeKind::Bool)) v = b.CreateICmpNE(v, b.getInt8(0));
    bind(p, v);
  }
  emit_block(body);
  llvm::Value* result = value(body.outputs()[0]);
  const ir::Type& element = ir::Type::element(n.output()->type().dtype());
  if (element.is(TypeKind::Bool)) result = b.CreateZExt(result, b.getInt8Ty());
  in_group(b.CreateStore(result, b.CreateGEP(memory_type(element), out_data, i)));
  llvm::Value* next = b.CreateAdd(i, b.getInt64(1), "i.next", true, true);
  i->addIncoming(next, b.GetInsertBlock());
  llvm::Instruction* latch = b.CreateCondBr(b.CreateICmpSLT(next, end), loop, done);
  llvm::Metadata* parallel[] = {llvm::MDString::get(context_, "llvm.loop.parallel_accesses"), access_group};
  llvm::Metadata* vectorize[] = {llvm::MDString::get(context_, "llvm.loop.vectorize.enable"),
                                 llvm::ConstantAsMetadata::get(b.getTrue())};
  // Note [Fused loops are not interleaved].
  llvm::Metadata* interleave[] = {llvm::MDString::get(context_, "llvm.loop.interleave.count"),
                                  llvm::ConstantAsMetadata::get(b.getInt32(1))};
  llvm::MDNode* loop_id = llvm::MDNode::getDistinct(
      context_, {nullptr, llvm::MDNode::get(context_, parallel), llvm::MDNode::get(context_, vectorize),
                 llvm::MDNode::get(context_, interleave)});
  loop_id->replaceOperandWith(0, loop_id);
  latch->setMetadata(llvm::LLVMContext::MD_loop, loop_id);
  b.SetInsertPoint(done);
  b.CreateRetVoid();
  function_ = saved_function;
  kernel_mode_ = saved_mode;
  return kernel;
}

// Note [Broadcast errors in fused loops]
// A fused loop broadcasts all its array inputs at once; when they do not fit, numpy would have
// failed at one op of the chain, naming that op's operands. On that cold path the ops are replayed
// in order, each broadcasting its own operands' shapes (an input's, or an earlier op's result
// shape kept in a shape-only pyrt_array), and the first that fails raises at its own line with
// numpy's message: "operands could not be broadcast together with shapes (3,) (0,)".
void FunctionEmitter::emit_broadcast_blame(const ir::Node& n, const std::vector<size_t>& array_inputs) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  b.CreateCall(PYRT(pyrt_clear_error), {ctx_});
  const ir::Block& body = *n.block(0);
  // The pyrt_array holding the shape of each array-shaped value of the block.
  std::map<const ir::Value*, llvm::Value*> shape_of;
  for (size_t k : array_inputs) shape_of[body.param(k)] = value(n.input(k));
  for (const ir::Node* op : body.nodes()) {
    std::vector<llvm::Value*> operands;
    for (const ir::Value* in : op->inputs())
      if (auto it = shape_of.find(in); it != shape_of.end()) operands.push_back(it->second);
    if (operands.empty() || op->outputs().empty()) continue;
    if (operands.size() == 1) {
      shape_of[op->output()] = operands[0];
      continue;
    }
    llvm::Value* holder = stack_array(b.getInt8Ty(), {}, sizeof(pyrt_array));
    b.CreateMemSet(holder, b.getInt8(0), sizeof(pyrt_array), llvm::MaybeAlign(8));
    llvm::Value* rank = b.CreateCall(PYRT(pyrt_array_broadcast_shape),
                                     {ctx_, b.getInt32(uint32_t(operands.size())), stack_array(ptr, operands),
                                      b.CreateConstGEP1_64(b.getInt8Ty(), holder, offsetof(pyrt_array, shape)),
                                      b.getInt32(op->kind() == OpKind::Eq || op->kind() == OpKind::Ne ? 1 : 0),
                                      site(*op)});
    return_if_failed();
    b.CreateStore(rank, b.CreateConstGEP1_64(b.getInt8Ty(), holder, offsetof(pyrt_array, ndim)));
    shape_of[op->output()] = holder;
  }
  // Every op's operands fit, so the inputs should have too: report them all at the fused op.
  std::vector<llvm::Value*> inputs;
  for (size_t k : array_inputs) inputs.push_back(value(n.input(k)));
  b.CreateCall(PYRT(pyrt_array_broadcast_shape),
               {ctx_, b.getInt32(uint32_t(inputs.size())), stack_array(ptr, inputs), stack_array(b.getInt64Ty(), {}, PYRT_MAX_DIMS),
                b.getInt32(0), site(n)});
  b.CreateBr(failure_exit());
}

// exp(x), inline so that it vectorizes at the machine's full width: x = n ln2 + r with
// |r| <= ln2/2 (ln2 in two parts, so n ln2 is exact enough), e^r by its Taylor series (degree 7
// for float32, 12 for float64: below half an ulp), times 2^n built in the exponent bits.
// Beyond the range of the type it gives inf or 0 (numpy gives subnormals for some inputs whose
// result is below the smallest normal; the difference is below 1.2e-38).
llvm::Value* FunctionEmitter::emit_exp(llvm::Value* x, bool edges) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* t = x->getType();
  bool f32 = t->isFloatTy();
  auto c = [&](double v) { return llvm::ConstantFP::get(t, v); };
  llvm::Type* it = f32 ? b.getInt32Ty() : b.getInt64Ty();
  // Above hi the result overflows; below lo it rounds to 0 (under half the smallest subnormal).
  double hi = f32 ? 88.72283935546875 : 709.782712893384;
  double lo = f32 ? -103.97208404541016 : -745.1332191019412;
  llvm::Value* clamped = b.CreateBinaryIntrinsic(llvm::Intrinsic::minnum, b.CreateBinaryIntrinsic(llvm::Intrinsic::maxnum, x, c(lo)), c(hi));
  // x = n ln2 + r, |r| <= ln2 / 2 (ln2 in two parts: n * the first is exact).
  llvm::Value* n = b.CreateUnaryIntrinsic(llvm::Intrinsic::rint, b.CreateFMul(clamped, c(1.4426950408889634)));
  llvm::Value* r = b.CreateFSub(clamped, b.CreateFMul(n, c(f32 ? 0.693359375 : 0.6931471803691238)));
  r = b.CreateFSub(r, b.CreateFMul(n, c(f32 ? -2.12194440e-4 : 1.9082149292705877e-10)));
  // e^r by its Taylor series (remainder below 1e-17 relative for float64), Horner's rule.
  int degree = f32 ? 7 : 13;
  double factorial = 1;
  for (int k = 2; k <= degree; ++k) factorial *= k;
  llvm::Value* p = c(1.0 / factorial);
  for (int k = degree - 1; k >= 0; --k) {
    factorial = k > 0 ? factorial / (k + 1) : 1.0;
    p = b.CreateFAdd(b.CreateFMul(p, r), c(k == 0 ? 1.0 : 1.0 / factorial));
  }
  // 2^n as two powers 2^(n/2) and 2^(n - n/2), each a normal number built in the exponent bits:
  // n = 1024 (x near the overflow threshold) and the subnormal results (n < -1022) stay exact,
  // and the last multiplication rounds once.
  int mantissa = f32 ? 23 : 52;
  int bias = f32 ? 127 : 1023;
  llvm::Value* ni = b.CreateFPToSI(n, it);
  auto power = [&](llvm::Value* e) {
    return b.CreateBitCast(b.CreateShl(b.CreateAdd(e, llvm::ConstantInt::get(it, bias)), mantissa), t);
  };
  llvm::Value* result;
  if (edges) {
    llvm::Value* n1 = b.CreateAShr(ni, 1);
    result = b.CreateFMul(b.CreateFMul(p, power(n1)), power(b.CreateSub(ni, n1)));
  } else {
    result = b.CreateFMul(p, power(ni)); // exact away from the overflow threshold and subnormals
  }
  // Outside the clamped range: inf above, 0 below; nan stays nan.
  result = b.CreateSelect(b.CreateFCmpOGT(x, c(hi)), c(INFINITY), result);
  result = b.CreateSelect(b.CreateFCmpOLT(x, c(lo)), c(0.0), result);
  return b.CreateSelect(b.CreateFCmpUNO(x, x), x, result);
}

// tanh from exp, vectorizable: its odd Taylor polynomial near 0 (where 1 - 2/(e^2x + 1) would lose
// relative precision; to x^25 in float64, remainder below 1e-17 relative for |x| < 0.25, to x^9 in
// float32), 1 - 2/(e^2|x| + 1) with x's sign elsewhere (which cancels a little just above 0.25:
// the README's Numerics table gives the measured bound).
llvm::Value* FunctionEmitter::emit_tanh(llvm::Value* x) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* t = x->getType();
  auto c = [&](double v) { return llvm::ConstantFP::get(t, v); };
  llvm::Value* ax = b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x);
  llvm::Value* x2 = b.CreateFMul(x, x);
  // The coefficients of x^1, x^3, ... x^25 (2^2n (2^2n - 1) B_2n / (2n)!).
  static const double coefficients[] = {1.0,
                                        -0.33333333333333333333,
                                        0.13333333333333333333,
                                        -0.053968253968253968254,
                                        0.021869488536155202822,
                                        -0.0088632355299021965689,
                                        0.0035921280365724810169,
                                        -0.0014558343870513182682,
                                        0.00059002744094558598138,
                                        -0.00023912911424355248149,
                                        0.000096915379569294503256,
                                        -0.000039278323883316834053,
                                        0.000015918905069328964741};
  int terms = t->isFloatTy() ? 5 : 13;
  llvm::Value* poly = c(coefficients[terms - 1]);
  for (int k = terms - 2; k >= 0; --k) poly = b.CreateFAdd(b.CreateFMul(poly, x2), c(coefficients[k]));
  poly = b.CreateFMul(poly, x);
  // e^(2|x|) only matters below 2|x| = 40 here (above, 1 - 2/(e + 1) rounds to 1 whatever e
  // is): the cheaper exp without the overflow and subnormal edges serves.
  llvm::Value* e = emit_exp(b.CreateFMul(ax, c(2.0)), /*edges=*/false);
  llvm::Value* far = b.CreateFSub(c(1.0), b.CreateFDiv(c(2.0), b.CreateFAdd(e, c(1.0))));
  far = b.CreateBinaryIntrinsic(llvm::Intrinsic::copysign, far, x);
  return b.CreateSelect(b.CreateFCmpOLT(ax, c(0.25)), poly, far);
}

} // namespace pyscript::codegen
