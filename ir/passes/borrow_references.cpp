// Counting fewer references to objects (Note [Borrowed references]).
#include "ir/passes/passes.hpp"

#include <functional>
#include <map>
#include <set>

namespace pyscript::ir {

// Note [Borrowed references]
// plan-memory gives every value holding a reference a counted reference of its own (Note [Array
// ownership]): `self.left.check()` retains self.left, calls, releases; `p.x - q.x` retains p and
// q when it reads them from a list. Counting is a load, a test of the shared flag and a store per
// retain and per release, on objects that the code only reads. Run once after plan-memory, this
// pass removes two kinds of pairs:
//  - Moves. A store of a value into a field (`setattr`) or a cast of it, right after which the
//    value is released (its last use), takes the value's reference instead of a new one
//    (`move=True`; the release goes).
//  - Borrows. A value read from a field, a list or an Optional (`getattr`, `list_get`, the
//    tuple_gets of a list_get's tuple, `optional_get`, `object_cast`), used only by reads
//    (getattr, is, class_id, optional_get, object_cast, list_len, list_get, str_len, the argument
//    of a call) and as the object stored into, up to its release in the same block, needs no reference of its own when nothing
//    in between can make the field, list or Optional it was read from drop it. Its *chain* is
//    the reads it was made by, back to its *root*: the counted value (or a parameter, which its
//    caller holds) the first container was read from. In between there may be no release or
//    move of the root, no store into a field the chain reads (but into objects made after the
//    read), no object_new[reuse] of such a field (it takes over an object only that field
//    holds), no other write of an object (a list or dict change, a store to a global, print or
//    str() which may run __str__), and no call of a function that may write one (transitively).
//    The root's reference keeps its object alive; the chain's fields and list elements still
//    hold the rest: a release of any other reference, or a store into another field, drops a
//    count that is not the last. Then the read is `borrow=True` (no retain) and its release goes.
//    The cycle collector frees only what nothing outside garbage refers to, so it frees nothing
//    reachable from the root either.
// Callees get borrowed arguments as before: a parameter stays alive while the callee runs, since
// the caller's span around the call has no write.
namespace {

// Ops that never change an object that already exists (nor run user code that could).
bool leaves_objects(OpKind k) {
  switch (k) {
  case OpKind::Constant: case OpKind::Uninitialized: case OpKind::LoadGlobal:
  case OpKind::Add: case OpKind::Sub: case OpKind::Mul: case OpKind::Div: case OpKind::IntTrueDiv:
  case OpKind::FloorDiv: case OpKind::Mod: case OpKind::Pow: case OpKind::Neg: case OpKind::Abs:
  case OpKind::Min: case OpKind::Max: case OpKind::BitAnd: case OpKind::BitOr: case OpKind::BitXor:
  case OpKind::Invert: case OpKind::LShift: case OpKind::RShift: case OpKind::Not: case OpKind::Or:
  case OpKind::Lt: case OpKind::Le: case OpKind::Gt: case OpKind::Ge: case OpKind::Eq: case OpKind::Ne:
  case OpKind::CompareNumbers: case OpKind::Cast: case OpKind::Round: case OpKind::MathFn:
  case OpKind::TupleConstruct: case OpKind::TupleGet: case OpKind::Retain: case OpKind::Release:
  case OpKind::ListGet: case OpKind::ListLen: case OpKind::StrLen: case OpKind::Is:
  case OpKind::ObjectNew: case OpKind::GetAttr: case OpKind::ClassId: case OpKind::ObjectCast:
  case OpKind::OptionalGet: case OpKind::RangeLength: case OpKind::If: case OpKind::Loop:
  case OpKind::Return: case OpKind::Try: case OpKind::Call: case OpKind::CheckDepth:
  case OpKind::ExceptionNew: case OpKind::ExceptionRaise: case OpKind::ExceptionMatches:
    return true;
  default:
    return false;
  }
}

struct Borrowing {
  const Module& m;
  std::set<std::string> writers; // functions that may change an existing object

  // Whether `n` (and what it holds, and what it calls) may change an existing object.
  bool writes(const Node* n) const {
    if (!leaves_objects(n->kind())) return true;
    if (n->kind() == OpKind::ObjectNew && !n->inputs().empty()) return true; // reuse
    if (n->kind() == OpKind::Call) {
      const Function* callee = m.find(n->str_attr("callee"));
      if (!callee || writers.count(callee->name)) return true;
    }
    for (const Block* b : n->blocks())
      for (const Node* inner : b->nodes())
        if (writes(inner)) return true;
    return false;
  }

  void find_writers() {
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& f : m.functions) {
        if (writers.count(f->name)) continue;
        for (const Node* n : f->graph->top()->nodes())
          if (writes(n)) {
            writers.insert(f->name);
            grew = true;
            break;
          }
      }
    }
  }
};

// The node of `b` holding `n` (itself or the If/Loop/Try it is nested in), or null.
Node* holder_in(Node* n, const Block* b) {
  while (n && n->owner() != b) n = n->owner() ? n->owner()->owner() : nullptr;
  return n;
}

// The release of `v` among the run of releases right after b's node at `at`.
Node* release_after(Block* b, size_t at, const Value* v) {
  for (size_t k = at + 1; k < b->nodes().size() && b->nodes()[k]->kind() == OpKind::Release; ++k)
    if (b->nodes()[k]->input(0) == v) return b->nodes()[k];
  return nullptr;
}

void move_references(Block* b) {
  for (size_t i = 0; i < b->nodes().size(); ++i) {
    Node* n = b->nodes()[i];
    Value* v = nullptr;
    if (n->kind() == OpKind::SetAttr && n->input(0) != n->input(1)) v = n->input(1);
    if (n->kind() == OpKind::ObjectCast && !n->attr("borrow") && n->input(0)->type().holds_refs())
      v = n->input(0);
    if (!v || !v->type().holds_refs()) continue;
    Node* release = release_after(b, i, v);
    if (!release) continue;
    n->set_attr("move", true);
    release->destroy();
  }
}

bool allowed_use(const Use& u) {
  switch (u.user->kind()) {
  case OpKind::GetAttr: case OpKind::ClassId: case OpKind::Is: case OpKind::OptionalGet:
  case OpKind::ObjectCast: case OpKind::Call: case OpKind::Release: case OpKind::StrLen:
  case OpKind::ListLen:
    return true;
  case OpKind::ListGet:
    return u.index == 0;
  case OpKind::SetAttr: // a store into it: checked with the span's other writes
  case OpKind::ObjectNew: // object_new[reuse] of one of its fields: the same
    return u.index == 0;
  default:
    return false;
  }
}

// Whether `v` is an object made by an object_new (not a reuse) held by b's nodes in (from, to):
// storing into its fields changes no object that existed before (Note [Borrowed references]).
bool made_in(const Value* v, Block* b, size_t from, size_t to) {
  const Node* p = v->producer();
  if (!p || p->kind() != OpKind::ObjectNew || !p->inputs().empty()) return false;
  Node* at = holder_in(const_cast<Node*>(p), b);
  return at && b->index_of(at) > from && b->index_of(at) < to;
}

// The counted value whose reference keeps what `p` reads alive: p's container if that is counted,
// else the container's root (a function parameter counts: its caller holds it). `fields` gets the
// fields read on the way (p's own included).
const Value* root_of(const Node* p, std::set<std::string>& fields) {
  for (;;) {
    if (p->kind() == OpKind::GetAttr) fields.insert(p->str_attr("field"));
    if (p->kind() == OpKind::TupleGet) p = p->input(0)->producer(); // the list_get's tuple
    const Value* v = p->input(0);
    if (!v->producer() || !v->producer()->attr("borrow")) return v;
    p = v->producer();
  }
}

// Whether `u` reads the root without taking its reference away (a release, a move).
bool keeps_root(const Use& u) {
  const Node* n = u.user;
  switch (n->kind()) {
  case OpKind::GetAttr: case OpKind::ClassId: case OpKind::Is: case OpKind::OptionalGet:
  case OpKind::Call: case OpKind::ListLen: case OpKind::ListGet: case OpKind::StrLen:
    return true;
  case OpKind::ObjectCast: case OpKind::TupleGet: case OpKind::SetAttr:
    return !n->attr("move");
  default:
    return false;
  }
}

// Whether the nodes of `b` in (from, to), and what they hold, change no field named in `fields`
// nor any other container (but objects made after `from`), and leave `root` its reference.
bool quiet_span(Borrowing& st, Block* b, size_t from, size_t to, const Value* root,
                const std::set<std::string>& fields) {
  std::function<bool(const Node*)> quiet = [&](const Node* n) {
    for (size_t k = 0; k < n->inputs().size(); ++k)
      if (n->input(k) == root && !keeps_root(Use{const_cast<Node*>(n), k})) return false;
    if (n->kind() == OpKind::Release) return true; // not the root's: its object stays counted
    if (n->kind() == OpKind::SetAttr)
      return made_in(n->input(0), b, from, to) || !fields.count(n->str_attr("field"));
    if (n->kind() == OpKind::ObjectNew && !n->inputs().empty())
      return !fields.count(n->str_attr("reuse")); // takes over an object only t.f holds
    if (n->blocks().empty()) return !st.writes(n);
    if (!leaves_objects(n->kind())) return false;
    for (const Block* inner : n->blocks()) {
      for (const Node* x : inner->nodes())
        if (!quiet(x)) return false;
      if (!quiet(inner->return_node())) return false;
    }
    return true;
  };
  for (size_t k = from + 1; k < to; ++k)
    if (!quiet(b->nodes()[k])) return false;
  return true;
}

// The values carrying the reference `p` reads: its output, or the moved fields of its tuple.
std::vector<Value*> carriers_of(Node* p) {
  Value* out = p->output();
  if (out->type().is(TypeKind::Tuple)) {
    if (p->kind() != OpKind::ListGet) return {};
    std::vector<Value*> fields;
    for (const Use& u : out->uses()) {
      if (u.user->kind() != OpKind::TupleGet) return {};
      if (u.user->attr("move")) fields.push_back(u.user->output());
    }
    return fields;
  }
  if (!out->type().holds_refs()) return {};
  return {out};
}

void borrow_in(Borrowing& st, Block* b) {
  for (Node* n : b->nodes())
    for (Block* inner : n->blocks()) borrow_in(st, inner);
  move_references(b);
  for (size_t i = 0; i < b->nodes().size(); ++i) {
    Node* p = b->nodes()[i];
    OpKind k = p->kind();
    if (k != OpKind::GetAttr && k != OpKind::ListGet && k != OpKind::OptionalGet &&
        !(k == OpKind::ObjectCast && !p->attr("move") && p->input(0)->type().holds_refs()))
      continue;
    std::vector<Value*> carriers = carriers_of(p);
    if (carriers.empty()) continue;
    std::vector<Node*> releases;
    size_t end = i;
    bool ok = true;
    for (Value* c : carriers) {
      Node* release = nullptr;
      for (const Use& u : c->uses()) {
        if (!allowed_use(u)) ok = false;
        if (u.user->kind() == OpKind::Release && u.user->owner() == b) release = u.user;
      }
      if (!ok || !release) {
        ok = false;
        break;
      }
      size_t at = b->index_of(release);
      for (const Use& u : c->uses()) {
        Node* h = holder_in(u.user, b);
        if (!h || b->index_of(h) <= i || b->index_of(h) > at) ok = false;
        if (u.user->kind() == OpKind::Release && u.user != release) ok = false;
      }
      releases.push_back(release);
      end = std::max(end, at);
    }
    if (!ok) continue;
    std::set<std::string> fields;
    const Value* root = root_of(p, fields);
    if (!quiet_span(st, b, i, end, root, fields)) continue;
    p->set_attr("borrow", true);
    for (Value* c : carriers)
      if (c->producer() != p) c->producer()->set_attr("borrow", true);
    for (Node* r : releases) r->destroy();
  }
}

} // namespace

bool borrow_references(Module& m) {
  Borrowing st{m, {}};
  st.find_writers();
  for (const auto& f : m.functions) borrow_in(st, f->graph->top());
  return true;
}

} // namespace pyscript::ir
