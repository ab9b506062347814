#include "codegen/unroll_recursion.hpp"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <algorithm>
#include <set>
#include <vector>

namespace pyscript::codegen {

// Note [Unrolling recursion]
// A call costs more than the work of a small recursive function such as fib, and LLVM inlines no
// function into itself. (gcc -O2 inlines fib into itself several levels deep: the C reference of
// bench/run_scalar.py.) For a small function F that calls itself, this pass
//  1. inlines F into itself, up to three levels deep while it stays small, so that one call does
//     the work of several levels (fib: eight calls' worth); and
//  2. at each self-call left, evaluates the callee's pure prefix in place: the blocks from its
//     entry that only compute and branch (the recursion-limit check, `if n < 2: return n`). Where
//     that prefix returns, no call is made; where it would go on to code with effects, the call
//     is made as before, and the callee computes the prefix again (it has no effects).
// Neither changes what the program does: the frame count is an argument (Note [Entry and body]
// in emit_function.cpp), so inlined and peeled frames are counted and RecursionError comes at
// the same call as before; errors, overflow checks and the order of calls are the callee's own.

namespace {

// F is inlined into itself up to kMaxLevels times, while it stays under kMaxUnrolledInstructions
// (as LLVM counts them after its early simplification; fib: 42, then 122, 282 and 602).
constexpr int kMaxLevels = 3;
constexpr unsigned kMaxUnrolledInstructions = 640;
// At most this many instructions are evaluated in place at each self-call.
constexpr unsigned kMaxPrefixInstructions = 24;

std::vector<llvm::CallInst*> calls_of(llvm::Function& caller, const llvm::Function& callee) {
  std::vector<llvm::CallInst*> calls;
  for (llvm::BasicBlock& block : caller)
    for (llvm::Instruction& i : block)
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i); call && call->getCalledFunction() == &callee)
        calls.push_back(call);
  return calls;
}

bool is_pure(const llvm::Instruction& i) {
  if (llvm::isa<llvm::PHINode>(i)) return true;
  if (llvm::isa<llvm::AllocaInst>(i)) return false;
  if (llvm::isa<llvm::CallBase>(i) && !llvm::isa<llvm::IntrinsicInst>(i)) return false;
  return !i.mayHaveSideEffects() && !i.mayReadFromMemory();
}

// The blocks reachable from the entry through blocks that only compute and branch, in order;
// empty when that part never returns (nothing to gain) or is too large.
std::vector<llvm::BasicBlock*> pure_prefix(llvm::Function& f) {
  std::vector<llvm::BasicBlock*> prefix;
  std::set<llvm::BasicBlock*> seen;
  std::vector<llvm::BasicBlock*> work{&f.getEntryBlock()};
  unsigned size = 0;
  bool returns = false;
  while (!work.empty()) {
    llvm::BasicBlock* block = work.back();
    work.pop_back();
    if (!seen.insert(block).second) continue;
    const llvm::Instruction* end = block->getTerminator();
    bool pure = llvm::isa<llvm::BranchInst>(end) || llvm::isa<llvm::ReturnInst>(end);
    for (const llvm::Instruction& i : *block)
      if (&i != end) pure = pure && is_pure(i);
    if (!pure) continue;
    size += unsigned(block->size());
    if (size > kMaxPrefixInstructions) return {};
    returns = returns || llvm::isa<llvm::ReturnInst>(end);
    prefix.push_back(block);
    for (llvm::BasicBlock* next : llvm::successors(block)) work.push_back(next);
  }
  if (!returns) return {};
  return prefix;
}

// Replaces `call` (to a function whose pristine copy is `source`, with pure prefix `prefix`) by
// that prefix evaluated in place, falling back to the call where the prefix leaves.
void peel_call(llvm::CallInst* call, llvm::Function& source, const std::vector<llvm::BasicBlock*>& prefix) {
  llvm::Function& caller = *call->getFunction();
  llvm::BasicBlock* before = call->getParent();
  llvm::BasicBlock* slow = llvm::SplitBlock(before, call);
  llvm::BasicBlock* after = llvm::SplitBlock(slow, call->getNextNode());
  llvm::PHINode* result = nullptr;
  if (!call->getType()->isVoidTy()) {
    result = llvm::PHINode::Create(call->getType(), 2, "peeled");
    result->insertInto(after, after->begin());
    call->replaceAllUsesWith(result);
    result->addIncoming(call, slow);
  }

  llvm::ValueToValueMapTy map;
  for (unsigned a = 0; a < source.arg_size(); ++a) map[source.getArg(a)] = call->getArgOperand(a);
  std::vector<llvm::BasicBlock*> clones;
  for (llvm::BasicBlock* block : prefix) {
    llvm::BasicBlock* clone = llvm::CloneBasicBlock(block, map, ".peel", &caller);
    map[block] = clone;
    clones.push_back(clone);
  }
  std::set<llvm::BasicBlock*> in_prefix(prefix.begin(), prefix.end());
  for (size_t k = 0; k < clones.size(); ++k) {
    llvm::BasicBlock* clone = clones[k];
    // Incoming edges from outside the prefix do not exist in the copy.
    for (llvm::PHINode& phi : clone->phis())
      for (unsigned in = phi.getNumIncomingValues(); in-- > 0;)
        if (!in_prefix.count(phi.getIncomingBlock(in))) phi.removeIncomingValue(in, false);
    for (llvm::Instruction& i : *clone)
      llvm::RemapInstruction(&i, map, llvm::RF_NoModuleLevelChanges | llvm::RF_IgnoreMissingLocals);
    llvm::Instruction* end = clone->getTerminator();
    if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(end)) {
      if (result) result->addIncoming(ret->getReturnValue(), clone);
      llvm::BranchInst::Create(after, ret->getIterator());
      ret->eraseFromParent();
      continue;
    }
    for (unsigned s = 0; s < end->getNumSuccessors(); ++s)
      if (end->getSuccessor(s)->getParent() != &caller) end->setSuccessor(s, slow);
  }
  before->getTerminator()->setSuccessor(0, clones.front());
}

// The field `index` of aggregate `v` as seen at the end of `block`.
llvm::Value* field_of(llvm::Value* v, unsigned index, llvm::BasicBlock* block) {
  while (auto* insert = llvm::dyn_cast<llvm::InsertValueInst>(v)) {
    if (insert->getIndices()[0] == index) {
      if (insert->getNumIndices() == 1) return insert->getInsertedValueOperand();
      break; // writes inside the field: take the field from this value
    }
    v = insert->getAggregateOperand();
  }
  if (auto* constant = llvm::dyn_cast<llvm::Constant>(v))
    if (llvm::Constant* element = constant->getAggregateElement(index)) return element;
  return llvm::ExtractValueInst::Create(v, {index}, "", block->getTerminator()->getIterator());
}

// A body returns {value, failed} (Note [Entry and body]); inlining and peeling merge such pairs
// in phis, where LLVM does not look inside: `failed` of a path that cannot fail stays unknown.
// A phi of pairs whose users only take fields becomes a phi per field.
void split_pair_phis(llvm::Function& f) {
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<llvm::PHINode*> pairs;
    for (llvm::BasicBlock& block : f)
      for (llvm::PHINode& phi : block.phis())
        if (auto* st = llvm::dyn_cast<llvm::StructType>(phi.getType()); st && !phi.use_empty() &&
            std::all_of(phi.user_begin(), phi.user_end(), [](llvm::User* u) {
              auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(u);
              return extract && extract->getNumIndices() == 1;
            }))
          pairs.push_back(&phi);
    for (llvm::PHINode* pair : pairs) {
      auto* st = llvm::cast<llvm::StructType>(pair->getType());
      std::vector<llvm::PHINode*> fields;
      for (unsigned i = 0; i < st->getNumElements(); ++i) {
        auto* phi = llvm::PHINode::Create(st->getElementType(i), pair->getNumIncomingValues(), "",
                                          pair->getIterator());
        for (unsigned in = 0; in < pair->getNumIncomingValues(); ++in)
          phi->addIncoming(field_of(pair->getIncomingValue(in), i, pair->getIncomingBlock(in)),
                           pair->getIncomingBlock(in));
        fields.push_back(phi);
      }
      for (llvm::User* u : std::vector<llvm::User*>(pair->user_begin(), pair->user_end())) {
        auto* extract = llvm::cast<llvm::ExtractValueInst>(u);
        extract->replaceAllUsesWith(fields[extract->getIndices()[0]]);
        extract->eraseFromParent();
      }
      pair->eraseFromParent();
      changed = true;
    }
  }
}

bool unroll(llvm::Function& f) {
  if (f.isDeclaration()) return false;
  size_t self_calls = calls_of(f, f).size();
  if (self_calls == 0 || (self_calls + 1) * f.getInstructionCount() > kMaxUnrolledInstructions) return false;
  llvm::ValueToValueMapTy map;
  llvm::Function* pristine = llvm::CloneFunction(&f, map);
  for (int level = 0; level < kMaxLevels; ++level) {
    std::vector<llvm::CallInst*> calls = calls_of(f, f);
    if (f.getInstructionCount() + calls.size() * pristine->getInstructionCount() > kMaxUnrolledInstructions) break;
    for (llvm::CallInst* call : calls) {
      call->setCalledFunction(pristine);
      llvm::InlineFunctionInfo info;
      if (!llvm::InlineFunction(*call, info).isSuccess()) call->setCalledFunction(&f);
    }
  }
  std::vector<llvm::BasicBlock*> prefix = pure_prefix(*pristine);
  if (!prefix.empty())
    for (llvm::CallInst* call : calls_of(f, f)) peel_call(call, *pristine, prefix);
  for (llvm::CallInst* call : calls_of(f, *pristine)) call->setCalledFunction(&f); // not inlined
  pristine->eraseFromParent();
  split_pair_phis(f);
  return true;
}

} // namespace

llvm::PreservedAnalyses UnrollRecursionPass::run(llvm::Module& module, llvm::ModuleAnalysisManager&) {
  std::vector<llvm::Function*> functions;
  for (llvm::Function& f : module) functions.push_back(&f);
  bool changed = false;
  for (llvm::Function* f : functions) changed = unroll(*f) || changed;
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace pyscript::codegen
