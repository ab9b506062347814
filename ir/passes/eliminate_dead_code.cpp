// Dead-code elimination: nodes whose results nobody uses and that have no effect are removed,
// and so are If outputs that nobody uses.
//
// Note [Raising ops are not pure]
// `x = a // b` with x unused still raises ZeroDivisionError in CPython when b is 0, and an int
// `a * b` may overflow: removing them would turn an error into a silent success. So only ops
// that can never raise are removed (flag kPure in ir/ops.def, plus the casts and float
// arithmetic below); the constant folder has turned the ops that provably do not raise into
// constants already.
#include "ir/passes/passes.hpp"

namespace pyscript::ir {
namespace {

bool never_raises(const Node* n) {
  if (n->is_pure() || n->kind() == OpKind::LoadGlobal) return true;
  if (!n->may_raise() && !n->writes_memory()) return true; // kReads only (Note [Effects])
  switch (n->kind()) {
  case OpKind::Cast: return !(n->input(0)->type().is(TypeKind::Float) && n->output()->type().is(TypeKind::Int));
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Neg:
  case OpKind::Abs: return n->output()->type().is(TypeKind::Float);
  default: return false;
  }
}

bool removable(const Node* n);

bool block_removable(const Block* b) {
  for (const Node* inner : b->nodes())
    if (!removable(inner)) return false;
  return true;
}

// Removable when unused: no effect, no raise; an If whose blocks hold only such nodes.
bool removable(const Node* n) {
  if (n->kind() == OpKind::If || n->kind() == OpKind::Try) {
    for (const Block* b : n->blocks())
      if (!block_removable(b)) return false;
    return true;
  }
  if (n->kind() == OpKind::Loop) {
    // A loop that may not end is an effect too: only a counted loop (no early exit) goes.
    const Node* trips = n->input(0)->producer();
    return trips && trips->kind() == OpKind::Constant && n->input(1)->producer() &&
           n->input(1)->producer()->kind() == OpKind::Constant && block_removable(n->block(0));
  }
  return n->blocks().empty() && never_raises(n);
}

bool unused(const Node* n) {
  for (const Value* v : n->outputs())
    if (v->has_uses()) return false;
  return true;
}

bool prune_if_outputs(Node* n) {
  bool changed = false;
  for (size_t i = n->outputs().size(); i-- > 0;) {
    if (n->output(i)->has_uses()) continue;
    n->erase_output(i);
    for (Block* b : n->blocks()) b->return_node()->remove_input(i);
    changed = true;
  }
  return changed;
}

bool sweep(Block* b) {
  bool changed = false;
  std::vector<Node*> nodes = b->nodes();
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    if (n->kind() == OpKind::If || n->kind() == OpKind::Try) changed = prune_if_outputs(n) || changed;
    for (Block* inner : n->blocks()) changed = sweep(inner) || changed;
    if (unused(n) && removable(n)) {
      n->destroy();
      changed = true;
    }
  }
  return changed;
}

} // namespace

bool eliminate_dead_code(Module& m) {
  bool changed = false;
  for (const auto& f : m.functions) changed = sweep(f->graph->top()) || changed;
  return changed;
}

} // namespace pyscript::ir
