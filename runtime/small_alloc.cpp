// Note [Small objects]
// str and list headers are small and made and freed by the million (text.split() of a large text,
// a list per loop iteration): glibc's malloc and free of them cost more than the work around them.
// Blocks up to kMaxSmall bytes come from per-thread free lists, one per 16-byte size class, carved
// out of 64 KiB chunks that are never given back (the largest number of small objects alive at once
// bounds the memory kept). An object freed on another thread joins that thread's lists. The chunks
// are recorded globally, so leak checkers see them reachable. Under AddressSanitizer every block is
// malloc's own instead, so that a leaked object, one freed twice or one used after its free is
// reported like any other heap block.
#include "runtime/object_internal.hpp"

#include <cstdlib>
#include <mutex>
#include <vector>

namespace pyscript::runtime {
namespace {

constexpr size_t kClass = 16, kMaxSmall = 256, kChunk = 64 * 1024;

struct FreeBlock {
  FreeBlock* next;
};

struct Pools {
  FreeBlock* free[kMaxSmall / kClass] = {};
};

thread_local Pools pools;

std::mutex chunks_mutex;
// Made on first use and never destroyed: chunks outlive every thread (and under ASan, which
// allocates each object with malloc, there are none).
std::vector<void*>& chunk_list() {
  static auto* chunks = new std::vector<void*>;
  return *chunks;
}

// A new chunk cut into blocks of class c, put on the free list.
bool refill(size_t c) {
  size_t size = (c + 1) * kClass;
  char* chunk = static_cast<char*>(std::malloc(kChunk));
  if (!chunk) return false;
  {
    std::lock_guard<std::mutex> lock(chunks_mutex);
    chunk_list().push_back(chunk);
  }
  FreeBlock* head = pools.free[c];
  for (size_t at = 0; at + size <= kChunk; at += size) {
    auto* b = reinterpret_cast<FreeBlock*>(chunk + at);
    b->next = head;
    head = b;
  }
  pools.free[c] = head;
  return true;
}

} // namespace

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPooled = false;
#else
constexpr bool kPooled = true;
#endif

void* small_alloc(size_t size) {
  if (!kPooled || size > kMaxSmall || size == 0) return std::malloc(size ? size : 1);
  size_t c = (size - 1) / kClass;
  if (!pools.free[c] && !refill(c)) return nullptr;
  FreeBlock* b = pools.free[c];
  pools.free[c] = b->next;
  return b;
}

void small_free(void* p, size_t size) {
  if (!p) return;
  if (!kPooled || size > kMaxSmall || size == 0) return std::free(p);
  size_t c = (size - 1) / kClass;
  auto* b = static_cast<FreeBlock*>(p);
  b->next = pools.free[c];
  pools.free[c] = b;
}

static size_t data_bytes(int64_t capacity, int64_t size) {
  return size_t(capacity * (size ? size : 1));
}

char* list_data_alloc(int64_t capacity, int64_t size) {
  if (capacity <= 0) return nullptr;
  return static_cast<char*>(small_alloc(data_bytes(capacity, size)));
}

void list_data_free(char* data, int64_t capacity, int64_t size) {
  if (data) small_free(data, data_bytes(capacity, size));
}

} // namespace pyscript::runtime
