// Scalar ops -> LLVM IR, with Python's semantics: int overflow and division by zero raise
// (runtime/runtime.h); the rarer ones call the runtime, which shares support/python_arith.hpp
// with the constant folder.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

namespace {

// float or (inside fused blocks) float32.
bool is_float(const ir::Value* v) { return v->type().is(TypeKind::Float) || v->type().is(TypeKind::Float32); }

} // namespace

bool FunctionEmitter::emit_scalar_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out = [&](llvm::Value* v) { bind(n.output(), v); };
  auto overflow_op = [&](llvm::Intrinsic::ID id) {
    llvm::Value* pair = b.CreateBinaryIntrinsic(id, in(0), in(1));
    raise_if(b.CreateExtractValue(pair, 1), PYRT_INT_OVERFLOW, n);
    return b.CreateExtractValue(pair, 0);
  };

  switch (n.kind()) {
  case OpKind::Constant: {
    const ir::AttrValue& v = *n.attr("value");
    llvm::Value* c;
    if (auto* i = std::get_if<int64_t>(&v)) c = b.getInt64(uint64_t(*i));
    else if (auto* d = std::get_if<double>(&v)) c = llvm::ConstantFP::get(f64, *d);
    else if (auto* f = std::get_if<bool>(&v)) c = b.getInt1(*f);
    else if (auto* s = std::get_if<std::string>(&v)) c = str_constant(*s);
    else c = b.getInt1(false); // None
    out(c);
    return true;
  }
  case OpKind::Uninitialized: out(llvm::Constant::getNullValue(type(n.output()->type()))); return true;
  case OpKind::LoadGlobal: {
    llvm::GlobalVariable* g = module_.getGlobalVariable(global_symbol(n.str_attr("name")));
    llvm::GlobalVariable* bound = module_.getGlobalVariable(global_bound_symbol(n.str_attr("name")));
    PYSCRIPT_ASSERT(g && bound, "codegen: unknown global");
    // Note [Globals are bound by the top level]: unset until the top level's store has run.
    llvm::BasicBlock* unbound = llvm::BasicBlock::Create(context_, "unbound", function_);
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "bound", function_);
    llvm::Value* is_bound = b.CreateICmpNE(b.CreateLoad(b.getInt8Ty(), bound), b.getInt8(0));
    b.CreateCondBr(is_bound, ok, unbound, llvm::MDBuilder(context_).createBranchWeights(1u << 20, 1));
    b.SetInsertPoint(unbound);
    b.CreateCall(PYRT(pyrt_raise_name_error),
                 {ctx_, site(n), c_string(n.str_attr("name"))});
    b.CreateBr(failure_exit());
    b.SetInsertPoint(ok);
    llvm::Value* v = b.CreateLoad(type(n.output()->type()), g, n.str_attr("name"));
    // An array read from a global is a new reference (Note [Array ownership]), a tuple's too.
    retain_arrays(v, n.output()->type());
    out(v);
    return true;
  }
  case OpKind::StoreGlobal: {
    llvm::GlobalVariable* g = module_.getGlobalVariable(global_symbol(n.str_attr("name")));
    PYSCRIPT_ASSERT(g, "codegen: unknown global");
    // Every thread's calls may read it: shared (Note [Shared arrays] in runtime/array.cpp), and
    // the global's own reference.
    visit_arrays(in(0), n.input(0)->type(), Count::Share);
    retain_arrays(in(0), n.input(0)->type());
    b.CreateStore(in(0), g);
    b.CreateStore(b.getInt8(1), module_.getGlobalVariable(global_bound_symbol(n.str_attr("name"))));
    return true;
  }
  case OpKind::Add:
    if (n.attr("nowrap")) { // a range loop's target: start + i * step stays within the range
      out(b.CreateNSWAdd(in(0), in(1)));
      return true;
    }
    out(is_float(n.output()) ? b.CreateFAdd(in(0), in(1)) : overflow_op(llvm::Intrinsic::sadd_with_overflow));
    return true;
  case OpKind::Sub:
    out(is_float(n.output()) ? b.CreateFSub(in(0), in(1)) : overflow_op(llvm::Intrinsic::ssub_with_overflow));
    return true;
  case OpKind::Mul:
    if (n.attr("nowrap")) {
      out(b.CreateNSWMul(in(0), in(1)));
      return true;
    }
    out(is_float(n.output()) ? b.CreateFMul(in(0), in(1)) : overflow_op(llvm::Intrinsic::smul_with_overflow));
    return true;
  case OpKind::Div:
    if (kernel_mode_) {
      out(b.CreateFDiv(in(0), in(1)));
      return true;
    }
    raise_if(b.CreateFCmpOEQ(in(1), llvm::ConstantFP::get(f64, 0.0)), PYRT_ZERO_DIVISION_FLOAT, n);
    out(b.CreateFDiv(in(0), in(1)));
    return true;
  case OpKind::IntTrueDiv: {
    // Both within 2**53: converting is exact and one division rounds once. Beyond: the runtime.
    raise_if(b.CreateICmpEQ(in(1), b.getInt64(0)), PYRT_ZERO_DIVISION_TRUE, n);
    auto small = [&](llvm::Value* v) {
      return b.CreateICmpULE(b.CreateAdd(v, b.getInt64(uint64_t(1) << 53)), b.getInt64(uint64_t(1) << 54));
    };
    llvm::Value* fast = b.CreateAnd(small(in(0)), small(in(1)));
    llvm::BasicBlock* before = b.GetInsertBlock();
    llvm::BasicBlock* slow_bb = llvm::BasicBlock::Create(context_, "truediv.exact", function_);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "truediv.done", function_);
    llvm::Value* quick = b.CreateFDiv(b.CreateSIToFP(in(0), f64), b.CreateSIToFP(in(1), f64));
    b.CreateCondBr(fast, done, slow_bb);
    b.SetInsertPoint(slow_bb);
    llvm::Value* exact = b.CreateCall(PYRT(pyrt_int_truediv), {ctx_, in(0), in(1), site(n)});
    b.CreateBr(done);
    b.SetInsertPoint(done);
    llvm::PHINode* r = b.CreatePHI(f64, 2);
    r->addIncoming(quick, before);
    r->addIncoming(exact, slow_bb);
    out(r);
    return true;
  }
  case OpKind::FloorDiv:
  case OpKind::Mod: {
    bool floor = n.kind() == OpKind::FloorDiv;
    if (is_float(n.output())) {
      if (n.attr("divmod")) // divmod(a, 0.0): CPython's message names divmod
        raise_if(b.CreateFCmpOEQ(in(1), llvm::ConstantFP::get(f64, 0.0)), PYRT_ZERO_DIVISION_FLOAT_DIVMOD, n);
      out(checked_call(n, floor ? PYRT(pyrt_float_floordiv) : PYRT(pyrt_float_mod), {in(0), in(1)}));
      return true;
    }
    llvm::Value* a = in(0);
    llvm::Value* d = in(1);
    raise_if(b.CreateICmpEQ(d, b.getInt64(0)), floor ? PYRT_ZERO_DIVISION_INT : PYRT_ZERO_DIVISION_INT_MOD, n);
    // INT64_MIN // -1 overflows; INT64_MIN % -1 is 0 (and srem would trap).
    llvm::Value* minus_one = b.CreateICmpEQ(d, b.getInt64(uint64_t(-1)));
    if (floor)
      raise_if(b.CreateAnd(minus_one, b.CreateICmpEQ(a, b.getInt64(uint64_t(INT64_MIN)))),
               PYRT_INT_OVERFLOW, n);
    llvm::Value* safe_d = b.CreateSelect(minus_one, b.getInt64(1), d);
    llvm::Value* q = b.CreateSDiv(a, safe_d);
    llvm::Value* r = b.CreateSRem(a, safe_d);
    q = b.CreateSelect(minus_one, b.CreateNeg(a), q);
    r = b.CreateSelect(minus_one, b.getInt64(0), r);
    // Round toward -inf: when the remainder and the divisor differ in sign.
    llvm::Value* adjust = b.CreateAnd(b.CreateICmpNE(r, b.getInt64(0)),
                                      b.CreateICmpSLT(b.CreateXor(r, d), b.getInt64(0)));
    out(floor ? b.CreateSub(q, b.CreateZExt(adjust, i64))
              : b.CreateAdd(r, b.CreateSelect(adjust, d, b.getInt64(0))));
    return true;
  }
  case OpKind::Pow:
    out(is_float(n.output()) ? checked_call(n, PYRT(pyrt_float_pow), {in(0), in(1)})
                             : checked_call(n, PYRT(pyrt_int_pow), {in(0), in(1)}));
    return true;
  case OpKind::Neg:
    if (is_float(n.output())) {
      out(b.CreateFNeg(in(0)));
    } else {
      raise_if(b.CreateICmpEQ(in(0), b.getInt64(uint64_t(INT64_MIN))), PYRT_INT_OVERFLOW, n);
      out(b.CreateNeg(in(0)));
    }
    return true;
  case OpKind::Abs:
    if (is_float(n.output())) {
      out(b.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, in(0)));
    } else {
      raise_if(b.CreateICmpEQ(in(0), b.getInt64(uint64_t(INT64_MIN))), PYRT_INT_OVERFLOW, n);
      out(b.CreateSelect(b.CreateICmpSLT(in(0), b.getInt64(0)), b.CreateNeg(in(0)), in(0)));
    }
    return true;
  case OpKind::Min:
  case OpKind::Max: {
    // CPython keeps the first argument unless the second is strictly smaller (larger).
    bool min = n.kind() == OpKind::Min;
    if (kernel_mode_ && is_float(n.output())) {
      // numpy's maximum/minimum: nan propagates, and a tie (0.0 and -0.0) keeps the second.
      llvm::Value* pick = min ? b.CreateFCmpOLT(in(0), in(1)) : b.CreateFCmpOGT(in(0), in(1));
      llvm::Value* r = b.CreateSelect(pick, in(0), in(1));
      r = b.CreateSelect(b.CreateFCmpUNO(in(1), in(1)), in(1), r);
      out(b.CreateSelect(b.CreateFCmpUNO(in(0), in(0)), in(0), r));
      return true;
    }
    llvm::Value* better = is_float(n.output())
                              ? (min ? b.CreateFCmpOLT(in(1), in(0)) : b.CreateFCmpOGT(in(1), in(0)))
                              : (min ? b.CreateICmpSLT(in(1), in(0)) : b.CreateICmpSGT(in(1), in(0)));
    out(b.CreateSelect(better, in(1), in(0)));
    return true;
  }
  case OpKind::CompareNumbers: {
    // Converting the int is exact enough whenever the double it gives differs from the float
    // (rounding is monotonic); only a tie needs the exact comparison of the runtime.
    llvm::Value* fa = b.CreateSIToFP(in(0), f64);
    llvm::Value* fast = b.CreateSelect(
        b.CreateFCmpOLT(fa, in(1)), b.getInt64(uint64_t(-1)),
        b.CreateSelect(b.CreateFCmpOGT(fa, in(1)), b.getInt64(1), b.getInt64(2)));
    llvm::Value* tie = b.CreateFCmpOEQ(fa, in(1));
    llvm::BasicBlock* before = b.GetInsertBlock();
    llvm::BasicBlock* exact = llvm::BasicBlock::Create(context_, "cmp.exact", function_);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "cmp.done", function_);
    b.CreateCondBr(tie, exact, done);
    b.SetInsertPoint(exact);
    llvm::Value* slow = b.CreateSExt(
        b.CreateCall(PYRT(pyrt_compare_int_float), {in(0), in(1)}), i64);
    b.CreateBr(done);
    b.SetInsertPoint(done);
    llvm::PHINode* order = b.CreatePHI(i64, 2);
    order->addIncoming(fast, before);
    order->addIncoming(slow, exact);
    out(order);
    return true;
  }
  case OpKind::Not: out(b.CreateNot(in(0))); return true;
  case OpKind::Or: out(b.CreateOr(in(0), in(1))); return true;
  case OpKind::Lt:
  case OpKind::Le:
  case OpKind::Gt:
  case OpKind::Ge:
  case OpKind::Eq:
  case OpKind::Ne: {
    static const llvm::CmpInst::Predicate fp[] = {llvm::CmpInst::FCMP_OLT, llvm::CmpInst::FCMP_OLE,
                                                  llvm::CmpInst::FCMP_OGT, llvm::CmpInst::FCMP_OGE,
                                                  llvm::CmpInst::FCMP_OEQ, llvm::CmpInst::FCMP_UNE};
    static const llvm::CmpInst::Predicate ip[] = {llvm::CmpInst::ICMP_SLT, llvm::CmpInst::ICMP_SLE,
                                                  llvm::CmpInst::ICMP_SGT, llvm::CmpInst::ICMP_SGE,
                                                  llvm::CmpInst::ICMP_EQ, llvm::CmpInst::ICMP_NE};
    size_t k = size_t(n.kind()) - size_t(OpKind::Lt);
    bool flt = is_float(n.input(0));
    // bools compare as 0/1, unsigned.
    llvm::CmpInst::Predicate p = flt ? fp[k] : ip[k];
    if (n.input(0)->type().is(TypeKind::Bool) && !llvm::CmpInst::isEquality(p))
      p = llvm::CmpInst::getUnsignedPredicate(p);
    out(b.CreateCmp(p, in(0), in(1)));
    return true;
  }
  case OpKind::Select: {
    llvm::Value* v = b.CreateSelect(in(0), in(1), in(2));
    retain_arrays(v, n.output()->type()); // a new reference to the one chosen
    out(v);
    return true;
  }
  case OpKind::Cast: {
    const ir::Type& from = n.input(0)->type();
    const ir::Type& to = n.output()->type();
    llvm::Value* v = in(0);
    if (to.is(TypeKind::Float32) || from.is(TypeKind::Float32)) {
      llvm::Type* target = type(to);
      if (to.is(TypeKind::Bool)) out(b.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0)));
      else if (from.is(TypeKind::Bool)) out(b.CreateUIToFP(v, target));
      else if (from.is(TypeKind::Int)) out(b.CreateSIToFP(v, target));
      else if (to.is(TypeKind::Int)) out(b.CreateFPToSI(v, target));
      else out(b.CreateFPCast(v, target));
      return true;
    }
    if (to.is(TypeKind::Float)) out(from.is(TypeKind::Bool) ? b.CreateUIToFP(v, f64) : b.CreateSIToFP(v, f64));
    else if (to.is(TypeKind::Bool))
      out(from.is(TypeKind::Float) ? b.CreateFCmpUNE(v, llvm::ConstantFP::get(f64, 0.0))
                                   : b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0)));
    else if (to.is(TypeKind::Int) && from.is(TypeKind::Bool)) out(b.CreateZExt(v, i64));
    else if (to.is(TypeKind::Int) && from.is(TypeKind::Float))
      out(checked_call(n, PYRT(pyrt_float_to_int), {v}));
    else PYSCRIPT_UNREACHABLE("codegen: cast from " + from.to_string() + " to " + to.to_string());
    return true;
  }
  case OpKind::Round:
    if (n.inputs().size() == 1) out(checked_call(n, PYRT(pyrt_round), {in(0)}));
    else out(b.CreateCall(PYRT(pyrt_round_digits), {in(0), in(1)}));
    return true;
  case OpKind::MathFn: {
    const std::string& fn = n.str_attr("fn");
    if (kernel_mode_) {
      // numpy: nan outside the domain, inf on overflow; no error.
      static const std::pair<const char*, llvm::Intrinsic::ID> intrinsics[] = {
          {"sqrt", llvm::Intrinsic::sqrt}, {"exp", llvm::Intrinsic::exp}, {"log", llvm::Intrinsic::log},
          {"sin", llvm::Intrinsic::sin},   {"cos", llvm::Intrinsic::cos}};
      if (fn == "tanh") {
        out(emit_tanh(in(0)));
        return true;
      }
      if (fn == "exp") {
        out(emit_exp(in(0)));
        return true;
      }
      for (const auto& [name, id] : intrinsics) {
        if (fn == name) {
          out(b.CreateUnaryIntrinsic(id, in(0)));
          return true;
        }
      }
      PYSCRIPT_UNREACHABLE("codegen: fused math." + fn);
    }
    if (fn == "sqrt") {
      raise_if(b.CreateFCmpOLT(in(0), llvm::ConstantFP::get(f64, 0.0)), PYRT_MATH_DOMAIN, n);
      out(b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, in(0)));
    } else if (fn == "tanh" || fn == "erf" || fn == "erfc") { // libm's, as CPython calls them
      out(b.CreateCall(module_.getOrInsertFunction(fn, f64, f64), {in(0)}));
    } else if (fn == "gcd") {
      out(checked_call(n, PYRT(pyrt_math_gcd), {in(0), in(1)}));
    } else if (fn == "powmod") {
      out(checked_call(n, PYRT(pyrt_math_powmod), {in(0), in(1), in(2)}));
    } else if (fn == "factorial" || fn == "isqrt") {
      out(checked_call(n, fn == "factorial" ? PYRT(pyrt_math_factorial) : PYRT(pyrt_math_isqrt), {in(0)}));
    } else if (fn == "exp") {
      out(checked_call(n, PYRT(pyrt_exp), {in(0)}));
    } else if (fn == "log") {
      out(n.inputs().size() == 1 ? checked_call(n, PYRT(pyrt_log), {in(0)})
                                 : checked_call(n, PYRT(pyrt_log_base), {in(0), in(1)}));
    } else if (fn == "sin" || fn == "cos" || fn == "tan") {
      int which = fn == "sin" ? 0 : fn == "cos" ? 1 : 2;
      out(checked_call(n, PYRT(pyrt_trig), {b.getInt32(uint32_t(which)), in(0)}));
    } else if (fn == "floor" || fn == "ceil") {
      out(checked_call(n, fn == "floor" ? PYRT(pyrt_floor) : PYRT(pyrt_ceil), {in(0)}));
    } else {
      PYSCRIPT_UNREACHABLE("codegen: math." + fn);
    }
    return true;
  }
  case OpKind::PerfCounter:
    out(b.CreateCall(PYRT(pyrt_perf_counter), {}));
    return true;
  case OpKind::RangeLength: {
    // A constant step (the usual case) is inlined; any other calls the runtime, which checks 0.
    auto* step = llvm::dyn_cast<llvm::ConstantInt>(in(2));
    if (!step || step->isZero()) {
      out(checked_call(n, PYRT(pyrt_range_length), {in(0), in(1), in(2)}));
      return true;
    }
    int64_t s = step->getSExtValue();
    llvm::Value* lo = s > 0 ? in(0) : in(1);
    llvm::Value* hi = s > 0 ? in(1) : in(0);
    llvm::Value* span = b.CreateSub(hi, lo); // as unsigned, exact when lo < hi
    llvm::Value* count = b.CreateAdd(
        b.CreateUDiv(b.CreateSub(span, b.getInt64(1)), b.getInt64(uint64_t(s > 0 ? s : -s))),
        b.getInt64(1));
    out(b.CreateSelect(b.CreateICmpSLT(lo, hi), count, b.getInt64(0)));
    return true;
  }
  case OpKind::TupleConstruct: {
    // A tuple owns a reference to each array it holds (Note [Array ownership]).
    llvm::Value* t = llvm::UndefValue::get(type(n.output()->type()));
    for (size_t i = 0; i < n.inputs().size(); ++i) {
      retain_arrays(in(i), n.input(i)->type());
      t = b.CreateInsertValue(t, in(i), {unsigned(i)});
    }
    out(t);
    return true;
  }
  case OpKind::TupleGet: {
    llvm::Value* v = b.CreateExtractValue(in(0), {unsigned(n.int_attr("index"))});
    if (!n.attr("move")) retain_arrays(v, n.output()->type()); // Note [Tuples taken apart]
    out(v);
    return true;
  }
  case OpKind::Assert: {
    llvm::BasicBlock* fail = llvm::BasicBlock::Create(context_, "assert.fail", function_);
    llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "assert.ok", function_);
    b.CreateCondBr(in(0), ok, fail);
    b.SetInsertPoint(fail);
    llvm::Value* message = n.attr("message") ? c_string(n.str_attr("message"))
                                             : llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(context_));
    b.CreateCall(PYRT(pyrt_raise_assert), {ctx_, site(n), message});
    b.CreateBr(failure_exit());
    b.SetInsertPoint(ok);
    return true;
  }
  default: return false;
  }
}

} // namespace pyscript::codegen
