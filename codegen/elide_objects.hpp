// An LLVM function pass that keeps short-lived objects off the heap: Note [Objects on the stack] in
// elide_objects.cpp. optimize_module runs it after inlining.
#pragma once

#include <llvm/IR/PassManager.h>

namespace pyscript::codegen {

class ElideObjectsPass : public llvm::PassInfoMixin<ElideObjectsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

} // namespace pyscript::codegen
