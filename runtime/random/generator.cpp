// numpy's Generator over PCG64 (np.random.default_rng(seed)): random, integers, normal, uniform,
// exponential, permutation, shuffle, choice. The ziggurat draws are in ziggurat.cpp.
#include "runtime/random/internal.hpp"

#include <exception>
#include <algorithm>
#include <cmath>
#include <new>
#include <vector>

namespace pyscript::random {

using detail::check_count;

Status generator_random(Generator& g, double* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = generator_double(g);
  return {};
}

Status generator_random_f32(Generator& g, float* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = static_cast<float>(pcg64_next32(g.bitgen) >> 8) * (1.0f / 16777216.0f);
  return {};
}

Status generator_standard_normal(Generator& g, double* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = generator_standard_normal1(g);
  return {};
}

Status generator_normal(Generator& g, double loc, double scale, double* out, int64_t n) {
  if (scale < 0) return Status::error(ErrorKind::ValueError, "scale < 0");
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = loc + scale * generator_standard_normal1(g);
  return {};
}

Status generator_uniform(Generator& g, double low, double high, double* out, int64_t n) {
  double range = high - low;
  if (!std::isfinite(range))
    return Status::error(ErrorKind::OverflowError, "high - low range exceeds valid bounds");
  if (range < 0) return Status::error(ErrorKind::ValueError, "high - low < 0");
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = low + range * generator_double(g);
  return {};
}

Status generator_standard_exponential(Generator& g, double* out, int64_t n) {
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = generator_standard_exponential1(g);
  return {};
}

Status generator_exponential(Generator& g, double scale, double* out, int64_t n) {
  if (scale < 0) return Status::error(ErrorKind::ValueError, "scale < 0");
  if (Status s = check_count(n); !s.ok()) return s;
  for (int64_t i = 0; i < n; ++i) out[i] = scale * generator_standard_exponential1(g);
  return {};
}

// Note [numpy's bounded integers] (internal.hpp): Generator uses Lemire's method.
Status generator_integers(Generator& g, int64_t low, std::optional<int64_t> high, bool endpoint, int64_t* out,
                          int64_t n) {
  int64_t lo = high ? low : 0, hi = high ? *high : low;
  if (n == 0) return {};
  if (endpoint ? lo > hi : lo >= hi) {
    const char* message = lo == 0 ? (endpoint ? "high < 0" : "high <= 0") : (endpoint ? "low > high" : "low >= high");
    return Status::error(ErrorKind::ValueError, "%s", message);
  }
  if (Status s = check_count(n); !s.ok()) return s;
  uint64_t rng = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) - (endpoint ? 0 : 1);
  for (int64_t i = 0; i < n; ++i)
    out[i] = static_cast<int64_t>(static_cast<uint64_t>(lo) + detail::bounded_lemire(g.bitgen, rng));
  return {};
}

uint64_t generator_bounded(Generator& g, uint64_t max) { return detail::bounded_lemire(g.bitgen, max); }

uint64_t generator_interval(Generator& g, uint64_t max) { return detail::interval(g.bitgen, max); }

void generator_permutation(Generator& g, int64_t* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = i;
  generator_shuffle(g, out, n);
}

namespace {

void draw_generator_doubles(void* ctx, double* u, int64_t k) {
  auto* g = static_cast<Generator*>(ctx);
  for (int64_t i = 0; i < k; ++i) u[i] = generator_double(*g);
}

// Generator.choice's own shuffle of int64 indices: j in [0, i] by Lemire's method, for i from
// n - 1 down to `first`.
void shuffle_indices(Generator& g, int64_t* data, int64_t n, int64_t first) {
  for (int64_t i = n - 1; i >= first; --i) {
    int64_t j = static_cast<int64_t>(generator_bounded(g, static_cast<uint64_t>(i)));
    std::swap(data[i], data[j]);
  }
}

// Note [Generator.choice without replacement]
// Without p, numpy picks between two algorithms by size: a large share of a large population
// (pop > 10000 and size > pop // 50, or pop // 20 when shuffle=False) shuffles the tail of
// arange(pop) (positions pop - 1 down to max(pop - size, 1)) and takes the last `size`; otherwise
// Floyd's algorithm: for j in [pop - size, pop), draw v in [0, j]; take v unless taken already,
// then j. Both then shuffle the result (positions size - 1 down to 1) when shuffle=True.
Status choice_unique(Generator& g, int64_t pop, bool shuffle, int64_t* out, int64_t n) {
  int64_t cutoff = shuffle ? 50 : 20;
  if (pop > 10000 && n > pop / cutoff) {
    std::vector<int64_t> idx(pop);
    for (int64_t i = 0; i < pop; ++i) idx[i] = i;
    shuffle_indices(g, idx.data(), pop, std::max<int64_t>(pop - n, 1));
    std::copy(idx.end() - n, idx.end(), out);
    return {};
  }
  if (n == 0) return {};
  // An open-addressing set of the values taken, sized to a power of two above 1.2 * n.
  uint64_t mask = detail::mask_of(static_cast<uint64_t>(1.2 * static_cast<double>(n)));
  constexpr uint64_t kEmpty = ~uint64_t{0};
  std::vector<uint64_t> set(mask + 1, kEmpty);
  auto insert = [&](uint64_t v) { // true when v was not there
    uint64_t at = v & mask;
    while (set[at] != kEmpty && set[at] != v) at = (at + 1) & mask;
    if (set[at] == v) return false;
    set[at] = v;
    return true;
  };
  for (int64_t j = pop - n; j < pop; ++j) {
    uint64_t v = generator_bounded(g, static_cast<uint64_t>(j));
    if (!insert(v)) {
      insert(static_cast<uint64_t>(j));
      v = static_cast<uint64_t>(j);
    }
    out[j - pop + n] = static_cast<int64_t>(v);
  }
  if (shuffle) shuffle_indices(g, out, n, 1);
  return {};
}

} // namespace

Status generator_choice(Generator& g, int64_t pop, bool a_is_array, bool replace, const Probabilities* p,
                        bool shuffle, int64_t* out, int64_t n) {
  if (pop <= 0 && n != 0)
    return Status::error(ErrorKind::ValueError, a_is_array ? "a cannot be empty unless no samples are taken"
                                                           : "a must be a positive integer unless no samples are taken");
  if (p)
    if (Status s = detail::check_probabilities(*p, pop, false); !s.ok()) return s;
  try {
    if (replace) {
      if (!p) return generator_integers(g, 0, pop, false, out, n);
      if (Status s = check_count(n); !s.ok()) return s;
      std::vector<double> cdf(p->n);
      detail::make_cdf(p->p, p->n, cdf.data());
      for (int64_t i = 0; i < n; ++i) out[i] = detail::search_cdf(cdf.data(), p->n, generator_double(g));
      return {};
    }
    if (n > pop)
      return Status::error(ErrorKind::ValueError, "Cannot take a larger sample than population when replace is False");
    if (Status s = check_count(n); !s.ok()) return s;
    if (p) return detail::choice_p_unique(*p, out, n, draw_generator_doubles, &g);
    return choice_unique(g, pop, shuffle, out, n);
  } catch (const std::exception&) { // bad_alloc, or length_error of a vector larger than max_size()
    return Status::error(ErrorKind::MemoryError, "cannot allocate choice's scratch for a population of %lld",
                         static_cast<long long>(pop));
  }
}

} // namespace pyscript::random
