#include "api/tier_up.hpp"

#include "codegen/codegen.hpp"
#include "codegen/optimize.hpp"
#include "codegen/phase_times.hpp"
#include "codegen/tiers.hpp"
#include "support/internal_error.hpp"

#include <llvm/IR/LLVMContext.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <sched.h>

// Note [Tier 1 on another thread]
// start_tier_one compiles tier 1 (Note [Two tiers] in codegen/tiers.cpp)
// on a detached thread, from the module's graphs, which it shares (ModuleState::graphs holds them
// by shared_ptr): emission into a context of its own, -O3, code generation; none of it touches what
// the running program uses. Then, holding the module's TierUpControl (its JIT is alive while
// `abandoned` is false: ~ModuleState sets it under the same mutex before anything is freed), it
// stores the object in the cache under the tier-1 key, links it into the JIT under the module's
// mutex, and sets the slots. A later run finds that object and links it before the top level
// starts, so a warm run is in tier 1 from its functions' first calls and its top level's loops'
// first looks at their slots.
// The command ends when the top level does, usually long before tier 1 is ready (that is its point):
// stop_tier_one, under the process-wide lock the thread takes before it links or writes the cache,
// tells it to give up, and the command then leaves with _Exit, which runs no static destructor
// under a thread still inside LLVM and leaves no half-written cache file (a write happens whole
// under that lock, or not at all).
// PYSCRIPT_TIERS: `0` (one tier: -O3 before the run, as in a host), `wait` (tier 1 compiled and
// linked before the top level runs: tests of tier-1 code), `osr` (the same, but only the loops'
// slots set, and each loop looks at its slot on every arrival: every loop enters tier 1 at its
// first iteration, tests of Note [Loops change tiers]), `first` (tier 0 only: tests of tier-0
// code); else two tiers when the process may use two cores or more (on one, the compile would take
// the program's own core).

namespace pyscript::detail {

struct TierUpControl {
  std::mutex mutex;
  bool abandoned = false; // the module is being destroyed (guarded by mutex)
  codegen::Jit* jit = nullptr;
  std::mutex* state_mutex = nullptr;
};

ModuleState::~ModuleState() {
  if (!tier_up) return;
  std::lock_guard lock(tier_up->mutex);
  tier_up->abandoned = true;
}

namespace {

enum class Mode { Off, Background, Wait, Osr, First };

Mode mode() {
  const char* env = std::getenv("PYSCRIPT_TIERS");
  std::string value = env ? env : "";
  if (value == "0" || value == "off") return Mode::Off;
  if (value == "wait") return Mode::Wait;
  if (value == "osr") return Mode::Osr;
  if (value == "first") return Mode::First;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) < 2) return Mode::Off;
  return Mode::Background;
}

// Process-wide: whether the command is ending, and how many tier-1 threads have not finished.
std::mutex exit_mutex;
bool exiting = false;
int running = 0;

std::string compile_tier_one(const ir::Module& graphs, const std::vector<std::string>& sites) {
  llvm::LLVMContext context;
  codegen::CodegenOptions options;
  options.define_globals = false; // the tier-0 module's
  std::unique_ptr<llvm::Module> module = codegen::emit_module(graphs, context, options);
  codegen::keep_tier_one(*module, sites);
  std::unique_ptr<llvm::TargetMachine> machine = codegen::host_target_machine();
  codegen::optimize_module(*module, *machine);
  return codegen::emit_machine_code(*module, *machine, /*assembly=*/false);
}

bool is_loop_site(const std::string& site) { return site.find("#loop") != std::string::npos; }

// Links tier 1 and sets the slots (`loops_only`: the loops' slots, and every loop arrival looks at
// them: PYSCRIPT_TIERS=osr); the caller holds the module's mutex. A site tier 1 has no code for
// keeps its null slot (tier 0 goes on there). False on an LLVM error, with the slots all null.
bool link_tier_one(codegen::Jit& jit, const std::vector<std::string>& sites, const std::string& object,
                   bool loops_only, std::string* error) {
  if (auto err = jit.add_object(object)) {
    *error = llvm::toString(std::move(err));
    return false;
  }
  std::vector<std::pair<void**, void*>> slots;
  for (const std::string& site : sites) {
    if (loops_only && !is_loop_site(site)) continue;
    auto slot = jit.lookup(codegen::tier_slot_symbol(site));
    if (!slot) {
      *error = llvm::toString(slot.takeError());
      return false;
    }
    auto one = jit.lookup(codegen::tier_one_symbol(site));
    if (!one) {
      llvm::consumeError(one.takeError());
      continue;
    }
    slots.emplace_back(static_cast<void**>(*slot), *one);
  }
  if (loops_only) {
    auto mask = jit.lookup(codegen::tier_mask_symbol());
    if (!mask) {
      *error = llvm::toString(mask.takeError());
      return false;
    }
    *static_cast<uint32_t*>(*mask) = 0;
  }
  for (auto [slot, one] : slots) std::atomic_ref<void*>(*slot).store(one, std::memory_order_release);
  return true;
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

bool two_tiers_enabled() { return mode() != Mode::Off; }

void start_tier_one(ModuleState& state, std::shared_ptr<const ir::Module> graphs, const TierRequest& request) {
  Mode m = mode();
  if (request.sites.empty() || m == Mode::First || m == Mode::Off) return;
  std::string error;
  if (state.cache && request.key) {
    if (std::optional<std::string> hit = state.cache->get(*request.key)) {
      if (!link_tier_one(*state.jit, request.sites, *hit, m == Mode::Osr, &error))
        internal_error(__FILE__, __LINE__, "LLVM: tier 1 from the cache: " + error);
      return;
    }
  }
  if (m == Mode::Wait || m == Mode::Osr) {
    std::string object = compile_tier_one(*graphs, request.sites);
    if (state.cache && request.key) state.cache->put(*request.key, object);
    if (!link_tier_one(*state.jit, request.sites, object, m == Mode::Osr, &error))
      internal_error(__FILE__, __LINE__, "LLVM: tier 1: " + error);
    return;
  }
  state.tier_up = std::make_shared<TierUpControl>();
  state.tier_up->jit = state.jit.get();
  state.tier_up->state_mutex = &state.mutex;
  {
    std::lock_guard lock(exit_mutex);
    if (exiting) return;
    ++running;
  }
  auto start = std::chrono::steady_clock::now();
  std::thread([control = state.tier_up, graphs = std::move(graphs), request, cache = state.cache, start]() mutable {
    // An internal error here (a compiler bug) must not end the program, which tier 0 runs on:
    // tier 1 is given up, and PYSCRIPT_TIME says why.
    std::string object, failure;
    try {
      object = compile_tier_one(*graphs, request.sites);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    graphs.reset();
    double compiled = ms_since(start);
    std::lock_guard exit_lock(exit_mutex);
    if (!failure.empty() && codegen::phase_times_enabled())
      std::fprintf(stderr, "pyscript time: tier 1 not compiled (%s)\n", failure.c_str());
    if (!exiting && failure.empty()) {
      std::lock_guard lock(control->mutex);
      if (!control->abandoned) {
        if (cache && request.key) cache->put(*request.key, object);
        std::string error;
        bool linked;
        {
          std::lock_guard state_lock(*control->state_mutex);
          linked = link_tier_one(*control->jit, request.sites, object, /*loops_only=*/false, &error);
        }
        if (codegen::phase_times_enabled())
          std::fprintf(stderr, "pyscript time: tier 1 of %zu sites compiled %.2f ms after the start, %s %.2f ms\n",
                       request.sites.size(), compiled, linked ? "linked" : ("not linked (" + error + ")").c_str(),
                       ms_since(start));
      }
    }
    control.reset();
    cache.reset();
    --running; // last: the command may exit normally once no thread holds anything of its state
  }).detach();
}

bool stop_tier_one() {
  std::lock_guard lock(exit_mutex);
  exiting = true;
  return running > 0;
}

} // namespace pyscript::detail
