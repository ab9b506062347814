// Arrays: lifetime, creation, views, indexing (runtime/array_math.cpp computes, array_print.cpp
// prints).
#include "runtime/array_internal.hpp"

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <sys/mman.h>

namespace pyscript::runtime {

size_t dtype_size(int32_t dtype) {
  switch (dtype) {
  case PYRT_F32: return 4;
  case PYRT_F64: return 8;
  case PYRT_I64: return 8;
  default: return 1;
  }
}

const char* dtype_name(int32_t dtype) {
  switch (dtype) {
  case PYRT_F32: return "float32";
  case PYRT_F64: return "float64";
  case PYRT_I64: return "int64";
  default: return "bool";
  }
}

double load_f64(const pyrt_array* a, int64_t i) {
  switch (a->dtype) {
  case PYRT_F32: return double(static_cast<const float*>(a->data)[i]);
  case PYRT_F64: return static_cast<const double*>(a->data)[i];
  case PYRT_I64: return double(static_cast<const int64_t*>(a->data)[i]);
  default: return static_cast<const uint8_t*>(a->data)[i] ? 1.0 : 0.0;
  }
}

int64_t load_i64(const pyrt_array* a, int64_t i) {
  switch (a->dtype) {
  case PYRT_F32: return int64_t(static_cast<const float*>(a->data)[i]);
  case PYRT_F64: return int64_t(static_cast<const double*>(a->data)[i]);
  case PYRT_I64: return static_cast<const int64_t*>(a->data)[i];
  default: return static_cast<const uint8_t*>(a->data)[i];
  }
}

void store_f64(pyrt_array* a, int64_t i, double v) {
  switch (a->dtype) {
  case PYRT_F32: static_cast<float*>(a->data)[i] = float(v); break;
  case PYRT_F64: static_cast<double*>(a->data)[i] = v; break;
  case PYRT_I64: static_cast<int64_t*>(a->data)[i] = int64_t(v); break;
  default: static_cast<uint8_t*>(a->data)[i] = v != 0; break;
  }
}

bool is_contiguous(const pyrt_array* a) {
  int64_t expected = 1;
  for (int d = a->ndim - 1; d >= 0; --d) {
    if (a->shape[d] != 1 && a->strides[d] != expected) return false;
    expected *= a->shape[d];
  }
  return true;
}

pyrt_array header_of(const pyrt_array* a) {
  pyrt_array h{};
  h.dtype = a->dtype;
  h.ndim = a->ndim;
  h.size = a->size;
  std::memcpy(h.shape, a->shape, sizeof h.shape);
  std::memcpy(h.strides, a->strides, sizeof h.strides);
  h.data = a->data;
  h.base = a->base;
  return h;
}

std::string shape_text(int32_t ndim, const int64_t* shape) {
  std::string out = "(";
  for (int d = 0; d < ndim; ++d) out += (d ? ", " : "") + std::to_string(shape[d]);
  if (ndim == 1) out += ",";
  return out + ")";
}

std::string shape_text(const pyrt_array* a) { return shape_text(a->ndim, a->shape); }

std::string numpy_shape_text(const pyrt_array* a) {
  std::string out = "(";
  for (int d = 0; d < a->ndim; ++d) out += (d ? "," : "") + std::to_string(a->shape[d]);
  if (a->ndim == 1) out += ",";
  return out + ")";
}

bool resolve_axis(pyrt_context* ctx, pyrt_array*& a, int64_t& axis, pyrt_array*& flat, const char* site) {
  if (axis < -int64_t(a->ndim)) {
    int64_t size = a->size;
    flat = pyrt_array_reshape(ctx, a, 1, &size, site);
    if (!flat) return false;
    a = flat;
    axis = 0;
  }
  if (axis < 0) axis += a->ndim;
  return true;
}

pyrt_array* new_array(pyrt_context* ctx, const char* site, int32_t dtype, int32_t ndim, const int64_t* shape) {
  // numpy multiplies the item size by every dimension but the zeros and refuses a product past
  // int64, so (2**62, 0) is too big although it holds nothing.
  __int128 running = dtype_size(dtype);
  for (int d = 0; d < ndim; ++d) {
    if (shape[d] != 0) running *= shape[d];
    if (running > INT64_MAX) {
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                        "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
      return nullptr;
    }
  }
  if (pyrt_array* a = pyrt_array_try_new(dtype, ndim, shape)) return a;
  long double bytes = dtype_size(dtype);
  for (int d = 0; d < ndim; ++d) bytes *= shape[d];
  if (bytes >= 0x1p62L) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    return nullptr;
  }
  static const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int unit = 0;
  for (; bytes >= 1024 && unit < 6; ++unit) bytes /= 1024;
  pyrt_raise_detail(ctx, PYRT_MEMORY_ERROR, site, "Unable to allocate %.3Lg %s for an array with shape %s and data type %s",
                    bytes, units[unit], shape_text(ndim, shape).c_str(), dtype_name(dtype));
  return nullptr;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

namespace {

// Large buffers come fresh from mmap and go back on free, so each one faults in page by page
// (a 16 MiB result: 4,096 faults, about a millisecond). Asking for transparent huge pages, as
// numpy does from 4 MiB on, makes that 8 faults.
constexpr size_t kHugePageAdviceBytes = size_t(4) << 20;

void advise_huge_pages(void* data, size_t bytes) {
  const uintptr_t page = 4096;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + page - 1) & ~(page - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE); // advice only
}

// The bytes to allocate for an array of this shape, false when the count does not fit.
bool buffer_bytes(int32_t dtype, int32_t ndim, const int64_t* shape, size_t& bytes) {
  uint64_t count = 1;
  for (int d = 0; d < ndim; ++d)
    if (shape[d] < 0 || __builtin_mul_overflow(count, uint64_t(shape[d]), &count)) return false;
  uint64_t total;
  if (__builtin_mul_overflow(count, uint64_t(dtype_size(dtype)), &total) || total > (uint64_t(1) << 62))
    return false;
  bytes = size_t((total + 63) / 64 * 64 + 64);
  return true;
}

// A header with no buffer; strides row-major.
pyrt_array* new_header(int32_t dtype, int32_t ndim, const int64_t* shape) {
  auto* a = static_cast<pyrt_array*>(std::calloc(1, sizeof(pyrt_array)));
  a->refcount = 1;
  a->dtype = dtype;
  a->ndim = ndim;
  a->size = 1;
  for (int d = 0; d < ndim; ++d) {
    a->shape[d] = shape[d];
    a->size *= shape[d];
  }
  int64_t stride = 1;
  for (int d = ndim - 1; d >= 0; --d) {
    a->strides[d] = stride;
    stride *= shape[d];
  }
  return a;
}

pyrt_array* view_of(pyrt_array* a) {
  auto* v = static_cast<pyrt_array*>(std::calloc(1, sizeof(pyrt_array)));
  *v = header_of(a);
  v->refcount = 1;
  v->base = a->base ? a->base : a;
  pyrt_array_retain(v->base);
  return v;
}

} // namespace

extern "C" {

// Note [Shared arrays]
// Most arrays live and die inside one call of compiled code, on one thread: their counts change
// with plain increments (an atomic one on every temporary costs 1.5-2x on allocation-heavy code).
// An array that other threads can reach -- stored in a module global (store_global), or held by
// the host as a pyscript::Tensor, which it may pass to calls on any thread -- is marked `shared`
// first, by the thread that owns it, before it is published; from then on every change of its
// count, on any thread, is atomic, and fused loops never write into it (pyrt_array_reuse_or_new).
// Invariant: an array that more than one thread can reach is shared. A view of a shared array
// retains its base atomically; sharing a view shares its base, which other threads then reach
// through it. The flag is set once and never cleared, so reading it needs no atomic: it was
// written before the array became visible to the thread that reads it (Note [Threads] in
// api/module.cpp).
void pyrt_array_retain(pyrt_array* a) {
  if (!a) return;
  if (__builtin_expect(a->shared, 0)) std::atomic_ref<int64_t>(a->refcount).fetch_add(1, std::memory_order_relaxed);
  else ++a->refcount;
}

void pyrt_array_release(pyrt_array* a) {
  if (!a) return;
  if (__builtin_expect(a->shared, 0)) {
    // acq_rel: the thread that frees sees every other thread's last use of the buffer.
    if (std::atomic_ref<int64_t>(a->refcount).fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  } else if (--a->refcount > 0) {
    return;
  }
  if (a->base) pyrt_array_release(a->base);
  else std::free(a->data);
  std::free(a);
}

void pyrt_array_share(pyrt_array* a) {
  if (!a) return;
  // Written only when not yet set: a shared array may be read by other threads right now.
  if (!a->shared) a->shared = 1;
  if (a->base && !a->base->shared) a->base->shared = 1;
}

pyrt_array* pyrt_array_try_new(int32_t dtype, int32_t ndim, const int64_t* shape) {
  size_t allocated;
  if (!buffer_bytes(dtype, ndim, shape, allocated)) return nullptr;
  // 64-byte aligned, for vector loads; at least one line so that empty arrays have a buffer.
  void* data = std::aligned_alloc(64, allocated);
  if (!data) return nullptr;
  if (allocated >= kHugePageAdviceBytes) advise_huge_pages(data, allocated);
  pyrt_array* a = new_header(dtype, ndim, shape);
  a->data = data;
  return a;
}

pyrt_array* pyrt_array_new(int32_t dtype, int32_t ndim, const int64_t* shape) {
  pyrt_array* a = pyrt_array_try_new(dtype, ndim, shape);
  if (!a) {
    std::fprintf(stderr, "pyscript: MemoryError: no memory for a %s array of shape %s\n", dtype_name(dtype),
                 shape_text(ndim, shape).c_str());
    std::abort();
  }
  return a;
}

// A new array of a shape the program gave (np.zeros, np.full): numpy's ValueError for a negative
// dimension, MemoryError as new_array raises it.
static pyrt_array* new_array_of_shape(pyrt_context* ctx, const char* site, int32_t dtype, int32_t ndim,
                                      const int64_t* shape) {
  for (int d = 0; d < ndim; ++d) {
    if (shape[d] < 0) {
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "negative dimensions are not allowed");
      return nullptr;
    }
  }
  return new_array(ctx, site, dtype, ndim, shape);
}

pyrt_array* pyrt_array_full(pyrt_context* ctx, int32_t dtype, int32_t ndim, const int64_t* shape,
                            double value, const char* site) {
  pyrt_array* a = new_array_of_shape(ctx, site, dtype, ndim, shape);
  if (!a) return nullptr;
  // All bits zero is +0.0 only: np.full(n, -0.0) keeps the sign (numpy prints -0.).
  if (value == 0.0 && !std::signbit(value)) std::memset(a->data, 0, size_t(a->size) * dtype_size(dtype));
  else
    for (int64_t i = 0; i < a->size; ++i) store_f64(a, i, value);
  return a;
}

pyrt_array* pyrt_array_full_i64(pyrt_context* ctx, int32_t ndim, const int64_t* shape, int64_t value,
                                const char* site) {
  pyrt_array* a = new_array_of_shape(ctx, site, PYRT_I64, ndim, shape);
  if (!a) return nullptr;
  auto* data = static_cast<int64_t*>(a->data);
  for (int64_t i = 0; i < a->size; ++i) data[i] = value;
  return a;
}

pyrt_array* pyrt_array_from_i64(int32_t ndim, const int64_t* shape, const int64_t* values) {
  pyrt_array* a = pyrt_array_new(PYRT_I64, ndim, shape);
  std::memcpy(a->data, values, size_t(a->size) * sizeof(int64_t));
  return a;
}

pyrt_array* pyrt_array_arange_i64(pyrt_context* ctx, int64_t start, int64_t stop, int64_t step, const char* site) {
  if (step == 0) { // numpy divides by the step
    pyrt_raise(ctx, PYRT_ZERO_DIVISION_TRUE, site);
    return nullptr;
  }
  __int128 span = __int128(stop) - start, count = 0; // ceil(span / step), exact
  if ((span > 0 && step > 0) || (span < 0 && step < 0)) count = (span + step - (step > 0 ? 1 : -1)) / step;
  // numpy computes the length as ceil(span / step) in double and casts it to intp: a length that
  // rounds to 2**63 passes its range check and becomes negative, an empty array
  // (np.arange(2**63 - 1) is empty, np.arange(2**62) too big).
  if (std::ceil(double(span) / double(step)) == 0x1p63) count = 0;
  int64_t n = int64_t(count);
  pyrt_array* a = new_array(ctx, site, PYRT_I64, 1, &n);
  if (!a) return nullptr;
  auto* data = static_cast<int64_t*>(a->data);
  for (int64_t i = 0; i < n; ++i) data[i] = int64_t(start + __int128(i) * step);
  return a;
}

pyrt_array* pyrt_array_from_f64(int32_t dtype, int32_t ndim, const int64_t* shape, const double* values) {
  pyrt_array* a = pyrt_array_new(dtype, ndim, shape);
  for (int64_t i = 0; i < a->size; ++i) store_f64(a, i, values[i]);
  return a;
}

pyrt_array* pyrt_array_arange(pyrt_context* ctx, int32_t dtype, double start, double stop, double step,
                              const char* site) {
  if (step == 0) { // numpy divides by the step
    pyrt_raise(ctx, PYRT_ZERO_DIVISION_FLOAT, site);
    return nullptr;
  }
  double n = std::ceil((stop - start) / step);
  int64_t count = n > 0 ? int64_t(n) : 0;
  pyrt_array* a = new_array(ctx, site, dtype, 1, &count);
  if (!a) return nullptr;
  // numpy stores start and start + step, then fills from those two in the dtype's arithmetic:
  // x[i] = x[0] + i * (x[1] - x[0]) (DOUBLE_fill), so np.arange(-0.0, 3)[0] is -0.0.
  if (dtype == PYRT_F32) {
    auto* x = static_cast<float*>(a->data);
    if (count > 0) x[0] = float(start);
    if (count > 1) x[1] = float(start + step);
    float delta = count > 1 ? x[1] - x[0] : 0.0f;
    for (int64_t i = 2; i < count; ++i) x[i] = x[0] + float(i) * delta;
  } else if (dtype == PYRT_F64) {
    auto* x = static_cast<double*>(a->data);
    if (count > 0) x[0] = start;
    if (count > 1) x[1] = start + step;
    double delta = count > 1 ? x[1] - x[0] : 0.0;
    for (int64_t i = 2; i < count; ++i) x[i] = x[0] + double(i) * delta;
  } else {
    for (int64_t i = 0; i < count; ++i) store_f64(a, i, start + double(i) * step);
  }
  return a;
}

pyrt_array* pyrt_array_linspace(pyrt_context* ctx, int32_t dtype, double start, double stop, int64_t num,
                                const char* site) {
  if (num < 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "Number of samples, %lld, must be non-negative.",
                      (long long)num);
    return nullptr;
  }
  pyrt_array* a = new_array(ctx, site, dtype, 1, &num);
  if (!a) return nullptr;
  double step = num > 1 ? (stop - start) / double(num - 1) : 0.0;
  for (int64_t i = 0; i < num; ++i) store_f64(a, i, start + double(i) * step);
  if (num > 1) store_f64(a, num - 1, stop); // numpy makes the last sample exact
  return a;
}

pyrt_array* pyrt_array_eye(pyrt_context* ctx, int32_t dtype, int64_t n, int64_t m, const char* site) {
  int64_t shape[2] = {n, m < 0 ? n : m};
  pyrt_array* a = pyrt_array_full(ctx, dtype, 2, shape, 0.0, site);
  if (!a) return nullptr;
  for (int64_t i = 0; i < shape[0] && i < shape[1]; ++i) store_f64(a, i * shape[1] + i, 1.0);
  return a;
}

pyrt_array* pyrt_array_scalar(int32_t dtype, double value) {
  pyrt_array* a = pyrt_array_new(dtype, 0, nullptr);
  store_f64(a, 0, value);
  return a;
}

pyrt_array* pyrt_array_scalar_i64(int64_t value) {
  pyrt_array* a = pyrt_array_new(PYRT_I64, 0, nullptr);
  static_cast<int64_t*>(a->data)[0] = value;
  return a;
}

pyrt_array* pyrt_array_astype(pyrt_array* a, int32_t dtype) {
  pyrt_array* out = pyrt_array_new(dtype, a->ndim, a->shape);
  int64_t i = 0;
  if (dtype == PYRT_I64 && a->dtype == PYRT_I64) {
    for_each_offset(a, [&](int64_t off) { static_cast<int64_t*>(out->data)[i++] = load_i64(a, off); });
  } else if (dtype == PYRT_I64) {
    for_each_offset(a, [&](int64_t off) {
      double v = load_f64(a, off);
      static_cast<int64_t*>(out->data)[i++] = std::isfinite(v) ? int64_t(v) : INT64_MIN;
    });
  } else {
    for_each_offset(a, [&](int64_t off) { store_f64(out, i++, load_f64(a, off)); });
  }
  return out;
}

pyrt_array* pyrt_array_transpose(pyrt_array* a) {
  pyrt_array* v = view_of(a);
  for (int d = 0; d < a->ndim; ++d) {
    v->shape[d] = a->shape[a->ndim - 1 - d];
    v->strides[d] = a->strides[a->ndim - 1 - d];
  }
  return v;
}

pyrt_array* pyrt_array_permute_axes(pyrt_array* a, const int64_t* axes) {
  pyrt_array* v = view_of(a);
  for (int d = 0; d < a->ndim; ++d) {
    v->shape[d] = a->shape[axes[d]];
    v->strides[d] = a->strides[axes[d]];
  }
  return v;
}

pyrt_array* pyrt_array_reshape(pyrt_context* ctx, pyrt_array* a, int32_t ndim, const int64_t* shape,
                               const char* site) {
  int64_t dims[PYRT_MAX_DIMS];
  int64_t known = 1;
  int unknown = -1;
  for (int d = 0; d < ndim; ++d) {
    dims[d] = shape[d];
    if (shape[d] >= 0) {
      known *= shape[d];
    } else if (unknown >= 0) {
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "can only specify one unknown dimension");
      return nullptr;
    } else {
      unknown = d; // numpy 1.24 takes any negative size as the unknown one
    }
  }
  if (unknown >= 0 && known > 0 && a->size % known == 0) dims[unknown] = a->size / known;
  int64_t total = 1;
  for (int d = 0; d < ndim; ++d) total *= dims[d];
  if (total != a->size || (unknown >= 0 && known == 0)) {
    // As numpy prints the shape asked for: no spaces; a -1 is "newaxis", left out when leading.
    int first = 0;
    while (first < ndim && shape[first] < 0) ++first;
    std::string want = first == ndim ? "()" : "(" + std::to_string(shape[first]);
    for (int d = first + 1; d < ndim; ++d) want += shape[d] < 0 ? std::string(",newaxis") : "," + std::to_string(shape[d]);
    if (first < ndim) want += ndim == 1 ? ",)" : ")";
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "cannot reshape array of size %lld into shape %s",
                      (long long)a->size, want.c_str());
    return nullptr;
  }
  pyrt_array* src = is_contiguous(a) ? a : nullptr;
  pyrt_array* copy = nullptr;
  if (!src) src = copy = pyrt_array_astype(a, a->dtype);
  pyrt_array* v = view_of(src);
  v->ndim = ndim;
  v->size = total;
  int64_t stride = 1;
  for (int d = ndim - 1; d >= 0; --d) {
    v->shape[d] = dims[d];
    v->strides[d] = stride;
    stride *= dims[d];
  }
  pyrt_array_release(copy);
  return v;
}

pyrt_array* pyrt_array_index(pyrt_context* ctx, pyrt_array* a, int32_t count, const int64_t* spec,
                             const char* site) {
  if (count > a->ndim) {
    pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site,
                      "too many indices for array: array is %d-dimensional, but %d were indexed",
                      a->ndim, count);
    return nullptr;
  }
  pyrt_array* v = view_of(a);
  char* data = static_cast<char*>(a->data);
  size_t item = dtype_size(a->dtype);
  int out = 0;
  for (int d = 0; d < a->ndim; ++d) {
    int64_t n = a->shape[d];
    if (d >= count) {
      v->shape[out] = n;
      v->strides[out++] = a->strides[d];
      continue;
    }
    const int64_t* s = spec + 5 * d;
    if (s[0] == 0) {
      int64_t i = s[1] < 0 ? s[1] + n : s[1];
      if (i < 0 || i >= n) {
        pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site,
                          "index %lld is out of bounds for axis %d with size %lld", (long long)s[1], d,
                          (long long)n);
        pyrt_array_release(v);
        return nullptr;
      }
      data += i * a->strides[d] * int64_t(item);
      continue;
    }
    int64_t step = s[3];
    if (step == 0) {
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "slice step cannot be zero");
      pyrt_array_release(v);
      return nullptr;
    }
    bool has_start = s[4] & 1, has_stop = s[4] & 2;
    // Python's slice.indices().
    auto clamp = [&](int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; };
    int64_t start, stop;
    if (step > 0) {
      start = has_start ? clamp(s[1] < 0 ? s[1] + n : s[1], 0, n) : 0;
      stop = has_stop ? clamp(s[2] < 0 ? s[2] + n : s[2], 0, n) : n;
    } else {
      start = has_start ? clamp(s[1] < 0 ? s[1] + n : s[1], -1, n - 1) : n - 1;
      stop = has_stop ? clamp(s[2] < 0 ? s[2] + n : s[2], -1, n - 1) : -1;
    }
    int64_t len = step > 0 ? (stop > start ? (stop - start + step - 1) / step : 0)
                           : (start > stop ? (start - stop - step - 1) / -step : 0);
    if (len > 0) data += start * a->strides[d] * int64_t(item);
    v->shape[out] = len;
    v->strides[out++] = a->strides[d] * step;
  }
  v->ndim = out;
  v->size = 1;
  for (int d = 0; d < out; ++d) v->size *= v->shape[d];
  v->data = data;
  return v;
}

int64_t pyrt_array_dim(pyrt_array* a, int32_t axis) { return a->shape[axis]; }

// float(a) / int(a) need one element (numpy: TypeError), bool(a) too (numpy 2: ValueError).
static bool one_element(pyrt_context* ctx, pyrt_array* a, const char* site, bool truth = false) {
  if (a->size == 1) return true;
  if (!truth)
    pyrt_raise_detail(ctx, PYRT_TYPE_ERROR, site, "only size-1 arrays can be converted to Python scalars");
  else if (a->size == 0)
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an "
                      "array is not empty.");
  else
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
  return false;
}

int32_t pyrt_array_truth(pyrt_context* ctx, pyrt_array* a, const char* site) {
  return one_element(ctx, a, site, true) && load_f64(a, 0) != 0.0 ? 1 : 0;
}

double pyrt_array_item_f64(pyrt_context* ctx, pyrt_array* a, const char* site) {
  return one_element(ctx, a, site) ? load_f64(a, 0) : 0.0;
}

int64_t pyrt_array_item_i64(pyrt_context* ctx, pyrt_array* a, const char* site) {
  if (!one_element(ctx, a, site)) return 0;
  if (a->dtype == PYRT_I64 || a->dtype == PYRT_BOOL) return load_i64(a, 0);
  double v = load_f64(a, 0);
  if (!std::isfinite(v)) {
    pyrt_raise(ctx, std::isnan(v) ? PYRT_FLOAT_TO_INT_NAN : PYRT_FLOAT_TO_INT_INF, site);
    return 0;
  }
  return int64_t(v);
}

} // extern "C"
