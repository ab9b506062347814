// numpy's file formats, shared by the runtime (np.load / np.save in compiled code, the host's
// pyscript::load_npy) and lowering (which reads a header when compiling to type np.load's result):
//   .npy  a magic string, a version, a Python-dict header
//         ({'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }), then the raw data;
//   .npz  a zip archive of .npy members (np.savez stores them, np.savez_compressed deflates them).
// Written as numpy 1.24 writes them (Note [Bytes as numpy writes them] in npy_format.cpp), so a
// file pyscript saves is the file numpy saves for the same array.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pyscript::npy {

// The dtypes pyscript has (its arrays' four).
enum class DType { Float32, Float64, Int64, Bool };
size_t dtype_size(DType d);
const char* dtype_name(DType d); // "float32", ...
const char* descr_of(DType d);   // "<f4", ...

// What an .npy header says. `descr` is kept as written ('<i4'), so that a dtype pyscript lacks can
// be named in an error; `dtype` is set only for the four pyscript has (big-endian ones too, with
// `swap`: the data's bytes are reversed per element).
struct Header {
  std::string descr;
  std::optional<DType> dtype;
  bool swap = false;
  bool fortran = false;
  std::vector<int64_t> shape;
  uint64_t data_offset = 0; // from the start of the .npy bytes to the data
  // The element count, or nothing when it overflows 63 bits.
  std::optional<int64_t> elements() const;
};

constexpr size_t kMagicSize = 6; // "\x93NUMPY"
bool is_npy_magic(std::string_view first6);
// numpy's test for an archive: a local file header or an empty archive's end record.
bool is_zip_magic(std::string_view first4);

// The bytes to read to parse the header that starts with `first` (its first 12 bytes, or all the
// file has): 0 after setting `error` when `first` is no .npy header numpy reads.
uint64_t header_size(std::string_view first, std::string& error);
// The header at the start of `bytes` (header_size(bytes) of them); nothing after setting `error`
// to what is wrong, in numpy's words where numpy has them.
std::optional<Header> parse_header(std::string_view bytes, std::string& error);
// An unsupported descr for messages: "int32 ('<i4')".
std::string describe_descr(const std::string& descr);

// The header numpy 1.24 writes for an array of `dtype` and `shape` (magic, version 1.0, length, the
// dict, the padding and the newline), so that the data starts at a multiple of 64.
std::string header_bytes(DType dtype, bool fortran, const std::vector<int64_t>& shape);

// CRC-32 (ISO 3309, as zip and zlib compute it), continuing from `crc` (0 to start).
uint32_t crc32(uint32_t crc, const void* data, size_t size);

// A file opened for reading at offsets. errno_value: the errno of a failed open (EISDIR for a
// directory, which open(2) itself accepts) or read.
class InputFile {
public:
  InputFile() = default;
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  ~InputFile();
  // Opens `path`; with regular_only, anything but a regular file fails (ENODEV): compiling never
  // blocks on a FIFO or a device that a program names.
  bool open(const std::string& path, bool regular_only = false);
  uint64_t size() const { return size_; }
  // Up to `n` bytes at `offset` into `dst` (fewer at the end of the file): how many, or -1 after a
  // read error.
  int64_t read(uint64_t offset, void* dst, size_t n);
  // The same into a string (resized to what was read); false after a read error.
  bool read(uint64_t offset, size_t n, std::string& out);
  int errno_value = 0;

private:
  int fd_ = -1;
  uint64_t size_ = 0;
};

// One entry of an archive's central directory (zip64 fields applied).
struct ZipMember {
  std::string name;
  uint16_t method = 0; // 0 stored, 8 deflated
  uint16_t flags = 0;
  uint32_t crc = 0;
  uint64_t compressed = 0, size = 0, local_offset = 0;
};
// The central directory of the archive in `file`; nothing after setting `error` (zipfile's words:
// "File is not a zip file").
std::optional<std::vector<ZipMember>> read_zip_directory(InputFile& file, std::string& error);
// numpy's NpzFile lookup: `key` as named in the archive, or `key` + ".npy"; null when neither.
const ZipMember* find_npz_member(const std::vector<ZipMember>& members, const std::string& key);
// The names np.load(...).files lists: each member's, less a final ".npy".
std::vector<std::string> npz_keys(const std::vector<ZipMember>& members);

// The bytes of one member in order, inflated when deflated; after the last, check() compares
// their CRC-32 with the directory's ("Bad CRC-32 for file 'w1.npy'").
class MemberReader {
public:
  MemberReader(InputFile& file, const ZipMember& member);
  MemberReader(const MemberReader&) = delete;
  MemberReader& operator=(const MemberReader&) = delete;
  ~MemberReader();
  // Up to `n` more bytes into dst: how many (fewer at the end), or -1 after setting `error`.
  int64_t read(void* dst, size_t n, std::string& error);
  // After reading all of it: whether the CRC-32 matches (error set when not).
  bool check(std::string& error);

private:
  bool start(std::string& error);
  InputFile& file_;
  ZipMember member_;
  bool started_ = false;
  uint64_t data_ = 0;     // where the member's bytes start in the file
  uint64_t consumed_ = 0; // compressed bytes taken from the file
  uint64_t produced_ = 0; // bytes given out
  uint32_t crc_ = 0;
  struct Inflater;
  std::unique_ptr<Inflater> inflater_;
};

// Writes an archive as np.savez does through Python's zipfile (Note [Bytes as numpy writes
// them]): members one after another, each from pieces of bytes, then the central directory.
class ZipWriter {
public:
  explicit ZipWriter(std::FILE* out) : out_(out) {}
  struct Piece {
    const void* data;
    size_t size;
  };
  // A member whose bytes are the concatenation of `pieces`; deflate: compressed as zipfile's
  // ZIP_DEFLATED does (zlib's default level, raw deflate). False on a write error (errno set).
  bool add(const std::string& name, const std::vector<Piece>& pieces, bool deflate);
  // The central directory and the end records; false on a write error.
  bool finish();

private:
  bool write(const void* data, size_t n);
  std::FILE* out_;
  uint64_t offset_ = 0;
  std::vector<ZipMember> members_;
};

} // namespace pyscript::npy
