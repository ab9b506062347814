// Internal to runtime/: generic slot operations (runtime/value.cpp) that list.cpp and dict.cpp
// build on. Note [Object layout] in include/pyscript/runtime_objects.h.
#pragma once

#include "runtime/object_internal.hpp"

#include <string>

namespace pyscript::runtime {

// Whether a slot of `type` holds references (str, list, dict, array, generator, or a tuple with
// one): slots without any are copied and dropped without counting.
bool type_has_refs(const pyrt_type* type);
// Marks what a slot holds as reachable from other threads (pyrt_object_share and its kin).
void value_share(const pyrt_type* type, const void* slot);
// Before a value is stored into `container`: shared if the container is (Note [Stores into shared
// containers] in codegen/emit_objects.cpp).
inline void share_into(const pyrt_object* container, const pyrt_type* type, const void* slot) {
  if (__builtin_expect(container->shared, 0)) value_share(type, slot);
}
// a == b (pyrt_value_eq); identical objects are equal, as CPython's containers compare them.
bool value_equal(const pyrt_type* type, const void* a, const void* b);
// a < b: 1 or 0, or -1 after raising CPython's TypeError (unordered types).
int value_less(pyrt_context* ctx, const pyrt_type* type, const void* a, const void* b,
               const char* site);
// The name CPython's TypeErrors give a value of slot kind `kind` (its type's tp_name: "int",
// "numpy.float64", "numpy.random._generator.Generator"); "object" for the rest.
const char* kind_type_name(int32_t kind);
// repr(v) appended to out (strings quoted, containers recursively).
void append_value_repr(std::string& out, const pyrt_type* type, const void* slot);

// The next live entry of `d` at or after *pos (advancing *pos past it), or -1: pyrt_dict_next
// without the version check (dict.cpp).
int64_t dict_next_live(const pyrt_dict* d, int64_t* pos);

// The str operations every object file agrees on: byte equality, code point order (UTF-8 byte
// order is code point order) and the hash of the bytes, cached in s->hash (never -1).
bool str_equal(const pyrt_str* a, const pyrt_str* b);
int str_compare(const pyrt_str* a, const pyrt_str* b); // -1, 0, 1
int64_t str_hash(pyrt_str* s);

} // namespace pyscript::runtime
