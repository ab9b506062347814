// numpy's random ops -> calls of the runtime (include/pyscript/runtime_random.h), and the module's
// legacy RandomState: one zeroed global per module (Note [Random state] in runtime/random_api.cpp).
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

namespace {

constexpr const char* kLegacyStateSymbol = "pyscript.random.legacy";

int32_t random_fn_code(const std::string& fn) {
  if (fn == "random") return PYRT_RANDOM_SAMPLE;
  if (fn == "standard_normal") return PYRT_RANDOM_STANDARD_NORMAL;
  if (fn == "normal") return PYRT_RANDOM_NORMAL;
  if (fn == "uniform") return PYRT_RANDOM_UNIFORM;
  if (fn == "integers") return PYRT_RANDOM_INTEGERS;
  if (fn == "choice") return PYRT_RANDOM_CHOICE;
  if (fn == "permutation") return PYRT_RANDOM_PERMUTATION;
  PYSCRIPT_UNREACHABLE("codegen: random function " + fn);
}

bool bool_attr(const ir::Node& n, const char* name) {
  const ir::AttrValue* v = n.attr(name);
  return v && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
}

} // namespace

llvm::GlobalVariable* define_random_state(llvm::Module& module, bool define) {
  if (llvm::GlobalVariable* g = module.getGlobalVariable(kLegacyStateSymbol)) return g;
  llvm::Type* t =
      llvm::ArrayType::get(llvm::Type::getInt64Ty(module.getContext()), PYRT_RANDOM_LEGACY_WORDS);
  auto* g = new llvm::GlobalVariable(module, t, false, llvm::GlobalValue::ExternalLinkage,
                                     define ? llvm::Constant::getNullValue(t) : nullptr,
                                     kLegacyStateSymbol);
  g->setAlignment(llvm::Align(16));
  return g;
}

bool FunctionEmitter::emit_random_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  switch (n.kind()) {
  case OpKind::RandomSeed: {
    llvm::Value* has = b.getInt32(n.inputs().empty() ? 0 : 1);
    llvm::Value* seed = n.inputs().empty() ? b.getInt64(0) : value(n.input(0));
    checked_call(n, PYRT(pyrt_random_seed),
                 {define_random_state(module_, false), seed, has});
    return true;
  }
  case OpKind::RandomNew: {
    llvm::Value* has = b.getInt32(n.inputs().empty() ? 0 : 1);
    llvm::Value* seed = n.inputs().empty() ? b.getInt64(0) : value(n.input(0));
    bind(n.output(), checked_call(n, PYRT(pyrt_generator_new), {seed, has}));
    return true;
  }
  case OpKind::RandomDraw:
    emit_random_draw(n);
    return true;
  default:
    return false;
  }
}

// Note [Random draws] in ir/verify_random.cpp: the operands, and the runtime call per result type.
void FunctionEmitter::emit_random_draw(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* i64 = b.getInt64Ty();
  llvm::Type* f64 = b.getDoubleTy();
  llvm::Value* null = llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(context_));
  const std::string& fn = n.str_attr("fn");
  bool legacy = bool_attr(n, "legacy");
  size_t first = legacy ? 0 : 1;
  size_t params = size_t(n.int_attr("params"));
  auto param = [&](size_t i) { return n.input(first + i); };
  llvm::Value* state =
      legacy ? static_cast<llvm::Value*>(define_random_state(module_, false)) : null;
  llvm::Value* generator = legacy ? null : value(n.input(0));

  llvm::Value* fp = null;
  std::vector<llvm::Value*> ints;
  llvm::Value* population = null;
  llvm::Value* p = null;
  // An int operand, or the array it may be instead (then the int slot holds 0).
  auto int_or_array = [&](const ir::Value* v) {
    if (v->type().is(TypeKind::Array)) {
      population = value(v);
      return static_cast<llvm::Value*>(b.getInt64(0));
    }
    return value(v);
  };
  if (fn == "normal" || fn == "uniform") {
    fp = stack_array(f64, {value(param(0)), value(param(1))});
  } else if (fn == "integers") {
    bool has_high = params == 2;
    ints = {value(param(0)), has_high ? value(param(1)) : b.getInt64(0),
            b.getInt64(has_high ? 1 : 0), b.getInt64(bool_attr(n, "endpoint") ? 1 : 0)};
  } else if (fn == "choice") {
    ints = {int_or_array(param(0)), b.getInt64(bool_attr(n, "replace") ? 1 : 0),
            b.getInt64(bool_attr(n, "shuffle") ? 1 : 0)};
    if (params == 2) p = value(param(1));
  } else if (fn == "permutation") {
    ints = {int_or_array(param(0))};
  }
  llvm::Value* ip = ints.empty() ? null : stack_array(i64, ints);
  llvm::Value* code = b.getInt32(uint32_t(random_fn_code(fn)));

  const ir::Type& out = n.output()->type();
  if (out.is(TypeKind::Float)) {
    const ir::AttrValue* dtype = n.attr("dtype");
    bool f32 = dtype && std::holds_alternative<std::string>(*dtype) &&
               std::get<std::string>(*dtype) == "float32";
    bind(n.output(),
         checked_call(n, PYRT(pyrt_random_f64),
                      {state, generator, code, fp, b.getInt32(f32 ? PYRT_F32 : PYRT_F64)}));
    return;
  }
  if (out.is(TypeKind::Int)) {
    bind(n.output(), checked_call(n, PYRT(pyrt_random_i64),
                                  {state, generator, code, ip, p}));
    return;
  }
  PYSCRIPT_ASSERT(out.is(TypeKind::Array), "codegen: random_draw gives " + out.to_string());
  std::vector<llvm::Value*> dims;
  for (size_t i = first + params; i < n.inputs().size(); ++i)
    dims.push_back(value(n.input(i)));
  llvm::Value* shape = stack_array(i64, dims);
  llvm::Value* array =
      checked_call(n, PYRT(pyrt_random_array),
                   {state, generator, code, fp, ip, population, p,
                    b.getInt32(uint32_t(runtime_dtype(out.dtype()))),
                    b.getInt32(uint32_t(dims.size())), shape});
  if (out.rank() > 0) return bind(n.output(), array);
  // A numpy scalar (np.int64 of rng.integers(5), an element of choice) is a register (Note [Numpy
  // scalars are registers] in emit_numpy_scalars.cpp): the 0-d result is loaded and released.
  bind(n.output(), load_scalar(array, out.dtype()));
  b.CreateCall(PYRT(pyrt_array_release), {array});
}

} // namespace pyscript::codegen
