#include "ir/clone.hpp"

#include "support/internal_error.hpp"

namespace pyscript::ir {
namespace {

Value* mapped(std::map<const Value*, Value*>& mapping, const Value* v) {
  auto it = mapping.find(v);
  PYSCRIPT_ASSERT(it != mapping.end(), "cloning a node whose input has no copy");
  return it->second;
}

Node* clone_node(const Node& n, Graph& graph, std::map<const Value*, Value*>& mapping) {
  std::vector<Value*> inputs;
  for (const Value* v : n.inputs()) inputs.push_back(mapped(mapping, v));
  std::vector<Type> types;
  for (const Value* v : n.outputs()) types.push_back(v->type());
  Node* copy = graph.create(n.kind(), inputs, types, n.range());
  for (const Attribute& a : n.attributes()) copy->set_attr(a.name, a.value);
  for (size_t i = 0; i < n.outputs().size(); ++i) {
    copy->output(i)->set_name_hint(n.output(i)->name_hint());
    mapping[n.output(i)] = copy->output(i);
  }
  for (const Block* b : n.blocks()) {
    Block* nb = copy->add_block();
    for (const Value* p : b->params()) {
      Value* np = nb->add_param(p->type());
      np->set_name_hint(p->name_hint());
      mapping[p] = np;
    }
    for (const Node* inner : b->nodes()) nb->append(clone_node(*inner, graph, mapping));
    for (const Value* out : b->outputs()) nb->return_node()->add_input(mapped(mapping, out));
  }
  return copy;
}

} // namespace

void clone_nodes_before(const Block& source, Node* position, std::map<const Value*, Value*>& mapping) {
  Graph& graph = position->graph();
  for (const Node* n : source.nodes())
    position->owner()->insert_before(position, clone_node(*n, graph, mapping));
}

void move_nodes_before(Block& source, Node* position) {
  std::vector<Node*> nodes = source.nodes();
  for (Node* n : nodes) {
    source.unlink(n);
    position->owner()->insert_before(position, n);
  }
}

} // namespace pyscript::ir
