// Two tiers for a run: unoptimized code first, -O3 code compiled on another thread, switched to at
// a function's next call or a loop's next iteration (Note [Two tiers] in tiers.cpp).
#pragma once

#include <llvm/IR/Module.h>

#include <string>
#include <vector>

namespace pyscript::codegen {

// Tier 0, for a module prepared for a run (Note [Only the top level], cold functions marked):
// gives each site (Note [Two tiers]) a slot, a global pointer, null at first: each body ("NAME.body")
// left to optimize, whose first block, once its slot is set, calls the function it holds with the
// body's arguments and returns its result; and each of its loops, whose header does so with the
// loop's live values (Note [Loops change tiers] in osr.cpp). Returns the sites; none, with the
// module unchanged, when it does not qualify: a function other than a body has a loop (a fused
// kernel), the code calls a function that LLVM's vectorizer would replace by a vector library call
// (whose last bit may differ from libm's), or the loops' copies exceed their budget.
std::vector<std::string> add_tier_slots(llvm::Module& module);

// Tier 1 (`module` emitted with the module's globals declared): keeps an exported function per site
// (tier_one_symbol): for a body, one that calls it; for a loop, a copy of its function entered at
// the loop; and what they reach; the rest is internal or dropped.
void keep_tier_one(llvm::Module& module, const std::vector<std::string>& sites);

// Whether `f` is on a cycle of direct calls between the module's functions.
bool on_call_cycle(llvm::Function& f);

// "pyscript.tier.slot.SITE", "pyscript.tier.one.SITE"; the i32 that masks the count of a loop's
// arrivals at its header before it looks at its slot.
std::string tier_slot_symbol(const std::string& site);
std::string tier_one_symbol(const std::string& site);
std::string tier_mask_symbol();

// The sites that a tier-0 object file gives slots to (its symbols named tier_slot_symbol), in
// the order of its symbol table; none for any other object, or one that does not read.
std::vector<std::string> tier_slots_of_object(const std::string& object);

} // namespace pyscript::codegen
