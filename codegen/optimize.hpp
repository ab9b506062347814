// LLVM's own optimization pipeline (new pass manager) and machine-code emission, for the host CPU.
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>
#include <string>

namespace pyscript::codegen {

// A target machine for this CPU with all its features (AVX-512 where present).
std::unique_ptr<llvm::TargetMachine> host_target_machine();

// Runs the -O3 pipeline on `module` for `machine` (sets the module's triple and data layout).
void optimize_module(llvm::Module& module, llvm::TargetMachine& machine);

// Whether `f`'s control flow has a cycle (a loop).
bool has_cycle(llvm::Function& f);

// Removes the internal functions nothing refers to (until none is left).
void remove_unused_functions(llvm::Module& module);

// Whether every instruction of `module` runs a bounded number of times per call of its exported
// functions: no loop, no recursion, no function whose address is taken (Note [Code that runs
// once] in optimize.cpp). Removes the internal functions nothing uses first.
bool runs_once(llvm::Module& module);

// When the top level's own code (__main__'s body) has no loop, marks it optnone: LLVM's
// pipeline leaves it as it is and code generation takes its fast path for it, while the functions
// it calls are optimized as before (Note [Code that runs once]). Returns whether it did.
bool leave_top_level_unoptimized(llvm::Module& module);

// Prepares `module` for `machine` without optimizing it, and sets `machine` to generate code
// quickly (no optimization: fast instruction selection and register allocation).
void prepare_unoptimized(llvm::Module& module, llvm::TargetMachine& machine);

// Assembly text or an object file of `module`.
std::string emit_machine_code(llvm::Module& module, llvm::TargetMachine& machine, bool assembly);

// "x86_64-pc-linux-gnu skylake-avx512 3f2a...": where machine code made here runs (triple, CPU,
// a hash of its features); an artifact's object is used only on a machine with the same tag.
std::string target_tag();

} // namespace pyscript::codegen
