// numpy scalars (Array[DTYPE, 0]) as registers: element reads, their arithmetic, and the boxing
// every other array op needs.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"
#include "ir/ufuncs.hpp"

#include "support/internal_error.hpp"

#include <algorithm>
#include <cstddef>

#include <llvm/IR/MDBuilder.h>

namespace pyscript::codegen {

using ir::DType;
using ir::OpKind;
using ir::TypeKind;

// Note [Numpy scalars are registers]
// An element read (a[i, j]), a reduction's result and np.float64(x) are numpy scalars, typed
// Array[DTYPE, 0] as numpy's 0-d results are. Inside a function body such a value is a register of
// its element type (double, float, i64, i1), never a pyrt_array: reading an element is a bounds
// check and a load, and arithmetic between numpy scalars and Python numbers is computed in
// registers with numpy's semantics (no ZeroDivisionError, int64 wraps: the fused kernels' rules).
// Only where an array op has no register form (reductions, matmul, the rarer ufuncs) is the
// scalar boxed into a temporary 0-d array for the runtime call, and a 0-d result unboxed (loaded,
// then released). At the host boundary (Note [Entry and body]) a numpy scalar is a pyrt_array*, as
// the C ABI and pyscript::Tensor expect: the exported entry boxes and unboxes. Memory planning
// never sees them (Type::holds_arrays is false for rank 0).

namespace {

llvm::Type* element_type(llvm::LLVMContext& c, DType d) {
  switch (d) {
  case DType::Float32: return llvm::Type::getFloatTy(c);
  case DType::Float64: return llvm::Type::getDoubleTy(c);
  case DType::Int64: return llvm::Type::getInt64Ty(c);
  case DType::Bool: return llvm::Type::getInt1Ty(c);
  }
  return nullptr;
}

DType dtype_named(const std::string& s) { return ir::dtype_from_name(s).value_or(DType::Bool); }

// The dtype a scalar operand stands for: a numpy scalar's own, a Python number's natural one.
DType operand_dtype(const ir::Type& t) {
  if (t.is(TypeKind::Array)) return t.dtype();
  if (t.is(TypeKind::Float)) return DType::Float64;
  if (t.is(TypeKind::Float32)) return DType::Float32;
  if (t.is(TypeKind::Bool)) return DType::Bool;
  return DType::Int64;
}

} // namespace

llvm::Value* FunctionEmitter::convert_scalar(llvm::Value* v, DType from, DType to) {
  llvm::IRBuilder<>& b = builder_;
  if (from == to) return v;
  llvm::Type* t = element_type(context_, to);
  bool from_float = ir::is_float_dtype(from), to_float = ir::is_float_dtype(to);
  if (to == DType::Bool)
    return from_float ? b.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0))
                      : b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
  if (from_float && to_float) return b.CreateFPCast(v, t);
  if (to_float) return from == DType::Bool ? b.CreateUIToFP(v, t) : b.CreateSIToFP(v, t);
  if (from == DType::Bool) return b.CreateZExt(v, t);
  return nullptr; // float -> int: numpy's cast rules, left to the runtime
}

llvm::Value* FunctionEmitter::box_scalar(llvm::Value* v, DType d) {
  llvm::IRBuilder<>& b = builder_;
  if (d == DType::Int64) return b.CreateCall(PYRT(pyrt_array_scalar_i64), {v});
  llvm::Value* x = d == DType::Bool ? b.CreateUIToFP(v, b.getDoubleTy()) : b.CreateFPExt(v, b.getDoubleTy());
  return b.CreateCall(PYRT(pyrt_array_scalar),
                      {b.getInt32(uint32_t(runtime_dtype(d))), x});
}

llvm::Value* FunctionEmitter::load_scalar(llvm::Value* array, DType d) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  llvm::Value* data = b.CreateLoad(ptr, b.CreateConstGEP1_64(b.getInt8Ty(), array, offsetof(pyrt_array, data)));
  if (d == DType::Bool) return b.CreateICmpNE(b.CreateLoad(b.getInt8Ty(), data), b.getInt8(0));
  return b.CreateLoad(element_type(context_, d), data);
}

// a[i, j] with an int for every axis: a bounds check per axis (numpy's IndexError) and one load.
bool FunctionEmitter::emit_element_read(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Value* a = value(n.input(0));
  auto field = [&](size_t offset, llvm::Type* t) {
    return b.CreateLoad(t, b.CreateConstGEP1_64(b.getInt8Ty(), a, offset));
  };
  const ir::IntList& spec = n.ints_attr("spec");
  llvm::Value* offset = b.getInt64(0);
  for (size_t d = 0; d < spec.size(); ++d) {
    llvm::Value* index = value(n.input(d + 1));
    llvm::Value* size = field(offsetof(pyrt_array, shape) + 8 * d, i64);
    llvm::Value* stride = field(offsetof(pyrt_array, strides) + 8 * d, i64);
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(index, b.getInt64(0)), b.CreateAdd(index, size), index);
    llvm::BasicBlock* bad = llvm::BasicBlock::Create(context_, "index.bad", function_);
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "index.ok", function_);
    b.CreateCondBr(b.CreateICmpUGE(wrapped, size), bad, ok,
                   llvm::MDBuilder(context_).createBranchWeights(1, 1u << 20));
    b.SetInsertPoint(bad);
    b.CreateCall(PYRT(pyrt_raise_detail),
                 {ctx_, b.getInt32(PYRT_INDEX_ERROR), site(n),
                  c_string("index %lld is out of bounds for axis %d with size %lld"), index,
                  b.getInt32(uint32_t(d)), size});
    b.CreateBr(failure_exit());
    b.SetInsertPoint(ok);
    offset = b.CreateAdd(offset, b.CreateMul(wrapped, stride));
  }
  DType d = n.output()->type().dtype();
  llvm::Type* memory = d == DType::Bool ? b.getInt8Ty() : element_type(context_, d);
  llvm::Value* data = field(offsetof(pyrt_array, data), ptr);
  llvm::Value* v = b.CreateLoad(memory, b.CreateGEP(memory, data, offset));
  if (d == DType::Bool) v = b.CreateICmpNE(v, b.getInt8(0));
  bind(n.output(), v);
  return true;
}

// An elementwise op whose operands are all scalars, computed in registers as a fused kernel
// computes one element; false for the ops left to the runtime (its kernels are numpy's).
bool FunctionEmitter::emit_scalar_ufunc(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  DType compute = dtype_named(n.str_attr("compute"));
  if (compute == DType::Bool) return false;
  const std::string& op = n.str_attr("op");
  std::vector<llvm::Value*> args;
  for (const ir::Value* in : n.inputs()) {
    llvm::Value* v = convert_scalar(value(in), operand_dtype(in->type()), compute);
    if (!v) return false;
    args.push_back(v);
  }
  bool is_float = ir::is_float_dtype(compute);
  llvm::Value* r = nullptr;
  if (n.kind() == OpKind::ArrayUnary) {
    llvm::Value* x = args[0];
    if (op == "neg") r = is_float ? b.CreateFNeg(x) : b.CreateSub(b.getInt64(0), x);
    else if (op == "abs")
      r = is_float ? b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, x)
                   : b.CreateSelect(b.CreateICmpSLT(x, b.getInt64(0)), b.CreateSub(b.getInt64(0), x), x);
    else if (!is_float) return false;
    else if (op == "sqrt") r = b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, x);
    else if (op == "exp" && compute == DType::Float64) r = emit_exp(x);
    else if (op == "tanh" && compute == DType::Float64) r = emit_tanh(x);
    else return false;
    bind(n.output(), r);
    return true;
  }
  llvm::Value* x = args[0];
  llvm::Value* y = args[1];
  static const std::pair<const char*, llvm::CmpInst::Predicate> float_compares[] = {
      {"lt", llvm::CmpInst::FCMP_OLT}, {"le", llvm::CmpInst::FCMP_OLE}, {"gt", llvm::CmpInst::FCMP_OGT},
      {"ge", llvm::CmpInst::FCMP_OGE}, {"eq", llvm::CmpInst::FCMP_OEQ}, {"ne", llvm::CmpInst::FCMP_UNE}};
  static const std::pair<const char*, llvm::CmpInst::Predicate> int_compares[] = {
      {"lt", llvm::CmpInst::ICMP_SLT}, {"le", llvm::CmpInst::ICMP_SLE}, {"gt", llvm::CmpInst::ICMP_SGT},
      {"ge", llvm::CmpInst::ICMP_SGE}, {"eq", llvm::CmpInst::ICMP_EQ},  {"ne", llvm::CmpInst::ICMP_NE}};
  for (size_t k = 0; k < 6; ++k) {
    if (op == float_compares[k].first) {
      bind(n.output(), b.CreateCmp(is_float ? float_compares[k].second : int_compares[k].second, x, y));
      return true;
    }
  }
  if (op == "add") r = is_float ? b.CreateFAdd(x, y) : b.CreateAdd(x, y); // int64 wraps, as numpy's
  else if (op == "sub") r = is_float ? b.CreateFSub(x, y) : b.CreateSub(x, y);
  else if (op == "mul") r = is_float ? b.CreateFMul(x, y) : b.CreateMul(x, y);
  else if (op == "div" && is_float) r = b.CreateFDiv(x, y); // inf or nan for a zero divisor
  else if (op == "maximum" || op == "minimum") {
    bool max = op == "maximum";
    if (is_float) {
      // nan propagates; a tie (0.0 and -0.0) keeps the second, as numpy's loops do.
      llvm::Value* pick = max ? b.CreateFCmpOGT(x, y) : b.CreateFCmpOLT(x, y);
      r = b.CreateSelect(pick, x, y);
      r = b.CreateSelect(b.CreateFCmpUNO(y, y), y, r);
      r = b.CreateSelect(b.CreateFCmpUNO(x, x), x, r);
    } else {
      r = b.CreateSelect(max ? b.CreateICmpSGE(x, y) : b.CreateICmpSLE(x, y), x, y);
    }
  } else return false;
  bind(n.output(), r);
  return true;
}

// Array ops on numpy scalars that have a register form; false for the rest (emit_boxed).
bool FunctionEmitter::emit_numpy_scalar_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto all_scalar_inputs = [&] {
    for (const ir::Value* v : n.inputs())
      if (v->type().holds_arrays()) return false;
    return true;
  };
  switch (n.kind()) {
  case OpKind::ArrayIndex: {
    if (!n.output()->type().is_numpy_scalar()) return false;
    for (int64_t item : n.ints_attr("spec"))
      if (item != ir::kIndexInt) return false;
    return emit_element_read(n);
  }
  case OpKind::ArrayBinary:
  case OpKind::ArrayUnary:
    if (!n.output()->type().is_numpy_scalar() || !all_scalar_inputs()) return false;
    return emit_scalar_ufunc(n);
  case OpKind::ArrayLiteral: {
    // np.float64(x): the value converted (lowering made x a float, or an int for int64).
    if (!n.output()->type().is_numpy_scalar() || n.inputs().size() != 1) return false;
    const ir::Value* in = n.input(0);
    llvm::Value* v = convert_scalar(value(in), operand_dtype(in->type()), n.output()->type().dtype());
    if (!v) return false;
    bind(n.output(), v);
    return true;
  }
  case OpKind::ArrayItem: {
    // float(x), int(x), bool(x) of a numpy scalar.
    const ir::Type& from = n.input(0)->type();
    const ir::Type& to = n.output()->type();
    if (!from.is_numpy_scalar()) return false;
    DType target = to.is(TypeKind::Float) ? DType::Float64 : to.is(TypeKind::Bool) ? DType::Bool : DType::Int64;
    if (target == DType::Int64 && ir::is_float_dtype(from.dtype())) {
      llvm::Value* x = b.CreateFPExt(value(n.input(0)), b.getDoubleTy());
      bind(n.output(), checked_call(n, PYRT(pyrt_float_to_int), {x}));
      return true;
    }
    llvm::Value* v = convert_scalar(value(n.input(0)), from.dtype(), target);
    if (!v) return false;
    bind(n.output(), v);
    return true;
  }
  default: return false;
  }
}

// Any other array op: numpy scalar operands boxed into temporary 0-d arrays for the runtime call,
// a 0-d result loaded back (Note [Numpy scalars are registers]).
bool FunctionEmitter::emit_boxed(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  std::vector<std::pair<const ir::Value*, llvm::Value*>> saved;
  std::vector<llvm::Value*> temps;
  bool any = false;
  for (const ir::Value* in : n.inputs()) {
    if (!in->type().is_numpy_scalar() || std::any_of(saved.begin(), saved.end(), [&](auto& s) { return s.first == in; }))
      continue;
    any = true;
    llvm::Value* box = box_scalar(value(in), in->type().dtype());
    temps.push_back(box);
    saved.push_back({in, value(in)});
    bind(in, box);
  }
  bool unbox = n.outputs().size() == 1 && n.output()->type().is_numpy_scalar();
  if (!any && !unbox) return emit_array_op(n);
  if (!emit_array_op(n)) {
    for (auto& [v, original] : saved) bind(v, original);
    return false;
  }
  for (auto& [v, original] : saved) bind(v, original);
  for (llvm::Value* t : temps) b.CreateCall(PYRT(pyrt_array_release), {t});
  if (unbox) {
    llvm::Value* array = value(n.output());
    llvm::Value* v = load_scalar(array, n.output()->type().dtype());
    b.CreateCall(PYRT(pyrt_array_release), {array});
    bind(n.output(), v);
  }
  return true;
}

} // namespace pyscript::codegen
