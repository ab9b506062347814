// The compile cache on disk: machine code (and the graphs it came from) of modules compiled before,
// under $XDG_CACHE_HOME/pyscript (or ~/.cache/pyscript). Note [Compile cache] in compile_cache.cpp
// says what an entry is and why sharing the directory between processes is safe. What goes into a
// key and into an entry is the host API's business (api/module_cache.cpp); this file stores bytes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <ctime>

namespace pyscript::codegen {

// A key: every field that changes what is stored, hashed (BLAKE3, 128 bits) into 32 hex digits.
// Fields are length-prefixed, so ("ab", "c") and ("a", "bc") differ.
class CacheKey {
public:
  explicit CacheKey(std::string_view kind);
  CacheKey& add(std::string_view field);
  std::string hex() const;
  const std::string& kind() const { return kind_; }

private:
  std::string kind_;
  std::string fields_;
};

class CompileCache {
public:
  // The cache the environment asks for: none when PYSCRIPT_CACHE is 0 (or "off", "false", "no"), or
  // when no directory can be named (neither XDG_CACHE_HOME nor HOME is set); else
  // $XDG_CACHE_HOME/pyscript or $HOME/.cache/pyscript, bounded by PYSCRIPT_CACHE_MAX_BYTES
  // (default 256 MiB). PYSCRIPT_CACHE_TRACE=1 reports each hit, miss, damaged entry and store
  // on stderr ("pyscript-cache: hit KEY"), for tests and for finding why a run compiled.
  static std::shared_ptr<CompileCache> from_environment();
  // The directory the environment names, whether or not the cache is on (`pyscript cache clear`).
  static std::optional<std::string> environment_directory();

  CompileCache(std::string directory, uint64_t max_bytes, bool trace = false);

  // The bytes stored under `key`, when an entry is there and reads back whole (magic, key, length
  // and checksum); a damaged entry is removed and reads as absent. A hit marks the entry used.
  std::optional<std::string> get(const CacheKey& key) const;
  // Stores `bytes` under `key` (a temporary file renamed into place), then evicts the least
  // recently used entries when the directory holds more than max_bytes (Note [Bounding the cache]). Failing to write (a full
  // disk, a read-only directory) is not an error: the next run compiles again.
  void put(const CacheKey& key, std::string_view bytes) const;
  // Removes every entry (and left-over temporary file); returns how many entries there were.
  size_t clear() const;

  const std::string& directory() const { return directory_; }

private:
  struct Entry {
    std::string path;
    uint64_t size;
    timespec used;
  };
  // Note [Bounding the cache]: `stored` more bytes; scans and evicts when the bound may be passed.
  void account(uint64_t stored) const;
  // Sums the entries, removes the least recently used while over the bound, restarts size.log.
  void evict() const;
  // Removes entries, least recently used first, down to 3/4 of the bound; the total left.
  uint64_t remove_oldest(std::vector<Entry>& entries, uint64_t total) const;
  std::string path_of(const std::string& hex) const;
  void report(const char* what, const std::string& hex) const;
  std::string directory_;
  uint64_t max_bytes_;
  bool trace_;
};

// What identifies this build of pyscript in a key: the version and the build id of the binary or
// library holding this code (its GNU build-id note; else its size and modification time).
const std::string& build_identity();

} // namespace pyscript::codegen
