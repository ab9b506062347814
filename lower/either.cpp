// Where a Python number and the numpy scalar of its kind meet: the Either type, and expressions
// lowered once per kind.
#include "lower/module_lowering.hpp"

#include "support/internal_error.hpp"

#include <functional>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Python and numpy scalars meet]
// `s = 0.0; for i in range(n): s = s + a[i]` makes `s` a Python float before the loop and a
// np.float64 after its first iteration, as in CPython, and the two differ where numpy's rules are
// not Python's (s / 0.0 is ZeroDivisionError for one, inf and a warning for the other; np.int64
// wraps). A variable that holds one on some paths and the other on others has the type
// Either[float] (printed float|np.float64): the value and a run-time flag "is numpy".
//   - Merging paths (merge.cpp) and loop-carried values (lower_loop: the body is lowered again
//     with the carried value widened when its first lowering turns a Python number into a numpy
//     scalar) make Either values; so do tuples holding them, element by element.
//   - Only a bare name passes an Either value along (assignment, return, a call argument passes
//     the expression containing it). Any other expression reading an Either variable is lowered
//     twice under If(flag): once with the variable bound to its numpy scalar, once to its Python
//     number, so every operation sees one kind and keeps its own semantics. When both paths give
//     one type the If gives it; a Python number and its numpy scalar make an Either again; other
//     pairs (float32 arrays: a Python float is weak, np.float64 is not) are a type diagnostic.
//   - In a loop like the one above both paths compute the same fadd: LLVM merges them, and the
//     flag costs nothing.

namespace {

// The Python type a numpy scalar corresponds to (np.float32 has none: a Python float is double).
std::optional<Type> python_kind(const Type& t) {
  if (t.is(TypeKind::Float) || t.is(TypeKind::Int) || t.is(TypeKind::Bool)) return t;
  if (t.is(TypeKind::Either)) return t.elements()[0];
  if (t.is_numpy_scalar()) {
    switch (t.dtype()) {
    case DType::Float64: return Type::float_();
    case DType::Int64: return Type::int_();
    case DType::Bool: return Type::bool_();
    case DType::Float32: return std::nullopt;
    }
  }
  return std::nullopt;
}

bool reads_name(const ast::Expr& e, const std::string& name) {
  if (e.kind == ast::ExprKind::Name) return e.text == name;
  for (const ast::ExprPtr& op : e.operands)
    if (op && reads_name(*op, name)) return true;
  for (const ast::Keyword& k : e.keywords)
    if (k.value && reads_name(*k.value, name)) return true;
  return false;
}

} // namespace

std::optional<Type> either_of(const Type& a, const Type& b) {
  if (a == b) return std::nullopt;
  // Objects merge too (Note [Objects] in classes.hpp): None and C into Optional[C], two classes
  // into their common base; to_either converts the values.
  if (const ClassTable* classes = active_classes())
    if (std::optional<Type> merged = classes->merge(a, b)) return merged;
  if (a.is(TypeKind::Tuple) && b.is(TypeKind::Tuple) && a.elements().size() == b.elements().size()) {
    std::vector<Type> elements;
    bool any = false;
    for (size_t i = 0; i < a.elements().size(); ++i) {
      const Type& x = a.elements()[i];
      const Type& y = b.elements()[i];
      if (x == y) {
        elements.push_back(x);
        continue;
      }
      std::optional<Type> e = either_of(x, y);
      if (!e) return std::nullopt;
      elements.push_back(*e);
      any = true;
    }
    return any ? std::optional<Type>(Type::tuple(elements)) : std::nullopt;
  }
  std::optional<Type> pa = python_kind(a), pb = python_kind(b);
  if (!pa || !pb || *pa != *pb) return std::nullopt;
  return Type::either(*pa);
}

Value* FunctionLowering::to_either(Value* v, const Type& to, const SourceRange& r) {
  const Type& t = v->type();
  if (t == to) return v;
  if (to.is_object_ref() || to.is_optional_value()) return object_cast(v, to, r);
  if (to.is(TypeKind::Tuple)) {
    std::vector<Value*> items;
    for (size_t i = 0; i < to.elements().size(); ++i) {
      ir::Node* get = emit(OpKind::TupleGet, {v}, {t.elements()[i]}, r);
      get->set_attr("index", int64_t(i));
      items.push_back(to_either(get->output(), to.elements()[i], r));
    }
    return emit1(OpKind::TupleConstruct, items, to, r);
  }
  PYSCRIPT_ASSERT(to.is(TypeKind::Either), "to_either: not an Either type");
  const Type& python = to.elements()[0];
  if (t.is_numpy_scalar())
    return emit1(OpKind::TupleConstruct, {array_item(v, python, r), const_bool(true, r)}, to, r);
  return emit1(OpKind::TupleConstruct, {v, const_bool(false, r)}, to, r);
}

// The numpy scalar of a Python number: np.float64(x), np.int64(x), np.bool_(x).
Value* FunctionLowering::numpy_scalar(Value* python, DType d, const SourceRange& r) {
  ir::Node* n = emit(OpKind::ArrayLiteral, {python}, {Type::array(d, 0)}, r);
  n->set_attr("dtype", std::string(ir::dtype_name(d)));
  n->set_attr("shape", ir::IntList{});
  return n->output();
}

const std::string* FunctionLowering::either_read(const ast::Expr& e, const Environment& env) {
  // These take Either operands as values and split only the operation itself (split_values), so
  // the operands are computed once: `s + a[i]` loads a[i] before the If, and LLVM merges the two
  // identical additions. A call of a builtin or a user function does the same.
  switch (e.kind) {
  case ast::ExprKind::Name:
  case ast::ExprKind::Binary:
  case ast::ExprKind::Compare:
  case ast::ExprKind::Unary: return nullptr;
  case ast::ExprKind::Call:
    if (e.operands[0]->kind == ast::ExprKind::Name) return nullptr;
    break;
  default: break;
  }
  for (const auto& [name, b] : env.vars)
    if (b.state == Binding::State::Defined && b.value && b.value->type().is(TypeKind::Either) &&
        reads_name(e, name))
      return &name;
  return nullptr;
}

// Note [Python and numpy scalars meet]: If(the flag of `either`) { per_kind(its numpy scalar) }
// else { per_kind(its Python number) }, the two results merged; null after a diagnostic.
Value* FunctionLowering::branch_on_kind(Value* either, const SourceRange& r, const std::string& what,
                                        const std::function<Value*(Value*)>& per_kind) {
  const Type& t = either->type();
  ir::Node* flag_get = emit(OpKind::TupleGet, {either}, {Type::bool_()}, r);
  flag_get->set_attr("index", int64_t(1));
  ir::Node* value_get = emit(OpKind::TupleGet, {either}, {t.elements()[0]}, r);
  value_get->set_attr("index", int64_t(0));
  ir::Node* if_node = emit(OpKind::If, {flag_get->output()}, {}, r);
  ir::Block* saved = block_;
  size_t diagnostics_before = diags_.all().size();
  Value* results[2];
  ir::Block* blocks[2];
  for (int k = 0; k < 2; ++k) {
    blocks[k] = if_node->add_block();
    block_ = blocks[k];
    results[k] = per_kind(k == 0 ? numpy_scalar(value_get->output(), t.dtype(), r) : value_get->output());
  }
  block_ = saved;
  diags_.drop_repeats_since(diagnostics_before);
  if (!results[0] || !results[1]) {
    if_node->destroy();
    return nullptr;
  }
  Type out = results[0]->type();
  if (results[1]->type() != out) {
    std::optional<Type> merged = either_of(results[0]->type(), results[1]->type());
    if (!merged) {
      Diagnostic& d = diags_.error(r, "type",
                                   what + " is a " + t.to_string() + " here (a Python number on some paths, a numpy "
                                   "scalar on others), and this gives a " + results[0]->type().to_string() +
                                   " for the numpy scalar but a " + results[1]->type().to_string() +
                                   " for the Python number");
      d.help.push_back("give it one kind where it is made: " + t.elements()[0].to_string() + "(...) or np." +
                       (t.dtype() == DType::Bool ? std::string("bool_") : ir::dtype_name(t.dtype())) + "(...)");
      if_node->destroy();
      return nullptr;
    }
    out = *merged;
    for (int k = 0; k < 2; ++k) {
      block_ = blocks[k];
      results[k] = to_either(results[k], out, r);
    }
    block_ = saved;
  }
  for (int k = 0; k < 2; ++k) blocks[k]->return_node()->add_input(results[k]);
  return if_node->add_output(out);
}

Value* FunctionLowering::lower_split(const ast::Expr& e, const std::string& name, Environment& env) {
  return branch_on_kind(env.value_of(name), e.range, "'" + name + "'", [&](Value* v) {
    Environment branch = env;
    branch.vars[name].value = v;
    return lower_expr(e, branch);
  });
}

bool holds_either(const std::vector<Value*>& values) {
  for (const Value* v : values)
    if (v && v->type().is(TypeKind::Either)) return true;
  return false;
}

Value* FunctionLowering::split_values(std::vector<Value*> values, const SourceRange& r,
                                      const std::function<Value*(std::vector<Value*>&)>& f) {
  for (size_t k = 0; k < values.size(); ++k) {
    if (!values[k] || !values[k]->type().is(TypeKind::Either)) continue;
    return branch_on_kind(values[k], r, "this value", [&](Value* v) {
      std::vector<Value*> one = values;
      one[k] = v;
      return split_values(one, r, f);
    });
  }
  return f(values);
}

} // namespace pyscript::lower
