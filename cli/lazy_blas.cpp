// The BLAS and LAPACK functions the runtime calls (runtime/array_math.cpp, array_linalg.cpp), for
// the `pyscript` command only: each forwards to OpenBLAS, loaded on the first call.
//
// Note [OpenBLAS on first use]
// Loading OpenBLAS at process start costs about 6 ms on the development machine (2 cores): its
// relocations, libgfortran's, and its constructor, which starts a worker thread per core that
// spins in sched_yield until the process exits. That was most of `pyscript run`'s start-up, paid
// by every program, also those that never multiply a matrix. The command defines the runtime's
// BLAS and LAPACK symbols here, so the linker (--as-needed, meson's default) leaves libopenblas out
// of the binary's dependencies, and the first call dlopens it: a program that calls none of them
// never loads it. The libraries (libpyscript, libpyscript-loader, libpyscript-rt) still link
// OpenBLAS as before. A BLAS or LAPACK function the runtime starts calling gets a forwarding
// function below, or the command does not link (OpenBLAS is no longer there to define it).
#include <cblas.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

extern "C" {
// LAPACK's Fortran interface, as runtime/array_linalg.cpp declares it.
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b, const int* ldb,
            int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info);
}

namespace {

[[noreturn]] void cannot_load(const char* what) {
  std::fprintf(stderr, "pyscript: cannot load OpenBLAS (libopenblas.so.0): %s\n", what);
  std::abort();
}

// The thread count asked for before OpenBLAS was loaded (Note [Matrix products on the pool] in
// runtime/parallel_gemm.cpp asks for one when the runtime starts): applied when it loads.
int requested_threads = 0;
void* loaded = nullptr;

void* openblas() {
  static void* handle = [] {
    void* h = ::dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!h) cannot_load(::dlerror());
    if (requested_threads > 0)
      if (auto set = reinterpret_cast<void (*)(int)>(::dlsym(h, "openblas_set_num_threads"))) set(requested_threads);
    loaded = h;
    return h;
  }();
  return handle;
}

template <class F> F resolve(const char* name) {
  void* f = ::dlsym(openblas(), name);
  if (!f) cannot_load(::dlerror());
  return reinterpret_cast<F>(f);
}

} // namespace

// The body of a forwarding function: OpenBLAS's NAME, found once, called with the arguments.
#define PYSCRIPT_FORWARD(NAME, ...)                                                                 \
  static const auto real = resolve<decltype(&NAME)>(#NAME);                                       \
  return real(__VA_ARGS__);

extern "C" {

// Remembered until OpenBLAS loads (so asking costs no start-up), passed on once it has.
void openblas_set_num_threads(int n) {
  requested_threads = n;
  if (loaded)
    if (auto set = reinterpret_cast<void (*)(int)>(::dlsym(loaded, "openblas_set_num_threads"))) set(n);
}

float cblas_sdot(const blasint n, const float* x, const blasint incx, const float* y, const blasint incy) {
  PYSCRIPT_FORWARD(cblas_sdot, n, x, incx, y, incy)
}

double cblas_ddot(const blasint n, const double* x, const blasint incx, const double* y, const blasint incy) {
  PYSCRIPT_FORWARD(cblas_ddot, n, x, incx, y, incy)
}

void cblas_sgemm(const CBLAS_ORDER order, const CBLAS_TRANSPOSE ta, const CBLAS_TRANSPOSE tb, const blasint m,
                 const blasint n, const blasint k, const float alpha, const float* a, const blasint lda,
                 const float* b, const blasint ldb, const float beta, float* c, const blasint ldc) {
  PYSCRIPT_FORWARD(cblas_sgemm, order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

void cblas_dgemm(const CBLAS_ORDER order, const CBLAS_TRANSPOSE ta, const CBLAS_TRANSPOSE tb, const blasint m,
                 const blasint n, const blasint k, const double alpha, const double* a, const blasint lda,
                 const double* b, const blasint ldb, const double beta, double* c, const blasint ldc) {
  PYSCRIPT_FORWARD(cblas_dgemm, order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

void cblas_ssyrk(const CBLAS_ORDER order, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const blasint n,
                 const blasint k, const float alpha, const float* a, const blasint lda, const float beta, float* c,
                 const blasint ldc) {
  PYSCRIPT_FORWARD(cblas_ssyrk, order, uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
}

void cblas_dsyrk(const CBLAS_ORDER order, const CBLAS_UPLO uplo, const CBLAS_TRANSPOSE trans, const blasint n,
                 const blasint k, const double alpha, const double* a, const blasint lda, const double beta,
                 double* c, const blasint ldc) {
  PYSCRIPT_FORWARD(cblas_dsyrk, order, uplo, trans, n, k, alpha, a, lda, beta, c, ldc)
}

void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b, const int* ldb,
            int* info) {
  PYSCRIPT_FORWARD(dgesv_, n, nrhs, a, lda, ipiv, b, ldb, info)
}

void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info) {
  PYSCRIPT_FORWARD(dgetrf_, m, n, a, lda, ipiv, info)
}

void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info) {
  PYSCRIPT_FORWARD(dsyevd_, jobz, uplo, n, a, lda, w, work, lwork, iwork, liwork, info)
}

} // extern "C"
