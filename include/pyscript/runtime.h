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
 * PYRT_LINALG_ERROR. */
#define PYRT_ABI_VERSION 5

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
} pyrt_context;

/* "ZeroDivisionError: integer division or modulo by zero" */
const char* pyrt_error_text(int32_t kind);

void pyrt_raise(pyrt_context* ctx, int32_t kind, const char* site);
void pyrt_raise_assert(pyrt_context* ctx, const char* site, const char* message);
/* An error whose message is composed at run time (printf-style), e.g. shapes that do not fit. */
void pyrt_raise_detail(pyrt_context* ctx, int32_t kind, const char* site, const char* format, ...);
/* NameError: name 'NAME' is not defined (a global read before the top level ran: Module::run()). */
void pyrt_raise_name_error(pyrt_context* ctx, const char* site, const char* name);
/* forgets the error raised last (to raise a more precise one instead) */
void pyrt_clear_error(pyrt_context* ctx);

int64_t pyrt_int_pow(pyrt_context* ctx, int64_t base, int64_t exponent, const char* site);
double pyrt_int_truediv(pyrt_context* ctx, int64_t a, int64_t b, const char* site);
double pyrt_float_pow(pyrt_context* ctx, double base, double exponent, const char* site);
double pyrt_float_floordiv(pyrt_context* ctx, double a, double b, const char* site);
double pyrt_float_mod(pyrt_context* ctx, double a, double b, const char* site);
int64_t pyrt_float_to_int(pyrt_context* ctx, double x, const char* site);
int64_t pyrt_round(pyrt_context* ctx, double x, const char* site);
double pyrt_round_digits(double x, int64_t ndigits);
int64_t pyrt_floor(pyrt_context* ctx, double x, const char* site);
int64_t pyrt_ceil(pyrt_context* ctx, double x, const char* site);
double pyrt_exp(pyrt_context* ctx, double x, const char* site);
double pyrt_log(pyrt_context* ctx, double x, const char* site);
double pyrt_log_base(pyrt_context* ctx, double x, double base, const char* site);
double pyrt_trig(pyrt_context* ctx, int32_t which, double x, const char* site); /* 0 sin 1 cos 2 tan */
int64_t pyrt_range_length(pyrt_context* ctx, int64_t start, int64_t stop, int64_t step,
                          const char* site);
/* int == float, exactly; -1, 0, 1, or 2 when b is nan */
int32_t pyrt_compare_int_float(int64_t a, double b);
double pyrt_perf_counter(void);

void pyrt_print_int(pyrt_context* ctx, int64_t v);
void pyrt_print_float(pyrt_context* ctx, double v);
void pyrt_print_bool(pyrt_context* ctx, int8_t v);
void pyrt_print_none(pyrt_context* ctx);
void pyrt_print_str(pyrt_context* ctx, const char* s);      /* as print(s) */
void pyrt_print_bytes(pyrt_context* ctx, const char* s, int64_t n); /* a string that may hold NUL */
void pyrt_print_str_repr(pyrt_context* ctx, const char* s); /* as inside a tuple: 'a' */

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

void pyrt_array_retain(pyrt_array* a);
void pyrt_array_release(pyrt_array* a); /* NULL is allowed */
/* Marks `a` (and the array owning its buffer) as reachable from other threads: a module global,
 * an array the host holds. From then on its count changes atomically; it is never reused in place.
 * Only the thread that owns `a` calls it, before `a` is published (Note [Threads]). NULL is allowed. */
void pyrt_array_share(pyrt_array* a);

/* Creation. shape: ndim int64s. pyrt_array_try_new returns NULL when the byte count overflows or
 * memory runs out; pyrt_array_new then reports MemoryError on stderr and aborts (the runtime uses it
 * only where an array of that size exists already; functions with a context raise MemoryError). */
pyrt_array* pyrt_array_try_new(int32_t dtype, int32_t ndim, const int64_t* shape);
pyrt_array* pyrt_array_new(int32_t dtype, int32_t ndim, const int64_t* shape);
pyrt_array* pyrt_array_full(pyrt_context* ctx, int32_t dtype, int32_t ndim, const int64_t* shape,
                            double value, const char* site);
pyrt_array* pyrt_array_from_f64(int32_t dtype, int32_t ndim, const int64_t* shape, const double* values);
/* int64 arrays from int values: exact beyond 2**53, where a double would round them. */
pyrt_array* pyrt_array_full_i64(pyrt_context* ctx, int32_t ndim, const int64_t* shape, int64_t value,
                                const char* site);
pyrt_array* pyrt_array_from_i64(int32_t ndim, const int64_t* shape, const int64_t* values);
/* bool(a), 0 or 1: numpy's ValueError unless a has one element. */
int32_t pyrt_array_truth(pyrt_context* ctx, pyrt_array* a, const char* site);
pyrt_array* pyrt_array_arange_i64(pyrt_context* ctx, int64_t start, int64_t stop, int64_t step, const char* site);
pyrt_array* pyrt_array_arange(pyrt_context* ctx, int32_t dtype, double start, double stop, double step,
                              const char* site);
pyrt_array* pyrt_array_linspace(pyrt_context* ctx, int32_t dtype, double start, double stop, int64_t num,
                                const char* site);
pyrt_array* pyrt_array_eye(pyrt_context* ctx, int32_t dtype, int64_t n, int64_t m, const char* site);
/* A 0-d array holding a scalar, for broadcasting. */
pyrt_array* pyrt_array_scalar(int32_t dtype, double value);
pyrt_array* pyrt_array_scalar_i64(int64_t value);

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
pyrt_array* pyrt_array_binary(pyrt_context* ctx, int32_t op, pyrt_array* a, pyrt_array* b, int32_t dtype,
                              int32_t out_dtype, const char* site);
pyrt_array* pyrt_array_unary(pyrt_context* ctx, int32_t op, pyrt_array* a, int32_t dtype, const char* site);
pyrt_array* pyrt_array_where(pyrt_context* ctx, pyrt_array* cond, pyrt_array* a, pyrt_array* b,
                             int32_t dtype, const char* site);
pyrt_array* pyrt_array_astype(pyrt_array* a, int32_t dtype);

/* Reductions; axis < -ndim means all axes. */
typedef enum pyrt_reduce_op {
#define PYRT_REDUCE(ID, name, ufunc) PYRT_##ID,
#include "pyscript/ufuncs.def"
  PYRT_REDUCE_COUNT
} pyrt_reduce_op;
pyrt_array* pyrt_array_reduce(pyrt_context* ctx, int32_t op, pyrt_array* a, int64_t axis, int32_t keepdims,
                              int32_t out_dtype, const char* site);
/* The reductions from PYRT_PROD on (runtime/array_reduce_more.cpp); ddof: var's and std's. */
pyrt_array* pyrt_array_reduce_ex(pyrt_context* ctx, int32_t op, pyrt_array* a, int64_t axis, int32_t keepdims,
                                 int64_t ddof, int32_t out_dtype, const char* site);
/* cumsum (op PYRT_SUM) / cumprod (PYRT_PROD) along axis; axis < -ndim: of the flattened array. */
pyrt_array* pyrt_array_accumulate(pyrt_context* ctx, int32_t op, pyrt_array* a, int64_t axis, int32_t out_dtype,
                                  const char* site);
/* np.round(a, decimals), as numpy scales and rounds (runtime/array_round.cpp). */
pyrt_array* pyrt_array_round(pyrt_context* ctx, pyrt_array* a, int64_t decimals, const char* site);
/* np.sort (arg 0) / np.argsort (arg 1, int64 result) along axis (axis < -ndim: of the flattened
 * array); kind 0 quicksort (numpy's introsort), 1 stable, 2 heapsort (runtime/array_sort.cpp). */
pyrt_array* pyrt_array_sort(pyrt_context* ctx, pyrt_array* a, int64_t axis, int32_t arg, int32_t kind,
                            const char* site);
/* np.linalg (runtime/array_linalg.cpp): solve(a, b), inv(a), det(a), and norm(a) with ord=None and
 * axis=None (b unused but by solve). */
typedef enum pyrt_linalg_op {
  PYRT_LINALG_SOLVE = 0,
  PYRT_LINALG_INV = 1,
  PYRT_LINALG_DET = 2,
  PYRT_LINALG_NORM = 3,
} pyrt_linalg_op;
pyrt_array* pyrt_array_linalg(pyrt_context* ctx, int32_t op, pyrt_array* a, pyrt_array* b, const char* site);

pyrt_array* pyrt_array_matmul(pyrt_context* ctx, pyrt_array* a, pyrt_array* b, int32_t dtype,
                              const char* site);

/* Views and shapes. */
pyrt_array* pyrt_array_transpose(pyrt_array* a);
/* a.transpose(axes): axes is a permutation of 0..ndim-1 (checked when compiling) */
pyrt_array* pyrt_array_permute_axes(pyrt_array* a, const int64_t* axes);
pyrt_array* pyrt_array_reshape(pyrt_context* ctx, pyrt_array* a, int32_t ndim, const int64_t* shape,
                               const char* site);
/* Basic indexing: for each axis, kind 0 = integer index (drops the axis), 1 = slice
 * (start, stop, step with has_start/has_stop flags packed in `spec`: 5 int64 per axis:
 * kind, value_or_start, stop, step, flags). Missing trailing axes are full slices. */
pyrt_array* pyrt_array_index(pyrt_context* ctx, pyrt_array* a, int32_t count, const int64_t* spec,
                             const char* site);
int64_t pyrt_array_dim(pyrt_array* a, int32_t axis);
/* float(a), int(a), bool(a) of a one-element array. */
double pyrt_array_item_f64(pyrt_context* ctx, pyrt_array* a, const char* site);
int64_t pyrt_array_item_i64(pyrt_context* ctx, pyrt_array* a, const char* site);

/* Making, joining and selecting (runtime/array_join.cpp, runtime/array_select.cpp). Axes were
 * checked when compiling; every result is a new array except expand_dims's (a view). */
/* np.concatenate (stack = 0) or np.stack (stack = 1) of `count` arrays of one rank along `axis`,
 * converted to `dtype`; numpy's ValueError for shapes that do not fit. */
pyrt_array* pyrt_array_concat(pyrt_context* ctx, int32_t count, pyrt_array* const* arrays, int64_t axis,
                              int32_t stack, int32_t dtype, const char* site);
/* a with size-1 axes (np.newaxis) at the result positions `axes` (ascending). */
pyrt_array* pyrt_array_expand_dims(pyrt_array* a, int32_t count, const int64_t* axes);
/* a[..., idx, ...]: the int64 array idx indexes axis `axis`, whose place idx's shape takes;
 * source_axis is that axis in the array the program indexed (numpy's IndexError names it). */
pyrt_array* pyrt_array_take(pyrt_context* ctx, pyrt_array* a, pyrt_array* idx, int32_t axis, int32_t source_axis,
                            const char* site);
/* a[..., mask, ...]: the bool mask covers axes axis..axis+mask->ndim-1, which one axis (its count
 * of true elements) replaces. */
pyrt_array* pyrt_array_mask(pyrt_context* ctx, pyrt_array* a, pyrt_array* mask, int32_t axis, int32_t source_axis,
                            const char* site);
/* np.triu (upper = 1) / np.tril of the last two axes; a 1-D array stands for every row of a square. */
pyrt_array* pyrt_array_tri(pyrt_context* ctx, pyrt_array* a, int64_t k, int32_t upper, const char* site);
/* Output `which` of np.meshgrid(*arrays) (each flattened; ij = 0 is numpy's default 'xy'). */
pyrt_array* pyrt_array_meshgrid(pyrt_context* ctx, int32_t count, pyrt_array* const* arrays, int32_t which,
                                int32_t ij, const char* site);
/* np.pad(a, widths, constant_values=fill): widths holds (before, after) per axis; fill is 0-d. */
pyrt_array* pyrt_array_pad(pyrt_context* ctx, pyrt_array* a, const int64_t* widths, pyrt_array* fill,
                           const char* site);

void pyrt_print_array(pyrt_context* ctx, pyrt_array* a);
/* f"{v:spec}": Python's format(v, spec); spec was checked when compiling */
void pyrt_print_format_int(pyrt_context* ctx, int64_t v, const char* spec);
void pyrt_print_format_float(pyrt_context* ctx, double v, const char* spec);
void pyrt_print_format_str(pyrt_context* ctx, const char* v, const char* spec);
/* repr(a), as print shows an array inside a tuple: "array([1., 2.], dtype=float32)" */
void pyrt_print_array_repr(pyrt_context* ctx, pyrt_array* a);

/* numpy's .npy files (float32, float64, int64, bool; C order). NULL / 0 on failure, with a
 * one-line message in `error`. */
pyrt_array* pyrt_load_npy(const char* path, char* error, size_t error_size);
int32_t pyrt_save_npy(const char* path, pyrt_array* a, char* error, size_t error_size);
/* The array `name` ("w1" or "w1.npy") of an .npz archive (np.savez, np.savez_compressed). */
pyrt_array* pyrt_load_npz(const char* path, const char* name, char* error, size_t error_size);

/* For fused elementwise loops: the broadcast shape of `count` arrays (returns its rank, or -1
 * after recording the error), and an array as a contiguous array of exactly `shape` (a new
 * reference: `a` itself when it already is one, else a broadcast copy). */
int32_t pyrt_array_broadcast_shape(pyrt_context* ctx, int32_t count, pyrt_array* const* arrays,
                                   int64_t* shape, const char* site);
pyrt_array* pyrt_array_expand(pyrt_array* a, int32_t ndim, const int64_t* shape);
/* The result buffer of a fused loop: `candidate` itself (a new reference) when it may be
 * overwritten -- its last use is this loop (the caller knows), nothing else holds it (refcount 1,
 * not a view, not shared) and it has this dtype and shape -- else a new array. */
pyrt_array* pyrt_array_reuse_or_new(pyrt_context* ctx, pyrt_array* candidate, int32_t dtype, int32_t ndim,
                                     const int64_t* shape, const char* site);

#ifdef __cplusplus
}
#endif

#include "pyscript/runtime_random.h"

#endif
