// str values: concatenation, indexing and slicing by code points, comparison and hashing,
// searching, replace, split and join (include/pyscript/runtime_str.def). A str is immutable UTF-8
// with its length in code points (Note [Object layout]); one whose size equals its length is ASCII
// and indexes in O(1), others walk their bytes.
#include "runtime/str_internal.hpp"
#include "runtime/value_internal.hpp"

#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace pyscript::runtime {

namespace {

// ---- hashing: 8 bytes at a time, multiply-xorshift mixing (any good 64-bit hash will do) ----
// ---- the immortal one-character ASCII strings s[i] and `for ch in s` give ----
struct StaticStr { // pyrt_str's layout with room for one character
  pyrt_object head;
  int64_t length, size, hash;
  char data[8];
};

constexpr std::array<StaticStr, 128> make_ascii_table() {
  std::array<StaticStr, 128> t{};
  for (int c = 0; c < 128; ++c) {
    t[size_t(c)].head = pyrt_object{-1, 0, PYRT_OBJ_STR};
    t[size_t(c)].length = 1;
    t[size_t(c)].size = 1;
    t[size_t(c)].data[0] = char(c);
    t[size_t(c)].hash = -1; // str_hash computes an immortal's each time
  }
  return t;
}

constinit std::array<StaticStr, 128> ascii_chars = make_ascii_table();

pyrt_str* ascii_char(unsigned char c) {
  return reinterpret_cast<pyrt_str*>(&ascii_chars[c]);
}

pyrt_str* no_memory(pyrt_context* ctx, const char* site) {
  pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return nullptr;
}

// s->hash as written by pyrt_str_hash (atomically once s is shared), -1 if not yet.
int64_t cached_hash(const pyrt_str* s) {
  return s->head.shared ? __atomic_load_n(&s->hash, __ATOMIC_RELAXED) : s->hash;
}

// r, or NULL after MemoryError when r is NULL.
pyrt_str* checked(pyrt_context* ctx, const char* site, pyrt_str* r) {
  if (!r) pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  return r;
}

// Byte offset of code point `index` (0 <= index <= length), walking from the nearer end.
int64_t byte_offset(const pyrt_str* s, int64_t index) {
  if (str_is_ascii(s)) return index;
  if (index <= s->length / 2) {
    int64_t i = 0;
    for (int64_t k = 0; k < index; ++k)
      i += utf8_sequence_length(static_cast<unsigned char>(s->data[i]));
    return i;
  }
  int64_t i = s->size;
  for (int64_t k = s->length; k > index; --k) {
    do
      --i;
    while ((static_cast<unsigned char>(s->data[i]) & 0xC0) == 0x80);
  }
  return i;
}

// Code points in bytes [from, to).
int64_t count_code_points(const pyrt_str* s, int64_t from, int64_t to) {
  return str_is_ascii(s) ? to - from : utf8_length(s->data + from, to - from);
}

const char* find_bytes(const char* hay, int64_t hay_size, const char* needle, int64_t needle_size) {
  if (needle_size == 0) return hay;
  return static_cast<const char*>(memmem(hay, size_t(hay_size), needle, size_t(needle_size)));
}

// Python's slice.indices(length): the first index, the step and the number of items.
struct SliceRange {
  int64_t start, step, count;
};

SliceRange adjust_slice(int64_t length, int64_t start, int64_t stop, int64_t step, int32_t has) {
  if (!(has & 4)) step = 1;
  if (step < -INT64_MAX) step = -INT64_MAX;
  auto clamp = [&](int64_t v) {
    if (v < 0) {
      v += length;
      if (v < 0) v = step < 0 ? -1 : 0;
    } else if (v >= length) {
      v = step < 0 ? length - 1 : length;
    }
    return v;
  };
  start = has & 1 ? clamp(start) : step < 0 ? length - 1 : 0;
  stop = has & 2 ? clamp(stop) : step < 0 ? -1 : length;
  int64_t count = 0;
  if (step < 0 && stop < start)
    count = (start - stop - 1) / -step + 1;
  else if (step > 0 && start < stop)
    count = (stop - start - 1) / step + 1;
  return {start, step, count};
}

// A list[str] of the pieces, laid out as runtime/list.cpp lays lists out (Note [Object layout]):
// it takes the pieces' references.
pyrt_list* make_str_list(std::vector<pyrt_str*>& pieces, const pyrt_type* list_type) {
  auto* l = static_cast<pyrt_list*>(small_alloc(sizeof(pyrt_list)));
  int64_t capacity = pieces.size() < 4 ? 4 : int64_t(pieces.size());
  char* data = list_data_alloc(capacity, sizeof(pyrt_str*));
  if (!l || !data) {
    small_free(l, sizeof(pyrt_list));
    list_data_free(data, capacity, sizeof(pyrt_str*));
    for (pyrt_str* p : pieces)
      str_free(p);
    return nullptr;
  }
  l->head = pyrt_object{1, 0, PYRT_OBJ_LIST};
  l->length = int64_t(pieces.size());
  l->capacity = capacity;
  l->data = data;
  l->type = list_type;
  if (!pieces.empty()) std::memcpy(data, pieces.data(), pieces.size() * sizeof(pyrt_str*));
  return l;
}

// The pieces of s split at runs of whitespace, at most maxsplit splits (< 0: any number).
bool split_whitespace(const pyrt_str* s, int64_t maxsplit, std::vector<pyrt_str*>& out) {
  if (s->size == s->length && maxsplit < 0) { // ASCII: bytes are code points
    auto space = [](unsigned char c) { return (c >= 9 && c <= 13) || (c >= 0x1C && c <= 0x20); };
    const auto* p = reinterpret_cast<const unsigned char*>(s->data);
    int64_t n = s->size, k = 0;
    out.reserve(size_t(n / 8));
    while (true) {
      while (k < n && space(p[k])) ++k;
      if (k >= n) return true;
      int64_t begin = k;
      while (k < n && !space(p[k])) ++k;
      pyrt_str* piece = str_copy(s->data + begin, k - begin, k - begin);
      if (!piece) return false;
      out.push_back(piece);
    }
  }
  int64_t i = 0;
  while (true) {
    int64_t next = i;
    while (i < s->size && unicode_is_space(utf8_decode(s->data, &next)))
      i = next;
    if (i >= s->size) return true;
    int64_t begin = i, length = 0;
    if (maxsplit >= 0 && int64_t(out.size()) >= maxsplit) { // the rest, trailing spaces included
      pyrt_str* rest =
          str_copy(s->data + begin, s->size - begin, count_code_points(s, begin, s->size));
      if (!rest) return false;
      out.push_back(rest);
      return true;
    }
    next = i;
    while (i < s->size && !unicode_is_space(utf8_decode(s->data, &next))) {
      i = next;
      ++length;
    }
    pyrt_str* piece = str_copy(s->data + begin, i - begin, length);
    if (!piece) return false;
    out.push_back(piece);
  }
}

bool split_at(const pyrt_str* s, const pyrt_str* sep, int64_t maxsplit,
              std::vector<pyrt_str*>& out) {
  int64_t i = 0;
  while (maxsplit < 0 || int64_t(out.size()) < maxsplit) {
    const char* hit = find_bytes(s->data + i, s->size - i, sep->data, sep->size);
    if (!hit) break;
    int64_t at = hit - s->data;
    pyrt_str* piece = str_copy(s->data + i, at - i, count_code_points(s, i, at));
    if (!piece) return false;
    out.push_back(piece);
    i = at + sep->size;
  }
  pyrt_str* last = str_copy(s->data + i, s->size - i, count_code_points(s, i, s->size));
  if (!last) return false;
  out.push_back(last);
  return true;
}

// s.splitlines(): pieces between line boundaries (\n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, U+2028,
// U+2029), the boundaries dropped, no empty piece after a final one.
bool split_lines(const pyrt_str* s, std::vector<pyrt_str*>& out) {
  auto byte = [&](int64_t k) { return static_cast<unsigned char>(s->data[k]); };
  int64_t begin = 0;
  for (int64_t k = 0; k < s->size;) {
    int64_t width = 0; // the boundary's bytes at k, 0 when none
    unsigned char c = byte(k);
    if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) width = 1;
    else if (c == '\r') width = k + 1 < s->size && byte(k + 1) == '\n' ? 2 : 1;
    else if (c == 0xC2 && k + 1 < s->size && byte(k + 1) == 0x85) width = 2;
    else if (c == 0xE2 && k + 2 < s->size && byte(k + 1) == 0x80 && (byte(k + 2) == 0xA8 || byte(k + 2) == 0xA9)) width = 3;
    if (!width) {
      ++k;
      continue;
    }
    pyrt_str* piece = str_copy(s->data + begin, k - begin, count_code_points(s, begin, k));
    if (!piece) return false;
    out.push_back(piece);
    k += width;
    begin = k;
  }
  if (begin == s->size) return true;
  pyrt_str* last = str_copy(s->data + begin, s->size - begin, count_code_points(s, begin, s->size));
  if (!last) return false;
  out.push_back(last);
  return true;
}

// The pieces a split made (ok: all of them were made) as a new list; MemoryError otherwise.
pyrt_list* pieces_list(pyrt_context* ctx, bool ok, std::vector<pyrt_str*>& pieces, const pyrt_type* list_type,
                       const char* site) {
  pyrt_list* l = ok ? make_str_list(pieces, list_type) : nullptr;
  if (!l) {
    if (!ok)
      for (pyrt_str* p : pieces)
        str_free(p);
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
  }
  return l;
}

} // namespace

pyrt_str* str_copy(const char* bytes, int64_t size, int64_t length) {
  pyrt_str* r = str_alloc(size, length);
  if (r && size) std::memcpy(r->data, bytes, size_t(size));
  return r;
}

} // namespace pyscript::runtime

using namespace pyscript::runtime;

extern "C" {

pyrt_str* pyrt_str_concat(pyrt_context* ctx, pyrt_str* a, pyrt_str* b, const char* site) {
  pyrt_str* r = str_alloc(a->size + b->size, a->length + b->length);
  if (!r) return no_memory(ctx, site);
  std::memcpy(r->data, a->data, size_t(a->size));
  std::memcpy(r->data + a->size, b->data, size_t(b->size));
  return r;
}

pyrt_str* pyrt_str_repeat(pyrt_context* ctx, pyrt_str* a, int64_t n, const char* site) {
  if (n <= 0 || a->size == 0) return checked(ctx, site, str_alloc(0, 0));
  if (a->size > INT64_MAX / n) {
    pyrt_raise_detail(ctx, PYRT_OVERFLOW_ERROR, site, "repeated string is too long");
    return nullptr;
  }
  pyrt_str* r = str_alloc(a->size * n, a->length * n);
  if (!r) return no_memory(ctx, site);
  std::memcpy(r->data, a->data, size_t(a->size));
  for (int64_t done = a->size, total = a->size * n; done < total;) { // doubling copies
    int64_t chunk = done < total - done ? done : total - done;
    std::memcpy(r->data + done, r->data, size_t(chunk));
    done += chunk;
  }
  return r;
}

pyrt_str* pyrt_str_index(pyrt_context* ctx, pyrt_str* s, int64_t i, const char* site) {
  if (i < 0) i += s->length;
  if (i < 0 || i >= s->length) {
    pyrt_raise_detail(ctx, PYRT_INDEX_ERROR, site, "string index out of range");
    return nullptr;
  }
  int64_t at = byte_offset(s, i);
  auto lead = static_cast<unsigned char>(s->data[at]);
  if (lead < 0x80) return ascii_char(lead);
  return checked(ctx, site, str_copy(s->data + at, utf8_sequence_length(lead), 1));
}

pyrt_str* pyrt_str_slice(pyrt_context* ctx, pyrt_str* s, int64_t start, int64_t stop, int64_t step,
                         int32_t has, const char* site) {
  if ((has & 4) && step == 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "slice step cannot be zero");
    return nullptr;
  }
  SliceRange r = adjust_slice(s->length, start, stop, step, has);
  if (r.count == 0) return checked(ctx, site, str_alloc(0, 0));
  if (r.step == 1) {
    int64_t begin = byte_offset(s, r.start);
    int64_t end = str_is_ascii(s) ? r.start + r.count : begin;
    if (!str_is_ascii(s))
      for (int64_t k = 0; k < r.count; ++k)
        end += utf8_sequence_length(static_cast<unsigned char>(s->data[end]));
    return checked(ctx, site, str_copy(s->data + begin, end - begin, r.count));
  }
  if (str_is_ascii(s)) {
    pyrt_str* out = str_alloc(r.count, r.count);
    if (!out) return no_memory(ctx, site);
    for (int64_t k = 0; k < r.count; ++k)
      out->data[k] = s->data[r.start + k * r.step];
    return out;
  }
  std::vector<int64_t> starts; // each code point's byte offset, and the end
  starts.reserve(size_t(s->length) + 1);
  for (int64_t i = 0; i < s->size;
       i += utf8_sequence_length(static_cast<unsigned char>(s->data[i])))
    starts.push_back(i);
  starts.push_back(s->size);
  std::string bytes;
  for (int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step)
    bytes.append(s->data + starts[size_t(i)], size_t(starts[size_t(i) + 1] - starts[size_t(i)]));
  pyrt_str* out = str_copy(bytes.data(), int64_t(bytes.size()), r.count);
  return out ? out : no_memory(ctx, site);
}

pyrt_str* pyrt_str_next_char(pyrt_str* s, int64_t* pos) {
  if (*pos >= s->size) return nullptr;
  auto lead = static_cast<unsigned char>(s->data[*pos]);
  if (lead < 0x80) {
    *pos += 1;
    return ascii_char(lead);
  }
  int n = utf8_sequence_length(lead);
  pyrt_str* r = str_copy(s->data + *pos, n, 1);
  *pos += n;
  return r;
}

int32_t pyrt_str_eq(pyrt_str* a, pyrt_str* b) {
  if (a == b) return 1;
  if (a->size != b->size) return 0;
  int64_t ha = cached_hash(a), hb = cached_hash(b);
  if (ha != -1 && hb != -1 && ha != hb) return 0;
  return std::memcmp(a->data, b->data, size_t(a->size)) == 0;
}

// UTF-8's byte order is its code points' order.
int32_t pyrt_str_compare(pyrt_str* a, pyrt_str* b) {
  int64_t n = a->size < b->size ? a->size : b->size;
  int c = n ? std::memcmp(a->data, b->data, size_t(n)) : 0;
  if (c == 0) c = a->size < b->size ? -1 : a->size > b->size ? 1 : 0;
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

// One hash for str everywhere (value.cpp's, which dicts use and which skips immortal constants).
int64_t pyrt_str_hash(pyrt_str* s) { return pyscript::runtime::str_hash(s); }

int32_t pyrt_str_contains(pyrt_str* haystack, pyrt_str* needle) {
  return find_bytes(haystack->data, haystack->size, needle->data, needle->size) != nullptr;
}

namespace {

// s[start:end]'s bounds as find and rfind read them (has: bit 1 start, 2 end given). As CPython:
// negative bounds count from the end, end is clamped to the length.
void find_bounds(const pyrt_str* s, int64_t& start, int64_t& end, int32_t has) {
  int64_t length = s->length;
  if (has & 1)
    start = start < 0 ? (start + length < 0 ? 0 : start + length) : start;
  else
    start = 0;
  if (has & 2)
    end = end < 0 ? (end + length < 0 ? 0 : end + length) : end > length ? length : end;
  else
    end = length;
}

} // namespace

int64_t pyrt_str_find(pyrt_str* s, pyrt_str* sub, int64_t start, int64_t end, int32_t has) {
  int64_t length = s->length;
  find_bounds(s, start, end, has); // a start past the end finds nothing (not even "")
  if (start > length || end - start < sub->length) return -1;
  int64_t begin = byte_offset(s, start), stop = byte_offset(s, end);
  const char* hit = find_bytes(s->data + begin, stop - begin, sub->data, sub->size);
  if (!hit) return -1;
  return start + count_code_points(s, begin, hit - s->data);
}

int64_t pyrt_str_rfind(pyrt_str* s, pyrt_str* sub, int64_t start, int64_t end, int32_t has) {
  find_bounds(s, start, end, has);
  if (start > s->length || end - start < sub->length) return -1;
  int64_t begin = byte_offset(s, start), stop = byte_offset(s, end);
  for (int64_t at = stop - sub->size; at >= begin; --at) // the last match (UTF-8: only at characters)
    if (std::memcmp(s->data + at, sub->data, size_t(sub->size)) == 0) return count_code_points(s, 0, at);
  return -1;
}

int64_t pyrt_str_count(pyrt_str* s, pyrt_str* sub) {
  if (sub->size == 0) return s->length + 1;
  int64_t n = 0;
  for (int64_t i = 0;; ++n) {
    const char* hit = find_bytes(s->data + i, s->size - i, sub->data, sub->size);
    if (!hit) return n;
    i = hit - s->data + sub->size;
  }
}

int32_t pyrt_str_startswith(pyrt_str* s, pyrt_str* prefix) {
  return prefix->size <= s->size && std::memcmp(s->data, prefix->data, size_t(prefix->size)) == 0;
}

int32_t pyrt_str_endswith(pyrt_str* s, pyrt_str* suffix) {
  return suffix->size <= s->size &&
         std::memcmp(s->data + s->size - suffix->size, suffix->data, size_t(suffix->size)) == 0;
}

pyrt_str* pyrt_str_replace(pyrt_context* ctx, pyrt_str* s, pyrt_str* old, pyrt_str* with,
                           int64_t count, const char* site) {
  std::string out;
  int64_t replaced = 0;
  if (old->size == 0) { // `with` before every code point and at the end, up to count times
    int64_t i = 0;
    while (count < 0 || replaced < count) {
      out.append(with->data, size_t(with->size));
      ++replaced;
      if (i == s->size) break;
      int n = utf8_sequence_length(static_cast<unsigned char>(s->data[i]));
      out.append(s->data + i, size_t(n));
      i += n;
    }
    out.append(s->data + i, size_t(s->size - i));
  } else {
    int64_t i = 0;
    for (; count < 0 || replaced < count; ++replaced) {
      const char* hit = find_bytes(s->data + i, s->size - i, old->data, old->size);
      if (!hit) break;
      out.append(s->data + i, size_t(hit - (s->data + i)));
      out.append(with->data, size_t(with->size));
      i = hit - s->data + old->size;
    }
    out.append(s->data + i, size_t(s->size - i));
  }
  int64_t length = s->length + replaced * (with->length - old->length);
  return checked(ctx, site, str_copy(out.data(), int64_t(out.size()), length));
}

pyrt_list* pyrt_str_split(pyrt_context* ctx, pyrt_str* s, pyrt_str* sep, int64_t maxsplit,
                          const pyrt_type* list_type, const char* site) {
  if (sep && sep->size == 0) {
    pyrt_raise_detail(ctx, PYRT_VALUE_ERROR, site, "empty separator");
    return nullptr;
  }
  std::vector<pyrt_str*> pieces;
  bool ok = sep ? split_at(s, sep, maxsplit, pieces) : split_whitespace(s, maxsplit, pieces);
  return pieces_list(ctx, ok, pieces, list_type, site);
}

pyrt_list* pyrt_str_splitlines(pyrt_context* ctx, pyrt_str* s, const pyrt_type* list_type, const char* site) {
  std::vector<pyrt_str*> pieces;
  bool ok = split_lines(s, pieces);
  return pieces_list(ctx, ok, pieces, list_type, site);
}

pyrt_str* pyrt_str_join(pyrt_context* ctx, pyrt_str* sep, pyrt_list* parts, const char* site) {
  auto* items = reinterpret_cast<pyrt_str* const*>(parts->data);
  int64_t n = parts->length;
  int64_t size = n > 1 ? sep->size * (n - 1) : 0, length = n > 1 ? sep->length * (n - 1) : 0;
  for (int64_t k = 0; k < n; ++k) {
    size += items[k]->size;
    length += items[k]->length;
  }
  pyrt_str* r = str_alloc(size, length);
  if (!r) return no_memory(ctx, site);
  char* p = r->data;
  for (int64_t k = 0; k < n; ++k) {
    if (k > 0) {
      std::memcpy(p, sep->data, size_t(sep->size));
      p += sep->size;
    }
    std::memcpy(p, items[k]->data, size_t(items[k]->size));
    p += items[k]->size;
  }
  return r;
}

pyrt_str* pyrt_str_build(pyrt_context* ctx, int32_t n, pyrt_str* const* pieces, const char* site) {
  int64_t size = 0, length = 0;
  for (int32_t k = 0; k < n; ++k) {
    size += pieces[k]->size;
    length += pieces[k]->length;
  }
  pyrt_str* r = str_alloc(size, length);
  if (!r) return no_memory(ctx, site);
  char* p = r->data;
  for (int32_t k = 0; k < n; ++k) {
    std::memcpy(p, pieces[k]->data, size_t(pieces[k]->size));
    p += pieces[k]->size;
  }
  return r;
}

} // extern "C"
