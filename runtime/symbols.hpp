// The runtime's extern "C" functions by name and address, for the JIT to resolve calls from
// generated code without the host binary exporting them.
#pragma once

#include <vector>

namespace pyscript::runtime {

struct Symbol {
  const char* name;
  void* address;
};

const std::vector<Symbol>& symbols();

} // namespace pyscript::runtime
