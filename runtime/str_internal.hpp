// Internal to runtime/str*.cpp: UTF-8 walking and the Unicode facts str methods share.
#pragma once

#include "runtime/object_internal.hpp"

#include <cstdint>
#include <string>

namespace pyscript::runtime {

// Bytes of the UTF-8 sequence whose lead byte is `lead`.
inline int utf8_sequence_length(unsigned char lead) {
  return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

// The code point at bytes[*i] (valid UTF-8), advancing *i past it.
inline uint32_t utf8_decode(const char* bytes, int64_t* i) {
  auto lead = static_cast<unsigned char>(bytes[*i]);
  if (lead < 0x80) {
    *i += 1;
    return lead;
  }
  int n = utf8_sequence_length(lead);
  uint32_t c = lead & (0xFFu >> (n + 1));
  for (int k = 1; k < n; ++k)
    c = (c << 6) | (static_cast<unsigned char>(bytes[*i + k]) & 0x3Fu);
  *i += n;
  return c;
}

// Writes code point c as UTF-8 (surrogates too, as three bytes); returns the byte count.
inline int utf8_encode(uint32_t c, char* out) {
  if (c < 0x80) {
    out[0] = char(c);
    return 1;
  }
  if (c < 0x800) {
    out[0] = char(0xC0 | (c >> 6));
    out[1] = char(0x80 | (c & 0x3F));
    return 2;
  }
  if (c < 0x10000) {
    out[0] = char(0xE0 | (c >> 12));
    out[1] = char(0x80 | ((c >> 6) & 0x3F));
    out[2] = char(0x80 | (c & 0x3F));
    return 3;
  }
  out[0] = char(0xF0 | (c >> 18));
  out[1] = char(0x80 | ((c >> 12) & 0x3F));
  out[2] = char(0x80 | ((c >> 6) & 0x3F));
  out[3] = char(0x80 | (c & 0x3F));
  return 4;
}

inline bool str_is_ascii(const pyrt_str* s) {
  return s->size == s->length;
}

// str.isspace() of one code point (also what split() and strip() remove).
bool unicode_is_space(uint32_t c);
// The value of a decimal digit (str.isdecimal(): any script's 0-9), or -1.
int unicode_decimal_value(uint32_t c);

// A new str holding `size` bytes (NULL when memory runs out).
pyrt_str* str_copy(const char* bytes, int64_t size, int64_t length);

} // namespace pyscript::runtime
