// choice's probabilities (p=), shared by the legacy RandomState and Generator.
#include "runtime/random/internal.hpp"

#include <exception>
#include <algorithm>
#include <cmath>
#include <new>
#include <vector>

namespace pyscript::random::detail {

Status check_probabilities(const Probabilities& p, int64_t pop, bool quoted) {
  if (p.n != pop)
    return Status::error(ErrorKind::ValueError, quoted ? "'a' and 'p' must have same size" : "a and p must have same size");
  // Kahan's compensated sum (numpy's kahan_sum), which decides "do not sum to 1".
  double sum = 0.0;
  if (p.n > 0) {
    sum = p.p[0];
    double c = 0.0;
    for (int64_t i = 1; i < p.n; ++i) {
      double y = p.p[i] - c;
      double t = sum + y;
      c = (t - sum) - y;
      sum = t;
    }
  }
  if (std::isnan(sum)) return Status::error(ErrorKind::ValueError, "probabilities contain NaN");
  for (int64_t i = 0; i < p.n; ++i)
    if (p.p[i] < 0) return Status::error(ErrorKind::ValueError, "probabilities are not non-negative");
  double atol = std::sqrt(2.220446049250313e-16);
  if (p.float32) atol = std::max(atol, static_cast<double>(std::sqrt(1.1920929e-07f)));
  if (std::fabs(sum - 1.0) > atol) return Status::error(ErrorKind::ValueError, "probabilities do not sum to 1");
  return {};
}

void make_cdf(const double* p, int64_t n, double* cdf) {
  double run = 0.0;
  for (int64_t i = 0; i < n; ++i) cdf[i] = run = run + p[i];
  if (n == 0) return;
  double last = cdf[n - 1];
  for (int64_t i = 0; i < n; ++i) cdf[i] /= last;
}

int64_t search_cdf(const double* cdf, int64_t n, double u) {
  int64_t k = std::upper_bound(cdf, cdf + n, u) - cdf;
  return k < n ? k : n - 1; // u < 1 == cdf[n - 1]: only a NaN p could get here
}

// Note [choice without replacement, with p]
// numpy draws in rounds: with `found` the indices chosen so far, it sets their p to 0, draws
// size - found uniforms, maps each through the renormalized cdf, keeps the distinct results in the
// order of their first occurrence, and appends them to `found`, until size indices are found.
// Chosen indices have p 0 so they cannot come again (searchsorted 'right' never lands on a
// zero-width step).
Status choice_p_unique(const Probabilities& p, int64_t* out, int64_t n, DrawDoubles draw, void* ctx) {
  int64_t positive = 0;
  for (int64_t i = 0; i < p.n; ++i) positive += p.p[i] > 0;
  if (positive < n) return Status::error(ErrorKind::ValueError, "Fewer non-zero entries in p than size");
  if (n == 0) return {};
  try {
    std::vector<double> weights(p.p, p.p + p.n), cdf(p.n), u(n);
    std::vector<int64_t> round_of(p.n, -1);
    int64_t found = 0;
    for (int64_t round = 0; found < n; ++round) {
      int64_t k = n - found;
      draw(ctx, u.data(), k);
      for (int64_t i = 0; i < found; ++i) weights[out[i]] = 0.0;
      make_cdf(weights.data(), p.n, cdf.data());
      int64_t end = found;
      for (int64_t j = 0; j < k; ++j) {
        int64_t idx = search_cdf(cdf.data(), p.n, u[j]);
        if (round_of[idx] == round) continue;
        round_of[idx] = round;
        out[end++] = idx;
      }
      found = end;
    }
  } catch (const std::exception&) { // bad_alloc, or length_error of a vector larger than max_size()
    return Status::error(ErrorKind::MemoryError, "cannot allocate choice's scratch for %lld values",
                         static_cast<long long>(p.n));
  }
  return {};
}

} // namespace pyscript::random::detail
