// The ziggurat draws of numpy's Generator: standard_normal (256 layers over 52-bit magnitudes) and
// standard_exponential (256 layers over 53 bits), with their tables.
#include "runtime/random/internal.hpp"
#include "runtime/random/ziggurat_tables.hpp"

#include <cmath>

namespace pyscript::random {

namespace {

// Note [Ziggurat tables]
// Marsaglia and Tsang's ziggurat ("The Ziggurat Method for Generating Random Variables", 2000)
// with 256 layers: layer 0 is the base with the tail beyond r, layer 255 has its edge at r, each
// layer above has the same area v, edges x[i] from x[i+1] by v = x[i+1] * (f(x[i]) - f(x[i+1]));
// k[i] = x[i-1] / x[i] scaled to the magnitude's bits, k[1] = 0 (the top layer always tests its
// wedge). Computed from the published r and v, such tables differ from numpy's in the last bits:
// numpy's were computed with a v of its own (about 4.928673233974650e-3 for the normal, not the
// published 4.92867323399e-3) in double precision on another libm (the normal: 4 edges and the base off by
// ulps even with that v) and in higher precision (the exponential: its f[i] are exp(-x) of
// unrounded edges, 114 of them an ulp or more from exp of the rounded x[i]). So the tables are
// numpy's own, measured: ziggurat_tables.cpp is written by tests/random/ziggurat_probe.py, which runs
// numpy's Generator over scripted 64-bit words: w[i] and k[i] exactly (a draw returns w[i] for
// magnitude 1; k[i] is where a magnitude stops being accepted with one word), f[i] as the doubles
// that make numpy's wedge test decide as numpy does at 5 points per layer (for the exponential
// these are exactly exp(-x) of a quad-precision chain). tests/random/check.py probes numpy again
// and compares the harness's tables.
constexpr double kNormalR = 3.6541528853610087963519472518; // the tail's start, as numpy's
constexpr double kNormalInvR = 0.27366123732975827203338247596;
constexpr double kExpR = 7.6971174701310497140446280481;

const detail::ZigguratTables& normal_tables() { return detail::kNormalTables; }
const detail::ZigguratTables& exponential_tables() { return detail::kExponentialTables; }

} // namespace

void generator_ziggurat_tables(bool exponential, const uint64_t** k, const double** w, const double** f) {
  const detail::ZigguratTables& t = exponential ? exponential_tables() : normal_tables();
  *k = t.k;
  *w = t.w;
  *f = t.f;
}

double generator_double(Generator& g) {
  return static_cast<double>(pcg64_next64(g.bitgen) >> 11) * (1.0 / 9007199254740992.0);
}

// Low 8 bits: the layer; next bit: the sign; next 52: the magnitude.
double generator_standard_normal1(Generator& g) {
  const detail::ZigguratTables& t = normal_tables();
  for (;;) {
    uint64_t r = pcg64_next64(g.bitgen);
    int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    uint64_t sign = r & 1u;
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffu;
    double x = static_cast<double>(rabs) * t.w[idx];
    if (sign) x = -x;
    if (rabs < t.k[idx]) return x;
    if (idx == 0) { // the tail beyond r (Marsaglia's method)
      for (;;) {
        double xx = -kNormalInvR * std::log1p(-generator_double(g));
        double yy = -std::log1p(-generator_double(g));
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1u) ? -(kNormalR + xx) : kNormalR + xx;
      }
    }
    if ((t.f[idx - 1] - t.f[idx]) * generator_double(g) + t.f[idx] < std::exp(-0.5 * x * x)) return x;
  }
}

// Bits 3..10: the layer; the top 53 bits: the magnitude.
double generator_standard_exponential1(Generator& g) {
  const detail::ZigguratTables& t = exponential_tables();
  for (;;) {
    uint64_t r = pcg64_next64(g.bitgen) >> 3;
    int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    double x = static_cast<double>(r) * t.w[idx];
    if (r < t.k[idx]) return x;
    if (idx == 0) return kExpR - std::log1p(-generator_double(g));
    if ((t.f[idx - 1] - t.f[idx]) * generator_double(g) + t.f[idx] < std::exp(-x)) return x;
  }
}

} // namespace pyscript::random
