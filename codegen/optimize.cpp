#include "codegen/optimize.hpp"

#include "codegen/elide_objects.hpp"
#include "codegen/jit.hpp"
#include "codegen/pass_budget.hpp"
#include "codegen/phase_times.hpp"
#include "codegen/unroll_recursion.hpp"
#include "pyscript/runtime.h"
#include "support/internal_error.hpp"

#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/IR/PassTimingInfo.h>
#include <llvm/Passes/StandardInstrumentations.h>
#include <llvm/Support/Timer.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Host.h>

#include <llvm/ADT/SCCIterator.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/InstrTypes.h>

#include <cstdio>
#include <map>
#include <mutex>
#include <vector>
#include <optional>

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

// Note [LLVM's options]
// LLVM is linked into pyscript (the library and the command), so its command-line options are
// pyscript's own, set once before the first module is optimized:
// - no epilogue vectorization: a loop vectorized 16 lanes wide also got a second vector loop, 8
//   lanes wide, for its remainder, with checks of its own. For the fused elementwise loops, most
//   of the vectorized code pyscript makes, that cost about a fifth of the seed MLP's code
//   generation, for little: the remainder is at most 15 elements per loop (the kernel pool cuts a
//   large loop at multiples of PYRT_PARALLEL_ALIGN elements), now one at a time instead of 8 at once.
// - PYSCRIPT_LLVM_ARGS (words separated by spaces), for experiments: `-print-after=licm`,
//   `-force-vector-width=8`, ...
void configure_llvm() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> words{"pyscript", "-enable-epilogue-vectorization=false"};
    if (const char* extra = std::getenv("PYSCRIPT_LLVM_ARGS")) {
      std::string word;
      for (const char* c = extra;; ++c) {
        if (*c != ' ' && *c != 0) {
          word += *c;
          continue;
        }
        if (!word.empty()) words.push_back(word);
        word.clear();
        if (*c == 0) break;
      }
    }
    std::vector<const char*> argv;
    for (const std::string& w : words) argv.push_back(w.c_str());
    llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(), "", &llvm::errs());
  });
}

void optimize_module(llvm::Module& module, llvm::TargetMachine& machine) {
  configure_llvm();
  module.setTargetTriple(machine.getTargetTriple().str());
  module.setDataLayout(machine.createDataLayout());
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // Passes skip optnone functions (Note [Code that runs once]), as clang's pipeline does.
  llvm::PassInstrumentationCallbacks instrumentation;
  llvm::OptNoneInstrumentation optnone(/*DebugLogging=*/false);
  optnone.registerCallbacks(instrumentation);
  PassBudget budget; // Note [Pass budgets]
  register_pass_budget(instrumentation, budget);
  unsigned kept_calls = limit_inlining(module); // Note [An inlining budget]
  // PYSCRIPT_TIME=passes (Note [Phase times]): LLVM's report of each pass's time.
  std::optional<llvm::TimePassesHandler> pass_times;
  if (pass_times_enabled()) {
    llvm::TimePassesIsEnabled = true;
    pass_times.emplace(/*Enabled=*/true);
    pass_times->registerCallbacks(instrumentation);
  }
  // Note [Identical functions]
  // Specializations and inlining leave identical code in a module: the seed MLP's `mlp` inlines
  // `dense` and `relu`, so one of its fused kernels is the same loop as `dense`'s own. LLVM's
  // function merging, at the end of -O3, keeps one of each set of identical functions and makes
  // the others jump to it, so code generation compiles the loop once (in the seed MLP: one
  // kernel of 89 instructions; functions that differ only in metadata are not merged).
  llvm::PipelineTuningOptions tuning;
  tuning.MergeFunctions = true;
  llvm::PassBuilder pb(&machine, tuning, std::nullopt, &instrumentation);
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
  if (phase_times_enabled() && (budget.skipped || kept_calls))
    std::fprintf(stderr, "pyscript time: budgets: %u pass runs skipped, %u calls not inlined (Note [Pass budgets])\n",
                 budget.skipped, kept_calls);
  if (pass_times) pass_times->print();
}

// Note [Code that runs once]
// A program's top level often is straight-line code: a few calls of functions the graph passes
// inlined and folded, prints. Each of its instructions runs once, yet -O3 and optimized code
// generation cost it as much as a hot loop (a cold run of fancy_func: 24 million instructions with
// them, 17 without). For `pyscript run` (Note [Only the top level] in api/module_cache.cpp) a module
// whose code runs a bounded number of times is therefore compiled without optimization (LLVM's
// fast instruction selection and register allocation). Bounded means: no cycle in any function's
// control flow, no cycle of calls among the module's functions, and no function of the module
// reachable other than by a direct call (a method in a class's table could be called from a
// runtime loop). The code computes the same values (pyscript emits no fast-math flags or fused
// multiply-adds, so no optimization changes a float result); it is only slower, once.
// The top level alone is also run once (by `pyscript run`, or a host's Module::run), whatever the
// rest of the module does: when its body has no loop, it is marked optnone, so -O3 skips it (and
// inlines nothing into it) and code generation selects its instructions the fast way, while the
// functions it calls, recursive ones for instance, are optimized as before.
bool has_cycle(llvm::Function& f) {
  for (auto scc = llvm::scc_begin(&f); !scc.isAtEnd(); ++scc)
    if (scc.hasCycle()) return true;
  return false;
}

namespace {

// Depth-first over direct calls between the module's functions: 1 while on the path, 2 done.
bool reaches_itself(llvm::Function& f, std::map<llvm::Function*, int>& state) {
  int& s = state[&f];
  if (s == 1) return true;
  if (s == 2) return false;
  s = 1;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& i : block)
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (llvm::Function* callee = call->getCalledFunction())
          if (!callee->isDeclaration() && reaches_itself(*callee, state)) return true;
  state[&f] = 2;
  return false;
}

} // namespace

void remove_unused_functions(llvm::Module& module) {
  for (bool removed = true; removed;) {
    removed = false;
    for (auto it = module.begin(); it != module.end();) {
      llvm::Function& f = *it++;
      if (!f.isDeclaration() && f.hasLocalLinkage() && f.use_empty()) {
        f.eraseFromParent();
        removed = true;
      }
    }
  }
}

bool runs_once(llvm::Module& module) {
  remove_unused_functions(module);
  std::map<llvm::Function*, int> state;
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    if (f.hasAddressTaken() || has_cycle(f) || reaches_itself(f, state)) return false;
  }
  return true;
}

bool leave_top_level_unoptimized(llvm::Module& module) {
  // The exported __main__ calls its body (Note [Entry and body] in emit_function.cpp).
  llvm::Function* body = module.getFunction("__main__.body");
  if (!body) body = module.getFunction("__main__");
  if (!body || body->isDeclaration() || has_cycle(*body)) return false;
  body->removeFnAttr(llvm::Attribute::AlwaysInline);
  body->removeFnAttr(llvm::Attribute::MinSize);
  body->removeFnAttr(llvm::Attribute::OptimizeForSize);
  body->addFnAttr(llvm::Attribute::NoInline);
  body->addFnAttr(llvm::Attribute::OptimizeNone);
  return true;
}

void prepare_unoptimized(llvm::Module& module, llvm::TargetMachine& machine) {
  module.setTargetTriple(machine.getTargetTriple().str());
  module.setDataLayout(machine.createDataLayout());
  machine.setOptLevel(llvm::CodeGenOptLevel::None);
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
  if (pass_times_enabled()) llvm::reportAndResetTimings(&llvm::errs());
  return std::string(buffer.begin(), buffer.end());
}

} // namespace pyscript::codegen
