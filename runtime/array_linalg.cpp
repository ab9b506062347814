// np.linalg: solve, inv and det through the LAPACK numpy calls (OpenBLAS's dgesv_ and dgetrf_, the
// library Debian's numpy links), and norm's dot product, each as numpy's umath_linalg arranges the
// call, so that results carry numpy's digits (Note [numpy's linalg calls]).
#include "runtime/array_internal.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

using namespace pyscript::runtime;

extern "C" {
// LAPACK's Fortran interface (OpenBLAS exports it).
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b,
            const int* ldb, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info);
}

// Note [numpy's linalg calls]
// numpy 1.24's linalg computes solve, inv and det in float64 whatever the input (its signature is
// 'dd->d'; _commonType), and casts the result to float32 only when every input is float32:
//  - each matrix is copied column-major (linearize_matrix) and handed to LAPACK; a failing
//    factorization (info > 0) is LinAlgError("Singular matrix") for solve and inv;
//  - solve is dgesv of A and B (b of rank a.ndim - 1 is a vector per matrix: numpy's solve1);
//    inv is dgesv of A and the identity;
//  - det is dgetrf, then numpy's slogdet: sign from the pivots and the diagonal's signs, logdet the
//    sum of log|u_ii| in order, det = sign * exp(logdet) (so det(2 * eye(3)) is 7.999999999999998);
//    a singular matrix (info > 0) gives sign 0 and logdet -inf, so det 0.0.
//  - eigh (UPLO 'L') is dsyevd with jobz 'V' per matrix, after numpy's workspace query (lwork and
//    liwork -1, then the sizes it answers); the eigenvalues ascending, the eigenvectors the columns
//    of the result; a failure (info > 0) is LinAlgError("Eigenvalues did not converge"). Each of
//    the two results is computed on its own, by the same calls, so both are numpy's;
//  - norm (ord None) is sqrt(dot(x, x)) of x = a.ravel(order='K'): the elements with the axes
//    ordered by decreasing |stride|, copied contiguous (a strided BLAS dot adds in another order);
//    float32 in float32 (sdot's result through a double, as numpy's FLOAT_dot), ints in float64.
//  - np.cov's X = m - avg[:, None] keeps m's memory layout (numpy copies m with order 'K' and
//    subtracts in place: np.cov(x.T) centers a column-major X), and dot(X, X.T) is BLAS's SYRK
//    (upper triangle, mirrored) with X untransposed when X is row-major and transposed when it is
//    column-major; one row is a dot product (ddot). Each layout adds in its own order, so cov_gram
//    lays X out as numpy does.
namespace {

// Stacked matrices: the batch shape (all axes but the last `core`) and the offset of each.
std::vector<int64_t> batch_offsets(const pyrt_array* a, int core) {
  pyrt_array batch = header_of(a);
  batch.ndim = a->ndim - core;
  batch.size = 1;
  for (int d = 0; d < batch.ndim; ++d)
    batch.size *= a->shape[d];
  std::vector<int64_t> offsets;
  for_each_offset(&batch, [&](int64_t off) { offsets.push_back(off); });
  if (batch.ndim == 0) offsets.assign(1, 0);
  return offsets;
}

// Matrix `base` of `a` (rows x cols from its last two axes; a vector when `vector`) column-major.
void linearize(const pyrt_array* a, int64_t base, bool vector, std::vector<double>& out) {
  int64_t rows = vector ? a->shape[a->ndim - 1] : a->shape[a->ndim - 2];
  int64_t cols = vector ? 1 : a->shape[a->ndim - 1];
  int64_t rs = vector ? a->strides[a->ndim - 1] : a->strides[a->ndim - 2];
  int64_t cs = vector ? 0 : a->strides[a->ndim - 1];
  out.resize(size_t(rows * cols));
  for (int64_t j = 0; j < cols; ++j)
    for (int64_t i = 0; i < rows; ++i)
      out[size_t(i + j * rows)] = load_f64(a, base + i * rs + j * cs);
}

bool square(pyrt_context* ctx, const pyrt_array* a, const char* site) {
  if (a->shape[a->ndim - 1] == a->shape[a->ndim - 2]) return true;
  pyrt_raise_detail(ctx, PYRT_LINALG_ERROR, site, "Last 2 dimensions of the array must be square");
  return false;
}

int result_dtype(const pyrt_array* a, const pyrt_array* b) {
  return a->dtype == PYRT_F32 && (!b || b->dtype == PYRT_F32) ? PYRT_F32 : PYRT_F64;
}

pyrt_array* det(pyrt_context* ctx, pyrt_array* a, const char* site) {
  if (!square(ctx, a, site)) return nullptr;
  pyrt_array* out = new_array(ctx, site, result_dtype(a, nullptr), a->ndim - 2, a->shape);
  if (!out) return nullptr;
  int m = int(a->shape[a->ndim - 1]);
  std::vector<double> lu;
  std::vector<int> pivots(size_t(std::max(m, 1)));
  int64_t k = 0;
  for (int64_t base : batch_offsets(a, 2)) {
    linearize(a, base, false, lu);
    int lda = std::max(m, 1), info = 0;
    dgetrf_(&m, &m, lu.data(), &lda, pivots.data(), &info);
    double sign = 0.0, logdet = -INFINITY;
    if (info == 0) {
      int changes = 0;
      for (int i = 0; i < m; ++i)
        changes += pivots[size_t(i)] != i + 1;
      sign = changes % 2 ? -1.0 : 1.0;
      logdet = 0.0;
      for (int i = 0; i < m; ++i) {
        double u = lu[size_t(i) * size_t(m + 1)];
        if (u < 0) {
          sign = -sign;
          u = -u;
        }
        logdet += std::log(u);
      }
    }
    store_f64(out, k++, sign * std::exp(logdet));
  }
  return out;
}

// solve(a, b) and inv(a) (b null): dgesv per matrix; b's matrices broadcast against a's.
pyrt_array* solve(pyrt_context* ctx, pyrt_array* a, pyrt_array* b, const char* site) {
  if (!square(ctx, a, site)) return nullptr;
  int64_t n = a->shape[a->ndim - 1];
  bool vector = b && b->ndim == a->ndim - 1; // numpy's solve1: (m,m),(m)->(m)
  const char* signature = vector ? "solve1" : "solve";
  const char* core = vector ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)";
  int b_core = vector ? 1 : 2;
  if (b && b->ndim < b_core) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "%s: Input operand 1 does not have enough dimensions (has %d, gufunc core "
                      "with signature %s "
                      "requires %d)",
                      signature, b->ndim, core, b_core);
    return nullptr;
  }
  int64_t bn = b ? b->shape[b->ndim - b_core] : n;
  if (bn != n) {
    pyrt_raise_detail(
        ctx, PYRT_VALUE_ERROR, site,
        "%s: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature %s "
        "(size %lld is different from %lld)",
        signature, core, (long long)bn, (long long)n);
    return nullptr;
  }
  int64_t nrhs = !b ? n : vector ? 1 : b->shape[b->ndim - 1];
  // The batch axes of a and b broadcast.
  int a_batch = a->ndim - 2, b_batch = b ? b->ndim - b_core : 0;
  int batch = std::max(a_batch, b_batch);
  int64_t shape[PYRT_MAX_DIMS], sa[PYRT_MAX_DIMS], sb[PYRT_MAX_DIMS];
  for (int d = 0; d < batch; ++d) {
    int da = d - (batch - a_batch), db = d - (batch - b_batch);
    int64_t xa = da >= 0 ? a->shape[da] : 1, xb = db >= 0 ? b->shape[db] : 1;
    if (xa != xb && xa != 1 && xb != 1) {
      // numpy's iterator error: each operand's batch axes, then a newaxis per core axis of the
      // result.
      auto remapped = [&](const pyrt_array* x, int batch_axes) {
        std::string text = numpy_shape_text(x) + "->(";
        for (int k = 0; k < batch_axes; ++k)
          text += std::to_string(x->shape[k]) + ",";
        return text + (vector ? "newaxis)" : "newaxis,newaxis)");
      };
      std::string requested =
          "(" + std::to_string(n) + (vector ? ")" : "," + std::to_string(nrhs) + ")");
      pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                        "operands could not be broadcast together with remapped shapes "
                        "[original->remapped]: %s %s  "
                        "and requested shape %s",
                        remapped(a, a_batch).c_str(), remapped(b, b_batch).c_str(),
                        requested.c_str());
      return nullptr;
    }
    shape[d] = xa == 1 ? xb : xa;
    sa[d] = da >= 0 && xa != 1 ? a->strides[da] : 0;
    sb[d] = db >= 0 && xb != 1 ? b->strides[db] : 0;
  }
  int ndim = batch;
  shape[ndim++] = n;
  if (!vector) shape[ndim++] = nrhs;
  pyrt_array* out = new_array(ctx, site, result_dtype(a, b), ndim, shape);
  if (!out) return nullptr;
  pyrt_array walk{};
  walk.ndim = batch;
  walk.size = 1;
  for (int d = 0; d < batch; ++d) {
    walk.shape[d] = shape[d];
    walk.strides[d] = 1;
    walk.size *= shape[d];
  }
  std::vector<double> lu, rhs;
  std::vector<int> pivots(size_t(std::max<int64_t>(n, 1)));
  bool singular = false;
  int64_t index[PYRT_MAX_DIMS] = {0}, k = 0;
  for (int64_t t = 0; t < walk.size; ++t) {
    int64_t oa = 0, ob = 0;
    for (int d = 0; d < batch; ++d) {
      oa += index[d] * sa[d];
      ob += index[d] * sb[d];
    }
    linearize(a, oa, false, lu);
    if (b) {
      linearize(b, ob, vector, rhs);
    } else {
      rhs.assign(size_t(n * n), 0.0);
      for (int64_t i = 0; i < n; ++i)
        rhs[size_t(i * n + i)] = 1.0;
    }
    int ni = int(n), nr = int(nrhs), ld = int(std::max<int64_t>(n, 1)), info = 0;
    dgesv_(&ni, &nr, lu.data(), &ld, pivots.data(), rhs.data(), &ld, &info);
    singular = singular || info > 0;
    for (int64_t j = 0; j < nrhs; ++j) // back from column-major into the row-major result
      for (int64_t i = 0; i < n; ++i)
        store_f64(out, k + i * nrhs + j, rhs[size_t(i + j * n)]);
    k += n * nrhs;
    for (int d = batch - 1; d >= 0; --d) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  if (singular) {
    pyrt_array_release(out);
    pyrt_raise_detail(ctx, PYRT_LINALG_ERROR, site, "Singular matrix");
    return nullptr;
  }
  return out;
}

pyrt_array* eigh(pyrt_context* ctx, pyrt_array* a, bool vectors, const char* site) {
  if (!square(ctx, a, site)) return nullptr;
  pyrt_array* out = new_array(ctx, site, result_dtype(a, nullptr), vectors ? a->ndim : a->ndim - 1, a->shape);
  if (!out || a->size == 0) return out;
  const char jobz = 'V', uplo = 'L';
  int n = int(a->shape[a->ndim - 1]), lda = std::max(n, 1), info = 0;
  std::vector<double> m(size_t(n) * size_t(n));
  std::vector<double> w(static_cast<size_t>(n));
  double work_size = 0;
  int iwork_size = 0, query = -1;
  dsyevd_(&jobz, &uplo, &n, m.data(), &lda, w.data(), &work_size, &query, &iwork_size, &query, &info);
  int lwork = int(work_size), liwork = iwork_size;
  std::vector<double> work(size_t(std::max(lwork, 1)));
  std::vector<int> iwork(size_t(std::max(liwork, 1)));
  bool failed = info != 0;
  int64_t k = 0;
  for (int64_t base : batch_offsets(a, 2)) {
    linearize(a, base, false, m);
    dsyevd_(&jobz, &uplo, &n, m.data(), &lda, w.data(), work.data(), &lwork, iwork.data(), &liwork, &info);
    failed = failed || info != 0;
    if (vectors) {
      for (int64_t i = 0; i < n; ++i) // back from column-major into the row-major result
        for (int64_t j = 0; j < n; ++j) store_f64(out, k + i * n + j, m[size_t(i + j * n)]);
      k += int64_t(n) * n;
    } else {
      for (int64_t i = 0; i < n; ++i) store_f64(out, k + i, w[size_t(i)]);
      k += n;
    }
  }
  if (failed) {
    pyrt_array_release(out);
    pyrt_raise_detail(ctx, PYRT_LINALG_ERROR, site, "Eigenvalues did not converge");
    return nullptr;
  }
  return out;
}

pyrt_array* norm(pyrt_context* ctx, pyrt_array* a, const char* site) {
  int order[PYRT_MAX_DIMS];
  for (int d = 0; d < a->ndim; ++d)
    order[d] = d;
  std::stable_sort(order, order + a->ndim, [&](int x, int y) {
    return std::llabs(a->strides[x]) > std::llabs(a->strides[y]);
  });
  pyrt_array view = header_of(a);
  for (int d = 0; d < a->ndim; ++d) {
    view.shape[d] = a->shape[order[d]];
    view.strides[d] = a->strides[order[d]];
  }
  bool f32 = a->dtype == PYRT_F32;
  pyrt_array* out = new_array(ctx, site, f32 ? PYRT_F32 : PYRT_F64, 0, nullptr);
  if (!out) return nullptr;
  int n = int(a->size);
  double sum = 0.0;
  if (f32) {
    std::vector<float> x;
    x.reserve(size_t(n));
    for_each_offset(&view,
                    [&](int64_t off) { x.push_back(static_cast<const float*>(a->data)[off]); });
    sum += double(cblas_sdot(n, x.data(), 1, x.data(), 1));
    store_f64(out, 0, double(std::sqrt(float(sum))));
  } else {
    std::vector<double> x;
    x.reserve(size_t(n));
    for_each_offset(&view, [&](int64_t off) { x.push_back(load_f64(a, off)); });
    sum += cblas_ddot(n, x.data(), 1, x.data(), 1);
    store_f64(out, 0, std::sqrt(sum));
  }
  return out;
}

// np.cov's dot(X, X.T) for X = a - avg[:, None] (a: rows x n float64, any strides), in numpy's
// layout and BLAS calls (Note [numpy's linalg calls]).
pyrt_array* cov_gram(pyrt_context* ctx, const pyrt_array* a, const pyrt_array* avg, const char* site) {
  int64_t rows = a->shape[0], n = a->shape[1];
  int64_t shape[2] = {rows, rows};
  pyrt_array* out = new_array(ctx, site, PYRT_F64, 2, shape);
  if (!out || rows == 0) return out;
  if (n == 0) {
    std::fill_n(static_cast<double*>(out->data), rows * rows, 0.0);
    return out;
  }
  // numpy's order 'K' copy: column-major when the rows' stride exceeds the columns' (x.T).
  bool column_major = rows > 1 && n > 1 && std::llabs(a->strides[0]) < std::llabs(a->strides[1]);
  std::vector<double> x(size_t(rows * n));
  for (int64_t i = 0; i < rows; ++i) {
    double mean = load_f64(avg, i * avg->strides[0]);
    for (int64_t j = 0; j < n; ++j)
      x[size_t(column_major ? j * rows + i : i * n + j)] = load_f64(a, i * a->strides[0] + j * a->strides[1]) - mean;
  }
  auto* c = static_cast<double*>(out->data);
  if (rows == 1) {
    c[0] = 0.0;
    c[0] += cblas_ddot(int(n), x.data(), 1, x.data(), 1);
    return out;
  }
  cblas_dsyrk(CblasRowMajor, CblasUpper, column_major ? CblasTrans : CblasNoTrans, int(rows), int(n), 1.0,
              x.data(), int(column_major ? rows : n), 0.0, c, int(rows));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = i + 1; j < rows; ++j) c[j * rows + i] = c[i * rows + j];
  return out;
}

} // namespace

extern "C" {

pyrt_array* pyrt_array_linalg(pyrt_context* ctx, int32_t op, pyrt_array* a, pyrt_array* b,
                              const char* site) {
  if (a->size > INT32_MAX || (b && b->size > INT32_MAX)) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "too many elements for LAPACK's 32-bit sizes");
    return nullptr;
  }
  switch (op) {
  case PYRT_LINALG_SOLVE:
    return solve(ctx, a, b, site);
  case PYRT_LINALG_INV:
    return solve(ctx, a, nullptr, site);
  case PYRT_LINALG_DET:
    return det(ctx, a, site);
  case PYRT_LINALG_EIGH_VALUES:
  case PYRT_LINALG_EIGH_VECTORS:
    return eigh(ctx, a, op == PYRT_LINALG_EIGH_VECTORS, site);
  case PYRT_LINALG_COV_GRAM:
    return cov_gram(ctx, a, b, site);
  default:
    return norm(ctx, a, site);
  }
}

} // extern "C"
