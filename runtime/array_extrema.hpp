// Internal to runtime/: max, min, argmax and int sums over all elements of a contiguous array, on
// the kernel pool, with the results of pyrt_array_reduce's one-by-one visit (Note [Extrema on the
// pool] in array_extrema.cpp).
#pragma once

#include "runtime/array_internal.hpp"

namespace pyscript::runtime {

// op (PYRT_MAX, PYRT_MIN, PYRT_ARGMAX, or PYRT_SUM of an int64/bool array) over all of `a`: the
// float result in acc, the int one in iacc, argmax's index in best (each as the visit leaves it
// from its initial value); false, with nothing written, for another op or a non-contiguous array.
bool reduce_contiguous(int32_t op, const pyrt_array* a, double& acc, int64_t& iacc, int64_t& best);

} // namespace pyscript::runtime
