#include "ir/passes/pipeline.hpp"

#include "ir/passes/passes.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"

namespace pyscript::ir {
namespace {

struct Pass {
  const char* name;
  bool (*run)(Module&);
};

// The pipeline, in order. It runs again while any pass changes something (at most kRounds):
// folding exposes constant If conditions, simplification exposes more folding.
const Pass kPipeline[] = {
    {"inline", inline_calls},
    {"fold", fold_constants},
    {"simplify-control-flow", simplify_control_flow},
    {"cse", eliminate_common_subexpressions},
    {"dce", eliminate_dead_code},
};
constexpr int kRounds = 8;

// Then, once: passes after which the graph is no longer optimized.
const Pass kFinalPasses[] = {
    {"fuse-elementwise", fuse_elementwise},
    {"reuse-objects", reuse_objects},
    {"plan-memory", plan_memory},
    {"borrow-references", borrow_references},
};

} // namespace

std::vector<std::string> pipeline_pass_names() {
  std::vector<std::string> out;
  for (const Pass& p : kPipeline) out.push_back(p.name);
  for (const Pass& p : kFinalPasses) out.push_back(p.name);
  return out;
}

bool run_pass(const std::string& name, Module& m) {
  for (const Pass& p : kPipeline) {
    if (name == p.name) return p.run(m), true;
  }
  for (const Pass& p : kFinalPasses) {
    if (name == p.name) return p.run(m), true;
  }
  return false;
}

void optimize(Module& m, const PipelineOptions& options) {
  for (int round = 0; round < kRounds; ++round) {
    bool changed = false;
    for (const Pass& p : kPipeline) {
      bool c = p.run(m);
      changed = changed || c;
      if (options.verify) verify(m);
      if (options.dump && (options.print_after == p.name || options.print_after == "all"))
        options.dump("// after " + std::string(p.name) + " (round " + std::to_string(round + 1) +
                     ")\n" + print_module(m));
    }
    if (!changed) break;
  }
  for (const Pass& p : kFinalPasses) {
    p.run(m);
    if (options.verify) verify(m);
    if (options.dump && (options.print_after == p.name || options.print_after == "all"))
      options.dump("// after " + std::string(p.name) + "\n" + print_module(m));
  }
}

} // namespace pyscript::ir
