// Loops that change tiers while they run: on-stack replacement at loop headers (Note [Loops change
// tiers] in osr.cpp), for the two tiers of a run (Note [Two tiers] in tiers.cpp).
#pragma once

#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>

#include <string>
#include <vector>

namespace pyscript::codegen {

struct LoopSite {
  llvm::BasicBlock* header = nullptr;
  // What the code from the header on reads: the function's arguments, the header's phis, then the
  // values computed before the loop and used from the header on (allocas aside: scratch space).
  std::vector<llvm::Value*> live;
  std::string name; // "FUNCTION#loopK#HASH": HASH of the live values' types
  size_t copy_size = 0; // instructions from the header on: the size of tier 1's copy
};

// Moves the fixed-size allocas (frame slots) of `from`, the old entry block, to the end of `to`,
// the new one (a block of code put in front of a function's entry).
void move_frame_slots(llvm::BasicBlock& from, llvm::BasicBlock& to);

// The loops of `f` as emitted (before any optimization), outer ones first; the same list for the
// same IR, so that both tiers, emitted from the same graphs, name the same sites.
std::vector<LoopSite> loop_sites(llvm::Function& f);

// Tier 0: at `b`'s insertion point, the end of a block, an acquire load of `slot`; when it holds a
// function, calls it with `args` (as `type`, calling convention `cc`) and returns its result, else
// branches to `otherwise`.
void forward_when_set(llvm::IRBuilder<>& b, llvm::GlobalVariable& slot, llvm::BasicBlock* otherwise,
                      llvm::FunctionType* type, llvm::ArrayRef<llvm::Value*> args, llvm::CallingConv::ID cc);

// Tier 0: at the site's header, on every arrival whose count ANDed with *mask is zero, loads `slot`;
// when it is set, calls it with the live values and returns what it returns.
void add_loop_check(llvm::Function& f, const LoopSite& site, llvm::GlobalVariable& slot, llvm::GlobalVariable& mask);

// Tier 1: an exported function `symbol` taking the site's live values, which runs `f`'s code from
// the site's header on (a copy of `f` entered at the header).
void add_loop_entry(llvm::Function& f, const LoopSite& site, const std::string& symbol);

} // namespace pyscript::codegen
