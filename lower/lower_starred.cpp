// Starred assignment targets: `a, *rest = v`, `for kind, *args in rows`.
#include "lower/module_lowering.hpp"

#include "pyscript/runtime.h"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Starred targets]
// `a, *mid, z = v` binds a and z to v's first and last elements and mid to a list of those between,
// as CPython does; fewer than the plain names' count of elements is CPython's ValueError "not
// enough values to unpack (expected at least N, got L)".
//   - A tuple's length is in its type: the elements are its own (TupleGet), mid a list display of
//     the ones between (one element type, else the type conflict of a display), and a tuple too
//     short raises where the assignment runs.
//   - A list or str: its length is checked at run time (one test per too-short length, so the
//     message names it), then the names are bound by synthetic statements (lower_synthetic):
//     `a = $s[0]`, `mid = list($s[1:-1])`, `z = $s[-1]`.
void FunctionLowering::bind_starred(const ast::Expr& target, size_t star, Value* v, Environment& env) {
  const SourceRange& r = target.range;
  const size_t n = target.operands.size(), before = star, after = n - 1 - star;
  const ast::Expr& rest = *target.operands[star]->operands[0];
  auto too_short = [&](size_t len) {
    return "not enough values to unpack (expected at least " + std::to_string(n - 1) + ", got " +
           std::to_string(len) + ")";
  };
  const Type& t = v->type();
  if (t.is(TypeKind::Tuple)) {
    const size_t len = t.elements().size();
    if (len < n - 1) {
      ir::Node* raise = emit(OpKind::Raise, {}, {}, r);
      raise->set_attr("kind", int64_t(PYRT_VALUE_ERROR));
      raise->set_attr("message", too_short(len));
      poison_target(target, env);
      return;
    }
    auto element = [&](size_t i, const SourceRange& at) {
      ir::Node* get = emit(OpKind::TupleGet, {v}, {t.elements()[i]}, at);
      get->set_attr("index", int64_t(i));
      return get->output();
    };
    std::vector<Value*> items;
    std::vector<SourceRange> at;
    for (size_t i = before; i < len - after; ++i) {
      items.push_back(element(i, rest.range));
      at.push_back(rest.range);
    }
    Type item_type = Type::unknown(module_.new_origin());
    if (items.empty()) module_.empty_displays[item_type.rank()] = {rest.range, &function_};
    else if (std::optional<Type> common = display_type(items, at, "this starred list")) item_type = *common;
    else return poison_target(target, env);
    for (size_t i = 0; i < before; ++i) bind_target(*target.operands[i], element(i, target.operands[i]->range), env);
    bind_target(rest, emit1(OpKind::ListNew, items, Type::list(item_type), rest.range), env);
    for (size_t i = 1; i <= after; ++i)
      bind_target(*target.operands[star + i], element(len - after - 1 + i, target.operands[star + i]->range), env);
    return;
  }
  if (!t.is(TypeKind::List) || t.is_deque()) {
    if (!t.is(TypeKind::Str)) {
      type_error(r, "cannot unpack a " + t.to_string() + " into a starred target",
                 "unpack a tuple, a list or a str");
      return poison_target(target, env);
    }
  }
  Value* len = sequence_length(v, r);
  for (size_t l = 0; l + 1 < n; ++l)
    raise_if(emit1(OpKind::Eq, {len, const_int(int64_t(l), r)}, Type::bool_(), r), PYRT_VALUE_ERROR, too_short(l), r);
  const std::string held = "$star" + std::to_string(module_.new_origin());
  env.define(held, v, r);
  auto int_expr = [&](int64_t i, const SourceRange& at) {
    auto e = std::make_unique<ast::Expr>(ast::ExprKind::Int, at);
    e->int_value = i;
    return e;
  };
  auto item = [&](int64_t i, const SourceRange& at) { // $s[i]
    auto e = std::make_unique<ast::Expr>(ast::ExprKind::Subscript, at);
    e->operands.push_back(name_expr(held, at));
    e->operands.push_back(int_expr(i, at));
    return e;
  };
  auto assign = [&](const ast::Expr& to, ast::ExprPtr value) {
    auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, to.range);
    s->targets.push_back(clone_expr(to));
    s->value = std::move(value);
    return s;
  };
  ast::StmtList stmts;
  for (size_t i = 0; i < before; ++i)
    stmts.push_back(assign(*target.operands[i], item(int64_t(i), target.operands[i]->range)));
  auto slice = std::make_unique<ast::Expr>(ast::ExprKind::Slice, rest.range); // $s[before:-after]
  slice->operands.push_back(int_expr(int64_t(before), rest.range));
  slice->operands.push_back(after ? int_expr(-int64_t(after), rest.range) : nullptr);
  slice->operands.push_back(nullptr);
  auto sliced = std::make_unique<ast::Expr>(ast::ExprKind::Subscript, rest.range);
  sliced->operands.push_back(name_expr(held, rest.range));
  sliced->operands.push_back(std::move(slice));
  auto as_list = std::make_unique<ast::Expr>(ast::ExprKind::Call, rest.range);
  as_list->operands.push_back(name_expr("list", rest.range));
  as_list->operands.push_back(std::move(sliced));
  stmts.push_back(assign(rest, std::move(as_list)));
  for (size_t i = 1; i <= after; ++i)
    stmts.push_back(assign(*target.operands[star + i], item(-int64_t(after + 1 - i), target.operands[star + i]->range)));
  lower_synthetic(std::move(stmts), held, r, env);
}

} // namespace pyscript::lower
