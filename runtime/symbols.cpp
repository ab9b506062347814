#include "runtime/symbols.hpp"

#include "pyscript/runtime.h"

namespace pyscript::runtime {

// Every row of pyscript/runtime_functions.def (Note [One declaration of the runtime]).
const std::vector<Symbol>& symbols() {
  static const std::vector<Symbol> table = {
#define PYRT_FUNCTION(ret, name, params) Symbol{#name, reinterpret_cast<void*>(&name)},
#include "pyscript/runtime_functions.def"
#undef PYRT_FUNCTION
  };
  return table;
}

} // namespace pyscript::runtime
