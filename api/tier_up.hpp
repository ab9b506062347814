// The second tier of a run, compiled on another thread (Note [Two tiers] in codegen/tiers.cpp;
// Note [Tier 1 on another thread] in tier_up.cpp).
#pragma once

#include "api/module_cache.hpp"
#include "api/module_state.hpp"

#include <memory>

namespace pyscript::detail {

// Whether a run may compile in two tiers: PYSCRIPT_TIERS is not 0, and the process may run on two
// cores or more (unless PYSCRIPT_TIERS asks for `wait` or `first`, the modes tests use).
bool two_tiers_enabled();

// After the tier-0 object of `graphs` is in state.jit: links tier 1 from the cache when it is there,
// else compiles it (on another thread; in this one for PYSCRIPT_TIERS=wait; never for `first`).
void start_tier_one(ModuleState& state, std::shared_ptr<const ir::Module> graphs, const TierRequest& request);

// For the command's exit: from now on no tier-1 compile links code or writes the cache; returns
// whether one is still running (then the process must end with _Exit, not by running static
// destructors under it).
bool stop_tier_one();

} // namespace pyscript::detail
