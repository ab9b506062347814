#include "runtime/symbols.hpp"

#include "pyscript/runtime.h"

namespace pyscript::runtime {

const std::vector<Symbol>& symbols() {
#define PYRT_SYMBOL(name) Symbol{#name, reinterpret_cast<void*>(&name)}
  static const std::vector<Symbol> table = {
      PYRT_SYMBOL(pyrt_raise),          PYRT_SYMBOL(pyrt_raise_assert),
      PYRT_SYMBOL(pyrt_int_pow),        PYRT_SYMBOL(pyrt_float_pow),
      PYRT_SYMBOL(pyrt_int_truediv),    PYRT_SYMBOL(pyrt_print_bytes),
      PYRT_SYMBOL(pyrt_float_floordiv), PYRT_SYMBOL(pyrt_float_mod),
      PYRT_SYMBOL(pyrt_float_to_int),   PYRT_SYMBOL(pyrt_round),
      PYRT_SYMBOL(pyrt_round_digits),   PYRT_SYMBOL(pyrt_floor),
      PYRT_SYMBOL(pyrt_ceil),           PYRT_SYMBOL(pyrt_exp),
      PYRT_SYMBOL(pyrt_log),            PYRT_SYMBOL(pyrt_log_base),
      PYRT_SYMBOL(pyrt_trig),           PYRT_SYMBOL(pyrt_range_length),
      PYRT_SYMBOL(pyrt_compare_int_float), PYRT_SYMBOL(pyrt_perf_counter),
      PYRT_SYMBOL(pyrt_print_int),      PYRT_SYMBOL(pyrt_print_format_int),
      PYRT_SYMBOL(pyrt_print_format_float), PYRT_SYMBOL(pyrt_print_format_str),      PYRT_SYMBOL(pyrt_print_float),
      PYRT_SYMBOL(pyrt_print_bool),     PYRT_SYMBOL(pyrt_print_none),
      PYRT_SYMBOL(pyrt_print_str),      PYRT_SYMBOL(pyrt_print_str_repr),
      PYRT_SYMBOL(pyrt_raise_detail),   PYRT_SYMBOL(pyrt_raise_name_error),   PYRT_SYMBOL(pyrt_clear_error),   PYRT_SYMBOL(pyrt_array_retain),
      PYRT_SYMBOL(pyrt_array_release),  PYRT_SYMBOL(pyrt_array_share),  PYRT_SYMBOL(pyrt_array_full),
      PYRT_SYMBOL(pyrt_array_from_f64), PYRT_SYMBOL(pyrt_array_arange),
      PYRT_SYMBOL(pyrt_array_full_i64), PYRT_SYMBOL(pyrt_array_from_i64), PYRT_SYMBOL(pyrt_array_arange_i64),
      PYRT_SYMBOL(pyrt_array_truth),
      PYRT_SYMBOL(pyrt_array_linspace), PYRT_SYMBOL(pyrt_array_eye),
      PYRT_SYMBOL(pyrt_array_scalar),   PYRT_SYMBOL(pyrt_array_scalar_i64),
      PYRT_SYMBOL(pyrt_array_binary),   PYRT_SYMBOL(pyrt_array_unary),
      PYRT_SYMBOL(pyrt_array_where),    PYRT_SYMBOL(pyrt_array_astype),
      PYRT_SYMBOL(pyrt_array_reduce),   PYRT_SYMBOL(pyrt_array_matmul),
      PYRT_SYMBOL(pyrt_array_transpose), PYRT_SYMBOL(pyrt_array_permute_axes), PYRT_SYMBOL(pyrt_array_reshape),
      PYRT_SYMBOL(pyrt_array_index),    PYRT_SYMBOL(pyrt_array_dim),
      PYRT_SYMBOL(pyrt_array_item_f64), PYRT_SYMBOL(pyrt_array_item_i64),
      PYRT_SYMBOL(pyrt_print_array),    PYRT_SYMBOL(pyrt_print_array_repr),    PYRT_SYMBOL(pyrt_array_broadcast_shape),
      PYRT_SYMBOL(pyrt_array_expand),   PYRT_SYMBOL(pyrt_array_new), PYRT_SYMBOL(pyrt_array_try_new),
      PYRT_SYMBOL(pyrt_array_reuse_or_new),
      // making, joining and selecting (array_join.cpp, array_select.cpp)
      PYRT_SYMBOL(pyrt_array_concat),   PYRT_SYMBOL(pyrt_array_expand_dims), PYRT_SYMBOL(pyrt_array_take),
      PYRT_SYMBOL(pyrt_array_mask),     PYRT_SYMBOL(pyrt_array_tri),  PYRT_SYMBOL(pyrt_array_meshgrid),
      PYRT_SYMBOL(pyrt_array_pad),
      // np.random (runtime_random.h)
      PYRT_SYMBOL(pyrt_random_seed), PYRT_SYMBOL(pyrt_generator_new), PYRT_SYMBOL(pyrt_generator_retain),
      PYRT_SYMBOL(pyrt_generator_release), PYRT_SYMBOL(pyrt_generator_share), PYRT_SYMBOL(pyrt_random_f64),
      PYRT_SYMBOL(pyrt_random_i64), PYRT_SYMBOL(pyrt_random_array),
      PYRT_SYMBOL(pyrt_array_reduce_ex), PYRT_SYMBOL(pyrt_array_accumulate), PYRT_SYMBOL(pyrt_array_round),
      PYRT_SYMBOL(pyrt_array_sort),     PYRT_SYMBOL(pyrt_array_linalg),
  };
#undef PYRT_SYMBOL
  return table;
}

} // namespace pyscript::runtime
