// print(...) -> runtime calls, one per value, with sep between and end after.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <cstddef>

namespace pyscript::codegen {

using ir::TypeKind;

void FunctionEmitter::print_value(llvm::Value* v, const ir::Type& t, bool in_container) {
  llvm::IRBuilder<>& b = builder_;
  auto call = [&](llvm::FunctionCallee f, llvm::Value* value) { b.CreateCall(f, {ctx_, value}); };
  switch (t.kind()) {
  case TypeKind::Int: call(PYRT(pyrt_print_int), v); return;
  case TypeKind::Float: call(PYRT(pyrt_print_float), v); return;
  case TypeKind::Bool: call(PYRT(pyrt_print_bool), b.CreateZExt(v, b.getInt8Ty())); return;
  case TypeKind::None:
    b.CreateCall(PYRT(pyrt_print_none), {ctx_});
    return;
  case TypeKind::Str:
    if (in_container) call(PYRT(pyrt_print_str_repr), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), v, offsetof(pyrt_str, data)));
    else call(PYRT(pyrt_print_pystr), v);
    return;
  case TypeKind::List:
  case TypeKind::Dict:
  case TypeKind::Set:
  case TypeKind::Object: // inside a container (a top-level object prints its __str__: lower_class.cpp)
    b.CreateCall(PYRT(pyrt_print_value), {ctx_, type_info(t), slot_of(v)});
    return;
  case TypeKind::Optional: {
    if (in_container) {
      b.CreateCall(PYRT(pyrt_print_value), {ctx_, type_info(t), slot_of(v)});
      return;
    }
    llvm::BasicBlock* none = llvm::BasicBlock::Create(context_, "print.none", function_);
    llvm::BasicBlock* some = llvm::BasicBlock::Create(context_, "print.some", function_);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "print.done", function_);
    bool number = t.is_optional_value(); // Note [Optional numbers]
    b.CreateCondBr(optional_is_none(v, t), none, some);
    b.SetInsertPoint(none);
    b.CreateCall(PYRT(pyrt_print_none), {ctx_});
    b.CreateBr(done);
    b.SetInsertPoint(some);
    print_value(number ? b.CreateExtractValue(v, 0) : v, t.elements()[0], false);
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return;
  }
  case TypeKind::Exception: { // str(e), or repr(e) inside a container (Note [Exception objects])
    llvm::Value* text = b.CreateCall(PYRT(pyrt_exception_str), {v, b.getInt32(in_container ? 1 : 0)});
    call(PYRT(pyrt_print_pystr), text);
    b.CreateCall(PYRT(pyrt_object_release), {text});
    return;
  }
  case TypeKind::Array:
    if (t.is_numpy_scalar()) {
      // numpy 1.24 prints np.float64 and np.int64 as Python prints float and int.
      if (t.dtype() == ir::DType::Float64) return print_value(v, ir::Type::float_(), false);
      if (t.dtype() == ir::DType::Int64) return print_value(v, ir::Type::int_(), false);
      if (t.dtype() == ir::DType::Bool) return print_value(v, ir::Type::bool_(), false);
      llvm::Value* box = box_scalar(v, t.dtype()); // float32's shortest digits: the runtime's
      call(PYRT(pyrt_print_array), box);
      b.CreateCall(PYRT(pyrt_array_release), {box});
      return;
    }
    call(in_container ? PYRT(pyrt_print_array_repr) : PYRT(pyrt_print_array), v);
    return;
  case TypeKind::Tuple: {
    call(PYRT(pyrt_print_str), c_string("("));
    for (size_t i = 0; i < t.elements().size(); ++i) {
      if (i) call(PYRT(pyrt_print_str), c_string(", "));
      print_value(b.CreateExtractValue(v, {unsigned(i)}), t.elements()[i], true);
    }
    call(PYRT(pyrt_print_str), c_string(t.elements().size() == 1 ? ",)" : ")"));
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
  llvm::FunctionCallee fn = in->type().is(TypeKind::Int)     ? PYRT(pyrt_print_format_int)
                            : in->type().is(TypeKind::Float) ? PYRT(pyrt_print_format_float)
                                                             : PYRT(pyrt_print_format_str);
  PYSCRIPT_ASSERT(in->type().is(TypeKind::Int) || in->type().is(TypeKind::Float) || in->type().is(TypeKind::Str),
                  "codegen: print_format of a " + in->type().to_string());
  if (in->type().is(TypeKind::Str))
    v = builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), v, offsetof(pyrt_str, data));
  builder_.CreateCall(fn, {ctx_, v, c_string(spec)});
}

// CPython's print calls sys.stdout.write, and that call counts against the recursion limit too:
// a print made with 999 frames active raises RecursionError (Note [Recursion depth]).
void FunctionEmitter::check_depth(const ir::Node& n, int64_t c_levels) {
  llvm::Value* frames = frames_here_ ? frames_here_ : builder_.CreateAdd(function_->getArg(1), builder_.getInt32(1));
  // Note [Frames of inlined calls]: the frames of the inlined functions around this print.
  int64_t extra = c_levels;
  if (const ir::AttrValue* inlined = n.attr("frames")) extra += std::get<int64_t>(*inlined);
  raise_if(builder_.CreateICmpSGT(builder_.CreateAdd(frames, builder_.getInt32(uint32_t(extra))), recursion_limit()),
           PYRT_RECURSION, n);
}

void FunctionEmitter::emit_print(const ir::Node& n) {
  check_depth(n, 2);
  // Known text (sep, end, string constants) with its length: it may hold NUL characters.
  auto text = [&](const std::string& s) {
    if (!s.empty())
      builder_.CreateCall(PYRT(pyrt_print_bytes),
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
