// CPython's `random` module for compiled code (include/pyscript/runtime_modules.def): the module's
// hidden random.Random, whose streams runtime/random/py_random.cpp computes bit for bit as
// CPython 3.11 does.
#include "pyscript/runtime.h"
#include "runtime/module_state.hpp"
#include "runtime/random/random.hpp"

#include <atomic>
#include <random>
#include <thread>
#include <vector>

// Note [The random module's state]
// As np.random's legacy state (Note [Random state] in runtime/random_api.cpp): generated code
// defines one zeroed global of PYRT_PY_RANDOM_WORDS words per module (codegen/emit_modules.cpp,
// "pyscript.pyrandom"), which every random.* call passes. All zero means unseeded: random.seed(n)
// seeds it, and a draw before any seed (or random.seed()) seeds it from the OS, so such a
// program's numbers differ from run to run, as under CPython. Each call holds the state's spin lock
// for its whole length, so calls from several host threads take disjoint parts of one stream.

namespace {

namespace rnd = pyscript::random;

struct PyRandomGlobal {
  int32_t lock;
  int32_t seeded;
  rnd::PyRandom state;
};
static_assert(sizeof(PyRandomGlobal) <= PYRT_PY_RANDOM_WORDS * sizeof(uint64_t));

void seed_from_os(rnd::PyRandom& r) {
  std::random_device device;
  uint32_t words[32]; // CPython reads 2496 bytes of os.urandom; any fresh entropy will do
  for (uint32_t& w : words)
    w = device();
  rnd::py_seed_words(r, words, 32);
}

// The state, locked and seeded while this lives.
class Locked {
public:
  explicit Locked(uint64_t* words) : g_(reinterpret_cast<PyRandomGlobal*>(words)) {
    std::atomic_ref<int32_t> a(g_->lock);
    while (a.exchange(1, std::memory_order_acquire))
      while (a.load(std::memory_order_relaxed))
        std::this_thread::yield();
  }
  ~Locked() { std::atomic_ref<int32_t>(g_->lock).store(0, std::memory_order_release); }
  Locked(const Locked&) = delete;
  Locked& operator=(const Locked&) = delete;

  rnd::PyRandom& state() {
    if (!g_->seeded) {
      seed_from_os(g_->state);
      g_->seeded = 1;
    }
    return g_->state;
  }
  PyRandomGlobal& global() { return *g_; }

private:
  PyRandomGlobal* g_;
};

void raise(pyrt_context* ctx, const rnd::Status& s, const char* site) {
  int32_t kind = s.kind == rnd::ErrorKind::IndexError  ? PYRT_INDEX_ERROR
                 : s.kind == rnd::ErrorKind::TypeError ? PYRT_TYPE_ERROR
                                                       : PYRT_VALUE_ERROR;
  pyrt_raise_detail(ctx, kind, site, "%s", s.message);
}

} // namespace

extern "C" {

void pyrt_pyrandom_seed(uint64_t* state, int64_t seed, int32_t has_seed) {
  Locked l(state);
  if (has_seed)
    rnd::py_seed(l.global().state, seed);
  else
    seed_from_os(l.global().state);
  l.global().seeded = 1;
}

double pyrt_pyrandom_float(uint64_t* state, int32_t fn, double a, double b) {
  Locked l(state);
  switch (fn) {
  case PYRT_PYRANDOM_UNIFORM:
    return rnd::py_uniform(l.state(), a, b);
  case PYRT_PYRANDOM_GAUSS:
    return rnd::py_gauss(l.state(), a, b);
  default:
    return rnd::py_random(l.state());
  }
}

int64_t pyrt_pyrandom_int(pyrt_context* ctx, uint64_t* state, int32_t fn, int64_t a, int64_t b,
                          int64_t c, int32_t has_stop, const char* site) {
  int64_t out = 0;
  rnd::Status s;
  {
    Locked l(state);
    if (fn == PYRT_PYRANDOM_RANDINT)
      s = rnd::py_randint(l.state(), a, b, &out);
    else if (fn == PYRT_PYRANDOM_CHOICE)
      s = rnd::py_choice_index(l.state(), a, &out);
    else
      s = rnd::py_randrange(l.state(), a, has_stop ? std::optional(b) : std::nullopt, c, &out);
  }
  if (!s.ok()) raise(ctx, s, site);
  return out;
}

// The swaps of CPython's shuffle, on whole slots (an element of any static type).
void pyrt_pyrandom_shuffle(uint64_t* state, pyrt_list* list) {
  Locked l(state);
  rnd::PyRandom& r = l.state();
  size_t size = static_cast<size_t>(list->type->items[0]->size);
  char* data = list->data;
  alignas(16) char tmp[256];
  for (int64_t i = list->length - 1; i >= 1; --i) {
    int64_t j = static_cast<int64_t>(rnd::py_randbelow(r, static_cast<uint64_t>(i) + 1));
    if (i == j) continue;
    char* a = data + i * static_cast<int64_t>(size);
    char* b = data + j * static_cast<int64_t>(size);
    for (size_t done = 0; done < size; done += sizeof tmp) {
      size_t n = size - done < sizeof tmp ? size - done : sizeof tmp;
      __builtin_memcpy(tmp, a + done, n);
      __builtin_memmove(a + done, b + done, n);
      __builtin_memcpy(b + done, tmp, n);
    }
  }
}

} // extern "C"

// The state as words, for an artifact (runtime/module_state.hpp).
namespace pyscript::runtime {

std::vector<uint64_t> py_random_words(uint64_t* state) {
  Locked l(state);
  std::vector<uint64_t> words;
  if (l.global().seeded) {
    words.resize(rnd::kPyRandomStateWords);
    rnd::py_random_save(l.global().state, words.data());
  }
  return words;
}

bool set_py_random(uint64_t* state, const std::vector<uint64_t>& words) {
  if (words.empty()) return true;
  auto* global = reinterpret_cast<PyRandomGlobal*>(state);
  if (words.size() != rnd::kPyRandomStateWords || !rnd::py_random_restore(global->state, words.data()).ok())
    return false;
  global->seeded = 1;
  return true;
}

} // namespace pyscript::runtime
