#include "runtime/symbols.hpp"

#include "pyscript/runtime.h"

namespace pyscript::runtime {

const std::vector<Symbol>& symbols() {
#define PYRT_SYMBOL(name) Symbol{#name, reinterpret_cast<void*>(&name)}
  static const std::vector<Symbol> table = {
      PYRT_SYMBOL(pyrt_raise),          PYRT_SYMBOL(pyrt_raise_assert),
      PYRT_SYMBOL(pyrt_int_pow),        PYRT_SYMBOL(pyrt_float_pow),
      PYRT_SYMBOL(pyrt_float_floordiv), PYRT_SYMBOL(pyrt_float_mod),
      PYRT_SYMBOL(pyrt_float_to_int),   PYRT_SYMBOL(pyrt_round),
      PYRT_SYMBOL(pyrt_round_digits),   PYRT_SYMBOL(pyrt_floor),
      PYRT_SYMBOL(pyrt_ceil),           PYRT_SYMBOL(pyrt_exp),
      PYRT_SYMBOL(pyrt_log),            PYRT_SYMBOL(pyrt_log_base),
      PYRT_SYMBOL(pyrt_trig),           PYRT_SYMBOL(pyrt_range_length),
      PYRT_SYMBOL(pyrt_compare_int_float), PYRT_SYMBOL(pyrt_perf_counter),
      PYRT_SYMBOL(pyrt_print_int),      PYRT_SYMBOL(pyrt_print_float),
      PYRT_SYMBOL(pyrt_print_bool),     PYRT_SYMBOL(pyrt_print_none),
      PYRT_SYMBOL(pyrt_print_str),      PYRT_SYMBOL(pyrt_print_str_repr),
  };
#undef PYRT_SYMBOL
  return table;
}

} // namespace pyscript::runtime
