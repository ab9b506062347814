#include "codegen/pass_budget.hpp"

#include <llvm/ADT/Any.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Function.h>

#include <cstdio>
#include <map>

// Note [Pass budgets]
// Some of LLVM's passes take time that grows with the size of the whole function for each loop
// they look at, so a function that many inlined loop nests land in (a long generated top level
// whose loop calls a hundred functions with loops) costs time quadratic in its size: a generated
// program with 100 such functions (5,300 instructions and about 200 loops in its top level) spent
// 0.5 s of its 0.8 s of -O3 in the loop unroller, and GVN is the other known case. These passes
// only make code faster, so each has a budget, in units of a function's instructions times its
// loops (one plus its back edges in block order, an estimate that needs no analysis): the pass is
// skipped, through LLVM's "should run optional pass" instrumentation (as optnone skips passes),
// on a function whose cost is over the pass's per-function limit, and once the module's runs of
// it have cost its per-module budget. A skipped function still gets every other pass of -O3
// (EarlyCSE with memory SSA, InstCombine, LICM, the vectorizers, ...). Hot code in ordinary
// functions is far below the limits: the costliest function of the seed MLP is about 3,000
// units, a scalar benchmark's about 1,000.

namespace pyscript::codegen {
namespace {

struct Budget {
  const char* pass;        // the pass's name, as LLVM's instrumentation gives it
  uint64_t function_limit; // skipped on a function that costs more than this
  uint64_t module_budget;  // what the pass's runs may cost in one module
};

// One row per budgeted pass.
constexpr Budget kBudgets[] = {
    {"GVNPass", 400000, 4000000},
    {"LoopUnrollPass", 400000, 4000000},
};

const llvm::Function* function_of(const llvm::Any& ir) {
  if (const auto* f = llvm::any_cast<const llvm::Function*>(&ir)) return *f;
  if (const auto* l = llvm::any_cast<const llvm::Loop*>(&ir)) return (*l)->getHeader()->getParent();
  return nullptr;
}

// Instructions times (1 + edges to a block earlier in the function's order).
uint64_t cost(const llvm::Function& f) {
  std::map<const llvm::BasicBlock*, size_t> order;
  uint64_t instructions = 0, back_edges = 0;
  for (const llvm::BasicBlock& block : f) {
    order.emplace(&block, order.size());
    instructions += block.size();
    for (const llvm::BasicBlock* next : llvm::successors(&block)) {
      auto found = order.find(next);
      if (found != order.end()) ++back_edges;
    }
  }
  return instructions * (1 + back_edges);
}

// Note [An inlining budget]
// The budgets above keep the passes' time near linear; what is left grows with the size of one
// function in code generation (the greedy register allocator: 2.7 s of a 200-function generated
// program). LLVM's inliner has no limit on what a caller grows to, so a caller that calls many
// functions with loops (that generated top level) becomes one function with all their loops. So
// before -O3, each caller's direct calls of the module's functions that have loops are walked in
// order, counting the code each would bring (the callee's instructions, with what it would
// inline itself, before optimization); past kInlineBudget instructions, the rest of those calls
// are marked noinline and stay calls. A call costs a few nanoseconds, next to a loop's work, and
// the callee is optimized as fully on its own. Ordinary code is below the budget: the most any
// caller of the conformance programs and the benchmarks brings is 1,843 instructions (a top level
// of list comprehensions), the seed MLP's 296.
constexpr uint64_t kInlineBudget = 3000;

bool has_loop(const llvm::Function& f) {
  std::map<const llvm::BasicBlock*, size_t> order;
  for (const llvm::BasicBlock& block : f) {
    order.emplace(&block, order.size());
    for (const llvm::BasicBlock* next : llvm::successors(&block))
      if (order.count(next)) return true;
  }
  return false;
}

// The instructions `f` brings to a caller that inlines it: its own, and those of the calls it
// keeps inlinable (deciding its own calls on the way). `state`: 0 new, 1 on the path, 2 done.
uint64_t inlined_size(llvm::Function& f, std::map<llvm::Function*, std::pair<int, uint64_t>>& state,
                      unsigned& marked) {
  auto& [s, size] = state[&f];
  if (s != 0) return size; // done, or recursion (its own size so far)
  s = 1;
  size = f.getInstructionCount();
  uint64_t brought = 0;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& i : block) {
      auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
      llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
      if (!callee || callee->isDeclaration() || callee == &f || call->isNoInline() || !has_loop(*callee)) continue;
      uint64_t more = inlined_size(*callee, state, marked);
      if (brought + more > kInlineBudget) {
        call->setIsNoInline();
        ++marked;
        continue;
      }
      brought += more;
    }
  size += brought;
  s = 2;
  return size;
}

} // namespace

unsigned limit_inlining(llvm::Module& module) {
  std::map<llvm::Function*, std::pair<int, uint64_t>> state;
  unsigned marked = 0;
  for (llvm::Function& f : module)
    if (!f.isDeclaration()) inlined_size(f, state, marked);
  return marked;
}

void register_pass_budget(llvm::PassInstrumentationCallbacks& callbacks, PassBudget& budget) {
  callbacks.registerShouldRunOptionalPassCallback([&budget](llvm::StringRef pass, llvm::Any ir) {
    for (const Budget& b : kBudgets) {
      if (pass != b.pass) continue;
      const llvm::Function* f = function_of(ir);
      if (!f) return true;
      uint64_t c = cost(*f);
      uint64_t& spent = budget.spent[b.pass];
          if (c > b.function_limit || spent + c > b.module_budget) {
        ++budget.skipped;
        return false;
      }
      spent += c;
      return true;
    }
    return true;
  });
}

} // namespace pyscript::codegen
