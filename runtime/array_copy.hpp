// Internal to runtime/array_join.cpp and runtime/array_select.cpp: copying between strided arrays
// and making views.
#pragma once

#include "runtime/array_internal.hpp"

#include <cstdint>
#include <vector>

namespace pyscript::runtime {

// Copies every element of `src` into `dst` (headers of one shape, any strides; dst's buffer is a
// new array's), converted to dst's dtype as astype converts.
void copy_elements(const pyrt_array& src, pyrt_array& dst);

// A new view of `a`: a new reference sharing a's buffer (and holding its owner).
pyrt_array* new_view(pyrt_array* a);

// The result of selecting along axes [axis, axis + consumed) of `a`: those axes are replaced by
// `inserted` (a shape), whose elements in row-major order are the subarrays of `a` at the element
// offsets `picks` (relative to each position of the leading axes). A new contiguous array, or
// null after MemoryError.
pyrt_array* gather(pyrt_context* ctx, const char* site, const pyrt_array* a, int axis, int consumed,
                   const std::vector<int64_t>& picks, const std::vector<int64_t>& inserted);

} // namespace pyscript::runtime
