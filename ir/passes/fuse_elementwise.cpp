// Elementwise fusion: a chain of float array ops becomes one `fused` op whose block computes one
// element; codegen turns it into a single vectorized loop, with no intermediate arrays.
//
// Note [Fused elementwise]
//   %z : Array[float32, 1] = fused(%x, %y, %c)      inputs: arrays (broadcast to one shape) and scalars
//     block0(%x.e : f32, %y.e : f32, %c : float):   one parameter per input: an element, or the scalar
//       ...scalar ops...
//       -> (%r)                                     the element of the result
// Inside a fused block the ops follow numpy's float semantics, not Python's scalar ones:
// division by zero gives inf/nan, maximum/minimum propagate nan, math functions give nan
// outside their domain; nothing raises. Only float computations are fused (numpy's int
// arithmetic wraps, which these ops do not), and an intermediate is fused only when its one use
// is the next op of the chain.
//   before:  %a : Array[float32, 1] = array_binary[op="mul", compute="float32"](%x, %y)
//            %b : Array[float32, 1] = array_unary[op="tanh", compute="float32"](%a)
//   after:   %b : Array[float32, 1] = fused(%x, %y)
//              block0(%x.e : f32, %y.e : f32):
//                %m : f32 = mul(%x.e, %y.e)
//                %t : f32 = math[fn="tanh"](%m)
//                -> (%t)
#include "ir/passes/passes.hpp"
#include "ir/ufuncs.hpp"

#include "support/internal_error.hpp"

#include <algorithm>

#include <map>
#include <set>

namespace pyscript::ir {
namespace {

// The dtype an op's attribute names (lowering writes only valid names).
DType dtype_named(const std::string& s) { return dtype_from_name(s).value_or(DType::Bool); }


// Which ops fuse, and the scalar op each becomes, is the table's (include/pyscript/ufuncs.def).
bool fusable(const Node* n) {
  // A numpy scalar result is computed in registers (Note [Numpy scalars are registers]).
  if (n->outputs().size() == 1 && n->output()->type().is_numpy_scalar()) return false;
  switch (n->kind()) {
  case OpKind::ArrayBinary: {
    const BinaryUfunc* u = find_binary(n->str_attr("op"));
    return is_float_dtype(dtype_named(n->str_attr("compute"))) && u && u->fusable;
  }
  case OpKind::ArrayUnary: {
    const UnaryUfunc* u = find_unary(n->str_attr("op"));
    return is_float_dtype(dtype_named(n->str_attr("compute"))) && u && u->fusable;
  }
  case OpKind::ArrayWhere: return is_float_dtype(n->output()->type().dtype());
  default: return false;
  }
}

// The element type a value has inside the block: an array's element, or the scalar itself.
Type element_of(const Value* v) {
  return v->type().is(TypeKind::Array) ? Type::element(v->type().dtype()) : v->type();
}

// The values a group reads from outside it, in order of first use: the fused op's inputs.
std::vector<Value*> external_inputs(const std::vector<Node*>& members) {
  std::set<const Node*> in_group(members.begin(), members.end());
  std::vector<Value*> inputs;
  for (Node* m : members)
    for (Value* v : m->inputs())
      if (!(v->producer() && in_group.count(v->producer())) &&
          std::find(inputs.begin(), inputs.end(), v) == inputs.end())
        inputs.push_back(v);
  return inputs;
}

class GroupBuilder {
public:
  GroupBuilder(Graph& g, const std::vector<Node*>& members) : graph_(g), members_(members) {}

  Node* build(Node* root, const std::vector<Value*>& inputs) {
    fused_ = graph_.create(OpKind::Fused, inputs, {root->output()->type()}, root->range());
    body_ = fused_->add_block();
    for (Value* v : inputs) {
      Value* p = body_->add_param(element_of(v));
      p->set_name_hint(v->name_hint());
      element_[v] = p;
    }
    for (Node* m : members_) element_[m->output()] = lower(m);
    body_->return_node()->add_input(element_.at(root->output()));
    return fused_;
  }

private:
  Value* emit(OpKind k, const std::vector<Value*>& in, Type t, const SourceRange& r) {
    Node* n = graph_.create(k, in, {std::move(t)}, r);
    body_->append(n);
    return n->output();
  }

  Value* convert(Value* v, const Type& to, const SourceRange& r) {
    return v->type() == to ? v : emit(OpKind::Cast, {v}, to, r);
  }

  Value* lower(Node* m) {
    const SourceRange& r = m->range();
    auto el = [&](size_t i) { return element_.at(m->input(i)); };
    if (m->kind() == OpKind::ArrayWhere) {
      Type t = Type::element(m->output()->type().dtype());
      return emit(OpKind::Select, {convert(el(0), Type::bool_(), r), convert(el(1), t, r), convert(el(2), t, r)}, t, r);
    }
    Type compute = Type::element(dtype_named(m->str_attr("compute")));
    const std::string& op = m->str_attr("op");
    if (m->kind() == OpKind::ArrayUnary) {
      const UnaryUfunc& u = *find_unary(op);
      Node* n = graph_.create(u.scalar, {convert(el(0), compute, r)}, {compute}, r);
      if (u.scalar == OpKind::MathFn) n->set_attr("fn", std::string(u.math_fn));
      body_->append(n);
      return n->output();
    }
    const BinaryUfunc& u = *find_binary(op);
    Value* a = convert(el(0), compute, r);
    Value* b = convert(el(1), compute, r);
    return emit(u.scalar, {a, b}, u.comparison ? Type::bool_() : compute, r);
  }

  Graph& graph_;
  const std::vector<Node*>& members_;
  std::map<const Value*, Value*> element_;
  Node* fused_ = nullptr;
  Block* body_ = nullptr;
};

bool fuse_block(Block* b) {
  bool changed = false;
  for (Node* n : b->nodes())
    for (Block* inner : n->blocks()) changed = fuse_block(inner) || changed;

  // A fusable node joins its user's group when that user is its only use, fusable, and here, and
  // when joining moves it past nothing but pure nodes and members of that group: the fused op
  // runs where the group's root is, so a node that may raise (a broadcast error) must not move
  // past a print, a call or another op that may raise (Note [Raising ops are not pure]).
  std::map<Node*, Node*> root_of;
  std::vector<Node*> nodes = b->nodes();
  std::map<const Node*, size_t> position;
  for (size_t i = 0; i < nodes.size(); ++i) position[nodes[i]] = i;
  auto moves_safely = [&](const Node* n, const Node* user) {
    Node* root = root_of.at(const_cast<Node*>(user));
    for (size_t k = position.at(n) + 1; k < position.at(user); ++k) {
      Node* between = nodes[k];
      bool same_group = root_of.count(between) && root_of.at(between) == root;
      if (!between->is_pure() && !same_group) return false;
    }
    return true;
  };
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    if (!fusable(n)) continue;
    const auto& uses = n->output()->uses();
    Node* user = uses.size() == 1 ? uses[0].user : nullptr;
    bool joins = user && user->owner() == b && root_of.count(user) && moves_safely(n, user);
    // A value used twice by its one user (x * x) is still one use per input slot: fine.
    root_of[n] = joins ? root_of.at(user) : n;
  }
  std::map<Node*, std::vector<Node*>> groups;
  for (Node* n : nodes)
    if (root_of.count(n)) groups[root_of.at(n)].push_back(n);
  for (auto& [root, members] : groups) {
    std::vector<Value*> inputs = external_inputs(members);
    // The loop's shape comes from its array inputs; np.abs(2.5) has none: a 0-d result, no loop.
    if (std::none_of(inputs.begin(), inputs.end(), [](Value* v) { return v->type().holds_arrays(); }))
      continue;
    Node* fused = GroupBuilder(b->graph(), members).build(root, inputs);
    b->insert_before(root, fused);
    root->output()->replace_all_uses_with(fused->output());
    fused->output()->set_name_hint(root->output()->name_hint());
    for (auto it = members.rbegin(); it != members.rend(); ++it) (*it)->destroy();
    changed = true;
  }
  return changed;
}

} // namespace

bool fuse_elementwise(Module& m) {
  bool changed = false;
  for (const auto& f : m.functions) changed = fuse_block(f->graph->top()) || changed;
  return changed;
}

} // namespace pyscript::ir
