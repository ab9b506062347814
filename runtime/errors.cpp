// Runtime errors: recorded in the context, reported by the host with the Python location.
#include "pyscript/runtime.h"

#include <cstdarg>
#include <cstdio>

extern "C" {

const char* pyrt_error_text(int32_t kind) {
  switch (kind) {
  case PYRT_ZERO_DIVISION_INT: return "ZeroDivisionError: integer division or modulo by zero";
  case PYRT_ZERO_DIVISION_FLOAT: return "ZeroDivisionError: float division by zero";
  case PYRT_ZERO_DIVISION_FLOAT_FLOOR: return "ZeroDivisionError: float floor division by zero";
  case PYRT_ZERO_DIVISION_FLOAT_MOD: return "ZeroDivisionError: float modulo";
  case PYRT_ZERO_POW_NEGATIVE: return "ZeroDivisionError: 0.0 cannot be raised to a negative power";
  case PYRT_INT_OVERFLOW:
    return "OverflowError: integer overflow (pyscript's int is 64-bit; CPython's is unbounded)";
  case PYRT_NEGATIVE_INT_POWER:
    return "ValueError: int ** negative int gives a float in CPython; write float(base) ** exponent";
  case PYRT_COMPLEX_POWER:
    return "ValueError: a negative number raised to a fractional power is complex in CPython";
  case PYRT_FLOAT_OVERFLOW: return "OverflowError: math range error";
  case PYRT_FLOAT_TO_INT_NAN: return "ValueError: cannot convert float NaN to integer";
  case PYRT_FLOAT_TO_INT_INF: return "OverflowError: cannot convert float infinity to integer";
  case PYRT_MATH_DOMAIN: return "ValueError: math domain error";
  case PYRT_RANGE_STEP_ZERO: return "ValueError: range() arg 3 must not be zero";
  case PYRT_ASSERTION: return "AssertionError";
  case PYRT_ZERO_DIVISION_TRUE: return "ZeroDivisionError: division by zero";
  case PYRT_VALUE_ERROR: return "ValueError";
  case PYRT_INDEX_ERROR: return "IndexError";
  case PYRT_MEMORY_ERROR: return "MemoryError";
  case PYRT_RECURSION: return "RecursionError: maximum recursion depth exceeded";
  case PYRT_TYPE_ERROR: return "TypeError";
  case PYRT_NAME_ERROR: return "NameError";
  case PYRT_UNBOUND_LOCAL_ERROR: return "UnboundLocalError";
  case PYRT_STOP_ITERATION: return "StopIteration";
  case PYRT_OVERFLOW_ERROR: return "OverflowError";
  case PYRT_LINALG_ERROR: return "numpy.linalg.LinAlgError"; // as CPython prints numpy's class
  case PYRT_KEY_ERROR: return "KeyError";
  case PYRT_RUNTIME_ERROR: return "RuntimeError";
  case PYRT_SYSTEM_EXIT: return "SystemExit";
  case PYRT_RECURSION_ERROR: return "RecursionError";
  case PYRT_ATTRIBUTE_ERROR: return "AttributeError";
  case PYRT_OS_ERROR: return "OSError";
  case PYRT_FILE_NOT_FOUND_ERROR: return "FileNotFoundError";
  case PYRT_PERMISSION_ERROR: return "PermissionError";
  case PYRT_IS_A_DIRECTORY_ERROR: return "IsADirectoryError";
  case PYRT_EXCEPTION: return "Exception"; // the object says which: pyrt_exception_describe
  case PYRT_ZERO_DIVISION_INT_MOD: return "ZeroDivisionError: integer modulo by zero";
  case PYRT_ZERO_DIVISION_FLOAT_DIVMOD: return "ZeroDivisionError: float divmod()";
  default: return "error";
  }
}

void pyrt_raise(pyrt_context* ctx, int32_t kind, const char* site) {
  if (ctx->failed) return; // the first error wins
  ctx->failed = 1;
  ctx->kind = kind;
  ctx->site = site;
  ctx->detail = nullptr;
  ctx->exception = nullptr;
}

void pyrt_clear_error(pyrt_context* ctx) {
  if (ctx->failed && ctx->kind == PYRT_EXCEPTION) pyrt_exception_release(ctx->exception);
  ctx->exception = nullptr;
  ctx->failed = 0;
  ctx->site = nullptr;
  ctx->detail = nullptr;
}

void pyrt_raise_assert(pyrt_context* ctx, const char* site, const char* message) {
  pyrt_raise(ctx, PYRT_ASSERTION, site);
  ctx->detail = message; // null for `assert c`; "" for `assert c, ''` (AssertionError(''))
}

void pyrt_raise_detail(pyrt_context* ctx, int32_t kind, const char* site, const char* format, ...) {
  if (ctx->failed) return;
  pyrt_raise(ctx, kind, site);
  va_list args;
  va_start(args, format);
  std::vsnprintf(ctx->detail_buffer, sizeof ctx->detail_buffer, format, args);
  va_end(args);
  ctx->detail = ctx->detail_buffer;
}

void pyrt_raise_name_error(pyrt_context* ctx, const char* site, const char* name) {
  pyrt_raise_detail(ctx, PYRT_NAME_ERROR, site, "name '%s' is not defined", name);
}

} // extern "C"
