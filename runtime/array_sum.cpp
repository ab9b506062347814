#include "runtime/array_sum.hpp"
#include "runtime/parallel.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace pyscript::runtime {

// Note [numpy's summation order]
// Float addition is not associative, so a sum prints numpy's digits only when it adds in numpy's
// order. numpy (1.24 and 2.x; checked against it element by element) does:
//  - Along a run of elements that is the innermost loop of its iterator, pairwise summation
//    (pairwise_sum in numpy's loops_utils.h): fewer than 8 elements one by one from 0; up to 128
//    in 8 interleaved accumulators combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the rest
//    one by one; more, split in two at a multiple of 8 below the half.
//  - The reduction is buffered: runs are cut into chunks of 8,192 elements (the iterator's buffer
//    size), and the chunks' pairwise sums are added one by one to an accumulator starting at 0.
//  - x.sum() walks all elements in memory order (axes by decreasing |stride|) as one run; x.sum(axis=k) is such a
//    run per result element when axis k is the innermost in memory, and otherwise adds the
//    elements one by one (the inner loop is over another axis).
//  - float32 adds in float32; a mean of ints adds their float64 values.
namespace {

constexpr int64_t kBufferSize = 8192;
constexpr int64_t kBlock = 128;

template <class T, class Load> T pairwise_sum(const Load& load, int64_t start, int64_t n) {
  if (n < 8) {
    T res = 0;
    for (int64_t i = 0; i < n; ++i) res += load(start + i);
    return res;
  }
  if (n <= kBlock) {
    T r[8];
    for (int k = 0; k < 8; ++k) r[k] = load(start + k);
    int64_t i = 8;
    for (; i < n - n % 8; i += 8)
      for (int k = 0; k < 8; ++k) r[k] += load(start + i + k);
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += load(start + i);
    return res;
  }
  int64_t half = n / 2;
  half -= half % 8;
  return pairwise_sum<T>(load, start, half) + pairwise_sum<T>(load, start + half, n - half);
}

// Note [Sums on the pool]
// The chunks of a buffered sum are independent until their sums are added one by one: from
// kParallelChunks chunks on, the kernel pool computes the chunks' pairwise sums (on any thread,
// in any order) and the caller adds them in order, so the digits are numpy's whatever the thread
// count (Note [The kernel pool] in parallel.cpp).
constexpr int64_t kParallelChunks = 16;

template <class T, class Load> T buffered_sum(const Load& load, int64_t n) {
  T acc = 0;
  int64_t chunks = (n + kBufferSize - 1) / kBufferSize;
  if (chunks < kParallelChunks) {
    for (int64_t chunk = 0; chunk < n; chunk += kBufferSize)
      acc += pairwise_sum<T>(load, chunk, std::min(kBufferSize, n - chunk));
    return acc;
  }
  std::vector<T> sums(static_cast<size_t>(chunks));
  parallel_for(chunks, kParallelChunks / 2, 1, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c)
      sums[size_t(c)] = pairwise_sum<T>(load, c * kBufferSize, std::min(kBufferSize, n - c * kBufferSize));
  });
  for (T s : sums) acc += s;
  return acc;
}

template <class T> double sum_in(const pyrt_array* a, const std::vector<int64_t>& offsets) {
  return double(buffered_sum<T>([&](int64_t i) { return T(load_f64(a, offsets[size_t(i)])); }, int64_t(offsets.size())));
}

// The run at base, base + stride, ... in T: pairwise when it is innermost, else one by one.
template <class T> double run_sum(const pyrt_array* a, int64_t base, int64_t stride, int64_t count, bool innermost) {
  auto load = [&](int64_t i) { return T(load_f64(a, base + i * stride)); };
  if (innermost) return double(buffered_sum<T>(load, count));
  T acc = 0;
  for (int64_t i = 0; i < count; ++i) acc += load(i);
  return double(acc);
}

} // namespace

double sum_all(const pyrt_array* a) {
  // Contiguous: memory order is index order, no offsets to list.
  if (is_contiguous(a) && a->dtype == PYRT_F32) {
    const float* p = static_cast<const float*>(a->data);
    return double(buffered_sum<float>([p](int64_t i) { return p[i]; }, a->size));
  }
  if (is_contiguous(a) && a->dtype == PYRT_F64) {
    const double* p = static_cast<const double*>(a->data);
    return buffered_sum<double>([p](int64_t i) { return p[i]; }, a->size);
  }
  // Memory order: the axes by decreasing |stride| (a reversed axis keeps its direction).
  int order[PYRT_MAX_DIMS];
  for (int d = 0; d < a->ndim; ++d) order[d] = d;
  std::stable_sort(order, order + a->ndim,
                   [&](int x, int y) { return std::llabs(a->strides[x]) > std::llabs(a->strides[y]); });
  pyrt_array view = header_of(a);
  for (int d = 0; d < a->ndim; ++d) {
    view.shape[d] = a->shape[order[d]];
    view.strides[d] = a->strides[order[d]];
  }
  std::vector<int64_t> offsets;
  offsets.reserve(size_t(a->size));
  for_each_offset(&view, [&](int64_t off) { offsets.push_back(off); });
  return a->dtype == PYRT_F32 ? sum_in<float>(a, offsets) : sum_in<double>(a, offsets);
}

double sum_along(const pyrt_array* a, int axis, int64_t base, int64_t stride, int64_t count) {
  bool innermost = true;
  for (int d = 0; d < a->ndim; ++d)
    if (d != axis && a->shape[d] > 1 && std::llabs(a->strides[d]) < std::llabs(stride)) innermost = false;
  return a->dtype == PYRT_F32 ? run_sum<float>(a, base, stride, count, innermost)
                              : run_sum<double>(a, base, stride, count, innermost);
}

void sum_runs(const pyrt_array* a, int axis, const pyrt_array* outer, int64_t stride, int64_t count, bool mean,
              pyrt_array* out) {
  // Each result element is its own sum: results are split among threads, each sum unchanged
  // (Note [Sums on the pool]); pieces of at least kBufferSize * kParallelChunks / 2 elements.
  int64_t grain = std::max<int64_t>(1, kBufferSize * kParallelChunks / 2 / std::max<int64_t>(count, 1));
  parallel_for(outer->size, grain, 1, [&](int64_t begin, int64_t end) {
    for (int64_t k = begin; k < end; ++k) {
      int64_t base = 0, rest = k;
      for (int d = outer->ndim - 1; d >= 0; --d) {
        base += rest % outer->shape[d] * outer->strides[d];
        rest /= outer->shape[d];
      }
      double acc = sum_along(a, axis, base, stride, count);
      store_f64(out, k, mean ? acc / double(count) : acc);
    }
  });
}

} // namespace pyscript::runtime
