#include "ir/ufuncs.hpp"

#include "pyscript/runtime.h"

namespace pyscript::ir {
namespace {

constexpr UnaryUfunc kUnary[] = {
#define PYRT_UNARY(ID, name, np_name, fuse, scalar, math_fn, to_float, to_bool, bool_in) \
  {name, PYRT_##ID, np_name, fuse != 0, OpKind::scalar, math_fn, to_float != 0, to_bool != 0, bool_in != 0},
#include "pyscript/ufuncs.def"
};

constexpr BinaryUfunc kBinary[] = {
#define PYRT_BINARY(ID, name, np_name, fuse, scalar, compare, to_float) \
  {name, PYRT_##ID, np_name, fuse != 0, OpKind::scalar, compare != 0, to_float != 0},
#include "pyscript/ufuncs.def"
};

constexpr Reduction kReductions[] = {
#define PYRT_REDUCE(ID, name, ufunc) {name, PYRT_##ID, ufunc},
#include "pyscript/ufuncs.def"
};

template <class Row> const Row* find(std::span<const Row> rows, std::string_view name) {
  for (const Row& r : rows)
    if (r.name == name) return &r;
  return nullptr;
}

template <class Row> const Row* find_numpy(std::span<const Row> rows, std::string_view np_name) {
  for (const Row& r : rows)
    if (!r.np_name.empty() && r.np_name == np_name) return &r;
  return nullptr;
}

} // namespace

std::span<const UnaryUfunc> unary_ufuncs() { return kUnary; }
std::span<const BinaryUfunc> binary_ufuncs() { return kBinary; }
std::span<const Reduction> reductions() { return kReductions; }

const UnaryUfunc* find_unary(std::string_view name) { return find(unary_ufuncs(), name); }
const BinaryUfunc* find_binary(std::string_view name) { return find(binary_ufuncs(), name); }
const Reduction* find_reduction(std::string_view name) { return find(reductions(), name); }
const UnaryUfunc* find_numpy_unary(std::string_view np_name) { return find_numpy(unary_ufuncs(), np_name); }
const BinaryUfunc* find_numpy_binary(std::string_view np_name) { return find_numpy(binary_ufuncs(), np_name); }

} // namespace pyscript::ir
