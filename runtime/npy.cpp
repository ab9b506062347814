// numpy's .npy and .npz files as arrays (formats: support/npy_format.hpp): what np.load, np.save
// and np.savez do in compiled code (runtime/numpy_io.cpp), and the host's C ABI here
// (pyrt_load_npy / pyrt_load_npz / pyrt_save_npy, wrapped by pyscript::load_npy, ...), so that
// hosts of ahead-of-time objects read weights too.
#include "runtime/array_internal.hpp"
#include "runtime/npy_internal.hpp"
#include "runtime/object_internal.hpp"
#include "support/npy_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

namespace pyscript::runtime {
namespace {

using npy::InputFile;

int32_t runtime_dtype(npy::DType d) {
  switch (d) {
  case npy::DType::Float32:
    return PYRT_F32;
  case npy::DType::Float64:
    return PYRT_F64;
  case npy::DType::Int64:
    return PYRT_I64;
  case npy::DType::Bool:
    return PYRT_BOOL;
  }
  return PYRT_F64;
}

npy::DType npy_dtype(int32_t d) {
  return d == PYRT_F32   ? npy::DType::Float32
         : d == PYRT_F64 ? npy::DType::Float64
         : d == PYRT_I64 ? npy::DType::Int64
                         : npy::DType::Bool;
}

// Sequential bytes of one .npy: a file from its start, or an archive's member.
class Source {
public:
  explicit Source(InputFile& file) : file_(&file) {}
  Source(InputFile& file, const npy::ZipMember& m)
      : member_(std::make_unique<npy::MemberReader>(file, m)) {
    length_ = m.size;
  }
  // Up to n bytes; fewer at the end.
  size_t read(void* dst, size_t n) {
    std::string error;
    int64_t got;
    if (member_) {
      got = member_->read(dst, n, error);
      if (got < 0) throw NpyError(PYRT_VALUE_ERROR, error);
    } else {
      got = file_->read(at_, dst, n);
      if (got < 0)
        throw NpyError(PYRT_OS_ERROR, "[Errno " + std::to_string(file_->errno_value) + "] " +
                                          std::strerror(file_->errno_value));
      at_ += uint64_t(got);
    }
    return size_t(got);
  }
  uint64_t length() const { return member_ ? length_ : file_->size(); }
  void finish() {
    std::string error;
    if (member_ && !member_->check(error)) throw NpyError(PYRT_VALUE_ERROR, error);
  }

private:
  InputFile* file_ = nullptr;
  std::unique_ptr<npy::MemberReader> member_;
  uint64_t at_ = 0, length_ = 0;
};

std::string type_text(int32_t dtype, int32_t ndim) {
  return std::string(dtype_name(dtype)) + " of rank " + std::to_string(ndim);
}

// The array of the .npy bytes in `src`; `name` says where it is in errors ('w.npy', or 'w1' of
// an archive).
pyrt_array* read_array(Source& src, const std::string& name,
                       const std::optional<Expected>& expected) {
  std::string first(12, '\0');
  first.resize(src.read(first.data(), first.size()));
  std::string error;
  uint64_t size = npy::header_size(first, error);
  if (size == 0) throw NpyError(PYRT_VALUE_ERROR, error);
  std::string header = first;
  if (size > header.size()) {
    std::string rest(size - header.size(), '\0');
    rest.resize(src.read(rest.data(), rest.size()));
    header += rest;
  }
  std::optional<npy::Header> h = npy::parse_header(header, error);
  if (!h) throw NpyError(PYRT_VALUE_ERROR, error);
  if (!h->dtype)
    throw NpyError(PYRT_TYPE_ERROR,
                   name + " holds an array of dtype " + npy::describe_descr(h->descr) +
                       ", which pyscript does not have (float32, float64, int64, bool)");
  int32_t dtype = runtime_dtype(*h->dtype);
  int32_t ndim = int32_t(h->shape.size());
  if (ndim > PYRT_MAX_DIMS)
    throw NpyError(PYRT_TYPE_ERROR, name + " holds an array of more than 8 dimensions");
  if (expected && (expected->dtype != dtype || expected->ndim != ndim))
    throw NpyError(PYRT_TYPE_ERROR, name + " holds an array of " + type_text(dtype, ndim) +
                                        ", but the program was compiled for " +
                                        type_text(expected->dtype, expected->ndim) +
                                        " there (np.load's type is fixed when compiling)");
  std::optional<int64_t> count = h->elements();
  uint64_t bytes = count ? uint64_t(*count) * dtype_size(dtype) : UINT64_MAX;
  uint64_t available = src.length() > size ? src.length() - size : 0;
  if (!count || bytes / dtype_size(dtype) != uint64_t(*count) || bytes > available) {
    // numpy reads what there is, then fails to shape it.
    uint64_t have = available / dtype_size(dtype);
    throw NpyError(PYRT_VALUE_ERROR, "cannot reshape array of size " + std::to_string(have) +
                                         " into shape " + shape_text(ndim, h->shape.data()));
  }
  // A Fortran-order array is read as its transpose, then copied into C order.
  int64_t shape[PYRT_MAX_DIMS];
  for (int32_t d = 0; d < ndim; ++d)
    shape[d] = h->shape[size_t(h->fortran ? ndim - 1 - d : d)];
  pyrt_array* a = pyrt_array_try_new(dtype, ndim, shape);
  if (!a)
    throw NpyError(PYRT_MEMORY_ERROR,
                   "Unable to allocate an array with shape " + shape_text(ndim, h->shape.data()));
  try {
    if (src.read(a->data, size_t(bytes)) != bytes)
      throw NpyError(PYRT_VALUE_ERROR,
                     "EOF: reading array data, expected " + std::to_string(bytes) + " bytes");
    src.finish();
  } catch (...) {
    pyrt_array_release(a);
    throw;
  }
  auto* data = static_cast<unsigned char*>(a->data);
  size_t item = dtype_size(dtype);
  if (h->swap)
    for (uint64_t i = 0; i < bytes; i += item)
      std::reverse(data + i, data + i + item);
  if (dtype == PYRT_BOOL)
    for (uint64_t i = 0; i < bytes; ++i)
      data[i] = data[i] != 0;
  if (h->fortran && ndim > 1) {
    pyrt_array* t = pyrt_array_transpose(a);
    pyrt_array* c = pyrt_array_astype(t, dtype);
    pyrt_array_release(t);
    pyrt_array_release(a);
    a = c;
  }
  return a;
}

void open_or_raise(InputFile& f, const std::string& path) {
  if (!f.open(path)) throw os_error(f.errno_value, path);
}

// numpy's decision: an archive, an .npy file, or else a pickle (refused).
char kind_of(InputFile& f) {
  std::string magic;
  if (!f.read(0, npy::kMagicSize, magic))
    throw NpyError(PYRT_OS_ERROR, std::strerror(f.errno_value));
  if (npy::is_zip_magic(magic)) return 'z';
  if (npy::is_npy_magic(magic)) return 'n';
  throw NpyError(PYRT_VALUE_ERROR,
                 "Cannot load file containing pickled data when allow_pickle=False");
}

std::vector<npy::ZipMember> directory(InputFile& f) {
  std::string error;
  std::optional<std::vector<npy::ZipMember>> members = npy::read_zip_directory(f, error);
  if (!members) throw NpyError(PYRT_VALUE_ERROR, error); // zipfile.BadZipFile
  return *members;
}

bool c_contiguous(const pyrt_array* a) {
  return is_contiguous(a);
}

bool f_contiguous(const pyrt_array* a) {
  int64_t expected = 1;
  for (int d = 0; d < a->ndim; ++d) {
    if (a->shape[d] != 1 && a->strides[d] != expected) return false;
    expected *= a->shape[d];
  }
  return true;
}

// The header and data numpy writes for `a` (Note [Bytes as numpy writes them]): `owned` keeps a
// C-order copy alive when `a` is neither C- nor Fortran-contiguous.
struct Encoded {
  std::string header;
  const void* data;
  size_t size;
  pyrt_array* owned = nullptr;
  ~Encoded() { pyrt_array_release(owned); }
};

void encode(const pyrt_array* a, Encoded& out) {
  bool c = c_contiguous(a) || a->size == 0;
  bool fortran = !c && f_contiguous(a);
  std::vector<int64_t> shape(a->shape, a->shape + a->ndim);
  out.header = npy::header_bytes(npy_dtype(a->dtype), fortran, shape);
  const pyrt_array* data = a;
  if (!c && !fortran) data = out.owned = pyrt_array_astype(const_cast<pyrt_array*>(a), a->dtype);
  out.data = data->data;
  out.size = size_t(a->size) * dtype_size(a->dtype);
}

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};

std::unique_ptr<std::FILE, FileCloser> create(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw os_error(errno, path);
  return std::unique_ptr<std::FILE, FileCloser>(f);
}

void close_or_raise(std::unique_ptr<std::FILE, FileCloser>& f, const std::string& path) {
  if (std::ferror(f.get()) || std::fclose(f.release()) != 0)
    throw os_error(errno ? errno : EIO, path);
}

void copy_message(const std::string& text, char* error, size_t error_size) {
  if (error && error_size) {
    std::strncpy(error, text.c_str(), error_size - 1);
    error[error_size - 1] = '\0';
  }
}

} // namespace

std::string py_repr(const std::string& text) {
  std::string out;
  append_str_repr(out, text.data(), int64_t(text.size()));
  return out;
}

NpyError os_error(int err, const std::string& path) {
  int32_t kind = err == ENOENT                   ? PYRT_FILE_NOT_FOUND_ERROR
                 : err == EACCES || err == EPERM ? PYRT_PERMISSION_ERROR
                 : err == EISDIR                 ? PYRT_IS_A_DIRECTORY_ERROR
                                                 : PYRT_OS_ERROR;
  return NpyError(kind, "[Errno " + std::to_string(err) + "] " + std::strerror(err) + ": " +
                            py_repr(path));
}

char probe(const std::string& path) {
  InputFile f;
  open_or_raise(f, path);
  char kind = kind_of(f);
  if (kind == 'z') directory(f);
  return kind;
}

pyrt_array* load_npy_file(const std::string& path, const std::optional<Expected>& expected) {
  InputFile f;
  open_or_raise(f, path);
  if (kind_of(f) == 'z')
    throw NpyError(PYRT_TYPE_ERROR,
                   py_repr(path) +
                       " is an .npz archive, but the program was compiled for an .npy array "
                       "there (np.load's type is fixed when compiling)");
  Source src(f);
  return read_array(src, py_repr(path), expected);
}

pyrt_array* load_npz_member(const std::string& path, const std::string& key,
                            const std::optional<Expected>& expected) {
  InputFile f;
  open_or_raise(f, path);
  if (kind_of(f) == 'n')
    throw NpyError(PYRT_TYPE_ERROR,
                   py_repr(path) +
                       " is an .npy file, but the program was compiled for an .npz archive "
                       "there (np.load's type is fixed when compiling)");
  std::vector<npy::ZipMember> members = directory(f);
  const npy::ZipMember* m = npy::find_npz_member(members, key);
  if (!m) throw NpyError(PYRT_KEY_ERROR, py_repr(key + " is not a file in the archive"));
  Source src(f, *m);
  return read_array(src, py_repr(key) + " of " + py_repr(path), expected);
}

void save_npy_file(const std::string& path, const pyrt_array* a) {
  Encoded e;
  encode(a, e);
  auto f = create(path);
  std::fwrite(e.header.data(), 1, e.header.size(), f.get());
  if (e.size) std::fwrite(e.data, 1, e.size, f.get());
  close_or_raise(f, path);
}

void save_npz_file(const std::string& path, int32_t count, const std::string* names,
                   pyrt_array* const* arrays, bool compress) {
  auto f = create(path);
  npy::ZipWriter zip(f.get());
  for (int32_t i = 0; i < count; ++i) {
    Encoded e;
    encode(arrays[i], e);
    if (!zip.add(names[i] + ".npy", {{e.header.data(), e.header.size()}, {e.data, e.size}},
                 compress))
      throw os_error(errno ? errno : EIO, path);
  }
  if (!zip.finish()) throw os_error(errno ? errno : EIO, path);
  close_or_raise(f, path);
}

} // namespace pyscript::runtime

using pyscript::runtime::NpyError;

extern "C" pyrt_array* pyrt_load_npy(const char* path, char* error, size_t error_size) {
  try {
    return pyscript::runtime::load_npy_file(path, std::nullopt);
  } catch (const std::exception& e) {
    pyscript::runtime::copy_message(std::string(path) + ": " + e.what(), error, error_size);
    return nullptr;
  }
}

extern "C" pyrt_array* pyrt_load_npz(const char* path, const char* name, char* error,
                                     size_t error_size) {
  try {
    return pyscript::runtime::load_npz_member(path, name, std::nullopt);
  } catch (const std::exception& e) {
    pyscript::runtime::copy_message(std::string(path) + ": " + e.what(), error, error_size);
    return nullptr;
  }
}

extern "C" int32_t pyrt_save_npy(const char* path, pyrt_array* a, char* error, size_t error_size) {
  try {
    pyscript::runtime::save_npy_file(path, a);
    return 1;
  } catch (const std::exception& e) {
    pyscript::runtime::copy_message(std::string(path) + ": " + e.what(), error, error_size);
    return 0;
  }
}
