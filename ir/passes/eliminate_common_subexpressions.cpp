// Common-subexpression elimination: a pure node equal to one that dominates it (same op,
// attributes, inputs and types) is replaced by it. A block sees the nodes of the blocks that
// enclose it, never those of a sibling block. A node that only reads memory (kReads, Note
// [Effects]: len of a list) is merged only with an equal one that no memory write separates from
// it: each write starts a new memory generation, and a read's key includes its generation.
//   %n1 = list_len(%xs); list_append(%xs, %v); %n2 = list_len(%xs)   stay two reads
//   before:  %a : int = const[value=2]()
//            %b : int = const[value=2]()
//            %c : bool = lt(%x, %a)
//            %d : bool = lt(%x, %b)
//   after:   %a : int = const[value=2]()
//            %c : bool = lt(%x, %a)        (uses of %d read %c)
#include "ir/passes/passes.hpp"

#include "ir/printer.hpp"

#include <map>
#include <string>

namespace pyscript::ir {
namespace {

// A key that is equal for nodes computing the same value.
std::string key_of(const Node* n) {
  std::string k(spelling(n->kind()));
  for (const Attribute& a : n->attributes()) {
    k += "|" + a.name + "=" + print_attr_value(a.value);
    // 0.0 and -0.0 print differently already; ints and floats differ by their '.'.
  }
  for (const Value* v : n->inputs()) k += "|%" + std::to_string(v->id());
  for (const Value* v : n->outputs()) k += "|" + v->type().to_string();
  return k;
}

// Whether `n` (nested blocks included) may write memory.
bool writes(const Node* n) {
  if (n->blocks().empty()) return n->writes_memory();
  for (const Block* b : n->blocks())
    for (const Node* inner : b->nodes())
      if (writes(inner)) return true;
  return false;
}

bool cse_block(Block* b, std::vector<std::map<std::string, Node*>>& scopes, unsigned& generation) {
  bool changed = false;
  scopes.emplace_back();
  std::vector<Node*> nodes = b->nodes();
  for (Node* n : nodes) {
    if (!n->blocks().empty()) { // a block may run after writes of an earlier iteration: a fresh generation
      unsigned inner_generation = ++generation;
      for (Block* inner : n->blocks()) changed = cse_block(inner, scopes, inner_generation) || changed;
    }
    if (writes(n)) ++generation;
    bool read_only = !n->is_pure() && !n->writes_memory() && !n->may_raise();
    if ((!n->is_pure() && !read_only) || !n->blocks().empty() || n->outputs().size() != 1) continue;
    std::string key = key_of(n);
    if (read_only) key += "|gen=" + std::to_string(generation);
    Node* earlier = nullptr;
    for (auto it = scopes.rbegin(); it != scopes.rend() && !earlier; ++it) {
      auto found = it->find(key);
      if (found != it->end()) earlier = found->second;
    }
    if (earlier) {
      n->output()->replace_all_uses_with(earlier->output());
      n->destroy();
      changed = true;
    } else {
      scopes.back()[key] = n;
    }
  }
  scopes.pop_back();
  return changed;
}

} // namespace

bool eliminate_common_subexpressions(Module& m) {
  bool changed = false;
  for (const auto& f : m.functions) {
    std::vector<std::map<std::string, Node*>> scopes;
    unsigned generation = 0;
    changed = cse_block(f->graph->top(), scopes, generation) || changed;
  }
  return changed;
}

} // namespace pyscript::ir
