#include "ir/graph.hpp"

#include "support/internal_error.hpp"

#include <algorithm>

namespace pyscript::ir {

void Value::replace_all_uses_with(Value* other) {
  PYSCRIPT_ASSERT(other != this, "a value cannot replace itself");
  std::vector<Use> uses = uses_;
  for (const Use& u : uses) u.user->replace_input(u.index, other);
}

void Node::add_input(Value* v) {
  PYSCRIPT_ASSERT(v != nullptr, "null input");
  v->uses_.push_back({this, inputs_.size()});
  inputs_.push_back(v);
}

void Node::replace_input(size_t i, Value* v) {
  Value* old = inputs_.at(i);
  auto it = std::find(old->uses_.begin(), old->uses_.end(), Use{this, i});
  PYSCRIPT_ASSERT(it != old->uses_.end(), "use list out of date");
  old->uses_.erase(it);
  inputs_[i] = v;
  v->uses_.push_back({this, i});
}

void Node::remove_input(size_t i) {
  // Inputs after i shift down by one: renumber their uses.
  for (size_t k = i; k < inputs_.size(); ++k) {
    Value* v = inputs_[k];
    auto it = std::find(v->uses_.begin(), v->uses_.end(), Use{this, k});
    PYSCRIPT_ASSERT(it != v->uses_.end(), "use list out of date");
    if (k == i) v->uses_.erase(it);
    else it->index = k - 1;
  }
  inputs_.erase(inputs_.begin() + long(i));
}

void Node::remove_all_inputs() {
  while (!inputs_.empty()) remove_input(inputs_.size() - 1);
}

Value* Node::add_output(Type t) {
  Value* v = graph_->new_value(std::move(t));
  v->producer_ = this;
  outputs_.push_back(v);
  return v;
}

void Node::erase_output(size_t i) {
  PYSCRIPT_ASSERT(!outputs_.at(i)->has_uses(), "erasing an output that is still used");
  outputs_[i]->producer_ = nullptr;
  outputs_.erase(outputs_.begin() + long(i));
}

Block* Node::add_block() {
  Block* b = graph_->new_block(this);
  blocks_.push_back(b);
  return b;
}

const AttrValue* Node::attr(std::string_view name) const {
  for (const Attribute& a : attributes_)
    if (a.name == name) return &a.value;
  return nullptr;
}

int64_t Node::int_attr(std::string_view name) const {
  const AttrValue* v = attr(name);
  PYSCRIPT_ASSERT(v && std::holds_alternative<int64_t>(*v), "missing int attribute " + std::string(name));
  return std::get<int64_t>(*v);
}

const std::string& Node::str_attr(std::string_view name) const {
  const AttrValue* v = attr(name);
  PYSCRIPT_ASSERT(v && std::holds_alternative<std::string>(*v),
                  "missing string attribute " + std::string(name));
  return std::get<std::string>(*v);
}

const IntList& Node::ints_attr(std::string_view name) const {
  const AttrValue* v = attr(name);
  PYSCRIPT_ASSERT(v && std::holds_alternative<IntList>(*v), "missing int list attribute " + std::string(name));
  return std::get<IntList>(*v);
}

void Node::set_attr(std::string name, AttrValue v) {
  for (Attribute& a : attributes_) {
    if (a.name == name) {
      a.value = std::move(v);
      return;
    }
  }
  attributes_.push_back({std::move(name), std::move(v)});
}

void Node::destroy() {
  for (Value* out : outputs_)
    PYSCRIPT_ASSERT(!out->has_uses(), "destroying a node whose output is still used");
  drop_contents();
  if (owner_) owner_->unlink(this);
}

void Node::drop_contents() {
  // Nested nodes go last-first: a value's users come after it, so they are gone before it is.
  for (Block* b : blocks_) {
    b->return_->remove_all_inputs();
    for (auto it = b->nodes_.rbegin(); it != b->nodes_.rend(); ++it) {
      (*it)->drop_contents();
      (*it)->owner_ = nullptr;
    }
    b->nodes_.clear();
  }
  remove_all_inputs();
}

Value* Block::add_param(Type t) {
  Value* v = graph_->new_value(std::move(t));
  v->param_of_ = this;
  params_.push_back(v);
  return v;
}

void Block::erase_param(size_t i) {
  PYSCRIPT_ASSERT(!params_.at(i)->has_uses(), "erasing a block parameter that is still used");
  params_.erase(params_.begin() + long(i));
}

void Block::append(Node* n) {
  PYSCRIPT_ASSERT(n->owner_ == nullptr, "node already in a block");
  n->owner_ = this;
  nodes_.push_back(n);
}

void Block::insert_before(Node* position, Node* n) {
  PYSCRIPT_ASSERT(n->owner_ == nullptr, "node already in a block");
  n->owner_ = this;
  if (position == return_) {
    nodes_.push_back(n);
    return;
  }
  nodes_.insert(nodes_.begin() + long(index_of(position)), n);
}

void Block::unlink(Node* n) {
  nodes_.erase(nodes_.begin() + long(index_of(n)));
  n->owner_ = nullptr;
}

size_t Block::index_of(const Node* n) const {
  auto it = std::find(nodes_.begin(), nodes_.end(), n);
  PYSCRIPT_ASSERT(it != nodes_.end(), "node not in this block");
  return size_t(it - nodes_.begin());
}

Graph::Graph() { top_ = new_block(nullptr); }

Block* Graph::new_block(Node* owner) {
  blocks_.push_back(std::make_unique<Block>());
  Block* b = blocks_.back().get();
  b->graph_ = this;
  b->owner_ = owner;
  nodes_.push_back(std::make_unique<Node>());
  b->return_ = nodes_.back().get();
  b->return_->kind_ = OpKind::Return;
  b->return_->graph_ = this;
  b->return_->owner_ = b;
  return b;
}

Value* Graph::new_value(Type t) {
  values_.push_back(std::make_unique<Value>());
  Value* v = values_.back().get();
  v->type_ = std::move(t);
  v->id_ = next_value_id_++;
  return v;
}

Node* Graph::create(OpKind kind, const std::vector<Value*>& inputs,
                    const std::vector<Type>& output_types, const SourceRange& range) {
  nodes_.push_back(std::make_unique<Node>());
  Node* n = nodes_.back().get();
  n->kind_ = kind;
  n->graph_ = this;
  n->range_ = range;
  for (Value* v : inputs) n->add_input(v);
  for (const Type& t : output_types) n->add_output(t);
  return n;
}

Function* Module::find(std::string_view name) const {
  for (const auto& f : functions)
    if (f->name == name) return f.get();
  return nullptr;
}

std::optional<AttrValue> constant_value(const Value* v) {
  const Node* p = v->producer();
  if (!p || p->kind() != OpKind::Constant) return std::nullopt;
  const AttrValue* value = p->attr("value"); // (a function value's constant has none)
  if (!value) return std::nullopt;
  return *value;
}

std::string specialized_name(const std::string& name, const std::vector<Type>& arg_types) {
  std::string out = name;
  for (const Type& t : arg_types) {
    std::string s = t.to_string();
    s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
    out += "." + s;
  }
  return out;
}

std::vector<Node*> all_nodes(const Block& block) {
  std::vector<Node*> out;
  // Depth-first, keeping source order: expand each node's blocks right after it.
  std::vector<std::pair<const Block*, size_t>> work{{&block, 0}};
  while (!work.empty()) {
    auto& [b, i] = work.back();
    if (i >= b->nodes().size()) {
      work.pop_back();
      continue;
    }
    Node* n = b->nodes()[i++];
    out.push_back(n);
    for (auto it = n->blocks().rbegin(); it != n->blocks().rend(); ++it) work.push_back({*it, 0});
  }
  return out;
}

namespace {

bool node_may_raise_catchable(const Node& n) {
  switch (n.kind()) {
  case OpKind::Try: return may_raise_catchable(*n.block(1)); // block0's are caught there
  case OpKind::If:
  case OpKind::Loop:
    for (const Block* b : n.blocks())
      if (may_raise_catchable(*b)) return true;
    return false;
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Neg:
  case OpKind::Abs: return false; // int overflow (Note [Errors no except catches]); float never raises
  case OpKind::Retain:
  case OpKind::Release:
  case OpKind::StoreGlobal: return false;
  default: return n.may_raise();
  }
}

} // namespace

bool may_raise_catchable(const Block& block) {
  for (const Node* n : block.nodes())
    if (node_may_raise_catchable(*n)) return true;
  return false;
}

} // namespace pyscript::ir
