// Compiler bugs, kept apart from user diagnostics (frontend/diagnostics.hpp).
// A failed PYSCRIPT_ASSERT means pyscript itself is wrong, never the user's program:
// it throws InternalError, which the CLI reports as "internal compiler error" with exit code 3.
#pragma once

#include <stdexcept>
#include <string>

namespace pyscript {

class InternalError : public std::logic_error {
public:
  using std::logic_error::logic_error;
};

[[noreturn]] void internal_error(const char* file, int line, const std::string& what);

} // namespace pyscript

#define PYSCRIPT_ASSERT(cond, what)                                                                \
  do {                                                                                             \
    if (!(cond)) ::pyscript::internal_error(__FILE__, __LINE__, std::string(#cond ": ") + (what)); \
  } while (0)

#define PYSCRIPT_UNREACHABLE(what) ::pyscript::internal_error(__FILE__, __LINE__, (what))
