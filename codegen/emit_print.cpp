// print(...) -> runtime calls, one per value, with sep between and end after.
#include "codegen/emitter.hpp"

#include "support/internal_error.hpp"

namespace pyscript::codegen {

using ir::TypeKind;

void FunctionEmitter::print_value(llvm::Value* v, const ir::Type& t, bool in_container) {
  llvm::IRBuilder<>& b = builder_;
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  auto call = [&](const char* name, llvm::Type* arg, llvm::Value* value) {
    b.CreateCall(runtime(name, b.getVoidTy(), {ptr, arg}), {ctx_, value});
  };
  switch (t.kind()) {
  case TypeKind::Int: call("pyrt_print_int", b.getInt64Ty(), v); return;
  case TypeKind::Float: call("pyrt_print_float", b.getDoubleTy(), v); return;
  case TypeKind::Bool: call("pyrt_print_bool", b.getInt8Ty(), b.CreateZExt(v, b.getInt8Ty())); return;
  case TypeKind::None:
    b.CreateCall(runtime("pyrt_print_none", b.getVoidTy(), {ptr}), {ctx_});
    return;
  case TypeKind::Str: call(in_container ? "pyrt_print_str_repr" : "pyrt_print_str", ptr, v); return;
  case TypeKind::Array:
    if (t.is_numpy_scalar()) {
      // numpy 1.24 prints np.float64 and np.int64 as Python prints float and int.
      if (t.dtype() == ir::DType::Float64) return print_value(v, ir::Type::float_(), false);
      if (t.dtype() == ir::DType::Int64) return print_value(v, ir::Type::int_(), false);
      if (t.dtype() == ir::DType::Bool) return print_value(v, ir::Type::bool_(), false);
      llvm::Value* box = box_scalar(v, t.dtype()); // float32's shortest digits: the runtime's
      call("pyrt_print_array", ptr, box);
      b.CreateCall(runtime("pyrt_array_release", b.getVoidTy(), {ptr}), {box});
      return;
    }
    call(in_container ? "pyrt_print_array_repr" : "pyrt_print_array", ptr, v);
    return;
  case TypeKind::Tuple: {
    call("pyrt_print_str", ptr, c_string("("));
    for (size_t i = 0; i < t.elements().size(); ++i) {
      if (i) call("pyrt_print_str", ptr, c_string(", "));
      print_value(b.CreateExtractValue(v, {unsigned(i)}), t.elements()[i], true);
    }
    call("pyrt_print_str", ptr, c_string(t.elements().size() == 1 ? ",)" : ")"));
    return;
  }
  default: PYSCRIPT_UNREACHABLE("codegen: print of " + t.to_string());
  }
}

// An f-string field (lower/lower_fstring.cpp): str(v), repr(v) (!r), or format(v, spec), whose
// spec lowering checked against v's type (an int, a float or a str by then).
void FunctionEmitter::emit_print_format(const ir::Node& n) {
  check_depth(n, 2);
  const ir::Value* in = n.input(0);
  llvm::Value* v = value(in);
  const std::string& spec = n.str_attr("spec");
  if (spec.empty()) return print_value(v, in->type(), /*in_container=*/n.str_attr("conversion") == "r");
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  llvm::Type* arg = type(in->type());
  const char* fn = in->type().is(TypeKind::Int)     ? "pyrt_print_format_int"
                   : in->type().is(TypeKind::Float) ? "pyrt_print_format_float"
                                                    : "pyrt_print_format_str";
  PYSCRIPT_ASSERT(in->type().is(TypeKind::Int) || in->type().is(TypeKind::Float) || in->type().is(TypeKind::Str),
                  "codegen: print_format of a " + in->type().to_string());
  builder_.CreateCall(runtime(fn, builder_.getVoidTy(), {ptr, arg, ptr}), {ctx_, v, c_string(spec)});
}

// CPython's print calls sys.stdout.write, and that call counts against the recursion limit too:
// a print made with 999 frames active raises RecursionError (Note [Recursion depth]).
void FunctionEmitter::check_depth(const ir::Node& n, int64_t c_levels) {
  llvm::Value* frames = frames_here_ ? frames_here_ : builder_.CreateAdd(function_->getArg(1), builder_.getInt32(1));
  // Note [Frames of inlined calls]: the frames of the inlined functions around this print.
  int64_t extra = c_levels;
  if (const ir::AttrValue* inlined = n.attr("frames")) extra += std::get<int64_t>(*inlined);
  raise_if(builder_.CreateICmpSGT(builder_.CreateAdd(frames, builder_.getInt32(uint32_t(extra))), builder_.getInt32(PYRT_RECURSION_LIMIT)),
           PYRT_RECURSION, n);
}

void FunctionEmitter::emit_print(const ir::Node& n) {
  check_depth(n, 2);
  llvm::Type* ptr = llvm::PointerType::getUnqual(context_);
  // Known text (sep, end, string constants) with its length: it may hold NUL characters.
  auto text = [&](const std::string& s) {
    if (!s.empty())
      builder_.CreateCall(runtime("pyrt_print_bytes", builder_.getVoidTy(), {ptr, ptr, builder_.getInt64Ty()}),
                          {ctx_, c_string(s), builder_.getInt64(s.size())});
  };
  for (size_t i = 0; i < n.inputs().size(); ++i) {
    if (i) text(n.str_attr("sep"));
    const ir::Node* p = n.input(i)->producer();
    if (n.input(i)->type().is(TypeKind::Str) && p && p->kind() == ir::OpKind::Constant) {
      text(p->str_attr("value"));
      continue;
    }
    print_value(value(n.input(i)), n.input(i)->type(), false);
  }
  text(n.str_attr("end"));
}

} // namespace pyscript::codegen
