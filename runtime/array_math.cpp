// Array arithmetic with numpy's semantics: broadcasting, elementwise ops computed in one dtype,
// reductions over an axis, matrix products.
#include "runtime/array_extrema.hpp"
#include "runtime/array_internal.hpp"
#include "runtime/array_sum.hpp"
#include "runtime/parallel.hpp"
#include "support/python_arith.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using namespace pyscript::runtime;

namespace {

// Shapes that do not broadcast: numpy's ValueError, except for `==` and `!=` (compare), where
// numpy 1.24 returns False or True, a Python bool, with a DeprecationWarning (numpy 2 raises
// this ValueError). pyscript's comparison is an array, so it stops there with an error no except
// catches (Note [Errors no except catches]) rather than give another answer.
void raise_not_broadcast(pyrt_context* ctx, const std::string& shapes, bool compare, const char* site) {
  if (compare)
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "== or != of arrays with shapes %sthat do not broadcast: numpy 1.24 answers False or "
                      "True (a bool, not an array), which pyscript's array comparison cannot; compare the "
                      "shapes first",
                      shapes.c_str());
  else
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "operands could not be broadcast together with shapes %s",
                      shapes.c_str());
}

// numpy's broadcast of two shapes into `out`; false when they do not fit.
bool broadcast_shapes(const pyrt_array* a, const pyrt_array* b, int32_t& ndim, int64_t* out) {
  ndim = a->ndim > b->ndim ? a->ndim : b->ndim;
  for (int d = 0; d < ndim; ++d) {
    int da = d - (ndim - a->ndim), db = d - (ndim - b->ndim);
    int64_t sa = da >= 0 ? a->shape[da] : 1, sb = db >= 0 ? b->shape[db] : 1;
    if (sa != sb && sa != 1 && sb != 1) return false;
    out[d] = sa == 1 ? sb : sa;
  }
  return true;
}

// The strides of `a` read as an array of shape `shape` (0 along broadcast axes).
void broadcast_strides(const pyrt_array* a, int32_t ndim, const int64_t* shape, int64_t* strides) {
  for (int d = 0; d < ndim; ++d) {
    int da = d - (ndim - a->ndim);
    strides[d] = da >= 0 && a->shape[da] == shape[d] ? a->strides[da] : 0;
  }
}

// Walks `shape` in row-major order, calling fn(k, offsets...) with the offset into each operand.
template <int N, class Fn>
void walk(int32_t ndim, const int64_t* shape, const int64_t (*strides)[PYRT_MAX_DIMS], Fn fn) {
  int64_t total = 1;
  for (int d = 0; d < ndim; ++d) total *= shape[d];
  if (total == 0) return;
  int64_t index[PYRT_MAX_DIMS] = {0};
  int64_t off[N] = {0};
  for (int64_t k = 0; k < total; ++k) {
    fn(k, off);
    for (int d = ndim - 1; d >= 0; --d) {
      if (++index[d] < shape[d]) {
        for (int j = 0; j < N; ++j) off[j] += strides[j][d];
        break;
      }
      for (int j = 0; j < N; ++j) off[j] -= strides[j][d] * (shape[d] - 1);
      index[d] = 0;
    }
  }
}


// Facts of the ops from their table (include/pyscript/ufuncs.def), indexed by code.
constexpr bool kComparison[] = {
#define PYRT_BINARY(ID, name, np_name, fuse, scalar, compare, to_float) compare != 0,
#include "pyscript/ufuncs.def"
};
constexpr bool kToBool[] = {
#define PYRT_UNARY(ID, name, np_name, fuse, scalar, math_fn, to_float, to_bool, bool_in) to_bool != 0,
#include "pyscript/ufuncs.def"
};
constexpr const char* kReductionUfunc[] = {
#define PYRT_REDUCE(ID, name, ufunc) ufunc,
#include "pyscript/ufuncs.def"
};

template <class T> T binary_value(int32_t op, T a, T b) {
  switch (op) {
  case PYRT_ADD: return a + b;
  case PYRT_SUB: return a - b;
  case PYRT_MUL: return a * b;
  case PYRT_DIV: return a / b;
  // numpy's maximum/minimum propagate nan.
  // numpy keeps the second operand on a tie, which shows for 0.0 and -0.0.
  case PYRT_MAXIMUM: return a != a ? a : b != b ? b : a > b ? a : b;
  case PYRT_MINIMUM: return a != a ? a : b != b ? b : a < b ? a : b;
  default: break;
  }
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
    case PYRT_FLOORDIV: {
      auto r = pyscript::arith::floordiv(double(a), double(b));
      return r ? T(*r) : T(double(a) / double(b)); // numpy: inf/nan, no error
    }
    case PYRT_MOD: {
      auto r = pyscript::arith::mod(double(a), double(b));
      return r ? T(*r) : T(NAN);
    }
    case PYRT_POW: return T(std::pow(double(a), double(b)));
    case PYRT_ARCTAN2: return std::atan2(a, b);
    default: return T(0);
    }
  } else {
    switch (op) {
    case PYRT_FLOORDIV: { auto r = pyscript::arith::floordiv(int64_t(a), int64_t(b)); return r ? T(*r) : T(0); }
    case PYRT_MOD: { auto r = pyscript::arith::mod(int64_t(a), int64_t(b)); return r ? T(*r) : T(0); }
    case PYRT_POW: {
      // numpy wraps on overflow; negative exponents are an error there, 0 here.
      int64_t base = int64_t(a), e = int64_t(b), r = 1;
      if (e < 0) return T(0);
      while (e > 0) {
        if (e & 1) r = int64_t(uint64_t(r) * uint64_t(base));
        base = int64_t(uint64_t(base) * uint64_t(base));
        e >>= 1;
      }
      return T(r);
    }
    default: return T(0);
    }
  }
}

template <class T> bool compare_value(int32_t op, T a, T b) {
  switch (op) {
  case PYRT_LT: return a < b;
  case PYRT_LE: return a <= b;
  case PYRT_GT: return a > b;
  case PYRT_GE: return a >= b;
  case PYRT_EQ: return a == b;
  default: return a != b;
  }
}

// An operand as a T-typed array (the array itself when it already is one).
template <class T> const T* typed_data(pyrt_array* a, int32_t dtype, pyrt_array*& temp) {
  temp = nullptr;
  if (a->dtype == dtype) return static_cast<const T*>(a->data);
  temp = pyrt_array_astype(a, dtype);
  return static_cast<const T*>(temp->data);
}

template <class T>
void binary_kernel(int32_t op, pyrt_array* a, pyrt_array* b, int32_t dtype, pyrt_array* out,
                   const int64_t (*strides)[PYRT_MAX_DIMS]) {
  pyrt_array *ta, *tb;
  const T* pa = typed_data<T>(a, dtype, ta);
  const T* pb = typed_data<T>(b, dtype, tb);
  // A converted copy is contiguous: its strides differ from the original's.
  int64_t st[2][PYRT_MAX_DIMS];
  std::memcpy(st, strides, sizeof st);
  if (ta) broadcast_strides(ta, out->ndim, out->shape, st[0]);
  if (tb) broadcast_strides(tb, out->ndim, out->shape, st[1]);
  bool compare = kComparison[op];
  if (compare) {
    auto* po = static_cast<uint8_t*>(out->data);
    walk<2>(out->ndim, out->shape, st, [&](int64_t k, const int64_t* off) {
      po[k] = compare_value<T>(op, pa[off[0]], pb[off[1]]);
    });
  } else {
    auto* po = static_cast<T*>(out->data);
    bool same = out->ndim > 0 && is_contiguous(ta ? ta : a) && is_contiguous(tb ? tb : b) &&
                (ta ? ta : a)->size == out->size && (tb ? tb : b)->size == out->size;
    bool simple = op == PYRT_ADD || op == PYRT_SUB || op == PYRT_MUL || op == PYRT_DIV;
    if (same && simple) {
      for (int64_t k = 0; k < out->size; ++k) po[k] = binary_value<T>(op, pa[k], pb[k]);
    } else {
      walk<2>(out->ndim, out->shape, st, [&](int64_t k, const int64_t* off) {
        po[k] = binary_value<T>(op, pa[off[0]], pb[off[1]]);
      });
    }
  }
  pyrt_array_release(ta);
  pyrt_array_release(tb);
}

// One element of a unary ufunc, in T (float functions for float, as numpy's float32 loops).
// int64 reaches only the ops that keep ints (neg, abs, sign, square, isnan, isinf); the to_float
// rows of ufuncs.def compute in float64.
template <class T> T unary_value(int32_t op, T x) {
  switch (op) {
  case PYRT_NEG: return T(-x);
  case PYRT_ABS: return x < 0 ? T(-x) : x;
  case PYRT_SIGN: return x > 0 ? T(1) : x < 0 ? T(-1) : x == 0 ? T(0) : x; // nan stays nan
  case PYRT_ISNAN: return T(x != x);
  case PYRT_ISINF: {
    if constexpr (std::is_floating_point_v<T>) return T(std::isinf(x));
    else return T(0);
  }
  case PYRT_ISFINITE: {
    if constexpr (std::is_floating_point_v<T>) return T(std::isfinite(x));
    else return T(1);
  }
  case PYRT_NOT: return T(!x);
  default: break;
  }
  if constexpr (!std::is_floating_point_v<T>) {
    // numpy's int64 square wraps.
    return op == PYRT_SQUARE ? T(uint64_t(x) * uint64_t(x)) : T(0);
  } else {
    switch (op) {
    case PYRT_SQUARE: return x * x;
    case PYRT_EXP: return std::exp(x);
    case PYRT_LOG: return std::log(x);
    case PYRT_SQRT: return std::sqrt(x);
    case PYRT_TANH: return std::tanh(x);
    case PYRT_SIN: return std::sin(x);
    case PYRT_COS: return std::cos(x);
    case PYRT_FLOOR: return std::floor(x);
    case PYRT_CEIL: return std::ceil(x);
    case PYRT_LOG1P: return std::log1p(x);
    case PYRT_EXPM1: return std::expm1(x);
    default: return T(0);
    }
  }
}

template <class T, class O> void unary_loop(int32_t op, pyrt_array* src, pyrt_array* out) {
  auto* p = static_cast<const T*>(src->data);
  auto* o = static_cast<O*>(out->data);
  int64_t k = 0;
  for_each_offset(src, [&](int64_t off) { o[k++] = O(unary_value<T>(op, p[off])); });
}

template <class T> void unary_kernel(int32_t op, pyrt_array* src, pyrt_array* out) {
  if (out->dtype == PYRT_BOOL) unary_loop<T, uint8_t>(op, src, out);
  else unary_loop<T, T>(op, src, out);
}

// C (m x n) += A (m x k) @ B (k x n), all row-major and contiguous. Row of A outer, row of B
// inner: the inner loop runs over contiguous outputs and vectorizes; built for each vector ISA
// (target_clones picks AVX-512 on this machine at load time).
constexpr int64_t kBlasRows = 16;

#ifdef __SANITIZE_THREAD__
// target_clones' resolver is an ifunc, run while the loader relocates, before ThreadSanitizer's
// runtime is up; instrumented, it crashes the process at start (scripts/build --tsan).
#define PYRT_KERNEL
#else
#define PYRT_KERNEL __attribute__((target_clones("avx512f", "avx2", "default")))
#endif

// Four rows of B per pass over the output row: a quarter of the loads and stores of C.
template <class T> inline void matmul_rows(const T* A, const T* B, T* C, int64_t m, int64_t k, int64_t n) {
  for (int64_t i = 0; i < m; ++i) {
    T* __restrict crow = C + i * n;
    const T* arow = A + i * k;
    int64_t p = 0;
    for (; p + 4 <= k; p += 4) {
      T x0 = arow[p], x1 = arow[p + 1], x2 = arow[p + 2], x3 = arow[p + 3];
      const T* __restrict b0 = B + p * n;
      const T* __restrict b1 = b0 + n;
      const T* __restrict b2 = b1 + n;
      const T* __restrict b3 = b2 + n;
      for (int64_t j = 0; j < n; ++j) crow[j] += x0 * b0[j] + x1 * b1[j] + x2 * b2[j] + x3 * b3[j];
    }
    for (; p < k; ++p) {
      T x = arow[p];
      const T* __restrict brow = B + p * n;
      for (int64_t j = 0; j < n; ++j) crow[j] += x * brow[j];
    }
  }
}

PYRT_KERNEL void matmul_f32(const float* A, const float* B, float* C, int64_t m, int64_t k, int64_t n) {
  matmul_rows(A, B, C, m, k, n);
}

PYRT_KERNEL void matmul_f64(const double* A, const double* B, double* C, int64_t m, int64_t k, int64_t n) {
  matmul_rows(A, B, C, m, k, n);
}

} // namespace

extern "C" {

pyrt_array* pyrt_array_binary(pyrt_context* ctx, int32_t op, pyrt_array* a, pyrt_array* b, int32_t dtype,
                              int32_t out_dtype, const char* site) {
  int32_t ndim;
  int64_t shape[PYRT_MAX_DIMS];
  if (!broadcast_shapes(a, b, ndim, shape)) {
    raise_not_broadcast(ctx, numpy_shape_text(a) + " " + numpy_shape_text(b) + " ", op == PYRT_EQ || op == PYRT_NE,
                        site);
    return nullptr;
  }
  if (op == PYRT_POW && dtype == PYRT_I64) {
    bool negative = false;
    for_each_offset(b, [&](int64_t off) { negative = negative || load_i64(b, off) < 0; });
    if (negative) {
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "Integers to negative integer powers are not allowed.");
      return nullptr;
    }
  }
  pyrt_array* out = new_array(ctx, site, out_dtype, ndim, shape);
  if (!out) return nullptr;
  int64_t strides[2][PYRT_MAX_DIMS];
  broadcast_strides(a, ndim, shape, strides[0]);
  broadcast_strides(b, ndim, shape, strides[1]);
  switch (dtype) {
  case PYRT_F32: binary_kernel<float>(op, a, b, dtype, out, strides); break;
  case PYRT_F64: binary_kernel<double>(op, a, b, dtype, out, strides); break;
  case PYRT_I64: binary_kernel<int64_t>(op, a, b, dtype, out, strides); break;
  default: binary_kernel<uint8_t>(op, a, b, dtype, out, strides); break;
  }
  return out;
}

int32_t pyrt_array_broadcast_shape(pyrt_context* ctx, int32_t count, pyrt_array* const* arrays,
                                   int64_t* shape, int32_t compare, const char* site) {
  pyrt_array acc{};
  acc.ndim = 0;
  for (int32_t i = 0; i < count; ++i) {
    int32_t ndim;
    int64_t next[PYRT_MAX_DIMS];
    if (!broadcast_shapes(&acc, arrays[i], ndim, next)) {
      std::string shapes;
      for (int32_t k = 0; k < count; ++k) shapes += numpy_shape_text(arrays[k]) + " ";
      raise_not_broadcast(ctx, shapes, compare != 0, site);
      return -1;
    }
    acc.ndim = ndim;
    for (int d = 0; d < ndim; ++d) acc.shape[d] = next[d];
  }
  for (int d = 0; d < acc.ndim; ++d) shape[d] = acc.shape[d];
  return acc.ndim;
}

pyrt_array* pyrt_array_expand(pyrt_array* a, int32_t ndim, const int64_t* shape) {
  bool same = a->ndim == ndim;
  for (int d = 0; same && d < ndim; ++d) same = a->shape[d] == shape[d];
  if (same && is_contiguous(a)) {
    pyrt_array_retain(a);
    return a;
  }
  pyrt_array* out = pyrt_array_new(a->dtype, ndim, shape);
  int64_t strides[1][PYRT_MAX_DIMS];
  broadcast_strides(a, ndim, shape, strides[0]);
  size_t item = dtype_size(a->dtype);
  const char* src = static_cast<const char*>(a->data);
  char* dst = static_cast<char*>(out->data);
  // The innermost axes that the input holds contiguously are copied as one run (a bias row of a
  // matrix), an innermost axis it broadcasts (stride 0) as one repeated element.
  int inner = ndim;
  int64_t run = 1;
  while (inner > 0 && (strides[0][inner - 1] == run || shape[inner - 1] == 1)) run *= shape[--inner];
  if (run >= 8) {
    size_t bytes = size_t(run) * item;
    walk<1>(inner, shape, strides, [&](int64_t k, const int64_t* off) {
      std::memcpy(dst + k * int64_t(bytes), src + off[0] * int64_t(item), bytes);
    });
  } else if (ndim > 0 && strides[0][ndim - 1] == 0 && shape[ndim - 1] >= 8) {
    int64_t length = shape[ndim - 1];
    walk<1>(ndim - 1, shape, strides, [&](int64_t k, const int64_t* off) {
      char* row = dst + k * length * int64_t(item);
      std::memcpy(row, src + off[0] * int64_t(item), item);
      for (int64_t filled = 1; filled < length; filled *= 2) // doubling copies of the element
        std::memcpy(row + filled * int64_t(item), row, size_t(std::min(filled, length - filled)) * item);
    });
  } else {
    walk<1>(ndim, shape, strides, [&](int64_t k, const int64_t* off) {
      std::memcpy(dst + k * int64_t(item), src + off[0] * int64_t(item), item);
    });
  }
  return out;
}

pyrt_array* pyrt_array_reuse_or_new(pyrt_context* ctx, pyrt_array* candidate, int32_t dtype, int32_t ndim,
                                     const int64_t* shape, const char* site) {
  bool reusable = candidate && !candidate->shared && candidate->refcount == 1 && !candidate->base && candidate->dtype == dtype &&
                  candidate->ndim == ndim && is_contiguous(candidate);
  for (int d = 0; reusable && d < ndim; ++d) reusable = candidate->shape[d] == shape[d];
  if (reusable) {
    pyrt_array_retain(candidate);
    return candidate;
  }
  return new_array(ctx, site, dtype, ndim, shape);
}

pyrt_array* pyrt_array_unary(pyrt_context* ctx, int32_t op, pyrt_array* a, int32_t dtype, const char* site) {
  bool to_bool = op == PYRT_NOT || kToBool[op];
  pyrt_array* out = new_array(ctx, site, to_bool ? PYRT_BOOL : dtype, a->ndim, a->shape);
  if (!out) return nullptr;
  pyrt_array* src = a->dtype == dtype ? a : pyrt_array_astype(a, dtype);
  switch (dtype) {
  case PYRT_F32: unary_kernel<float>(op, src, out); break;
  case PYRT_F64: unary_kernel<double>(op, src, out); break;
  case PYRT_I64: unary_kernel<int64_t>(op, src, out); break;
  default: unary_kernel<uint8_t>(op, src, out); // bool: abs, not, isnan, isinf
  }
  if (src != a) pyrt_array_release(src);
  return out;
}

pyrt_array* pyrt_array_where(pyrt_context* ctx, pyrt_array* cond, pyrt_array* a, pyrt_array* b,
                             int32_t dtype, const char* site) {
  int32_t n1, ndim;
  int64_t s1[PYRT_MAX_DIMS] = {}, shape[PYRT_MAX_DIMS] = {};
  pyrt_array ab{}; // the shape of a and b broadcast, for the next broadcast (no buffer)
  bool fits = broadcast_shapes(a, b, n1, s1);
  ab.ndim = n1;
  for (int d = 0; fits && d < n1; ++d) ab.shape[d] = s1[d];
  if (!fits || !broadcast_shapes(cond, &ab, ndim, shape)) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "operands could not be broadcast together with shapes %s %s %s ",
                      numpy_shape_text(cond).c_str(), numpy_shape_text(a).c_str(), numpy_shape_text(b).c_str());
    return nullptr;
  }
  pyrt_array* out = new_array(ctx, site, dtype, ndim, shape);
  if (!out) return nullptr;
  int64_t st[3][PYRT_MAX_DIMS];
  broadcast_strides(cond, ndim, shape, st[0]);
  broadcast_strides(a, ndim, shape, st[1]);
  broadcast_strides(b, ndim, shape, st[2]);
  walk<3>(ndim, shape, st, [&](int64_t k, const int64_t* off) {
    bool c = load_f64(cond, off[0]) != 0;
    if (dtype == PYRT_I64) static_cast<int64_t*>(out->data)[k] = c ? load_i64(a, off[1]) : load_i64(b, off[2]);
    else store_f64(out, k, c ? load_f64(a, off[1]) : load_f64(b, off[2]));
  });
  return out;
}

} // extern "C"

bool pyscript::runtime::reduction_shape(pyrt_context* ctx, const pyrt_array* a, int64_t& axis, int32_t keepdims,
                                        bool& all, int32_t& ndim, int64_t* shape, const char* site) {
  all = axis < -int64_t(a->ndim);
  if (!all && axis >= a->ndim) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "axis %lld is out of bounds for array of dimension %d",
                      (long long)axis, a->ndim);
    return false;
  }
  if (!all && axis < 0) axis += a->ndim;
  ndim = 0;
  for (int d = 0; d < a->ndim; ++d) {
    bool reduced = all || d == axis;
    if (!reduced) shape[ndim++] = a->shape[d];
    else if (keepdims) shape[ndim++] = 1;
  }
  return true;
}

extern "C" {

pyrt_array* pyrt_array_reduce(pyrt_context* ctx, int32_t op, pyrt_array* a, int64_t axis, int32_t keepdims,
                              int32_t out_dtype, const char* site) {
  if (op >= PYRT_PROD) return pyrt_array_reduce_ex(ctx, op, a, axis, keepdims, 0, out_dtype, site);
  bool all;
  int32_t ndim;
  int64_t shape[PYRT_MAX_DIMS];
  if (!reduction_shape(ctx, a, axis, keepdims, all, ndim, shape, site)) return nullptr;
  // For each result element, the elements it reduces.
  int64_t count = all ? a->size : a->shape[axis];
  if (count == 0 && op != PYRT_SUM && op != PYRT_MEAN) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      op == PYRT_ARGMAX ? "attempt to get argmax of an empty sequence"
                                        : "zero-size array to reduction operation %s which has no identity",
                      kReductionUfunc[op]);
    return nullptr;
  }
  pyrt_array* out = new_array(ctx, site, out_dtype, ndim, shape);
  if (!out) return nullptr;
  // Iterate over the kept axes (outer) and the reduced axis (inner).
  pyrt_array outer = header_of(a);
  int64_t inner_stride = 0;
  if (all) {
    outer.ndim = 0;
    outer.size = 1;
  } else {
    inner_stride = a->strides[axis];
    outer.ndim = 0;
    outer.size = 1;
    for (int d = 0; d < a->ndim; ++d) {
      if (d == axis) continue;
      outer.shape[outer.ndim] = a->shape[d];
      outer.strides[outer.ndim++] = a->strides[d];
      outer.size *= a->shape[d];
    }
  }
  bool integer = a->dtype == PYRT_I64 || a->dtype == PYRT_BOOL;
  if (!all && (op == PYRT_MEAN || (op == PYRT_SUM && !integer))) {
    sum_runs(a, int(axis), &outer, inner_stride, count, op == PYRT_MEAN, out);
    return out;
  }
  int64_t k = 0;
  for_each_offset(&outer, [&](int64_t base) {
    double acc = op == PYRT_MAX ? -INFINITY : op == PYRT_MIN ? INFINITY : 0.0;
    int64_t iacc = op == PYRT_MAX ? INT64_MIN : op == PYRT_MIN ? INT64_MAX : 0;
    int64_t best = 0, n = 0;
    bool nan_seen = false;
    auto visit = [&](int64_t off) {
      if (integer) {
        int64_t v = load_i64(a, off);
        if (op == PYRT_SUM) iacc += v;
        else if (op == PYRT_MAX || op == PYRT_ARGMAX) { if (n == 0 || v > iacc) { iacc = v; best = n; } }
        else if (v < iacc) iacc = v;
      } else {
        double v = load_f64(a, off);
        if (nan_seen) {}
        else if (v != v) { nan_seen = true; acc = v; best = n; }
        // max/min reduce as np.maximum/np.minimum do, keeping the later operand on a tie (0.0 and
        // -0.0); argmax keeps the first.
        else if (op == PYRT_ARGMAX) { if (n == 0 || v > acc) { acc = v; best = n; } }
        else if (op == PYRT_MAX) { if (n == 0 || v >= acc) acc = v; }
        else if (v <= acc) acc = v;
      }
      ++n;
    };
    if (op == PYRT_MEAN || (op == PYRT_SUM && !integer)) {
      // Float sums in numpy's order (Note [numpy's summation order] in array_sum.cpp); int64 sums
      // are exact (and wrap as numpy's do), so visit adds them in any order.
      acc = all ? sum_all(a) : sum_along(a, int(axis), base, inner_stride, count);
    } else if (all) {
      if (!reduce_contiguous(op, a, acc, iacc, best)) for_each_offset(a, visit); // Note [Extrema on the pool]
    } else {
      for (int64_t i = 0; i < count; ++i) visit(base + i * inner_stride);
    }
    if (op == PYRT_ARGMAX) static_cast<int64_t*>(out->data)[k++] = best;
    else if (op == PYRT_MEAN && out_dtype == PYRT_F32) store_f64(out, k++, double(float(acc / double(count))));
    else if (op == PYRT_MEAN) store_f64(out, k++, acc / double(count));
    else if (integer && out_dtype == PYRT_I64) static_cast<int64_t*>(out->data)[k++] = iacc;
    else if (integer) store_f64(out, k++, double(iacc));
    else store_f64(out, k++, acc);
  });
  return out;
}

// The dot product of two float vectors as numpy computes it, so that its digits are numpy's: the
// BLAS dot (the same OpenBLAS numpy uses here) added to 0.0 in double, for positive strides; one
// by one otherwise.
static pyrt_array* dot_1d(pyrt_context* ctx, pyrt_array* a, pyrt_array* b, int32_t dtype, const char* site) {
  pyrt_array* ca = a->dtype == dtype ? a : pyrt_array_astype(a, dtype);
  pyrt_array* cb = b->dtype == dtype ? b : pyrt_array_astype(b, dtype);
  int64_t n = a->shape[0];
  pyrt_array* out = new_array(ctx, site, dtype, 0, nullptr);
  if (out) {
    int64_t sa = ca->strides[0], sb = cb->strides[0];
    bool blas = sa > 0 && sb > 0 && n < INT32_MAX && sa < INT32_MAX && sb < INT32_MAX;
    double sum = 0.0;
    if (blas && dtype == PYRT_F64) {
      sum += cblas_ddot(int(n), static_cast<const double*>(ca->data), int(sa), static_cast<const double*>(cb->data), int(sb));
    } else if (blas) {
      sum += double(cblas_sdot(int(n), static_cast<const float*>(ca->data), int(sa), static_cast<const float*>(cb->data), int(sb)));
    } else if (dtype == PYRT_F64) {
      for (int64_t i = 0; i < n; ++i) sum += load_f64(ca, i * sa) * load_f64(cb, i * sb);
    } else {
      float acc = 0.0f;
      for (int64_t i = 0; i < n; ++i) acc += float(load_f64(ca, i * sa)) * float(load_f64(cb, i * sb));
      sum = double(acc);
    }
    store_f64(out, 0, sum);
  }
  if (ca != a) pyrt_array_release(ca);
  if (cb != b) pyrt_array_release(cb);
  return out;
}

namespace {

// A @ A.T of a C-contiguous float matrix A: numpy computes it with SYRK (the upper triangle, then
// mirrored), whose sums round differently from GEMM's; so does pyscript, so the last bits agree.
pyrt_array* matmul_by_transpose(pyrt_context* ctx, pyrt_array* a, int32_t dtype, const char* site) {
  int64_t m = a->shape[0], k = a->shape[1];
  int64_t shape[2] = {m, m};
  pyrt_array* out = pyrt_array_full(ctx, dtype, 2, shape, 0.0, site);
  if (!out || m == 0) return out;
  if (dtype == PYRT_F64) {
    auto* c = static_cast<double*>(out->data);
    cblas_dsyrk(CblasRowMajor, CblasUpper, CblasNoTrans, int(m), int(k), 1.0,
                static_cast<const double*>(a->data), int(k), 0.0, c, int(m));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = i + 1; j < m; ++j) c[j * m + i] = c[i * m + j];
  } else {
    auto* c = static_cast<float*>(out->data);
    cblas_ssyrk(CblasRowMajor, CblasUpper, CblasNoTrans, int(m), int(k), 1.0f,
                static_cast<const float*>(a->data), int(k), 0.0f, c, int(m));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = i + 1; j < m; ++j) c[j * m + i] = c[i * m + j];
  }
  return out;
}

} // namespace

pyrt_array* pyrt_array_matmul(pyrt_context* ctx, pyrt_array* a, pyrt_array* b, int32_t dtype, const char* site) {
  if (a->ndim == 0 || b->ndim == 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "matmul: an operand is 0-dimensional");
    return nullptr;
  }
  if (a->ndim == 2 && b->ndim == 2 && a->data == b->data && a->dtype == dtype && b->dtype == dtype &&
      (dtype == PYRT_F64 || dtype == PYRT_F32) && is_contiguous(a) && b->shape[0] == a->shape[1] &&
      b->shape[1] == a->shape[0] && b->strides[0] == a->strides[1] && b->strides[1] == a->strides[0] &&
      a->shape[0] > 1 && a->shape[1] > 1)
    return matmul_by_transpose(ctx, a, dtype, site);
  // 1-D operands become a row (a) or a column (b), removed from the result again.
  int64_t m = a->ndim == 1 ? 1 : a->shape[a->ndim - 2];
  int64_t k = a->shape[a->ndim - 1];
  int64_t kb = b->ndim == 1 ? b->shape[0] : b->shape[b->ndim - 2];
  int64_t n = b->ndim == 1 ? 1 : b->shape[b->ndim - 1];
  if (k != kb) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                      "(n?,k),(k,m?)->(n?,m?) (size %lld is different from %lld)",
                      (long long)kb, (long long)k);
    return nullptr;
  }
  if (a->ndim == 1 && b->ndim == 1 && (dtype == PYRT_F32 || dtype == PYRT_F64)) return dot_1d(ctx, a, b, dtype, site);
  // A row times a column is numpy's dot of two vectors too (matmul's scalar_out case).
  if (a->ndim == 2 && b->ndim == 2 && m == 1 && n == 1 && (dtype == PYRT_F32 || dtype == PYRT_F64)) {
    pyrt_array row = header_of(a), column = header_of(b);
    row.ndim = column.ndim = 1;
    row.shape[0] = column.shape[0] = k;
    row.strides[0] = a->strides[1];
    column.strides[0] = b->strides[0];
    pyrt_array* d = dot_1d(ctx, &row, &column, dtype, site);
    if (!d) return nullptr;
    int64_t one[2] = {1, 1};
    pyrt_array* out = new_array(ctx, site, dtype, 2, one);
    if (out) store_f64(out, 0, load_f64(d, 0));
    pyrt_array_release(d);
    return out;
  }
  // Batch dimensions broadcast.
  pyrt_array ba = header_of(a), bb = header_of(b);
  ba.ndim = a->ndim > 2 ? a->ndim - 2 : 0;
  bb.ndim = b->ndim > 2 ? b->ndim - 2 : 0;
  int32_t batch_ndim;
  int64_t batch[PYRT_MAX_DIMS];
  if (!broadcast_shapes(&ba, &bb, batch_ndim, batch)) {
    auto remapped = [](const pyrt_array* x, const pyrt_array& batch_part) {
      std::string text = numpy_shape_text(x) + "->(";
      for (int d = 0; d < batch_part.ndim; ++d) text += std::to_string(batch_part.shape[d]) + ",";
      return text + "newaxis,newaxis)";
    };
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "operands could not be broadcast together with remapped shapes [original->remapped]: %s %s  "
                      "and requested shape (%lld,%lld)",
                      remapped(a, ba).c_str(), remapped(b, bb).c_str(), (long long)m, (long long)n);
    return nullptr;
  }
  int64_t shape[PYRT_MAX_DIMS];
  int32_t ndim = batch_ndim;
  for (int d = 0; d < batch_ndim; ++d) shape[d] = batch[d];
  if (a->ndim > 1) shape[ndim++] = m;
  if (b->ndim > 1) shape[ndim++] = n;
  pyrt_array* out = pyrt_array_full(ctx, dtype, ndim, shape, 0.0, site);
  if (!out) return nullptr;
  pyrt_array* ca = (a->dtype == dtype && is_contiguous(a)) ? a : pyrt_array_astype(a, dtype);
  pyrt_array* cb = (b->dtype == dtype && is_contiguous(b)) ? b : pyrt_array_astype(b, dtype);
  int64_t batches = 1;
  for (int d = 0; d < batch_ndim; ++d) batches *= batch[d];
  int64_t sa[PYRT_MAX_DIMS], sb[PYRT_MAX_DIMS];
  // Per-batch element offsets of the matrices (contiguous copies: matrix strides m*k, k*n).
  {
    pyrt_array pa = header_of(ca), pb = header_of(cb);
    pa.ndim = ba.ndim;
    pb.ndim = bb.ndim;
    int64_t stride = m * k;
    for (int d = pa.ndim - 1; d >= 0; --d) { pa.strides[d] = stride; stride *= pa.shape[d]; }
    stride = kb * n;
    for (int d = pb.ndim - 1; d >= 0; --d) { pb.strides[d] = stride; stride *= pb.shape[d]; }
    broadcast_strides(&pa, batch_ndim, batch, sa);
    broadcast_strides(&pb, batch_ndim, batch, sb);
  }
  int64_t index[PYRT_MAX_DIMS] = {0};
  for (int64_t t = 0; t < batches; ++t) {
    int64_t oa = 0, ob = 0;
    for (int d = 0; d < batch_ndim; ++d) { oa += index[d] * sa[d]; ob += index[d] * sb[d]; }
    int64_t oo = t * m * n;
    // Measured (bench/gemm.py, bench/mlp.py): for a few rows our kernel wins (OpenBLAS's call
    // and threading overhead dominate a GEMV); from kBlasRows rows on, OpenBLAS's blocked GEMM.
    if (m >= kBlasRows && (dtype == PYRT_F32 || dtype == PYRT_F64)) {
      size_t e = dtype_size(dtype);
      blas_matmul(dtype, m, n, k, static_cast<const char*>(ca->data) + oa * e, static_cast<const char*>(cb->data) + ob * e,
                  static_cast<char*>(out->data) + oo * e);
    } else if (dtype == PYRT_F32) {
      matmul_f32(static_cast<const float*>(ca->data) + oa, static_cast<const float*>(cb->data) + ob,
                 static_cast<float*>(out->data) + oo, m, k, n);
    } else if (dtype == PYRT_F64) {
      matmul_f64(static_cast<const double*>(ca->data) + oa, static_cast<const double*>(cb->data) + ob,
                 static_cast<double*>(out->data) + oo, m, k, n);
    } else {
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          int64_t acc = 0;
          for (int64_t p = 0; p < k; ++p) acc += load_i64(ca, oa + i * k + p) * load_i64(cb, ob + p * n + j);
          static_cast<int64_t*>(out->data)[oo + i * n + j] = acc; // int64 (bool promotes to it)
        }
    }
    for (int d = batch_ndim - 1; d >= 0; --d) {
      if (++index[d] < batch[d]) break;
      index[d] = 0;
    }
  }
  if (ca != a) pyrt_array_release(ca);
  if (cb != b) pyrt_array_release(cb);
  return out;
}

} // extern "C"
