#include "ir/artifact.hpp"

#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "support/base64.hpp"
#include "support/internal_error.hpp"

#include <cinttypes>
#include <cstdio>

namespace pyscript::ir {
namespace {

constexpr const char* kMagic = "pyscript-artifact\n";

uint64_t fnv1a(const std::string& s, size_t from) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = from; i < s.size(); ++i) {
    h ^= static_cast<unsigned char>(s[i]);
    h *= 0x100000001b3ull;
  }
  return h;
}

// The next line of `text` from `pos`, without its newline; false at the end.
bool next_line(const std::string& text, size_t& pos, std::string& line) {
  if (pos >= text.size()) return false;
  size_t nl = text.find('\n', pos);
  if (nl == std::string::npos) return false; // the header lines all end with a newline
  line = text.substr(pos, nl - pos);
  pos = nl + 1;
  return true;
}

} // namespace

bool looks_like_artifact(const std::string& text) { return text.rfind(kMagic, 0) == 0; }

std::string write_artifact(const Module& m, const std::string& source_name, const ArtifactObject* object) {
  return write_artifact_text(print_module(m), source_name, object);
}

std::string write_artifact_text(const std::string& graph, const std::string& source_name,
                                const ArtifactObject* object, const std::string* state) {
  std::string body = graph;
  if (state) body = "state " + std::to_string(state->size()) + "\n" + base64_encode(*state) + "\n" + body;
  if (object)
    body = "object " + object->target + " " + std::to_string(object->bytes.size()) + "\n" +
           base64_encode(object->bytes) + "\n" + body;
  char checksum[32];
  std::snprintf(checksum, sizeof checksum, "%016" PRIx64, fnv1a(body, 0));
  return std::string(kMagic) + "format " + std::to_string(kArtifactFormat) + "\nsource " + source_name +
         "\nchecksum " + checksum + "\n" + body;
}

std::unique_ptr<Module> read_artifact(const std::string& text, const std::string& path, ArtifactObject* object,
                                      std::optional<StateImage>* state) {
  auto fail = [&](const std::string& what) { throw ArtifactError(path + ": " + what); };
  if (!looks_like_artifact(text)) fail("not a pyscript artifact");
  size_t pos = std::string(kMagic).size();
  std::string line;
  if (!next_line(text, pos, line) || line.rfind("format ", 0) != 0) fail("truncated header");
  int format = std::atoi(line.c_str() + 7);
  if (format != kArtifactFormat)
    fail("format version " + line.substr(7) + ", this pyscript reads " + std::to_string(kArtifactFormat));
  if (!next_line(text, pos, line) || line.rfind("source ", 0) != 0) fail("truncated header");
  if (!next_line(text, pos, line) || line.rfind("checksum ", 0) != 0) fail("truncated header");
  char expected[32];
  std::snprintf(expected, sizeof expected, "%016" PRIx64, fnv1a(text, pos));
  if (line.substr(9) != expected) fail("checksum mismatch");
  if (text.compare(pos, 7, "object ") == 0) {
    std::string header, data;
    if (!next_line(text, pos, header) || !next_line(text, pos, data)) fail("truncated object");
    size_t last_space = header.rfind(' ');
    std::optional<std::string> bytes = base64_decode(data);
    if (!bytes || last_space <= 7 || std::to_string(bytes->size()) != header.substr(last_space + 1))
      fail("malformed object");
    if (object) *object = ArtifactObject{header.substr(7, last_space - 7), std::move(*bytes)};
  }
  std::optional<std::string> state_bytes;
  if (text.compare(pos, 6, "state ") == 0) {
    std::string header, data;
    if (!next_line(text, pos, header) || !next_line(text, pos, data)) fail("truncated state");
    state_bytes = base64_decode(data);
    if (!state_bytes || std::to_string(state_bytes->size()) != header.substr(6)) fail("malformed state");
  }
  std::unique_ptr<Module> m;
  try {
    m = parse_module_text(text.substr(pos));
    verify(*m);
  } catch (const IrParseError& e) {
    fail(std::string("malformed graph: ") + e.what());
  } catch (const InternalError& e) {
    // A graph that checksums but does not verify was written by hand, not by pyscript.
    std::string what = e.what();
    fail("invalid graph: " + what.substr(0, what.find('\n')));
  }
  if (!m->main()) fail("no top level (graph @__main__)");
  if (state_bytes) {
    try {
      StateImage image = decode_state(*state_bytes, *m);
      if (state) *state = std::move(image);
    } catch (const StateError& e) {
      fail(e.what());
    }
  }
  return m;
}

} // namespace pyscript::ir
