// List and dict comprehensions, and generator expressions passed to a consumer
// (Note [Comprehensions]).
//
// Note [Comprehensions]
// `[e for t1 in it1 if c1 for t2 in it2]` is lowered as the statements
//     $comp = []                      (an empty list: Note [Empty containers])
//     for t1' in it1:
//         if c1':
//             for t2' in it2':
//                 $comp.append(e')
// built from a copy of the expression's AST in which the comprehension's variables are renamed
// ($c3.t1), so they live only in the comprehension (Python 3) and never meet an outer variable of
// the same name. The first iterable is evaluated in the enclosing scope, as in CPython. A dict
// comprehension stores `$comp[k] = v`. A generator expression given to sum/min/max/any/all/sorted/
// list/str.join is the list comprehension handed to that consumer (a list, not a generator
// object: any/all evaluate every element before answering).
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

#include <map>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

using Renames = std::map<std::string, std::string>;
ast::ExprPtr clone(const ast::Expr& e, const Renames& renames) { return clone_expr(e, renames); }

ast::Comprehension clone(const ast::Comprehension& c, const Renames& renames) {
  ast::Comprehension out;
  out.target = clone(*c.target, renames);
  out.iter = clone(*c.iter, renames);
  for (const ast::ExprPtr& i : c.ifs) out.ifs.push_back(clone(*i, renames));
  out.range = c.range;
  return out;
}

} // namespace

ast::ExprPtr clone_expr(const ast::Expr& e, const std::map<std::string, std::string>& renames) {
  auto out = std::make_unique<ast::Expr>(e.kind, e.range);
  for (const ast::ExprPtr& op : e.operands) out->operands.push_back(op ? clone(*op, renames) : nullptr);
  out->int_value = e.int_value;
  out->float_value = e.float_value;
  out->bool_value = e.bool_value;
  out->text = e.text;
  if (e.kind == ast::ExprKind::Name) {
    auto it = renames.find(e.text);
    if (it != renames.end()) out->text = it->second;
  }
  out->text_range = e.text_range;
  out->binary_op = e.binary_op;
  out->unary_op = e.unary_op;
  out->bool_op = e.bool_op;
  out->compare_ops = e.compare_ops;
  for (const ast::Keyword& k : e.keywords) out->keywords.push_back({k.name, k.name_range, clone(*k.value, renames)});
  out->fstring = e.fstring;
  for (const ast::Comprehension& c : e.comprehension) out->comprehension.push_back(clone(c, renames));
  return out;
}

namespace {

ast::ExprPtr name(const std::string& text, const SourceRange& r) {
  auto n = std::make_unique<ast::Expr>(ast::ExprKind::Name, r);
  n->text = text;
  return n;
}

} // namespace

Value* FunctionLowering::lower_comprehension(const ast::Expr& e, Environment& env) {
  int id = module_.new_origin();
  std::string result = "$comp" + std::to_string(id);
  // Rename every comprehension variable.
  Renames renames;
  std::set<std::string> targets;
  for (const ast::Comprehension& c : e.comprehension) ast::collect_assigned_names(*c.target, targets);
  for (const std::string& t : targets) renames[t] = "$c" + std::to_string(id) + "." + t;

  bool is_dict = e.kind == ast::ExprKind::DictComp;
  Value* out = is_dict ? emit1(OpKind::DictNew, {}, Type::dict(Type::unknown(module_.new_origin()),
                                                              Type::unknown(module_.new_origin())), e.range)
                       : emit1(OpKind::ListNew, {}, Type::list(Type::unknown(module_.new_origin())), e.range);

  // The innermost statement.
  auto inner = std::make_unique<ast::Stmt>(is_dict ? ast::StmtKind::Assign : ast::StmtKind::Expr, e.range);
  if (is_dict) {
    auto target = std::make_unique<ast::Expr>(ast::ExprKind::Subscript, e.operands[0]->range);
    target->operands.push_back(name(result, e.range));
    target->operands.push_back(clone(*e.operands[0], renames));
    inner->targets.push_back(std::move(target));
    inner->value = clone(*e.operands[1], renames);
  } else {
    auto callee = std::make_unique<ast::Expr>(ast::ExprKind::Attribute, e.operands[0]->range);
    callee->operands.push_back(name(result, e.range));
    callee->text = "append";
    callee->text_range = e.operands[0]->range;
    auto call = std::make_unique<ast::Expr>(ast::ExprKind::Call, e.operands[0]->range);
    call->operands.push_back(std::move(callee));
    call->operands.push_back(clone(*e.operands[0], renames));
    inner->value = std::move(call);
  }
  // Wrap it in the clauses, innermost first.
  ast::StmtPtr stmt = std::move(inner);
  for (size_t k = e.comprehension.size(); k-- > 0;) {
    const ast::Comprehension& c = e.comprehension[k];
    for (size_t j = c.ifs.size(); j-- > 0;) {
      auto s = std::make_unique<ast::Stmt>(ast::StmtKind::If, c.ifs[j]->range);
      s->value = clone(*c.ifs[j], renames);
      s->body.push_back(std::move(stmt));
      stmt = std::move(s);
    }
    auto loop = std::make_unique<ast::Stmt>(ast::StmtKind::For, c.range);
    loop->targets.push_back(clone(*c.target, renames));
    // The first iterable is read in the enclosing scope: it is not renamed.
    loop->value = k == 0 ? clone(*c.iter, {}) : clone(*c.iter, renames);
    loop->body.push_back(std::move(stmt));
    stmt = std::move(loop);
  }
  // Lower the statements with the result and the first iterable bound; the names they bind go
  // away afterwards (the renamed variables exist only here).
  std::map<std::string, Binding> saved = env.vars;
  env.define(result, out, e.range);
  lower_stmt(*stmt, env);
  for (auto it = env.vars.begin(); it != env.vars.end();) {
    if (!saved.count(it->first)) it = env.vars.erase(it);
    else ++it;
  }
  comprehension_asts_.push_back(std::move(stmt)); // diagnostics and source ranges may point into it
  return out;
}

} // namespace pyscript::lower

namespace pyscript::lower {

// range(...), enumerate(...), zip(...) as an argument (list(range(5))): the list
// [$v for $v in ARG] (Note [Comprehensions]).
Value* FunctionLowering::iterable_as_list(const ast::Expr& arg, Environment& env) {
  int id = module_.new_origin();
  std::string v = "$v" + std::to_string(id);
  auto comp = std::make_unique<ast::Expr>(ast::ExprKind::ListComp, arg.range);
  auto target = std::make_unique<ast::Expr>(ast::ExprKind::Name, arg.range);
  target->text = v;
  comp->operands.push_back(clone_expr(*target));
  ast::Comprehension c;
  c.target = std::move(target);
  c.iter = clone_expr(arg);
  c.range = arg.range;
  comp->comprehension.push_back(std::move(c));
  Value* out = lower_comprehension(*comp, env);
  synthetic_exprs_.push_back(std::move(comp));
  return out;
}

} // namespace pyscript::lower
