#include "ir/ufuncs.hpp"

#include "pyscript/runtime.h"

namespace pyscript::ir {
namespace {

constexpr UnaryUfunc kUnary[] = {
#define PYRT_UNARY(ID, name, np, fuse, scalar, math_fn, to_float) \
  {name, PYRT_##ID, np != 0, fuse != 0, OpKind::scalar, math_fn, to_float != 0},
#include "pyscript/ufuncs.def"
};

constexpr BinaryUfunc kBinary[] = {
#define PYRT_BINARY(ID, name, np, fuse, scalar, compare) \
  {name, PYRT_##ID, np != 0, fuse != 0, OpKind::scalar, compare != 0},
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

} // namespace

std::span<const UnaryUfunc> unary_ufuncs() { return kUnary; }
std::span<const BinaryUfunc> binary_ufuncs() { return kBinary; }
std::span<const Reduction> reductions() { return kReductions; }

const UnaryUfunc* find_unary(std::string_view name) { return find(unary_ufuncs(), name); }
const BinaryUfunc* find_binary(std::string_view name) { return find(binary_ufuncs(), name); }
const Reduction* find_reduction(std::string_view name) { return find(reductions(), name); }

} // namespace pyscript::ir
