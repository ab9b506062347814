// CPython's random and sys ops -> calls of the runtime (include/pyscript/runtime_modules.def), and
// the module's state for them: its hidden random.Random, its argv, its recursion limit.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

namespace {

constexpr const char* kPyRandomSymbol = "pyscript.pyrandom";
constexpr const char* kSysSymbol = "pyscript.sys";
constexpr const char* kRecursionLimitSymbol = "pyscript.sys.recursionlimit";

llvm::GlobalVariable* define_global(llvm::Module& module, const char* name, llvm::Type* t,
                                    llvm::Constant* init, bool define) {
  if (llvm::GlobalVariable* g = module.getGlobalVariable(name)) return g;
  auto* g = new llvm::GlobalVariable(module, t, false, llvm::GlobalValue::ExternalLinkage,
                                     define ? init : nullptr, name);
  g->setAlignment(llvm::Align(16));
  return g;
}

llvm::GlobalVariable* words_global(llvm::Module& module, const char* name, uint64_t words,
                                   bool define) {
  llvm::Type* t = llvm::ArrayType::get(llvm::Type::getInt64Ty(module.getContext()), words);
  return define_global(module, name, t, llvm::Constant::getNullValue(t), define);
}

llvm::GlobalVariable* limit_global(llvm::Module& module, bool define) {
  llvm::Type* i32 = llvm::Type::getInt32Ty(module.getContext());
  return define_global(module, kRecursionLimitSymbol, i32,
                       llvm::ConstantInt::get(i32, PYRT_RECURSION_LIMIT), define);
}

int32_t py_random_code(const std::string& fn) {
  if (fn == "random") return PYRT_PYRANDOM_RANDOM;
  if (fn == "uniform") return PYRT_PYRANDOM_UNIFORM;
  if (fn == "gauss") return PYRT_PYRANDOM_GAUSS;
  if (fn == "randrange") return PYRT_PYRANDOM_RANDRANGE;
  if (fn == "randint") return PYRT_PYRANDOM_RANDINT;
  if (fn == "choice") return PYRT_PYRANDOM_CHOICE;
  PYSCRIPT_UNREACHABLE("codegen: random." + fn);
}

bool sets_limit(const ir::Block& block) {
  for (const ir::Node* n : block.nodes()) {
    if (n->kind() == OpKind::SysSetRecursionLimit) return true;
    for (size_t b = 0; b < n->blocks().size(); ++b)
      if (sets_limit(*n->block(b))) return true;
  }
  return false;
}

} // namespace

// Note [The recursion limit]
// CPython's limit is the interpreter's, 1000 until sys.setrecursionlimit changes it. Here it is
// the module's: a global of its own, read where a frame is counted (Note [Recursion depth] in
// emit_function.cpp) when the module being emitted calls sys.setrecursionlimit anywhere; code of
// modules that never call it compares with the constant 1000, which LLVM folds into the count.
void define_module_state(llvm::Module& module, bool define) {
  words_global(module, kPyRandomSymbol, PYRT_PY_RANDOM_WORDS, define);
  words_global(module, kSysSymbol, PYRT_SYS_WORDS, define);
  limit_global(module, define);
}

bool FunctionEmitter::module_sets_recursion_limit() {
  if (!sets_recursion_limit_) {
    bool found = false;
    for (const auto& f : ir_module_.functions)
      found = found || sets_limit(*f->graph->top());
    sets_recursion_limit_ = found;
  }
  return *sets_recursion_limit_;
}

llvm::Value* FunctionEmitter::recursion_limit() {
  if (!module_sets_recursion_limit()) return builder_.getInt32(PYRT_RECURSION_LIMIT);
  return builder_.CreateLoad(builder_.getInt32Ty(), limit_global(module_, false),
                             "recursion.limit");
}

// Past CPython's default limit, in a module that raises it: RecursionError where the thread's
// native stack would overflow (pyscript's own limit) instead of a crash. Below 1000 frames the
// stack holds.
void FunctionEmitter::stack_guard(llvm::Value* site) {
  if (!module_sets_recursion_limit()) return;
  llvm::IRBuilder<>& b = builder_;
  llvm::BasicBlock* slow = llvm::BasicBlock::Create(context_, "deep", function_);
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(context_, "shallow", function_);
  b.CreateCondBr(b.CreateICmpSGT(frames_here_, b.getInt32(PYRT_RECURSION_LIMIT)), slow, ok);
  b.SetInsertPoint(slow);
  llvm::Value* full = b.CreateCall(PYRT(pyrt_stack_exhausted), {ctx_, site});
  b.CreateCondBr(b.CreateICmpNE(full, b.getInt32(0)), failure_exit(), ok);
  b.SetInsertPoint(ok);
}

bool FunctionEmitter::emit_module_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto in = [&](size_t i) { return value(n.input(i)); };
  switch (n.kind()) {
  case OpKind::PyRandomSeed: {
    llvm::Value* seed = n.inputs().empty() ? b.getInt64(0) : in(0);
    b.CreateCall(PYRT(pyrt_pyrandom_seed),
                 {words_global(module_, kPyRandomSymbol, PYRT_PY_RANDOM_WORDS, false), seed,
                  b.getInt32(n.inputs().empty() ? 0 : 1)});
    return true;
  }
  case OpKind::PyRandomDraw: {
    llvm::Value* state = words_global(module_, kPyRandomSymbol, PYRT_PY_RANDOM_WORDS, false);
    const std::string& fn = n.str_attr("fn");
    llvm::Value* code = b.getInt32(uint32_t(py_random_code(fn)));
    if (n.output()->type().is(TypeKind::Float)) {
      llvm::Value* zero = llvm::ConstantFP::get(b.getDoubleTy(), 0.0);
      bind(n.output(), b.CreateCall(PYRT(pyrt_pyrandom_float),
                                    {state, code, n.inputs().size() > 0 ? in(0) : zero,
                                     n.inputs().size() > 1 ? in(1) : zero}));
      return true;
    }
    const ir::AttrValue* has_stop = n.attr("has_stop");
    bool stop = has_stop && std::holds_alternative<bool>(*has_stop) && std::get<bool>(*has_stop);
    std::vector<llvm::Value*> args{state, code};
    for (size_t i = 0; i < 3; ++i)
      args.push_back(i < n.inputs().size() ? in(i) : b.getInt64(0));
    args.push_back(b.getInt32(stop ? 1 : 0));
    bind(n.output(), checked_call(n, PYRT(pyrt_pyrandom_int), args));
    return true;
  }
  case OpKind::PyRandomShuffle:
    b.CreateCall(PYRT(pyrt_pyrandom_shuffle),
                 {words_global(module_, kPyRandomSymbol, PYRT_PY_RANDOM_WORDS, false), in(0)});
    return true;
  case OpKind::SysArgv:
    bind(n.output(), checked_call(n, PYRT(pyrt_sys_argv),
                                  {words_global(module_, kSysSymbol, PYRT_SYS_WORDS, false),
                                   type_info(n.output()->type())}));
    return true;
  case OpKind::SysExit: {
    bool message = n.input(0)->type().is(TypeKind::Str);
    llvm::Value* null = llvm::ConstantPointerNull::get(b.getPtrTy());
    checked_call(n, PYRT(pyrt_sys_exit), {message ? b.getInt64(0) : in(0), message ? in(0) : null});
    return true;
  }
  case OpKind::SysSetRecursionLimit: {
    // CPython's depth here: the frames active and the call of setrecursionlimit itself.
    llvm::Value* frames =
        frames_here_ ? frames_here_ : b.CreateAdd(function_->getArg(1), b.getInt32(1));
    int64_t extra = 1;
    if (const ir::AttrValue* inlined = n.attr("frames")) extra += std::get<int64_t>(*inlined);
    llvm::Value* depth = b.CreateAdd(frames, b.getInt32(uint32_t(extra)));
    checked_call(n, PYRT(pyrt_sys_setrecursionlimit), {limit_global(module_, false), in(0), depth});
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
