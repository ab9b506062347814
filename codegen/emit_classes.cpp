// Instances of user classes (Note [Objects] in lower/classes.hpp;
// include/pyscript/runtime_objects.h): class descriptors, construction, field reads and writes
// inline, class ids, casts.
#include "codegen/emitter.hpp"
#include "codegen/runtime_callee.hpp"

#include "support/internal_error.hpp"

#include <cstddef>

namespace pyscript::codegen {

using ir::OpKind;
using ir::TypeKind;

// The LLVM struct of an instance of `cls`: the pyrt_instance header, then the fields.
llvm::StructType* FunctionEmitter::instance_type(const ir::ClassLayout& cls) {
  std::vector<llvm::Type*> parts{builder_.getInt64Ty(), builder_.getInt32Ty(),
                                 builder_.getInt32Ty(), builder_.getPtrTy()};
  for (const auto& [name, t] : cls.fields)
    parts.push_back(type(t.is(TypeKind::Unknown) ? ir::Type::none() : t));
  return llvm::StructType::get(context_, parts);
}

llvm::Value* FunctionEmitter::optional_is_none(llvm::Value* v, const ir::Type& t) {
  return t.is_optional_value() ? builder_.CreateNot(builder_.CreateExtractValue(v, 1)) : builder_.CreateIsNull(v);
}

const ir::ClassLayout& FunctionEmitter::class_layout(const ir::Type& t) {
  const ir::Type& object = t.is(TypeKind::Optional) ? t.elements()[0] : t;
  const ir::ClassLayout* cls = ir_module_.find_class(object.class_name());
  PYSCRIPT_ASSERT(cls, "codegen: no layout for class " + object.to_string());
  return *cls;
}

// The constant pyrt_class of `cls`, one global per class in the module.
llvm::Value* FunctionEmitter::class_info(const ir::ClassLayout& cls) {
  std::string name = "pyrt.class." + cls.name;
  if (llvm::GlobalVariable* g = module_.getNamedGlobal(name)) return g;
  llvm::Type* i64 = builder_.getInt64Ty();
  llvm::Type* ptr = builder_.getPtrTy();
  const llvm::DataLayout& layout = module_.getDataLayout();
  llvm::StructType* st = instance_type(cls);
  const llvm::StructLayout* sl = layout.getStructLayout(st);
  std::vector<llvm::Constant*> fields, offsets;
  for (size_t i = 0; i < cls.fields.size(); ++i) {
    const ir::Type& t = cls.fields[i].second;
    fields.push_back(
        llvm::cast<llvm::Constant>(type_info(t.is(TypeKind::Unknown) ? ir::Type::none() : t)));
    offsets.push_back(builder_.getInt64(sl->getElementOffset(unsigned(i + 4))));
  }
  auto array_of = [&](llvm::Type* element, const std::vector<llvm::Constant*>& items,
                      const char* suffix) -> llvm::Constant* {
    if (items.empty()) return llvm::ConstantPointerNull::get(builder_.getPtrTy());
    auto* at = llvm::ArrayType::get(element, items.size());
    return new llvm::GlobalVariable(module_, at, true, llvm::GlobalValue::PrivateLinkage,
                                    llvm::ConstantArray::get(at, items), name + suffix);
  };
  auto method = [&](const std::string& fn) -> llvm::Constant* {
    if (fn.empty()) return llvm::ConstantPointerNull::get(builder_.getPtrTy());
    const ir::Function* f = ir_module_.find(fn);
    if (!f) return llvm::ConstantPointerNull::get(builder_.getPtrTy());
    return declare_function(module_, *f);
  };
  llvm::Constant* class_name = llvm::cast<llvm::Constant>(c_string(cls.name));
  auto* info_type =
      llvm::StructType::get(context_, {ptr, i64, i64, i64, i64, ptr, ptr, ptr, ptr, i64});
  llvm::Constant* init = llvm::ConstantStruct::get(
      info_type,
      {class_name, builder_.getInt64(uint64_t(cls.id)), builder_.getInt64(uint64_t(cls.id_end)),
       builder_.getInt64(layout.getTypeAllocSize(st)), builder_.getInt64(cls.fields.size()),
       array_of(ptr, fields, ".fields"), array_of(i64, offsets, ".offsets"), method(cls.str_method),
       method(cls.repr_method), builder_.getInt64(cls.acyclic ? PYRT_CLASS_ACYCLIC : 0)});
  return new llvm::GlobalVariable(module_, info_type, true, llvm::GlobalValue::LinkOnceODRLinkage,
                                  init, name);
}

// The address of field `field` of `object`, whose static class lays it out.
llvm::Value* FunctionEmitter::field_address(llvm::Value* object, const ir::Type& t,
                                            const std::string& field) {
  const ir::ClassLayout& cls = class_layout(t);
  for (size_t i = 0; i < cls.fields.size(); ++i)
    if (cls.fields[i].first == field)
      return builder_.CreateStructGEP(instance_type(cls), object, unsigned(i + 4));
  PYSCRIPT_UNREACHABLE("codegen: class " + cls.name + " has no field " + field);
}

// Note [Fields are typed]
// Loads and stores of fields carry a TBAA tag per field type (`object.field float`, `object.field
// Vec`): a slot holds one static type for its whole life (Note [Objects] in lower/classes.hpp), so
// storing a float field leaves every pointer field as it was, and LLVM keeps `b.vel` in a register
// across `v.x = ...`.
llvm::MDNode* FunctionEmitter::field_tbaa(const ir::Type& t) {
  return tbaa(("object.field " + t.to_string()).c_str());
}

// The declared type of field `field` of the class of `t`.
const ir::Type& FunctionEmitter::field_type(const ir::Type& t, const std::string& field) {
  const ir::ClassLayout& cls = class_layout(t);
  for (const auto& [name, type] : cls.fields)
    if (name == field) return type;
  PYSCRIPT_UNREACHABLE("codegen: class " + cls.name + " has no field " + field);
}

// A new instance of the class `n` (an object_new) makes; `elidable`: it may go on the stack.
llvm::Value* FunctionEmitter::new_object(const ir::Node& n, bool elidable) {
  llvm::IRBuilder<>& b = builder_;
  const ir::ClassLayout& layout = class_layout(n.output()->type());
  llvm::Value* cls = class_info(layout);
  llvm::CallInst* o = b.CreateCall(PYRT(pyrt_instance_new), {ctx_, cls, site(n)});
  bool holds_refs = false;
  for (const auto& [name, t] : layout.fields)
    holds_refs |= t.holds_refs();
  if (!holds_refs && elidable)
    o->setMetadata("pyscript.elidable",
                   llvm::MDNode::get(context_, {})); // Note [Objects on the stack]
  return_if(b.CreateIsNull(o));
  // Note [What a new object holds]
  // pyrt_instance_new gives a counted, unshared object whose fields are all zero; the call is
  // opaque to LLVM, so the same values are stored again here. Then what follows folds: the
  // stores of __init__ release no old field value, share nothing, and a count that goes back to
  // zero is seen to (Note [Objects on the stack]).
  b.CreateStore(b.getInt64(1), o)->setMetadata(llvm::LLVMContext::MD_tbaa,
                                               tbaa("object.refcount"));
  b.CreateStore(b.getInt32(0),
                b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), o, offsetof(pyrt_object, shared)))
      ->setMetadata(llvm::LLVMContext::MD_tbaa, tbaa("object.shared"));
  llvm::StructType* st = instance_type(layout);
  for (size_t i = 0; i < layout.fields.size(); ++i) {
    llvm::Type* ft = st->getElementType(unsigned(i + 4));
    b.CreateStore(llvm::Constant::getNullValue(ft), b.CreateStructGEP(st, o, unsigned(i + 4)))
        ->setMetadata(llvm::LLVMContext::MD_tbaa, field_tbaa(layout.fields[i].second));
  }
  return o;
}

// object_new[reuse="f"](t) (Note [Reusing a dropped object] in ir/passes/reuse_objects.cpp): t.f
// when it holds an unshared object of this very class that only t.f counts, else a new object.
llvm::Value* FunctionEmitter::reuse_object(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  const ir::ClassLayout& layout = class_layout(n.output()->type());
  auto* old = b.CreateLoad(b.getPtrTy(),
                           field_address(value(n.input(0)), n.input(0)->type(), n.str_attr("reuse")));
  old->setMetadata(llvm::LLVMContext::MD_tbaa,
                   field_tbaa(field_type(n.input(0)->type(), n.str_attr("reuse"))));
  llvm::BasicBlock* test = llvm::BasicBlock::Create(context_, "reuse.test", function_);
  llvm::BasicBlock* reuse = llvm::BasicBlock::Create(context_, "reuse", function_);
  llvm::BasicBlock* fresh = llvm::BasicBlock::Create(context_, "reuse.fresh", function_);
  llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "reuse.done", function_);
  b.CreateCondBr(b.CreateIsNull(old), fresh, test);
  b.SetInsertPoint(test);
  llvm::Value* count = load_refcount(old);
  llvm::Value* shared = load_shared(old);
  llvm::Value* cls = b.CreateLoad(
      b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), old, offsetof(pyrt_instance, cls)));
  llvm::Value* ok = b.CreateAnd(b.CreateAnd(b.CreateICmpEQ(count, b.getInt64(1)),
                                            b.CreateICmpEQ(shared, b.getInt32(0))),
                                b.CreateICmpEQ(cls, class_info(layout)));
  b.CreateCondBr(ok, reuse, fresh);
  b.SetInsertPoint(reuse);
  // The store into t.f that moves the new object there keeps t.f as it is on this path (its
  // count stays 1); any other use counts the new reference.
  bool stored_by_move = false;
  for (const ir::Use& u : n.output()->uses()) {
    const ir::Node* s = u.user;
    if (s->kind() == OpKind::ObjectCast && s->attr("move") && s->output()->uses().size() == 1)
      s = s->output()->uses()[0].user;
    stored_by_move = stored_by_move ||
                     (s->kind() == OpKind::SetAttr && s->attr("move") && s->input(0) == n.input(0) &&
                      s->str_attr("field") == n.str_attr("reuse"));
  }
  if (!stored_by_move)
    b.CreateStore(b.getInt64(2), old)->setMetadata(llvm::LLVMContext::MD_tbaa,
                                                   tbaa("object.refcount"));
  b.CreateBr(done);
  b.SetInsertPoint(fresh);
  llvm::Value* made = new_object(n, false);
  llvm::BasicBlock* made_at = b.GetInsertBlock();
  b.CreateBr(done);
  b.SetInsertPoint(done);
  llvm::PHINode* o = b.CreatePHI(b.getPtrTy(), 2);
  o->addIncoming(old, reuse);
  o->addIncoming(made, made_at);
  if (stored_by_move) {
    llvm::PHINode* reused = b.CreatePHI(b.getInt1Ty(), 2);
    reused->addIncoming(b.getTrue(), reuse);
    reused->addIncoming(b.getFalse(), made_at);
    reused_[n.output()] = reused;
  }
  return o;
}

bool FunctionEmitter::emit_class_op(const ir::Node& n) {
  llvm::IRBuilder<>& b = builder_;
  auto in = [&](size_t i) { return value(n.input(i)); };
  auto out = [&](llvm::Value* v) { bind(n.output(), v); };
  switch (n.kind()) {
  case OpKind::ObjectNew:
    out(n.inputs().empty() ? new_object(n, true) : reuse_object(n));
    return true;
  case OpKind::GetAttr: {
    const ir::Type& t = n.output()->type();
    auto* v =
        b.CreateLoad(type(t), field_address(in(0), n.input(0)->type(), n.str_attr("field")));
    v->setMetadata(llvm::LLVMContext::MD_tbaa,
                   field_tbaa(field_type(n.input(0)->type(), n.str_attr("field"))));
    if (!n.attr("borrow")) retain_arrays(v, t); // Note [Borrowed references]
    out(v);
    return true;
  }
  case OpKind::SetAttr: {
    const ir::Type& t = n.input(1)->type();
    llvm::Value* at = field_address(in(0), n.input(0)->type(), n.str_attr("field"));
    llvm::BasicBlock* stored = nullptr;
    if (auto r = reused_.find(n.input(1)); r != reused_.end()) {
      // The object t.f held, reused in place (Note [Reusing a dropped object]): t.f holds it.
      llvm::BasicBlock* store = llvm::BasicBlock::Create(context_, "store", function_);
      stored = llvm::BasicBlock::Create(context_, "stored", function_);
      b.CreateCondBr(r->second, stored, store);
      b.SetInsertPoint(store);
    }
    auto* old = b.CreateLoad(type(t), at);
    llvm::MDNode* access = field_tbaa(field_type(n.input(0)->type(), n.str_attr("field")));
    old->setMetadata(llvm::LLVMContext::MD_tbaa, access);
    share_stored(in(0), in(1), t); // Note [Stores into shared containers] in emit_objects.cpp
    if (!n.attr("move")) retain_arrays(in(1), t); // Note [Borrowed references]
    b.CreateStore(in(1), at)->setMetadata(llvm::LLVMContext::MD_tbaa, access);
    release_arrays(old, t);
    if (stored) {
      b.CreateBr(stored);
      b.SetInsertPoint(stored);
    }
    return true;
  }
  case OpKind::ClassId: {
    llvm::Value* cls =
        b.CreateLoad(b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), in(0),
                                                                offsetof(pyrt_instance, cls)));
    out(b.CreateLoad(b.getInt64Ty(),
                     b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), cls, offsetof(pyrt_class, id))));
    return true;
  }
  case OpKind::ObjectCast: {
    const ir::Type& from = n.input(0)->type();
    const ir::Type& to = n.output()->type();
    if (from.is_optional_value() || to.is_optional_value()) { // Note [Optional numbers]
      if (from.is_optional_value()) out(b.CreateExtractValue(in(0), 0)); // the value, known present
      else if (from.is(TypeKind::None)) out(llvm::ConstantAggregateZero::get(type(to)));
      else out(b.CreateInsertValue(b.CreateInsertValue(llvm::UndefValue::get(type(to)), in(0), 0), b.getTrue(), 1));
      return true;
    }
    llvm::Value* v = from.is(TypeKind::None) ? llvm::ConstantPointerNull::get(b.getPtrTy()) : in(0);
    if (!n.attr("borrow") && !n.attr("move")) retain_arrays(v, n.output()->type());
    if (auto r = reused_.find(n.input(0)); r != reused_.end() && n.attr("move"))
      reused_[n.output()] = r->second;
    out(v);
    return true;
  }
  case OpKind::OptionalGet: {
    llvm::Value* v = in(0);
    bool number = n.input(0)->type().is_optional_value();
    llvm::Value* none = optional_is_none(v, n.input(0)->type());
    int32_t kind = n.attr("kind") ? int32_t(n.int_attr("kind")) : int32_t(PYRT_ATTRIBUTE_ERROR);
    fail_if(none, [&] {
      b.CreateCall(PYRT(pyrt_raise_detail), {ctx_, b.getInt32(uint32_t(kind)), site(n),
                                             c_string("%s"), c_string(n.str_attr("message"))});
    });
    if (number) {
      out(b.CreateExtractValue(v, 0));
      return true;
    }
    if (!n.attr("borrow")) retain_arrays(v, n.output()->type()); // Note [Borrowed references]
    out(v);
    return true;
  }
  default:
    return false;
  }
}

} // namespace pyscript::codegen
