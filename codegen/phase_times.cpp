#include "codegen/phase_times.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

// Note [Phase times]
// A cold `pyscript run` spends its time in the frontend, lowering, the graph passes, LLVM IR
// generation, LLVM's optimization pipeline, code generation and linking into the JIT, then in the
// program. PYSCRIPT_TIME=1 prints each of those phases (the ones in the api and codegen, where the
// timers are) to stderr as it ends, so a slow compile shows its phase without a profiler;
// PYSCRIPT_TIME=passes adds LLVM's per-pass timing report of the optimization pipeline.
// Off, a timer costs one branch on a cached flag.

namespace pyscript::codegen {
namespace {

int mode() {
  static const int m = [] {
    const char* v = std::getenv("PYSCRIPT_TIME");
    if (!v || !*v || std::strcmp(v, "0") == 0) return 0;
    return std::strcmp(v, "passes") == 0 ? 2 : 1;
  }();
  return m;
}

double thread_cpu_ms() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

} // namespace

bool phase_times_enabled() { return mode() != 0; }
bool pass_times_enabled() { return mode() == 2; }

PhaseTimer::PhaseTimer(const char* name) : name_(name) {
  if (!phase_times_enabled()) return;
  start_ = std::chrono::steady_clock::now();
  cpu_start_ = thread_cpu_ms();
}

PhaseTimer::~PhaseTimer() {
  if (!phase_times_enabled()) return;
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  std::fprintf(stderr, "pyscript time: %-18s %8.2f ms (cpu %.2f ms)\n", name_, ms, thread_cpu_ms() - cpu_start_);
}

} // namespace pyscript::codegen
