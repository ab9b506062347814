// Reference counts of str, list and dict objects, and the str allocation every object file uses
// (Note [Object layout] in include/pyscript/runtime_objects.h).
#include "runtime/object_internal.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pyscript::runtime {

pyrt_str* str_alloc(int64_t size, int64_t length) {
  auto* s = static_cast<pyrt_str*>(small_alloc(sizeof(pyrt_str) + size_t(size) + 1));
  if (!s) return nullptr;
  s->head.refcount = 1;
  s->head.shared = 0;
  s->head.kind = PYRT_OBJ_STR;
  s->length = length;
  s->size = size;
  s->hash = -1;
  s->data[size] = '\0';
  return s;
}

void str_free(pyrt_str* s) {
  small_free(s, sizeof(pyrt_str) + size_t(s->size) + 1);
}

int64_t utf8_length(const char* bytes, int64_t size) {
  int64_t n = 0;
  for (int64_t i = 0; i < size; ++i)
    n += (static_cast<unsigned char>(bytes[i]) & 0xC0) != 0x80;
  return n;
}

pyrt_str* str_from(const std::string& text) {
  pyrt_str* s = str_alloc(int64_t(text.size()), utf8_length(text.data(), int64_t(text.size())));
  if (s) std::memcpy(s->data, text.data(), text.size());
  return s;
}

void append_str_repr(std::string& out, const char* bytes, int64_t size) {
  bool has_single = std::memchr(bytes, '\'', size_t(size)) != nullptr;
  bool has_double = std::memchr(bytes, '"', size_t(size)) != nullptr;
  char quote = has_single && !has_double ? '"' : '\'';
  out += quote;
  char buf[16];
  for (int64_t i = 0; i < size;) {
    unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x80) {
      ++i;
      if (c == '\\')
        out += "\\\\";
      else if (c == '\n')
        out += "\\n";
      else if (c == '\t')
        out += "\\t";
      else if (c == '\r')
        out += "\\r";
      else if (c == static_cast<unsigned char>(quote))
        (out += '\\') += char(c);
      else if (c < 0x20 || c == 0x7f) {
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else
        out += char(c);
      continue;
    }
    int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    uint32_t cp = c & (0xFF >> (n + 1));
    for (int k = 1; k < n && i + k < size; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(bytes[i + k]) & 0x3F);
    if (unicode_is_printable(cp)) {
      out.append(bytes + i, size_t(n));
    } else {
      if (cp <= 0xFF)
        std::snprintf(buf, sizeof buf, "\\x%02x", cp);
      else if (cp <= 0xFFFF)
        std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      else
        std::snprintf(buf, sizeof buf, "\\U%08x", cp);
      out += buf;
    }
    i += n;
  }
  out += quote;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_str* pyrt_str_new(const char* bytes, int64_t size) {
  pyrt_str* s = str_alloc(size, utf8_length(bytes, size));
  if (s && size) std::memcpy(s->data, bytes, size_t(size));
  return s;
}

void pyrt_object_destroy(pyrt_object* o) {
  switch (o->kind & PYRT_OBJ_KIND_MASK) {
  case PYRT_OBJ_STR:
    str_free(reinterpret_cast<pyrt_str*>(o));
    return;
  case PYRT_OBJ_LIST:
    destroy_list(reinterpret_cast<pyrt_list*>(o));
    return;
  case PYRT_OBJ_DICT:
    destroy_dict(reinterpret_cast<pyrt_dict*>(o));
    return;
  case PYRT_OBJ_SET:
    destroy_set(reinterpret_cast<pyrt_set*>(o));
    return;
  case PYRT_OBJ_INSTANCE:
    destroy_instance(reinterpret_cast<pyrt_instance*>(o));
    return;
  case PYRT_OBJ_EXCEPTION:
    destroy_exception(reinterpret_cast<pyrt_exception*>(o));
    return;
  }
}

void pyrt_object_retain(pyrt_object* o) {
  if (!o || o->refcount < 0) return;
  if (__builtin_expect(o->shared, 0))
    std::atomic_ref<int64_t>(o->refcount).fetch_add(1, std::memory_order_relaxed);
  else
    ++o->refcount;
}

void pyrt_object_release(pyrt_object* o) {
  if (!o || o->refcount < 0) return;
  if (__builtin_expect(o->shared, 0)) {
    if (std::atomic_ref<int64_t>(o->refcount).fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  } else if (--o->refcount > 0) {
    return;
  }
  pyrt_object_destroy(o);
}

void pyrt_object_share(pyrt_object* o) {
  if (!o || o->refcount < 0 || o->shared) return;
  o->shared = 1;
  container_untrack(o); // other threads may use it from now on (Note [Cycle collector])
  int32_t kind = o->kind & PYRT_OBJ_KIND_MASK;
  if (kind == PYRT_OBJ_LIST)
    share_list(reinterpret_cast<pyrt_list*>(o));
  else if (kind == PYRT_OBJ_DICT)
    share_dict(reinterpret_cast<pyrt_dict*>(o));
  else if (kind == PYRT_OBJ_SET)
    share_set(reinterpret_cast<pyrt_set*>(o));
  else if (kind == PYRT_OBJ_INSTANCE)
    share_instance(reinterpret_cast<pyrt_instance*>(o));
  else if (o->kind == PYRT_OBJ_EXCEPTION) {
    auto* e = reinterpret_cast<pyrt_exception*>(o);
    pyrt_object_share(&e->text->head);
    if (e->cause) pyrt_object_share(&e->cause->head);
    if (e->arg_repr) pyrt_object_share(&e->arg_repr->head);
  }
}

} // extern "C"
