// Exception objects, raise and catch (Note [Exception objects] in
// include/pyscript/runtime_exceptions.h).
#include "runtime/object_internal.hpp"

#include <cstring>
#include <string>
#include <string_view>

namespace pyscript::runtime {
namespace {

// The built-in classes' names, by id (pyrt_exception_class).
const char* const kBuiltinNames[PYRT_EXC_BUILTIN_COUNT] = {
#define PYRT_EXCEPTION_CLASS(ID, name, base) name,
#include "pyscript/exception_classes.def"
#undef PYRT_EXCEPTION_CLASS
};

// The class of an error the runtime or generated code recorded (pyrt_error_kind).
int32_t class_of_kind(int32_t kind) {
  switch (kind) {
  case PYRT_ZERO_DIVISION_INT:
  case PYRT_ZERO_DIVISION_FLOAT:
  case PYRT_ZERO_DIVISION_FLOAT_FLOOR:
  case PYRT_ZERO_DIVISION_FLOAT_MOD:
  case PYRT_ZERO_POW_NEGATIVE:
  case PYRT_ZERO_DIVISION_TRUE:
  case PYRT_ZERO_DIVISION_INT_MOD:
  case PYRT_ZERO_DIVISION_FLOAT_DIVMOD:
    return PYRT_EXC_ZERO_DIVISION_ERROR;
  case PYRT_FLOAT_OVERFLOW:
  case PYRT_FLOAT_TO_INT_INF:
  case PYRT_OVERFLOW_ERROR:
    return PYRT_EXC_OVERFLOW_ERROR;
  case PYRT_FLOAT_TO_INT_NAN:
  case PYRT_MATH_DOMAIN:
  case PYRT_RANGE_STEP_ZERO:
  case PYRT_VALUE_ERROR:
    return PYRT_EXC_VALUE_ERROR;
  case PYRT_ASSERTION:
    return PYRT_EXC_ASSERTION_ERROR;
  case PYRT_INDEX_ERROR:
    return PYRT_EXC_INDEX_ERROR;
  case PYRT_KEY_ERROR:
    return PYRT_EXC_KEY_ERROR;
  case PYRT_MEMORY_ERROR:
    return PYRT_EXC_MEMORY_ERROR;
  case PYRT_RECURSION:
  case PYRT_RECURSION_ERROR:
    return PYRT_EXC_RECURSION_ERROR;
  case PYRT_TYPE_ERROR:
    return PYRT_EXC_TYPE_ERROR;
  case PYRT_NAME_ERROR:
    return PYRT_EXC_NAME_ERROR;
  case PYRT_UNBOUND_LOCAL_ERROR:
    return PYRT_EXC_UNBOUND_LOCAL_ERROR;
  case PYRT_STOP_ITERATION:
    return PYRT_EXC_STOP_ITERATION;
  case PYRT_LINALG_ERROR:
    return PYRT_EXC_LINALG_ERROR;
  case PYRT_RUNTIME_ERROR:
    return PYRT_EXC_RUNTIME_ERROR;
  case PYRT_SYSTEM_EXIT:
    return PYRT_EXC_SYSTEM_EXIT;
  case PYRT_ATTRIBUTE_ERROR:
    return PYRT_EXC_ATTRIBUTE_ERROR;
  case PYRT_OS_ERROR:
    return PYRT_EXC_OS_ERROR;
  case PYRT_FILE_NOT_FOUND_ERROR:
    return PYRT_EXC_FILE_NOT_FOUND_ERROR;
  case PYRT_PERMISSION_ERROR:
    return PYRT_EXC_PERMISSION_ERROR;
  case PYRT_IS_A_DIRECTORY_ERROR:
    return PYRT_EXC_IS_A_DIRECTORY_ERROR;
  default:
    return PYRT_EXC_EXCEPTION;
  }
}

// Note [Errors no except catches]
// pyscript's own limits are runtime errors where CPython raises nothing (SPEC: an int leaving 64
// bits, int ** negative int known only at run time, a power that is complex in CPython, sum() of
// an empty float list, ...): a handler would run where CPython's program goes on, so no `try`
// catches them, not even `finally` runs; they stop the program as before. Their kinds are below,
// and the others name pyscript in their message ("pyscript's int is 64-bit"). MemoryError is one
// too: where pyscript runs out of memory is not where CPython would.
bool is_pyscript_limit(int32_t kind, const char* detail) {
  switch (kind) {
  case PYRT_INT_OVERFLOW:
  case PYRT_NEGATIVE_INT_POWER:
  case PYRT_COMPLEX_POWER:
  case PYRT_MEMORY_ERROR:
    return true;
  default:
    return detail && std::strstr(detail, "pyscript") != nullptr;
  }
}

pyrt_str* repr_of(const char* bytes, int64_t size) {
  std::string out;
  append_str_repr(out, bytes, size);
  return str_from(out);
}

pyrt_exception* alloc_exception(int32_t cls, const char* class_name, pyrt_str* text,
                                pyrt_str* arg_repr) {
  auto* e = static_cast<pyrt_exception*>(small_alloc(sizeof(pyrt_exception)));
  if (!e) return nullptr;
  std::memset(e, 0, sizeof *e);
  e->head.refcount = 1;
  e->head.kind = PYRT_OBJ_EXCEPTION;
  e->cls = cls;
  e->class_name = class_name;
  e->text = text;
  e->arg_repr = arg_repr;
  e->kind = PYRT_EXCEPTION;
  return e;
}

} // namespace

void destroy_exception(pyrt_exception* e) {
  if (e->cause) pyrt_object_release(&e->cause->head);
  pyrt_object_release(&e->text->head);
  if (e->arg_repr) pyrt_object_release(&e->arg_repr->head);
  small_free(e, sizeof(pyrt_exception));
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_exception* pyrt_exception_new(pyrt_context* ctx, int32_t cls, const char* class_name,
                                   pyrt_str* text, pyrt_str* arg_repr, const char* site) {
  pyrt_exception* e = alloc_exception(cls, class_name, text, arg_repr);
  if (!e) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  pyrt_object_retain(&text->head);
  if (arg_repr) pyrt_object_retain(&arg_repr->head);
  return e;
}

void pyrt_exception_raise(pyrt_context* ctx, pyrt_exception* e, const char* site) {
  if (ctx->failed) return;
  if (!e->site)
    e->site = site; // a bare `raise` keeps where it was raised first, as a traceback ends there
  if (e->kind == PYRT_SYSTEM_EXIT) { // the host reads the status from the detail
    pyrt_raise_detail(ctx, PYRT_SYSTEM_EXIT, e->site, "%s", e->text->data);
    return;
  }
  pyrt_raise(ctx, PYRT_EXCEPTION, e->site);
  pyrt_object_retain(&e->head);
  ctx->exception = e;
}

pyrt_exception* pyrt_exception_catch(pyrt_context* ctx) {
  if (ctx->kind == PYRT_EXCEPTION) {
    pyrt_exception* e = ctx->exception; // the context's reference moves to the caller
    ctx->exception = nullptr;
    pyrt_clear_error(ctx);
    return e;
  }
  if (is_pyscript_limit(ctx->kind, ctx->detail)) return nullptr;
  int32_t cls = class_of_kind(ctx->kind);
  // "ZeroDivisionError: division by zero": the message follows the class, unless in detail.
  std::string_view fixed = pyrt_error_text(ctx->kind);
  size_t colon = fixed.find(": ");
  std::string message = ctx->detail                       ? std::string(ctx->detail)
                        : colon == std::string_view::npos ? std::string()
                                                          : std::string(fixed.substr(colon + 2));
  pyrt_str* text = str_from(message);
  pyrt_str* arg_repr = nullptr;
  if (text &&
      cls == PYRT_EXC_KEY_ERROR) { // the detail is repr(key) already, and str(e) is that too
    arg_repr = text;
    pyrt_object_retain(&text->head);
  } else if (text && !(ctx->kind == PYRT_ASSERTION && !ctx->detail)) { // `assert c`: no argument
    arg_repr = repr_of(message.data(), int64_t(message.size()));
  }
  pyrt_exception* e = text ? alloc_exception(cls, kBuiltinNames[cls], text, arg_repr) : nullptr;
  if (!e) { // no memory: the error stays (MemoryError would be as good, and no handler would run)
    if (text) pyrt_object_release(&text->head);
    if (arg_repr) pyrt_object_release(&arg_repr->head);
    return nullptr;
  }
  e->site = ctx->site;
  e->kind = ctx->kind;
  pyrt_clear_error(ctx);
  return e;
}

pyrt_str* pyrt_exception_str(pyrt_exception* e, int32_t repr) {
  if (!repr) {
    pyrt_object_retain(&e->text->head);
    return e->text;
  }
  std::string out = e->class_name;
  if (std::string_view(out).starts_with("numpy.linalg."))
    out = "LinAlgError"; // repr shows the bare name
  out += '(';
  if (e->arg_repr) out.append(e->arg_repr->data, size_t(e->arg_repr->size));
  out += ')';
  return str_from(out);
}

void pyrt_exception_describe(const pyrt_exception* e, char* buffer, int64_t size) {
  if (size <= 0) return;
  std::string out = e->class_name;
  if (e->text->size > 0) (out += ": ").append(e->text->data, size_t(e->text->size));
  size_t n = std::min(out.size(), size_t(size - 1));
  std::memcpy(buffer, out.data(), n);
  buffer[n] = '\0';
}

pyrt_str* pyrt_exception_type_name(const pyrt_exception* e) {
  std::string_view name = e->class_name;
  size_t dot = name.rfind('.');
  if (dot != std::string_view::npos) name.remove_prefix(dot + 1);
  return pyrt_str_new(name.data(), int64_t(name.size()));
}

void pyrt_exception_release(pyrt_exception* e) {
  if (e) pyrt_object_release(&e->head);
}

void pyrt_exception_set_cause(pyrt_exception* e, pyrt_exception* cause) {
  if (cause == e) return; // `raise e from e` keeps no cycle (CPython's would be one)
  if (cause) pyrt_object_retain(&cause->head);
  if (e->head.shared && cause) pyrt_object_share(&cause->head);
  pyrt_exception* old = e->cause;
  e->cause = cause;
  if (old) pyrt_object_release(&old->head);
}

pyrt_exception* pyrt_exception_cause(pyrt_exception* e) {
  if (e->cause) pyrt_object_retain(&e->cause->head);
  return e->cause;
}

} // extern "C"
