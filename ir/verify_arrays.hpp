// The verifier's cases for array ops, calls and module globals (see verify_arrays.cpp).
#pragma once

#include "ir/graph.hpp"

#include <optional>
#include <string>

namespace pyscript::ir {

// What is wrong with an array op (its attributes, operands and result), or nothing.
std::optional<std::string> verify_array_op(const Node& n);
// The same for the ops that make, join and select arrays (verify_shape.cpp).
std::optional<std::string> verify_shape_op(const Node& n);
// The same for numpy's file ops: np.load, np.save, np.savez (verify_numpy_io.cpp).
std::optional<std::string> verify_numpy_io_op(const Node& n);
// A call of a function the module defines, with its parameters' and result's types.
std::optional<std::string> verify_call(const Node& n, const Module& m);
// load_global/store_global of a global the module declares, with its type.
std::optional<std::string> verify_global(const Node& n, const Module& m);

} // namespace pyscript::ir
