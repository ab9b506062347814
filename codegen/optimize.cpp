#include "codegen/optimize.hpp"

#include "codegen/elide_objects.hpp"
#include "codegen/jit.hpp"
#include "codegen/unroll_recursion.hpp"
#include "pyscript/runtime.h"
#include "support/internal_error.hpp"

#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Host.h>

#include <cstdio>

namespace pyscript::codegen {

std::unique_ptr<llvm::TargetMachine> host_target_machine() {
  initialize_native_target();
  std::string triple = llvm::sys::getProcessTriple();
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  PYSCRIPT_ASSERT(target != nullptr, "no LLVM target for " + triple + ": " + error);
  llvm::SubtargetFeatures features;
  for (const auto& [name, enabled] : llvm::sys::getHostCPUFeatures()) features.AddFeature(name, enabled);
  llvm::TargetOptions options;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features.getString(), options, llvm::Reloc::PIC_,
      std::nullopt, llvm::CodeGenOptLevel::Aggressive));
}

void optimize_module(llvm::Module& module, llvm::TargetMachine& machine) {
  module.setTargetTriple(machine.getTargetTriple().str());
  module.setDataLayout(machine.createDataLayout());
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&machine);
  // glibc's vector math library (libmvec): loops calling exp/log/sin/cos vectorize.
  llvm::TargetLibraryInfoImpl library_info(llvm::Triple(module.getTargetTriple()));
  library_info.addVectorizableFunctionsFromVecLib(llvm::TargetLibraryInfoImpl::LIBMVEC_X86,
                                                  llvm::Triple(module.getTargetTriple()));
  fam.registerPass([&] { return llvm::TargetLibraryAnalysis(library_info); });
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  pb.registerPipelineEarlySimplificationEPCallback(
      [](llvm::ModulePassManager& passes, llvm::OptimizationLevel) { passes.addPass(UnrollRecursionPass()); });
  // Note [Objects on the stack] (elide_objects.cpp): after inlining, before the loop passes.
  pb.registerScalarOptimizerLateEPCallback(
      [](llvm::FunctionPassManager& passes, llvm::OptimizationLevel) { passes.addPass(ElideObjectsPass()); });
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(module, mam);
}

std::string target_tag() {
  std::string features;
  for (const auto& [name, enabled] : llvm::sys::getHostCPUFeatures())
    if (enabled) features += name.str() + ",";
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : features) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  char hash[20];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(h));
  return llvm::sys::getProcessTriple() + " " + llvm::sys::getHostCPUName().str() + " " + hash + " rt" +
         std::to_string(PYRT_ABI_VERSION);
}

std::string emit_machine_code(llvm::Module& module, llvm::TargetMachine& machine, bool assembly) {
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  bool failed = machine.addPassesToEmitFile(
      pm, os, nullptr,
      assembly ? llvm::CodeGenFileType::AssemblyFile : llvm::CodeGenFileType::ObjectFile);
  PYSCRIPT_ASSERT(!failed, "LLVM cannot emit this file type for the host");
  pm.run(module);
  return std::string(buffer.begin(), buffer.end());
}

} // namespace pyscript::codegen
