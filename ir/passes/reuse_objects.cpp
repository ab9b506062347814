// Reusing the object a field drops for the new one stored into it (Note [Reusing a dropped object]).
#include "ir/passes/passes.hpp"

#include <set>

namespace pyscript::ir {

// Note [Reusing a dropped object]
// `b.vel = b.vel - d * k` with a Vec class makes a new Vec, stores it into b.vel and drops the
// old one, which nothing else holds: in a physics loop, one allocation and one free per store. When
// the new object is made just for the store -- `%n = object_new()`, then only stores into every
// field of %n (and pure nodes: constants, casts), then `setattr[f](%t, %n)` (through an object_cast to the field's type, maybe) -- the
// object_new becomes `object_new[reuse="f"](%t)`: at run time, when t.f holds an object of exactly
// this class whose count is 1 (only t.f holds it) and that is not shared, that object is the new
// one (counted twice: t.f's reference and the new one's) and no allocation happens; otherwise a new
// object is made as before. Exact: nothing else can reach the old object, so no one can tell that
// the new one has its address; its fields are all stored again before t.f is, and reading t.f in
// between is impossible (only stores into %n come between). What the old fields held is released
// by those stores, as freeing the old object would have. Runs once, before plan-memory (which
// inserts the releases between the nodes this looks at).
namespace {

bool uses(const Node* x, const Value* v) {
  for (const Value* in : x->inputs())
    if (in == v) return true;
  return false;
}

// The node storing %n into a field of another object after a run of stores into %n's fields, when
// the run stores into every field of `cls`.
Node* field_store_after(Block* b, size_t at, Value* n, const ClassLayout& cls) {
  std::set<std::string> stored;
  Value* stored_value = n; // %n, or its cast to the field's type
  for (size_t i = at + 1; i < b->nodes().size(); ++i) {
    Node* x = b->nodes()[i];
    if (x->kind() == OpKind::SetAttr && x->input(0) == n && x->input(1) != n) {
      stored.insert(x->str_attr("field"));
      continue;
    }
    if (x->kind() == OpKind::ObjectCast && x->input(0) == n && stored_value == n &&
        x->output()->uses().size() == 1) {
      stored_value = x->output();
      continue;
    }
    if (x->is_pure() && x->blocks().empty() && !uses(x, n) && !uses(x, stored_value))
      continue; // a constant, a None cast to the field's type: reads no memory
    if (x->kind() != OpKind::SetAttr || x->input(1) != stored_value || x->input(0) == n || x->input(0) == stored_value ||
        !x->input(0)->type().is(TypeKind::Object))
      return nullptr;
    if (stored_value != n && stored_value->uses()[0].user != x) return nullptr;
    // The object stored into must exist at the object_new, which reads its field.
    const Node* target = x->input(0)->producer();
    if (target && target->owner() == b && b->index_of(target) > at) return nullptr;
    for (const auto& [field, type] : cls.fields)
      if (!stored.count(field)) return nullptr;
    return x;
  }
  return nullptr;
}

bool reuse_in(Module& m, Block* b) {
  bool changed = false;
  for (size_t i = 0; i < b->nodes().size(); ++i) {
    Node* n = b->nodes()[i];
    for (Block* inner : n->blocks())
      changed = reuse_in(m, inner) || changed;
    if (n->kind() != OpKind::ObjectNew || !n->inputs().empty()) continue;
    const ClassLayout* cls = m.find_class(n->output()->type().class_name());
    if (!cls) continue;
    Node* store = field_store_after(b, i, n->output(), *cls);
    if (!store) continue;
    n->add_input(store->input(0));
    n->set_attr("reuse", store->str_attr("field"));
    changed = true;
  }
  return changed;
}

} // namespace

bool reuse_objects(Module& m) {
  bool changed = false;
  for (const auto& f : m.functions)
    changed = reuse_in(m, f->graph->top()) || changed;
  return changed;
}

} // namespace pyscript::ir
