// Where a compile's time goes: PYSCRIPT_TIME=1 prints each phase's wall time to stderr as it
// ends; PYSCRIPT_TIME=passes also prints LLVM's per-pass report (Note [Phase times]).
#pragma once

#include <chrono>

namespace pyscript::codegen {

// Whether PYSCRIPT_TIME is set (read once), and whether it asks for LLVM's pass report.
bool phase_times_enabled();
bool pass_times_enabled();

// Prints "pyscript time: NAME WALL ms (cpu CPU ms)" on destruction when phase times are enabled:
// wall time, and the calling thread's CPU time (steadier on a loaded machine).
class PhaseTimer {
public:
  explicit PhaseTimer(const char* name);
  ~PhaseTimer();
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;

private:
  const char* name_;
  std::chrono::steady_clock::time_point start_;
  double cpu_start_ = 0;
};

} // namespace pyscript::codegen
