#include "support/npy_format.hpp"

#include <zlib.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <limits>

namespace pyscript::npy {

// Note [Bytes as numpy writes them]
// np.save (numpy 1.24, lib/format.py) writes format version 1.0: "\x93NUMPY\x01\x00", the header
// length (uint16, little-endian), then the header: the dict with its keys sorted, each as
// "'KEY': repr(value), ", then "}", then GROWTH_AXIS_MAX_DIGITS (21) minus the digits of the first
// dimension in spaces (none for a 0-d array), then spaces up to one byte before a multiple of 64
// (a whole 64 when it is one already), then "\n". The data follows in C order, or in Fortran order
// with 'fortran_order': True for an array that is Fortran- but not C-contiguous (a transpose).
//
// np.savez writes through Python's zipfile (3.11), opening each member with force_zip64=True:
//   local header   version 20 (45 when a size passes 2**31 - 1), flags 0 (0x800 for a non-ASCII
//                  name), method 0 (8 when compressed), time 0 and date 0x21 (1980-01-01), the
//                  CRC-32 and sizes (0xffffffff past 2**31 - 1), then the zip64 extra field always:
//                  id 1, 16 bytes, the size and the compressed size as uint64;
//   central entry  made by 0x0314 (Unix, 2.0), the same versions, no extra field unless a size or
//                  the header's offset passes 2**31 - 1 (then one zip64 field holding those, in
//                  that order, and versions 45), external attributes 0o600 << 16;
//   end records    the zip64 end record and locator only when there are more than 65535 members
//                  or the directory's offset or size passes 2**31 - 1.
// Keyword arrays come first, in the call's order, then the positional ones as arr_0, arr_1, ...
// (numpy adds them to the keyword dict). Deflated members are compressed by zlib at its default
// level as zipfile's compressobj(-1, DEFLATED, -15) is.

namespace {

constexpr uint64_t kZip64Limit = (uint64_t(1) << 31) - 1;
constexpr uint64_t kHeaderLimit = 10000; // numpy's max_header_size

void put16(std::string& out, uint32_t v) {
  out += char(v & 0xff);
  out += char((v >> 8) & 0xff);
}
void put32(std::string& out, uint32_t v) {
  put16(out, v & 0xffff);
  put16(out, v >> 16);
}
void put64(std::string& out, uint64_t v) {
  put32(out, uint32_t(v));
  put32(out, uint32_t(v >> 32));
}
uint32_t get16(std::string_view b, size_t at) {
  return uint32_t(uint8_t(b[at])) | uint32_t(uint8_t(b[at + 1])) << 8;
}
uint32_t get32(std::string_view b, size_t at) {
  return get16(b, at) | get16(b, at + 2) << 16;
}
uint64_t get64(std::string_view b, size_t at) {
  return uint64_t(get32(b, at)) | uint64_t(get32(b, at + 4)) << 32;
}

// --- the header's Python literal ---

// A value of the header dict: a str, a bool, an int, a tuple of ints, or something else (kept as
// its source text, for messages).
struct Literal {
  enum Kind { Str, Bool, Int, Tuple, Other } kind = Other;
  std::string text; // Str: the value; Other: the source
  bool flag = false;
  int64_t number = 0;
  std::vector<int64_t> items;
  bool items_ok = true; // Tuple: every item an int >= 0
  std::string source;
};

class LiteralParser {
public:
  explicit LiteralParser(std::string_view s) : s_(s) {}

  bool dict(std::vector<std::pair<std::string, Literal>>& out) {
    skip();
    if (!eat('{')) return false;
    skip();
    while (!eat('}')) {
      Literal key;
      if (!value(key) || key.kind != Literal::Str) return false;
      skip();
      if (!eat(':')) return false;
      Literal v;
      if (!value(v)) return false;
      out.push_back({key.text, v});
      skip();
      if (eat('}')) break;
      if (!eat(',')) return false;
      skip();
    }
    skip();
    return at_ == s_.size();
  }

private:
  void skip() {
    while (at_ < s_.size() &&
           (s_[at_] == ' ' || s_[at_] == '\t' || s_[at_] == '\n' || s_[at_] == '\r'))
      ++at_;
  }
  bool eat(char c) {
    if (at_ < s_.size() && s_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  bool word(std::string_view w) {
    if (s_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  bool value(Literal& v) {
    skip();
    size_t begin = at_;
    bool ok = value_in(v);
    v.source = std::string(s_.substr(begin, at_ - begin));
    return ok;
  }

  bool value_in(Literal& v) {
    if (at_ >= s_.size()) return false;
    char c = s_[at_];
    if (c == '\'' || c == '"') {
      ++at_;
      v.kind = Literal::Str;
      while (at_ < s_.size() && s_[at_] != c) {
        if (s_[at_] == '\\' && at_ + 1 < s_.size()) ++at_;
        v.text += s_[at_++];
      }
      return eat(c);
    }
    if (word("True") || word("False")) {
      v.kind = Literal::Bool;
      v.flag = s_[at_ - 1] == 'e' && s_[at_ - 2] == 'u'; // True, not False
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = Literal::Int;
      return integer(v.number);
    }
    if (c == '(' || c == '[' || c == '{') {
      // A tuple of ints is a shape; anything else bracketed (a structured dtype's list) is kept
      // as text.
      char close = c == '(' ? ')' : c == '[' ? ']' : '}';
      ++at_;
      v.kind = c == '(' ? Literal::Tuple : Literal::Other;
      skip();
      while (!eat(close)) {
        Literal item;
        if (!value(item)) return false;
        if (v.kind == Literal::Tuple) {
          if (item.kind == Literal::Int && item.number >= 0)
            v.items.push_back(item.number);
          else
            v.items_ok = false;
        }
        skip();
        if (c == '{' && eat(':')) {
          Literal inner;
          if (!value(inner)) return false;
          skip();
        }
        if (eat(close)) break;
        if (!eat(',')) return false;
        skip();
      }
      return true;
    }
    // Anything else up to a separator: a name (None), kept as text.
    size_t begin = at_;
    while (at_ < s_.size() && s_[at_] != ',' && s_[at_] != '}' && s_[at_] != ')' && s_[at_] != ']')
      ++at_;
    v.kind = Literal::Other;
    return at_ > begin;
  }

  bool integer(int64_t& out) {
    bool negative = eat('-');
    size_t begin = at_;
    uint64_t v = 0;
    while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') {
      if (v > (uint64_t(INT64_MAX) - 9) / 10) return false;
      v = v * 10 + uint64_t(s_[at_++] - '0');
    }
    if (at_ == begin) return false;
    eat('L'); // Python 2's long, in headers numpy wrote then
    out = negative ? -int64_t(v) : int64_t(v);
    return true;
  }

  std::string_view s_;
  size_t at_ = 0;
};

// The descr numpy writes ('<f4') or one np.dtype accepts for the same dtype, as a pyscript dtype.
std::optional<DType> dtype_of_descr(const std::string& descr, bool& swap) {
  swap = false;
  std::string code = descr;
  if (!code.empty() && (code[0] == '<' || code[0] == '>' || code[0] == '|' || code[0] == '=')) {
    swap = code[0] == '>';
    code = code.substr(1);
  }
  if (code == "f4" || code == "f") return DType::Float32;
  if (code == "f8" || code == "d") return DType::Float64;
  if (code == "i8" || code == "q" || code == "l") return DType::Int64;
  if (code == "b1" || code == "?") {
    swap = false;
    return DType::Bool;
  }
  return std::nullopt;
}

std::string repr_text(const std::string& s) {
  return "'" + s + "'";
}

} // namespace

size_t dtype_size(DType d) {
  return d == DType::Bool ? 1 : d == DType::Float32 ? 4 : 8;
}

const char* dtype_name(DType d) {
  switch (d) {
  case DType::Float32:
    return "float32";
  case DType::Float64:
    return "float64";
  case DType::Int64:
    return "int64";
  case DType::Bool:
    return "bool";
  }
  return "?";
}

const char* descr_of(DType d) {
  switch (d) {
  case DType::Float32:
    return "<f4";
  case DType::Float64:
    return "<f8";
  case DType::Int64:
    return "<i8";
  case DType::Bool:
    return "|b1";
  }
  return "?";
}

std::optional<int64_t> Header::elements() const {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d != 0 && n > INT64_MAX / d) return std::nullopt;
    n *= d;
  }
  return n;
}

bool is_npy_magic(std::string_view first6) {
  return first6.size() >= kMagicSize && first6.substr(0, 6) == "\x93NUMPY";
}

bool is_zip_magic(std::string_view first4) {
  return first4.size() >= 4 && (first4.substr(0, 4) == std::string_view("PK\x03\x04", 4) ||
                                first4.substr(0, 4) == std::string_view("PK\x05\x06", 4));
}

uint64_t header_size(std::string_view first, std::string& error) {
  if (first.size() < 8 || !is_npy_magic(first)) {
    error = "the magic string is not correct; expected b'\\x93NUMPY'";
    return 0;
  }
  int major = uint8_t(first[6]), minor = uint8_t(first[7]);
  if (minor != 0 || major < 1 || major > 3) {
    error = "we only support format version (1,0), (2,0), and (3,0), not (" +
            std::to_string(major) + ", " + std::to_string(minor) + ")";
    return 0;
  }
  size_t prefix = major == 1 ? 10 : 12;
  if (first.size() < prefix) {
    error = "EOF: reading array header length, expected " + std::to_string(prefix - 8) +
            " bytes got " + std::to_string(first.size() - 8);
    return 0;
  }
  uint64_t length = major == 1 ? get16(first, 8) : get32(first, 8);
  if (length > kHeaderLimit) {
    error = "Header info length (" + std::to_string(length) +
            ") is large and may not be safe to load securely.  To allow loading, adjust "
            "`max_header_size` "
            "or fully trust the `.npy` file using `allow_pickle=True`.";
    return 0;
  }
  return prefix + length;
}

std::optional<Header> parse_header(std::string_view bytes, std::string& error) {
  uint64_t size = header_size(bytes, error);
  if (size == 0) return std::nullopt;
  size_t prefix = uint8_t(bytes[6]) == 1 ? 10 : 12;
  if (bytes.size() < size) {
    error = "EOF: reading array header, expected " + std::to_string(size - prefix) + " bytes got " +
            std::to_string(bytes.size() - prefix);
    return std::nullopt;
  }
  std::string_view text = bytes.substr(prefix, size - prefix);
  std::vector<std::pair<std::string, Literal>> items;
  if (!LiteralParser(text).dict(items)) {
    error = "Cannot parse header: " + repr_text(std::string(text));
    return std::nullopt;
  }
  std::vector<std::string> keys;
  for (auto& [k, v] : items)
    keys.push_back(k);
  std::sort(keys.begin(), keys.end());
  if (keys != std::vector<std::string>{"descr", "fortran_order", "shape"}) {
    std::string list;
    for (const std::string& k : keys)
      list += (list.empty() ? "" : ", ") + repr_text(k);
    error = "Header does not contain the correct keys: [" + list + "]";
    return std::nullopt;
  }
  Header h;
  h.data_offset = size;
  for (auto& [key, v] : items) {
    if (key == "shape") {
      if (v.kind != Literal::Tuple || !v.items_ok) {
        error = "shape is not valid: " + v.source;
        return std::nullopt;
      }
      h.shape = v.items;
    } else if (key == "fortran_order") {
      if (v.kind != Literal::Bool) {
        error = "fortran_order is not a valid bool: " + v.source;
        return std::nullopt;
      }
      h.fortran = v.flag;
    } else {
      if (v.kind != Literal::Str) {
        error = "descr is not a valid dtype descriptor: " + v.source;
        return std::nullopt;
      }
      h.descr = v.text;
      h.dtype = dtype_of_descr(h.descr, h.swap);
    }
  }
  return h;
}

std::string describe_descr(const std::string& descr) {
  std::string code = descr;
  if (!code.empty() && std::strchr("<>|=", code[0])) code = code.substr(1);
  std::string name;
  if (code.size() >= 2 && std::isdigit(uint8_t(code[1]))) {
    int bits = std::atoi(code.c_str() + 1) * 8;
    switch (code[0]) {
    case 'i':
      name = "int" + std::to_string(bits);
      break;
    case 'u':
      name = "uint" + std::to_string(bits);
      break;
    case 'f':
      name = "float" + std::to_string(bits);
      break;
    case 'c':
      name = "complex" + std::to_string(bits);
      break;
    case 'b':
      name = "bool";
      break;
    case 'U':
      name = "str";
      break;
    case 'S':
      name = "bytes";
      break;
    default:
      break;
    }
  } else if (code == "O") {
    name = "object";
  }
  return name.empty() ? repr_text(descr) : name + " (" + repr_text(descr) + ")";
}

std::string header_bytes(DType dtype, bool fortran, const std::vector<int64_t>& shape) {
  std::string shape_text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    shape_text += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) shape_text += ",";
  shape_text += ")";
  std::string dict = "{'descr': '" + std::string(descr_of(dtype)) +
                     "', 'fortran_order': " + (fortran ? "True" : "False") +
                     ", 'shape': " + shape_text + ", }";
  if (!shape.empty()) {
    size_t digits = std::to_string(shape[fortran ? shape.size() - 1 : 0]).size();
    dict += std::string(digits < 21 ? 21 - digits : 0, ' ');
  }
  size_t length = dict.size() + 1;
  size_t pad = 64 - (10 + length) % 64;
  std::string out("\x93NUMPY\x01\x00", 8);
  put16(out, uint32_t(length + pad));
  out += dict;
  out += std::string(pad, ' ');
  out += '\n';
  return out;
}

uint32_t crc32(uint32_t crc, const void* data, size_t size) {
  return uint32_t(::crc32_z(crc, static_cast<const Bytef*>(data), size));
}

// --- reading files ---

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

bool InputFile::open(const std::string& path, bool regular_only) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (regular_only ? O_NONBLOCK : 0));
  if (fd_ < 0) {
    errno_value = errno;
    return false;
  }
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    errno_value = errno;
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    errno_value = EISDIR;
    return false;
  }
  if (regular_only && !S_ISREG(st.st_mode)) {
    errno_value = ENODEV;
    return false;
  }
  size_ = uint64_t(st.st_size);
  return true;
}

int64_t InputFile::read(uint64_t offset, void* dst, size_t n) {
  size_t done = 0;
  while (done < n) {
    ssize_t got = ::pread(fd_, static_cast<char*>(dst) + done, n - done, off_t(offset + done));
    if (got < 0) {
      if (errno == EINTR) continue;
      errno_value = errno;
      return -1;
    }
    if (got == 0) break;
    done += size_t(got);
  }
  return int64_t(done);
}

bool InputFile::read(uint64_t offset, size_t n, std::string& out) {
  out.resize(n);
  int64_t got = read(offset, out.data(), n);
  if (got < 0) return false;
  out.resize(size_t(got));
  return true;
}

std::optional<std::vector<ZipMember>> read_zip_directory(InputFile& file, std::string& error) {
  error = "File is not a zip file";
  // The end record: 22 bytes, then a comment of up to 65535 bytes; the last signature wins.
  uint64_t size = file.size();
  if (size < 22) return std::nullopt;
  uint64_t tail_at = size > 22 + 65535 ? size - 22 - 65535 : 0;
  std::string tail;
  if (!file.read(tail_at, size_t(size - tail_at), tail)) return std::nullopt;
  size_t eocd = std::string::npos;
  for (size_t i = tail.size() - 22 + 1; i-- > 0;) {
    if (get32(tail, i) == 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd == std::string::npos) return std::nullopt;
  uint64_t count = get16(tail, eocd + 10), dir_size = get32(tail, eocd + 12),
           dir_offset = get32(tail, eocd + 16);
  uint64_t end_at = tail_at + eocd; // where the directory ends (the zip64 records, or this record)
  if (eocd >= 20 && get32(tail, eocd - 20) == 0x07064b50) {
    uint64_t record = get64(tail, eocd - 20 + 8);
    std::string r;
    if (!file.read(record, 56, r) || r.size() < 56 || get32(r, 0) != 0x06064b50) {
      error = "Corrupt zip64 end of central directory locator";
      return std::nullopt;
    }
    count = get64(r, 32);
    dir_size = get64(r, 40);
    dir_offset = get64(r, 48);
    end_at = record;
  }
  // Bytes before the archive (a self-extracting stub) shift every offset, as zipfile allows.
  if (end_at < dir_size + dir_offset) return std::nullopt;
  uint64_t shift = end_at - dir_size - dir_offset;
  std::string dir;
  if (!file.read(dir_offset + shift, size_t(dir_size), dir) || dir.size() != dir_size)
    return std::nullopt;
  std::vector<ZipMember> members;
  size_t at = 0;
  for (uint64_t e = 0; e < count; ++e) {
    if (at + 46 > dir.size() || get32(dir, at) != 0x02014b50) {
      error = "Bad magic number for central directory";
      return std::nullopt;
    }
    ZipMember m;
    m.flags = uint16_t(get16(dir, at + 8));
    m.method = uint16_t(get16(dir, at + 10));
    m.crc = get32(dir, at + 16);
    m.compressed = get32(dir, at + 20);
    m.size = get32(dir, at + 24);
    size_t name_len = get16(dir, at + 28), extra_len = get16(dir, at + 30),
           comment_len = get16(dir, at + 32);
    m.local_offset = get32(dir, at + 42);
    if (at + 46 + name_len + extra_len + comment_len > dir.size()) return std::nullopt;
    m.name = dir.substr(at + 46, name_len);
    // The zip64 field holds, in order, the fields saturated above.
    for (size_t x = at + 46 + name_len; x + 4 <= at + 46 + name_len + extra_len;) {
      uint32_t id = get16(dir, x), len = get16(dir, x + 2);
      if (x + 4 + len > at + 46 + name_len + extra_len) break;
      if (id == 1) {
        size_t y = x + 4, end = x + 4 + len;
        if (m.size == 0xffffffff && y + 8 <= end) m.size = get64(dir, y), y += 8;
        if (m.compressed == 0xffffffff && y + 8 <= end) m.compressed = get64(dir, y), y += 8;
        if (m.local_offset == 0xffffffff && y + 8 <= end) m.local_offset = get64(dir, y);
      }
      x += 4 + len;
    }
    m.local_offset += shift;
    members.push_back(std::move(m));
    at += 46 + name_len + extra_len + comment_len;
  }
  error.clear();
  return members;
}

const ZipMember* find_npz_member(const std::vector<ZipMember>& members, const std::string& key) {
  for (const ZipMember& m : members)
    if (m.name == key) return &m;
  for (const ZipMember& m : members)
    if (m.name == key + ".npy") return &m;
  return nullptr;
}

std::vector<std::string> npz_keys(const std::vector<ZipMember>& members) {
  std::vector<std::string> out;
  for (const ZipMember& m : members) {
    bool npy = m.name.size() >= 4 && m.name.compare(m.name.size() - 4, 4, ".npy") == 0;
    out.push_back(npy ? m.name.substr(0, m.name.size() - 4) : m.name);
  }
  return out;
}

struct MemberReader::Inflater {
  z_stream z{};
  std::string input;
  bool done = false;
  ~Inflater() { inflateEnd(&z); }
};

MemberReader::MemberReader(InputFile& file, const ZipMember& member)
    : file_(file), member_(member) {}
MemberReader::~MemberReader() = default;

bool MemberReader::start(std::string& error) {
  started_ = true;
  if (member_.flags & 1) {
    error = "File " + repr_text(member_.name) + " is encrypted, password required for extraction";
    return false;
  }
  if (member_.method != 0 && member_.method != 8) {
    error = "That compression method is not supported";
    return false;
  }
  std::string local;
  if (!file_.read(member_.local_offset, 30, local) || local.size() < 30 ||
      get32(local, 0) != 0x04034b50) {
    error = "Bad magic number for file header";
    return false;
  }
  data_ = member_.local_offset + 30 + get16(local, 26) + get16(local, 28);
  if (data_ + member_.compressed > file_.size()) {
    error = "Truncated file header";
    return false;
  }
  if (member_.method == 8) {
    inflater_ = std::make_unique<Inflater>();
    if (inflateInit2(&inflater_->z, -MAX_WBITS) != Z_OK) {
      error = "Error -2 while preparing to decompress data";
      return false;
    }
  }
  return true;
}

int64_t MemberReader::read(void* dst, size_t n, std::string& error) {
  if (!started_ && !start(error)) return -1;
  n = size_t(std::min<uint64_t>(n, member_.size - produced_));
  if (n == 0) return 0;
  int64_t got = 0;
  if (!inflater_) {
    got = file_.read(data_ + produced_, dst, n);
    if (got < 0) {
      error = std::strerror(file_.errno_value);
      return -1;
    }
  } else {
    Inflater& f = *inflater_;
    f.z.next_out = static_cast<Bytef*>(dst);
    n = std::min<size_t>(n, size_t(1) << 30); // avail_out is 32 bits
    f.z.avail_out = uInt(n);
    while (f.z.avail_out > 0 && !f.done) {
      if (f.z.avail_in == 0) {
        if (consumed_ >= member_.compressed) {
          error = "Error -5 while decompressing data: incomplete or truncated stream";
          return -1;
        }
        size_t chunk = size_t(std::min<uint64_t>(1 << 16, member_.compressed - consumed_));
        if (!file_.read(data_ + consumed_, chunk, f.input) || f.input.empty()) {
          error = "Error -5 while decompressing data: incomplete or truncated stream";
          return -1;
        }
        consumed_ += f.input.size();
        f.z.next_in = reinterpret_cast<Bytef*>(f.input.data());
        f.z.avail_in = uInt(f.input.size());
      }
      int rc = inflate(&f.z, Z_NO_FLUSH);
      if (rc == Z_STREAM_END)
        f.done = true;
      else if (rc != Z_OK && !(rc == Z_BUF_ERROR && f.z.avail_in == 0)) {
        error = "Error -3 while decompressing data";
        return -1;
      }
    }
    got = int64_t(n - f.z.avail_out);
  }
  crc_ = crc32(crc_, dst, size_t(got));
  produced_ += uint64_t(got);
  return got;
}

bool MemberReader::check(std::string& error) {
  if (!started_ && !start(error)) return false;
  if (produced_ == member_.size && crc_ == member_.crc) return true;
  error = "Bad CRC-32 for file " + repr_text(member_.name);
  return false;
}

// --- writing archives ---

bool ZipWriter::write(const void* data, size_t n) {
  if (n && std::fwrite(data, 1, n, out_) != n) return false;
  offset_ += n;
  return true;
}

bool ZipWriter::add(const std::string& name, const std::vector<Piece>& pieces, bool deflate) {
  ZipMember m;
  m.name = name;
  m.method = deflate ? 8 : 0;
  m.local_offset = offset_;
  for (char c : name)
    if (uint8_t(c) >= 0x80) m.flags = 0x800; // a UTF-8 name, as zipfile marks it
  std::string compressed;
  for (const Piece& p : pieces) {
    m.crc = crc32(m.crc, p.data, p.size);
    m.size += p.size;
  }
  if (deflate) {
    z_stream z{};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) !=
        Z_OK) {
      errno = ENOMEM;
      return false;
    }
    char buffer[1 << 16];
    auto drain = [&](int flush) {
      int rc;
      do {
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        rc = ::deflate(&z, flush);
        compressed.append(buffer, sizeof buffer - z.avail_out);
      } while (flush == Z_FINISH ? rc == Z_OK : z.avail_out == 0);
    };
    for (const Piece& p : pieces) {
      const char* at = static_cast<const char*>(p.data);
      for (size_t left = p.size; left > 0;) {
        size_t step = std::min<size_t>(left, size_t(1) << 30); // avail_in is 32 bits
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(at));
        z.avail_in = uInt(step);
        drain(Z_NO_FLUSH);
        at += step;
        left -= step;
      }
    }
    z.avail_in = 0;
    drain(Z_FINISH);
    deflateEnd(&z);
    m.compressed = compressed.size();
  } else {
    m.compressed = m.size;
  }
  bool big = m.size > kZip64Limit || m.compressed > kZip64Limit;
  std::string local;
  put32(local, 0x04034b50);
  put16(local, big ? 45 : 20);
  put16(local, m.flags);
  put16(local, m.method);
  put16(local, 0);    // time 00:00:00
  put16(local, 0x21); // date 1980-01-01
  put32(local, m.crc);
  put32(local, big ? 0xffffffff : uint32_t(m.compressed));
  put32(local, big ? 0xffffffff : uint32_t(m.size));
  put16(local, uint32_t(name.size()));
  put16(local, 20);
  local += name;
  put16(local, 1);
  put16(local, 16);
  put64(local, m.size);
  put64(local, m.compressed);
  if (!write(local.data(), local.size())) return false;
  if (deflate) {
    if (!write(compressed.data(), compressed.size())) return false;
  } else {
    for (const Piece& p : pieces)
      if (!write(p.data, p.size)) return false;
  }
  members_.push_back(std::move(m));
  return true;
}

bool ZipWriter::finish() {
  uint64_t dir_offset = offset_;
  for (const ZipMember& m : members_) {
    bool big = m.size > kZip64Limit || m.compressed > kZip64Limit;
    bool far = m.local_offset > kZip64Limit;
    std::string extra;
    if (big || far) {
      put16(extra, 1);
      put16(extra, uint32_t(8 * ((big ? 2 : 0) + (far ? 1 : 0))));
      if (big) {
        put64(extra, m.size);
        put64(extra, m.compressed);
      }
      if (far) put64(extra, m.local_offset);
    }
    uint32_t version = big || far ? 45 : 20;
    std::string entry;
    put32(entry, 0x02014b50);
    entry += char(version);
    entry += char(3); // made on Unix
    put16(entry, version);
    put16(entry, m.flags);
    put16(entry, m.method);
    put16(entry, 0);
    put16(entry, 0x21);
    put32(entry, m.crc);
    put32(entry, big ? 0xffffffff : uint32_t(m.compressed));
    put32(entry, big ? 0xffffffff : uint32_t(m.size));
    put16(entry, uint32_t(m.name.size()));
    put16(entry, uint32_t(extra.size()));
    put16(entry, 0);           // comment
    put16(entry, 0);           // disk
    put16(entry, 0);           // internal attributes
    put32(entry, 0600u << 16); // ?rw-------
    put32(entry, far ? 0xffffffff : uint32_t(m.local_offset));
    entry += m.name;
    entry += extra;
    if (!write(entry.data(), entry.size())) return false;
  }
  uint64_t dir_end = offset_, count = members_.size(), dir_size = dir_end - dir_offset;
  std::string end;
  if (count > 0xffff || dir_offset > kZip64Limit || dir_size > kZip64Limit) {
    put32(end, 0x06064b50);
    put64(end, 44);
    put16(end, 45);
    put16(end, 45);
    put32(end, 0);
    put32(end, 0);
    put64(end, count);
    put64(end, count);
    put64(end, dir_size);
    put64(end, dir_offset);
    put32(end, 0x07064b50);
    put32(end, 0);
    put64(end, dir_end);
    put32(end, 1);
  }
  put32(end, 0x06054b50);
  put16(end, 0);
  put16(end, 0);
  put16(end, uint32_t(std::min<uint64_t>(count, 0xffff)));
  put16(end, uint32_t(std::min<uint64_t>(count, 0xffff)));
  put32(end, uint32_t(std::min<uint64_t>(dir_size, 0xffffffff)));
  put32(end, uint32_t(std::min<uint64_t>(dir_offset, 0xffffffff)));
  put16(end, 0);
  return write(end.data(), end.size());
}

} // namespace pyscript::npy
