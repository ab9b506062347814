// Memory planning: arrays are reference-counted, and this pass decides where references are
// dropped and taken, so that every buffer is freed right after its last use.
//
// Note [Array ownership]
//   - A tuple holding arrays owns a reference to each (tuple construction takes them, reading an
//     element gives a new one, and retain/release of the tuple apply to each).
//   - Every op that produces an array produces a new reference, owned by the block that defines
//     the value; the parameters of a loop body own theirs too, and so does the caught exception
//     of a Try's block1. A function's parameters are borrowed from the caller.
//   - A Try's block1 runs after part of block0 ran (Note [Try regions] in lower/exceptions.hpp):
//     a value from outside is never released inside either block, only after the Try (as for
//     any nested block), so both blocks can read it whatever block0 did before it raised.
//   - A value's owner drops it (`release`) right after the node that uses it last in that block
//     (a use inside a nested block counts as a use by the node that holds the block).
//   - Block outputs (If branches, loop bodies, the function's return) and a Loop's initial
//     carried values take a reference: the value's own when that is its last and only use there
//     (ownership moves), else a new one (`retain`).
//   before:  %y : Array[float64, 1] = array_binary[op="mul", ...](%x, %two)
//            %z : Array[float64, 1] = array_binary[op="add", ...](%y, %one)
//            return (%z)
//   after:   ... %z = array_binary(%y, %one); release(%y); return (%z)
#include "ir/passes/passes.hpp"

#include <map>
#include <set>

namespace pyscript::ir {
namespace {

// Arrays, and tuples holding arrays (a tuple owns one reference to each of its arrays).
// (A str constant is immortal: nothing counts it.)
bool is_array(const Value* v) {
  return v->type().holds_refs() && !(v->producer() && v->producer()->kind() == OpKind::Constant);
}

// The node of `block` that holds `user` (itself, or the If/Loop it is nested in); null if none.
Node* ancestor_in(Node* user, const Block* block) {
  while (user && user->owner() != block) {
    Block* b = user->owner();
    user = b ? b->owner() : nullptr;
  }
  return user;
}

bool consumes(const Node* n, size_t input) {
  return n->kind() == OpKind::Return || (n->kind() == OpKind::Loop && input >= 2);
}

void plan_block(Block* b, bool owns_params) {
  for (Node* n : b->nodes())
    for (Block* inner : n->blocks()) plan_block(inner, n->kind() == OpKind::Loop || n->kind() == OpKind::Try);

  std::vector<Value*> owned;
  if (owns_params)
    for (Value* p : b->params())
      if (is_array(p)) owned.push_back(p);
  for (Node* n : b->nodes())
    for (Value* out : n->outputs())
      if (is_array(out)) owned.push_back(out);
  std::set<const Value*> owned_set(owned.begin(), owned.end());

  // Position of each node (even numbers, so that a retain inserted before a node gets the odd one
  // below it); the Return node comes last.
  std::map<const Node*, size_t> position;
  for (size_t i = 0; i < b->nodes().size(); ++i) position[b->nodes()[i]] = 2 * i + 2;
  position[b->return_node()] = 2 * b->nodes().size() + 2;

  std::set<const Value*> moved;
  // Consuming uses in this block: move or retain.
  std::vector<Node*> consumers(b->nodes().begin(), b->nodes().end());
  consumers.push_back(b->return_node());
  for (Node* n : consumers) {
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      Value* v = n->input(i);
      if (!is_array(v) || !consumes(n, i)) continue;
      bool can_move = owned_set.count(v) && !moved.count(v);
      if (can_move) {
        // Moving needs this to be the last and only use: no other use by this node (nested too)
        // and none later.
        for (const Use& u : v->uses()) {
          Node* at = ancestor_in(u.user, b);
          if (!at) continue;
          if (at == n && u.user == n && u.index == i) continue;
          if (position.at(at) >= position.at(n)) can_move = false;
        }
      }
      if (can_move) {
        moved.insert(v);
        continue;
      }
      Node* retain = b->graph().create(OpKind::Retain, {v}, {v->type()}, n->range());
      b->insert_before(n, retain);
      position[retain] = position.at(n) - 1; // a use of v too, before n's
      n->replace_input(i, retain->output());
    }
  }

  // Every owned value not moved is released after its last use here.
  for (Value* v : owned) {
    if (moved.count(v)) continue;
    Node* last = nullptr;
    for (const Use& u : v->uses()) {
      Node* at = ancestor_in(u.user, b);
      if (at && (!last || position.at(at) > position.at(last))) last = at;
    }
    Node* release = b->graph().create(OpKind::Release, {v}, {}, v->producer() ? v->producer()->range()
                                                                               : SourceRange{});
    if (last == b->return_node()) {
      b->insert_before(b->return_node(), release); // read by the outputs: only possible when retained
    } else if (last) {
      const auto& nodes = b->nodes();
      size_t i = b->index_of(last);
      if (i + 1 < nodes.size()) b->insert_before(nodes[i + 1], release);
      else b->append(release);
    } else if (v->producer()) {
      const auto& nodes = b->nodes();
      size_t i = b->index_of(v->producer());
      if (i + 1 < nodes.size()) b->insert_before(nodes[i + 1], release);
      else b->append(release);
    } else {
      if (b->nodes().empty()) b->append(release);
      else b->insert_before(b->nodes().front(), release);
    }
  }
}

// Note [Tuples taken apart]
// `for a, b in pairs` reads a tuple (a new reference to each list in it), takes each field (another
// new reference each) and drops the tuple (one release per field): when the tuple's only uses are
// one tuple_get per field that holds references, each before the tuple's release, the fields'
// references move into the tuple_gets instead (tuple_get[move]: no retain) and the release goes.
void move_tuple_fields(Block* b) {
  for (Node* n : b->nodes())
    for (Block* inner : n->blocks()) move_tuple_fields(inner);
  std::vector<Node*> releases;
  for (Node* n : b->nodes())
    if (n->kind() == OpKind::Release && n->input(0)->type().is(TypeKind::Tuple)) releases.push_back(n);
  for (Node* release : releases) {
    Value* t = release->input(0);
    const std::vector<Type>& fields = t->type().elements();
    std::vector<Node*> gets(fields.size(), nullptr);
    bool ok = true;
    for (const Use& u : t->uses()) {
      if (u.user == release) continue;
      Node* g = u.user;
      if (g->kind() != OpKind::TupleGet || g->owner() != b || b->index_of(g) > b->index_of(release)) {
        ok = false;
        break;
      }
      size_t i = size_t(g->int_attr("index"));
      if (gets[i]) ok = false;
      gets[i] = g;
    }
    for (size_t i = 0; ok && i < fields.size(); ++i)
      if (fields[i].holds_refs() && !gets[i]) ok = false;
    if (!ok) continue;
    for (Node* g : gets)
      if (g && g->output()->type().holds_refs()) g->set_attr("move", true);
    release->destroy();
  }
}

} // namespace

bool plan_memory(Module& m) {
  bool any = false;
  for (const auto& f : m.functions) {
    for (Node* n : all_nodes(*f->graph->top()))
      if (n->kind() == OpKind::Retain || n->kind() == OpKind::Release) return false; // planned already
    plan_block(f->graph->top(), /*owns_params=*/false);
    move_tuple_fields(f->graph->top());
    any = true;
  }
  return any;
}

} // namespace pyscript::ir
