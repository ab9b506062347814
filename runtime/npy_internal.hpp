// Internal to runtime/npy.cpp and runtime/numpy_io.cpp: reading and writing numpy's files as
// arrays (the formats: support/npy_format.hpp), with errors as numpy raises them.
#pragma once

#include "pyscript/runtime.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace pyscript::runtime {

// A failure, as the Python exception numpy raises: its kind (pyrt_error_kind) and message.
struct NpyError : std::runtime_error {
  int32_t kind;
  NpyError(int32_t k, const std::string& message) : std::runtime_error(message), kind(k) {}
};

// repr(text), as CPython quotes a path or a key.
std::string py_repr(const std::string& text);
// The OSError CPython raises for errno `err` on `path`: FileNotFoundError: [Errno 2] No such file
// or directory: 'x.npy' (PermissionError, IsADirectoryError, or OSError for the rest).
NpyError os_error(int err, const std::string& path);

// What the program was compiled for at an np.load (Note [Typing np.load] in
// lower/lower_numpy_io.cpp): the array's dtype (pyrt_dtype) and rank.
struct Expected {
  int32_t dtype;
  int32_t ndim;
};

// np.load(path): the array of an .npy file; with `expected`, a TypeError when the file holds
// another dtype or rank (before its data is read).
pyrt_array* load_npy_file(const std::string& path, const std::optional<Expected>& expected);
// np.load(path)[key] of an .npz archive (numpy's KeyError for a missing key).
pyrt_array* load_npz_member(const std::string& path, const std::string& key,
                            const std::optional<Expected>& expected);
// What np.load(path) finds at `path`: 'n' an .npy file, 'z' an archive (its directory read, as
// NpzFile reads it); numpy's errors for anything else.
char probe(const std::string& path);
// np.save's file (the path as given: ".npy" is added by the caller).
void save_npy_file(const std::string& path, const pyrt_array* a);
// np.savez's and np.savez_compressed's archive: `count` members named names[i] + ".npy".
void save_npz_file(const std::string& path, int32_t count, const std::string* names,
                   pyrt_array* const* arrays, bool compress);

} // namespace pyscript::runtime
