// Budgets for LLVM passes whose time grows faster than the code (Note [Pass budgets]).
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/Passes/StandardInstrumentations.h>

#include <cstdint>
#include <map>
#include <string>

namespace pyscript::codegen {

// What the budgeted passes have spent on one module, per pass (Note [Pass budgets]'s units).
struct PassBudget {
  std::map<std::string, uint64_t> spent;
  unsigned skipped = 0; // runs refused, for PYSCRIPT_TIME
};

// Makes `callbacks` refuse a budgeted pass on a function (or a loop of one) whose cost
// (instructions times loops) is over the pass's limit, or once the pass's runs in the module have
// cost its budget (Note [Pass budgets]).
// `budget` must outlive the pipeline's run.
void register_pass_budget(llvm::PassInstrumentationCallbacks& callbacks, PassBudget& budget);

// Marks calls `noinline` where inlining would put more than a budget of loop-carrying callees'
// code into one caller (Note [An inlining budget]). Returns how many calls it marked.
unsigned limit_inlining(llvm::Module& module);

} // namespace pyscript::codegen
