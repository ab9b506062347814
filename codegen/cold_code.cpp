#include "codegen/cold_code.hpp"

#include "codegen/tiers.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Scalar/SCCP.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <limits>
#include <map>
#include <vector>

// Note [Cold functions]
// A cold `pyscript run` of a small program spends most of its time in -O3 and code generation
// for loops that then run a few thousand iterations: count_triples(30) of the conformance
// programs (24,000 iterations of its inner loop: a few microseconds however compiled) cost 11 ms
// of -O3 and 5 ms of code generation. In a module whose top level runs once (Note [Only the top
// level] in api/module_cache.cpp), a function can be shown to do little work without running it:
// - every use of it is a direct call from the top level's own code, outside the top level's loops
//   (so each call runs once), passing constant arguments (the frame count aside);
// - with those constants in place (a copy of the function, simplified by sparse conditional
//   constant propagation), LLVM's scalar evolution bounds the trip count of each of its loops,
//   and the iterations of the nests, nested trips multiplied, are at most kColdWork per call and
//   kColdModuleWork for all the module's cold calls together;
// - it calls none of the module's functions (whose work would multiply), only the runtime's.
// Such a function is marked optnone (and noinline): -O3 leaves it as it is and code generation
// takes its fast path, as for the top level without loops (Note [Code that runs once] in
// optimize.cpp). So does the top level itself when its own loops are bounded the same way, and
// call none of the module's functions but recursive ones (which are never inlined into them;
// Note [Two tiers] in tiers.cpp).
// A loop whose bound depends on data (`while n != 1` of collatz, `while True: ... break`) has no
// bound here, and its function is optimized in full, as is every function of a module a host
// calls (its handles may call anything, any number of times). The unoptimized code computes the
// same values (no fast-math flags or fused multiply-adds: Note [Code that runs once]); it is only
// slower, by a few microseconds at these iteration counts.

namespace pyscript::codegen {
namespace {

constexpr uint64_t kColdWork = 100000;
constexpr uint64_t kColdModuleWork = 200000;
// Larger functions are not analyzed (optimized in full): the copy and its analysis cost time.
constexpr unsigned kMaxAnalyzed = 5000;
constexpr uint64_t kUnbounded = std::numeric_limits<uint64_t>::max();

uint64_t saturating_mul(uint64_t a, uint64_t b) { return b != 0 && a > kUnbounded / b ? kUnbounded : a * b; }
uint64_t saturating_add(uint64_t a, uint64_t b) { return a > kUnbounded - b ? kUnbounded : a + b; }

// Iterations of `loop` and the loops in it (each inner loop's count multiplied by its parent's).
uint64_t iterations(const llvm::Loop& loop, llvm::ScalarEvolution& evolution) {
  unsigned trips = evolution.getSmallConstantMaxTripCount(&loop);
  if (trips == 0) return kUnbounded; // not computable
  uint64_t inner = 1;
  for (const llvm::Loop* sub : loop) inner = saturating_add(inner, iterations(*sub, evolution));
  return saturating_mul(trips, inner);
}

// Whether `f` calls one of the module's functions (or through a pointer); with `loops`, inside
// one of its loops only, and not counting recursive functions there (the top level's loops: a
// recursive function is never inlined into them, and its code is optimized, or in two tiers,
// whatever the loop's code is: Note [Two tiers] in tiers.cpp).
bool calls_module_code(llvm::Function& f, const llvm::LoopInfo* loops) {
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& i : block)
      if (!loops || loops->getLoopFor(&block))
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i)) {
        llvm::Function* callee = call->getCalledFunction();
        if (!callee) return true; // indirect
        if (!callee->isDeclaration() && !(loops && on_call_cycle(*callee))) return true;
      }
  return false;
}

struct Analyses {
  explicit Analyses(llvm::TargetMachine& machine) : builder(&machine) {
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(sccs);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, sccs, modules);
  }
  llvm::PassBuilder builder;
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
};

// The iterations `f` runs with `arguments` (constants for the parameters they map; others stay
// parameters), or kUnbounded, also when it calls the module's functions (`top`: inside its loops);
// works on a copy of `f`.
uint64_t work_of(llvm::Function& f, const std::map<unsigned, llvm::Constant*>& arguments, bool top,
                 Analyses& analyses) {
  if (f.getInstructionCount() > kMaxAnalyzed) return kUnbounded;
  if (calls_module_code(f, top ? &analyses.functions.getResult<llvm::LoopAnalysis>(f) : nullptr)) return kUnbounded;
  auto count = [&](llvm::Function& g) {
    uint64_t work = 0;
    auto& loop_info = analyses.functions.getResult<llvm::LoopAnalysis>(g);
    auto& evolution = analyses.functions.getResult<llvm::ScalarEvolutionAnalysis>(g);
    for (const llvm::Loop* loop : loop_info) {
      work = saturating_add(work, iterations(*loop, evolution));
      if (work > kColdWork) break;
    }
    return work;
  };
  // Scalar evolution folds constant arithmetic itself: the top level, which has no parameters
  // to fix, is analyzed as it is (no copy to make and simplify).
  if (arguments.empty()) return count(f);
  llvm::ValueToValueMapTy map;
  for (const auto& [index, value] : arguments) map[f.getArg(index)] = value;
  llvm::Function* copy = llvm::CloneFunction(&f, map);
  llvm::FunctionPassManager simplify;
  simplify.addPass(llvm::SCCPPass());
  simplify.addPass(llvm::SimplifyCFGPass());
  simplify.run(*copy, analyses.functions);
  uint64_t work = count(*copy);
  analyses.functions.clear(*copy, copy->getName());
  copy->eraseFromParent();
  return work;
}

void mark_optnone(llvm::Function& f) {
  f.removeFnAttr(llvm::Attribute::AlwaysInline);
  f.removeFnAttr(llvm::Attribute::MinSize);
  f.removeFnAttr(llvm::Attribute::OptimizeForSize);
  f.addFnAttr(llvm::Attribute::NoInline);
  f.addFnAttr(llvm::Attribute::OptimizeNone);
}

} // namespace

unsigned mark_cold_functions(llvm::Module& module, llvm::TargetMachine& machine) {
  llvm::Function* top = module.getFunction("__main__.body");
  if (!top || top->isDeclaration()) return 0;
  module.setTargetTriple(machine.getTargetTriple().str());
  module.setDataLayout(machine.createDataLayout());
  Analyses analyses(machine);
  // The top level's calls that run once: outside its loops (looked up before anything changes).
  std::vector<llvm::CallInst*> once;
  {
    auto& loop_info = analyses.functions.getResult<llvm::LoopAnalysis>(*top);
    for (llvm::BasicBlock& block : *top)
      if (!loop_info.getLoopFor(&block))
        for (llvm::Instruction& i : block)
          if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i)) once.push_back(call);
  }
  uint64_t module_work = 0;
  unsigned marked = 0;
  std::map<llvm::Function*, std::vector<llvm::CallInst*>> calls_of;
  for (llvm::CallInst* call : once)
    if (llvm::Function* callee = call->getCalledFunction(); callee && !callee->isDeclaration() && callee != top)
      calls_of[callee].push_back(call);
  for (auto& [callee, calls] : calls_of) {
    if (callee->hasFnAttribute(llvm::Attribute::OptimizeNone) || callee->hasAddressTaken() ||
        callee->getNumUses() != calls.size())
      continue; // called from elsewhere too, or through a pointer
    uint64_t work = 0;
    for (llvm::CallInst* call : calls) {
      std::map<unsigned, llvm::Constant*> arguments;
      bool constant = true;
      // Arguments 0 and 1 are the context and the frame count (Note [Entry and body]).
      for (unsigned k = 2; k < call->arg_size(); ++k) {
        auto* c = llvm::dyn_cast<llvm::Constant>(call->getArgOperand(k));
        constant = constant && c && (llvm::isa<llvm::ConstantInt>(c) || llvm::isa<llvm::ConstantFP>(c));
        if (constant) arguments[k] = c;
      }
      uint64_t w = constant ? work_of(*callee, arguments, /*top=*/false, analyses) : kUnbounded;
      work = saturating_add(work, w > kColdWork ? kUnbounded : w);
    }
    if (work == kUnbounded || saturating_add(module_work, work) > kColdModuleWork) continue;
    module_work += work;
    mark_optnone(*callee);
    ++marked;
  }
  if (!top->hasFnAttribute(llvm::Attribute::OptimizeNone)) {
    uint64_t work = work_of(*top, {}, /*top=*/true, analyses);
    if (work <= kColdWork && saturating_add(module_work, work) <= kColdModuleWork) {
      mark_optnone(*top);
      ++marked;
    }
  }
  // The exported entry only calls the top level's body (Note [Entry and body]).
  if (llvm::Function* entry = module.getFunction("__main__");
      entry && !entry->isDeclaration() && top->hasFnAttribute(llvm::Attribute::OptimizeNone)) {
    mark_optnone(*entry);
  }
  return marked;
}

bool all_optnone(const llvm::Module& module) {
  for (const llvm::Function& f : module)
    if (!f.isDeclaration() && (!f.hasFnAttribute(llvm::Attribute::OptimizeNone) || f.hasAddressTaken())) return false;
  return true;
}

} // namespace pyscript::codegen
