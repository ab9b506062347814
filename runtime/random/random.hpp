// numpy's and CPython's random streams, bit for bit (numpy 1.24, CPython 3.11):
//  - numpy's legacy RandomState (np.random.seed, rand, randn, randint, choice, ...): MT19937;
//  - numpy's Generator (np.random.default_rng(seed)): SeedSequence and PCG64;
//  - CPython's `random` module: MT19937 seeded its own way.
//
// States are plain, copyable structs; *_save/*_restore turn them into a flat array of uint64 words
// (doubles as their bits) for an exported artifact. Functions that fill arrays take the state, the
// arguments and a caller-provided buffer of n values, and return a Status: ok, or the exception
// numpy / CPython raises there (kind and exact message). Nothing allocates per value; choice without
// replacement and choice with p allocate scratch once per call, as numpy does.
//
// n is the element count of the requested shape (size=None counts as 1); a negative n stands for a
// shape with a negative dimension ("negative dimensions are not allowed" where numpy checks it).
// Where numpy checks arguments before the shape, so do these functions (randint(5, 5, size=-1) is
// "low >= high"; randint(5, 5, size=0) is an empty array, no error).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace pyscript::random {

enum class ErrorKind : int32_t { None = 0, ValueError, IndexError, TypeError, OverflowError, MemoryError,
                                ZeroDivisionError };

struct Status {
  ErrorKind kind = ErrorKind::None;
  char message[120] = {}; // CPython's / numpy's message, without the "ValueError: " prefix

  bool ok() const { return kind == ErrorKind::None; }
  static Status error(ErrorKind kind, const char* format, ...) __attribute__((format(printf, 2, 3)));
};

// ---------------------------------------------------------------------------------------------
// MT19937 (Matsumoto and Nishimura), shared by the legacy RandomState and CPython's random.

inline constexpr int kMTWords = 624;

struct MT19937 {
  uint32_t key[kMTWords];
  int32_t pos; // next word of key to temper; kMTWords: regenerate first
};

// The reference seeding routines: init_genrand (one 32-bit seed) and init_by_array.
void mt_init_genrand(MT19937& mt, uint32_t seed);
void mt_init_by_array(MT19937& mt, const uint32_t* init_key, size_t key_length);
void mt_regenerate(MT19937& mt); // the next 624 words; pos = 0

inline uint32_t mt_next32(MT19937& mt) {
  if (mt.pos >= kMTWords) mt_regenerate(mt);
  uint32_t y = mt.key[mt.pos++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}
// numpy's 64-bit draw from MT19937: the first word is the high half.
inline uint64_t mt_next64(MT19937& mt) {
  uint64_t hi = mt_next32(mt);
  return hi << 32 | mt_next32(mt);
}
// 53 random bits in [0, 1): (a >> 5, b >> 6) of two words; numpy's random_sample and CPython's
// random() alike.
inline double mt_next_double(MT19937& mt) {
  int32_t a = static_cast<int32_t>(mt_next32(mt) >> 5), b = static_cast<int32_t>(mt_next32(mt) >> 6);
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

// ---------------------------------------------------------------------------------------------
// numpy's legacy RandomState (np.random.*). Note [Legacy Gaussian cache]: the polar method makes two
// normals per accepted pair; the second waits in `gauss` for the next Gaussian draw of any legacy
// function (randn, normal, standard_normal), so it is part of the state.

struct LegacyRandomState {
  MT19937 mt;
  int32_t has_gauss;
  double gauss;
};

inline constexpr size_t kLegacyStateWords = kMTWords + 3; // key, pos, has_gauss, bits of gauss
void legacy_save(const LegacyRandomState& st, uint64_t* words);
Status legacy_restore(LegacyRandomState& st, const uint64_t* words);

// np.random.seed(seed): init_genrand; 0 <= seed < 2**32 ("Seed must be between 0 and 2**32 - 1").
Status legacy_seed(LegacyRandomState& st, int64_t seed);
// np.random.seed([w0, w1, ...]): init_by_array over the words (each 0 <= w < 2**32, n >= 1).
Status legacy_seed_array(LegacyRandomState& st, const int64_t* words, int64_t n);

double legacy_double(LegacyRandomState& st); // random_sample()
double legacy_gauss(LegacyRandomState& st);  // standard_normal()

// rand / random / random_sample / ranf / sample
Status legacy_random_sample(LegacyRandomState& st, double* out, int64_t n);
Status legacy_standard_normal(LegacyRandomState& st, double* out, int64_t n); // randn
Status legacy_normal(LegacyRandomState& st, double loc, double scale, double* out, int64_t n);
Status legacy_uniform(LegacyRandomState& st, double low, double high, double* out, int64_t n);
Status legacy_standard_exponential(LegacyRandomState& st, double* out, int64_t n);
Status legacy_exponential(LegacyRandomState& st, double scale, double* out, int64_t n);
// randint(low, high) with the default dtype int64: [low, high); randint(h) is low = h, high = nullopt.
Status legacy_randint(LegacyRandomState& st, int64_t low, std::optional<int64_t> high, int64_t* out, int64_t n);

// A uniform integer in [0, max] by masked rejection: the draw of shuffle and permutation.
uint64_t legacy_interval(LegacyRandomState& st, uint64_t max);

// permutation(n): arange(n) shuffled (n < 0 gives an empty result, as numpy). permutation(a) and
// shuffle(a) of an array of n rows are a[perm] with perm = legacy_permutation(n): the same draws.
void legacy_permutation(LegacyRandomState& st, int64_t* out, int64_t n);
template <class T> void legacy_shuffle(LegacyRandomState& st, T* data, int64_t n) {
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = static_cast<int64_t>(legacy_interval(st, static_cast<uint64_t>(i)));
    T t = data[i];
    data[i] = data[j];
    data[j] = t;
  }
}

// Probabilities for choice(..., p=p): n doubles; float32 when p is a float32 array (numpy then
// accepts a sum off by up to sqrt(float32 eps)).
struct Probabilities {
  const double* p = nullptr;
  int64_t n = 0;
  bool float32 = false;
};

// choice(a, size, replace, p): indices into the population (a itself when a is an int: pass
// a_is_array = false; a 1-D array a gives a[index], with pop = len(a)); p may be null.
Status legacy_choice(LegacyRandomState& st, int64_t pop, bool a_is_array, bool replace, const Probabilities* p,
                     int64_t* out, int64_t n);

// ---------------------------------------------------------------------------------------------
// numpy's Generator with PCG64 (np.random.default_rng(seed)).

struct PCG64 {
  uint64_t state_hi, state_lo; // the 128-bit LCG state
  uint64_t inc_hi, inc_lo;     // the increment (odd)
  uint32_t has_uint32;         // a buffered high half from the last 64-bit draw (next32 uses halves)
  uint32_t uinteger;
};

struct Generator {
  PCG64 bitgen;
};

inline constexpr size_t kGeneratorStateWords = 6;
void generator_save(const Generator& g, uint64_t* words);
Status generator_restore(Generator& g, const uint64_t* words);

// SeedSequence(entropy).generate_state: entropy is the integer's 32-bit words, least significant
// first (0 is one word 0); the pool has 4 words; out gets n_words words.
void seed_sequence_pool(const uint32_t* entropy, size_t n_entropy, uint32_t pool[4]);
void seed_sequence_generate(const uint32_t pool[4], uint32_t* out, size_t n_words);

// default_rng(seed) for seed >= 0 ("expected non-negative integer"); _words for larger ints.
Status generator_seed(Generator& g, int64_t seed);
void generator_seed_words(Generator& g, const uint32_t* entropy, size_t n_entropy);

// One step of the LCG, then the output of the new state: XSL-RR (high ^ low, rotated right by the
// top 6 bits).
inline uint64_t pcg64_next64(PCG64& p) {
  __extension__ using u128 = unsigned __int128;
  constexpr u128 kMult = (u128{0x2360ed051fc65da4u} << 64) | 0x4385df649fccf645u;
  u128 s = ((u128{p.state_hi} << 64) | p.state_lo) * kMult + ((u128{p.inc_hi} << 64) | p.inc_lo);
  p.state_hi = static_cast<uint64_t>(s >> 64);
  p.state_lo = static_cast<uint64_t>(s);
  uint64_t x = p.state_hi ^ p.state_lo;
  unsigned rot = static_cast<unsigned>(p.state_hi >> 58);
  return (x >> rot) | (x << ((64 - rot) & 63));
}
// 32-bit draws use both halves of a 64-bit draw: the low half first, the high half buffered.
inline uint32_t pcg64_next32(PCG64& p) {
  if (p.has_uint32) {
    p.has_uint32 = 0;
    return p.uinteger;
  }
  uint64_t x = pcg64_next64(p);
  p.has_uint32 = 1;
  p.uinteger = static_cast<uint32_t>(x >> 32);
  return static_cast<uint32_t>(x);
}
double generator_double(Generator& g);          // random()
double generator_standard_normal1(Generator& g); // one ziggurat draw
double generator_standard_exponential1(Generator& g);

// The ziggurat tables in use (k, w, f: 256 each), for tests/random/check.py to compare with numpy's.
void generator_ziggurat_tables(bool exponential, const uint64_t** k, const double** w, const double** f);

Status generator_random(Generator& g, double* out, int64_t n);
// random(dtype=np.float32): the top 24 bits of a 32-bit draw, times 2**-24 (numpy's next_float).
Status generator_random_f32(Generator& g, float* out, int64_t n);
Status generator_standard_normal(Generator& g, double* out, int64_t n);
Status generator_normal(Generator& g, double loc, double scale, double* out, int64_t n);
Status generator_uniform(Generator& g, double low, double high, double* out, int64_t n);
Status generator_standard_exponential(Generator& g, double* out, int64_t n);
Status generator_exponential(Generator& g, double scale, double* out, int64_t n);
// integers(low, high, endpoint=...) with dtype int64; integers(h) is low = h, high = nullopt.
Status generator_integers(Generator& g, int64_t low, std::optional<int64_t> high, bool endpoint, int64_t* out,
                          int64_t n);
// A uniform integer in [0, max], Lemire's method (random_bounded_uint64 with rng = max).
uint64_t generator_bounded(Generator& g, uint64_t max);
// A uniform integer in [0, max] by masked rejection: the draw of Generator.shuffle / permutation.
uint64_t generator_interval(Generator& g, uint64_t max);

void generator_permutation(Generator& g, int64_t* out, int64_t n);
template <class T> void generator_shuffle(Generator& g, T* data, int64_t n) {
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = static_cast<int64_t>(generator_interval(g, static_cast<uint64_t>(i)));
    T t = data[i];
    data[i] = data[j];
    data[j] = t;
  }
}
// choice(a, size, replace, p, shuffle): as legacy_choice; `shuffle` is Generator.choice's argument.
Status generator_choice(Generator& g, int64_t pop, bool a_is_array, bool replace, const Probabilities* p,
                        bool shuffle, int64_t* out, int64_t n);

// ---------------------------------------------------------------------------------------------
// CPython's `random` module (the hidden Random instance; random.Random(seed) alike).

struct PyRandom {
  MT19937 mt;
  int32_t has_gauss_next; // random.gauss's cached second value
  double gauss_next;
};

inline constexpr size_t kPyRandomStateWords = kMTWords + 3;
void py_random_save(const PyRandom& r, uint64_t* words);
Status py_random_restore(PyRandom& r, const uint64_t* words);

// seed(a) for an int a: init_by_array over the 32-bit words of abs(a), least significant first.
void py_seed(PyRandom& r, int64_t a);
void py_seed_words(PyRandom& r, const uint32_t* abs_words, size_t n); // abs(a) as words

double py_random(PyRandom& r);
// getrandbits(k) for 0 <= k <= 64 (k < 0: "number of bits must be non-negative").
Status py_getrandbits(PyRandom& r, int64_t k, uint64_t* out);
uint64_t py_randbelow(PyRandom& r, uint64_t n); // n >= 1; with getrandbits(n.bit_length())
// randrange(start), randrange(start, stop[, step]); randint(a, b) = randrange(a, b + 1).
Status py_randrange(PyRandom& r, int64_t start, std::optional<int64_t> stop, int64_t step, int64_t* out);
Status py_randint(PyRandom& r, int64_t a, int64_t b, int64_t* out);
double py_uniform(PyRandom& r, double a, double b);
double py_gauss(PyRandom& r, double mu, double sigma);
double py_normalvariate(PyRandom& r, double mu, double sigma);
// expovariate draws before it divides: lambd == 0 advances the state, then "float division by zero".
Status py_expovariate(PyRandom& r, double lambd, double* out);
// choice(seq): the index into seq (len n); "Cannot choose from an empty sequence" (IndexError).
Status py_choice_index(PyRandom& r, int64_t n, int64_t* out);
template <class T> void py_shuffle(PyRandom& r, T* data, int64_t n) {
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = static_cast<int64_t>(py_randbelow(r, static_cast<uint64_t>(i) + 1));
    T t = data[i];
    data[i] = data[j];
    data[j] = t;
  }
}

} // namespace pyscript::random
