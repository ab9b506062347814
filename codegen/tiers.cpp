#include "codegen/tiers.hpp"

#include "codegen/optimize.hpp"

#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/TargetParser/Triple.h>

#include <cstring>
#include <set>

// Note [Two tiers for recursive functions]
// A recursive function's work has no bound the compiler can see, so a cold `pyscript run` gave it
// the whole of -O3, where UnrollRecursionPass inlines it into itself (Note [Unrolling recursion]):
// fib's body grows to 459 lines of LLVM IR, and -O3 and code generation cost 31 ms for a program
// that then runs for 30 microseconds (conformance/scalar/recursion.py: 3.3x python3's whole
// process). A recursive function is re-entered all the time, so it can change tiers at its next
// call: no on-stack replacement is needed, which is why only such functions get two tiers.
// - Tier 0: when the top level runs unoptimized (Note [Cold functions]: its own loops bounded, to
//   100,000 iterations, calls of recursive functions in them allowed) and every function left
//   to optimize is recursive, or reached only from recursive functions (their helpers, their fused
//   kernels), the module is compiled without optimization, as a module that runs once is (fast
//   instruction selection: about 2 ms), and runs at once. Each recursive body starts with a load of
//   its slot (tiered_bodies, add_tier_slots): while the slot is null it goes on unoptimized.
// - Tier 1: the same functions are compiled at -O3 on another thread (api/tier_up.cpp), as a module
//   of their own that declares the module's globals and exports one function per body
//   (keep_tier_one). Once it is linked, each slot is set (a release store; the load is an acquire),
//   and the next call of an unoptimized body goes to its optimized copy, whose own calls stay in
//   tier 1. A call already running unoptimized finishes there; its callees switch.
// Both tiers run the same graph IR, and pyscript emits no fast-math flags or fused multiply-adds,
// so they compute the same values. The exception is the vector math library: LLVM vectorizes a
// loop calling exp or sin with libmvec, whose last bit may differ from libm's, and a switch in the
// middle of a run would make that depend on timing; a module whose tiered code calls such a
// function is not tiered. Loops are not tiered: a function called once whose loop runs for
// seconds would stay unoptimized (there is no on-stack replacement); its code is compiled at -O3
// before the run, as before.

namespace pyscript::codegen {
namespace {

constexpr const char* kSlotPrefix = "pyscript.tier.slot.";
constexpr const char* kOnePrefix = "pyscript.tier.one.";

std::vector<llvm::Function*> direct_callees(llvm::Function& f) {
  std::vector<llvm::Function*> out;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& i : block)
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (llvm::Function* callee = call->getCalledFunction(); callee && !callee->isDeclaration())
          out.push_back(callee);
  return out;
}

} // namespace

bool on_call_cycle(llvm::Function& f) {
  std::set<llvm::Function*> seen;
  std::vector<llvm::Function*> work = direct_callees(f);
  while (!work.empty()) {
    llvm::Function* g = work.back();
    work.pop_back();
    if (g == &f) return true;
    if (!seen.insert(g).second) continue;
    for (llvm::Function* h : direct_callees(*g)) work.push_back(h);
  }
  return false;
}

namespace {

bool ends_with(llvm::StringRef s, llvm::StringRef suffix) { return s.ends_with(suffix); }

// Whether every use of `g` is in an instruction of a function in `set`.
bool used_only_in(const llvm::Function& g, const std::set<const llvm::Function*>& set) {
  for (const llvm::User* user : g.users()) {
    const auto* i = llvm::dyn_cast<llvm::Instruction>(user);
    if (!i || !set.count(i->getFunction())) return false;
  }
  return true;
}

} // namespace

std::string tier_slot_symbol(const std::string& body) { return kSlotPrefix + body; }
std::string tier_one_symbol(const std::string& body) { return kOnePrefix + body; }

std::vector<std::string> tiered_bodies(llvm::Module& module) {
  llvm::Function* top = module.getFunction("__main__.body");
  if (!top || top->isDeclaration() || !top->hasFnAttribute(llvm::Attribute::OptimizeNone)) return {};
  std::vector<std::string> bodies;
  std::set<const llvm::Function*> tiered;
  for (llvm::Function& f : module) {
    if (f.isDeclaration() || f.hasFnAttribute(llvm::Attribute::OptimizeNone) || !on_call_cycle(f)) continue;
    if (!ends_with(f.getName(), ".body") || &f == top) return {}; // not a function of the program
    bodies.push_back(f.getName().str());
    tiered.insert(&f);
  }
  if (bodies.empty()) return {};
  // Their helpers: functions used only by tiered code.
  for (bool grew = true; grew;) {
    grew = false;
    for (const llvm::Function& g : module)
      if (!g.isDeclaration() && !g.hasFnAttribute(llvm::Attribute::OptimizeNone) && !tiered.count(&g) &&
          used_only_in(g, tiered)) {
        tiered.insert(&g);
        grew = true;
      }
  }
  llvm::Triple triple(module.getTargetTriple());
  llvm::TargetLibraryInfoImpl library(triple);
  library.addVectorizableFunctionsFromVecLib(llvm::TargetLibraryInfoImpl::LIBMVEC_X86, triple);
  for (const llvm::Function& f : module) {
    if (f.isDeclaration() || f.hasFnAttribute(llvm::Attribute::OptimizeNone)) continue;
    if (!tiered.count(&f)) return {}; // code the top level reaches that needs -O3 now
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& i : block)
        if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function* callee = call->getCalledFunction();
              callee && callee->isDeclaration() && library.isFunctionVectorizable(callee->getName()))
            return {};
  }
  return bodies;
}

void add_tier_slots(llvm::Module& module, const std::vector<std::string>& bodies) {
  llvm::LLVMContext& context = module.getContext();
  llvm::PointerType* ptr = llvm::PointerType::getUnqual(context);
  for (const std::string& name : bodies) {
    llvm::Function* f = module.getFunction(name);
    auto* slot = new llvm::GlobalVariable(module, ptr, false, llvm::GlobalValue::ExternalLinkage,
                                          llvm::ConstantPointerNull::get(ptr), tier_slot_symbol(name));
    slot->setAlignment(llvm::Align(8));
    llvm::BasicBlock* first = &f->getEntryBlock();
    auto* check = llvm::BasicBlock::Create(context, "tier.check", f, first);
    auto* forward = llvm::BasicBlock::Create(context, "tier.one", f, first);
    // The old entry's fixed-size allocas stay in the entry block (static frame slots).
    for (auto it = first->begin(); it != first->end();) {
      llvm::Instruction& i = *it++;
      if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && a->isStaticAlloca()) a->moveBefore(*check, check->end());
    }
    llvm::IRBuilder<> b(check);
    llvm::LoadInst* target = b.CreateAlignedLoad(ptr, slot, llvm::Align(8), "tier.target");
    target->setAtomic(llvm::AtomicOrdering::Acquire);
    b.CreateCondBr(b.CreateIsNotNull(target), forward, first);
    b.SetInsertPoint(forward);
    std::vector<llvm::Value*> args;
    for (llvm::Argument& a : f->args()) args.push_back(&a);
    llvm::CallInst* call = b.CreateCall(f->getFunctionType(), target, args);
    call->setCallingConv(f->getCallingConv());
    call->setTailCall();
    if (f->getReturnType()->isVoidTy()) b.CreateRetVoid();
    else b.CreateRet(call);
  }
}

void keep_tier_one(llvm::Module& module, const std::vector<std::string>& bodies) {
  std::set<std::string> exported;
  for (const std::string& name : bodies) {
    llvm::Function* f = module.getFunction(name);
    auto* one = llvm::Function::Create(f->getFunctionType(), llvm::GlobalValue::ExternalLinkage,
                                       tier_one_symbol(name), module);
    one->addFnAttr(llvm::Attribute::NoUnwind);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(module.getContext(), "entry", one));
    std::vector<llvm::Value*> args;
    for (llvm::Argument& a : one->args()) args.push_back(&a);
    llvm::CallInst* call = b.CreateCall(f, args);
    call->setCallingConv(f->getCallingConv());
    if (f->getReturnType()->isVoidTy()) b.CreateRetVoid();
    else b.CreateRet(call);
    exported.insert(one->getName().str());
  }
  for (llvm::Function& f : module) {
    if (f.isDeclaration() || exported.count(f.getName().str())) continue;
    f.setVisibility(llvm::GlobalValue::DefaultVisibility);
    f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  remove_unused_functions(module);
}

std::vector<std::string> tier_slots_of_object(const std::string& object) {
  std::vector<std::string> out;
  auto file = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(object, "tier 0"));
  if (!file) {
    llvm::consumeError(file.takeError());
    return out;
  }
  for (const llvm::object::SymbolRef& symbol : (*file)->symbols()) {
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (name->starts_with(kSlotPrefix)) out.push_back(name->drop_front(std::strlen(kSlotPrefix)).str());
  }
  return out;
}

} // namespace pyscript::codegen
