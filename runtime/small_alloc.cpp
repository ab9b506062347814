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

constinit thread_local SmallPools t_small_pools{};

namespace {

constexpr size_t kChunk = 64 * 1024;

std::mutex chunks_mutex;
// Made on first use and never destroyed: chunks outlive every thread (and under ASan, which
// allocates each object with malloc, there are none).
std::vector<void*>& chunk_list() {
  static auto* chunks = new std::vector<void*>;
  return *chunks;
}

// A new chunk cut into blocks of class c, put on the free list.
bool refill(size_t c) {
  size_t size = (c + 1) * kSmallClass;
  char* chunk = static_cast<char*>(std::malloc(kChunk));
  if (!chunk) return false;
  {
    std::lock_guard<std::mutex> lock(chunks_mutex);
    chunk_list().push_back(chunk);
  }
  SmallBlock* head = t_small_pools.free[c];
  for (size_t at = 0; at + size <= kChunk; at += size) {
    auto* b = reinterpret_cast<SmallBlock*>(chunk + at);
    b->next = head;
    head = b;
  }
  t_small_pools.free[c] = head;
  return true;
}

} // namespace

// What the inline small_alloc leaves: sizes outside the pools, an empty list.
void* small_alloc_slow(size_t size) {
  if (!kSmallPooled || size > kMaxSmall || size == 0) return std::malloc(size ? size : 1);
  size_t c = (size - 1) / kSmallClass;
  if (!t_small_pools.free[c] && !refill(c)) return nullptr;
  SmallBlock* b = t_small_pools.free[c];
  t_small_pools.free[c] = b->next;
  return b;
}

void small_free_slow(void* p, size_t) {
  if (!p) return;
  std::free(p); // not pooled (small_free pools the rest)
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
