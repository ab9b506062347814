// np.random for compiled code (include/pyscript/runtime_random.h): the module's legacy
// RandomState, Generator objects, and the draws, which runtime/random/ computes bit for bit as
// numpy 1.24 does.
#include "pyscript/runtime.h"
#include "runtime/array_internal.hpp"
#include "runtime/module_state.hpp"
#include "runtime/random/random.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>
#include <random>
#include <thread>
#include <vector>

// Note [Random state]
// Who owns which state, and who may touch it:
//  - The legacy RandomState (np.random.seed, rand, randn, randint, uniform, normal, choice,
//    permutation, ...) belongs to the module instance, as numpy's global RandomState belongs to
//    its process: generated code defines one zeroed global of PYRT_RANDOM_LEGACY_WORDS words per
//    module (codegen/emit_random.cpp, "pyscript.random.legacy"; the later specializations a host
//    asks for link to the first module's), and passes its address to every legacy draw. Two
//    modules compiled from one file have two states. All zero means unseeded: np.random.seed
//    seeds it, and a draw before any seed seeds it from the OS (std::random_device), as numpy
//    seeds at import, so such a program's numbers differ from run to run, as under numpy.
//  - Threads: a host may call the module's functions from many threads (Note [Threads] in
//    api/module.cpp), so every use of the legacy state holds its spin lock for the whole call
//    (one atomic exchange when nobody else draws). Draws of two threads at once take disjoint
//    parts of the one stream, in the order the scheduler gives them, as under numpy's lock.
//  - A Generator (np.random.default_rng) is a pyrt_generator on the heap, counted like an array:
//    memory planning places its retains and releases (Note [Array ownership] in
//    ir/passes/plan_memory.cpp), names holding it share it (drawing through one advances the
//    other), and the last release frees it. While one call owns it its count is plain and its
//    draws take no lock; stored in a module global, it is shared (pyrt_generator_share, as Note
//    [Shared arrays] in runtime/array.cpp): atomic counts, and each draw holds its lock.
//  - An artifact made by `pyscript compile -o` or an object file carries code, not state: a loaded
//    module starts unseeded, like a fresh numpy process. An export (`pyscript export`,
//    Module::save after run()) saves the legacy state and every Generator its globals reach, and
//    loading it restores them (runtime/module_state.hpp; Note [Module state in artifacts] in
//    ir/state.hpp): the next draws are those the exporting process would have made.

struct pyrt_generator {
  int64_t refcount; // changed atomically when `shared`
  int32_t shared;
  int32_t lock;
  pyscript::random::Generator state;
};

namespace {

namespace rnd = pyscript::random;
using pyscript::runtime::dtype_size;

struct LegacyGlobal {
  int32_t lock;
  int32_t seeded;
  rnd::LegacyRandomState state;
};
static_assert(sizeof(LegacyGlobal) <= PYRT_RANDOM_LEGACY_WORDS * sizeof(uint64_t));

void spin_lock(int32_t& word) {
  std::atomic_ref<int32_t> a(word);
  while (a.exchange(1, std::memory_order_acquire))
    while (a.load(std::memory_order_relaxed))
      std::this_thread::yield();
}

void spin_unlock(int32_t& word) {
  std::atomic_ref<int32_t>(word).store(0, std::memory_order_release);
}

void os_entropy(uint32_t* words, size_t n) {
  std::random_device device;
  for (size_t i = 0; i < n; ++i)
    words[i] = device();
}

void seed_from_os(rnd::LegacyRandomState& st) {
  uint32_t words[4];
  os_entropy(words, 4);
  int64_t key[4];
  for (int i = 0; i < 4; ++i)
    key[i] = words[i];
  rnd::legacy_seed_array(st, key, 4);
}

// The state one draw uses, locked while this lives (Note [Random state]).
class Source {
public:
  Source(uint64_t* legacy, pyrt_generator* g) {
    if (legacy) {
      auto* global = reinterpret_cast<LegacyGlobal*>(legacy);
      lock_ = &global->lock;
      spin_lock(*lock_);
      if (!global->seeded) {
        seed_from_os(global->state);
        global->seeded = 1;
      }
      legacy_ = &global->state;
    } else {
      if (g->shared) spin_lock(*(lock_ = &g->lock));
      gen_ = &g->state;
    }
  }
  ~Source() {
    if (lock_) spin_unlock(*lock_);
  }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  rnd::LegacyRandomState* legacy_ = nullptr;
  rnd::Generator* gen_ = nullptr;

private:
  int32_t* lock_ = nullptr;
};

// What a draw needs besides the state (include/pyscript/runtime_random.h).
struct Call {
  int32_t fn;
  const double* fp;
  const int64_t* ip;
  int64_t population = 0; // choice: its size; permutation: n
  bool population_is_array = false;
  const rnd::Probabilities* p = nullptr;
  bool f32 = false; // Generator.random(dtype=np.float32)
};

// n values of the call into `out` (doubles, floats or int64s); n < 0 stands for a negative
// dimension, which each function reports after checking its arguments, as numpy does.
rnd::Status draw(Source& s, const Call& c, void* out, int64_t n) {
  auto* d = static_cast<double*>(out);
  auto* i = static_cast<int64_t*>(out);
  std::optional<int64_t> high =
      c.fn == PYRT_RANDOM_INTEGERS && c.ip[2] ? std::optional(c.ip[1]) : std::nullopt;
  if (rnd::LegacyRandomState* st = s.legacy_) {
    switch (c.fn) {
    case PYRT_RANDOM_SAMPLE:
      return rnd::legacy_random_sample(*st, d, n);
    case PYRT_RANDOM_STANDARD_NORMAL:
      return rnd::legacy_standard_normal(*st, d, n);
    case PYRT_RANDOM_NORMAL:
      return rnd::legacy_normal(*st, c.fp[0], c.fp[1], d, n);
    case PYRT_RANDOM_UNIFORM:
      return rnd::legacy_uniform(*st, c.fp[0], c.fp[1], d, n);
    case PYRT_RANDOM_INTEGERS:
      return rnd::legacy_randint(*st, c.ip[0], high, i, n);
    case PYRT_RANDOM_CHOICE:
      return rnd::legacy_choice(*st, c.population, c.population_is_array, c.ip[1] != 0, c.p, i, n);
    case PYRT_RANDOM_PERMUTATION:
      return rnd::legacy_permutation(*st, i, n), rnd::Status{};
    }
  } else {
    rnd::Generator& g = *s.gen_;
    switch (c.fn) {
    case PYRT_RANDOM_SAMPLE:
      return c.f32 ? rnd::generator_random_f32(g, static_cast<float*>(out), n)
                   : rnd::generator_random(g, d, n);
    case PYRT_RANDOM_STANDARD_NORMAL:
      return rnd::generator_standard_normal(g, d, n);
    case PYRT_RANDOM_NORMAL:
      return rnd::generator_normal(g, c.fp[0], c.fp[1], d, n);
    case PYRT_RANDOM_UNIFORM:
      return rnd::generator_uniform(g, c.fp[0], c.fp[1], d, n);
    case PYRT_RANDOM_INTEGERS:
      return rnd::generator_integers(g, c.ip[0], high, c.ip[3] != 0, i, n);
    case PYRT_RANDOM_CHOICE:
      return rnd::generator_choice(g, c.population, c.population_is_array, c.ip[1] != 0, c.p,
                                   c.ip[2] != 0, i, n);
    case PYRT_RANDOM_PERMUTATION:
      return rnd::generator_permutation(g, i, n), rnd::Status{};
    }
  }
  return rnd::Status::error(rnd::ErrorKind::ValueError, "unknown random function %d", c.fn);
}

void raise(pyrt_context* ctx, const rnd::Status& s, const char* site) {
  int32_t kind = PYRT_VALUE_ERROR;
  switch (s.kind) {
  case rnd::ErrorKind::IndexError:
    kind = PYRT_INDEX_ERROR;
    break;
  case rnd::ErrorKind::TypeError:
    kind = PYRT_TYPE_ERROR;
    break;
  case rnd::ErrorKind::OverflowError:
    kind = PYRT_OVERFLOW_ERROR;
    break;
  case rnd::ErrorKind::MemoryError:
    kind = PYRT_MEMORY_ERROR;
    break;
  default:
    break;
  }
  pyrt_raise_detail(ctx, kind, site, "%s", s.message);
}

// choice's p as doubles (numpy reads any p as float64; a float32 p widens its tolerance).
struct ProbabilityData {
  std::vector<double> values;
  rnd::Probabilities p;
  explicit ProbabilityData(const pyrt_array* a) {
    pyrt_array h = pyscript::runtime::header_of(a);
    pyscript::runtime::for_each_offset(
        &h, [&](int64_t o) { values.push_back(pyscript::runtime::load_f64(a, o)); });
    p = {values.data(), static_cast<int64_t>(values.size()), a->dtype == PYRT_F32};
  }
};

// out[k] = rows[index[k]] along the first axis of `from` (any strides), into the contiguous out.
void gather_rows(const pyrt_array* from, const int64_t* index, int64_t count, pyrt_array* out) {
  size_t item = dtype_size(from->dtype);
  pyrt_array row = pyscript::runtime::header_of(from);
  row.ndim = from->ndim > 0 ? from->ndim - 1 : 0;
  row.size = 1;
  for (int d = 0; d < row.ndim; ++d) {
    row.shape[d] = from->shape[d + 1];
    row.strides[d] = from->strides[d + 1];
    row.size *= row.shape[d];
  }
  char* dst = static_cast<char*>(out->data);
  const char* base = static_cast<const char*>(from->data);
  for (int64_t k = 0; k < count; ++k) {
    const char* src =
        base + index[k] * (from->ndim > 0 ? from->strides[0] : 0) * static_cast<int64_t>(item);
    pyscript::runtime::for_each_offset(&row, [&](int64_t o) {
      std::memcpy(dst, src + o * static_cast<int64_t>(item), item);
      dst += item;
    });
  }
}

// permutation(x) of an array: x's rows in the order of permutation(len(x)).
pyrt_array* permute_rows(pyrt_context* ctx, Source& s, const Call& c, pyrt_array* x,
                         const char* site) {
  int64_t rows = x->shape[0];
  std::vector<int64_t> perm(static_cast<size_t>(rows));
  draw(s, c, perm.data(), rows);
  pyrt_array* out = pyscript::runtime::new_array(ctx, site, x->dtype, x->ndim, x->shape);
  if (!out) return nullptr;
  gather_rows(x, perm.data(), rows, out);
  return out;
}

} // namespace

extern "C" {

void pyrt_random_seed(pyrt_context* ctx, uint64_t* legacy, int64_t seed, int32_t has_seed,
                      const char* site) {
  auto* global = reinterpret_cast<LegacyGlobal*>(legacy);
  spin_lock(global->lock);
  rnd::Status s;
  if (has_seed)
    s = rnd::legacy_seed(global->state, seed);
  else
    seed_from_os(global->state);
  // A seed numpy refuses leaves the state as it was (unseeded, if it was).
  if (s.ok()) global->seeded = 1;
  spin_unlock(global->lock);
  if (!s.ok()) raise(ctx, s, site);
}

pyrt_generator* pyrt_generator_new(pyrt_context* ctx, int64_t seed, int32_t has_seed,
                                   const char* site) {
  auto* g = static_cast<pyrt_generator*>(std::calloc(1, sizeof(pyrt_generator)));
  if (!g) {
    pyrt_raise_detail(ctx, PYRT_MEMORY_ERROR, site, "cannot allocate a Generator");
    return nullptr;
  }
  g->refcount = 1;
  if (has_seed) {
    rnd::Status s = rnd::generator_seed(g->state, seed);
    if (!s.ok()) {
      std::free(g);
      raise(ctx, s, site);
      return nullptr;
    }
  } else {
    uint32_t words[4];
    os_entropy(words, 4);
    rnd::generator_seed_words(g->state, words, 4);
  }
  return g;
}

void pyrt_generator_retain(pyrt_generator* g) {
  if (!g) return;
  if (__builtin_expect(g->shared, 0))
    std::atomic_ref<int64_t>(g->refcount).fetch_add(1, std::memory_order_relaxed);
  else
    ++g->refcount;
}

void pyrt_generator_release(pyrt_generator* g) {
  if (!g) return;
  if (__builtin_expect(g->shared, 0)) {
    if (std::atomic_ref<int64_t>(g->refcount).fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  } else if (--g->refcount > 0) {
    return;
  }
  std::free(g);
}

void pyrt_generator_share(pyrt_generator* g) {
  if (g && !g->shared) g->shared = 1;
}

double pyrt_random_f64(pyrt_context* ctx, uint64_t* legacy, pyrt_generator* g, int32_t fn,
                       const double* fp, int32_t dtype, const char* site) {
  Call c{fn, fp, nullptr};
  c.f32 = dtype == PYRT_F32;
  Source s(legacy, g);
  double d = 0.0;
  float f = 0.0f;
  rnd::Status st = draw(s, c, c.f32 ? static_cast<void*>(&f) : &d, 1);
  if (!st.ok()) raise(ctx, st, site);
  return c.f32 ? static_cast<double>(f) : d;
}

int64_t pyrt_random_i64(pyrt_context* ctx, uint64_t* legacy, pyrt_generator* g, int32_t fn,
                        const int64_t* ip, pyrt_array* p, const char* site) {
  Call c{fn, nullptr, ip};
  c.population = fn == PYRT_RANDOM_CHOICE ? ip[0] : 0;
  std::optional<ProbabilityData> probabilities;
  if (p) c.p = &probabilities.emplace(p).p;
  Source s(legacy, g);
  int64_t v = 0;
  rnd::Status st = draw(s, c, &v, 1);
  if (!st.ok()) raise(ctx, st, site);
  return v;
}

pyrt_array* pyrt_random_array(pyrt_context* ctx, uint64_t* legacy, pyrt_generator* g, int32_t fn,
                              const double* fp, const int64_t* ip, pyrt_array* population,
                              pyrt_array* p, int32_t dtype, int32_t ndim, const int64_t* shape,
                              const char* site) {
  Call c{fn, fp, ip};
  c.f32 = dtype == PYRT_F32;
  c.population = population ? population->shape[0] : ip ? ip[0] : 0;
  c.population_is_array = population != nullptr;
  std::optional<ProbabilityData> probabilities;
  if (p) c.p = &probabilities.emplace(p).p;
  Source s(legacy, g);
  if (fn == PYRT_RANDOM_PERMUTATION) {
    if (population) return permute_rows(ctx, s, c, population, site);
    int64_t n = ip[0] > 0 ? ip[0] : 0;
    pyrt_array* out = pyscript::runtime::new_array(ctx, site, PYRT_I64, 1, &n);
    if (out) draw(s, c, out->data, n);
    return out;
  }
  int64_t n = 1;
  bool negative = false;
  for (int d = 0; d < ndim; ++d) {
    negative = negative || shape[d] < 0;
    if (!negative && __builtin_mul_overflow(n, shape[d], &n)) n = 0; // too big: new_array says so
  }
  if (negative) {
    rnd::Status st = draw(s, c, nullptr, -1);
    raise(ctx,
          st.ok() ? rnd::Status::error(rnd::ErrorKind::ValueError,
                                       "negative dimensions are not allowed")
                  : st,
          site);
    return nullptr;
  }
  pyrt_array* out = pyscript::runtime::new_array(ctx, site, dtype, ndim, shape);
  if (!out) return nullptr;
  rnd::Status st;
  if (fn == PYRT_RANDOM_CHOICE && population) {
    try {
      std::vector<int64_t> index(static_cast<size_t>(n));
      if ((st = draw(s, c, index.data(), n)).ok()) gather_rows(population, index.data(), n, out);
    } catch (const std::bad_alloc&) {
      st = rnd::Status::error(rnd::ErrorKind::MemoryError, "cannot allocate %lld indices",
                              static_cast<long long>(n));
    }
  } else {
    st = draw(s, c, out->data, n);
  }
  if (!st.ok()) {
    pyrt_array_release(out);
    raise(ctx, st, site);
    return nullptr;
  }
  return out;
}

} // extern "C"

// The states as words, for an artifact (runtime/module_state.hpp).
namespace pyscript::runtime {

std::vector<uint64_t> legacy_random_words(uint64_t* legacy) {
  auto* global = reinterpret_cast<LegacyGlobal*>(legacy);
  spin_lock(global->lock);
  std::vector<uint64_t> words;
  if (global->seeded) {
    words.resize(rnd::kLegacyStateWords);
    rnd::legacy_save(global->state, words.data());
  }
  spin_unlock(global->lock);
  return words;
}

bool set_legacy_random(uint64_t* legacy, const std::vector<uint64_t>& words) {
  auto* global = reinterpret_cast<LegacyGlobal*>(legacy);
  if (words.empty()) return true;
  if (words.size() != rnd::kLegacyStateWords || !rnd::legacy_restore(global->state, words.data()).ok()) return false;
  global->seeded = 1;
  return true;
}

std::vector<uint64_t> generator_words(pyrt_generator* g) {
  std::vector<uint64_t> words(rnd::kGeneratorStateWords);
  if (g->shared) spin_lock(g->lock);
  rnd::generator_save(g->state, words.data());
  if (g->shared) spin_unlock(g->lock);
  return words;
}

pyrt_generator* generator_from_words(const std::vector<uint64_t>& words) {
  if (words.size() != rnd::kGeneratorStateWords) return nullptr;
  auto* g = static_cast<pyrt_generator*>(std::calloc(1, sizeof(pyrt_generator)));
  if (!g) throw std::bad_alloc();
  g->refcount = 1;
  if (!rnd::generator_restore(g->state, words.data()).ok()) {
    std::free(g);
    return nullptr;
  }
  return g;
}

} // namespace pyscript::runtime
