// Whole-array max, min, argmax and int sums of contiguous arrays, on the kernel pool
// (Note [The kernel pool] in parallel.cpp).
//
// Note [Extrema on the pool]
// pyrt_array_reduce visits the elements one by one: nan propagates (the first one wins; argmax
// gives its index), max and min keep the later element on a tie (0.0 and -0.0, as np.maximum
// does), argmax the first. Each fixed piece of kPiece elements is scanned by that same rule from
// its own first element; the caller then folds the pieces' results in order by the rule again
// (a piece's nan ends it; max takes a piece's result when it is >= the one so far, min when <=,
// argmax when >). The last maximum of the last piece holding the maximum is the last maximum of
// the array, and so on, so the result is the one-by-one result, whatever the thread count.
#include "runtime/array_extrema.hpp"

#include "runtime/parallel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

namespace pyscript::runtime {
namespace {

constexpr int64_t kPiece = 65536;

struct Extremum {
  double acc = 0;
  int64_t iacc = 0, best = 0;
  bool nan = false;
};

// The largest (Low: smallest) value of p[begin, end) ignoring nan, and whether there was one, 16
// bytes of elements a step in vector registers (GCC's and Clang's vector extensions: the scalar
// loop does not vectorize, GCC branching on its compare; 64-byte vectors without AVX-512 enabled
// are lowered element by element, 15x slower).
template <bool Low, class T> T extreme(const T* p, int64_t begin, int64_t end, bool& nan) {
  constexpr int kLanes = 16 / int(sizeof(T));
  typedef T Vector __attribute__((vector_size(16)));
  Vector lanes;
  for (int l = 0; l < kLanes; ++l) lanes[l] = Low ? T(INFINITY) : T(-INFINITY);
  auto unordered = lanes != lanes; // all false
  int64_t i = begin;
  for (; i + kLanes <= end; i += kLanes) {
    Vector v;
    std::memcpy(&v, p + i, sizeof v);
    unordered |= v != v;
    lanes = (Low ? v < lanes : v > lanes) ? v : lanes;
  }
  bool any = false;
  T m = lanes[0];
  for (int l = 0; l < kLanes; ++l) {
    any = any || unordered[l] != 0;
    m = (Low ? lanes[l] < m : lanes[l] > m) ? lanes[l] : m;
  }
  for (; i < end; ++i) {
    T v = p[i];
    any = any || v != v;
    m = (Low ? v < m : v > m) ? v : m;
  }
  nan = any;
  return m;
}

// A float piece without nan, fast: its largest (smallest) value M, then the element the one-by-one
// rule keeps: M itself unless it is zero (only 0.0 and -0.0 compare equal with different bits),
// else the last zero (max, min keep the later one); argmax's index is the first element equal to
// M. False when the piece holds a nan.
template <class T> bool scan_fast(int32_t op, const T* p, int64_t begin, int64_t end, Extremum& r) {
  bool nan;
  T m = op == PYRT_MIN ? extreme<true>(p, begin, end, nan) : extreme<false>(p, begin, end, nan);
  if (nan) return false;
  if (op == PYRT_ARGMAX) {
    int64_t j = begin;
    while (p[j] != m) ++j;
    r.acc = double(p[j]);
    r.best = j;
  } else if (m == T(0)) {
    int64_t j = end - 1;
    while (p[j] != T(0)) --j;
    r.acc = double(p[j]);
  } else {
    r.acc = double(m);
  }
  return true;
}

template <class T> Extremum scan(int32_t op, const T* p, int64_t begin, int64_t end) {
  Extremum r;
  if constexpr (std::is_floating_point_v<T>) {
    if (scan_fast(op, p, begin, end, r)) return r;
    r.acc = op == PYRT_MIN ? INFINITY : -INFINITY;
    for (int64_t i = begin; i < end; ++i) {
      double v = double(p[i]);
      if (v != v) {
        r.nan = true;
        r.acc = v;
        r.best = i;
        break;
      }
      if (op == PYRT_ARGMAX) {
        if (i == begin || v > r.acc) {
          r.acc = v;
          r.best = i;
        }
      } else if (op == PYRT_MAX) {
        if (i == begin || v >= r.acc) r.acc = v;
      } else if (v <= r.acc) {
        r.acc = v;
      }
    }
  } else {
    r.iacc = op == PYRT_MAX || op == PYRT_ARGMAX ? INT64_MIN : op == PYRT_MIN ? INT64_MAX : 0;
    for (int64_t i = begin; i < end; ++i) {
      int64_t v = std::is_same_v<T, uint8_t> ? (p[i] ? 1 : 0) : int64_t(p[i]);
      if (op == PYRT_SUM) {
        r.iacc = int64_t(uint64_t(r.iacc) + uint64_t(v)); // wraps, as numpy's int64 sums do
      } else if (op == PYRT_MAX || op == PYRT_ARGMAX) {
        if (i == begin || v > r.iacc) {
          r.iacc = v;
          r.best = i;
        }
      } else if (v < r.iacc) {
        r.iacc = v;
      }
    }
  }
  return r;
}

template <class T> void reduce(int32_t op, const T* p, int64_t n, double& acc, int64_t& iacc, int64_t& best) {
  int64_t pieces = (n + kPiece - 1) / kPiece;
  std::vector<Extremum> results(static_cast<size_t>(pieces));
  parallel_for(pieces, 2, 1, [&](int64_t first, int64_t last) {
    for (int64_t k = first; k < last; ++k) results[size_t(k)] = scan(op, p, k * kPiece, std::min(n, (k + 1) * kPiece));
  });
  bool nan = false;
  for (int64_t k = 0; k < pieces && !nan; ++k) {
    const Extremum& r = results[size_t(k)];
    if constexpr (std::is_floating_point_v<T>) {
      if (r.nan) {
        nan = true;
        acc = r.acc;
        best = r.best;
      } else if (op == PYRT_ARGMAX) {
        if (k == 0 || r.acc > acc) {
          acc = r.acc;
          best = r.best;
        }
      } else if (op == PYRT_MAX) {
        if (k == 0 || r.acc >= acc) acc = r.acc;
      } else if (r.acc <= acc) {
        acc = r.acc;
      }
    } else {
      if (op == PYRT_SUM) {
        iacc = int64_t(uint64_t(iacc) + uint64_t(r.iacc));
      } else if (op == PYRT_MAX || op == PYRT_ARGMAX) {
        if (k == 0 || r.iacc > iacc) {
          iacc = r.iacc;
          best = r.best;
        }
      } else if (r.iacc < iacc) {
        iacc = r.iacc;
      }
    }
  }
}

} // namespace

bool reduce_contiguous(int32_t op, const pyrt_array* a, double& acc, int64_t& iacc, int64_t& best) {
  bool integer = a->dtype == PYRT_I64 || a->dtype == PYRT_BOOL;
  bool handled = op == PYRT_MAX || op == PYRT_MIN || op == PYRT_ARGMAX || (op == PYRT_SUM && integer);
  if (!handled || !is_contiguous(a)) return false;
  switch (a->dtype) {
  case PYRT_F32: reduce(op, static_cast<const float*>(a->data), a->size, acc, iacc, best); break;
  case PYRT_F64: reduce(op, static_cast<const double*>(a->data), a->size, acc, iacc, best); break;
  case PYRT_I64: reduce(op, static_cast<const int64_t*>(a->data), a->size, acc, iacc, best); break;
  default: reduce(op, static_cast<const uint8_t*>(a->data), a->size, acc, iacc, best);
  }
  return true;
}

} // namespace pyscript::runtime
