// CPython 3.11's `random` module: MT19937 seeded by init_by_array over the seed's words, and the
// Python-level methods (random.py) over random() and getrandbits().
#include "runtime/random/internal.hpp"

#include <cmath>
#include <numbers>

namespace pyscript::random {

namespace {

__extension__ using i128 = __int128;

// Decimal text of a 128-bit int, for CPython's "empty range" message.
const char* int128_text(i128 v, char (&buf)[48]) {
  char* p = buf + sizeof buf - 1;
  *p = '\0';
  bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  do {
    *--p = static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  } while (u != 0);
  if (negative) *--p = '-';
  return p;
}

i128 floor_div(i128 a, i128 b) {
  i128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

__extension__ using u128 = unsigned __int128;

// getrandbits(k) for 0 < k <= 128: 32-bit words, least significant first; the last one shifted
// right to the bits still wanted.
u128 getrandbits_wide(MT19937& mt, int k) {
  u128 v = 0;
  for (int shift = 0; k > 0; shift += 32, k -= 32) {
    uint32_t w = mt_next32(mt);
    if (k < 32) w >>= (32 - k);
    v |= static_cast<u128>(w) << shift;
  }
  return v;
}

// _randbelow_with_getrandbits: k = n.bit_length() bits, again until below n (1 <= n <= 2**127).
u128 randbelow_wide(PyRandom& r, u128 n) {
  if (n == 0) return 0; // CPython would loop for ever; callers pass n >= 1
  int k = 0;
  for (u128 m = n; m != 0; m >>= 1) ++k;
  u128 v;
  do {
    v = getrandbits_wide(r.mt, k);
  } while (v >= n);
  return v;
}

// random.py's randrange with Python ints (all values here fit in 128 bits).
Status randrange(PyRandom& r, i128 start, std::optional<i128> stop, i128 step, int64_t* out) {
  if (!stop) {
    if (step != 1) return Status::error(ErrorKind::TypeError, "Missing a non-None stop argument");
    if (start > 0) {
      *out = static_cast<int64_t>(randbelow_wide(r, static_cast<u128>(start)));
      return {};
    }
    return Status::error(ErrorKind::ValueError, "empty range for randrange()");
  }
  i128 width = *stop - start;
  if (step == 1) {
    if (width > 0) {
      *out = static_cast<int64_t>(start + static_cast<i128>(randbelow_wide(r, static_cast<u128>(width))));
      return {};
    }
    char a[48], b[48], c[48];
    return Status::error(ErrorKind::ValueError, "empty range for randrange() (%s, %s, %s)", int128_text(start, a),
                         int128_text(*stop, b), int128_text(width, c));
  }
  i128 n;
  if (step > 0)
    n = floor_div(width + step - 1, step);
  else if (step < 0)
    n = floor_div(width + step + 1, step);
  else
    return Status::error(ErrorKind::ValueError, "zero step for randrange()");
  if (n <= 0) return Status::error(ErrorKind::ValueError, "empty range for randrange()");
  *out = static_cast<int64_t>(start + step * static_cast<i128>(randbelow_wide(r, static_cast<u128>(n))));
  return {};
}

} // namespace

void py_random_save(const PyRandom& r, uint64_t* words) {
  detail::save_mt(r.mt, r.has_gauss_next, r.gauss_next, words);
}

Status py_random_restore(PyRandom& r, const uint64_t* words) {
  return detail::restore_mt(r.mt, r.has_gauss_next, r.gauss_next, words);
}

// Note [random.seed]
// seed(a) for an int: init_by_array over the 32-bit words of abs(a), least significant first
// (0 is the one word 0). It forgets gauss's cached value.
void py_seed_words(PyRandom& r, const uint32_t* abs_words, size_t n) {
  const uint32_t zero = 0;
  while (n > 1 && abs_words[n - 1] == 0) --n; // no leading zero words
  if (n == 0) abs_words = &zero, n = 1;
  mt_init_by_array(r.mt, abs_words, n);
  r.has_gauss_next = 0;
  r.gauss_next = 0.0;
}

void py_seed(PyRandom& r, int64_t a) {
  uint64_t v = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint32_t words[2] = {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)};
  py_seed_words(r, words, 2);
}

double py_random(PyRandom& r) { return mt_next_double(r.mt); }

Status py_getrandbits(PyRandom& r, int64_t k, uint64_t* out) {
  if (k < 0) return Status::error(ErrorKind::ValueError, "number of bits must be non-negative");
  if (k > 64)
    return Status::error(ErrorKind::OverflowError, "getrandbits(%lld) leaves 64 bits", static_cast<long long>(k));
  *out = k == 0 ? 0 : static_cast<uint64_t>(getrandbits_wide(r.mt, static_cast<int>(k)));
  return {};
}

uint64_t py_randbelow(PyRandom& r, uint64_t n) { return static_cast<uint64_t>(randbelow_wide(r, n)); }

Status py_randrange(PyRandom& r, int64_t start, std::optional<int64_t> stop, int64_t step, int64_t* out) {
  std::optional<i128> wide_stop;
  if (stop) wide_stop = *stop;
  return randrange(r, start, wide_stop, step, out);
}

Status py_randint(PyRandom& r, int64_t a, int64_t b, int64_t* out) {
  return randrange(r, a, static_cast<i128>(b) + 1, 1, out);
}

double py_uniform(PyRandom& r, double a, double b) { return a + (b - a) * py_random(r); }

// Box-Muller, both values: the sine's waits in gauss_next for the next call.
double py_gauss(PyRandom& r, double mu, double sigma) {
  double z;
  if (r.has_gauss_next) {
    z = r.gauss_next;
    r.has_gauss_next = 0;
    r.gauss_next = 0.0;
  } else {
    double x2pi = py_random(r) * (2.0 * std::numbers::pi);
    double g2rad = std::sqrt(-2.0 * std::log(1.0 - py_random(r)));
    z = std::cos(x2pi) * g2rad;
    r.gauss_next = std::sin(x2pi) * g2rad;
    r.has_gauss_next = 1;
  }
  return mu + z * sigma;
}

// Kinderman and Monahan's ratio method, as random.py.
double py_normalvariate(PyRandom& r, double mu, double sigma) {
  const double magic = 4 * std::exp(-0.5) / std::sqrt(2.0);
  double z;
  for (;;) {
    double u1 = py_random(r);
    double u2 = 1.0 - py_random(r);
    z = magic * (u1 - 0.5) / u2;
    double zz = z * z / 4.0;
    if (zz <= -std::log(u2)) break;
  }
  return mu + z * sigma;
}

Status py_expovariate(PyRandom& r, double lambd, double* out) {
  double e = -std::log(1.0 - py_random(r));
  if (lambd == 0) return Status::error(ErrorKind::ZeroDivisionError, "float division by zero");
  *out = e / lambd;
  return {};
}

Status py_choice_index(PyRandom& r, int64_t n, int64_t* out) {
  if (n <= 0) return Status::error(ErrorKind::IndexError, "Cannot choose from an empty sequence");
  *out = static_cast<int64_t>(py_randbelow(r, static_cast<uint64_t>(n)));
  return {};
}

} // namespace pyscript::random
