// The artifact file (`pyscript compile model.py -o model.pys`): the optimized graph IR of every
// specialization and the top level, with a format version and a checksum, so a host can load and
// run it without the Python source or the parser.
//
//   pyscript-artifact
//   format 1
//   source model.py
//   checksum 5f2a0c1e9b7d3a44        FNV-1a 64 of every byte after this line
//   object TARGET SIZE               optional: the module compiled for TARGET (triple, CPU,
//   <base64 of SIZE bytes>           features), loaded as is on such a machine (no LLVM work)
//   state SIZE                       optional: the module's state after its top level ran (an
//   <base64 of SIZE bytes>           export): Note [Module state in artifacts] in ir/state.hpp
//   class @Net() 1 2 {w: Array[float64, 2]} methods {forward 2} str "" repr ""
//   global @K : int
//   graph @__main__() -> None:
//   ...
#pragma once

#include "ir/graph.hpp"
#include "ir/state.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace pyscript::ir {

// 2: int list attributes (axes, shapes, index specs) are tuples, not strings.
// 3: class layouts in the graph; the module's state (`state`) after the object.
constexpr int kArtifactFormat = 3;

// A file that is not a readable artifact: the message is one line, "model.pys: checksum mismatch".
class ArtifactError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Machine code for one target, carried by an artifact beside its graph.
struct ArtifactObject {
  std::string target; // codegen::target_tag(): where this code runs
  std::string bytes;  // an object file
};

std::string write_artifact(const Module& m, const std::string& source_name, const ArtifactObject* object = nullptr);
// The same, from module text already printed (several modules' functions merged); `state` is
// encode_state's bytes.
std::string write_artifact_text(const std::string& module_text, const std::string& source_name,
                                const ArtifactObject* object = nullptr, const std::string* state = nullptr);
// Parses and verifies, the state too; throws ArtifactError naming `path`. The object, when there
// is one, goes to `object`, the state to `state` (left empty when the artifact has none).
std::unique_ptr<Module> read_artifact(const std::string& text, const std::string& path,
                                      ArtifactObject* object = nullptr,
                                      std::optional<StateImage>* state = nullptr);
// Whether `text` starts as an artifact does (rather than as Python source).
bool looks_like_artifact(const std::string& text);

} // namespace pyscript::ir
