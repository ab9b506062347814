// Functions of a run whose loops do little work, compiled without optimization
// (Note [Cold functions]).
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

namespace pyscript::codegen {

// For a module that runs its top level once (`pyscript run`, a host's top level: Note [Only the
// top level] in api/module_cache.cpp): marks optnone the functions whose every call comes from
// the top level, outside its loops, with constant arguments, and whose loops then run a known
// small number of iterations; and the top level itself when its own loops do. Returns how many
// functions it marked.
unsigned mark_cold_functions(llvm::Module& module, llvm::TargetMachine& machine);

// Whether every function `module` defines is optnone and none has its address taken: nothing
// for -O3 to do.
bool all_optnone(const llvm::Module& module);

} // namespace pyscript::codegen
