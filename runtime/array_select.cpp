// Selecting elements: integer-array and boolean-mask indexing (numpy's advanced indexing of one
// axis or of leading axes), np.triu and np.tril. The results are new arrays.
#include "runtime/array_copy.hpp"

#include <cstring>

namespace pyscript::runtime {

pyrt_array* gather(pyrt_context* ctx, const char* site, const pyrt_array* a, int axis, int consumed,
                   const std::vector<int64_t>& picks, const std::vector<int64_t>& inserted) {
  int64_t shape[PYRT_MAX_DIMS];
  int ndim = 0;
  for (int d = 0; d < axis; ++d)
    shape[ndim++] = a->shape[d];
  for (int64_t n : inserted)
    shape[ndim++] = n;
  for (int d = axis + consumed; d < a->ndim; ++d)
    shape[ndim++] = a->shape[d];
  pyrt_array* out = new_array(ctx, site, a->dtype, ndim, shape);
  if (!out || out->size == 0) return out;
  // The leading axes, and the subarray one pick selects (the trailing axes).
  pyrt_array outer = header_of(a);
  outer.ndim = axis;
  outer.size = 1;
  for (int d = 0; d < axis; ++d)
    outer.size *= a->shape[d];
  pyrt_array inner = header_of(a);
  inner.ndim = a->ndim - axis - consumed;
  inner.size = 1;
  for (int d = 0; d < inner.ndim; ++d) {
    inner.shape[d] = a->shape[axis + consumed + d];
    inner.strides[d] = a->strides[axis + consumed + d];
    inner.size *= inner.shape[d];
  }
  pyrt_array dst = header_of(out);
  dst.ndim = inner.ndim;
  dst.size = inner.size;
  for (int d = 0; d < inner.ndim; ++d) {
    dst.shape[d] = inner.shape[d];
    dst.strides[d] = out->strides[ndim - inner.ndim + d];
  }
  int64_t item = int64_t(dtype_size(a->dtype));
  const char* base = static_cast<const char*>(a->data);
  char* next = static_cast<char*>(out->data);
  for_each_offset(&outer, [&](int64_t o) {
    for (int64_t p : picks) {
      inner.data = const_cast<char*>(base + (o + p) * item);
      dst.data = next;
      copy_elements(inner, dst);
      next += inner.size * item;
    }
  });
  return out;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_array* pyrt_array_take(pyrt_context* ctx, pyrt_array* a, pyrt_array* idx, int32_t axis,
                            int32_t source_axis, const char* site) {
  int64_t n = a->shape[axis];
  // numpy 1.24 lets an index out of bounds pass (with a DeprecationWarning) when the result is
  // empty.
  int64_t rest = 1;
  for (int d = 0; d < a->ndim; ++d)
    rest *= d == axis ? 1 : a->shape[d];
  bool check = rest * idx->size != 0;
  std::vector<int64_t> picks;
  picks.reserve(size_t(idx->size));
  bool failed = false;
  for_each_offset(idx, [&](int64_t off) {
    if (failed) return;
    int64_t i = load_i64(idx, off);
    int64_t j = i < 0 ? i + n : i;
    if (check && (j < 0 || j >= n)) {
      pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site,
                        "index %lld is out of bounds for axis %d with size %lld", (long long)i,
                        source_axis, (long long)n);
      failed = true;
      return;
    }
    picks.push_back(j * a->strides[axis]);
  });
  if (failed) return nullptr;
  std::vector<int64_t> inserted(idx->shape, idx->shape + idx->ndim);
  return gather(ctx, site, a, axis, 1, picks, inserted);
}

pyrt_array* pyrt_array_mask(pyrt_context* ctx, pyrt_array* a, pyrt_array* mask, int32_t axis,
                            int32_t source_axis, const char* site) {
  int k = mask->ndim;
  for (int d = 0; d < k; ++d) {
    // numpy 1.24 lets a mask axis of length 0 pass whatever the array's length there.
    if (mask->shape[d] == a->shape[axis + d] || mask->shape[d] == 0) continue;
    pyrt_raise_detail(
        ctx, PYRT_INDEX_ERROR, site,
        "boolean index did not match indexed array along dimension %d; dimension is %lld but "
        "corresponding boolean dimension is %lld",
        source_axis + d, (long long)a->shape[axis + d], (long long)mask->shape[d]);
    return nullptr;
  }
  // The offsets (in a) of the true elements, in row-major order of the mask.
  std::vector<int64_t> picks;
  int64_t index[PYRT_MAX_DIMS] = {0};
  int64_t m = 0, offset = 0;
  for (int64_t f = 0; f < mask->size; ++f) {
    if (static_cast<const uint8_t*>(mask->data)[m]) picks.push_back(offset);
    for (int d = k - 1; d >= 0; --d) {
      if (++index[d] < mask->shape[d]) {
        m += mask->strides[d];
        offset += a->strides[axis + d];
        break;
      }
      m -= mask->strides[d] * (mask->shape[d] - 1);
      offset -= a->strides[axis + d] * (mask->shape[d] - 1);
      index[d] = 0;
    }
  }
  return gather(ctx, site, a, axis, k, picks, {int64_t(picks.size())});
}

pyrt_array* pyrt_array_tri(pyrt_context* ctx, pyrt_array* a, int64_t k, int32_t upper,
                           const char* site) {
  // numpy: where(tri(N, M, k) mask, ...) over the last two axes; a 1-D array broadcasts into
  // every row of an N x N square.
  pyrt_array src = header_of(a);
  if (a->ndim == 1) {
    src.ndim = 2;
    src.shape[0] = src.shape[1] = a->shape[0];
    src.strides[0] = 0;
    src.strides[1] = a->strides[0];
    src.size = a->shape[0] * a->shape[0];
  }
  pyrt_array* out = new_array(ctx, site, a->dtype, src.ndim, src.shape);
  if (!out) return nullptr;
  pyrt_array dst = header_of(out);
  copy_elements(src, dst);
  int64_t rows = out->shape[out->ndim - 2], cols = out->shape[out->ndim - 1];
  size_t item = dtype_size(a->dtype);
  char* data = static_cast<char*>(out->data);
  for (int64_t f = 0; f < out->size; ++f) {
    int64_t i = f / cols % rows, j = f % cols;
    bool keep = upper ? j - i >= k : j - i <= k;
    if (!keep) std::memset(data + f * int64_t(item), 0, item);
  }
  return out;
}

} // extern "C"
