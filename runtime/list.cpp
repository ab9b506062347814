// Python's list (Note [Object layout] in include/pyscript/runtime_objects.h): slots of the element
// type, grown geometrically; CPython's methods, index clamping and error messages.
#include "runtime/value_internal.hpp"

#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

namespace pyscript::runtime {

namespace {

const pyrt_type* elem_type(const pyrt_list* l) {
  return l->type->items[0];
}
int64_t elem_size(const pyrt_list* l) {
  return l->type->items[0]->size;
}
char* slot_at(const pyrt_list* l, int64_t i) {
  return l->data + i * elem_size(l);
}

void release_range(const pyrt_type* type, char* data, int64_t n) {
  if (!type_has_refs(type)) return;
  for (int64_t i = 0; i < n; ++i)
    pyrt_value_release(type, data + i * type->size);
}

void retain_range(const pyrt_type* type, const char* data, int64_t n) {
  if (!type_has_refs(type)) return;
  for (int64_t i = 0; i < n; ++i)
    pyrt_value_retain(type, data + i * type->size);
}

void raise_memory(pyrt_context* ctx, const char* site) {
  pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
}

// Room for `needed` elements, growing by half again (and at least to `needed`); false when the
// bytes overflow or memory runs out (nothing changed then).
bool ensure_capacity(pyrt_list* l, int64_t needed) {
  if (needed <= l->capacity) return true;
  int64_t size = elem_size(l);
  int64_t grown = l->capacity + (l->capacity >> 1) + 4;
  int64_t capacity = grown > needed ? grown : needed;
  if (size > 0 && capacity > INT64_MAX / 2 / size) {
    capacity = needed;
    if (capacity > INT64_MAX / 2 / size) return false;
  }
  char* data = list_data_alloc(capacity, size);
  if (!data) return false;
  if (l->length) std::memcpy(data, l->data, size_t(l->length * size));
  list_data_free(l->data, l->capacity, size);
  l->data = data;
  l->capacity = capacity;
  return true;
}

// CPython's slice indices (PySlice_Unpack and PySlice_AdjustIndices): start, stop and step made
// concrete for a sequence of `n` elements, and the number of elements the slice selects. False
// after ValueError for a zero step.
struct Slice {
  int64_t start, stop, step, count;
};

int64_t clamp_bound(int64_t v, int64_t n, int64_t step) {
  if (v < 0) {
    v += n;
    if (v < 0) v = step < 0 ? -1 : 0;
  } else if (v >= n) {
    v = step < 0 ? n - 1 : n;
  }
  return v;
}

bool resolve_slice(pyrt_context* ctx, int64_t n, int64_t start, int64_t stop, int64_t step,
                   int32_t has, Slice& s, const char* site) {
  s.step = has & 4 ? step : 1;
  if (s.step == 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "slice step cannot be zero");
    return false;
  }
  if (s.step < -INT64_MAX) s.step = -INT64_MAX;
  s.start = has & 1 ? clamp_bound(start, n, s.step) : s.step < 0 ? n - 1 : 0;
  s.stop = has & 2 ? clamp_bound(stop, n, s.step) : s.step < 0 ? -1 : n;
  if (s.step < 0)
    s.count = s.stop < s.start ? (s.start - s.stop - 1) / -s.step + 1 : 0;
  else
    s.count = s.start < s.stop ? (s.stop - s.start - 1) / s.step + 1 : 0;
  return true;
}

// Owned copies of `n` slots (each retained), for assignments whose source may be the target.
char* retained_copy(const pyrt_type* type, const char* data, int64_t n) {
  char* copy = static_cast<char*>(std::malloc(size_t(n * type->size) + 1));
  if (!copy) return nullptr;
  if (n) std::memcpy(copy, data, size_t(n * type->size));
  retain_range(type, copy, n);
  return copy;
}

// l[start:stop] = `m` owned slots at `fresh` (step 1: the list grows or shrinks).
bool assign_simple_slice(pyrt_list* l, int64_t start, int64_t stop, char* fresh, int64_t m) {
  const pyrt_type* type = elem_type(l);
  int64_t size = type->size, n = l->length;
  if (stop < start) stop = start;
  int64_t removed = stop - start;
  if (!ensure_capacity(l, n - removed + m)) return false;
  // The removed slots are released once the list is whole again (a small number on the stack).
  alignas(16) char small[256];
  bool on_stack = removed * size <= int64_t(sizeof small);
  char* old = on_stack ? small : static_cast<char*>(std::malloc(size_t(removed * size)));
  if (!old) return false;
  if (removed) std::memcpy(old, slot_at(l, start), size_t(removed * size));
  if (n > stop) std::memmove(slot_at(l, start + m), slot_at(l, stop), size_t((n - stop) * size));
  if (m) std::memcpy(slot_at(l, start), fresh, size_t(m * size));
  l->length = n - removed + m;
  release_range(type, old, removed);
  if (!on_stack) std::free(old);
  return true;
}

// A stable merge sort of the positions `order` by keys[position] (bottom-up, insertion sort on
// short runs): position i goes after j only when key j < key i. False after a comparison's error.
class Sorter {
public:
  Sorter(pyrt_context* ctx, const pyrt_type* type, const char* keys, const char* site)
      : ctx_(ctx), type_(type), keys_(keys), site_(site) {}

  bool sort(std::vector<int64_t>& order) {
    int64_t n = int64_t(order.size());
    const int64_t run = 16;
    for (int64_t lo = 0; lo < n; lo += run)
      if (!insertion_sort(order.data() + lo, lo + run < n ? run : n - lo)) return false;
    std::vector<int64_t> buffer(order.size());
    for (int64_t width = run; width < n; width *= 2) {
      for (int64_t lo = 0; lo < n; lo += 2 * width) {
        int64_t mid = lo + width < n ? lo + width : n;
        int64_t hi = lo + 2 * width < n ? lo + 2 * width : n;
        if (!merge(order.data(), buffer.data(), lo, mid, hi)) return false;
      }
      order.swap(buffer);
    }
    return true;
  }

private:
  int less(int64_t a, int64_t b) {
    return value_less(ctx_, type_, keys_ + a * type_->size, keys_ + b * type_->size, site_);
  }

  bool insertion_sort(int64_t* p, int64_t n) {
    for (int64_t i = 1; i < n; ++i) {
      int64_t x = p[i], j = i;
      for (; j > 0; --j) {
        int c = less(x, p[j - 1]);
        if (c < 0) return false;
        if (!c) break;
        p[j] = p[j - 1];
      }
      p[j] = x;
    }
    return true;
  }

  bool merge(const int64_t* in, int64_t* out, int64_t lo, int64_t mid, int64_t hi) {
    int64_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
      int c = less(in[j], in[i]);
      if (c < 0) return false;
      out[k++] = c ? in[j++] : in[i++];
    }
    while (i < mid)
      out[k++] = in[i++];
    while (j < hi)
      out[k++] = in[j++];
    return true;
  }

  pyrt_context* ctx_;
  const pyrt_type* type_;
  const char* keys_;
  const char* site_;
};

// Reorders l's slots so that new slot i is old slot order[i] (moves: no counts change).
bool permute(pyrt_list* l, const std::vector<int64_t>& order) {
  int64_t size = elem_size(l);
  if (l->capacity == 0) return true;
  char* data = list_data_alloc(l->capacity, size);
  if (!data) return false;
  for (size_t i = 0; i < order.size(); ++i)
    std::memcpy(data + int64_t(i) * size, slot_at(l, order[i]), size_t(size));
  list_data_free(l->data, l->capacity, size);
  l->data = data;
  return true;
}

} // namespace

void destroy_list(pyrt_list* l) {
  release_range(elem_type(l), l->data, l->length);
  list_data_free(l->data, l->capacity, elem_size(l));
  container_free(&l->head, sizeof(pyrt_list));
}

void share_list(pyrt_list* l) {
  const pyrt_type* type = elem_type(l);
  if (!type_has_refs(type)) return;
  for (int64_t i = 0; i < l->length; ++i)
    value_share(type, slot_at(l, i));
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_list* pyrt_list_new(pyrt_context* ctx, const pyrt_type* list_type, int64_t length,
                         const char* site) {
  if (length < 0) length = 0;
  int64_t size = list_type->items[0]->size;
  if (size > 0 && length > INT64_MAX / 2 / size) {
    raise_memory(ctx, site);
    return nullptr;
  }
  bool tracked = type_reaches_object(list_type->items[0]); // Note [Cycle collector] in runtime/gc.cpp
  auto* l = static_cast<pyrt_list*>(container_alloc(sizeof(pyrt_list), tracked));
  if (l) l->head.kind = PYRT_OBJ_LIST | (tracked ? PYRT_OBJ_GC : 0);
  char* data = list_data_alloc(length, size);
  if (data) std::memset(data, 0, size_t(length * (size ? size : 1)));
  if (!l || (length && !data)) {
    if (l) container_free(&l->head, sizeof(pyrt_list));
    list_data_free(data, length, size);
    raise_memory(ctx, site);
    return nullptr;
  }
  l->head.refcount = 1;
  l->head.shared = 0;
  l->length = length;
  l->capacity = length;
  l->data = data;
  l->type = list_type;
  return l;
}

int32_t pyrt_list_reserve_one(pyrt_context* ctx, pyrt_list* l, const char* site) {
  if (ensure_capacity(l, l->length + 1)) return 1;
  raise_memory(ctx, site);
  return 0;
}

// On MemoryError the element's reference is dropped: the call took it.
int32_t pyrt_list_append(pyrt_context* ctx, pyrt_list* l, const void* elem, const char* site) {
  if (!ensure_capacity(l, l->length + 1)) {
    pyrt_value_release(elem_type(l), const_cast<void*>(elem));
    raise_memory(ctx, site);
    return 0;
  }
  share_into(&l->head, elem_type(l), elem);
  std::memcpy(slot_at(l, l->length), elem, size_t(elem_size(l)));
  ++l->length;
  return 1;
}

int32_t pyrt_list_insert(pyrt_context* ctx, pyrt_list* l, int64_t index, const void* elem,
                         const char* site) {
  int64_t n = l->length;
  if (index < 0) {
    index += n;
    if (index < 0) index = 0;
  } else if (index > n) {
    index = n;
  }
  if (!ensure_capacity(l, n + 1)) {
    pyrt_value_release(elem_type(l), const_cast<void*>(elem));
    raise_memory(ctx, site);
    return 0;
  }
  share_into(&l->head, elem_type(l), elem);
  std::memmove(slot_at(l, index + 1), slot_at(l, index), size_t((n - index) * elem_size(l)));
  std::memcpy(slot_at(l, index), elem, size_t(elem_size(l)));
  ++l->length;
  return 1;
}

int32_t pyrt_list_pop(pyrt_context* ctx, pyrt_list* l, int64_t index, void* out, const char* site) {
  int64_t n = l->length;
  if (n == 0) {
    pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site, "pop from empty list");
    return 0;
  }
  if (index < 0) index += n;
  if (index < 0 || index >= n) {
    pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site, "pop index out of range");
    return 0;
  }
  int64_t size = elem_size(l);
  std::memcpy(out, slot_at(l, index), size_t(size));
  std::memmove(slot_at(l, index), slot_at(l, index + 1), size_t((n - index - 1) * size));
  l->length = n - 1;
  return 1;
}

int32_t pyrt_list_delete(pyrt_context* ctx, pyrt_list* l, int64_t index, const char* site) {
  int64_t n = l->length;
  if (index < 0) index += n;
  if (index < 0 || index >= n) {
    pyrt_list_index_error(ctx, 1, site);
    return 0;
  }
  return assign_simple_slice(l, index, index + 1, nullptr, 0) ? 1 : (raise_memory(ctx, site), 0);
}

int32_t pyrt_list_remove(pyrt_context* ctx, pyrt_list* l, const void* elem, const char* site) {
  const pyrt_type* type = elem_type(l);
  for (int64_t i = 0; i < l->length; ++i)
    if (value_equal(type, slot_at(l, i), elem)) return pyrt_list_delete(ctx, l, i, site);
  pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "list.remove(x): x not in list");
  return 0;
}

int64_t pyrt_list_index(pyrt_context* ctx, pyrt_list* l, const void* elem, const char* site) {
  const pyrt_type* type = elem_type(l);
  for (int64_t i = 0; i < l->length; ++i)
    if (value_equal(type, slot_at(l, i), elem)) return i;
  try {
    std::string text;
    append_value_repr(text, type, elem);
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "%s is not in list", text.c_str());
  } catch (const std::bad_alloc&) {
    raise_memory(ctx, site);
  }
  return -1;
}

int64_t pyrt_list_count(pyrt_list* l, const void* elem) {
  int64_t count = 0;
  for (int64_t i = 0; i < l->length; ++i)
    count += value_equal(elem_type(l), slot_at(l, i), elem);
  return count;
}

int32_t pyrt_list_contains(pyrt_list* l, const void* elem) {
  for (int64_t i = 0; i < l->length; ++i)
    if (value_equal(elem_type(l), slot_at(l, i), elem)) return 1;
  return 0;
}

void pyrt_list_reverse(pyrt_list* l) {
  int64_t size = elem_size(l);
  std::vector<char> tmp(static_cast<size_t>(size));
  for (int64_t i = 0, j = l->length - 1; i < j; ++i, --j) {
    std::memcpy(tmp.data(), slot_at(l, i), size_t(size));
    std::memcpy(slot_at(l, i), slot_at(l, j), size_t(size));
    std::memcpy(slot_at(l, j), tmp.data(), size_t(size));
  }
}

void pyrt_list_clear(pyrt_list* l) {
  char* data = l->data;
  int64_t n = l->length, capacity = l->capacity;
  l->data = nullptr;
  l->length = 0;
  l->capacity = 0;
  release_range(elem_type(l), data, n);
  list_data_free(data, capacity, elem_size(l));
}

int32_t pyrt_list_extend(pyrt_context* ctx, pyrt_list* l, pyrt_list* other, const char* site) {
  int64_t n = l->length, m = other->length;
  if (m > INT64_MAX / 2 - n || !ensure_capacity(l, n + m)) {
    raise_memory(ctx, site);
    return 0;
  }
  // After the growth: `other` may be `l`, whose data just moved.
  if (m) std::memcpy(slot_at(l, n), other->data, size_t(m * elem_size(l)));
  retain_range(elem_type(l), slot_at(l, n), m);
  for (int64_t i = 0; l->head.shared && i < m; ++i) value_share(elem_type(l), slot_at(l, n + i));
  l->length = n + m;
  return 1;
}

int32_t pyrt_list_sort(pyrt_context* ctx, pyrt_list* l, pyrt_list* keys, int32_t reverse,
                       const char* site) {
  int64_t n = l->length;
  if (n < 2) return 1;
  try {
    // reverse=True as CPython does it: reverse, sort stably, reverse (equal keys keep their order).
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      order[size_t(i)] = reverse ? n - 1 - i : i;
    const pyrt_list* by = keys ? keys : l;
    Sorter sorter(ctx, elem_type(by), by->data, site);
    if (!sorter.sort(order)) return 0;
    if (reverse)
      for (size_t i = 0, j = order.size() - 1; i < j; ++i, --j)
        std::swap(order[i], order[j]);
    if (!permute(l, order) || (keys && !permute(keys, order))) {
      raise_memory(ctx, site);
      return 0;
    }
  } catch (const std::bad_alloc&) {
    raise_memory(ctx, site);
    return 0;
  }
  return 1;
}

pyrt_list* pyrt_list_concat(pyrt_context* ctx, pyrt_list* a, pyrt_list* b, const char* site) {
  if (a->length > INT64_MAX / 2 - b->length) {
    raise_memory(ctx, site);
    return nullptr;
  }
  pyrt_list* r = pyrt_list_new(ctx, a->type, a->length + b->length, site);
  if (!r) return nullptr;
  int64_t size = elem_size(a);
  if (a->length) std::memcpy(r->data, a->data, size_t(a->length * size));
  if (b->length) std::memcpy(slot_at(r, a->length), b->data, size_t(b->length * size));
  retain_range(elem_type(r), r->data, r->length);
  return r;
}

pyrt_list* pyrt_list_repeat(pyrt_context* ctx, pyrt_list* a, int64_t n, const char* site) {
  if (n < 0 || a->length == 0) n = 0;
  if (n && a->length > INT64_MAX / 2 / n) {
    raise_memory(ctx, site);
    return nullptr;
  }
  pyrt_list* r = pyrt_list_new(ctx, a->type, a->length * n, site);
  if (!r) return nullptr;
  // One copy, then doubling copies of what is there: log2(n) memcpys, not n ([True] * 5_000_000).
  int64_t bytes = a->length * elem_size(a), total = bytes * n;
  if (total > 0) {
    std::memcpy(r->data, a->data, size_t(bytes));
    for (int64_t done = bytes; done < total; done *= 2)
      std::memcpy(r->data + done, r->data, size_t(done < total - done ? done : total - done));
  }
  retain_range(elem_type(r), r->data, r->length);
  return r;
}

pyrt_list* pyrt_list_slice(pyrt_context* ctx, pyrt_list* a, int64_t start, int64_t stop,
                           int64_t step, int32_t has, const char* site) {
  Slice s;
  if (!resolve_slice(ctx, a->length, start, stop, step, has, s, site)) return nullptr;
  pyrt_list* r = pyrt_list_new(ctx, a->type, s.count, site);
  if (!r) return nullptr;
  int64_t size = elem_size(a);
  if (s.step == 1) {
    if (s.count) std::memcpy(r->data, slot_at(a, s.start), size_t(s.count * size));
  } else {
    for (int64_t i = 0, j = s.start; i < s.count; ++i, j += s.step)
      std::memcpy(slot_at(r, i), slot_at(a, j), size_t(size));
  }
  retain_range(elem_type(r), r->data, r->length);
  return r;
}

int32_t pyrt_list_set_slice(pyrt_context* ctx, pyrt_list* l, int64_t start, int64_t stop,
                            int64_t step, int32_t has, pyrt_list* other, const char* site) {
  Slice s;
  if (!resolve_slice(ctx, l->length, start, stop, step, has, s, site)) return 0;
  const pyrt_type* type = elem_type(l);
  int64_t m = other->length, size = type->size;
  if (s.step != 1 && m != s.count) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site,
                      "attempt to assign sequence of size %" PRId64
                      " to extended slice of size %" PRId64,
                      m, s.count);
    return 0;
  }
  char* fresh = retained_copy(type, other->data, m); // `other` may be `l`
  if (!fresh) {
    raise_memory(ctx, site);
    return 0;
  }
  for (int64_t i = 0; l->head.shared && i < m; ++i) value_share(type, fresh + i * size);
  if (s.step == 1) {
    bool ok = assign_simple_slice(l, s.start, s.stop, fresh, m);
    if (!ok) {
      release_range(type, fresh, m);
      raise_memory(ctx, site);
    }
    std::free(fresh);
    return ok ? 1 : 0;
  }
  // An extended slice: swap each selected slot with its new value, then drop the old ones.
  std::vector<char> tmp(static_cast<size_t>(size));
  for (int64_t i = 0, j = s.start; i < m; ++i, j += s.step) {
    std::memcpy(tmp.data(), slot_at(l, j), size_t(size));
    std::memcpy(slot_at(l, j), fresh + i * size, size_t(size));
    std::memcpy(fresh + i * size, tmp.data(), size_t(size));
  }
  release_range(type, fresh, m);
  std::free(fresh);
  return 1;
}

void pyrt_list_index_error(pyrt_context* ctx, int32_t store, const char* site) {
  pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site,
                    store ? "list assignment index out of range" : "list index out of range");
}

} // extern "C"
