// Internal to runtime/: what the object files (object.cpp, value.cpp, list.cpp, dict.cpp, str*.cpp)
// share. Note [Object layout] in include/pyscript/runtime_objects.h.
#pragma once

#include "pyscript/runtime.h"

#include <string>

namespace pyscript::runtime {

// Blocks for small objects (Note [Small objects] in runtime/small_alloc.cpp): freed with the size
// they were allocated with. The fast paths (a block on this thread's list) are inline: objects are
// made and freed by the million.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSmallPooled = false;
#else
constexpr bool kSmallPooled = true;
#endif
constexpr size_t kSmallClass = 16, kMaxSmall = 256;
struct SmallBlock {
  SmallBlock* next;
};
struct SmallPools {
  SmallBlock* free[kMaxSmall / kSmallClass];
};
extern constinit thread_local SmallPools t_small_pools;
void* small_alloc_slow(size_t size);
void small_free_slow(void* p, size_t size);

inline void* small_alloc(size_t size) {
  if (kSmallPooled && size - 1 < kMaxSmall) { // size 0 wraps around: the slow path
    size_t c = (size - 1) / kSmallClass;
    if (SmallBlock* b = t_small_pools.free[c]) {
      t_small_pools.free[c] = b->next;
      return b;
    }
  }
  return small_alloc_slow(size);
}

inline void small_free(void* p, size_t size) {
  if (kSmallPooled && p && size - 1 < kMaxSmall) {
    size_t c = (size - 1) / kSmallClass;
    auto* b = static_cast<SmallBlock*>(p);
    b->next = t_small_pools.free[c];
    t_small_pools.free[c] = b;
    return;
  }
  small_free_slow(p, size);
}
// A list's element buffer of `capacity` slots of `size` bytes (small ones from the free lists too);
// freed with the same capacity and size. NULL for no room or no memory.
char* list_data_alloc(int64_t capacity, int64_t size);
void list_data_free(char* data, int64_t capacity, int64_t size);
// Frees a str (its count reached zero).
void str_free(pyrt_str* s);

// A new str of `size` bytes (data filled by the caller, NUL added here), refcount 1, hash unknown;
// `length` in code points. NULL when memory runs out.
pyrt_str* str_alloc(int64_t size, int64_t length);
// The number of code points in valid UTF-8.
int64_t utf8_length(const char* bytes, int64_t size);
// str.isprintable() of one code point: what repr() shows as is (runtime/str_unicode.cpp).
bool unicode_is_printable(uint32_t c);
// repr(s) appended to out: CPython's quotes and escapes.
void append_str_repr(std::string& out, const char* bytes, int64_t size);
// The text as a new str object (NULL when memory runs out).
pyrt_str* str_from(const std::string& text);

// Containers that may be on a reference cycle (Note [Cycle collector] in runtime/gc.cpp): the
// collector's header before them, kGcHeader bytes.
constexpr size_t kGcHeader = 16;
// Whether a slot of type `t` may hold an instance of a user class (directly or in a container).
bool type_reaches_object(const pyrt_type* t);
// Whether instances of `cls` may be on a cycle (a field reaches an instance).
bool class_is_container(const pyrt_class* cls);
// `size` bytes for a list, dict or instance; `tracked`: with the collector's header, on this
// thread's list (the caller sets PYRT_OBJ_GC in its kind). May run a collection first. NULL when
// memory runs out.
void* container_alloc(size_t size, bool tracked);
// Frees what container_alloc gave (the kind says whether a header precedes it).
void container_free(pyrt_object* o, size_t size);
// Takes a container off its thread's list for good (it became shared).
void container_untrack(pyrt_object* o);

// Freeing an object whose count reached zero, by kind (list.cpp, dict.cpp).
void destroy_list(pyrt_list* l);
void destroy_dict(pyrt_dict* d);
void destroy_set(pyrt_set* s); // set.cpp
// Instances of user classes (instance.cpp).
void destroy_instance(pyrt_instance* o);
void share_instance(pyrt_instance* o);
void append_instance_repr(std::string& out, const pyrt_instance* o);
// While one lives, an instance printed inside a container calls its __repr__ with `ctx`.
class PrintContext {
public:
  explicit PrintContext(pyrt_context* ctx);
  ~PrintContext();
  PrintContext(const PrintContext&) = delete;
  PrintContext& operator=(const PrintContext&) = delete;

private:
  pyrt_context* saved_;
};
void value_share(const pyrt_type* type, const void* slot);
void destroy_exception(pyrt_exception* e); // exceptions.cpp
// Marking what a container holds as shared (list.cpp, dict.cpp).
void share_list(pyrt_list* l);
void share_dict(pyrt_dict* d);
void share_set(pyrt_set* s);
// a == b of two sets, and repr(s) appended to out (set.cpp).
bool sets_equal(const pyrt_set* a, const pyrt_set* b);
void append_set_repr(std::string& out, const pyrt_set* s);

} // namespace pyscript::runtime
