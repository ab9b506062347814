// numpy's legacy RandomState (np.random.seed, rand, randn, randint, choice, permutation, ...).
#include "runtime/random/internal.hpp"

#include <exception>
#include <cmath>
#include <new>
#include <vector>

namespace pyscript::random {

using detail::check_count;

void legacy_save(const LegacyRandomState& st, uint64_t* words) {
  detail::save_mt(st.mt, st.has_gauss, st.gauss, words);
}

Status legacy_restore(LegacyRandomState& st, const uint64_t* words) {
  return detail::restore_mt(st.mt, st.has_gauss, st.gauss, words);
}

// Note [np.random.seed]
// An int seed goes through init_genrand (checked against np.random.get_state()); a list of ints
// through init_by_array. Both forget a cached Gaussian.
Status legacy_seed(LegacyRandomState& st, int64_t seed) {
  if (seed < 0 || seed > 0xffffffffll)
    return Status::error(ErrorKind::ValueError, "Seed must be between 0 and 2**32 - 1");
  mt_init_genrand(st.mt, static_cast<uint32_t>(seed));
  st.has_gauss = 0;
  st.gauss = 0.0;
  return {};
}

Status legacy_seed_array(LegacyRandomState& st, const int64_t* words, int64_t n) {
  if (n <= 0) return Status::error(ErrorKind::ValueError, "Seed must be non-empty");
  std::vector<uint32_t> key(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    if (words[i] < 0 || words[i] > 0xffffffffll)
      return Status::error(ErrorKind::ValueError, "Seed must be between 0 and 2**32 - 1");
    key[i] = static_cast<uint32_t>(words[i]);
  }
  mt_init_by_array(st.mt, key.data(), key.size());
  st.has_gauss = 0;
  st.gauss = 0.0;
  return {};
}

double legacy_double(LegacyRandomState& st) { return mt_next_double(st.mt); }

// Note [Legacy Gaussian cache] (random.hpp): Marsaglia's polar method.
double legacy_gauss(LegacyRandomState& st) {
  if (st.has_gauss) {
    double cached = st.gauss;
    st.has_gauss = 0;
    st.gauss = 0.0;
    return cached;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * legacy_double(st) - 1.0;
    x2 = 2.0 * legacy_double(st) - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = std::sqrt(-2.0 * std::log(r2) / r2);
  st.gauss = f * x1;
  st.has_gauss = 1;
  return f * x2;
}

Status legacy_random_sample(LegacyRandomState& st, double* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = legacy_double(st);
  return {};
}

Status legacy_standard_normal(LegacyRandomState& st, double* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = legacy_gauss(st);
  return {};
}

Status legacy_normal(LegacyRandomState& st, double loc, double scale, double* out, int64_t n) {
  if (scale < 0) return Status::error(ErrorKind::ValueError, "scale < 0");
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = loc + scale * legacy_gauss(st);
  return {};
}

Status legacy_uniform(LegacyRandomState& st, double low, double high, double* out, int64_t n) {
  double range = high - low;
  if (!std::isfinite(range)) return Status::error(ErrorKind::OverflowError, "Range exceeds valid bounds");
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = low + range * legacy_double(st);
  return {};
}

Status legacy_standard_exponential(LegacyRandomState& st, double* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = -std::log(1.0 - legacy_double(st));
  return {};
}

Status legacy_exponential(LegacyRandomState& st, double scale, double* out, int64_t n) {
  if (scale < 0) return Status::error(ErrorKind::ValueError, "scale < 0");
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = scale * -std::log(1.0 - legacy_double(st));
  return {};
}

// Note [numpy's bounded integers] (internal.hpp); an empty size returns before the bounds check.
Status legacy_randint(LegacyRandomState& st, int64_t low, std::optional<int64_t> high, int64_t* out, int64_t n) {
  int64_t lo = high ? low : 0, hi = high ? *high : low;
  if (n == 0) return {};
  if (lo >= hi) return Status::error(ErrorKind::ValueError, lo == 0 ? "high <= 0" : "low >= high");
  if (Status s = check_count(n); !s.ok()) return s;
  uint64_t rng = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) - 1;
  for (int64_t i = 0; i < n; ++i)
    out[i] = static_cast<int64_t>(static_cast<uint64_t>(lo) + detail::bounded_masked(st.mt, rng));
  return {};
}

uint64_t legacy_interval(LegacyRandomState& st, uint64_t max) { return detail::interval(st.mt, max); }

void legacy_permutation(LegacyRandomState& st, int64_t* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = i;
  legacy_shuffle(st, out, n);
}

namespace {

void draw_legacy_doubles(void* ctx, double* u, int64_t k) {
  auto* st = static_cast<LegacyRandomState*>(ctx);
  for (int64_t i = 0; i < k; ++i) u[i] = legacy_double(*st);
}

} // namespace

Status legacy_choice(LegacyRandomState& st, int64_t pop, bool a_is_array, bool replace, const Probabilities* p,
                     int64_t* out, int64_t n) {
  if (pop <= 0 && n != 0)
    return Status::error(ErrorKind::ValueError, a_is_array ? "'a' cannot be empty unless no samples are taken"
                                                           : "a must be greater than 0 unless no samples are taken");
  if (p)
    if (Status s = detail::check_probabilities(*p, pop, true); !s.ok()) return s;
  if (replace) {
    if (!p) return legacy_randint(st, 0, pop, out, n);
    if (Status s = check_count(n); !s.ok()) return s;
    try {
      std::vector<double> cdf(p->n);
      detail::make_cdf(p->p, p->n, cdf.data());
      for (int64_t i = 0; i < n; ++i) out[i] = detail::search_cdf(cdf.data(), p->n, legacy_double(st));
    } catch (const std::exception&) { // bad_alloc, or length_error of a vector larger than max_size()
      return Status::error(ErrorKind::MemoryError, "cannot allocate choice's cdf");
    }
    return {};
  }
  if (n > pop)
    return Status::error(ErrorKind::ValueError, "Cannot take a larger sample than population when 'replace=False'");
  if (n < 0) return Status::error(ErrorKind::ValueError, "Negative dimensions are not allowed");
  if (p) return detail::choice_p_unique(*p, out, n, draw_legacy_doubles, &st);
  // permutation(pop)[:size]
  try {
    std::vector<int64_t> perm(pop);
    legacy_permutation(st, perm.data(), pop);
    for (int64_t i = 0; i < n; ++i) out[i] = perm[i];
  } catch (const std::exception&) { // bad_alloc, or length_error of a vector larger than max_size()
    return Status::error(ErrorKind::MemoryError, "cannot allocate a permutation of %lld", static_cast<long long>(pop));
  }
  return {};
}

} // namespace pyscript::random
