#include "codegen/elide_objects.hpp"

#include "pyscript/runtime.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/SROA.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace pyscript::codegen {

// Note [Objects on the stack]
// `p + v * 0.001` with a Vec class makes a temporary Vec that dies in the same iteration. Once the
// methods are inlined, such an object is a pyrt_instance_new call whose result is only read and
// written at constant offsets, compared with null, counted and released: it never escapes (no
// store of the pointer itself, no call but the runtime's counting functions, no phi). This pass
// gives it a stack slot instead: the header stored as pyrt_instance_new writes it (count 1, not
// shared, the class), fields zeroed, and the counting calls removed; SROA then turns the fields
// into registers, and the inline counting (count_object) folds, since the count is known. Only
// classes whose fields hold no references qualify (codegen marks their allocations with
// !pyscript.elidable): freeing such an object releases nothing, so dropping the free is exact.
// One slot per allocation site is enough: without a phi that merges it with something else, no use
// can reach the object of an earlier iteration. (A phi whose incoming values are all the object
// -- loop-closed SSA at a loop's exits, and merges of those on the paths that release it after a
// failure -- is the object itself.)
namespace {

bool is_call_to(const llvm::Instruction* i, const char* name, const llvm::Value* arg0) {
  const auto* call = llvm::dyn_cast<llvm::CallInst>(i);
  if (!call || !call->getCalledFunction() || call->getCalledFunction()->getName() != name)
    return false;
  return call->arg_size() >= 1 && call->getArgOperand(0) == arg0;
}

// The object's addresses: the call, and the phis all of whose incoming values are among them
// (loop-closed SSA at a loop's exits, and the merges of those on the failure paths).
std::vector<llvm::Value*> aliases_of(llvm::Value* call) {
  std::vector<llvm::Value*> aliases{call};
  auto known = [&](llvm::Value* v) {
    return std::find(aliases.begin(), aliases.end(), v) != aliases.end();
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < aliases.size(); ++k)
      for (llvm::User* u : aliases[k]->users()) {
        auto* phi = llvm::dyn_cast<llvm::PHINode>(u);
        if (!phi || known(phi)) continue;
        bool all = true;
        for (llvm::Value* in : phi->incoming_values())
          all = all && known(in);
        if (all) {
          aliases.push_back(phi);
          grew = true;
        }
      }
  }
  return aliases;
}

// Whether every use of `object` (an address in `aliases`, or a constant-offset GEP of one) is a
// load, a store into it, a null test, a counting call or one of the aliases; collects the
// instructions to remove.
bool stays_local(llvm::Value* object, const std::vector<llvm::Value*>& aliases,
                 std::vector<llvm::Instruction*>& counting,
                 std::vector<llvm::ICmpInst*>& null_tests) {
  bool is_alias = std::find(aliases.begin(), aliases.end(), object) != aliases.end();
  for (llvm::User* u : object->users()) {
    auto* i = llvm::dyn_cast<llvm::Instruction>(u);
    if (!i) return false;
    if (llvm::isa<llvm::PHINode>(i)) {
      if (!is_alias || std::find(aliases.begin(), aliases.end(), i) == aliases.end()) return false;
      continue; // checked as an alias of its own
    }
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(i)) {
      if (load->isVolatile()) return false;
      continue;
    }
    if (auto* store = llvm::dyn_cast<llvm::StoreInst>(i)) {
      if (store->getValueOperand() == object || store->isVolatile()) return false;
      continue;
    }
    if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(i)) {
      if (gep->getPointerOperand() != object || !gep->hasAllConstantIndices()) return false;
      if (!stays_local(gep, aliases, counting, null_tests)) return false;
      continue;
    }
    if (auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(i)) {
      if (!is_alias || !cmp->isEquality() ||
          !llvm::isa<llvm::ConstantPointerNull>(
              cmp->getOperand(cmp->getOperand(0) == object ? 1 : 0)))
        return false;
      null_tests.push_back(cmp);
      continue;
    }
    if (is_alias &&
        (is_call_to(i, "pyrt_object_release", object) ||
         is_call_to(i, "pyrt_object_retain", object) ||
         is_call_to(i, "pyrt_object_destroy", object))) {
      counting.push_back(i);
      continue;
    }
    return false;
  }
  return true;
}

} // namespace

llvm::PreservedAnalyses ElideObjectsPass::run(llvm::Function& f,
                                              llvm::FunctionAnalysisManager& analyses) {
  std::vector<llvm::CallInst*> candidates;
  for (llvm::BasicBlock& b : f)
    for (llvm::Instruction& i : b)
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i))
        if (call->getMetadata("pyscript.elidable") && call->getCalledFunction() &&
            call->getCalledFunction()->getName() == "pyrt_instance_new")
          candidates.push_back(call);
  bool changed = false;
  const llvm::DataLayout& layout = f.getParent()->getDataLayout();
  for (llvm::CallInst* call : candidates) {
    auto* cls = llvm::dyn_cast<llvm::GlobalVariable>(call->getArgOperand(1));
    if (!cls || !cls->hasInitializer()) continue;
    auto* init = llvm::dyn_cast<llvm::ConstantStruct>(cls->getInitializer());
    if (!init) continue;
    auto* size_c = llvm::dyn_cast<llvm::ConstantInt>(init->getOperand(3)); // pyrt_class::size
    if (!size_c) continue;
    uint64_t size = size_c->getZExtValue();
    std::vector<llvm::Instruction*> counting;
    std::vector<llvm::ICmpInst*> null_tests;
    std::vector<llvm::Value*> aliases = aliases_of(call);
    bool local = true;
    for (llvm::Value* a : aliases)
      local = local && stays_local(a, aliases, counting, null_tests);
    if (!local) continue;
    llvm::LLVMContext& c = f.getContext();
    llvm::IRBuilder<> entry(&f.getEntryBlock(), f.getEntryBlock().getFirstInsertionPt());
    llvm::AllocaInst* slot =
        entry.CreateAlloca(llvm::ArrayType::get(llvm::Type::getInt8Ty(c), size), nullptr, "object");
    slot->setAlignment(llvm::Align(16));
    llvm::IRBuilder<> b(call);
    b.CreateMemSet(slot, b.getInt8(0), size, llvm::MaybeAlign(16));
    b.CreateStore(b.getInt64(1), slot);
    b.CreateStore(b.getInt32(0),
                  b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), slot, offsetof(pyrt_object, shared)));
    b.CreateStore(b.getInt32(PYRT_OBJ_INSTANCE),
                  b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), slot, offsetof(pyrt_object, kind)));
    b.CreateStore(cls,
                  b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), slot, offsetof(pyrt_instance, cls)));
    for (llvm::ICmpInst* cmp : null_tests) {
      cmp->replaceAllUsesWith(b.getInt1(cmp->getPredicate() == llvm::CmpInst::ICMP_NE));
      cmp->eraseFromParent();
    }
    for (llvm::Instruction* i : counting)
      i->eraseFromParent();
    call->replaceAllUsesWith(slot);
    call->eraseFromParent();
    (void)layout;
    changed = true;
  }
  if (!changed) return llvm::PreservedAnalyses::all();
  llvm::FunctionPassManager cleanup;
  cleanup.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  cleanup.addPass(llvm::InstCombinePass());
  cleanup.run(f, analyses);
  return llvm::PreservedAnalyses::none();
}

} // namespace pyscript::codegen
