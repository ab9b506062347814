// Control flow whose path is known when compiling:
//   If with a constant condition -> the nodes of the taken block, its outputs in place of the If's.
//     before:  %c : bool = const[value=True]()
//              %y : int = If(%c)
//                block0():
//                  -> (%a)
//                block1():
//                  -> (%b)
//     after:   (uses of %y read %a)
//   Loop that never runs (trip count 0, or initial condition false) -> its initial values.
#include "ir/passes/passes.hpp"

#include "ir/clone.hpp"

namespace pyscript::ir {
namespace {

std::optional<AttrValue> constant_of(const Value* v) {
  const Node* p = v->producer();
  if (!p || p->kind() != OpKind::Constant) return std::nullopt;
  return *p->attr("value");
}

bool simplify_if(Node* n) {
  auto c = constant_of(n->input(0));
  if (!c) return false;
  Block* taken = n->block(std::get<bool>(*c) ? 0 : 1);
  std::vector<Value*> results = taken->outputs();
  move_nodes_before(*taken, n);
  for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replace_all_uses_with(results[i]);
  n->destroy();
  return true;
}

bool simplify_loop(Node* n) {
  auto trips = constant_of(n->input(0));
  auto first = constant_of(n->input(1));
  bool never = (trips && std::get<int64_t>(*trips) <= 0) || (first && !std::get<bool>(*first));
  if (!never) return false;
  for (size_t i = 0; i < n->outputs().size(); ++i)
    n->output(i)->replace_all_uses_with(n->input(i + 2));
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
        bool done = n->kind() == OpKind::If ? simplify_if(n)
                    : n->kind() == OpKind::Loop ? simplify_loop(n)
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
