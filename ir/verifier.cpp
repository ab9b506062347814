#include "ir/verifier.hpp"

#include "ir/printer.hpp"
#include "ir/verify_arrays.hpp"
#include "support/internal_error.hpp"

#include <algorithm>
#include <set>

namespace pyscript::ir {
namespace {

class Verifier {
public:
  Verifier(const Function& f, const Module* m) : f_(f), module_(m) {}

  void run() {
    const Block* top = f_.graph->top();
    if (top->owner() != nullptr) fail(nullptr, "the top block has an owner");
    block(top);
    if (top->outputs().size() != 1 && !(top->outputs().empty() && f_.return_type.is(TypeKind::None)))
      fail(top->return_node(), "a graph returns exactly one value");
    if (top->outputs().size() == 1 && top->outputs()[0]->type() != f_.return_type)
      fail(top->return_node(), "returns " + top->outputs()[0]->type().to_string() +
                                   " but the function's return type is " +
                                   f_.return_type.to_string());
  }

private:
  [[noreturn]] void fail(const Node* n, const std::string& what) {
    std::string where = "in graph @" + f_.name;
    if (n) where += ", node '" + std::string(spelling(n->kind())) + "' at " + n->range().to_string();
    internal_error(__FILE__, __LINE__, "IR verifier: " + what + " (" + where + ")\n" +
                                           print_function(f_));
  }

  void define(const Value* v, const Node* n) {
    if (v->type().is(TypeKind::Unknown)) fail(n, "a value of Unknown type");
    if (!visible_.insert(v).second) fail(n, "a value defined twice");
  }

  void block(const Block* b) {
    std::vector<const Value*> defined_here;
    for (const Value* p : b->params()) {
      if (p->param_of() != b) fail(b->owner(), "a block parameter with the wrong owner");
      define(p, b->owner());
      defined_here.push_back(p);
    }
    for (const Node* n : b->nodes()) {
      if (n->owner() != b) fail(n, "a node whose owner is another block");
      node(n);
      for (const Value* out : n->outputs()) {
        if (out->producer() != n) fail(n, "an output with the wrong producer");
        define(out, n);
        defined_here.push_back(out);
      }
    }
    inputs(b->return_node());
    for (const Value* v : defined_here) visible_.erase(v);
  }

  void inputs(const Node* n) {
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      const Value* v = n->input(i);
      if (!visible_.count(v)) fail(n, "input " + std::to_string(i) + " is not defined before use");
      const auto& uses = v->uses();
      if (std::find(uses.begin(), uses.end(), Use{const_cast<Node*>(n), i}) == uses.end())
        fail(n, "input " + std::to_string(i) + " is missing from its value's use list");
    }
  }

  void expect_type(const Node* n, const Value* v, const Type& t, const char* what) {
    if (v->type() != t)
      fail(n, std::string(what) + " is " + v->type().to_string() + ", expected " + t.to_string());
  }

  void node(const Node* n) {
    const OpInfo& info = op_info(n->kind());
    int in = int(n->inputs().size());
    if (in < info.min_inputs || (info.max_inputs >= 0 && in > info.max_inputs))
      fail(n, "wrong number of inputs: " + std::to_string(in));
    if (info.outputs >= 0 && int(n->outputs().size()) != info.outputs)
      fail(n, "wrong number of outputs");
    if (int(n->blocks().size()) != info.blocks) fail(n, "wrong number of blocks");
    inputs(n);
    for (const Value* v : n->inputs())
      for (const Use& u : v->uses())
        if (u.user->inputs().size() <= u.index || u.user->input(u.index) != v)
          fail(n, "a use list names a use that does not exist");

    switch (n->kind()) {
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::FloorDiv:
    case OpKind::Mod:
    case OpKind::Pow:
    case OpKind::Min:
    case OpKind::Max:
      if (n->input(0)->type() != n->input(1)->type()) fail(n, "operands of different types");
      if (!n->input(0)->type().is(TypeKind::Int) && !n->input(0)->type().is(TypeKind::Float) &&
          !n->input(0)->type().is(TypeKind::Float32))
        fail(n, "arithmetic on " + n->input(0)->type().to_string());
      if (n->kind() != OpKind::Pow) expect_type(n, n->output(), n->input(0)->type(), "the result");
      break;
    case OpKind::Div:
      if (!n->input(0)->type().is(TypeKind::Float32) || n->owner()->owner() == nullptr ||
          n->owner()->owner()->kind() != OpKind::Fused) {
        expect_type(n, n->input(0), Type::float_(), "the dividend");
        expect_type(n, n->input(1), Type::float_(), "the divisor");
        expect_type(n, n->output(), Type::float_(), "the result");
      }
      break;
    case OpKind::IntTrueDiv:
      expect_type(n, n->input(0), Type::int_(), "the dividend");
      expect_type(n, n->input(1), Type::int_(), "the divisor");
      expect_type(n, n->output(), Type::float_(), "the result");
      break;
    case OpKind::Select:
      expect_type(n, n->input(0), Type::bool_(), "the condition");
      expect_type(n, n->input(2), n->input(1)->type(), "the second choice");
      expect_type(n, n->output(), n->input(1)->type(), "the result");
      break;
    case OpKind::Fused: {
      const Block* body = n->block(0);
      if (body->params().size() != n->inputs().size()) fail(n, "fused block parameters do not match");
      if (body->outputs().size() != 1) fail(n, "a fused block gives one element");
      if (!n->output()->type().is(TypeKind::Array)) fail(n, "a fused op gives an array");
      expect_type(n, body->outputs()[0], Type::element(n->output()->type().dtype()), "the element");
      block(body);
      break;
    }
    case OpKind::Lt:
    case OpKind::Le:
    case OpKind::Gt:
    case OpKind::Ge:
    case OpKind::Eq:
    case OpKind::Ne:
      if (n->input(0)->type() != n->input(1)->type()) fail(n, "compared values of different types");
      expect_type(n, n->output(), Type::bool_(), "the result");
      break;
    case OpKind::Not:
      expect_type(n, n->input(0), Type::bool_(), "the operand");
      expect_type(n, n->output(), Type::bool_(), "the result");
      break;
    case OpKind::Constant:
      // A function as a value has none: nothing exists at run time (Note [Functions as values]).
      if (!n->attr("value") && !n->output()->type().is(TypeKind::Function)) fail(n, "a constant without a value");
      break;
    case OpKind::TupleGet: {
      const Type& t = n->input(0)->type();
      int64_t i = n->int_attr("index");
      if ((!t.is(TypeKind::Tuple) && !t.is(TypeKind::Either) && !t.is(TypeKind::Function)) || i < 0 ||
          size_t(i) >= t.elements().size())
        fail(n, "tuple index out of range");
      expect_type(n, n->output(), t.elements()[size_t(i)], "the element");
      break;
    }
    case OpKind::If: {
      expect_type(n, n->input(0), Type::bool_(), "the condition");
      for (const Block* b : n->blocks()) {
        if (!b->params().empty()) fail(n, "an If block with parameters");
        block_outputs_match(n, b, n->outputs(), 0);
        block(b);
      }
      break;
    }
    case OpKind::Loop: {
      expect_type(n, n->input(0), Type::int_(), "the trip count");
      expect_type(n, n->input(1), Type::bool_(), "the initial condition");
      const Block* body = n->block(0);
      size_t carried = n->inputs().size() - 2;
      if (n->outputs().size() != carried) fail(n, "outputs do not match the carried values");
      if (body->params().size() != carried + 1) fail(n, "body parameters do not match");
      if (body->outputs().size() != carried + 1) fail(n, "body outputs do not match");
      expect_type(n, body->param(0), Type::int_(), "the iteration number");
      expect_type(n, body->outputs()[0], Type::bool_(), "the body's condition");
      for (size_t i = 0; i < carried; ++i) {
        const Type& t = n->input(i + 2)->type();
        expect_type(n, n->output(i), t, "a loop output");
        expect_type(n, body->param(i + 1), t, "a body parameter");
        expect_type(n, body->outputs()[i + 1], t, "a body output");
      }
      block(body);
      break;
    }
    case OpKind::Try: {
      if (!n->block(0)->params().empty()) fail(n, "a Try's block0 with parameters");
      if (n->block(1)->params().size() != 1) fail(n, "a Try's block1 takes the exception");
      expect_type(n, n->block(1)->param(0), Type::exception(), "the caught exception");
      for (const Block* b : n->blocks()) {
        block_outputs_match(n, b, n->outputs(), 0);
        block(b);
      }
      break;
    }
    case OpKind::ExceptionNew:
      for (const Value* v : n->inputs()) expect_type(n, v, Type::str(), "str(e) and repr of its argument");
      if (n->inputs().size() == 1) fail(n, "exception_new takes its text and its argument's repr, or neither");
      if (!n->attr("class") || !n->attr("id")) fail(n, "exception_new without its class");
      expect_type(n, n->output(), Type::exception(), "the result");
      break;
    case OpKind::ExceptionRaise:
      expect_type(n, n->input(0), Type::exception(), "the raised value");
      break;
    case OpKind::ExceptionMatches:
      expect_type(n, n->input(0), Type::exception(), "the operand");
      expect_type(n, n->output(), Type::bool_(), "the result");
      if (!n->attr("classes")) fail(n, "exception_matches without classes");
      break;
    case OpKind::Call:
      if (module_)
        if (auto e = verify_call(*n, *module_)) fail(n, *e);
      break;
    case OpKind::LoadGlobal:
    case OpKind::StoreGlobal:
      if (module_)
        if (auto e = verify_global(*n, *module_)) fail(n, *e);
      break;
    default:
      if (auto e = verify_array_op(*n)) fail(n, *e);
      break;
    }
  }

  void block_outputs_match(const Node* n, const Block* b, const std::vector<Value*>& outs,
                           size_t skip) {
    if (b->outputs().size() != outs.size() + skip) fail(n, "block outputs do not match");
    for (size_t i = 0; i < outs.size(); ++i)
      expect_type(n, b->outputs()[i + skip], outs[i]->type(), "a block output");
  }

  const Function& f_;
  const Module* module_; // null: calls and globals are not checked
  std::set<const Value*> visible_;
};

} // namespace

void verify(const Function& f) { Verifier(f, nullptr).run(); }

void verify(const Module& m) {
  for (const auto& f : m.functions) Verifier(*f, &m).run();
}

} // namespace pyscript::ir
