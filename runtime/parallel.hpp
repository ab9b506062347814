// Internal to runtime/: the pool of threads that kernels run on (Note [The kernel pool] in
// parallel.cpp). Generated code reaches it through pyrt_parallel_for (runtime_functions.def).
#pragma once

#include "pyscript/runtime.h"

#include <cstdint>

namespace pyscript::runtime {

// The threads a kernel may run on, the calling one included: PYSCRIPT_NUM_THREADS, or the cores
// this process may run on. Read once.
int kernel_threads();

// fn(env, begin, end) over pieces covering [0, n) exactly once, on the pool when it is free and
// n is worth it, else on the calling thread as one piece. Piece boundaries are multiples of
// `align` (Note [Pieces do not change results]) and pieces hold at least `grain` elements.
void parallel_for(int64_t n, int64_t grain, int64_t align, pyrt_range_fn fn, void* env);

// The same with a callable f(begin, end).
template <class F> void parallel_for(int64_t n, int64_t grain, int64_t align, const F& f) {
  parallel_for(
      n, grain, align, [](void* env, int64_t begin, int64_t end) { (*static_cast<const F*>(env))(begin, end); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

// C (m x n) = A (m x k) @ B (k x n), row-major and contiguous, float32 or float64 (dtype): OpenBLAS,
// cut by rows on the pool when large (Note [Matrix products on the pool] in parallel_gemm.cpp).
void blas_matmul(int32_t dtype, int64_t m, int64_t n, int64_t k, const void* a, const void* b, void* c);

} // namespace pyscript::runtime
