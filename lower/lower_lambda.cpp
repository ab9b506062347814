// Lambdas -> closures (Note [Closures]).
#include "lower/module_lowering.hpp"

#include <functional>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Closures]
// `lambda p: p[1] + k` and a nested `def step(x): return x * k` read `k` of the function that makes
// them. Captures are by value (SPEC.md): the closure's value is the tuple of the captured
// variables' values, typed function[NAME](captures...), and calling it calls a synthetic function
// whose parameters are the captures, then the closure's own (ModuleLowering::lambda_function and
// nested_function), specialized as any function is. A function with nothing to capture is a plain
// function value. So that by-value capture never gives another answer than CPython's late binding,
// a captured variable assigned again after the closure is made is a diagnostic: later in the
// function (Environment::captured, checked by bind_target), or anywhere in a loop around the
// closure (its next iteration would reassign it: loop_assigned_); so is a nested function reading
// a local of its enclosing function that is assigned only after the `def`.
// A nested function's body is a copy of the source's (clone_stmt), with the captures as leading
// parameters; inside it, its own name is the closure rebuilt from those parameters
// (bind_own_closure), so it can call itself. Captures of what a function nested in it reads are
// its captures too (free_names walks nested functions).
namespace {

void collect_names(const ast::Expr& e, std::vector<const ast::Expr*>& out) {
  ast::for_each_expr(e, [&](const ast::Expr& x) {
    if (x.kind == ast::ExprKind::Name) out.push_back(&x);
  });
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
    if (&e != consumed_lambda_ && captured_in_loop(n->text, n->range, "the lambda")) return nullptr;
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
  return make_closure(*module_.lambda_function(e, captured), values, e.range);
}

// Note [Bound methods as values]
// `d.get` read as a value (`max(d, key=d.get)`) is the closure of `lambda k: d.get(k)` with `d`
// evaluated once, where the attribute is read: a synthetic function NAME$LINE_COL whose parameters
// are `$self` (its capture) and the key, called as a lambda's function is (call_function_value).
// Only dict.get is such a value (frontend/resolve.cpp lets it through).
Value* FunctionLowering::bound_method_value(Value* self, const ast::Expr& e) {
  return make_closure(*module_.bound_method_function(e), {self}, e.range);
}

Value* FunctionLowering::lower_consumed_lambda(const ast::Expr& key, Environment& env) {
  const ast::Expr* saved = consumed_lambda_;
  if (key.kind == ast::ExprKind::Lambda) consumed_lambda_ = &key;
  Value* v = lower_expr(key, env);
  consumed_lambda_ = saved;
  return v;
}

Value* FunctionLowering::make_closure(const ast::FunctionDef& def, const std::vector<Value*>& values,
                                      const SourceRange& range) {
  if (values.empty()) return emit1(OpKind::Constant, {}, Type::function(def.name), range);
  std::vector<Type> types;
  for (Value* v : values)
    types.push_back(v->type());
  return emit1(OpKind::TupleConstruct, values, Type::closure(def.name, types), range);
}

bool FunctionLowering::captured_in_loop(const std::string& name, const SourceRange& at,
                                        const char* what) {
  for (const std::set<std::string>& loop : loop_assigned_) {
    if (!loop.count(name)) continue;
    Diagnostic& d = diags_.error(at, "closure",
                                 std::string(what) + " captures '" + name +
                                     "', which the loop around it assigns again on its next iteration");
    d.notes.push_back(
        {SourceRange{}, "pyscript captures by value; CPython would read the variable's latest value"});
    d.help.push_back("make it a default, so each closure keeps its own: lambda ..., " + name + "=" +
                     name + ": ... or def f(..., " + name + "=" + name + ")");
    return true;
  }
  return false;
}

namespace {

// The names a nested function reads that are not its own: its free variables, including those
// of the functions and lambdas nested in it (they are captured through it). Over-approximates
// (a comprehension's variable is listed): a name the enclosing function does not bind is skipped.
void free_names(const ast::FunctionDef& fn, std::set<std::string>& out) {
  std::set<std::string> locals;
  for (const ast::Param& p : fn.params)
    locals.insert(p.name);
  ast::collect_assigned_names(fn.body, locals);
  std::vector<const ast::FunctionDef*> defs;
  ast::collect_defined_functions(fn.body, defs);
  std::set<std::string> reads;
  for (const ast::FunctionDef* d : defs) {
    locals.insert(d->name);
    free_names(*d, reads); // what they read of this function's scope, this function reads
  }
  ast::for_each_expr(
      fn.body,
      [&](const ast::Expr& x) {
        if (x.kind == ast::ExprKind::Name) reads.insert(x.text);
      },
      /*into_functions=*/false);
  for (const std::string& n : reads)
    if (!locals.count(n)) out.insert(n);
}

using Renames = std::map<std::string, std::string>;

ast::StmtList clone_body(const ast::StmtList& body, const Renames& renames = {}) {
  ast::StmtList out;
  for (const ast::StmtPtr& s : body)
    out.push_back(clone_stmt(*s, renames));
  return out;
}

ast::ExprPtr clone_opt(const ast::ExprPtr& e, const Renames& renames = {}) {
  return e ? clone_expr(*e, renames) : nullptr;
}

std::unique_ptr<ast::FunctionDef> clone_function(const ast::FunctionDef& fn) {
  auto out = std::make_unique<ast::FunctionDef>();
  out->name = fn.name;
  out->name_range = fn.name_range;
  for (const ast::Param& p : fn.params) {
    ast::Param q;
    q.name = p.name;
    q.range = p.range;
    q.annotation = clone_opt(p.annotation);
    q.default_value = clone_opt(p.default_value);
    out->params.push_back(std::move(q));
  }
  out->returns = clone_opt(fn.returns);
  out->body = clone_body(fn.body);
  out->rejected_bindings = fn.rejected_bindings;
  out->class_name = fn.class_name;
  out->is_static = fn.is_static;
  out->is_property = fn.is_property;
  out->is_classmethod = fn.is_classmethod;
  out->display_name = fn.display_name;
  out->captures = fn.captures;
  return out;
}

} // namespace

// A copy of a statement of a function's body (a class cannot be defined in a function), with the
// names in `renames` renamed (not inside a nested def's body: no caller renames around one).
ast::StmtPtr clone_stmt(const ast::Stmt& s, const std::map<std::string, std::string>& renames) {
  auto out = std::make_unique<ast::Stmt>(s.kind, s.range);
  for (const ast::ExprPtr& t : s.targets)
    out->targets.push_back(clone_opt(t, renames));
  out->value = clone_opt(s.value, renames);
  out->message = clone_opt(s.message, renames);
  out->cause = clone_opt(s.cause, renames);
  out->item_update_rewrite = s.item_update_rewrite;
  out->delegates = s.delegates;
  out->annotation = clone_opt(s.annotation);
  out->body = clone_body(s.body, renames);
  out->orelse = clone_body(s.orelse, renames);
  out->module = s.module;
  out->alias = s.alias;
  out->names = s.names;
  if (s.function) out->function = clone_function(*s.function);
  for (const ast::ExceptHandler& h : s.handlers) {
    ast::ExceptHandler c;
    c.type = clone_opt(h.type);
    auto renamed = renames.find(h.name);
    c.name = renamed == renames.end() ? h.name : renamed->second;
    c.name_range = h.name_range;
    c.body = clone_body(h.body, renames);
    c.range = h.range;
    out->handlers.push_back(std::move(c));
  }
  out->finalbody = clone_body(s.finalbody, renames);
  return out;
}

// def NAME(...): ... inside a function: NAME = the closure of what its body reads of this function.
void FunctionLowering::lower_nested_def(const ast::Stmt& s, Environment& env) {
  const ast::FunctionDef& fn = *s.function;
  std::set<std::string> free;
  free_names(fn, free);
  std::vector<std::string> captured;
  std::vector<Value*> values;
  bool ok = true;
  for (const std::string& name : free) {
    if (name == fn.name) continue; // itself (bind_own_closure)
    if (!env.find(name)) {
      if (!local_names_.count(name)) continue; // a module name or builtin: read where it runs
      Diagnostic& d = diags_.error(fn.name_range, "closure",
                                   "'" + fn.name + "' reads '" + name +
                                       "', which this function assigns only after the 'def'");
      d.notes.push_back({SourceRange{}, "pyscript captures by value where the function is defined"});
      d.help.push_back("assign '" + name + "' before the 'def', or pass it as a parameter");
      ok = false;
      continue;
    }
    if (captured_in_loop(name, fn.name_range, ("the nested function '" + fn.name + "'").c_str())) {
      ok = false;
      continue;
    }
    ast::Expr read(ast::ExprKind::Name, fn.name_range);
    read.text = name;
    Value* v = lower_name(read, env);
    if (!v) {
      ok = false;
      continue;
    }
    captured.push_back(name);
    values.push_back(v);
  }
  for (const ast::Param& p : fn.params) { // defaults are evaluated where the def runs
    if (!p.default_value) continue;
    Value* v = lower_expr(*p.default_value, env);
    if (!v) {
      ok = false;
      continue;
    }
    captured.push_back("$d_" + p.name);
    values.push_back(v);
  }
  if (!ok) {
    env.vars[fn.name].state = Binding::State::Poisoned;
    return;
  }
  for (const std::string& name : captured)
    if (name.rfind("$d_", 0) != 0) env.captured.emplace(name, fn.name_range);
  const ast::FunctionDef* def = module_.nested_function(fn, captured);
  ast::Expr target(ast::ExprKind::Name, fn.name_range);
  target.text = fn.name;
  bind_target(target, make_closure(*def, values, fn.name_range), env);
}

void FunctionLowering::bind_own_closure(const ast::FunctionDef& fn, Environment& env) {
  std::set<std::string> locals;
  ast::collect_assigned_names(fn.body, locals);
  if (locals.count(fn.display_name) || env.find(fn.display_name)) return; // the name is its own
  std::vector<Value*> values;
  for (size_t i = 0; i < fn.captures; ++i)
    values.push_back(env.find(fn.params[i].name)->value);
  env.define(fn.display_name, make_closure(fn, values, fn.name_range), fn.name_range);
}

// f(args) where f holds a function value: a module function, or a lambda with its captures.
Value* FunctionLowering::call_function_value(Value* f, const ast::Expr& call,
                                             std::vector<Value*> args, Environment& env) {
  if (is_builtin_value(f->type())) return call_builtin_value(f->type(), call, args); // lower_call.cpp
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
  std::string shown = python_name(*fn);
  if (args.size() > own) {
    diags_.error(call.range, "arity",
                 shown + "() takes " + std::to_string(own) + " positional arguments but " +
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
    if (!v && captures.empty() && fn->params[i].default_value && !(v = lower_expr(*fn->params[i].default_value, env)))
      return nullptr; // a def's default: a literal (literal_default in lower_call.cpp)
    if (!v) {
      diags_.error(call.range, "arity",
                   shown + "() missing 1 required positional argument: '" + name + "'");
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

const ast::FunctionDef* ModuleLowering::bound_method_function(const ast::Expr& e) {
  std::string name = e.text + "$" + std::to_string(e.range.line) + "_" + std::to_string(e.range.column);
  if (const ast::FunctionDef* existing = find_function(name)) return existing;
  auto fn = std::make_unique<ast::FunctionDef>();
  fn->name = name;
  fn->display_name = e.text;
  fn->name_range = e.range;
  fn->captures = 1;
  for (const char* p : {"$self", "key"}) {
    ast::Param param;
    param.name = p;
    param.range = e.range;
    fn->params.push_back(std::move(param));
  }
  auto callee = std::make_unique<ast::Expr>(ast::ExprKind::Attribute, e.range);
  callee->operands.push_back(name_expr("$self", e.range));
  callee->text = e.text;
  callee->text_range = e.text_range;
  auto call = std::make_unique<ast::Expr>(ast::ExprKind::Call, e.range);
  call->operands.push_back(std::move(callee));
  call->operands.push_back(name_expr("key", e.range));
  auto ret = std::make_unique<ast::Stmt>(ast::StmtKind::Return, e.range);
  ret->value = std::move(call);
  fn->body.push_back(std::move(ret));
  const ast::FunctionDef* out = fn.get();
  functions_[name] = out;
  lambdas_.push_back(std::move(fn));
  return out;
}

const ast::FunctionDef* ModuleLowering::nested_function(const ast::FunctionDef& fn,
                                                        const std::vector<std::string>& captured) {
  std::string name = fn.name + "$" + std::to_string(fn.name_range.line) + "_" +
                     std::to_string(fn.name_range.column);
  for (const std::string& c : captured)
    name += "_" + (c.rfind("$d_", 0) == 0 ? "d" + c.substr(3) : c);
  if (const ast::FunctionDef* existing = find_function(name)) return existing;
  std::unique_ptr<ast::FunctionDef> out = clone_function(fn);
  out->name = name;
  out->display_name = fn.name;
  out->captures = captured.size();
  std::vector<ast::Param> params;
  for (const std::string& c : captured) {
    ast::Param p;
    p.name = c;
    p.range = fn.name_range;
    params.push_back(std::move(p));
  }
  for (ast::Param& p : out->params) {
    p.default_value = nullptr; // evaluated where the def runs: the `$d_` captures
    params.push_back(std::move(p));
  }
  out->params = std::move(params);
  const ast::FunctionDef* def = out.get();
  functions_[name] = def;
  lambdas_.push_back(std::move(out));
  return def;
}

} // namespace pyscript::lower

namespace pyscript::lower {

// f.__name__ of a function value: the def's name, "<lambda>" for a lambda, "sqrt" for math.sqrt
// and "int" for the builtin (Note [Functions as values]).
Value* FunctionLowering::function_name_of(const Type& t, const SourceRange& r) {
  std::string name = t.function_name();
  if (const ast::FunctionDef* fn = module_.find_function(name)) name = python_name(*fn);
  else if (size_t dot = name.rfind('.'); dot != std::string::npos) name = name.substr(dot + 1);
  return const_str(name, r);
}

// The name CPython gives the function: a nested def's or bound method's own name, "<lambda>".
std::string python_name(const ast::FunctionDef& fn) {
  if (!fn.display_name.empty()) return fn.display_name;
  return fn.name.rfind("lambda$", 0) == 0 ? "<lambda>" : fn.name;
}

} // namespace pyscript::lower
