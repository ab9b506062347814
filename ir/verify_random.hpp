// The verifier's cases for numpy's random ops (random_seed, random_new, random_draw).
#pragma once

#include "ir/graph.hpp"

#include <optional>
#include <string>

namespace pyscript::ir {

// What is wrong with a random op (Note [Random draws] in ir/verify_random.cpp), or nothing.
std::optional<std::string> verify_random_op(const Node& n);

} // namespace pyscript::ir
