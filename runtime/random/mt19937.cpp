// MT19937 as published by Matsumoto and Nishimura (init_genrand, init_by_array, the generation of
// 624 words), and the Status type of runtime/random.
#include "runtime/random/random.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace pyscript::random {

Status Status::error(ErrorKind kind, const char* format, ...) {
  Status s;
  s.kind = kind;
  va_list args;
  va_start(args, format);
  std::vsnprintf(s.message, sizeof s.message, format, args);
  va_end(args);
  return s;
}

void mt_init_genrand(MT19937& mt, uint32_t seed) {
  mt.key[0] = seed;
  for (int i = 1; i < kMTWords; ++i) {
    uint32_t prev = mt.key[i - 1];
    mt.key[i] = 1812433253u * (prev ^ (prev >> 30)) + static_cast<uint32_t>(i);
  }
  mt.pos = kMTWords;
}

void mt_init_by_array(MT19937& mt, const uint32_t* init_key, size_t key_length) {
  mt_init_genrand(mt, 19650218u);
  uint32_t* k = mt.key;
  int i = 1;
  size_t j = 0;
  for (size_t count = key_length > kMTWords ? key_length : kMTWords; count > 0; --count) {
    k[i] = (k[i] ^ ((k[i - 1] ^ (k[i - 1] >> 30)) * 1664525u)) + init_key[j] + static_cast<uint32_t>(j);
    ++i;
    ++j;
    if (i >= kMTWords) {
      k[0] = k[kMTWords - 1];
      i = 1;
    }
    if (j >= key_length) j = 0;
  }
  for (int count = kMTWords - 1; count > 0; --count) {
    k[i] = (k[i] ^ ((k[i - 1] ^ (k[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
    ++i;
    if (i >= kMTWords) {
      k[0] = k[kMTWords - 1];
      i = 1;
    }
  }
  k[0] = 0x80000000u; // the most significant bit is 1: a nonzero initial array
  mt.pos = kMTWords;
}

void mt_regenerate(MT19937& mt) {
  constexpr int kM = 397;
  constexpr uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu, kMatrix = 0x9908b0dfu;
  uint32_t* k = mt.key;
  auto twist = [&](int i, int next, int far) {
    uint32_t y = (k[i] & kUpper) | (k[next] & kLower);
    k[i] = k[far] ^ (y >> 1) ^ ((y & 1u) ? kMatrix : 0u);
  };
  int i = 0;
  for (; i < kMTWords - kM; ++i) twist(i, i + 1, i + kM);
  for (; i < kMTWords - 1; ++i) twist(i, i + 1, i + kM - kMTWords);
  twist(kMTWords - 1, 0, kM - 1);
  mt.pos = 0;
}

} // namespace pyscript::random

namespace pyscript::random::detail {

void save_mt(const MT19937& mt, int32_t has_gauss, double gauss, uint64_t* words) {
  for (int i = 0; i < kMTWords; ++i) words[i] = mt.key[i];
  words[kMTWords] = static_cast<uint64_t>(mt.pos);
  words[kMTWords + 1] = static_cast<uint64_t>(has_gauss);
  std::memcpy(&words[kMTWords + 2], &gauss, sizeof gauss);
}

Status restore_mt(MT19937& mt, int32_t& has_gauss, double& gauss, const uint64_t* words) {
  for (int i = 0; i <= kMTWords; ++i)
    if (words[i] > (i < kMTWords ? 0xffffffffu : static_cast<uint64_t>(kMTWords)))
      return Status::error(ErrorKind::ValueError, "corrupt MT19937 state");
  if (words[kMTWords + 1] > 1) return Status::error(ErrorKind::ValueError, "corrupt MT19937 state");
  for (int i = 0; i < kMTWords; ++i) mt.key[i] = static_cast<uint32_t>(words[i]);
  mt.pos = static_cast<int32_t>(words[kMTWords]);
  has_gauss = static_cast<int32_t>(words[kMTWords + 1]);
  std::memcpy(&gauss, &words[kMTWords + 2], sizeof gauss);
  return {};
}

} // namespace pyscript::random::detail
