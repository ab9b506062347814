// Internal to runtime/random/: state words, numpy's bounded-integer draws and choice's helpers.
// The bounded draws are written once for any bit generator B
// with next32(B&) and next64(B&) (MT19937 for the legacy RandomState, PCG64 for Generator).
#pragma once

#include "runtime/random/random.hpp"

namespace pyscript::random::detail {

inline uint32_t next32(MT19937& mt) { return mt_next32(mt); }
inline uint64_t next64(MT19937& mt) { return mt_next64(mt); }
inline uint32_t next32(PCG64& p) { return pcg64_next32(p); }
inline uint64_t next64(PCG64& p) { return pcg64_next64(p); }

// The layout shared by the legacy state and CPython's: key[624], pos, has_gauss, bits of gauss.
void save_mt(const MT19937& mt, int32_t has_gauss, double gauss, uint64_t* words);
Status restore_mt(MT19937& mt, int32_t& has_gauss, double& gauss, const uint64_t* words);

// The element count check of numpy's output arrays.
inline Status check_count(int64_t n) {
  if (n < 0) return Status::error(ErrorKind::ValueError, "negative dimensions are not allowed");
  return {};
}

// The smallest all-ones mask covering max.
inline uint64_t mask_of(uint64_t max) {
  uint64_t m = max;
  m |= m >> 1;
  m |= m >> 2;
  m |= m >> 4;
  m |= m >> 8;
  m |= m >> 16;
  m |= m >> 32;
  return m;
}

// Note [numpy's bounded integers]
// A draw in [off, off + rng] (rng inclusive):
//  - rng == 0 draws nothing; rng == 2**32 - 1 is one 32-bit word; rng == 2**64 - 1 one 64-bit word.
//  - otherwise rng < 2**32 draws 32-bit words, larger ranges 64-bit words;
//  - the legacy RandomState rejects masked draws (draw & mask(rng) until <= rng); Generator uses
//    Lemire's multiply-shift: m = draw * (rng + 1); accept unless the low half is below
//    (2**W - (rng + 1)) % (rng + 1), tested only when the low half is below rng + 1.
// shuffle and permutation draw j in [0, i] with masked rejection in both (random_interval), 32-bit
// words while i < 2**32.
template <class B> uint64_t interval(B& b, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = mask_of(max), value;
  if (max <= 0xffffffffu) {
    while ((value = (next32(b) & mask)) > max) {}
  } else {
    while ((value = (next64(b) & mask)) > max) {}
  }
  return value;
}

template <class B> uint64_t bounded_masked(B& b, uint64_t rng) {
  if (rng == 0) return 0;
  if (rng == 0xffffffffu) return next32(b);
  if (rng == ~uint64_t{0}) return next64(b);
  return interval(b, rng);
}

template <class B> uint64_t bounded_lemire(B& b, uint64_t rng) {
  if (rng == 0) return 0;
  if (rng < 0xffffffffu) {
    uint32_t excl = static_cast<uint32_t>(rng) + 1;
    uint64_t m = static_cast<uint64_t>(next32(b)) * excl;
    uint32_t left = static_cast<uint32_t>(m);
    if (left < excl) {
      uint32_t threshold = static_cast<uint32_t>(-excl) % excl;
      while (left < threshold) {
        m = static_cast<uint64_t>(next32(b)) * excl;
        left = static_cast<uint32_t>(m);
      }
    }
    return m >> 32;
  }
  if (rng == 0xffffffffu) return next32(b);
  if (rng == ~uint64_t{0}) return next64(b);
  uint64_t excl = rng + 1;
  unsigned __int128 m = static_cast<unsigned __int128>(next64(b)) * excl;
  uint64_t left = static_cast<uint64_t>(m);
  if (left < excl) {
    uint64_t threshold = (0 - excl) % excl;
    while (left < threshold) {
      m = static_cast<unsigned __int128>(next64(b)) * excl;
      left = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

// Shared by legacy and Generator choice: the checks on p in numpy's order (its length, Kahan's sum
// of p is not NaN, no negative entry, the sum within sqrt(eps) of 1). `quoted` gives the legacy
// wording ('a' and 'p' in quotes).
Status check_probabilities(const Probabilities& p, int64_t pop, bool quoted);

// cumsum(p) / its last element, in numpy's order of additions; `cdf` has p.n elements.
void make_cdf(const double* p, int64_t n, double* cdf);
// searchsorted(cdf, u, side='right'): the number of elements <= u.
int64_t search_cdf(const double* cdf, int64_t n, double u);

// choice(..., p, replace=False): numpy's rounds (Note [choice without replacement, with p]);
// draw(ctx, u, k) fills u with the next k uniform doubles of the generator.
using DrawDoubles = void (*)(void* ctx, double* u, int64_t k);
Status choice_p_unique(const Probabilities& p, int64_t* out, int64_t n, DrawDoubles draw, void* ctx);

} // namespace pyscript::random::detail
