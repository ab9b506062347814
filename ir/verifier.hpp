// Checks the IR's invariants; runs after every pass in tests (and with PYSCRIPT_VERIFY=1).
// A violation is a compiler bug, so it throws InternalError naming the node.
//   - every input is defined before its use, in the same block or an enclosing one (dominance)
//   - use lists match inputs exactly
//   - op arity (inputs, outputs, blocks) as ir/ops.def says
//   - If: a bool condition, two blocks without parameters whose outputs match the If's outputs
//   - Loop: (int trip count, bool condition, carried...); body (int, carried...) -> (bool, carried...)
//   - operand and result types of arithmetic, comparisons, casts; no Unknown types left
//   - the top block returns the function's return type
#pragma once

#include "ir/graph.hpp"

namespace pyscript::ir {

void verify(const Function& f);
void verify(const Module& m);

} // namespace pyscript::ir
