// Python's set (Note [Object layout] in include/pyscript/runtime_objects.h).
//
// Note [Set tables]
// A program that prints a set, or loops over one, sees its elements in the order of CPython's
// table, so this table follows CPython's rules (facts of CPython's setobject.c, not its code):
// - 8 entries at first; an entry is empty, live (hash, element) or deleted (a dummy that keeps
//   probe chains whole);
// - a probe starts at hash & mask and looks at that entry and up to 9 following ones (when they
//   are inside the table), then jumps to (i * 5 + 1 + perturb) & mask with perturb, the hash
//   as an unsigned number, shifted right 5 bits before each jump;
// - add() puts a new element in the last deleted entry seen on its probe if any, else in the
//   empty entry that ended it; when live + deleted entries reach 3/5 of the table, the table is
//   rebuilt with the smallest power of two above 4 * live (2 * live above 50,000), the elements
//   reinserted in table order into the first empty entry of their probes;
// - s.update(t) of a set t first makes room for both, then copies t's table as it is when the
//   two tables have one size and s is empty; a dict's keys make room the same way first;
// - a | b copies a then merges b; a & b walks the smaller and keeps what the larger holds; a - b
//   walks a, or copies a and deletes b's elements when a is more than four times as long; a ^ b
//   copies b, then deletes or adds each element of a;
// - pop() takes the first live entry from a finger that it leaves just past it.
// Hashes are CPython's for int, float, bool and tuples of them (runtime/value.cpp); a str's hash
// is not (CPython's varies per process, so no program can depend on the order of str elements).
#include "runtime/value_internal.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace pyscript::runtime {

namespace {

constexpr int64_t kMinSize = 8;
constexpr uint64_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
enum EntryState : int64_t { kFree = 0, kLive = 1, kDummy = 2 };

const pyrt_type* elem_type(const pyrt_set* s) {
  return s->type->items[0];
}
char* entry_at(const pyrt_set* s, char* table, uint64_t i) {
  return table + int64_t(i) * s->entry_size;
}
int64_t& hash_of(char* entry) {
  return reinterpret_cast<int64_t*>(entry)[0];
}
int64_t& state_of(char* entry) {
  return reinterpret_cast<int64_t*>(entry)[1];
}
char* key_of(const pyrt_set* s, char* entry) {
  return entry + s->key_offset;
}

char* new_table(const pyrt_set* s, int64_t size) {
  return static_cast<char*>(std::calloc(size_t(size), size_t(s->entry_size)));
}

// The next probe position after the linear run from i.
uint64_t jump(uint64_t i, uint64_t& perturb, uint64_t mask) {
  perturb >>= kPerturbShift;
  return (i * 5 + 1 + perturb) & mask;
}

// The live entry holding `key`, or null.
char* find(const pyrt_set* s, const void* key, int64_t h) {
  uint64_t mask = uint64_t(s->mask), perturb = uint64_t(h);
  for (uint64_t i = uint64_t(h) & mask;; i = jump(i, perturb, mask)) {
    uint64_t run = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (uint64_t j = i; j <= i + run; ++j) {
      char* e = entry_at(s, s->table, j);
      if (state_of(e) == kFree) return nullptr;
      if (state_of(e) == kLive && hash_of(e) == h && value_equal(elem_type(s), key_of(s, e), key))
        return e;
    }
  }
}

// Puts an element known absent into `table` (no deleted entries in it) at the first free entry
// of its probe; copies the slot's bytes (the reference moves with them).
void insert_clean(const pyrt_set* s, char* table, uint64_t mask, int64_t h, const void* key) {
  uint64_t perturb = uint64_t(h);
  for (uint64_t i = uint64_t(h) & mask;; i = jump(i, perturb, mask)) {
    uint64_t run = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (uint64_t j = i; j <= i + run; ++j) {
      char* e = entry_at(s, table, j);
      if (state_of(e) != kFree) continue;
      hash_of(e) = h;
      state_of(e) = kLive;
      std::memcpy(key_of(s, e), key, size_t(elem_type(s)->size));
      return;
    }
  }
}

// Rebuilds the table with the smallest power of two above `minused` entries; false when memory
// runs out (the set is unchanged then).
bool resize(pyrt_set* s, int64_t minused) {
  int64_t size = kMinSize;
  while (size <= minused) size <<= 1;
  if (size == s->mask + 1 && s->fill == s->length && size == kMinSize) return true;
  char* table = new_table(s, size);
  if (!table) return false;
  for (int64_t i = 0; i <= s->mask; ++i) {
    char* e = entry_at(s, s->table, uint64_t(i));
    if (state_of(e) == kLive) insert_clean(s, table, uint64_t(size - 1), hash_of(e), key_of(s, e));
  }
  std::free(s->table);
  s->table = table;
  s->mask = size - 1;
  s->fill = s->length;
  return true;
}

// Adds `key` (hash h), taking its reference; false when memory runs out (reference dropped).
bool add_hashed(pyrt_set* s, int64_t h, const void* key) {
  uint64_t mask = uint64_t(s->mask), perturb = uint64_t(h);
  char* deleted = nullptr;
  for (uint64_t i = uint64_t(h) & mask;; i = jump(i, perturb, mask)) {
    uint64_t run = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (uint64_t j = i; j <= i + run; ++j) {
      char* e = entry_at(s, s->table, j);
      if (state_of(e) == kLive) {
        if (hash_of(e) == h && value_equal(elem_type(s), key_of(s, e), key)) {
          pyrt_value_release(elem_type(s), const_cast<void*>(key)); // the old element stays
          return true;
        }
        continue;
      }
      if (state_of(e) == kDummy) {
        deleted = e;
        continue;
      }
      char* at = deleted ? deleted : e;
      hash_of(at) = h;
      state_of(at) = kLive;
      std::memcpy(key_of(s, at), key, size_t(elem_type(s)->size));
      ++s->length;
      if (deleted) return true;
      ++s->fill;
      if (s->fill * 5 < int64_t(mask) * 3) return true;
      // The element is in; a failed rebuild leaves a fuller table that still works.
      resize(s, s->length > 50000 ? s->length * 2 : s->length * 4);
      return true;
    }
  }
}

bool add_copy(pyrt_set* s, int64_t h, const void* key) {
  pyrt_value_retain(elem_type(s), key);
  share_into(&s->head, elem_type(s), key);
  return add_hashed(s, h, key);
}

void delete_entry(pyrt_set* s, char* e) {
  pyrt_value_release(elem_type(s), key_of(s, e));
  state_of(e) = kDummy;
  --s->length;
}

void release_all(const pyrt_set* s, char* table, int64_t mask) {
  if (!type_has_refs(elem_type(s))) return;
  for (int64_t i = 0; i <= mask; ++i) {
    char* e = entry_at(s, table, uint64_t(i));
    if (state_of(e) == kLive) pyrt_value_release(elem_type(s), key_of(s, e));
  }
}

template <class F> void each_live(const pyrt_set* s, F&& f) {
  for (int64_t i = 0; i <= s->mask; ++i) {
    char* e = entry_at(s, s->table, uint64_t(i));
    if (state_of(e) == kLive) f(e);
  }
}

// s.update(other) of a set (CPython's merge).
bool merge(pyrt_set* s, const pyrt_set* other) {
  if (s == other || other->length == 0) return true;
  if ((s->fill + other->length) * 5 >= s->mask * 3 && !resize(s, (s->length + other->length) * 2))
    return false;
  bool fresh = s->fill == 0;
  if (fresh && s->mask == other->mask && other->fill == other->length) {
    std::memcpy(s->table, other->table, size_t((other->mask + 1) * s->entry_size));
    each_live(s, [&](char* e) { pyrt_value_retain(elem_type(s), key_of(s, e)); });
    s->fill = s->length = other->length;
    return true;
  }
  if (fresh) {
    each_live(other, [&](char* e) {
      pyrt_value_retain(elem_type(s), key_of(other, e));
      insert_clean(s, s->table, uint64_t(s->mask), hash_of(e), key_of(other, e));
    });
    s->fill = s->length = other->length;
    return true;
  }
  bool ok = true;
  each_live(other, [&](char* e) { ok = ok && add_copy(s, hash_of(e), key_of(other, e)); });
  return ok;
}

void raise_key_error(pyrt_context* ctx, const pyrt_set* s, const void* key, const char* site) {
  try {
    std::string text;
    append_value_repr(text, elem_type(s), key);
    pyrt_raise_detail(ctx, PYRT_KEY_ERROR, site, "%s", text.c_str());
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
}

bool is_subset(const pyrt_set* a, const pyrt_set* b) {
  if (a->length > b->length) return false;
  bool all = true;
  each_live(a, [&](char* e) { all = all && find(b, key_of(a, e), hash_of(e)); });
  return all;
}

pyrt_set* intersection(pyrt_context* ctx, pyrt_set* a, pyrt_set* b, const char* site);

// s.difference_update(other) of a set.
bool difference_update(pyrt_context* ctx, pyrt_set* s, pyrt_set* other, const char* site) {
  if (s == other) {
    pyrt_set_clear(s);
    return true;
  }
  pyrt_set* small = nullptr;
  if ((other->length >> 3) > s->length) { // walk the (smaller) intersection instead
    small = intersection(ctx, s, other, site);
    if (!small) return false;
    other = small;
  }
  each_live(other, [&](char* e) {
    if (char* mine = find(s, key_of(other, e), hash_of(e))) delete_entry(s, mine);
  });
  if (small) pyrt_object_release(&small->head);
  if (s->fill - s->length <= s->mask / 4) return true;
  return resize(s, s->length > 50000 ? s->length * 2 : s->length * 4);
}

void symmetric_difference_update(pyrt_set* s, const pyrt_set* other, bool& ok) {
  if (s == other) {
    pyrt_set_clear(s);
    return;
  }
  each_live(other, [&](char* e) {
    if (char* mine = find(s, key_of(other, e), hash_of(e)))
      delete_entry(s, mine);
    else
      ok = ok && add_copy(s, hash_of(e), key_of(other, e));
  });
}

pyrt_set* intersection(pyrt_context* ctx, pyrt_set* a, pyrt_set* b, const char* site) {
  if (a == b) return pyrt_set_copy(ctx, a, site);
  pyrt_set* r = pyrt_set_new(ctx, a->type, site);
  if (!r) return nullptr;
  if (b->length > a->length) std::swap(a, b);
  bool ok = true;
  each_live(b, [&](char* e) {
    if (ok && find(a, key_of(b, e), hash_of(e))) ok = add_copy(r, hash_of(e), key_of(b, e));
  });
  if (ok) return r;
  pyrt_object_release(&r->head);
  pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return nullptr;
}

} // namespace

void destroy_set(pyrt_set* s) {
  release_all(s, s->table, s->mask);
  std::free(s->table);
  container_free(&s->head, sizeof(pyrt_set));
}

void share_set(pyrt_set* s) {
  each_live(s, [&](char* e) { value_share(elem_type(s), key_of(s, e)); });
}

bool sets_equal(const pyrt_set* a, const pyrt_set* b) {
  return a == b || (a->length == b->length && is_subset(a, b));
}

void append_set_repr(std::string& out, const pyrt_set* s) {
  if (!s->length) {
    out += "set()";
    return;
  }
  out += '{';
  bool first = true;
  each_live(s, [&](char* e) {
    if (!first) out += ", ";
    first = false;
    append_value_repr(out, elem_type(s), key_of(s, e));
  });
  out += '}';
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_set* pyrt_set_new(pyrt_context* ctx, const pyrt_type* set_type, const char* site) {
  auto* s = static_cast<pyrt_set*>(container_alloc(sizeof(pyrt_set), false));
  if (!s) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  std::memset(static_cast<void*>(s), 0, sizeof(pyrt_set));
  const pyrt_type* k = set_type->items[0];
  int64_t align = k->align > 8 ? k->align : 8;
  s->head.refcount = 1;
  s->head.kind = PYRT_OBJ_SET;
  s->type = set_type;
  s->key_offset = (2 * int64_t(sizeof(int64_t)) + k->align - 1) / k->align * k->align;
  s->entry_size = (s->key_offset + k->size + align - 1) / align * align;
  s->mask = kMinSize - 1;
  s->table = new_table(s, kMinSize);
  if (!s->table) {
    container_free(&s->head, sizeof(pyrt_set));
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  return s;
}

int32_t pyrt_set_add(pyrt_context* ctx, pyrt_set* s, const void* key, const char* site) {
  share_into(&s->head, elem_type(s), key);
  if (add_hashed(s, pyrt_value_hash(elem_type(s), key), key)) return 1;
  pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return 0;
}

int32_t pyrt_set_contains(pyrt_set* s, const void* key) {
  return find(s, key, pyrt_value_hash(elem_type(s), key)) != nullptr;
}

int32_t pyrt_set_discard(pyrt_context* ctx, pyrt_set* s, const void* key, int32_t remove,
                         const char* site) {
  char* e = find(s, key, pyrt_value_hash(elem_type(s), key));
  if (e) {
    delete_entry(s, e);
    return 1;
  }
  if (!remove) return 1;
  raise_key_error(ctx, s, key, site);
  return 0;
}

int32_t pyrt_set_pop(pyrt_context* ctx, pyrt_set* s, void* out, const char* site) {
  if (!s->length) {
    pyrt_raise_detail(ctx, PYRT_KEY_ERROR, site, "'pop from an empty set'");
    return 0;
  }
  int64_t i = s->finger & s->mask;
  while (state_of(entry_at(s, s->table, uint64_t(i))) != kLive)
    i = i == s->mask ? 0 : i + 1;
  char* e = entry_at(s, s->table, uint64_t(i));
  std::memcpy(out, key_of(s, e), size_t(elem_type(s)->size)); // the reference moves out
  state_of(e) = kDummy;
  --s->length;
  s->finger = i + 1;
  return 1;
}

int32_t pyrt_set_update(pyrt_context* ctx, pyrt_set* s, int32_t from, void* other, const char* site) {
  bool ok = true;
  const pyrt_type* t = elem_type(s);
  if (from == 0) {
    auto* l = static_cast<pyrt_list*>(other);
    for (int64_t i = 0; ok && i < l->length; ++i) {
      const char* slot = l->data + i * t->size;
      ok = add_copy(s, pyrt_value_hash(t, slot), slot);
    }
  } else if (from == 1) {
    ok = merge(s, static_cast<pyrt_set*>(other));
  } else if (from == 2) {
    auto* d = static_cast<pyrt_dict*>(other);
    if ((s->fill + d->length) * 5 >= s->mask * 3) ok = resize(s, (s->length + d->length) * 2);
    int64_t pos = 0;
    for (int64_t e; ok && (e = dict_next_live(d, &pos)) >= 0;) {
      void* key = pyrt_dict_key(d, e);
      ok = add_copy(s, pyrt_value_hash(t, key), key);
    }
  } else {
    auto* text = static_cast<pyrt_str*>(other);
    for (int64_t i = 0; ok && i < text->size;) {
      int64_t n = 1;
      auto lead = static_cast<unsigned char>(text->data[i]);
      if (lead >= 0xF0) n = 4;
      else if (lead >= 0xE0) n = 3;
      else if (lead >= 0xC0) n = 2;
      pyrt_str* ch = pyrt_str_new(text->data + i, n);
      if (!ch) {
        ok = false;
        break;
      }
      share_into(&s->head, t, &ch);
      ok = add_hashed(s, pyrt_value_hash(t, &ch), &ch);
      i += n;
    }
  }
  if (!ok && !ctx->failed) pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return ok ? 1 : 0;
}

pyrt_set* pyrt_set_binary(pyrt_context* ctx, pyrt_set* a, pyrt_set* b, int32_t what, const char* site) {
  if (what == 1) return intersection(ctx, a, b, site);
  if (what == 2 && (a->length >> 2) <= b->length) { // walk a, keep what b lacks
    pyrt_set* r = pyrt_set_new(ctx, a->type, site);
    if (!r) return nullptr;
    bool ok = true;
    each_live(a, [&](char* e) {
      if (ok && !find(b, key_of(a, e), hash_of(e))) ok = add_copy(r, hash_of(e), key_of(a, e));
    });
    if (ok) return r;
    pyrt_object_release(&r->head);
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  // a | b and a - b copy a; a ^ b copies b.
  pyrt_set* r = pyrt_set_copy(ctx, what == 3 ? b : a, site);
  if (!r) return nullptr;
  bool ok = true;
  if (what == 0) ok = a == b || merge(r, b);
  else if (what == 2) ok = difference_update(ctx, r, b, site);
  else symmetric_difference_update(r, a, ok);
  if (ok) return r;
  pyrt_object_release(&r->head);
  if (!ctx->failed) pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return nullptr;
}

int32_t pyrt_set_inplace(pyrt_context* ctx, pyrt_set* s, pyrt_set* other, int32_t what, const char* site) {
  bool ok = true;
  if (what == 1) { // the intersection's table becomes s's
    pyrt_set* r = intersection(ctx, s, other, site);
    if (!r) return 0;
    std::swap(s->table, r->table);
    std::swap(s->mask, r->mask);
    std::swap(s->fill, r->fill);
    std::swap(s->length, r->length);
    pyrt_object_release(&r->head);
    return 1;
  }
  if (what == 2) ok = difference_update(ctx, s, other, site);
  else symmetric_difference_update(s, other, ok);
  if (!ok && !ctx->failed) pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return ok ? 1 : 0;
}

int32_t pyrt_set_compare(pyrt_set* a, pyrt_set* b, int32_t what) {
  switch (what) {
  case 0: return is_subset(a, b);
  case 1: return a->length < b->length && is_subset(a, b);
  case 2: return is_subset(b, a);
  case 3: return a->length > b->length && is_subset(b, a);
  default: {
    if (a == b) return a->length == 0;
    if (b->length > a->length) std::swap(a, b);
    bool none = true;
    each_live(b, [&](char* e) { none = none && !find(a, key_of(b, e), hash_of(e)); });
    return none;
  }
  }
}

void pyrt_set_clear(pyrt_set* s) {
  char* fresh = new_table(s, kMinSize);
  if (!fresh) { // keep the table, emptied in place
    release_all(s, s->table, s->mask);
    std::memset(s->table, 0, size_t((s->mask + 1) * s->entry_size));
    s->fill = s->length = 0;
    return;
  }
  char* old = s->table;
  int64_t mask = s->mask;
  s->table = fresh;
  s->mask = kMinSize - 1;
  s->fill = s->length = 0;
  release_all(s, old, mask);
  std::free(old);
}

pyrt_set* pyrt_set_copy(pyrt_context* ctx, pyrt_set* s, const char* site) {
  pyrt_set* r = pyrt_set_new(ctx, s->type, site);
  if (!r) return nullptr;
  if (merge(r, s)) return r;
  pyrt_object_release(&r->head);
  pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return nullptr;
}

pyrt_list* pyrt_set_to_list(pyrt_context* ctx, pyrt_set* s, const pyrt_type* list_type, const char* site) {
  pyrt_list* r = pyrt_list_new(ctx, list_type, s->length, site);
  if (!r) return nullptr;
  const pyrt_type* t = elem_type(s);
  int64_t i = 0;
  each_live(s, [&](char* e) {
    char* slot = r->data + (i++) * t->size;
    std::memcpy(slot, key_of(s, e), size_t(t->size));
    pyrt_value_retain(t, slot);
  });
  return r;
}

} // extern "C"
