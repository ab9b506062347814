/* Python exceptions in compiled code (runtime/exceptions.cpp). Included by pyscript/runtime.h.
 *
 * Note [Exception objects]
 * An exception is a reference-counted object (Note [Object layout]: the pyrt_object header, kind
 * PYRT_OBJ_EXCEPTION) holding its class and what str() and repr() of it give. Its class is an id:
 * the built-in classes below have fixed ids; the classes a program derives from them get ids from
 * PYRT_EXC_FIRST_USER on, numbered by the compiler (lower/exceptions.cpp), which also knows the
 * whole tree and so tests `except E` as "the id is one of E's subclasses" (exception_matches).
 *
 * Two ways an exception becomes pending in a context:
 *   - an operation fails (pyrt_raise*: kind, detail, site), as before exceptions existed;
 *   - `raise` (pyrt_exception_raise: kind PYRT_EXCEPTION, the object in ctx->exception).
 * A `try` catches with pyrt_exception_catch, which turns either into an object and clears the
 * error -- unless the error is one of pyscript's own limits (Note [Errors no except catches]).
 */
#ifndef PYSCRIPT_RUNTIME_EXCEPTIONS_H
#define PYSCRIPT_RUNTIME_EXCEPTIONS_H

#include <stdint.h>

#include "pyscript/runtime_objects.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The built-in classes (exception_classes.def); a program's own classes are numbered from
 * PYRT_EXC_FIRST_USER on. */
typedef enum pyrt_exception_class {
#define PYRT_EXCEPTION_CLASS(ID, name, base) PYRT_EXC_##ID,
#include "pyscript/exception_classes.def"
#undef PYRT_EXCEPTION_CLASS
  PYRT_EXC_BUILTIN_COUNT,
  PYRT_EXC_FIRST_USER = 64,
} pyrt_exception_class;

typedef struct pyrt_exception {
  struct pyrt_object head;
  int32_t cls; /* a pyrt_exception_class, or a program's class id */
  int32_t reserved;
  const char* class_name; /* static: "ValueError", "ShapeError", "numpy.linalg.LinAlgError" */
  struct pyrt_str* text;  /* str(e): "" without an argument; KeyError: repr of the key */
  struct pyrt_str*
      arg_repr;     /* repr of the one argument, NULL without one: repr(e) is NAME(arg_repr) */
  const char* site; /* where it was first raised, NULL before */
  int32_t kind;     /* the pyrt_error_kind it came from (PYRT_EXCEPTION: made by the program) */
  int32_t reserved2;
  struct pyrt_exception* cause; /* __cause__ (`raise e from c`), NULL when None; counted */
} pyrt_exception;

#ifdef __cplusplus
}
#endif

#endif
