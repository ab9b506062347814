#include "codegen/osr.hpp"

#include "support/internal_error.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/SSAUpdater.h>

#include <cstdio>
#include <set>

// Note [Loops change tiers]
// A function called once whose loop runs for seconds (a program's top level, `main()`) would never
// reach tier 1 by its next call. So each loop of tier-0 code can leave for tier 1 in mid-run:
// - Both tiers are emitted from the same graphs by the same code, so a function's LLVM IR before
//   optimization is the same in both, and loop_sites, run on it in each, finds the same loops in
//   the same order, with the same live values: the function's arguments, the header's phis (the
//   loop-carried values, for the iteration about to start) and the values computed before the
//   loop that the code from the header on uses. A site's name holds a hash of their types, so
//   tiers that disagreed could not be linked (the slot would stay null), never called wrongly.
// - Tier 0 (add_loop_check): the header counts its arrivals in a frame slot; on every 1,024th
//   (a mask in a global, so that tests can make it every one), it loads the site's slot, and when
//   tier 1 has set it, calls it with the live values and returns its result: the rest of the call
//   runs in tier 1, and tier 0's frame only waits to return.
// - Tier 1 (add_loop_entry): a copy of the function with a new entry block that jumps to the
//   header, the live values its parameters: each header phi gets the parameter as its value from
//   the new entry, and each earlier value is rewritten (SSAUpdater) to the parameter on paths from
//   the new entry (an outer loop's next iteration computes its own). The old entry and what only
//   it reaches are deleted; -O3 then optimizes the copy like any function.
// Ownership moves with the call: the values tier 0 passes are the ones its own code would have
// gone on with (references it holds are released by the copy's code, as the original's would have),
// and tier 0 runs nothing after it.

namespace pyscript::codegen {
namespace {

constexpr size_t kMaxSitesPerFunction = 16;

uint64_t fnv(uint64_t h, const std::string& s) {
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}

std::set<const llvm::BasicBlock*> reachable_from(const llvm::BasicBlock* start) {
  std::set<const llvm::BasicBlock*> seen{start};
  std::vector<const llvm::BasicBlock*> work{start};
  while (!work.empty()) {
    const llvm::BasicBlock* b = work.back();
    work.pop_back();
    for (const llvm::BasicBlock* s : llvm::successors(b))
      if (seen.insert(s).second) work.push_back(s);
  }
  return seen;
}

} // namespace

void move_frame_slots(llvm::BasicBlock& from, llvm::BasicBlock& to) {
  for (auto it = from.begin(); it != from.end();) {
    llvm::Instruction& i = *it++;
    if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && llvm::isa<llvm::ConstantInt>(a->getArraySize()))
      a->moveBefore(to, to.end());
  }
}

std::vector<LoopSite> loop_sites(llvm::Function& f) {
  std::vector<LoopSite> out;
  llvm::DominatorTree dominators(f);
  llvm::LoopInfo loops(dominators);
  for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
    if (out.size() == kMaxSitesPerFunction) break;
    LoopSite site;
    site.header = loop->getHeader();
    std::set<const llvm::BasicBlock*> reached = reachable_from(site.header);
    for (const llvm::BasicBlock* b : reached) site.copy_size += b->size();
    for (llvm::Argument& a : f.args()) site.live.push_back(&a);
    for (llvm::PHINode& phi : site.header->phis()) site.live.push_back(&phi);
    for (llvm::BasicBlock& block : f) {
      if (loop->contains(&block) || !dominators.dominates(&block, site.header)) continue;
      for (llvm::Instruction& i : block) {
        if (i.getType()->isVoidTy() || i.getType()->isTokenTy() || llvm::isa<llvm::AllocaInst>(i)) continue;
        bool used_later = false;
        for (const llvm::User* user : i.users())
          used_later = used_later || reached.count(llvm::cast<llvm::Instruction>(user)->getParent());
        if (used_later) site.live.push_back(&i);
      }
    }
    uint64_t hash = 0xcbf29ce484222325ull;
    for (llvm::Value* v : site.live) {
      std::string type;
      llvm::raw_string_ostream os(type);
      v->getType()->print(os);
      hash = fnv(hash, os.str() + ";");
    }
    char hex[20];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    site.name = f.getName().str() + "#loop" + std::to_string(out.size()) + "#" + hex;
    out.push_back(std::move(site));
  }
  return out;
}

namespace {

// The type of a site's tier-1 entry: the function's result, from the live values.
llvm::FunctionType* entry_type(llvm::Function& f, const LoopSite& site) {
  std::vector<llvm::Type*> types;
  for (llvm::Value* v : site.live) types.push_back(v->getType());
  return llvm::FunctionType::get(f.getReturnType(), types, false);
}

} // namespace

void forward_when_set(llvm::IRBuilder<>& b, llvm::GlobalVariable& slot, llvm::BasicBlock* otherwise,
                      llvm::FunctionType* type, llvm::ArrayRef<llvm::Value*> args, llvm::CallingConv::ID cc) {
  llvm::Function* f = b.GetInsertBlock()->getParent();
  auto* forward = llvm::BasicBlock::Create(f->getContext(), "tier.forward", f, otherwise);
  llvm::LoadInst* target = b.CreateAlignedLoad(b.getPtrTy(), &slot, llvm::Align(8), "tier.target");
  target->setAtomic(llvm::AtomicOrdering::Acquire);
  b.CreateCondBr(b.CreateIsNotNull(target), forward, otherwise);
  b.SetInsertPoint(forward);
  llvm::CallInst* call = b.CreateCall(type, target, args);
  call->setCallingConv(cc);
  if (type->getReturnType()->isVoidTy()) b.CreateRetVoid();
  else b.CreateRet(call);
}

void add_loop_check(llvm::Function& f, const LoopSite& site, llvm::GlobalVariable& slot, llvm::GlobalVariable& mask) {
  llvm::IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
  llvm::AllocaInst* count = b.CreateAlloca(b.getInt32Ty(), nullptr, "osr.count");
  b.CreateStore(b.getInt32(0), count);
  llvm::BasicBlock* header = site.header;
  llvm::BasicBlock* rest = llvm::SplitBlock(header, header->getFirstNonPHI());
  header->getTerminator()->eraseFromParent();
  auto* load_slot = llvm::BasicBlock::Create(f.getContext(), "osr.slot", &f, rest);
  b.SetInsertPoint(header);
  llvm::Value* n = b.CreateAdd(b.CreateLoad(b.getInt32Ty(), count), b.getInt32(1));
  b.CreateStore(n, count);
  llvm::Value* every = b.CreateLoad(b.getInt32Ty(), &mask);
  b.CreateCondBr(b.CreateICmpEQ(b.CreateAnd(n, every), b.getInt32(0)), load_slot, rest);
  b.SetInsertPoint(load_slot);
  forward_when_set(b, slot, rest, entry_type(f, site), site.live, llvm::CallingConv::C);
}

void add_loop_entry(llvm::Function& f, const LoopSite& site, const std::string& symbol) {
  llvm::Module& module = *f.getParent();
  llvm::FunctionType* type = entry_type(f, site);
  llvm::Function* g = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, symbol, module);
  llvm::ValueToValueMapTy map;
  for (unsigned i = 0; i < f.arg_size(); ++i) map[f.getArg(i)] = g->getArg(i);
  llvm::SmallVector<llvm::ReturnInst*, 8> returns;
  llvm::CloneFunctionInto(g, &f, map, llvm::CloneFunctionChangeType::LocalChangesOnly, returns);
  g->setLinkage(llvm::GlobalValue::ExternalLinkage);
  g->setCallingConv(llvm::CallingConv::C);
  g->removeFnAttr(llvm::Attribute::AlwaysInline);
  llvm::LLVMContext& context = module.getContext();
  llvm::BasicBlock* old_entry = &g->getEntryBlock();
  auto* entry = llvm::BasicBlock::Create(context, "osr.entry", g, old_entry);
  move_frame_slots(*old_entry, *entry);
  auto* header = llvm::cast<llvm::BasicBlock>(map[site.header]);
  llvm::BranchInst::Create(header, entry);
  for (size_t k = f.arg_size(); k < site.live.size(); ++k) {
    llvm::Value* param = g->getArg(unsigned(k));
    if (auto* phi = llvm::dyn_cast<llvm::PHINode>(site.live[k]); phi && phi->getParent() == site.header) {
      llvm::cast<llvm::PHINode>(map[phi])->addIncoming(param, entry);
      continue;
    }
    auto* copy = llvm::cast<llvm::Instruction>(map[site.live[k]]);
    llvm::SSAUpdater update;
    update.Initialize(copy->getType(), copy->getName());
    update.AddAvailableValue(copy->getParent(), copy);
    update.AddAvailableValue(entry, param);
    for (llvm::Use& use : llvm::make_early_inc_range(copy->uses())) {
      auto* user = llvm::cast<llvm::Instruction>(use.getUser());
      if (user->getParent() == copy->getParent() && !llvm::isa<llvm::PHINode>(user)) continue;
      update.RewriteUse(use);
    }
  }
  llvm::removeUnreachableBlocks(*g);
  // Phis of blocks that lost predecessors to the deleted code may be left with one value.
  std::string problems;
  llvm::raw_string_ostream os(problems);
  PYSCRIPT_ASSERT(!llvm::verifyFunction(*g, &os), "codegen: a loop's tier-1 entry is invalid: " + problems);
}

} // namespace pyscript::codegen
