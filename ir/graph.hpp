// The graph IR: a function is a Graph of Nodes in Blocks producing SSA Values.
//
// Note [If and Loop]
// Control flow is structured; there is no free-form CFG before LLVM.
//   %y : int = If(%c)            two blocks without parameters; block0 runs when %c is true.
//     block0():                  Each block ends with `-> (...)` (its Return node): the values it
//       -> (%a)                  gives to the If's outputs, which act as phis.
//     block1():
//       -> (%b)
//   %s : int = Loop(%n, %go, %s0)
//     block0(%i : int, %s1 : int):   %i counts iterations from 0; %s1 is the loop-carried value,
//       ...                          %s0 on the first iteration.
//       -> (%go2, %s2)               continue while %go2 and fewer than %n iterations have run;
//                                    %s2 is carried to the next iteration, and is the Loop's output
//                                    after the last.
//   The body runs when %go is true and %n > 0; with no iteration the outputs are the initial values.
//
// Ownership: a Graph owns its nodes, blocks and values; everything else holds plain pointers.
// Every Value keeps its uses, so replace_all_uses_with and dead-code elimination are exact.
#pragma once

#include "support/source.hpp"
#include "ir/ops.hpp"
#include "ir/types.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace pyscript::ir {

class Node;
class Block;
class Graph;

struct Use {
  Node* user;
  size_t index; // which input of `user`
  bool operator==(const Use&) const = default;
};

class Value {
public:
  const Type& type() const { return type_; }
  void set_type(Type t) { type_ = std::move(t); }
  Node* producer() const { return producer_; } // null for a block parameter
  Block* param_of() const { return param_of_; } // null for a node output
  const std::vector<Use>& uses() const { return uses_; }
  bool has_uses() const { return !uses_.empty(); }
  unsigned id() const { return id_; }
  // The Python variable this value holds, when there is one: printed as %name.N.
  const std::string& name_hint() const { return name_hint_; }
  void set_name_hint(std::string n) { name_hint_ = std::move(n); }

  // Every use of this value reads `other` instead.
  void replace_all_uses_with(Value* other);

private:
  friend class Node;
  friend class Block;
  friend class Graph;
  Type type_;
  Node* producer_ = nullptr;
  Block* param_of_ = nullptr;
  std::vector<Use> uses_;
  unsigned id_ = 0;
  std::string name_hint_;
};

struct NoneValue {
  bool operator==(const NoneValue&) const = default;
};
// An attribute's value: typed, never a string to parse again. A list of ints prints as a tuple:
// array_transpose[axes=(2, 0, 1)].
using IntList = std::vector<int64_t>;
using AttrValue = std::variant<int64_t, double, bool, std::string, NoneValue, IntList>;

// Note [Index specs]
// array_index[spec=(...)](a, values...) has one int per indexed axis, in order: kIndexInt for an
// integer index (one input), or a slice whose bits say which bounds are inputs, in the order
// start (kSliceStart), stop (kSliceStop), step (kSliceStep); a missing bound is numpy's default.
constexpr int64_t kIndexInt = -1;
constexpr int64_t kSliceStart = 1, kSliceStop = 2, kSliceStep = 4;
// The inputs an index spec item takes.
inline int index_item_inputs(int64_t item) {
  if (item == kIndexInt) return 1;
  return int((item & kSliceStart) != 0) + int((item & kSliceStop) != 0) + int((item & kSliceStep) != 0);
}

struct Attribute {
  std::string name;
  AttrValue value;
};

class Node {
public:
  OpKind kind() const { return kind_; }
  const SourceRange& range() const { return range_; }
  void set_range(const SourceRange& r) { range_ = r; }
  Block* owner() const { return owner_; }
  Graph& graph() const { return *graph_; }

  const std::vector<Value*>& inputs() const { return inputs_; }
  Value* input(size_t i) const { return inputs_.at(i); }
  void add_input(Value* v);
  void replace_input(size_t i, Value* v);
  void remove_input(size_t i);
  void remove_all_inputs();

  const std::vector<Value*>& outputs() const { return outputs_; }
  Value* output(size_t i = 0) const { return outputs_.at(i); }
  Value* add_output(Type t);
  // The output must be unused.
  void erase_output(size_t i);

  const std::vector<Block*>& blocks() const { return blocks_; }
  Block* block(size_t i) const { return blocks_.at(i); }
  Block* add_block();

  const std::vector<Attribute>& attributes() const { return attributes_; }
  const AttrValue* attr(std::string_view name) const;
  int64_t int_attr(std::string_view name) const;
  const std::string& str_attr(std::string_view name) const;
  const IntList& ints_attr(std::string_view name) const;
  void set_attr(std::string name, AttrValue v);

  // Note [Effects] in ir/ops.hpp.
  bool is_pure() const { return (op_info(kind_).flags & kPure) != 0; }
  bool reads_memory() const { return flags() == kNone || (flags() & (kReads | kWrites)) != 0; }
  bool writes_memory() const { return flags() == kNone || (flags() & kWrites) != 0; }
  bool may_raise() const { return flags() == kNone || (flags() & kRaises) != 0; }

  // Unlinks the node from its block and drops its inputs (recursively for its blocks).
  // Its outputs must be unused.
  void destroy();

private:
  friend class Graph;
  friend class Block;
  unsigned flags() const { return op_info(kind_).flags; }
  void drop_contents();
  OpKind kind_ = OpKind::Constant;
  SourceRange range_;
  Graph* graph_ = nullptr;
  Block* owner_ = nullptr;
  std::vector<Value*> inputs_;
  std::vector<Value*> outputs_;
  std::vector<Block*> blocks_;
  std::vector<Attribute> attributes_;
};

class Block {
public:
  const std::vector<Value*>& params() const { return params_; }
  Value* param(size_t i) const { return params_.at(i); }
  Value* add_param(Type t);
  void erase_param(size_t i); // must be unused

  // The nodes in order, without the Return node that ends the block.
  const std::vector<Node*>& nodes() const { return nodes_; }
  Node* return_node() const { return return_; }
  const std::vector<Value*>& outputs() const { return return_->inputs(); }
  Node* owner() const { return owner_; } // the If/Loop holding the block; null for a graph's top block
  Graph& graph() const { return *graph_; }

  void append(Node* n);
  void insert_before(Node* position, Node* n);
  // Unlinks `n` without destroying it.
  void unlink(Node* n);
  size_t index_of(const Node* n) const;

private:
  friend class Graph;
  friend class Node;
  Graph* graph_ = nullptr;
  Node* owner_ = nullptr;
  std::vector<Value*> params_;
  std::vector<Node*> nodes_;
  Node* return_ = nullptr;
};

class Graph {
public:
  Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  Block* top() const { return top_; }
  const std::vector<Value*>& inputs() const { return top_->params(); }
  Value* add_input(Type t) { return top_->add_param(std::move(t)); }
  const std::vector<Value*>& outputs() const { return top_->outputs(); }

  // Every value the graph has made (some may be unused or belong to destroyed nodes).
  std::vector<Value*> all_values() const {
    std::vector<Value*> out;
    for (const auto& v : values_) out.push_back(v.get());
    return out;
  }
  // A node in no block yet; append or insert it.
  Node* create(OpKind kind, const std::vector<Value*>& inputs, const std::vector<Type>& output_types,
               const SourceRange& range);

private:
  friend class Node;
  friend class Block;
  Block* new_block(Node* owner);
  Value* new_value(Type t);

  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<std::unique_ptr<Block>> blocks_;
  std::vector<std::unique_ptr<Value>> values_;
  unsigned next_value_id_ = 0;
  Block* top_ = nullptr;
};

// A function specialized for one signature; the top level is one too.
struct Function {
  std::string name;        // unique in the module, e.g. "add(int, int)"
  std::string source_name; // the Python name, e.g. "add"
  SourceRange range;
  std::vector<std::string> param_names;
  Type return_type = Type::none();
  std::unique_ptr<Graph> graph = std::make_unique<Graph>();
};

// A module-level name that the top level assigns once and functions read.
struct Global {
  std::string name;
  Type type;
};

// A user class as codegen and the runtime see it (Note [Objects] in lower/classes.hpp): its
// fields' names and types in layout order (the base class's first), its id range for isinstance
// and dispatch, and the specializations of __str__/__repr__ that print it ("" when none).
struct ClassLayout {
  std::string name, base;
  int64_t id = 0, id_end = 0;
  std::vector<std::pair<std::string, Type>> fields;
  std::string str_method, repr_method;
  bool is_exception = false;
  // No instance can be on a reference cycle: never tracked (Note [Acyclic classes] in
  // lower/class_cycles.cpp).
  bool acyclic = false;
  // The methods the class itself defines (not its bases'), static ones left out, with their
  // parameter counts (self included): which class's method an object's `method(name)` calls.
  std::vector<std::pair<std::string, int>> methods;
};

struct Module {
  std::vector<std::unique_ptr<Function>> functions; // the top level is named "__main__"
  std::vector<Global> globals;
  std::vector<ClassLayout> classes; // by id
  const ClassLayout* find_class(std::string_view name) const {
    for (const ClassLayout& c : classes)
      if (c.name == name) return &c;
    return nullptr;
  }
  // The files that source ranges point into, kept alive with the module.
  std::vector<std::shared_ptr<const SourceFile>> sources;

  Function* find(std::string_view name) const;
  Function* main() const { return find("__main__"); }
};

// The value of `v` when a Constant node produces it.
std::optional<AttrValue> constant_value(const Value* v);

// "add.int.float": the name of a function's specialization for these argument types.
std::string specialized_name(const std::string& name, const std::vector<Type>& arg_types);

// Every node of `block` and of the blocks nested in it, in order, parents before children.
std::vector<Node*> all_nodes(const Block& block);

// Whether running `block` may raise an exception that a `try` around it would catch (Note [Try
// regions] in lower/exceptions.hpp): an op that may raise, but for int arithmetic, whose only
// error is pyscript's 64-bit limit, and for what a nested Try's guarded block raises.
bool may_raise_catchable(const Block& block);

} // namespace pyscript::ir
