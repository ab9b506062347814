// Two tiers for the recursive functions of a run: unoptimized code first, -O3 code compiled on
// another thread and switched to at the next call (Note [Two tiers for recursive functions]).
#pragma once

#include <llvm/IR/Module.h>

#include <string>
#include <vector>

namespace pyscript::codegen {

// For a module prepared for a run (Note [Only the top level], cold functions marked): the bodies
// ("NAME.body") to compile in two tiers, or none when the module does not qualify: the top level
// is unoptimized, and every function left to optimize is recursive, or called only by recursive
// functions and their callees, and none of them calls a function that LLVM's vectorizer would
// replace by a vector library call (whose last bit may differ from libm's).
std::vector<std::string> tiered_bodies(llvm::Module& module);

// Tier 0: gives each of `bodies` a slot (a global pointer, null at first) and a first block that,
// once the slot is set, calls the function it holds with the body's arguments and returns its result.
void add_tier_slots(llvm::Module& module, const std::vector<std::string>& bodies);

// Tier 1 (`module` emitted without the top level and with the module's globals declared): keeps an
// exported function per body (tier_one_symbol) that calls it, and what they reach; the rest is internal
// or dropped.
void keep_tier_one(llvm::Module& module, const std::vector<std::string>& bodies);

// Whether `f` is on a cycle of direct calls between the module's functions.
bool on_call_cycle(llvm::Function& f);

// "pyscript.tier.slot.BODY", "pyscript.tier.one.BODY".
std::string tier_slot_symbol(const std::string& body);
std::string tier_one_symbol(const std::string& body);

// The bodies that a tier-0 object file gives slots to (its symbols named tier_slot_symbol), in
// the order of its symbol table; none for any other object, or one that does not read.
std::vector<std::string> tier_slots_of_object(const std::string& object);

} // namespace pyscript::codegen
