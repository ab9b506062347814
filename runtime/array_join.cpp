// Making and joining arrays: np.concatenate, np.stack (hstack and vstack are lowered to
// concatenate), np.meshgrid, np.pad, and np.newaxis's view. Inputs are never written: every
// result but expand_dims's is a new array.
#include "runtime/array_copy.hpp"

#include <algorithm>
#include <vector>
#include <cstdlib>
#include <cstring>

namespace pyscript::runtime {

void copy_elements(const pyrt_array& src, pyrt_array& dst) {
  if (src.size == 0) return;
  size_t item = dtype_size(dst.dtype);
  const char* in = static_cast<const char*>(src.data);
  char* out = static_cast<char*>(dst.data);
  bool same = src.dtype == dst.dtype;
  if (same && is_contiguous(&src) && is_contiguous(&dst)) {
    std::memcpy(out, in, size_t(src.size) * item);
    return;
  }
  int64_t index[PYRT_MAX_DIMS] = {0};
  int64_t s = 0, d = 0;
  for (int64_t n = 0; n < src.size; ++n) {
    if (same)
      std::memcpy(out + d * int64_t(item), in + s * int64_t(item), item);
    else if (dst.dtype == PYRT_I64)
      static_cast<int64_t*>(dst.data)[d] = load_i64(&src, s);
    else
      store_f64(&dst, d, load_f64(&src, s));
    for (int k = src.ndim - 1; k >= 0; --k) {
      if (++index[k] < src.shape[k]) {
        s += src.strides[k];
        d += dst.strides[k];
        break;
      }
      s -= src.strides[k] * (src.shape[k] - 1);
      d -= dst.strides[k] * (src.shape[k] - 1);
      index[k] = 0;
    }
  }
}

pyrt_array* new_view(pyrt_array* a) {
  auto* v = static_cast<pyrt_array*>(std::calloc(1, sizeof(pyrt_array)));
  *v = header_of(a);
  v->refcount = 1;
  v->base = a->base ? a->base : a;
  pyrt_array_retain(v->base);
  return v;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

namespace {

bool same_shape(const pyrt_array* a, const pyrt_array* b) {
  if (a->ndim != b->ndim) return false;
  for (int d = 0; d < a->ndim; ++d)
    if (a->shape[d] != b->shape[d]) return false;
  return true;
}

// A header for a region of `out`: shape `shape` (ndim dims), out's strides without axis `skip`
// (none when skip < 0), starting `offset` elements into out's buffer.
pyrt_array region(const pyrt_array* out, int ndim, const int64_t* shape, int skip, int64_t offset) {
  pyrt_array r = header_of(out);
  r.ndim = ndim;
  r.size = 1;
  for (int d = 0, from = 0; d < ndim; ++d, ++from) {
    if (from == skip) ++from;
    r.shape[d] = shape[d];
    r.strides[d] = out->strides[from];
    r.size *= shape[d];
  }
  r.data = static_cast<char*>(out->data) + offset * int64_t(dtype_size(out->dtype));
  return r;
}

} // namespace

extern "C" {

pyrt_array* pyrt_array_concat(pyrt_context* ctx, int32_t count, pyrt_array* const* arrays,
                              int64_t axis, int32_t stack, int32_t dtype, const char* site) {
  const pyrt_array* first = arrays[0];
  int ndim = first->ndim;
  int64_t shape[PYRT_MAX_DIMS];
  int out_ndim = stack ? ndim + 1 : ndim;
  if (stack) {
    for (int32_t i = 1; i < count; ++i) {
      if (!same_shape(arrays[i], first)) {
        pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "all input arrays must have the same shape");
        return nullptr;
      }
    }
    for (int d = 0, from = 0; d < out_ndim; ++d)
      shape[d] = d == axis ? count : first->shape[from++];
  } else {
    std::copy(first->shape, first->shape + ndim, shape);
    shape[axis] = 0;
    for (int32_t i = 0; i < count; ++i) {
      for (int d = 0; d < ndim; ++d) {
        if (d == axis || arrays[i]->shape[d] == first->shape[d]) continue;
        pyrt_raise_detail(
            ctx, PYRT_VALUE_ERROR, site,
            "all the input array dimensions except for the concatenation axis must match exactly, "
            "but along dimension %d, the array at index 0 has size %lld and the array at index %d "
            "has size %lld",
            d, (long long)first->shape[d], i, (long long)arrays[i]->shape[d]);
        return nullptr;
      }
      shape[axis] += arrays[i]->shape[axis];
    }
  }
  pyrt_array* out = new_array(ctx, site, dtype, out_ndim, shape);
  if (!out) return nullptr;
  int64_t offset = 0;
  for (int32_t i = 0; i < count; ++i) {
    pyrt_array src = header_of(arrays[i]);
    if (stack) {
      pyrt_array dst = region(out, ndim, src.shape, int(axis), i * out->strides[axis]);
      copy_elements(src, dst);
    } else {
      pyrt_array dst = region(out, ndim, src.shape, -1, offset * out->strides[axis]);
      copy_elements(src, dst);
      offset += src.shape[axis];
    }
  }
  return out;
}

pyrt_array* pyrt_array_concat_list(pyrt_context* ctx, pyrt_list* list, int32_t lead, int64_t axis,
                                   int32_t stack, int32_t dtype, const char* site) {
  if (list->length == 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, stack ? "need at least one array to stack"
                                                         : "need at least one array to concatenate");
    return nullptr;
  }
  auto* const* arrays = reinterpret_cast<pyrt_array* const*>(list->data);
  if (lead == 0) return pyrt_array_concat(ctx, int32_t(list->length), arrays, axis, stack, dtype, site);
  const int64_t axes[2] = {0, 1};
  std::vector<pyrt_array*> views;
  for (int64_t i = 0; i < list->length; ++i) views.push_back(pyrt_array_expand_dims(arrays[i], lead, axes));
  pyrt_array* out = pyrt_array_concat(ctx, int32_t(views.size()), views.data(), axis, stack, dtype, site);
  for (pyrt_array* v : views) pyrt_array_release(v);
  return out;
}

pyrt_array* pyrt_array_expand_dims(pyrt_array* a, int32_t count, const int64_t* axes) {
  pyrt_array* v = new_view(a);
  int ndim = a->ndim + count;
  for (int d = 0, next = 0, k = 0; d < ndim; ++d) {
    if (k < count && axes[k] == d) {
      // Any stride fits a size-1 axis; this one keeps a contiguous array contiguous.
      v->shape[d] = 1;
      v->strides[d] = next < a->ndim ? a->strides[next] * a->shape[next] : 1;
      ++k;
    } else {
      v->shape[d] = a->shape[next];
      v->strides[d] = a->strides[next];
      ++next;
    }
  }
  v->ndim = ndim;
  return v;
}

pyrt_array* pyrt_array_meshgrid(pyrt_context* ctx, int32_t count, pyrt_array* const* arrays,
                                int32_t which, int32_t ij, const char* site) {
  // numpy reshapes input i to size -1 along axis i and broadcasts; 'xy' swaps the first two axes.
  int64_t shape[PYRT_MAX_DIMS];
  for (int32_t i = 0; i < count; ++i)
    shape[i] = arrays[i]->size;
  int axis = which;
  if (!ij && count >= 2) {
    std::swap(shape[0], shape[1]);
    if (which < 2) axis = 1 - which;
  }
  const pyrt_array* src = arrays[which];
  pyrt_array* out = new_array(ctx, site, src->dtype, count, shape);
  if (!out) return nullptr;
  std::vector<int64_t> offsets;
  offsets.reserve(size_t(src->size));
  for_each_offset(src, [&](int64_t off) { offsets.push_back(off); });
  int64_t inner = 1;
  for (int d = axis + 1; d < count; ++d)
    inner *= shape[d];
  size_t item = dtype_size(src->dtype);
  const char* in = static_cast<const char*>(src->data);
  char* data = static_cast<char*>(out->data);
  for (int64_t f = 0; f < out->size; ++f)
    std::memcpy(data + f * int64_t(item),
                in + offsets[size_t(f / inner % shape[axis])] * int64_t(item), item);
  return out;
}

pyrt_array* pyrt_array_pad(pyrt_context* ctx, pyrt_array* a, const int64_t* widths,
                           pyrt_array* fill, const char* site) {
  int64_t shape[PYRT_MAX_DIMS];
  for (int d = 0; d < a->ndim; ++d) {
    if (widths[2 * d] < 0 || widths[2 * d + 1] < 0) {
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "index can't contain negative values");
      return nullptr;
    }
    if (__builtin_add_overflow(a->shape[d], widths[2 * d], &shape[d]) ||
        __builtin_add_overflow(shape[d], widths[2 * d + 1], &shape[d])) {
      pyrt_raise_detail(ctx, PYRT_MEMORY_ERROR, site, "np.pad: the padded array is too large");
      return nullptr;
    }
  }
  pyrt_array* out = new_array(ctx, site, a->dtype, a->ndim, shape);
  if (!out) return nullptr;
  // The fill value converted to the array's dtype once (numpy casts it as astype does), then
  // copied.
  pyrt_array one = header_of(out);
  one.ndim = 0;
  one.size = 1;
  pyrt_array fill_header = header_of(fill);
  copy_elements(fill_header, one);
  size_t item = dtype_size(a->dtype);
  char* data = static_cast<char*>(out->data);
  for (int64_t i = 1; i < out->size; ++i)
    std::memcpy(data + i * int64_t(item), data, item);
  int64_t offset = 0;
  for (int d = 0; d < a->ndim; ++d)
    offset += widths[2 * d] * out->strides[d];
  if (out->size == 0) return out;
  pyrt_array src = header_of(a);
  pyrt_array dst = region(out, a->ndim, a->shape, -1, offset);
  copy_elements(src, dst);
  return out;
}

} // extern "C"
