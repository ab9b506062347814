// libFuzzer target for the frontend and lowering: any bytes, checked as `pyscript check` checks a
// file (tree-sitter parse, AST, name resolution, lowering to IR with types), then optimized with
// the verifier after every pass, as `pyscript run` would before code generation. Diagnostics are
// fine; an internal compiler error (support/internal_error.hpp) or any other exception is a bug and
// aborts, so libFuzzer saves the input. Built and run by tests/fuzz/run_check_fuzzer.sh.
#include "frontend/diagnostics.hpp"
#include "frontend/frontend.hpp"
#include "ir/passes/pipeline.hpp"
#include "lower/lower.hpp"
#include "support/internal_error.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

void check(std::string text) {
  pyscript::DiagnosticEngine diags;
  pyscript::CheckedModule checked = pyscript::check_source("fuzz.py", std::move(text), diags);
  if (diags.has_errors()) return;
  pyscript::LowerResult lowered = pyscript::lower_module(checked, diags);
  if (diags.has_errors() || !lowered.module) return;
  pyscript::ir::PipelineOptions options;
  options.verify = true;
  pyscript::ir::optimize(*lowered.module, options);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    check(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const pyscript::InternalError& e) {
    std::fprintf(stderr, "internal compiler error: %s\n", e.what());
    std::abort();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal compiler error (exception escaped): %s\n", e.what());
    std::abort();
  }
  return 0;
}
