/* numpy's random numbers for compiled code (runtime/random_api.cpp); the streams themselves are
 * runtime/random/random.hpp, bit for bit numpy 1.24's. Included by runtime.h.
 *
 * Two kinds of state (Note [Random state] in runtime/random_api.cpp):
 *  - the module's legacy RandomState (np.random.seed, rand, randn, randint, ...):
 *    PYRT_RANDOM_LEGACY_WORDS zeroed words that generated code reserves once per module; all zero
 *    means "not seeded yet", and the first use seeds it from the OS, as numpy seeds at import;
 *  - a pyrt_generator (np.random.default_rng(seed)): an object counted like an array (retain,
 *    release, share), shared by reference between the names that hold it.
 * Every draw takes the module's state (`legacy`, with g NULL) or a generator (legacy NULL). */
#ifndef PYSCRIPT_RUNTIME_RANDOM_H
#define PYSCRIPT_RUNTIME_RANDOM_H

#ifdef __cplusplus
extern "C" {
#endif

#define PYRT_RANDOM_LEGACY_WORDS 320

typedef struct pyrt_generator pyrt_generator;

/* CPython's random module: the module's hidden random.Random (runtime/py_random_api.cpp), and the
 * draws of pyrt_pyrandom_float / pyrt_pyrandom_int. */
#define PYRT_PY_RANDOM_WORDS 330
typedef enum pyrt_pyrandom_fn {
  PYRT_PYRANDOM_RANDOM = 0,
  PYRT_PYRANDOM_UNIFORM,
  PYRT_PYRANDOM_GAUSS,
  PYRT_PYRANDOM_RANDRANGE,
  PYRT_PYRANDOM_RANDINT,
  PYRT_PYRANDOM_CHOICE,
} pyrt_pyrandom_fn;
/* sys (runtime/sys_api.cpp): the module's argv; its recursion limit is a global of its own. */
#define PYRT_SYS_WORDS 4

/* What a draw computes, and the parameters it reads: fp (doubles), ip (int64s), and two arrays. */
typedef enum pyrt_random_fn {
  /* [0, 1): rand, random, random_sample; dtype float32 (Generator) */
  PYRT_RANDOM_SAMPLE = 0,
  /* randn, standard_normal */
  PYRT_RANDOM_STANDARD_NORMAL,
  /* fp: loc, scale */
  PYRT_RANDOM_NORMAL,
  /* fp: low, high */
  PYRT_RANDOM_UNIFORM,
  /* ip: low, high, has_high, endpoint (randint: masked rejection; integers: Lemire's) */
  PYRT_RANDOM_INTEGERS,
  /* ip: population size, replace, shuffle; the population array (NULL: an int population) and p
   * (NULL: uniform) */
  PYRT_RANDOM_CHOICE,
  /* ip: n; or the array (NULL: arange(n)) whose first axis it permutes */
  PYRT_RANDOM_PERMUTATION,
} pyrt_random_fn;

#ifdef __cplusplus
}
#endif

#endif
