// An LLVM module pass for self-recursive functions such as fib: Note [Unrolling recursion] in
// unroll_recursion.cpp. optimize_module runs it after LLVM's early simplification.
#pragma once

#include <llvm/IR/PassManager.h>

namespace pyscript::codegen {

class UnrollRecursionPass : public llvm::PassInfoMixin<UnrollRecursionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);
};

} // namespace pyscript::codegen
