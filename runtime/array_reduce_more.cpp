// The reductions beyond sum/mean/max/min/argmax (prod argmin all any count_nonzero var std) and
// the accumulations (cumsum cumprod), in numpy's order of operations so that float results carry
// numpy's digits (Note [numpy's order of products and variances]).
#include "runtime/array_internal.hpp"
#include "runtime/array_sum.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

using namespace pyscript::runtime;

// Note [numpy's order of products and variances]
// Checked against numpy 1.24 element by element:
//  - prod multiplies one by one (numpy's multiply.reduce has no pairwise loop): along the axis in
//    index order (a reversed view is not flipped), or for axis=None in memory order (axes by
//    decreasing |stride|), as sums walk them (Note [numpy's summation order] in array_sum.cpp).
//    float32 multiplies in float32; ints wrap.
//  - var is numpy's _var (numpy/core/_methods.py): the mean as a sum in numpy's order divided by
//    the count; x = a - mean, stored in a's memory order as numpy's ufuncs lay out their results
//    (order K: a transposed input gives a transposed x); x * x; the sum of x in numpy's order over
//    that layout; divided by max(count - ddof, 0). float32 computes in float32, ints in float64.
//    std is the square root of var, in the result's dtype.
//  - cumsum/cumprod add (multiply) one by one along the axis, from the first element (so -0.0
//    stays -0.0); axis=None flattens in C order.
namespace {

// The axes of `a` by decreasing |stride| (stable): the order numpy walks its memory in.
void memory_order(const pyrt_array* a, int* order) {
  for (int d = 0; d < a->ndim; ++d)
    order[d] = d;
  std::stable_sort(order, order + a->ndim, [&](int x, int y) {
    return std::llabs(a->strides[x]) > std::llabs(a->strides[y]);
  });
}

// `a` with its axes permuted into memory order: row-major iteration of it visits memory order.
pyrt_array memory_order_view(const pyrt_array* a) {
  int order[PYRT_MAX_DIMS];
  memory_order(a, order);
  pyrt_array view = header_of(a);
  for (int d = 0; d < a->ndim; ++d) {
    view.shape[d] = a->shape[order[d]];
    view.strides[d] = a->strides[order[d]];
  }
  return view;
}

// The lanes of a reduction over `axis` (< 0: all of `a`, one lane): the positions of the other
// axes (`outer`), and the stride and length along the axis.
struct Lanes {
  pyrt_array outer;
  int64_t stride = 0, count = 0;
};

Lanes lanes_of(const pyrt_array* a, int axis) {
  Lanes l;
  l.outer = header_of(a);
  l.outer.ndim = 0;
  l.outer.size = 1;
  if (axis < 0) {
    l.count = a->size;
    return l;
  }
  l.stride = a->strides[axis];
  l.count = a->shape[axis];
  for (int d = 0; d < a->ndim; ++d) {
    if (d == axis) continue;
    l.outer.shape[l.outer.ndim] = a->shape[d];
    l.outer.strides[l.outer.ndim++] = a->strides[d];
    l.outer.size *= a->shape[d];
  }
  return l;
}

// Calls visit(offset) for each element of one lane: along the axis from `base`, or every element
// of `all_view` when the lane is the whole array (`whole`).
template <class Visit>
void visit_lane(const pyrt_array* all_view, const Lanes& l, bool whole, int64_t base, Visit visit) {
  if (whole) {
    for_each_offset(all_view, visit);
    return;
  }
  for (int64_t i = 0; i < l.count; ++i)
    visit(base + i * l.stride);
}

// Calls fn(k, base) for each result element k in row-major order of the result (a reversed view's
// bases may be negative); once, with base 0, when `all`.
template <class Fn> void for_each_lane(const Lanes& l, bool all, Fn fn) {
  int64_t k = 0;
  if (all) {
    fn(k, int64_t(0));
    return;
  }
  for_each_offset(&l.outer, [&](int64_t base) { fn(k++, base); });
}

// One result element of prod/argmin/all/any/count_nonzero.
void reduce_lane(int32_t op, const pyrt_array* a, const pyrt_array* view, const Lanes& l,
                 bool whole, int64_t base, pyrt_array* out, int64_t k) {
  bool integer = a->dtype == PYRT_I64 || a->dtype == PYRT_BOOL;
  switch (op) {
  case PYRT_PROD:
    if (integer) {
      uint64_t acc = 1; // numpy's int64 product wraps
      visit_lane(view, l, whole, base, [&](int64_t off) { acc *= uint64_t(load_i64(a, off)); });
      static_cast<int64_t*>(out->data)[k] = int64_t(acc);
    } else if (a->dtype == PYRT_F32) {
      float acc = 1.0f;
      visit_lane(view, l, whole, base,
                 [&](int64_t off) { acc *= static_cast<const float*>(a->data)[off]; });
      store_f64(out, k, double(acc));
    } else {
      double acc = 1.0;
      visit_lane(view, l, whole, base,
                 [&](int64_t off) { acc *= static_cast<const double*>(a->data)[off]; });
      store_f64(out, k, acc);
    }
    return;
  case PYRT_ARGMIN: {
    // The first minimum; the first nan when there is one.
    int64_t best = 0, n = 0;
    double acc = 0;
    int64_t iacc = 0;
    bool nan_seen = false;
    visit_lane(view, l, whole, base, [&](int64_t off) {
      if (integer) {
        int64_t v = load_i64(a, off);
        if (n == 0 || v < iacc) {
          iacc = v;
          best = n;
        }
      } else if (!nan_seen) {
        double v = load_f64(a, off);
        if (v != v) {
          nan_seen = true;
          best = n;
        } else if (n == 0 || v < acc) {
          acc = v;
          best = n;
        }
      }
      ++n;
    });
    static_cast<int64_t*>(out->data)[k] = best;
    return;
  }
  default: { // all, any, count_nonzero: order does not matter
    int64_t nonzero = 0, n = 0;
    visit_lane(view, l, whole, base, [&](int64_t off) {
      nonzero += integer ? load_i64(a, off) != 0 : load_f64(a, off) != 0; // nan counts as nonzero
      ++n;
    });
    if (op == PYRT_COUNT_NONZERO)
      static_cast<int64_t*>(out->data)[k] = nonzero;
    else
      static_cast<uint8_t*>(out->data)[k] = op == PYRT_ALL ? nonzero == n : nonzero > 0;
  }
  }
}

// var/std (Note [numpy's order of products and variances]); T: float for float32, else double.
template <class T>
void variance(const pyrt_array* a, int axis, int64_t ddof, bool root, pyrt_array* out) {
  Lanes l = lanes_of(a, axis);
  // x: a's shape, laid out in a's memory order with positive strides.
  int order[PYRT_MAX_DIMS];
  memory_order(a, order);
  std::vector<T> xdata(size_t(a->size));
  pyrt_array x = header_of(a);
  x.dtype = std::is_same_v<T, float> ? PYRT_F32 : PYRT_F64;
  x.data = xdata.data();
  int64_t stride = 1;
  for (int d = a->ndim - 1; d >= 0; --d) {
    x.strides[order[d]] = stride;
    stride *= a->shape[order[d]];
  }
  Lanes xl = lanes_of(&x, axis);
  std::vector<int64_t> x_bases;
  for_each_lane(xl, axis < 0, [&](int64_t, int64_t base) { x_bases.push_back(base); });
  int64_t count = l.count;
  double divisor = double(std::max<int64_t>(count - ddof, 0));
  pyrt_array a_view = memory_order_view(a);
  for_each_lane(l, axis < 0, [&](int64_t k, int64_t base) {
    int64_t x_base = x_bases[size_t(k)];
    double total = axis < 0 ? sum_all(a) : sum_along(a, axis, base, l.stride, count);
    T mean = T(total / double(count));
    if (axis < 0) {
      // x's memory order is its buffer's order.
      size_t i = 0;
      for_each_offset(&a_view, [&](int64_t off) {
        T d = T(load_f64(a, off)) - mean;
        xdata[i++] = d * d;
      });
    } else {
      for (int64_t i = 0; i < count; ++i) {
        T d = T(load_f64(a, base + i * l.stride)) - mean;
        xdata[size_t(x_base + i * xl.stride)] = d * d;
      }
    }
    double squares = axis < 0 ? sum_all(&x) : sum_along(&x, axis, x_base, xl.stride, count);
    T var = T(squares / divisor);
    store_f64(out, k, double(root ? T(std::sqrt(var)) : var));
  });
}

} // namespace

extern "C" {

pyrt_array* pyrt_array_reduce_ex(pyrt_context* ctx, int32_t op, pyrt_array* a, int64_t axis,
                                 int32_t keepdims, int64_t ddof, int32_t out_dtype,
                                 const char* site) {
  bool all;
  int32_t ndim;
  int64_t shape[PYRT_MAX_DIMS];
  if (!reduction_shape(ctx, a, axis, keepdims, all, ndim, shape, site)) return nullptr;
  int64_t count = all ? a->size : a->shape[axis];
  if (count == 0 && op == PYRT_ARGMIN) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "attempt to get argmin of an empty sequence");
    return nullptr;
  }
  pyrt_array* out = new_array(ctx, site, out_dtype, ndim, shape);
  if (!out) return nullptr;
  int lane_axis = all ? -1 : int(axis);
  if (op == PYRT_VAR || op == PYRT_STD) {
    if (a->dtype == PYRT_F32)
      variance<float>(a, lane_axis, ddof, op == PYRT_STD, out);
    else
      variance<double>(a, lane_axis, ddof, op == PYRT_STD, out);
    return out;
  }
  Lanes l = lanes_of(a, lane_axis);
  // prod walks memory order; argmin the row-major order of the flattened array.
  pyrt_array view = op == PYRT_PROD ? memory_order_view(a) : header_of(a);
  for_each_lane(l, all,
                [&](int64_t k, int64_t base) { reduce_lane(op, a, &view, l, all, base, out, k); });
  return out;
}

pyrt_array* pyrt_array_accumulate(pyrt_context* ctx, int32_t op, pyrt_array* a, int64_t axis,
                                  int32_t out_dtype, const char* site) {
  pyrt_array* flat = nullptr;
  if (!resolve_axis(ctx, a, axis, flat, site)) return nullptr;
  pyrt_array* out = new_array(ctx, site, out_dtype, a->ndim, a->shape);
  if (out) {
    Lanes l = lanes_of(a, int(axis));
    Lanes lo = lanes_of(out, int(axis));
    std::vector<int64_t> out_bases;
    for_each_lane(lo, false, [&](int64_t, int64_t base) { out_bases.push_back(base); });
    bool sum = op == PYRT_SUM;
    for_each_lane(l, false, [&](int64_t k, int64_t base) {
      int64_t ob = out_bases[size_t(k)];
      if (out_dtype == PYRT_I64) {
        uint64_t acc = 0; // wraps as numpy's int64 does
        auto* dst = static_cast<int64_t*>(out->data);
        for (int64_t i = 0; i < l.count; ++i) {
          uint64_t v = uint64_t(load_i64(a, base + i * l.stride));
          acc = i == 0 ? v : sum ? acc + v : acc * v;
          dst[ob + i * lo.stride] = int64_t(acc);
        }
      } else if (out_dtype == PYRT_F32) {
        float acc = 0.0f;
        for (int64_t i = 0; i < l.count; ++i) {
          float v = static_cast<const float*>(a->data)[base + i * l.stride];
          acc = i == 0 ? v : sum ? acc + v : acc * v;
          static_cast<float*>(out->data)[ob + i * lo.stride] = acc;
        }
      } else {
        double acc = 0.0;
        for (int64_t i = 0; i < l.count; ++i) {
          double v = load_f64(a, base + i * l.stride);
          acc = i == 0 ? v : sum ? acc + v : acc * v;
          static_cast<double*>(out->data)[ob + i * lo.stride] = acc;
        }
      }
    });
  }
  pyrt_array_release(flat);
  return out;
}

} // extern "C"
