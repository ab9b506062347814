// Python's dict (Note [Object layout] in include/pyscript/runtime_objects.h): entries in insertion
// order, each (hash, live flag, key slot, value slot), and an open-addressing index of entry
// numbers over them (linear probing, -1 empty, -2 deleted). Deleting leaves a dead entry and a
// tombstone; growing compacts the entries and rebuilds the index.
#include "runtime/value_internal.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

namespace pyscript::runtime {

namespace {

constexpr int64_t kEmpty = -1;
constexpr int64_t kDeleted = -2;
constexpr int64_t kMinIndex = 8;

int64_t round_up(int64_t n, int64_t align) {
  return align > 1 ? (n + align - 1) / align * align : n;
}

const pyrt_type* key_type(const pyrt_dict* d) {
  return d->type->items[0];
}
const pyrt_type* value_type(const pyrt_dict* d) {
  return d->type->items[1];
}

char* entry_at(const pyrt_dict* d, int64_t e) {
  return d->entries + e * d->entry_size;
}
int64_t& hash_of(const pyrt_dict* d, int64_t e) {
  return *reinterpret_cast<int64_t*>(entry_at(d, e));
}
int64_t& live_of(const pyrt_dict* d, int64_t e) {
  return reinterpret_cast<int64_t*>(entry_at(d, e))[1];
}
char* key_at(const pyrt_dict* d, int64_t e) {
  return entry_at(d, e) + d->key_offset;
}
char* value_at(const pyrt_dict* d, int64_t e) {
  return entry_at(d, e) + d->value_offset;
}

uint64_t spread(int64_t hash) {
  return (uint64_t(hash) * 0x9E3779B97F4A7C15ULL) >> 17;
}

// The index position holding the entry of `key` (hash `h`), or -1.
int64_t find_position(const pyrt_dict* d, const void* key, int64_t h) {
  if (!d->index) return -1;
  uint64_t mask = uint64_t(d->index_size - 1);
  for (uint64_t i = spread(h) & mask;; i = (i + 1) & mask) {
    int64_t e = d->index[i];
    if (e == kEmpty) return -1;
    if (e >= 0 && hash_of(d, e) == h && value_equal(key_type(d), key_at(d, e), key))
      return int64_t(i);
  }
}

int64_t find_entry(const pyrt_dict* d, const void* key, int64_t h) {
  int64_t pos = find_position(d, key, h);
  return pos < 0 ? -1 : d->index[pos];
}

// Records entry `e` (hash h, a key known absent) in the index: the first free position of its
// probe.
void index_entry(pyrt_dict* d, int64_t e, int64_t h) {
  uint64_t mask = uint64_t(d->index_size - 1);
  uint64_t i = spread(h) & mask;
  while (d->index[i] >= 0)
    i = (i + 1) & mask;
  d->index[i] = e;
}

// Room for one more entry: the live entries compacted into a table sized for about three times
// as many (so the index is at most a third full afterwards); false when memory runs out.
bool grow(pyrt_dict* d) {
  int64_t needed = d->length + 1;
  int64_t index_size = kMinIndex;
  while (index_size < needed * 3) {
    if (index_size > INT64_MAX / 4 / d->entry_size) return false;
    index_size *= 2;
  }
  int64_t capacity = index_size * 2 / 3;
  char* entries = static_cast<char*>(std::malloc(size_t(capacity * d->entry_size)));
  auto* index = static_cast<int64_t*>(std::malloc(size_t(index_size) * sizeof(int64_t)));
  if (!entries || !index) {
    std::free(entries);
    std::free(index);
    return false;
  }
  int64_t n = 0;
  for (int64_t e = 0; e < d->used; ++e)
    if (live_of(d, e))
      std::memcpy(entries + (n++) * d->entry_size, entry_at(d, e), size_t(d->entry_size));
  std::free(d->entries);
  std::free(d->index);
  d->entries = entries;
  d->index = index;
  d->capacity = capacity;
  d->index_size = index_size;
  d->used = n;
  std::memset(index, 0xFF, size_t(index_size) * sizeof(int64_t)); // every position -1
  for (int64_t e = 0; e < n; ++e)
    index_entry(d, e, hash_of(d, e));
  return true;
}

// Appends an entry for a key known absent, taking the key's and value's references; -1 when
// memory runs out (nothing taken then).
int64_t insert_new(pyrt_dict* d, int64_t h, const void* key, const void* value) {
  // The index holds at most `used` entry numbers and tombstones: keep it under two thirds full.
  if (d->used == d->capacity || (d->used + 1) * 3 > d->index_size * 2) {
    if (!grow(d)) return -1;
  }
  int64_t e = d->used++;
  hash_of(d, e) = h;
  live_of(d, e) = 1;
  std::memcpy(key_at(d, e), key, size_t(key_type(d)->size));
  std::memcpy(value_at(d, e), value, size_t(value_type(d)->size));
  index_entry(d, e, h);
  ++d->length;
  ++d->version;
  return e;
}

// d[key] = value with the key's hash known; takes both references (also on failure).
bool set_hashed(pyrt_dict* d, int64_t h, const void* key, const void* value) {
  int64_t e = find_entry(d, key, h);
  if (e >= 0) {
    // The old key stays (as CPython keeps it) and the new one is dropped. Releasing the old value
    // first is safe: the caller holds a reference to this dict, so freeing the value cannot free it.
    pyrt_value_release(value_type(d), value_at(d, e));
    std::memcpy(value_at(d, e), value, size_t(value_type(d)->size));
    pyrt_value_release(key_type(d), const_cast<void*>(key));
    return true;
  }
  if (insert_new(d, h, key, value) >= 0) return true;
  pyrt_value_release(key_type(d), const_cast<void*>(key));
  pyrt_value_release(value_type(d), const_cast<void*>(value));
  return false;
}

// Unlinks the entry at index position `pos`: its slots are the caller's to release or move.
int64_t unlink(pyrt_dict* d, int64_t pos) {
  int64_t e = d->index[pos];
  d->index[pos] = kDeleted;
  live_of(d, e) = 0;
  --d->length;
  ++d->version;
  return e;
}

// After the last live entry goes, the table starts over (no tombstones left behind).
void reset_if_empty(pyrt_dict* d) {
  if (d->length || !d->index) return;
  d->used = 0;
  std::memset(d->index, 0xFF, size_t(d->index_size) * sizeof(int64_t));
}

void release_entries(const pyrt_dict* d, char* entries, int64_t used) {
  bool keys = type_has_refs(key_type(d)), values = type_has_refs(value_type(d));
  for (int64_t e = 0; e < used; ++e) {
    char* entry = entries + e * d->entry_size;
    if (!reinterpret_cast<int64_t*>(entry)[1]) continue;
    if (keys) pyrt_value_release(key_type(d), entry + d->key_offset);
    if (values) pyrt_value_release(value_type(d), entry + d->value_offset);
  }
}

void raise_key_error(pyrt_context* ctx, const pyrt_dict* d, const void* key, const char* site) {
  try {
    std::string text;
    append_value_repr(text, key_type(d), key);
    pyrt_raise_detail(ctx, PYRT_KEY_ERROR, site, "%s", text.c_str());
  } catch (const std::bad_alloc&) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
}

} // namespace

int64_t dict_next_live(const pyrt_dict* d, int64_t* pos) {
  for (int64_t e = *pos; e < d->used; ++e) {
    if (live_of(d, e)) {
      *pos = e + 1;
      return e;
    }
  }
  *pos = d->used;
  return -1;
}

void destroy_dict(pyrt_dict* d) {
  release_entries(d, d->entries, d->used);
  std::free(d->entries);
  std::free(d->index);
  container_free(&d->head, sizeof(pyrt_dict));
}

void share_dict(pyrt_dict* d) {
  int64_t pos = 0;
  for (int64_t e; (e = dict_next_live(d, &pos)) >= 0;) {
    value_share(key_type(d), key_at(d, e));
    value_share(value_type(d), value_at(d, e));
  }
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_dict* pyrt_dict_new(pyrt_context* ctx, const pyrt_type* dict_type, const char* site) {
  const pyrt_type* k = dict_type->items[0];
  const pyrt_type* v = dict_type->items[1];
  bool tracked = type_reaches_object(k) || type_reaches_object(v); // Note [Cycle collector] in runtime/gc.cpp
  auto* d = static_cast<pyrt_dict*>(container_alloc(sizeof(pyrt_dict), tracked));
  if (!d) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  std::memset(static_cast<void*>(d), 0, sizeof(pyrt_dict));
  int64_t align = 8;
  if (k->align > align) align = k->align;
  if (v->align > align) align = v->align;
  d->head.refcount = 1;
  d->head.kind = PYRT_OBJ_DICT | (tracked ? PYRT_OBJ_GC : 0);
  d->type = dict_type;
  d->key_offset = round_up(2 * sizeof(int64_t), k->align);
  d->value_offset = round_up(d->key_offset + k->size, v->align);
  d->entry_size = round_up(d->value_offset + v->size, align);
  return d;
}

void* pyrt_dict_find(pyrt_dict* d, const void* key) {
  if (!d->length) return nullptr;
  int64_t e = find_entry(d, key, pyrt_value_hash(key_type(d), key));
  return e < 0 ? nullptr : value_at(d, e);
}

void* pyrt_dict_lookup(pyrt_context* ctx, pyrt_dict* d, const void* key, const char* site) {
  void* slot = pyrt_dict_find(d, key);
  if (!slot) raise_key_error(ctx, d, key, site);
  return slot;
}

int32_t pyrt_dict_set(pyrt_context* ctx, pyrt_dict* d, const void* key, const void* value,
                      const char* site) {
  share_into(&d->head, key_type(d), key);
  share_into(&d->head, value_type(d), value);
  if (set_hashed(d, pyrt_value_hash(key_type(d), key), key, value)) return 1;
  pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return 0;
}

int32_t pyrt_dict_delete(pyrt_context* ctx, pyrt_dict* d, const void* key, const char* site) {
  int64_t pos = find_position(d, key, pyrt_value_hash(key_type(d), key));
  if (pos < 0) {
    raise_key_error(ctx, d, key, site);
    return 0;
  }
  int64_t e = unlink(d, pos);
  pyrt_value_release(key_type(d), key_at(d, e));
  pyrt_value_release(value_type(d), value_at(d, e));
  reset_if_empty(d);
  return 1;
}

int32_t pyrt_dict_pop(pyrt_context* ctx, pyrt_dict* d, const void* key, void* out,
                      const char* site) {
  int64_t pos = find_position(d, key, pyrt_value_hash(key_type(d), key));
  if (pos < 0) {
    raise_key_error(ctx, d, key, site);
    return 0;
  }
  int64_t e = unlink(d, pos);
  std::memcpy(out, value_at(d, e), size_t(value_type(d)->size));
  pyrt_value_release(key_type(d), key_at(d, e));
  reset_if_empty(d);
  return 1;
}

void* pyrt_dict_setdefault(pyrt_context* ctx, pyrt_dict* d, const void* key, const void* deflt,
                           const char* site) {
  int64_t h = pyrt_value_hash(key_type(d), key);
  int64_t e = find_entry(d, key, h);
  if (e >= 0) {
    pyrt_value_release(value_type(d), const_cast<void*>(deflt));
    return value_at(d, e);
  }
  share_into(&d->head, key_type(d), key);
  share_into(&d->head, value_type(d), deflt);
  pyrt_value_retain(key_type(d), key);
  e = insert_new(d, h, key, deflt);
  if (e < 0) {
    pyrt_value_release(key_type(d), const_cast<void*>(key));
    pyrt_value_release(value_type(d), const_cast<void*>(deflt));
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  return value_at(d, e);
}

int32_t pyrt_dict_update(pyrt_context* ctx, pyrt_dict* d, pyrt_dict* other, const char* site) {
  if (d == other) return 1;
  int64_t pos = 0;
  for (int64_t e; (e = dict_next_live(other, &pos)) >= 0;) {
    share_into(&d->head, key_type(d), key_at(other, e));
    share_into(&d->head, value_type(d), value_at(other, e));
    pyrt_value_retain(key_type(d), key_at(other, e));
    pyrt_value_retain(value_type(d), value_at(other, e));
    if (!set_hashed(d, hash_of(other, e), key_at(other, e), value_at(other, e))) {
      pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
      return 0;
    }
  }
  return 1;
}

void pyrt_dict_clear(pyrt_dict* d) {
  char* entries = d->entries;
  int64_t used = d->used;
  if (d->length) ++d->version;
  std::free(d->index);
  d->entries = nullptr;
  d->index = nullptr;
  d->used = d->capacity = d->index_size = d->length = 0;
  release_entries(d, entries, used);
  std::free(entries);
}

pyrt_dict* pyrt_dict_copy(pyrt_context* ctx, pyrt_dict* d, const char* site) {
  pyrt_dict* r = pyrt_dict_new(ctx, d->type, site);
  if (!r) return nullptr;
  int64_t pos = 0;
  for (int64_t e; (e = dict_next_live(d, &pos)) >= 0;) {
    if (insert_new(r, hash_of(d, e), key_at(d, e), value_at(d, e)) < 0) {
      pyrt_object_release(&r->head);
      pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
      return nullptr;
    }
    pyrt_value_retain(key_type(d), key_at(d, e));
    pyrt_value_retain(value_type(d), value_at(d, e));
  }
  return r;
}

int64_t pyrt_dict_next(pyrt_context* ctx, pyrt_dict* d, int64_t* pos, int64_t version,
                       const char* site) {
  if (d->version != version) {
    pyrt_raise_detail(ctx, PYRT_RUNTIME_ERROR, site, "dictionary changed size during iteration");
    return -2;
  }
  return dict_next_live(d, pos);
}

void* pyrt_dict_key(pyrt_dict* d, int64_t entry) {
  return key_at(d, entry);
}
void* pyrt_dict_value(pyrt_dict* d, int64_t entry) {
  return value_at(d, entry);
}

pyrt_list* pyrt_dict_to_list(pyrt_context* ctx, pyrt_dict* d, int32_t what,
                             const pyrt_type* list_type, const char* site) {
  pyrt_list* r = pyrt_list_new(ctx, list_type, d->length, site);
  if (!r) return nullptr;
  const pyrt_type* elem = list_type->items[0];
  int64_t pos = 0, i = 0;
  for (int64_t e; (e = dict_next_live(d, &pos)) >= 0; ++i) {
    char* slot = r->data + i * elem->size;
    if (what == 0 || what == 2) {
      char* key = what == 0 ? slot : slot + elem->offsets[0];
      std::memcpy(key, key_at(d, e), size_t(key_type(d)->size));
      pyrt_value_retain(key_type(d), key);
    }
    if (what == 1 || what == 2) {
      char* value = what == 1 ? slot : slot + elem->offsets[1];
      std::memcpy(value, value_at(d, e), size_t(value_type(d)->size));
      pyrt_value_retain(value_type(d), value);
    }
  }
  return r;
}

} // extern "C"
