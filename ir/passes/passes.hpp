// The optimization passes, one per file, each with one entry function that returns whether it
// changed the module. The order they run in is the list in pipeline.cpp.
#pragma once

#include "ir/graph.hpp"

namespace pyscript::ir {

// Replaces calls of non-recursive functions by a copy of the callee's body (inline_calls.cpp).
bool inline_calls(Module& m);
// Evaluates ops whose inputs are constants, with Python's semantics; never folds an op that
// would raise (ZeroDivisionError, overflow, domain errors): those stay for run time to report.
bool fold_constants(Module& m);
// If with a constant condition -> the taken block; Loop that never runs -> its initial values.
bool simplify_control_flow(Module& m);
// Merges pure nodes that compute the same thing from the same inputs.
bool eliminate_common_subexpressions(Module& m);
// Removes nodes whose results are unused and that neither have effects nor may raise.
bool eliminate_dead_code(Module& m);
// Fuses chains of float elementwise array ops into one `fused` op (fuse_elementwise.cpp).
bool fuse_elementwise(Module& m);
// object_new[reuse=f](t) where the new object is stored into t.f (Note [Reusing a dropped
// object] in reuse_objects.cpp); runs once, before plan_memory.
bool reuse_objects(Module& m);
// Moves and borrowed reads instead of retain/release pairs (Note [Borrowed references] in
// borrow_references.cpp); runs once, after plan_memory.
bool borrow_references(Module& m);
// Inserts the retain/release of arrays (Note [Array ownership] in plan_memory.cpp); runs once,
// after the optimizing passes.
bool plan_memory(Module& m);

} // namespace pyscript::ir
