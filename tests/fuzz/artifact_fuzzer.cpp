// libFuzzer target for the artifact loader (ir/artifact.cpp): any bytes give a module or an
// ArtifactError, never a crash, a hang or a sanitizer report. Built and run by
// tests/fuzz/run_fuzzer.sh (clang's libFuzzer, ASan + UBSan) for a bounded time.
#include "ir/artifact.hpp"
#include "ir/printer.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // Half the inputs get a valid header and checksum, so the fuzzer reaches the graph parser
  // and the verifier instead of stopping at the checksum.
  if (size > 0 && data[0] % 2 == 0 && !pyscript::ir::looks_like_artifact(text))
    text = pyscript::ir::write_artifact_text(text.substr(1), "fuzz.py");
  try {
    auto m = pyscript::ir::read_artifact(text, "fuzz.pys");
    (void)pyscript::ir::print_module(*m);
  } catch (const pyscript::ir::ArtifactError&) {
  }
  return 0;
}
