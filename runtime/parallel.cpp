// The pool of threads that kernels run on: fused elementwise loops (codegen/emit_fused.cpp, through
// pyrt_parallel_for), sums (array_sum.cpp) and matrix products (array_math.cpp).
//
// Note [The kernel pool]
// One pool per process, made on first use: kernel_threads() - 1 workers, the calling thread
// being the last one. A kernel is cut into pieces; the caller publishes the job, workers and the
// caller claim pieces one at a time until none is left, and the caller returns once every piece
// is done. Who runs which piece does not matter (Note [Pieces do not change results]).
//  - Oversubscription: the pool serves one call at a time, and only a call that finds no other
//    large kernel running: one that finds another (on the pool, or inline on another host
//    thread), or that runs on a worker, runs its kernel on its own thread. So host threads that
//    all run large kernels (batch-256 forwards from a server's threads) run one kernel each, as
//    many threads as the host has; kernels below the thresholds (the batch-1 MLP, what
//    bench/serve.cpp serves) never reach the pool. OpenBLAS runs on one thread (Note [Matrix
//    products on the pool] in parallel_gemm.cpp).
//  - Idle workers spin for kSpin after a piece (kernels come in chains: the next one usually
//    follows within microseconds), then sleep on a futex until the next job.
//  - The job is one 64-bit word: generation (24 bits), piece count (20), next piece to claim
//    (20). A piece is claimed by compare-and-swap of that word, so a worker holding a stale
//    word claims nothing; a claimed piece keeps its job open (the caller waits for it), so the
//    job's fields, written before the word was published, stay valid while the piece runs.
//
// Note [Pieces do not change results]
// An elementwise kernel computes each element by the same instructions wherever the piece starts,
// with one exception: a vectorized loop handles the last few elements of its range in scalar
// code, and a vector exp or sin may round differently from the scalar one. Pieces therefore start
// at multiples of kAlign (a multiple of any vector width times unroll), so that every piece but
// the last is all vector body, and the last one's tail holds the same elements as the tail of the
// whole range on one thread. Reductions split their work at fixed points whatever the thread
// count (array_sum.cpp), so results are identical with 1, 2 or 64 threads (tests/threads_test.py).
#include "runtime/parallel.hpp"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <system_error>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace pyscript::runtime {
namespace {

constexpr int kMaxThreads = 512;
constexpr auto kSpin = std::chrono::microseconds(100);
constexpr uint64_t kField = (uint64_t(1) << 20) - 1; // piece count and next piece: 20 bits each
constexpr int64_t kMaxPieces = int64_t(kField);

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

thread_local bool on_worker = false;

int threads_from_environment() {
  if (const char* s = std::getenv("PYSCRIPT_NUM_THREADS"); s && *s) {
    char* end = nullptr;
    long v = std::strtol(s, &end, 10);
    if (*end == '\0' && v >= 1) return int(std::min<long>(v, kMaxThreads));
  }
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::clamp(CPU_COUNT(&set), 1, kMaxThreads);
  return std::clamp(int(std::thread::hardware_concurrency()), 1, kMaxThreads);
}

class Pool {
public:
  explicit Pool(int threads) {
    // A worker that cannot be started (a thread limit) leaves its pieces to the others.
    try {
      for (int i = 1; i < threads; ++i) std::thread([this] { work(); }).detach();
    } catch (const std::system_error&) {
    }
  }

  // Runs the job on the pool; false (nothing run) when another call holds it.
  bool run(int64_t n, int64_t piece, pyrt_range_fn fn, void* env) {
    if (busy_.exchange(true, std::memory_order_acquire)) return false;
    int64_t pieces = (n + piece - 1) / piece;
    fn_ = fn;
    env_ = env;
    n_ = n;
    piece_ = piece;
    done_.store(0, std::memory_order_relaxed);
    generation_ = (generation_ + 1) & ((uint64_t(1) << 24) - 1);
    state_.store(generation_ << 40 | uint64_t(pieces) << 20, std::memory_order_seq_cst);
    epoch_.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) > 0) epoch_.notify_all();
    help();
    // The last pieces run on workers: spin, then give the core away (a worker that was
    // descheduled mid-piece needs it on a machine busy with other processes).
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; done_.load(std::memory_order_acquire) < pieces; ++i) {
      cpu_relax();
      if (i % 64 == 63 && std::chrono::steady_clock::now() - start > kSpin) std::this_thread::yield();
    }
    busy_.store(false, std::memory_order_release);
    return true;
  }

private:
  static bool claimable(uint64_t s) { return (s & kField) < ((s >> 20) & kField); }

  // Claims and runs pieces of the current job until none is left.
  void help() {
    uint64_t s = state_.load(std::memory_order_acquire);
    while (claimable(s)) {
      if (!state_.compare_exchange_weak(s, s + 1, std::memory_order_acq_rel, std::memory_order_acquire)) continue;
      int64_t begin = int64_t(s & kField) * piece_;
      fn_(env_, begin, std::min(n_, begin + piece_));
      done_.fetch_add(1, std::memory_order_release);
      s = state_.load(std::memory_order_acquire);
    }
  }

  void work() {
    on_worker = true;
    for (;;) {
      help();
      uint64_t s = state_.load(std::memory_order_acquire);
      if (claimable(s)) continue;
      auto start = std::chrono::steady_clock::now();
      bool changed = false;
      for (int i = 0; !changed; ++i) {
        cpu_relax();
        changed = state_.load(std::memory_order_acquire) != s;
        if (i % 64 == 63 && std::chrono::steady_clock::now() - start > kSpin) break;
      }
      if (changed) continue;
      // Sleep until a job is published (run() bumps epoch_ after state_, then wakes sleepers).
      sleepers_.fetch_add(1, std::memory_order_seq_cst);
      uint32_t e = epoch_.load(std::memory_order_seq_cst);
      if (state_.load(std::memory_order_seq_cst) == s) epoch_.wait(e, std::memory_order_seq_cst);
      sleepers_.fetch_sub(1, std::memory_order_seq_cst);
    }
  }

  // The job: written by the caller holding busy_, before it publishes state_.
  pyrt_range_fn fn_ = nullptr;
  void* env_ = nullptr;
  int64_t n_ = 0, piece_ = 1;
  uint64_t generation_ = 0;
  std::atomic<uint64_t> state_{0};
  std::atomic<int64_t> done_{0};
  std::atomic<uint32_t> epoch_{0};
  std::atomic<int> sleepers_{0};
  std::atomic<bool> busy_{false};
};

Pool& pool() {
  static Pool* p = new Pool(kernel_threads()); // never destroyed: workers may outlive static destructors
  return *p;
}

} // namespace

int kernel_threads() {
  static const int threads = threads_from_environment();
  return threads;
}

void parallel_for(int64_t n, int64_t grain, int64_t align, pyrt_range_fn fn, void* env) {
  int threads = kernel_threads();
  if (n <= 0) return;
  if (threads == 1 || on_worker || n < 2 * grain) {
    fn(env, 0, n);
    return;
  }
  // Large kernels running now, on the pool or inline on host threads.
  static std::atomic<int> large{0};
  bool alone = large.fetch_add(1, std::memory_order_acq_rel) == 0;
  bool done = false;
  if (alone) {
    // About eight pieces a thread (a thread that is late, or busy elsewhere, leaves its pieces to
    // the others), each a multiple of align and at least grain long.
    int64_t piece = std::max({grain, (n + 8 * threads - 1) / (8 * threads), (n + kMaxPieces - 1) / kMaxPieces});
    piece = (piece + align - 1) / align * align;
    done = piece < n && pool().run(n, piece, fn, env);
  }
  if (!done) fn(env, 0, n);
  large.fetch_sub(1, std::memory_order_acq_rel);
}

} // namespace pyscript::runtime

extern "C" void pyrt_parallel_for(int64_t n, int64_t grain, pyrt_range_fn fn, void* env) {
  pyscript::runtime::parallel_for(n, grain, PYRT_PARALLEL_ALIGN, fn, env);
}
