// Copying nodes between blocks (and graphs), for inlining and control-flow simplification.
#pragma once

#include "ir/graph.hpp"

#include <map>

namespace pyscript::ir {

// Copies the nodes of `source` (with their nested blocks) before `position`, in position's
// graph. `mapping` maps the values the nodes read from outside `source` (its parameters at
// least) to values visible at `position`; it is extended with every value copied.
void clone_nodes_before(const Block& source, Node* position, std::map<const Value*, Value*>& mapping);

// Moves the nodes of `source` before `position` (same graph), leaving `source` empty.
void move_nodes_before(Block& source, Node* position);

} // namespace pyscript::ir
