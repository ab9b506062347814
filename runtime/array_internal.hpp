// Internal to runtime/array*.cpp: element access by dtype and iteration helpers.
#pragma once

#include "pyscript/runtime.h"

#include <cstdint>
#include <string>

namespace pyscript::runtime {

size_t dtype_size(int32_t dtype);
const char* dtype_name(int32_t dtype);

// Element i (a flat offset in elements, strides applied by the caller) as a double / int64.
double load_f64(const pyrt_array* a, int64_t offset);
int64_t load_i64(const pyrt_array* a, int64_t offset);
void store_f64(pyrt_array* a, int64_t offset, double v);

bool is_contiguous(const pyrt_array* a);

// A copy of a's header to work with (a local view): every field but the count, which other
// threads may be changing while this one reads (Note [Shared arrays] in array.cpp); its count is
// 0 and it is not shared.
pyrt_array header_of(const pyrt_array* a);

// A new array, or null with MemoryError (ValueError when the byte count overflows) raised as
// numpy words it: "Unable to allocate 7.28 TiB for an array with shape (100000, 100000, 100) and
// data type float64".
pyrt_array* new_array(pyrt_context* ctx, const char* site, int32_t dtype, int32_t ndim, const int64_t* shape);
// An axis argument made concrete: below -ndim (axis=None) `a` becomes its flattened copy or view
// `flat` (a new reference the caller releases) and axis 0; a negative axis counts from the end.
// False (flat null) after the error of the reshape.
bool resolve_axis(pyrt_context* ctx, pyrt_array*& a, int64_t& axis, pyrt_array*& flat, const char* site);
// A reduction's axis and result shape: axis below -ndim is all axes (`all`), a negative one counts
// from the end, one past the rank is numpy's ValueError (false after raising it); the kept axes
// (with keepdims, reduced ones as 1) go to shape[0..ndim).
bool reduction_shape(pyrt_context* ctx, const pyrt_array* a, int64_t& axis, int32_t keepdims, bool& all,
                     int32_t& ndim, int64_t* shape, const char* site);
// "(1, 512)"
std::string shape_text(const pyrt_array* a);
std::string shape_text(int32_t ndim, const int64_t* shape);
// "(2,3)": as numpy writes shapes in its broadcast and matmul errors.
std::string numpy_shape_text(const pyrt_array* a);

// Text of arrays (runtime/array_print.cpp): str(a) as print shows it, repr(a) as a container shows
// it ("array([1., 2.], dtype=float32)"), and a np.float32's repr ("0.1").
std::string array_str_text(const pyrt_array* a);
std::string array_repr_text(const pyrt_array* a);
std::string float32_repr_text(float v);

// Calls fn(offset_in_a) for every element of `a` in row-major order.
template <class Fn> void for_each_offset(const pyrt_array* a, Fn fn) {
  if (a->size == 0) return;
  int64_t index[PYRT_MAX_DIMS] = {0};
  int64_t offset = 0;
  for (int64_t n = 0; n < a->size; ++n) {
    fn(offset);
    for (int d = a->ndim - 1; d >= 0; --d) {
      if (++index[d] < a->shape[d]) {
        offset += a->strides[d];
        break;
      }
      offset -= a->strides[d] * (a->shape[d] - 1);
      index[d] = 0;
    }
  }
}

} // namespace pyscript::runtime
