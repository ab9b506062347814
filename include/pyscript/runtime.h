/* The runtime support that compiled code calls: errors with Python locations, Python's
 * arithmetic where it needs more than an instruction, and printing as CPython prints.
 * Plain C ABI: generated code (JIT or ahead-of-time objects) calls these by name.
 *
 * Every compiled function takes a pyrt_context* first. An operation that fails records the
 * error in the context (pyrt_raise...) and the generated code returns at once; each caller checks
 * `failed` after a call, so the error travels up to the host, which reads it.
 */
#ifndef PYSCRIPT_RUNTIME_H
#define PYSCRIPT_RUNTIME_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

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
} pyrt_error_kind;

typedef struct pyrt_context {
  int32_t failed;           /* nonzero once an error is recorded; read by generated code */
  int32_t kind;             /* pyrt_error_kind */
  const char* site;         /* "model.py:7:12" */
  const char* detail;       /* assertion message, or NULL */
  FILE* out;                /* where print writes; stdout when NULL */
} pyrt_context;

/* "ZeroDivisionError: integer division or modulo by zero" */
const char* pyrt_error_text(int32_t kind);

void pyrt_raise(pyrt_context* ctx, int32_t kind, const char* site);
void pyrt_raise_assert(pyrt_context* ctx, const char* site, const char* message);

int64_t pyrt_int_pow(pyrt_context* ctx, int64_t base, int64_t exponent, const char* site);
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
void pyrt_print_str_repr(pyrt_context* ctx, const char* s); /* as inside a tuple: 'a' */

#ifdef __cplusplus
}
#endif

#endif
