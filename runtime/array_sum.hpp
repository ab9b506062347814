// Internal to runtime/: sums and means of float arrays in numpy's order of additions, so that
// x.sum() and x.mean() print the digits numpy prints (Note [numpy's summation order] in
// array_sum.cpp).
#pragma once

#include "runtime/array_internal.hpp"

namespace pyscript::runtime {

// The sum of all elements of `a` (float32, float64, or int64/bool as float64 for a mean), in
// numpy's order; float32 adds in float32.
double sum_all(const pyrt_array* a);

// The sum of the `count` elements at offsets base, base + stride, ... of `a`, reducing axis `axis`
// of it, in numpy's order.
double sum_along(const pyrt_array* a, int axis, int64_t base, int64_t stride, int64_t count);

// Element k of `out` (contiguous) is the sum (or mean) along axis `axis` of `a` of the run at the
// k-th offset of `outer` (a's other axes, row-major), stride and count as sum_along's; the results
// are computed on the kernel pool, each in numpy's order.
void sum_runs(const pyrt_array* a, int axis, const pyrt_array* outer, int64_t stride, int64_t count, bool mean,
              pyrt_array* out);

} // namespace pyscript::runtime
