// Matrix products on the kernel pool (Note [The kernel pool] in parallel.cpp).
//
// Note [Matrix products on the pool]
// OpenBLAS (Debian's pthread build) would start its own threads on every core, beside the
// kernel pool's: two pools on the same cores, and one more per host thread calling into it
// (bench/serve.cpp). So OpenBLAS runs on one thread (set once when the runtime loads), and a
// large product is cut by rows of A and C: each piece is one single-threaded sgemm/dgemm on its
// rows, on the pool. OpenBLAS adds each C element's products in the order of k whatever rows
// the call holds, and pieces start at multiples of kRowAlign (a multiple of its row blocking), so
// the rows at the edge of a piece are the same with 1, 2 or 4 threads: results are identical
// (tests/threads_test.py checks it).
#include "runtime/array_internal.hpp"
#include "runtime/parallel.hpp"

#include <cblas.h>

#include <algorithm>
#include <type_traits>

namespace pyscript::runtime {
namespace {

constexpr int64_t kRowAlign = 64;
// A piece is at least this many multiply-adds (about 30 us at one core's speed; the pool's
// hand-over costs a few), so products below twice that run on one thread.
constexpr int64_t kPieceMacs = int64_t(1) << 21;

[[maybe_unused]] const bool blas_on_one_thread = (openblas_set_num_threads(1), true);

template <class T> void gemm(int64_t m, int64_t n, int64_t k, const T* a, const T* b, T* c) {
  if constexpr (std::is_same_v<T, float>)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(m), int(n), int(k), 1.0f, a, int(k), b, int(n),
                0.0f, c, int(n));
  else
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(m), int(n), int(k), 1.0, a, int(k), b, int(n),
                0.0, c, int(n));
}

template <class T> void gemm_on_pool(int64_t m, int64_t n, int64_t k, const T* a, const T* b, T* c) {
  int64_t per_row = std::max<int64_t>(1, n * k);
  // Rows per piece: a multiple of kRowAlign, at least kPieceMacs, one piece a thread (each piece
  // packs all of B again); the last piece takes the rows left over (so that no piece is small
  // enough for OpenBLAS's small-matrix kernels, which add in another order).
  int64_t rows = std::max((kPieceMacs + per_row - 1) / per_row, (m + kernel_threads() - 1) / kernel_threads());
  rows = (rows + kRowAlign - 1) / kRowAlign * kRowAlign;
  int64_t pieces = m / rows;
  if (pieces < 2 || kernel_threads() == 1) {
    gemm(m, n, k, a, b, c);
    return;
  }
  // Consecutive pieces on one thread (all of them, when the pool is taken) are one call.
  parallel_for(pieces, 1, 1, [&](int64_t first, int64_t last) {
    int64_t begin = first * rows, end = last == pieces ? m : last * rows;
    gemm(end - begin, n, k, a + begin * k, b, c + begin * n);
  });
}

} // namespace

void blas_matmul(int32_t dtype, int64_t m, int64_t n, int64_t k, const void* a, const void* b, void* c) {
  if (dtype == PYRT_F32)
    gemm_on_pool(m, n, k, static_cast<const float*>(a), static_cast<const float*>(b), static_cast<float*>(c));
  else
    gemm_on_pool(m, n, k, static_cast<const double*>(a), static_cast<const double*>(b), static_cast<double*>(c));
}

} // namespace pyscript::runtime
