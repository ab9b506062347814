// numpy's .npy files: a magic string, a version, a Python-dict header
// ({'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }), then the raw data.
// In the runtime library (C ABI: pyrt_load_npy / pyrt_save_npy), so that hosts of ahead-of-time
// objects read weights too; pyscript::load_npy / save_npy wrap these.
#include "runtime/array_internal.hpp"

#include <zlib.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": " + what);
}

// The value after 'key': in the header dict, up to the next ',' at depth 0 (or the ')' of a shape).
std::string field(const std::string& header, const std::string& key, const std::string& path) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos) fail(path, "not a .npy header (no '" + key + "')");
  size_t colon = header.find(':', at);
  if (colon == std::string::npos) fail(path, "malformed .npy header");
  size_t start = header.find_first_not_of(' ', colon + 1);
  if (start == std::string::npos) fail(path, "malformed .npy header");
  if (header[start] == '(') {
    size_t end = header.find(')', start);
    if (end == std::string::npos) fail(path, "malformed shape in .npy header");
    return header.substr(start, end - start + 1);
  }
  size_t end = header.find_first_of(",}", start);
  return header.substr(start, end - start);
}

// Parses .npy bytes held in `in` (a file, or a member of an .npz); `path` names it in errors.
pyrt_array* parse(std::istream& in, const std::string& path) {
  char magic[8];
  if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0) fail(path, "not a .npy file");
  int major = static_cast<unsigned char>(magic[6]);
  uint32_t header_len = 0;
  if (major == 1) {
    unsigned char b[2];
    if (!in.read(reinterpret_cast<char*>(b), 2)) fail(path, "truncated header");
    header_len = b[0] | (uint32_t(b[1]) << 8);
  } else if (major == 2 || major == 3) {
    unsigned char b[4];
    if (!in.read(reinterpret_cast<char*>(b), 4)) fail(path, "truncated header");
    header_len = b[0] | (uint32_t(b[1]) << 8) | (uint32_t(b[2]) << 16) | (uint32_t(b[3]) << 24);
  } else {
    fail(path, ".npy format version " + std::to_string(major) + " is not supported");
  }
  if (header_len > (1u << 20)) fail(path, "header too large");
  std::string header(header_len, '\0');
  if (!in.read(header.data(), header_len)) fail(path, "truncated header");

  std::string descr = field(header, "descr", path);
  int32_t dtype;
  if (descr == "'<f4'") dtype = PYRT_F32;
  else if (descr == "'<f8'") dtype = PYRT_F64;
  else if (descr == "'<i8'") dtype = PYRT_I64;
  else if (descr == "'|b1'") dtype = PYRT_BOOL;
  else fail(path, "dtype " + descr + " is not supported (float32, float64, int64, bool)");
  if (field(header, "fortran_order", path) != "False") fail(path, "Fortran order is not supported");
  std::string shape_text = field(header, "shape", path);
  std::vector<int64_t> shape;
  for (size_t p = 1; p < shape_text.size();) {
    size_t q = shape_text.find_first_of(",)", p);
    std::string item = shape_text.substr(p, q - p);
    if (item.find_first_not_of(' ') != std::string::npos) {
      char* end = nullptr;
      long long d = std::strtoll(item.c_str(), &end, 10);
      if (d < 0) fail(path, "negative dimension");
      shape.push_back(d);
    }
    if (q == std::string::npos || shape_text[q] == ')') break;
    p = q + 1;
  }
  if (shape.size() > PYRT_MAX_DIMS) fail(path, "more than 8 dimensions");
  pyrt_array* a = pyrt_array_try_new(dtype, int32_t(shape.size()), shape.data());
  if (!a) fail(path, "no memory for an array of shape " + pyscript::runtime::shape_text(int32_t(shape.size()), shape.data()));
  std::streamsize bytes = std::streamsize(size_t(a->size) * pyscript::runtime::dtype_size(dtype));
  if (bytes > 0 && !in.read(static_cast<char*>(a->data), bytes)) {
    pyrt_array_release(a);
    fail(path, "truncated data");
  }
  return a;
}

pyrt_array* load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot open");
  return parse(in, path);
}

// --- .npz: a zip archive of .npy files (np.savez stores them, np.savez_compressed deflates) ---

uint32_t u16(const std::string& b, size_t at) {
  if (at + 2 > b.size()) throw std::runtime_error("");
  return uint32_t(static_cast<unsigned char>(b[at])) | uint32_t(static_cast<unsigned char>(b[at + 1])) << 8;
}
uint32_t u32(const std::string& b, size_t at) { return u16(b, at) | u16(b, at + 2) << 16; }
uint64_t u64(const std::string& b, size_t at) { return uint64_t(u32(b, at)) | uint64_t(u32(b, at + 4)) << 32; }

// The member `name` ("w1" or "w1.npy") of the archive at `path`, decompressed.
std::string npz_member(const std::string& path, const std::string& name) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot open");
  std::string zip((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string want = name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0 ? name : name + ".npy";
  try {
    // The end-of-central-directory record: the last "PK\5\6" within the final 64 KiB + 22 bytes.
    size_t eocd = std::string::npos;
    for (size_t i = zip.size() >= 22 ? zip.size() - 22 : 0; i + 1 > 0 && zip.size() - i <= 65557; --i) {
      if (u32(zip, i) == 0x06054b50) {
        eocd = i;
        break;
      }
      if (i == 0) break;
    }
    if (eocd == std::string::npos) fail(path, "not a .npz (zip) file");
    uint64_t entries = u16(zip, eocd + 10);
    uint64_t dir = u32(zip, eocd + 16);
    if (dir == 0xffffffff || entries == 0xffff) {
      // zip64: the locator just before points to the zip64 end record.
      size_t locator = eocd - 20;
      if (u32(zip, locator) != 0x07064b50) fail(path, "malformed zip64 archive");
      size_t end64 = size_t(u64(zip, locator + 8));
      entries = u64(zip, end64 + 32);
      dir = u64(zip, end64 + 48);
    }
    size_t at = size_t(dir);
    for (uint64_t e = 0; e < entries; ++e) {
      if (u32(zip, at) != 0x02014b50) fail(path, "malformed zip directory");
      uint32_t method = u16(zip, at + 10);
      uint64_t compressed = u32(zip, at + 20), size = u32(zip, at + 24);
      uint32_t name_len = u16(zip, at + 28), extra_len = u16(zip, at + 30), comment_len = u16(zip, at + 32);
      uint64_t local = u32(zip, at + 42);
      std::string member = zip.substr(at + 46, name_len);
      // Zip64 sizes and offset, for the fields saturated above (numpy writes them).
      for (size_t x = at + 46 + name_len; x + 4 <= at + 46 + name_len + extra_len;) {
        uint32_t id = u16(zip, x), len = u16(zip, x + 2);
        if (id == 1) {
          size_t y = x + 4;
          if (size == 0xffffffff) size = u64(zip, y), y += 8;
          if (compressed == 0xffffffff) compressed = u64(zip, y), y += 8;
          if (local == 0xffffffff) local = u64(zip, y);
        }
        x += 4 + len;
      }
      at += 46 + name_len + extra_len + comment_len;
      if (member != want) continue;
      if (u32(zip, size_t(local)) != 0x04034b50) fail(path, "malformed zip entry " + member);
      size_t data = size_t(local) + 30 + u16(zip, size_t(local) + 26) + u16(zip, size_t(local) + 28);
      if (data + compressed > zip.size()) fail(path, "truncated zip entry " + member);
      if (method == 0) return zip.substr(data, size_t(compressed));
      if (method != 8) fail(path, member + ": compression method " + std::to_string(method) + " is not supported");
      std::string out(size_t(size), '\0');
      z_stream z{};
      if (inflateInit2(&z, -MAX_WBITS) != Z_OK) fail(path, "zlib failed");
      z.next_in = reinterpret_cast<Bytef*>(zip.data() + data);
      z.avail_in = uInt(compressed);
      z.next_out = reinterpret_cast<Bytef*>(out.data());
      z.avail_out = uInt(size);
      int rc = inflate(&z, Z_FINISH);
      inflateEnd(&z);
      if (rc != Z_STREAM_END || z.total_out != size) fail(path, member + ": corrupt deflate data");
      return out;
    }
  } catch (const std::runtime_error& e) {
    if (*e.what()) throw;
    fail(path, "truncated zip archive");
  }
  fail(path, "no array named '" + name + "' in the archive");
}

void save(const std::string& path, pyrt_array* a) {
  const char* descr = a->dtype == PYRT_F32 ? "<f4" : a->dtype == PYRT_F64 ? "<f8" : a->dtype == PYRT_I64 ? "<i8" : "|b1";
  std::string shape = "(";
  for (int d = 0; d < a->ndim; ++d) shape += (d ? ", " : "") + std::to_string(a->shape[d]);
  if (a->ndim == 1) shape += ",";
  shape += ")";
  std::string header = "{'descr': '" + std::string(descr) + "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Magic (6) + version (2) + length (2) + header + '\n', padded to a multiple of 64.
  size_t total = 10 + header.size() + 1;
  header += std::string((64 - total % 64) % 64, ' ') + "\n";
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error(path + ": cannot write");
  out.write("\x93NUMPY\x01\x00", 8);
  unsigned char len[2] = {static_cast<unsigned char>(header.size() & 0xff), static_cast<unsigned char>(header.size() >> 8)};
  out.write(reinterpret_cast<const char*>(len), 2);
  out << header;
  pyrt_array* c = pyscript::runtime::is_contiguous(a) ? a : pyrt_array_astype(a, a->dtype);
  out.write(static_cast<const char*>(c->data), std::streamsize(size_t(a->size) * pyscript::runtime::dtype_size(a->dtype)));
  if (c != a) pyrt_array_release(c);
  if (!out) throw std::runtime_error(path + ": cannot write");
}

void copy_message(const std::exception& e, char* error, size_t error_size) {
  if (error && error_size) {
    std::strncpy(error, e.what(), error_size - 1);
    error[error_size - 1] = '\0';
  }
}

} // namespace

extern "C" pyrt_array* pyrt_load_npy(const char* path, char* error, size_t error_size) {
  try {
    return load(path);
  } catch (const std::exception& e) {
    copy_message(e, error, error_size);
    return nullptr;
  }
}

extern "C" pyrt_array* pyrt_load_npz(const char* path, const char* name, char* error, size_t error_size) {
  try {
    std::string bytes = npz_member(path, name);
    std::istringstream in(bytes);
    return parse(in, std::string(path) + ":" + name);
  } catch (const std::exception& e) {
    copy_message(e, error, error_size);
    return nullptr;
  }
}

extern "C" int32_t pyrt_save_npy(const char* path, pyrt_array* a, char* error, size_t error_size) {
  try {
    save(path, a);
    return 1;
  } catch (const std::exception& e) {
    copy_message(e, error, error_size);
    return 0;
  }
}
