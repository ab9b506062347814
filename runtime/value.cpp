// Values of any static type in slots (Note [Object layout] in include/pyscript/runtime_objects.h):
// counting, equality, order, hashing and the text of print and repr, by walking the slot's
// pyrt_type. list.cpp and dict.cpp build their containers on these.
#include "runtime/array_internal.hpp"
#include "runtime/value_internal.hpp"
#include "support/float_repr.hpp"

#include <atomic>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>
#include <vector>

namespace pyscript::runtime {

namespace {

template <class T> T load(const void* slot) {
  T v;
  std::memcpy(&v, slot, sizeof v);
  return v;
}

const void* field(const pyrt_type* type, const void* slot, int32_t i) {
  return static_cast<const char*>(slot) + type->offsets[i];
}

// An Optional number's flag (PYRT_K_OPTIONAL_VALUE).
bool optional_present(const pyrt_type* type, const void* slot) {
  return load<uint8_t>(static_cast<const char*>(slot) + type->offsets[0]) != 0;
}

pyrt_object* object_in(const void* slot) {
  return load<pyrt_object*>(slot);
}
pyrt_array* array_in(const void* slot) {
  return load<pyrt_array*>(slot);
}
pyrt_generator* generator_in(const void* slot) {
  return load<pyrt_generator*>(slot);
}

// Python's numeric hash: n mod (2**61 - 1) with the sign of n, -1 read as -2, so that equal ints,
// floats and bools hash alike (hash(1) == hash(1.0) == hash(True), hash(-0.0) == 0).
constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;

int64_t signed_hash(uint64_t magnitude, bool negative) {
  int64_t h = int64_t(magnitude);
  if (negative) h = -h;
  return h == -1 ? -2 : h;
}

int64_t hash_int(int64_t v) {
  uint64_t magnitude = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  return signed_hash(magnitude % kModulus, v < 0);
}

// x = m * 2**e with an integer m below 2**53; since 2**61 is 1 modulo the modulus, multiplying by
// 2**e is rotating m's 61 bits left by e mod 61 (a negative e too: 2**-1 is 2**60).
int64_t hash_float(double x) {
  if (std::isnan(x)) return 0;
  if (std::isinf(x)) return x > 0 ? 314159 : -314159;
  int e;
  double m = std::frexp(std::fabs(x), &e);
  uint64_t mantissa = uint64_t(std::ldexp(m, 53));
  int64_t exponent = int64_t(e) - 53;
  unsigned k = unsigned(((exponent % 61) + 61) % 61);
  uint64_t r = mantissa % kModulus;
  if (k) r = ((r << k) & kModulus) | (r >> (61 - k));
  if (r >= kModulus) r -= kModulus;
  return signed_hash(r, x < 0);
}

uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}


const char* op_text(int32_t op) {
  static const char* const ops[] = {"<", "<=", ">", ">="};
  return ops[op & 3];
}

// x op y for numbers (false whenever a NaN takes part, as IEEE compares).
template <class T> int compare_op(int32_t op, T x, T y) {
  switch (op) {
  case 0:
    return x < y;
  case 1:
    return x <= y;
  case 2:
    return x > y;
  default:
    return x >= y;
  }
}

bool arrays_equal(const pyrt_array* a, const pyrt_array* b) {
  if (a == b) return true;
  if (!a || !b || a->ndim != b->ndim || a->dtype != b->dtype) return false;
  for (int d = 0; d < a->ndim; ++d)
    if (a->shape[d] != b->shape[d]) return false;
  std::vector<int64_t> offsets;
  for_each_offset(b, [&](int64_t off) { offsets.push_back(off); });
  size_t i = 0;
  bool equal = true;
  for_each_offset(a, [&](int64_t off) {
    int64_t other = offsets[i++];
    if (a->dtype == PYRT_I64)
      equal = equal && load_i64(a, off) == load_i64(b, other);
    else
      equal = equal && load_f64(a, off) == load_f64(b, other);
  });
  return equal;
}

bool dicts_equal(const pyrt_dict* a, const pyrt_dict* b) {
  if (a == b) return true;
  if (!a || !b || a->length != b->length) return false;
  const pyrt_type* value_type = a->type->items[1];
  int64_t pos = 0;
  for (int64_t e; (e = dict_next_live(a, &pos)) >= 0;) {
    auto* da = const_cast<pyrt_dict*>(a);
    void* other = pyrt_dict_find(const_cast<pyrt_dict*>(b), pyrt_dict_key(da, e));
    if (!other || !value_equal(value_type, pyrt_dict_value(da, e), other)) return false;
  }
  return true;
}

// Python's order of sequences: the first elements that differ (by ==) decide, else the lengths.
int sequence_order(pyrt_context* ctx, int32_t op, const pyrt_type* type, const void* a,
                   const void* b, const char* site) {
  if (type->kind == PYRT_K_TUPLE) {
    for (int32_t i = 0; i < type->count; ++i) {
      const void* x = field(type, a, i);
      const void* y = field(type, b, i);
      if (!value_equal(type->items[i], x, y))
        return pyrt_value_order(ctx, op, type->items[i], x, y, site);
    }
    return compare_op(op, 0, 0);
  }
  const pyrt_list* la = load<const pyrt_list*>(a);
  const pyrt_list* lb = load<const pyrt_list*>(b);
  const pyrt_type* elem = type->items[0];
  int64_t n = la->length < lb->length ? la->length : lb->length;
  for (int64_t i = 0; i < n; ++i) {
    const void* x = la->data + i * elem->size;
    const void* y = lb->data + i * elem->size;
    if (!value_equal(elem, x, y)) return pyrt_value_order(ctx, op, elem, x, y, site);
  }
  return compare_op(op, la->length, lb->length);
}

void append_sequence(std::string& out, const pyrt_type* type, const void* slot) {
  if (type->kind == PYRT_K_TUPLE) {
    out += '(';
    for (int32_t i = 0; i < type->count; ++i) {
      if (i) out += ", ";
      append_value_repr(out, type->items[i], field(type, slot, i));
    }
    out += type->count == 1 ? ",)" : ")";
    return;
  }
  const pyrt_list* l = load<const pyrt_list*>(slot);
  const pyrt_type* elem = type->items[0];
  out += '[';
  for (int64_t i = 0; l && i < l->length; ++i) {
    if (i) out += ", ";
    append_value_repr(out, elem, l->data + i * elem->size);
  }
  out += ']';
}

void append_dict(std::string& out, const pyrt_type* type, const void* slot) {
  auto* d = load<pyrt_dict*>(slot);
  out += '{';
  int64_t pos = 0;
  bool first = true;
  for (int64_t e; d && (e = dict_next_live(d, &pos)) >= 0; first = false) {
    if (!first) out += ", ";
    append_value_repr(out, type->items[0], pyrt_dict_key(d, e));
    out += ": ";
    append_value_repr(out, type->items[1], pyrt_dict_value(d, e));
  }
  out += '}';
}

// str(v): a str is its own text, an array prints as numpy's str; the rest as repr.
std::string text_of(const pyrt_type* type, const void* slot) {
  if (type->kind == PYRT_K_STR) {
    const auto* s = load<const pyrt_str*>(slot);
    return s ? std::string(s->data, size_t(s->size)) : std::string();
  }
  if (type->kind == PYRT_K_ARRAY && array_in(slot)) return array_str_text(array_in(slot));
  if (type->kind == PYRT_K_EXCEPTION) {
    const auto* e = load<const pyrt_exception*>(slot);
    return e ? std::string(e->text->data, size_t(e->text->size)) : std::string();
  }
  std::string out;
  append_value_repr(out, type, slot);
  return out;
}

pyrt_str* new_str_or_raise(pyrt_context* ctx, const std::string& text) {
  pyrt_str* s = str_from(text);
  if (!s) pyrt_raise(ctx, PYRT_MEMORY_ERROR, nullptr);
  return s;
}

} // namespace

const char* kind_type_name(int32_t kind) {
  switch (kind) {
  case PYRT_K_NONE: return "NoneType";
  case PYRT_K_BOOL: return "bool";
  case PYRT_K_INT: return "int";
  case PYRT_K_FLOAT: return "float";
  case PYRT_K_STR: return "str";
  case PYRT_K_LIST: return "list";
  case PYRT_K_TUPLE: return "tuple";
  case PYRT_K_DICT: return "dict";
  case PYRT_K_SET: return "set";
  case PYRT_K_ARRAY: return "numpy.ndarray";
  case PYRT_K_GENERATOR: return "numpy.random._generator.Generator";
  case PYRT_K_NP_FLOAT64: return "numpy.float64";
  case PYRT_K_NP_FLOAT32: return "numpy.float32";
  case PYRT_K_NP_INT64: return "numpy.int64";
  case PYRT_K_NP_BOOL: return "numpy.bool_";
  default: return "object";
  }
}

bool type_has_refs(const pyrt_type* type) {
  switch (type->kind) {
  case PYRT_K_OPTIONAL:
  case PYRT_K_OBJECT:
  case PYRT_K_STR:
  case PYRT_K_LIST:
  case PYRT_K_DICT:
  case PYRT_K_SET:
  case PYRT_K_EXCEPTION:
  case PYRT_K_ARRAY:
  case PYRT_K_GENERATOR:
    return true;
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < type->count; ++i)
      if (type_has_refs(type->items[i])) return true;
    return false;
  default:
    return false;
  }
}

void value_share(const pyrt_type* type, const void* slot) {
  switch (type->kind) {
  case PYRT_K_OPTIONAL:
  case PYRT_K_OBJECT:
  case PYRT_K_STR:
  case PYRT_K_LIST:
  case PYRT_K_DICT:
  case PYRT_K_SET:
  case PYRT_K_EXCEPTION:
    pyrt_object_share(object_in(slot));
    return;
  case PYRT_K_ARRAY:
    pyrt_array_share(array_in(slot));
    return;
  case PYRT_K_GENERATOR:
    pyrt_generator_share(generator_in(slot));
    return;
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < type->count; ++i)
      value_share(type->items[i], field(type, slot, i));
    return;
  default:
    return;
  }
}

bool value_equal(const pyrt_type* type, const void* a, const void* b) {
  switch (type->kind) {
  case PYRT_K_NONE:
    return true;
  case PYRT_K_OPTIONAL:
    if (!load<const void*>(a) || !load<const void*>(b)) return load<const void*>(a) == load<const void*>(b);
    return value_equal(type->items[0], a, b);
  case PYRT_K_OPTIONAL_VALUE: {
    bool pa = optional_present(type, a), pb = optional_present(type, b);
    return pa == pb && (!pa || value_equal(type->items[0], a, b));
  }
  case PYRT_K_BOOL:
  case PYRT_K_NP_BOOL:
    return (load<uint8_t>(a) != 0) == (load<uint8_t>(b) != 0);
  case PYRT_K_INT:
  case PYRT_K_NP_INT64:
    return load<int64_t>(a) == load<int64_t>(b);
  case PYRT_K_FLOAT:
  case PYRT_K_NP_FLOAT64:
    return load<double>(a) == load<double>(b);
  case PYRT_K_NP_FLOAT32:
    return load<float>(a) == load<float>(b);
  case PYRT_K_STR: {
    const auto* x = load<const pyrt_str*>(a);
    const auto* y = load<const pyrt_str*>(b);
    return x == y || (x && y && str_equal(x, y));
  }
  case PYRT_K_LIST: {
    const auto* x = load<const pyrt_list*>(a);
    const auto* y = load<const pyrt_list*>(b);
    if (x == y) return true;
    if (!x || !y || x->length != y->length) return false;
    const pyrt_type* elem = type->items[0];
    for (int64_t i = 0; i < x->length; ++i)
      if (!value_equal(elem, x->data + i * elem->size, y->data + i * elem->size)) return false;
    return true;
  }
  case PYRT_K_DICT:
    return dicts_equal(load<const pyrt_dict*>(a), load<const pyrt_dict*>(b));
  case PYRT_K_SET:
    return sets_equal(load<const pyrt_set*>(a), load<const pyrt_set*>(b));
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < type->count; ++i)
      if (!value_equal(type->items[i], field(type, a, i), field(type, b, i))) return false;
    return true;
  case PYRT_K_ARRAY:
    return arrays_equal(array_in(a), array_in(b));
  default:
    return load<const void*>(a) == load<const void*>(b); // generators: identity
  }
}

int value_less(pyrt_context* ctx, const pyrt_type* type, const void* a, const void* b,
               const char* site) {
  return pyrt_value_order(ctx, 0, type, a, b, site);
}

void append_value_repr(std::string& out, const pyrt_type* type, const void* slot) {
  char buf[64];
  switch (type->kind) {
  case PYRT_K_NONE:
    out += "None";
    return;
  case PYRT_K_BOOL:
  case PYRT_K_NP_BOOL:
    out += load<uint8_t>(slot) ? "True" : "False";
    return;
  case PYRT_K_INT:
  case PYRT_K_NP_INT64:
    std::snprintf(buf, sizeof buf, "%" PRId64, load<int64_t>(slot));
    out += buf;
    return;
  case PYRT_K_FLOAT:
  case PYRT_K_NP_FLOAT64:
    out.append(buf, pyscript::format_float_repr(load<double>(slot), buf));
    return;
  case PYRT_K_NP_FLOAT32:
    out += float32_repr_text(load<float>(slot));
    return;
  case PYRT_K_STR: {
    const auto* s = load<const pyrt_str*>(slot);
    if (s)
      append_str_repr(out, s->data, s->size);
    else
      out += "''";
    return;
  }
  case PYRT_K_LIST:
  case PYRT_K_TUPLE:
    append_sequence(out, type, slot);
    return;
  case PYRT_K_DICT:
    append_dict(out, type, slot);
    return;
  case PYRT_K_SET:
    append_set_repr(out, load<const pyrt_set*>(slot));
    return;
  case PYRT_K_ARRAY:
    if (array_in(slot))
      out += array_repr_text(array_in(slot));
    else
      out += "None";
    return;
  case PYRT_K_OBJECT:
    append_instance_repr(out, load<const pyrt_instance*>(slot));
    return;
  case PYRT_K_OPTIONAL:
    if (load<const void*>(slot))
      append_value_repr(out, type->items[0], slot);
    else
      out += "None";
    return;
  case PYRT_K_OPTIONAL_VALUE:
    if (optional_present(type, slot))
      append_value_repr(out, type->items[0], slot);
    else
      out += "None";
    return;
  case PYRT_K_GENERATOR:
    std::snprintf(buf, sizeof buf, "Generator(PCG64) at 0x%" PRIX64,
                  uint64_t(reinterpret_cast<uintptr_t>(generator_in(slot))));
    out += buf;
    return;
  case PYRT_K_EXCEPTION: // ValueError('x') (Note [Exception objects])
    if (auto* e = load<pyrt_exception*>(slot)) {
      pyrt_str* r = pyrt_exception_str(e, 1);
      if (r) out.append(r->data, size_t(r->size));
      pyrt_object_release(reinterpret_cast<pyrt_object*>(r));
    }
    return;
  default:
    out += "<?>";
    return;
  }
}

bool str_equal(const pyrt_str* a, const pyrt_str* b) {
  if (a == b) return true;
  if (a->size != b->size) return false;
  int64_t ha = std::atomic_ref<const int64_t>(a->hash).load(std::memory_order_relaxed);
  int64_t hb = std::atomic_ref<const int64_t>(b->hash).load(std::memory_order_relaxed);
  if (ha != -1 && hb != -1 && ha != hb) return false;
  return std::memcmp(a->data, b->data, size_t(a->size)) == 0;
}

int str_compare(const pyrt_str* a, const pyrt_str* b) {
  if (a == b) return 0;
  size_t n = size_t(a->size < b->size ? a->size : b->size);
  int c = n ? std::memcmp(a->data, b->data, n) : 0;
  if (c) return c < 0 ? -1 : 1;
  return a->size < b->size ? -1 : a->size > b->size ? 1 : 0;
}

int64_t str_hash(pyrt_str* s) {
  std::atomic_ref<int64_t> cached(s->hash);
  int64_t h = cached.load(std::memory_order_relaxed);
  if (h != -1) return h;
  uint64_t x = 0xcbf29ce484222325ULL ^ uint64_t(s->size); // FNV-1a over the bytes, then mixed
  for (int64_t i = 0; i < s->size; ++i)
    x = (x ^ static_cast<unsigned char>(s->data[i])) * 0x100000001b3ULL;
  h = int64_t(mix(x));
  if (h == -1) h = -2;
  // Immortal strings may sit in read-only memory: their hash is computed each time.
  if (s->head.refcount >= 0) cached.store(h, std::memory_order_relaxed);
  return h;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

void pyrt_value_retain(const pyrt_type* type, const void* slot) {
  switch (type->kind) {
  case PYRT_K_OPTIONAL:
  case PYRT_K_OBJECT:
  case PYRT_K_STR:
  case PYRT_K_LIST:
  case PYRT_K_DICT:
  case PYRT_K_SET:
  case PYRT_K_EXCEPTION:
    pyrt_object_retain(object_in(slot));
    return;
  case PYRT_K_ARRAY:
    pyrt_array_retain(array_in(slot));
    return;
  case PYRT_K_GENERATOR:
    pyrt_generator_retain(generator_in(slot));
    return;
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < type->count; ++i)
      pyrt_value_retain(type->items[i], field(type, slot, i));
    return;
  default:
    return;
  }
}

void pyrt_value_release(const pyrt_type* type, void* slot) {
  switch (type->kind) {
  case PYRT_K_OPTIONAL:
  case PYRT_K_OBJECT:
  case PYRT_K_STR:
  case PYRT_K_LIST:
  case PYRT_K_DICT:
  case PYRT_K_SET:
  case PYRT_K_EXCEPTION:
    pyrt_object_release(object_in(slot));
    return;
  case PYRT_K_ARRAY:
    pyrt_array_release(array_in(slot));
    return;
  case PYRT_K_GENERATOR:
    pyrt_generator_release(generator_in(slot));
    return;
  case PYRT_K_TUPLE:
    for (int32_t i = 0; i < type->count; ++i)
      pyrt_value_release(type->items[i], static_cast<char*>(slot) + type->offsets[i]);
    return;
  default:
    return;
  }
}

int32_t pyrt_value_eq(const pyrt_type* type, const void* a, const void* b) {
  return value_equal(type, a, b) ? 1 : 0;
}

int32_t pyrt_value_order(pyrt_context* ctx, int32_t op, const pyrt_type* type, const void* a,
                         const void* b, const char* site) {
  switch (type->kind) {
  case PYRT_K_BOOL:
  case PYRT_K_NP_BOOL:
    return compare_op(op, load<uint8_t>(a) != 0, load<uint8_t>(b) != 0);
  case PYRT_K_INT:
  case PYRT_K_NP_INT64:
    return compare_op(op, load<int64_t>(a), load<int64_t>(b));
  case PYRT_K_FLOAT:
  case PYRT_K_NP_FLOAT64:
    return compare_op(op, load<double>(a), load<double>(b));
  case PYRT_K_NP_FLOAT32:
    return compare_op(op, load<float>(a), load<float>(b));
  case PYRT_K_STR:
    return compare_op(op, str_compare(load<const pyrt_str*>(a), load<const pyrt_str*>(b)), 0);
  case PYRT_K_LIST:
  case PYRT_K_TUPLE:
    return sequence_order(ctx, op, type, a, b, site);
  case PYRT_K_OPTIONAL:
  case PYRT_K_OPTIONAL_VALUE: { // None orders against nothing
    bool number = type->kind == PYRT_K_OPTIONAL_VALUE;
    bool pa = number ? optional_present(type, a) : load<const void*>(a) != nullptr;
    bool pb = number ? optional_present(type, b) : load<const void*>(b) != nullptr;
    if (pa && pb) return pyrt_value_order(ctx, op, type->items[0], a, b, site);
    const char* value = kind_type_name(type->items[0]->kind);
    pyrt_raise_detail(ctx, PYRT_TYPE_ERROR, site, "'%s' not supported between instances of '%s' and '%s'",
                      op_text(op), pa ? value : "NoneType", pb ? value : "NoneType");
    return -1;
  }
  default: {
    const char* name = kind_type_name(type->kind);
    pyrt_raise_detail(ctx, PYRT_TYPE_ERROR, site,
                      "'%s' not supported between instances of '%s' and '%s'", op_text(op), name,
                      name);
    return -1;
  }
  }
}

int64_t pyrt_value_hash(const pyrt_type* type, const void* slot) {
  switch (type->kind) {
  case PYRT_K_NONE:
    return 0x5eed;
  case PYRT_K_OPTIONAL:
    return load<const void*>(slot) ? pyrt_value_hash(type->items[0], slot) : 0x5eed;
  case PYRT_K_OPTIONAL_VALUE:
    return optional_present(type, slot) ? pyrt_value_hash(type->items[0], slot) : 0x5eed;
  case PYRT_K_BOOL:
  case PYRT_K_NP_BOOL:
    return load<uint8_t>(slot) != 0;
  case PYRT_K_INT:
  case PYRT_K_NP_INT64:
    return hash_int(load<int64_t>(slot));
  case PYRT_K_FLOAT:
  case PYRT_K_NP_FLOAT64:
    return hash_float(load<double>(slot));
  case PYRT_K_NP_FLOAT32:
    return hash_float(double(load<float>(slot)));
  case PYRT_K_STR: {
    auto* s = load<pyrt_str*>(slot);
    return s ? str_hash(s) : 0;
  }
  case PYRT_K_TUPLE: { // CPython's (xxHash's mixing of the fields' hashes): sets iterate in its order
    constexpr uint64_t kPrime1 = 11400714785074694791ULL, kPrime2 = 14029467366897019727ULL,
                       kPrime5 = 2870177450012600261ULL;
    uint64_t acc = kPrime5;
    for (int32_t i = 0; i < type->count; ++i) {
      acc += uint64_t(pyrt_value_hash(type->items[i], field(type, slot, i))) * kPrime2;
      acc = (acc << 31) | (acc >> 33);
      acc *= kPrime1;
    }
    acc += uint64_t(type->count) ^ (kPrime5 ^ 3527539ULL);
    return acc == ~uint64_t(0) ? 1546275796 : int64_t(acc);
  }
  default: // unhashable in Python (lowering refuses them as keys), or hashed by identity
    return int64_t(mix(uint64_t(reinterpret_cast<uintptr_t>(load<const void*>(slot)))) >> 1);
  }
}

pyrt_str* pyrt_value_repr(pyrt_context* ctx, const pyrt_type* type, const void* slot) {
  PrintContext printing(ctx);
  try {
    std::string out;
    append_value_repr(out, type, slot);
    return new_str_or_raise(ctx, out);
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, nullptr);
    return nullptr;
  }
}

pyrt_str* pyrt_value_str(pyrt_context* ctx, const pyrt_type* type, const void* slot) {
  if (type->kind == PYRT_K_STR && object_in(slot)) {
    pyrt_object_retain(object_in(slot));
    return load<pyrt_str*>(slot);
  }
  PrintContext printing(ctx);
  try {
    return new_str_or_raise(ctx, text_of(type, slot));
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, nullptr);
    return nullptr;
  }
}

void pyrt_print_value(pyrt_context* ctx, const pyrt_type* type, const void* slot) {
  FILE* out = ctx->out ? ctx->out : stdout;
  if (type->kind == PYRT_K_STR) {
    const auto* s = load<const pyrt_str*>(slot);
    if (s) std::fwrite(s->data, 1, size_t(s->size), out);
    return;
  }
  PrintContext printing(ctx);
  try {
    std::string text = text_of(type, slot);
    if (ctx->failed) return; // an object's __repr__ raised
    std::fwrite(text.data(), 1, text.size(), out);
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, nullptr);
  }
}

int64_t pyrt_value_len(const pyrt_type* type, const void* slot) {
  switch (type->kind) {
  case PYRT_K_STR:
    return load<const pyrt_str*>(slot)->length;
  case PYRT_K_LIST:
    return load<const pyrt_list*>(slot)->length;
  case PYRT_K_DICT:
    return load<const pyrt_dict*>(slot)->length;
  case PYRT_K_SET:
    return load<const pyrt_set*>(slot)->length;
  default:
    return 0;
  }
}

} // extern "C"
