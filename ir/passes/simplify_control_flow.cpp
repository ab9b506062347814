// Control flow whose path is known when compiling:
//   If with a constant condition -> the nodes of the taken block, its outputs in place of the If's.
//     before:  %c : bool = const[value=True]()
//              %y : int = If(%c)
//                block0():
//                  -> (%a)
//                block1():
//                  -> (%b)
//     after:   (uses of %y read %a)
//   If output that is the same outer value on both paths -> that value; an If that gives
//   True/False by path -> its condition (or `not` of it).
//   Loop that never runs (trip count 0, or initial condition false) -> its initial values.
//   Try whose guarded block cannot raise an exception a `try` catches -> the nodes of that block
//   (Note [Try regions] in lower/exceptions.hpp).
#include "ir/passes/passes.hpp"

#include "ir/clone.hpp"

namespace pyscript::ir {
namespace {

bool simplify_if(Node* n) {
  auto c = constant_value(n->input(0));
  if (!c) return false;
  Block* taken = n->block(std::get<bool>(*c) ? 0 : 1);
  std::vector<Value*> results = taken->outputs();
  move_nodes_before(*taken, n);
  for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replace_all_uses_with(results[i]);
  n->destroy();
  return true;
}

bool is_bool_constant(const Value* v, bool want) {
  auto c = constant_value(v);
  return c && std::holds_alternative<bool>(*c) && std::get<bool>(*c) == want;
}

// If outputs that do not depend on the path: the same outer value on both, or the condition.
bool simplify_if_outputs(Node* n) {
  bool changed = false;
  for (size_t i = 0; i < n->outputs().size(); ++i) {
    Value* out = n->output(i);
    if (!out->has_uses()) continue;
    Value* a = n->block(0)->outputs()[i];
    Value* b = n->block(1)->outputs()[i];
    Value* replacement = nullptr;
    auto defined_outside = [&](const Value* v) {
      const Block* owner = v->producer() ? v->producer()->owner() : v->param_of();
      return owner != n->block(0) && owner != n->block(1);
    };
    if (a == b && defined_outside(a)) replacement = a;
    else if (is_bool_constant(a, true) && is_bool_constant(b, false)) replacement = n->input(0);
    if (replacement) {
      out->replace_all_uses_with(replacement);
      changed = true;
    } else if (is_bool_constant(a, false) && is_bool_constant(b, true)) {
      Node* negate = n->graph().create(OpKind::Not, {n->input(0)}, {Type::bool_()}, n->range());
      n->owner()->insert_before(n, negate);
      out->replace_all_uses_with(negate->output());
      changed = true;
    }
  }
  return changed;
}

bool simplify_loop(Node* n) {
  auto trips = constant_value(n->input(0));
  auto first = constant_value(n->input(1));
  bool never = (trips && std::get<int64_t>(*trips) <= 0) || (first && !std::get<bool>(*first));
  if (!never) return false;
  for (size_t i = 0; i < n->outputs().size(); ++i)
    n->output(i)->replace_all_uses_with(n->input(i + 2));
  n->destroy();
  return true;
}

bool simplify_try(Node* n) {
  if (may_raise_catchable(*n->block(0))) return false;
  std::vector<Value*> results = n->block(0)->outputs();
  move_nodes_before(*n->block(0), n);
  for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replace_all_uses_with(results[i]);
  n->destroy();
  return true;
}

} // namespace

bool simplify_control_flow(Module& m) {
  bool changed = false;
  for (const auto& f : m.functions) {
    // Outer nodes first; a node inside a block that an earlier change removed is skipped.
    bool again = true;
    while (again) {
      again = false;
      for (Node* n : all_nodes(*f->graph->top())) {
        if (n->kind() == OpKind::If && simplify_if_outputs(n)) changed = true;
        bool done = n->kind() == OpKind::If     ? simplify_if(n)
                    : n->kind() == OpKind::Loop ? simplify_loop(n)
                    : n->kind() == OpKind::Try  ? simplify_try(n)
                                                : false;
        if (done) {
          changed = again = true;
          break; // the node list changed: walk again
        }
      }
    }
  }
  return changed;
}

} // namespace pyscript::ir
