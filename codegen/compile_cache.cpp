#include "codegen/compile_cache.hpp"

#include <llvm/Support/BLAKE3.h>
#include <llvm/Support/xxhash.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <vector>

#include <dirent.h>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

// Note [Compile cache]
// One file per entry, `KEY.entry`, in one directory:
//   "PYSCCH1\n"  8 bytes of magic (the entry format; a new format is a new magic)
//   KEY          32 hex digits, the key the entry was stored under (a file renamed by hand reads
//                as absent)
//   LENGTH       8 bytes, little-endian: the payload's size; the file is exactly this long
//   CHECKSUM     8 bytes, little-endian: XXH3-64 of the payload
//   PAYLOAD
// An entry is written whole to a temporary file of its own (KEY.tmp.PID.N) and renamed over
// KEY.entry: rename is atomic within a directory, so a reader opens either the old file or the
// new one, never a half-written one, and two processes that fill one entry at once both succeed
// (the later rename wins; both wrote the same bytes for the same key). The cache never trusts a
// file: anything that does not read back as above (truncated by a crash or a full disk, changed
// by hand) is removed and treated as a miss, and the caller compiles again. A hit sets the entry's
// modification time, so that eviction removes the least recently used entries first until the
// directory is under its bound. Temporary files older than an hour are a writer that died:
// eviction removes them too.
//
// Note [Bounding the cache]
// Summing the directory's sizes costs a stat per entry: milliseconds for a few thousand entries,
// after every store. So each store appends its size to `size.log` (one write with O_APPEND, whole
// even when processes append at once), and the directory is scanned only when the log's sum (the
// total at the last scan plus what was stored since) would pass the bound, or the log is missing.
// The sum never falls short of the entries' true total (a store that replaces an entry adds its
// size again, a removal subtracts nothing), so the bound holds (but for a store that lands while
// another process rescans: the rescan's log may miss it until the next one); a scan writes the
// true total as the log's one line (a temporary file renamed, like an entry).

namespace pyscript::codegen {
namespace {

constexpr char kMagic[9] = "PYSCCH1\n";
constexpr size_t kKeySize = 32;
constexpr size_t kHeaderSize = 8 + kKeySize + 8 + 8;
constexpr uint64_t kDefaultMaxBytes = 256ull << 20;
constexpr const char* kEntrySuffix = ".entry";

void put_u64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char((v >> (8 * i)) & 0xff));
}

uint64_t get_u64(const char* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
  return v;
}

bool ends_with(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// The whole file, or nothing when it cannot be read.
std::optional<std::string> read_whole(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st;
  std::optional<std::string> out;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    std::string bytes(size_t(st.st_size), '\0');
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += size_t(n);
    }
    if (done == bytes.size()) out = std::move(bytes);
  }
  ::close(fd);
  return out;
}

bool write_whole(int fd, std::string_view bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

bool disabled_by(const char* value) {
  if (!value) return false;
  std::string v = value;
  for (char& c : v) c = char(std::tolower(static_cast<unsigned char>(c)));
  return v == "0" || v == "off" || v == "false" || v == "no";
}

// The build-id note of the loaded object that holds `address`, as hex ("" when it has none).
struct BuildIdSearch {
  uintptr_t address;
  std::string hex;
};

std::string note_build_id(const char* notes, size_t size) {
  size_t at = 0;
  while (at + sizeof(ElfW(Nhdr)) <= size) {
    ElfW(Nhdr) header;
    std::memcpy(&header, notes + at, sizeof header);
    size_t name_at = at + sizeof header;
    size_t desc_at = name_at + ((header.n_namesz + 3) & ~size_t(3));
    size_t next = desc_at + ((header.n_descsz + 3) & ~size_t(3));
    if (next > size) break;
    if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 && std::memcmp(notes + name_at, "GNU", 4) == 0) {
      static const char* digits = "0123456789abcdef";
      std::string hex;
      for (size_t i = 0; i < header.n_descsz; ++i) {
        unsigned char b = static_cast<unsigned char>(notes[desc_at + i]);
        hex += digits[b >> 4];
        hex += digits[b & 15];
      }
      return hex;
    }
    at = next;
  }
  return "";
}

int find_build_id(dl_phdr_info* info, size_t, void* data) {
  auto* search = static_cast<BuildIdSearch*>(data);
  bool holds = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type == PT_LOAD && search->address >= start && search->address < start + ph.p_memsz) holds = true;
  }
  if (!holds) return 0;
  for (int i = 0; i < info->dlpi_phnum && search->hex.empty(); ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_NOTE)
      search->hex = note_build_id(reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr), ph.p_memsz);
  }
  return 1;
}

} // namespace

CacheKey::CacheKey(std::string_view kind) : kind_(kind) { add("pyscript-cache 1").add(kind); }

CacheKey& CacheKey::add(std::string_view field) {
  fields_ += std::to_string(field.size());
  fields_ += ':';
  fields_ += field;
  return *this;
}

std::string CacheKey::hex() const {
  llvm::BLAKE3Result<16> digest = llvm::BLAKE3::hash<16>(
      llvm::ArrayRef(reinterpret_cast<const uint8_t*>(fields_.data()), fields_.size()));
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint8_t b : digest) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

const std::string& build_identity() {
  static const std::string identity = [] {
    BuildIdSearch search{reinterpret_cast<uintptr_t>(&build_identity), ""};
    dl_iterate_phdr(find_build_id, &search);
    if (!search.hex.empty()) return std::string(PYSCRIPT_VERSION_STRING " build ") + search.hex;
    // No build-id note: the file's size and modification time stand for its contents.
    std::string out = PYSCRIPT_VERSION_STRING " file";
    Dl_info info;
    struct stat st;
    if (dladdr(reinterpret_cast<void*>(&build_identity), &info) && info.dli_fname && ::stat(info.dli_fname, &st) == 0)
      out += " " + std::string(info.dli_fname) + " " + std::to_string(st.st_size) + " " +
             std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
    return out;
  }();
  return identity;
}

std::optional<std::string> CompileCache::environment_directory() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/pyscript";
  const char* home = std::getenv("HOME");
  if (home && home[0]) return std::string(home) + "/.cache/pyscript";
  return std::nullopt;
}

std::shared_ptr<CompileCache> CompileCache::from_environment() {
  if (disabled_by(std::getenv("PYSCRIPT_CACHE"))) return nullptr;
  std::optional<std::string> dir = environment_directory();
  if (!dir) return nullptr;
  uint64_t max_bytes = kDefaultMaxBytes;
  if (const char* m = std::getenv("PYSCRIPT_CACHE_MAX_BYTES")) {
    char* end = nullptr;
    unsigned long long v = std::strtoull(m, &end, 10);
    if (end && end != m && *end == '\0') max_bytes = v;
  }
  const char* trace = std::getenv("PYSCRIPT_CACHE_TRACE");
  return std::make_shared<CompileCache>(*dir, max_bytes, trace && *trace && std::string(trace) != "0");
}

CompileCache::CompileCache(std::string directory, uint64_t max_bytes, bool trace)
    : directory_(std::move(directory)), max_bytes_(max_bytes), trace_(trace) {}

void CompileCache::report(const char* what, const std::string& hex) const {
  if (trace_) std::fprintf(stderr, "pyscript-cache: %s %s\n", what, hex.c_str());
}

std::string CompileCache::path_of(const std::string& hex) const { return directory_ + "/" + hex + kEntrySuffix; }

std::optional<std::string> CompileCache::get(const CacheKey& key) const {
  std::string hex = key.hex();
  std::string path = path_of(hex);
  std::optional<std::string> bytes = read_whole(path);
  if (!bytes) {
    report(("miss " + key.kind()).c_str(), hex);
    return std::nullopt;
  }
  bool whole = bytes->size() >= kHeaderSize && bytes->compare(0, 8, kMagic) == 0 &&
               bytes->compare(8, kKeySize, hex) == 0 &&
               get_u64(bytes->data() + 8 + kKeySize) == bytes->size() - kHeaderSize;
  if (whole) {
    std::string_view payload(bytes->data() + kHeaderSize, bytes->size() - kHeaderSize);
    whole = get_u64(bytes->data() + 8 + kKeySize + 8) == llvm::xxh3_64bits(llvm::StringRef(payload.data(), payload.size()));
  }
  if (!whole) {
    report(("damaged " + key.kind()).c_str(), hex);
    ::unlink(path.c_str()); // rebuilt by the caller's put
    return std::nullopt;
  }
  report(("hit " + key.kind()).c_str(), hex);
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0); // used now (Note [Compile cache])
  return bytes->substr(kHeaderSize);
}

void CompileCache::put(const CacheKey& key, std::string_view payload) const {
  std::error_code ec;
  std::filesystem::create_directories(directory_, ec);
  std::string hex = key.hex();
  std::string header(kMagic, 8);
  header += hex;
  put_u64(header, payload.size());
  put_u64(header, llvm::xxh3_64bits(llvm::StringRef(payload.data(), payload.size())));
  static std::atomic<unsigned> counter{0};
  std::string temporary = directory_ + "/" + hex + ".tmp." + std::to_string(::getpid()) + "." +
                          std::to_string(counter.fetch_add(1));
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    report(("unwritable " + key.kind()).c_str(), hex);
    return;
  }
  bool written = write_whole(fd, header) && write_whole(fd, payload);
  written = (::close(fd) == 0) && written;
  if (!written || ::rename(temporary.c_str(), path_of(hex).c_str()) != 0) {
    ::unlink(temporary.c_str());
    report(("unwritable " + key.kind()).c_str(), hex);
    return;
  }
  report(("store " + key.kind()).c_str(), hex);
  account(header.size() + payload.size());
}

void CompileCache::account(uint64_t stored) const {
  std::string log = directory_ + "/size.log";
  std::optional<std::string> text = read_whole(log);
  uint64_t total = stored;
  for (size_t at = 0; text && at < text->size();) {
    size_t end = text->find('\n', at);
    if (end == std::string::npos) break; // a line being appended
    total += std::strtoull(text->c_str() + at, nullptr, 10);
    at = end + 1;
  }
  if (!text || total > max_bytes_ || text->size() > 16384) {
    evict();
    return;
  }
  int fd = ::open(log.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return;
  (void)write_whole(fd, std::to_string(stored) + "\n");
  ::close(fd);
}

void CompileCache::evict() const {
  std::vector<Entry> entries;
  uint64_t total = 0;
  DIR* dir = ::opendir(directory_.c_str());
  if (!dir) return;
  time_t now = std::time(nullptr);
  while (dirent* d = ::readdir(dir)) {
    std::string name = d->d_name;
    std::string path = directory_ + "/" + name;
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (ends_with(name, kEntrySuffix)) {
      entries.push_back({path, uint64_t(st.st_size), st.st_mtim});
      total += uint64_t(st.st_size);
    } else if (name.find(".tmp.") != std::string::npos && now - st.st_mtime > 3600) {
      ::unlink(path.c_str());
    }
  }
  ::closedir(dir);
  if (total > max_bytes_) total = remove_oldest(entries, total);
  // Note [Bounding the cache]: the true total starts the log again.
  static std::atomic<unsigned> counter{0};
  std::string temporary = directory_ + "/size.log.tmp." + std::to_string(::getpid()) + "." +
                          std::to_string(counter.fetch_add(1));
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return;
  bool written = write_whole(fd, std::to_string(total) + "\n");
  if ((::close(fd) != 0 || !written) || ::rename(temporary.c_str(), (directory_ + "/size.log").c_str()) != 0)
    ::unlink(temporary.c_str());
}

uint64_t CompileCache::remove_oldest(std::vector<Entry>& entries, uint64_t total) const {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.used.tv_sec != b.used.tv_sec ? a.used.tv_sec < b.used.tv_sec : a.used.tv_nsec < b.used.tv_nsec;
  });
  // Down to 3/4 of the bound, so that the next few stores need not evict again.
  uint64_t target = max_bytes_ / 4 * 3;
  for (const Entry& e : entries) {
    if (total <= target) break;
    if (::unlink(e.path.c_str()) == 0) total -= e.size;
  }
  return total;
}

size_t CompileCache::clear() const {
  size_t removed = 0;
  DIR* dir = ::opendir(directory_.c_str());
  if (!dir) return 0;
  std::vector<std::string> names;
  while (dirent* d = ::readdir(dir)) names.push_back(d->d_name);
  ::closedir(dir);
  for (const std::string& name : names) {
    bool entry = ends_with(name, kEntrySuffix), temporary = name.find(".tmp.") != std::string::npos;
    if ((entry || temporary || name == "size.log") && ::unlink((directory_ + "/" + name).c_str()) == 0 && entry) ++removed;
  }
  return removed;
}

} // namespace pyscript::codegen
