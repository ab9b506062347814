// Python's repr() of a float: the shortest digits that read back to the same double, in fixed
// notation when the decimal exponent is in [-4, 16), else scientific ("1e+16", "2e-07").
// Shared by the IR printer (constants) and the runtime (print).
#pragma once

#include <cstddef>
#include <string>

namespace pyscript {

// Writes repr(x) into buf (at least 32 bytes), returns its length.
size_t format_float_repr(double x, char* buf);
std::string float_repr(double x);

} // namespace pyscript
