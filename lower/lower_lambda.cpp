// Lambdas -> closures (Note [Closures]).
#include "lower/module_lowering.hpp"

#include <functional>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Closures]
// `lambda p: p[1] + k` reads `k` of the function that makes it. Captures are by value (SPEC.md):
// the lambda's value is the tuple of the captured variables' values, typed
// function[lambda$L_C](captures...), and calling it calls a synthetic function whose parameters are
// the captures, then the lambda's own (ModuleLowering::lambda_function), specialized as any
// function is. So that by-value capture never gives another answer than CPython's late binding, a
// captured variable assigned again after the lambda is made is a diagnostic: later in the function
// (Environment::captured, checked by bind_target), or anywhere in a loop around the lambda (its
// next iteration would reassign it: loop_assigned_).
namespace {

void collect_names(const ast::Expr& e, std::vector<const ast::Expr*>& out) {
  if (e.kind == ast::ExprKind::Name) out.push_back(&e);
  for (const ast::ExprPtr& op : e.operands)
    if (op) collect_names(*op, out);
  for (const ast::Keyword& k : e.keywords)
    collect_names(*k.value, out);
  for (const ast::Comprehension& c : e.comprehension) {
    collect_names(*c.iter, out);
    for (const ast::ExprPtr& i : c.ifs)
      collect_names(*i, out);
  }
  if (e.lambda) collect_names(*e.lambda->body[0]->value, out);
}

} // namespace

Value* FunctionLowering::lower_lambda(const ast::Expr& e, Environment& env) {
  const ast::FunctionDef& fn = *e.lambda;
  std::vector<const ast::Expr*> names;
  collect_names(*fn.body[0]->value, names);
  std::vector<std::string> captured;
  std::vector<Value*> values;
  for (const ast::Expr* n : names) {
    bool param = false;
    for (const ast::Param& p : fn.params)
      param |= p.name == n->text;
    if (param || std::find(captured.begin(), captured.end(), n->text) != captured.end()) continue;
    const Binding* b = env.find(n->text);
    if (!b) continue; // a module name, builtin or comprehension variable: read where the body runs
    for (const std::set<std::string>& loop : loop_assigned_)
      if (loop.count(n->text)) {
        Diagnostic& d =
            diags_.error(n->range, "closure",
                         "the lambda captures '" + n->text +
                             "', which the loop around it assigns again on its next iteration");
        d.notes.push_back(
            {SourceRange{},
             "pyscript captures by value; CPython would read the variable's latest value"});
        d.help.push_back("pass it as a default, so each lambda keeps its own: lambda ..., " +
                         n->text + "=" + n->text + ": ...");
        return nullptr;
      }
    Value* v = lower_name(*n, env);
    if (!v) return nullptr;
    captured.push_back(n->text);
    values.push_back(v);
  }
  for (const std::string& name : captured)
    env.captured.emplace(name, e.range);
  // Defaults are evaluated where the lambda is made, as CPython does: hidden captures `$d_NAME`.
  for (const ast::Param& p : fn.params) {
    if (!p.default_value) continue;
    Value* v = lower_expr(*p.default_value, env);
    if (!v) return nullptr;
    captured.push_back("$d_" + p.name);
    values.push_back(v);
  }
  const ast::FunctionDef* def = module_.lambda_function(e, captured);
  if (values.empty()) return emit1(OpKind::Constant, {}, Type::function(def->name), e.range);
  std::vector<Type> types;
  for (Value* v : values)
    types.push_back(v->type());
  return emit1(OpKind::TupleConstruct, values, Type::closure(def->name, types), e.range);
}

// f(args) where f holds a function value: a module function, or a lambda with its captures.
Value* FunctionLowering::call_function_value(Value* f, const ast::Expr& call,
                                             std::vector<Value*> args, Environment& env) {
  const ast::FunctionDef* fn = module_.find_function(f->type().function_name());
  if (!fn) return nullptr;
  const std::vector<Type>& captures = f->type().elements();
  std::vector<Value*> all;
  for (size_t i = 0; i < captures.size(); ++i) {
    ir::Node* get = emit(OpKind::TupleGet, {f}, {captures[i]}, call.range);
    get->set_attr("index", int64_t(i));
    all.push_back(get->output());
  }
  size_t own = fn->params.size() - captures.size();
  if (args.size() > own) {
    diags_.error(call.range, "arity",
                 "<lambda>() takes " + std::to_string(own) + " positional arguments but " +
                     std::to_string(args.size()) + " were given");
    return nullptr;
  }
  for (size_t i = captures.size(); i < fn->params.size(); ++i) {
    size_t j = i - captures.size();
    if (j < args.size()) {
      all.push_back(args[j]);
      continue;
    }
    const std::string& name = fn->params[i].name;
    Value* v = nullptr;
    for (const ast::Keyword& kw : call.keywords)
      if (kw.name == name && !(v = lower_expr(*kw.value, env))) return nullptr;
    for (size_t k = 0; !v && k < captures.size(); ++k)
      if (fn->params[k].name == "$d_" + name)
        v = all[k]; // the default, evaluated where the lambda was made
    if (!v) {
      diags_.error(call.range, "arity",
                   "<lambda>() missing 1 required positional argument: '" + name + "'");
      return nullptr;
    }
    all.push_back(v);
  }
  ast::Expr positional(ast::ExprKind::Call, call.range); // every argument is in `all` now
  return lower_user_call(*fn, positional, all, env);
}

const ast::FunctionDef* ModuleLowering::lambda_function(const ast::Expr& e,
                                                        const std::vector<std::string>& captured) {
  std::string name =
      "lambda$" + std::to_string(e.range.line) + "_" + std::to_string(e.range.column);
  for (const std::string& c : captured)
    name += "_" + (c.rfind("$d_", 0) == 0 ? "d" + c.substr(3) : c);
  if (const ast::FunctionDef* existing = find_function(name)) return existing;
  auto fn = std::make_unique<ast::FunctionDef>();
  fn->name = name;
  fn->name_range = e.range;
  for (const std::string& c : captured) {
    ast::Param p;
    p.name = c;
    p.range = e.range;
    fn->params.push_back(std::move(p));
  }
  for (const ast::Param& q : e.lambda->params) { // defaults: hidden captures (call_function_value)
    ast::Param p;
    p.name = q.name;
    p.range = q.range;
    fn->params.push_back(std::move(p));
  }
  auto ret = std::make_unique<ast::Stmt>(ast::StmtKind::Return, e.lambda->body[0]->range);
  ret->value = clone_expr(*e.lambda->body[0]->value);
  fn->body.push_back(std::move(ret));
  const ast::FunctionDef* out = fn.get();
  functions_[name] = out;
  lambdas_.push_back(std::move(fn));
  return out;
}

} // namespace pyscript::lower
