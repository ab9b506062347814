// The array ops' table (include/pyscript/ufuncs.def) as C++: what each elementwise op and
// reduction is, looked up by the name the IR's `op` attribute holds.
#pragma once

#include "ir/ops.hpp"

#include <span>
#include <string_view>

namespace pyscript::ir {

struct UnaryUfunc {
  std::string_view name;    // the IR attribute: array_unary[op="exp"]
  int32_t code;             // the runtime's PYRT_EXP
  std::string_view np_name; // np.np_name(x) calls it; empty: no numpy function
  bool fusable;             // fused into float elementwise loops, as `scalar`
  OpKind scalar;            // the op computing one element (MathFn: with fn=math_fn)
  std::string_view math_fn;
  bool to_float;            // int inputs compute in float64
  bool to_bool;             // the result is bool
  bool bool_in;             // bool inputs are accepted (else numpy raises or leaves our dtypes)
};

struct BinaryUfunc {
  std::string_view name;
  int32_t code;
  std::string_view np_name;
  bool fusable;
  OpKind scalar;
  bool comparison;          // the result is bool
  bool to_float;            // int inputs compute in float64 (true division)
};

struct Reduction {
  std::string_view name;    // array_reduce[op="max"], np.max, a.max()
  int32_t code;
  std::string_view ufunc;   // numpy's name in its errors ("maximum")
};

std::span<const UnaryUfunc> unary_ufuncs();
std::span<const BinaryUfunc> binary_ufuncs();
std::span<const Reduction> reductions();

// Null when no row has that name (the IR's), or that numpy name.
const UnaryUfunc* find_unary(std::string_view name);
const BinaryUfunc* find_binary(std::string_view name);
const UnaryUfunc* find_numpy_unary(std::string_view np_name);
const BinaryUfunc* find_numpy_binary(std::string_view np_name);
const Reduction* find_reduction(std::string_view name);

} // namespace pyscript::ir
