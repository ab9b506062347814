// np.load, np.save, np.savez and np.savez_compressed for compiled code (the ops numpy_load,
// numpy_open_npz, numpy_save and numpy_savez: codegen/emit_numpy_io.cpp), on runtime/npy.cpp.
// Each raises what numpy raises, at the call's site: FileNotFoundError: [Errno 2] No such file or
// directory: 'x.npy', KeyError: 'w1 is not a file in the archive', ValueError for a file numpy
// cannot read; and pyscript's own TypeError when the file no longer holds the dtype and rank the
// program was compiled for (Note [Typing np.load] in lower/lower_numpy_io.cpp).
#include "runtime/npy_internal.hpp"

#include <cstring>
#include <string>
#include <vector>

namespace {

using pyscript::runtime::NpyError;

void raise(pyrt_context* ctx, const NpyError& e, const char* site) {
  pyrt_raise_detail(ctx, e.kind, site, "%s", e.what());
}

// A str argument as a path: CPython refuses one holding NUL ("embedded null byte").
bool path_of(pyrt_context* ctx, const pyrt_str* s, const char* suffix, std::string& out,
             const char* site) {
  out.assign(s->data, size_t(s->size));
  if (out.find('\0') != std::string::npos) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "embedded null byte");
    return false;
  }
  size_t n = std::strlen(suffix);
  if (out.size() < n || out.compare(out.size() - n, n, suffix) != 0) out += suffix; // as numpy does
  return true;
}

} // namespace

extern "C" pyrt_array* pyrt_np_load(pyrt_context* ctx, const char* path, const char* key,
                                    int32_t dtype, int32_t ndim, const char* site) {
  try {
    pyscript::runtime::Expected expected{dtype, ndim};
    return key ? pyscript::runtime::load_npz_member(path, key, expected)
               : pyscript::runtime::load_npy_file(path, expected);
  } catch (const NpyError& e) {
    raise(ctx, e, site);
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
  return nullptr;
}

extern "C" void pyrt_np_open_npz(pyrt_context* ctx, const char* path, const char* site) {
  try {
    if (pyscript::runtime::probe(path) == 'n')
      throw NpyError(PYRT_TYPE_ERROR,
                     pyscript::runtime::py_repr(path) +
                         " is an .npy file, but the program was compiled for an .npz archive there "
                         "(np.load's type is fixed when compiling)");
  } catch (const NpyError& e) {
    raise(ctx, e, site);
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
}

extern "C" void pyrt_np_save(pyrt_context* ctx, pyrt_str* path, pyrt_array* a, const char* site) {
  std::string file;
  if (!path_of(ctx, path, ".npy", file, site)) return;
  try {
    pyscript::runtime::save_npy_file(file, a);
  } catch (const NpyError& e) {
    raise(ctx, e, site);
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
}

extern "C" void pyrt_np_savez(pyrt_context* ctx, pyrt_str* path, int32_t count,
                              pyrt_str* const* names, pyrt_array* const* arrays, int32_t compress,
                              const char* site) {
  std::string file;
  if (!path_of(ctx, path, ".npz", file, site)) return;
  try {
    std::vector<std::string> keys;
    for (int32_t i = 0; i < count; ++i)
      keys.emplace_back(names[i]->data, size_t(names[i]->size));
    pyscript::runtime::save_npz_file(file, count, keys.data(), arrays, compress != 0);
  } catch (const NpyError& e) {
    raise(ctx, e, site);
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
}
