// numpy's SeedSequence (its hash mixing of the entropy into a pool, and generate_state), and the
// seeding and state words of PCG64 for np.random.default_rng(seed).
#include "runtime/random/internal.hpp"

namespace pyscript::random {

namespace {

constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u;
constexpr uint32_t kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
constexpr uint32_t kMixMultL = 0xca01f9ddu, kMixMultR = 0x4973f715u;
constexpr int kXShift = 16;
constexpr size_t kPoolWords = 4;

uint32_t hashmix(uint32_t value, uint32_t& hash_const) {
  value ^= hash_const;
  hash_const *= kMultA;
  value *= hash_const;
  return value ^ (value >> kXShift);
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t result = kMixMultL * x - kMixMultR * y;
  return result ^ (result >> kXShift);
}

} // namespace

// Note [SeedSequence]
// The entropy words fill the pool through hashmix (a running multiplier); then every pool word is
// mixed into every other, and entropy words beyond the pool into all of them. generate_state
// cycles over the pool with a second running multiplier. default_rng(seed) asks for 4 uint64
// words (8 uint32 words, little-endian pairs): the first two are PCG64's initial state, the last
// two its stream, set as PCG's srandom does (state 0, step, add the initial state, step).
void seed_sequence_pool(const uint32_t* entropy, size_t n_entropy, uint32_t pool[4]) {
  uint32_t hash_const = kInitA;
  for (size_t i = 0; i < kPoolWords; ++i) pool[i] = hashmix(i < n_entropy ? entropy[i] : 0u, hash_const);
  for (size_t src = 0; src < kPoolWords; ++src)
    for (size_t dst = 0; dst < kPoolWords; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hash_const));
  for (size_t src = kPoolWords; src < n_entropy; ++src)
    for (size_t dst = 0; dst < kPoolWords; ++dst) pool[dst] = mix(pool[dst], hashmix(entropy[src], hash_const));
}

void seed_sequence_generate(const uint32_t pool[4], uint32_t* out, size_t n_words) {
  uint32_t hash_const = kInitB;
  for (size_t i = 0; i < n_words; ++i) {
    uint32_t value = pool[i % kPoolWords] ^ hash_const;
    hash_const *= kMultB;
    value *= hash_const;
    out[i] = value ^ (value >> kXShift);
  }
}

void generator_seed_words(Generator& g, const uint32_t* entropy, size_t n_entropy) {
  const uint32_t zero = 0;
  if (n_entropy == 0) entropy = &zero, n_entropy = 1; // the int 0 is one word 0
  uint32_t pool[kPoolWords], w[8];
  seed_sequence_pool(entropy, n_entropy, pool);
  seed_sequence_generate(pool, w, 8);
  auto u64 = [&](int k) { return static_cast<uint64_t>(w[2 * k]) | static_cast<uint64_t>(w[2 * k + 1]) << 32; };
  PCG64& p = g.bitgen;
  uint64_t init_hi = u64(0), init_lo = u64(1), seq_hi = u64(2), seq_lo = u64(3);
  p.inc_hi = seq_hi << 1 | seq_lo >> 63;
  p.inc_lo = seq_lo << 1 | 1u;
  p.state_hi = p.state_lo = 0;
  p.has_uint32 = p.uinteger = 0;
  pcg64_next64(p);
  __extension__ using u128 = unsigned __int128;
  u128 s = ((u128{p.state_hi} << 64) | p.state_lo) + ((u128{init_hi} << 64) | init_lo);
  p.state_hi = static_cast<uint64_t>(s >> 64);
  p.state_lo = static_cast<uint64_t>(s);
  pcg64_next64(p);
}

Status generator_seed(Generator& g, int64_t seed) {
  if (seed < 0) return Status::error(ErrorKind::ValueError, "expected non-negative integer");
  uint64_t v = static_cast<uint64_t>(seed);
  uint32_t words[2] = {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)};
  generator_seed_words(g, words, words[1] ? 2 : 1);
  return {};
}

void generator_save(const Generator& g, uint64_t* words) {
  const PCG64& p = g.bitgen;
  words[0] = p.state_hi;
  words[1] = p.state_lo;
  words[2] = p.inc_hi;
  words[3] = p.inc_lo;
  words[4] = p.has_uint32;
  words[5] = p.uinteger;
}

Status generator_restore(Generator& g, const uint64_t* words) {
  if ((words[3] & 1u) == 0 || words[4] > 1 || words[5] > 0xffffffffu)
    return Status::error(ErrorKind::ValueError, "corrupt PCG64 state");
  PCG64& p = g.bitgen;
  p.state_hi = words[0];
  p.state_lo = words[1];
  p.inc_hi = words[2];
  p.inc_lo = words[3];
  p.has_uint32 = static_cast<uint32_t>(words[4]);
  p.uinteger = static_cast<uint32_t>(words[5]);
  return {};
}

} // namespace pyscript::random
