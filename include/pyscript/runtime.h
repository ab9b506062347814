/* The runtime support that compiled code calls: errors with Python locations, Python's
 * arithmetic where it needs more than an instruction, and printing as CPython prints.
 * Plain C ABI: generated code (JIT or ahead-of-time objects) calls these by name.
 *
 * Every compiled function takes a pyrt_context* first. An operation that fails records the
 * error in the context (pyrt_raise...) and the generated code returns at once; each caller checks
 * `failed` after a call, so the error travels up to the host, which reads it.
 *
 * Threads (Note [Threads] in api/module.cpp): a context belongs to one call from the host, so
 * calls on other threads never see its error or its depth; an array's count is plain while one
 * call owns it and atomic once it is shared (pyrt_array_share).
 */
#ifndef PYSCRIPT_RUNTIME_H
#define PYSCRIPT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a runtime function's signature or pyrt_context's layout changes: machine code
 * saved in an artifact is used only by a runtime of the same version (it is part of the target
 * tag); otherwise the artifact's graph is compiled again. 2: pyrt_context::depth, MemoryError.
 * 3: pyrt_array::shared, pyrt_array_share, pyrt_context's fields reordered (one per call).
 * 4: pyrt_raise_name_error, PYRT_NAME_ERROR. 5: pyrt_random_* and pyrt_generator_*
 * (runtime_random.h), PYRT_OVERFLOW_ERROR; reductions prod..std, sort, round, accumulate, linalg,
 * PYRT_LINALG_ERROR. 6: str, list and dict objects (runtime_objects.h), PYRT_KEY_ERROR,
 * PYRT_RUNTIME_ERROR. 7: pyrt_np_load, pyrt_np_save, ... (np.load and np.save in compiled code),
 * PYRT_FILE_NOT_FOUND_ERROR and the other OSErrors. 8: exceptions (runtime_exceptions.h),
 * pyrt_context::exception, PYRT_EXCEPTION. 9: pyrt_class::flags. 10: pyrt_parallel_for. */
#define PYRT_ABI_VERSION 10

typedef enum pyrt_error_kind {
  PYRT_ZERO_DIVISION_INT = 1, /* integer division or modulo by zero */
  PYRT_ZERO_DIVISION_FLOAT,   /* float division by zero */
  PYRT_ZERO_DIVISION_FLOAT_FLOOR,
  PYRT_ZERO_DIVISION_FLOAT_MOD,
  PYRT_ZERO_POW_NEGATIVE,     /* 0.0 cannot be raised to a negative power */
  PYRT_INT_OVERFLOW,          /* a result beyond 64 bits */
  PYRT_NEGATIVE_INT_POWER,    /* int ** negative int, exponent known only at run time */
  PYRT_COMPLEX_POWER,         /* negative float ** fractional float */
  PYRT_FLOAT_OVERFLOW,        /* float result too large (pow, exp) */
  PYRT_FLOAT_TO_INT_NAN,
  PYRT_FLOAT_TO_INT_INF,
  PYRT_MATH_DOMAIN,
  PYRT_RANGE_STEP_ZERO,
  PYRT_ASSERTION,
  PYRT_ZERO_DIVISION_TRUE,    /* int / int by zero: "division by zero" */
  PYRT_VALUE_ERROR,           /* the message is in detail: shapes that do not fit, ... */
  PYRT_INDEX_ERROR,           /* the message is in detail */
  PYRT_MEMORY_ERROR,
  PYRT_RECURSION,             /* more than PYRT_RECURSION_LIMIT frames, as CPython's default limit */
  PYRT_TYPE_ERROR,            /* the message is in detail */
  PYRT_NAME_ERROR,            /* a module-level name read before the top level assigned it */
  PYRT_OVERFLOW_ERROR,        /* the message is in detail */
  PYRT_LINALG_ERROR,          /* numpy.linalg.LinAlgError; the message is in detail */
  PYRT_KEY_ERROR,             /* the message (repr of the key) is in detail */
  PYRT_RUNTIME_ERROR,         /* the message is in detail */
  PYRT_SYSTEM_EXIT,           /* sys.exit: the exit status, in decimal, is in detail */
  PYRT_RECURSION_ERROR,       /* RecursionError with the message in detail (sys.setrecursionlimit) */
  PYRT_ATTRIBUTE_ERROR,       /* the message is in detail ('NoneType' object has no attribute 'x') */
  /* OSError and its subclasses for errno ENOENT, EACCES/EPERM, EISDIR: "[Errno 2] No such file or
   * directory: 'x.npy'" in detail (np.load, np.save) */
  PYRT_OS_ERROR,
  PYRT_FILE_NOT_FOUND_ERROR,
  PYRT_PERMISSION_ERROR,
  PYRT_IS_A_DIRECTORY_ERROR,
  PYRT_EXCEPTION,             /* an exception object raised by `raise`: pyrt_context::exception */
  PYRT_ZERO_DIVISION_INT_MOD, /* int % 0: "integer modulo by zero" */
  PYRT_ZERO_DIVISION_FLOAT_DIVMOD, /* divmod(float, 0.0): "float divmod()" */
  PYRT_UNBOUND_LOCAL_ERROR,   /* a loop target read after a loop that ran no iteration; message in detail */
  PYRT_STOP_ITERATION,        /* next() of an iterator with no element left, no default */
} pyrt_error_kind;

/* CPython's default sys.getrecursionlimit(): frames of the top level and of every function that
 * makes calls count; a call that would make the count pass the limit raises RecursionError. */
#define PYRT_RECURSION_LIMIT 1000

typedef struct pyrt_context {
  /* Set before a call: failed = 0, depth = 0, out (adjacent, so a call sets them in one store). */
  int32_t failed;           /* nonzero once an error is recorded; read by generated code */
  int32_t depth;            /* frames active below a call from the host; start it at 0 */
  FILE* out;                /* where print writes; stdout when NULL */
  /* Written when an error is recorded. */
  int32_t kind;             /* pyrt_error_kind */
  const char* site;         /* "model.py:7:12" */
  const char* detail;       /* assertion message, or NULL */
  char detail_buffer[256];  /* storage for a detail composed at run time */
  /* PYRT_EXCEPTION: the exception raised (a reference the context owns; runtime_exceptions.h). */
  struct pyrt_exception* exception;
} pyrt_context;

/* ---- arrays (runtime/array*.cpp) ----
 * An n-d array of one dtype, row-major by default, reference-counted. Arrays are values: no
 * operation changes one, so views (transpose, reshape, basic slices) share their buffer.
 * Every function returning a pyrt_array* returns a new reference (or NULL after recording an
 * error in ctx); arguments are borrowed. */
#define PYRT_MAX_DIMS 8

typedef enum pyrt_dtype { PYRT_F32 = 0, PYRT_F64 = 1, PYRT_I64 = 2, PYRT_BOOL = 3 } pyrt_dtype;

typedef struct pyrt_array {
  int64_t refcount;                  /* changed atomically when `shared`, plainly otherwise */
  int32_t dtype;
  int32_t ndim;
  int64_t size;                      /* number of elements */
  int64_t shape[PYRT_MAX_DIMS];
  int64_t strides[PYRT_MAX_DIMS];    /* in elements */
  void* data;                        /* the first element */
  struct pyrt_array* base;           /* the array owning the buffer, for a view; else NULL */
  int32_t shared;                    /* nonzero once other threads may hold it (pyrt_array_share) */
} pyrt_array;

/* Elementwise, with broadcasting; computed in `dtype` (the inputs are converted to it), result of
 * `out_dtype` (bool for comparisons). */
/* The op codes: one per row of pyscript/ufuncs.def. */
typedef enum pyrt_binary_op {
#define PYRT_BINARY(ID, name, np_name, fuse, scalar, compare, to_float) PYRT_##ID,
#include "pyscript/ufuncs.def"
  PYRT_BINARY_COUNT
} pyrt_binary_op;
typedef enum pyrt_unary_op {
#define PYRT_UNARY(ID, name, np_name, fuse, scalar, math_fn, to_float, to_bool, bool_in) PYRT_##ID,
#include "pyscript/ufuncs.def"
  PYRT_UNARY_COUNT
} pyrt_unary_op;

/* Reductions; axis < -ndim means all axes. */
typedef enum pyrt_reduce_op {
#define PYRT_REDUCE(ID, name, ufunc) PYRT_##ID,
#include "pyscript/ufuncs.def"
  PYRT_REDUCE_COUNT
} pyrt_reduce_op;
/* np.linalg (runtime/array_linalg.cpp), one row per op: ID, the IR's "op" attribute of
 * array_linalg, what it computes. b is unused but by solve and cov_gram. */
#define PYRT_LINALG_OPS(X)                                                                         \
  X(SOLVE, "solve")               /* solve(a, b) */                                               \
  X(INV, "inv")                   /* inv(a) */                                                    \
  X(DET, "det")                   /* det(a) */                                                    \
  X(NORM, "norm")                 /* norm(a), ord=None and axis=None */                            \
  X(EIGH_VALUES, "eigh_values")   /* eigh's eigenvalues, ascending */                              \
  X(EIGH_VECTORS, "eigh_vectors") /* eigh's eigenvectors, as columns */                            \
  X(COV_GRAM, "cov_gram")         /* np.cov's dot(X, X.T) of X = a - b[:, None], a float64 matrix */
typedef enum pyrt_linalg_op {
#define PYRT_LINALG_ENUM(ID, name) PYRT_LINALG_##ID,
  PYRT_LINALG_OPS(PYRT_LINALG_ENUM)
#undef PYRT_LINALG_ENUM
} pyrt_linalg_op;

#ifdef __cplusplus
}
#endif

#include "pyscript/runtime_random.h"
#include "pyscript/runtime_objects.h"
#include "pyscript/runtime_exceptions.h"

/* A kernel over the elements [begin, end) of its work, env its inputs (pyrt_parallel_for). */
#ifdef __cplusplus
extern "C" {
#endif
typedef void (*pyrt_range_fn)(void* env, int64_t begin, int64_t end);
#ifdef __cplusplus
}
#endif
/* Fused elementwise loops of at least this many elements run on the kernel pool (measured:
 * README, "Threads"); pieces start at multiples of PYRT_PARALLEL_ALIGN elements (Note [Pieces do
 * not change results] in runtime/parallel.cpp). */
#define PYRT_PARALLEL_MIN_ELEMENTS 65536
#define PYRT_PARALLEL_ALIGN 1024

/* The functions: one row each in runtime_functions.def (Note [One declaration of the runtime]). */
#ifdef __cplusplus
extern "C" {
#endif
#define PYRT_FUNCTION(ret, name, params) ret name params;
#include "pyscript/runtime_functions.def"
#undef PYRT_FUNCTION
#ifdef __cplusplus
}
#endif

#endif
