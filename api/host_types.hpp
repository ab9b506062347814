// Internal to the host API: the static types and C++ names of type codes (the codes of
// include/pyscript/host_values.hpp; api/containers.cpp).
#pragma once

#include "ir/types.hpp"

#include <pyscript/pyscript.hpp>

#include <string>
#include <vector>

namespace pyscript::detail {

// One code per parameter: "ilfs" -> {"i", "lf", "s"}.
std::vector<std::string> split_codes(const std::string& codes);
// The C++ type a code stands for ("std::vector<double>"), and the static type it specializes as
// (str, list[float], ...; None for a code that has none).
std::string cpp_name(const std::string& codes);
ir::Type ir_type(const std::string& codes);
// The C++ type a host declares to receive `t`.
std::string cpp_name(const ir::Type& t);
// Whether a handle whose result has these codes can receive `returns`.
bool result_fits(const std::string& codes, const ir::Type& returns);

} // namespace pyscript::detail
