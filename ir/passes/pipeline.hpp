// The pass pipeline: a literal list (pipeline.cpp), run in order until nothing changes.
#pragma once

#include "ir/graph.hpp"

#include <functional>
#include <string>
#include <vector>

namespace pyscript::ir {

struct PipelineOptions {
  // Print the module after each run of the pass with this name ("all": after every pass).
  std::string print_after;
  std::function<void(const std::string&)> dump; // where the printed module goes
  bool verify = false;                          // run the verifier after every pass
};

// The names of the passes, in pipeline order.
std::vector<std::string> pipeline_pass_names();
void optimize(Module& m, const PipelineOptions& options = {});
// Runs one pass by name (for tests); false when there is no such pass.
bool run_pass(const std::string& name, Module& m);

} // namespace pyscript::ir
