// np.sort and np.argsort with numpy's algorithms, so that the orders numpy leaves open come out as
// numpy's: which of equal elements comes first in argsort, and where -0.0 and 0.0 land in a sort
// (Note [numpy's sort orders]).
#include "runtime/array_internal.hpp"
#include "runtime/array_sort_avx512.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

using namespace pyscript::runtime;

// Note [numpy's sort orders]
// Sorting is not unique where elements compare equal: argsort's indices of ties, and a sort's
// -0.0 and 0.0. numpy 1.24 (checked against it on thousands of arrays with ties):
//  - kind="quicksort" (the default) is numpy's introsort (npysort/quicksort.cpp): median-of-3
//    partitions down to 16 elements, then insertion sort, heapsort past 2*log2(n) levels. np.sort
//    and np.argsort of every dtype here use it, except np.sort of float32 on a CPU with AVX-512
//    (AVX512_SKX), which numpy hands to its AVX-512 quicksort: replayed in array_sort_avx512.cpp,
//    since it decides the signs of zeros its own way (Note [numpy's AVX-512 float32 sort]).
//  - kind="stable" / "mergesort": a stable sort; every stable sort gives the same result.
//  - kind="heapsort": numpy's heapsort (npysort/heapsort.cpp).
//  - floats: nan sorts after everything (numpy's `a < b || (b != b && a == a)`).
// Every lane along the axis is copied out, sorted alone and copied back, as numpy does.
namespace {

enum SortKind { kQuicksort = 0, kStable = 1, kHeapsort = 2 };

template <class T> bool less(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return a < b || (b != b && a == a);
  else
    return a < b;
}

// numpy's heapsort_ / aheapsort_ over items (values, or indices into the values).
template <class Item, class Less> void heapsort(Item* start, int64_t n, const Less& lt) {
  Item* a = start - 1; // 1-based, as numpy indexes it
  for (int64_t l = n >> 1; l > 0; --l) {
    Item tmp = a[l];
    int64_t i = l, j = l << 1;
    while (j <= n) {
      if (j < n && lt(a[j], a[j + 1])) j += 1;
      if (!lt(tmp, a[j])) break;
      a[i] = a[j];
      i = j;
      j += j;
    }
    a[i] = tmp;
  }
  for (; n > 1;) {
    Item tmp = a[n];
    a[n] = a[1];
    n -= 1;
    int64_t i = 1, j = 2;
    while (j <= n) {
      if (j < n && lt(a[j], a[j + 1])) j++;
      if (!lt(tmp, a[j])) break;
      a[i] = a[j];
      i = j;
      j += j;
    }
    a[i] = tmp;
  }
}

int msb(int64_t n) {
  int depth = 0;
  while (n >>= 1)
    depth++;
  return depth;
}

// numpy's quicksort_ / aquicksort_: the same steps, so ties end where numpy's end.
template <class Item, class Less> void introsort(Item* start, int64_t num, const Less& lt) {
  constexpr int64_t kSmall = 15; // numpy's SMALL_QUICKSORT
  Item* pl = start;
  Item* pr = start + num - 1;
  std::vector<Item*> stack;
  std::vector<int> depths;
  int cdepth = msb(num) * 2;
  for (;;) {
    if (cdepth < 0) {
      heapsort(pl, pr - pl + 1, lt);
    } else {
      while (pr - pl > kSmall) {
        Item* pm = pl + ((pr - pl) >> 1);
        if (lt(*pm, *pl)) std::swap(*pm, *pl);
        if (lt(*pr, *pm)) std::swap(*pr, *pm);
        if (lt(*pm, *pl)) std::swap(*pm, *pl);
        Item vp = *pm;
        Item* pi = pl;
        Item* pj = pr - 1;
        std::swap(*pm, *pj);
        for (;;) {
          do
            ++pi;
          while (lt(*pi, vp));
          do
            --pj;
          while (lt(vp, *pj));
          if (pi >= pj) break;
          std::swap(*pi, *pj);
        }
        std::swap(*pi, *(pr - 1));
        // The larger part waits on the stack.
        if (pi - pl < pr - pi) {
          stack.push_back(pi + 1);
          stack.push_back(pr);
          pr = pi - 1;
        } else {
          stack.push_back(pl);
          stack.push_back(pi - 1);
          pl = pi + 1;
        }
        depths.push_back(--cdepth);
      }
      for (Item* pi = pl + 1; pi <= pr; ++pi) {
        Item vp = *pi;
        Item* pj = pi;
        Item* pk = pi - 1;
        while (pj > pl && lt(vp, *pk))
          *pj-- = *pk--;
        *pj = vp;
      }
    }
    if (stack.empty()) break;
    pr = stack.back();
    stack.pop_back();
    pl = stack.back();
    stack.pop_back();
    cdepth = depths.back();
    depths.pop_back();
  }
}

template <class Item, class Less>
void sort_items(Item* items, int64_t n, int32_t kind, const Less& lt) {
  if (n < 2) return;
  if (kind == kStable)
    std::stable_sort(items, items + n, lt);
  else if (kind == kHeapsort)
    heapsort(items, n, lt);
  else
    introsort(items, n, lt);
}

// numpy's heapsort of floats, the AVX-512 quicksort's fallback.
void heapsort_f32(float* a, int64_t n) {
  heapsort(a, n, [](float x, float y) { return less(x, y); });
}

// Sorts every lane of `a` along `axis` into `out` (argsort: the indices, int64).
template <class T>
void sort_lanes(const pyrt_array* a, pyrt_array* out, int axis, bool arg, int32_t kind) {
  int64_t n = a->shape[axis], stride = a->strides[axis], out_stride = out->strides[axis];
  // The lanes: every position of the other axes.
  pyrt_array outer = header_of(a), outer_out = header_of(out);
  outer.ndim = outer_out.ndim = 0;
  outer.size = 1;
  for (int d = 0; d < a->ndim; ++d) {
    if (d == axis) continue;
    outer.shape[outer.ndim] = outer_out.shape[outer_out.ndim] = a->shape[d];
    outer.strides[outer.ndim++] = a->strides[d];
    outer_out.strides[outer_out.ndim++] = out->strides[d];
    outer.size *= a->shape[d];
  }
  outer_out.size = outer.size;
  std::vector<int64_t> out_bases;
  for_each_offset(&outer_out, [&](int64_t off) { out_bases.push_back(off); });
  std::vector<T> values(static_cast<size_t>(n));
  std::vector<int64_t> order(values.size());
  const T* src = static_cast<const T*>(a->data);
  size_t lane = 0;
  for_each_offset(&outer, [&](int64_t base) {
    for (int64_t i = 0; i < n; ++i)
      values[size_t(i)] = src[base + i * stride];
    int64_t out_base = out_bases[lane++];
    if (arg) {
      for (int64_t i = 0; i < n; ++i)
        order[size_t(i)] = i;
      sort_items(order.data(), n, kind,
                 [&](int64_t x, int64_t y) { return less(values[size_t(x)], values[size_t(y)]); });
      auto* dst = static_cast<int64_t*>(out->data);
      for (int64_t i = 0; i < n; ++i)
        dst[out_base + i * out_stride] = order[size_t(i)];
      return;
    }
    bool avx512 = false;
    if constexpr (std::is_same_v<T, float>)
      avx512 = kind == kQuicksort && numpy_sorts_float32_with_avx512();
    if constexpr (std::is_same_v<T, float>)
      if (avx512) avx512_sort_float32(values.data(), n, heapsort_f32);
    if (!avx512) sort_items(values.data(), n, kind, [](T x, T y) { return less(x, y); });
    T* dst = static_cast<T*>(out->data);
    for (int64_t i = 0; i < n; ++i)
      dst[out_base + i * out_stride] = values[size_t(i)];
  });
}

} // namespace

extern "C" {

pyrt_array* pyrt_array_sort(pyrt_context* ctx, pyrt_array* a, int64_t axis, int32_t arg,
                            int32_t kind, const char* site) {
  pyrt_array* flat = nullptr;
  if (!resolve_axis(ctx, a, axis, flat, site)) return nullptr;
  if (a->ndim == 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "axis %lld is out of bounds for array of dimension 0", (long long)axis);
    return nullptr;
  }
  pyrt_array* out = new_array(ctx, site, arg ? PYRT_I64 : a->dtype, a->ndim, a->shape);
  if (out) {
    switch (a->dtype) {
    case PYRT_F32:
      sort_lanes<float>(a, out, int(axis), arg, kind);
      break;
    case PYRT_F64:
      sort_lanes<double>(a, out, int(axis), arg, kind);
      break;
    case PYRT_I64:
      sort_lanes<int64_t>(a, out, int(axis), arg, kind);
      break;
    default:
      sort_lanes<uint8_t>(a, out, int(axis), arg, kind);
      break;
    }
  }
  pyrt_array_release(flat);
  return out;
}

} // extern "C"
