// libFuzzer target for the artifact loader (ir/artifact.cpp, and the state section's reader in
// ir/state.cpp): any bytes give a module or an ArtifactError, never a crash, a hang or a sanitizer
// report. Built and run by tests/fuzz/run_fuzzer.sh (clang's libFuzzer, ASan + UBSan) for a
// bounded time.
#include "ir/artifact.hpp"
#include "ir/printer.hpp"
#include "ir/state.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

// The graph text of an artifact body: without its object and state sections.
std::string graph_of(std::string body) {
  for (const char* section : {"object ", "state "}) {
    if (body.compare(0, std::string(section).size(), section) != 0) continue;
    size_t first = body.find('\n');
    size_t second = first == std::string::npos ? first : body.find('\n', first + 1);
    body = second == std::string::npos ? "" : body.substr(second + 1);
  }
  return body;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // A quarter of the inputs are [1][3-byte length n][n bytes of an artifact's body][state bytes]:
  // the graph stays a real module and the state section's raw bytes are what the fuzzer changes
  // (run_fuzzer.sh seeds them from exports), so the state reader sees them past the checksum and
  // base64 (Note [Module state in artifacts] in ir/state.hpp).
  if (size >= 4 && data[0] % 4 == 1) {
    size_t n = size_t(data[1]) | size_t(data[2]) << 8 | size_t(data[3]) << 16;
    if (n <= size - 4) {
      std::string state = text.substr(4 + n);
      text = pyscript::ir::write_artifact_text(graph_of(text.substr(4, n)), "fuzz.py", nullptr, &state);
    }
  } else if (size > 0 && data[0] % 2 == 0 && !pyscript::ir::looks_like_artifact(text)) {
    // Half the inputs get a valid header and checksum, so the fuzzer reaches the graph parser
    // and the verifier instead of stopping at the checksum.
    text = pyscript::ir::write_artifact_text(text.substr(1), "fuzz.py");
  }
  try {
    std::optional<pyscript::ir::StateImage> state;
    auto m = pyscript::ir::read_artifact(text, "fuzz.pys", nullptr, &state);
    (void)pyscript::ir::print_module(*m);
    // What decodes encodes again, and reads back.
    if (state) (void)pyscript::ir::decode_state(pyscript::ir::encode_state(*state, *m), *m);
  } catch (const pyscript::ir::ArtifactError&) {
  }
  return 0;
}
