// Prints runtime/random's streams for the calls named on stdin, one result line per call, for
// tests/random/check.py to compare with numpy and CPython. A line is `FAMILY CALL ARGS...`:
// FAMILY L (legacy RandomState), G (Generator), P (CPython's random), X (all states), Z (tables);
// doubles print as the hex of their bits, ints in decimal, errors as `ERR Kind: message`.
#include "runtime/random/random.hpp"

#include <cinttypes>
#include <iostream>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

using namespace pyscript::random;

namespace {

LegacyRandomState legacy;
Generator gen;
PyRandom py;

const char* kind_name(ErrorKind k) {
  switch (k) {
  case ErrorKind::ValueError: return "ValueError";
  case ErrorKind::IndexError: return "IndexError";
  case ErrorKind::TypeError: return "TypeError";
  case ErrorKind::OverflowError: return "OverflowError";
  case ErrorKind::MemoryError: return "MemoryError";
  case ErrorKind::ZeroDivisionError: return "ZeroDivisionError";
  default: return "None";
  }
}

std::string out;

void put_error(const Status& s) { out += std::string("ERR ") + kind_name(s.kind) + ": " + s.message; }

void put_doubles(const Status& s, const std::vector<double>& v) {
  if (!s.ok()) return put_error(s);
  char buf[24];
  for (size_t i = 0; i < v.size(); ++i) {
    uint64_t bits;
    std::memcpy(&bits, &v[i], 8);
    std::snprintf(buf, sizeof buf, i ? " %016" PRIx64 : "%016" PRIx64, bits);
    out += buf;
  }
}

void put_ints(const Status& s, const std::vector<int64_t>& v) {
  if (!s.ok()) return put_error(s);
  char buf[24];
  for (size_t i = 0; i < v.size(); ++i) {
    std::snprintf(buf, sizeof buf, i ? " %" PRId64 : "%" PRId64, v[i]);
    out += buf;
  }
}

struct Args {
  std::istringstream in;
  int64_t i() {
    std::string t;
    in >> t;
    return std::strtoll(t.c_str(), nullptr, 10);
  }
  uint64_t u() {
    std::string t;
    in >> t;
    return std::strtoull(t.c_str(), nullptr, 10);
  }
  double d() {
    std::string t;
    in >> t;
    return std::strtod(t.c_str(), nullptr);
  }
  std::optional<int64_t> opt() { // "None" or an int
    std::string t;
    in >> t;
    if (t == "None") return std::nullopt;
    return std::strtoll(t.c_str(), nullptr, 10);
  }
  std::vector<double> rest_doubles() {
    std::vector<double> v;
    std::string t;
    while (in >> t) v.push_back(std::strtod(t.c_str(), nullptr));
    return v;
  }
  std::vector<uint32_t> rest_words() {
    std::vector<uint32_t> v;
    std::string t;
    while (in >> t) v.push_back(static_cast<uint32_t>(std::strtoull(t.c_str(), nullptr, 10)));
    return v;
  }
};

size_t count_of(int64_t n) { return n > 0 ? static_cast<size_t>(n) : 0; }

// choice arguments: pop is_array replace [shuffle] n pmode [p...]; pmode: - (no p), d (float64), f (float32).
Status choice(bool generator, Args& a, std::vector<int64_t>& v) {
  int64_t pop = a.i();
  bool is_array = a.i(), replace = a.i(), shuffle = generator ? a.i() : true;
  int64_t n = a.i();
  std::string pmode;
  a.in >> pmode;
  std::vector<double> pv = a.rest_doubles();
  Probabilities p{pv.data(), static_cast<int64_t>(pv.size()), pmode == "f"};
  v.assign(count_of(n), 0);
  const Probabilities* pp = pmode == "-" ? nullptr : &p;
  return generator ? generator_choice(gen, pop, is_array, replace, pp, shuffle, v.data(), n)
                   : legacy_choice(legacy, pop, is_array, replace, pp, v.data(), n);
}

void legacy_call(const std::string& call, Args& a) {
  std::vector<double> d;
  std::vector<int64_t> v;
  auto doubles = [&](int64_t n) -> double* { d.assign(count_of(n), 0.0); return d.data(); };
  auto ints = [&](int64_t n) -> int64_t* { v.assign(count_of(n), 0); return v.data(); };
  if (call == "seed") {
    Status s = legacy_seed(legacy, a.i());
    return s.ok() ? void(out += "ok") : put_error(s);
  }
  if (call == "seedarr") {
    std::vector<int64_t> w;
    for (uint32_t x : a.rest_words()) w.push_back(x);
    Status s = legacy_seed_array(legacy, w.data(), static_cast<int64_t>(w.size()));
    return s.ok() ? void(out += "ok") : put_error(s);
  }
  int64_t n;
  if (call == "rand") return n = a.i(), put_doubles(legacy_random_sample(legacy, doubles(n), n), d);
  if (call == "randn") return n = a.i(), put_doubles(legacy_standard_normal(legacy, doubles(n), n), d);
  if (call == "sexp") return n = a.i(), put_doubles(legacy_standard_exponential(legacy, doubles(n), n), d);
  if (call == "normal" || call == "uniform") {
    double x = a.d(), y = a.d();
    n = a.i();
    Status s = call == "normal" ? legacy_normal(legacy, x, y, doubles(n), n) : legacy_uniform(legacy, x, y, doubles(n), n);
    return put_doubles(s, d);
  }
  if (call == "exp") {
    double scale = a.d();
    n = a.i();
    return put_doubles(legacy_exponential(legacy, scale, doubles(n), n), d);
  }
  if (call == "randint") {
    int64_t low = a.i();
    std::optional<int64_t> high = a.opt();
    n = a.i();
    return put_ints(legacy_randint(legacy, low, high, ints(n), n), v);
  }
  if (call == "perm") {
    n = a.i();
    legacy_permutation(legacy, ints(n), n);
    return put_ints({}, v);
  }
  if (call == "choice") {
    Status s = choice(false, a, v);
    return put_ints(s, v);
  }
  out += "unknown call " + call;
}

void generator_call(const std::string& call, Args& a) {
  std::vector<double> d;
  std::vector<int64_t> v;
  auto doubles = [&](int64_t n) -> double* { d.assign(count_of(n), 0.0); return d.data(); };
  auto ints = [&](int64_t n) -> int64_t* { v.assign(count_of(n), 0); return v.data(); };
  if (call == "seed") {
    Status s = generator_seed(gen, a.i());
    return s.ok() ? void(out += "ok") : put_error(s);
  }
  if (call == "seedw") {
    std::vector<uint32_t> w = a.rest_words();
    generator_seed_words(gen, w.data(), w.size());
    out += "ok";
    return;
  }
  int64_t n;
  if (call == "random") return n = a.i(), put_doubles(generator_random(gen, doubles(n), n), d);
  if (call == "random32") { // widened to doubles, exactly
    n = a.i();
    std::vector<float> f(count_of(n));
    Status s = generator_random_f32(gen, f.data(), n);
    d.assign(f.begin(), f.end());
    return put_doubles(s, d);
  }
  if (call == "snormal") return n = a.i(), put_doubles(generator_standard_normal(gen, doubles(n), n), d);
  if (call == "sexp") return n = a.i(), put_doubles(generator_standard_exponential(gen, doubles(n), n), d);
  if (call == "normal" || call == "uniform") {
    double x = a.d(), y = a.d();
    n = a.i();
    Status s = call == "normal" ? generator_normal(gen, x, y, doubles(n), n) : generator_uniform(gen, x, y, doubles(n), n);
    return put_doubles(s, d);
  }
  if (call == "exp") {
    double scale = a.d();
    n = a.i();
    return put_doubles(generator_exponential(gen, scale, doubles(n), n), d);
  }
  if (call == "integers") {
    int64_t low = a.i();
    std::optional<int64_t> high = a.opt();
    bool endpoint = a.i();
    n = a.i();
    return put_ints(generator_integers(gen, low, high, endpoint, ints(n), n), v);
  }
  if (call == "perm") {
    n = a.i();
    generator_permutation(gen, ints(n), n);
    return put_ints({}, v);
  }
  if (call == "choice") {
    Status s = choice(true, a, v);
    return put_ints(s, v);
  }
  out += "unknown call " + call;
}

void py_call(const std::string& call, Args& a) {
  char buf[48];
  auto put_double = [&](double x) {
    uint64_t bits;
    std::memcpy(&bits, &x, 8);
    std::snprintf(buf, sizeof buf, "%016" PRIx64, bits);
    out += buf;
  };
  auto put_int = [&](const Status& s, int64_t x) {
    if (!s.ok()) return put_error(s);
    std::snprintf(buf, sizeof buf, "%" PRId64, x);
    out += buf;
  };
  if (call == "seed") return py_seed(py, a.i()), void(out += "ok");
  if (call == "seedw") {
    std::vector<uint32_t> w = a.rest_words();
    py_seed_words(py, w.data(), w.size());
    out += "ok";
    return;
  }
  if (call == "random") return put_double(py_random(py));
  if (call == "getrandbits") {
    uint64_t x = 0;
    Status s = py_getrandbits(py, a.i(), &x);
    if (!s.ok()) return put_error(s);
    std::snprintf(buf, sizeof buf, "%" PRIu64, x);
    out += buf;
    return;
  }
  int64_t x = 0;
  if (call == "randrange") {
    int64_t start = a.i();
    std::optional<int64_t> stop = a.opt();
    int64_t step = a.i();
    Status s = py_randrange(py, start, stop, step, &x);
    return put_int(s, x);
  }
  if (call == "randint") {
    int64_t lo = a.i(), hi = a.i();
    Status s = py_randint(py, lo, hi, &x);
    return put_int(s, x);
  }
  if (call == "choice") {
    Status s = py_choice_index(py, a.i(), &x);
    return put_int(s, x);
  }
  if (call == "uniform" || call == "gauss" || call == "normalvariate") {
    double p = a.d(), q = a.d();
    return put_double(call == "uniform" ? py_uniform(py, p, q)
                      : call == "gauss" ? py_gauss(py, p, q)
                                        : py_normalvariate(py, p, q));
  }
  if (call == "expovariate") {
    double y = 0;
    Status s = py_expovariate(py, a.d(), &y);
    return s.ok() ? put_double(y) : put_error(s);
  }
  if (call == "shuffle") {
    int64_t n = a.i();
    std::vector<int64_t> v(count_of(n));
    for (int64_t i = 0; i < n; ++i) v[i] = i;
    py_shuffle(py, v.data(), n);
    return put_ints({}, v);
  }
  out += "unknown call " + call;
}

// "Z normal" / "Z exponential": the ziggurat tables, k in decimal, then w and f as bits.
void ziggurat_tables(const std::string& which) {
  const uint64_t* k;
  const double *w, *f;
  generator_ziggurat_tables(which == "exponential", &k, &w, &f);
  std::vector<int64_t> ks(k, k + 256);
  put_ints({}, ks);
  out += ' ';
  put_doubles({}, std::vector<double>(w, w + 256));
  out += ' ';
  put_doubles({}, std::vector<double>(f, f + 256));
}

// Saves every state to words and restores it: the streams must go on unchanged.
void round_trip() {
  uint64_t lw[kLegacyStateWords], gw[kGeneratorStateWords], pw[kPyRandomStateWords];
  legacy_save(legacy, lw);
  generator_save(gen, gw);
  py_random_save(py, pw);
  legacy = {};
  gen = {};
  py = {};
  bool ok = legacy_restore(legacy, lw).ok() && generator_restore(gen, gw).ok() && py_random_restore(py, pw).ok();
  out += ok ? "ok" : "restore failed";
}

} // namespace

int main() {
  legacy_seed(legacy, 0);
  generator_seed(gen, 0);
  py_seed(py, 0);
  std::string line;
  while (std::getline(std::cin, line)) {
    Args a;
    a.in.str(line);
    std::string family, call;
    a.in >> family >> call;
    out.clear();
    if (family == "L") legacy_call(call, a);
    else if (family == "G") generator_call(call, a);
    else if (family == "P") py_call(call, a);
    else if (family == "X") round_trip();
    else if (family == "Z") ziggurat_tables(call);
    else out = "unknown family " + family;
    out += '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  return 0;
}
