// Exceptions: the class tree, `raise`, exception values, and the guarding of statements in try
// regions (Note [Try regions] in lower/exceptions.hpp; the try statement itself: lower_try.cpp).
#include "lower/module_lowering.hpp"

#include "ir/clone.hpp"
#include "pyscript/runtime.h"

#include <tuple>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// --- the classes ---

ExceptionClasses::ExceptionClasses() {
#define PYRT_EXCEPTION_CLASS(ID, spelled, base)                                                    \
  classes_.push_back(                                                                              \
      {spelled, PYRT_EXC_##ID, PYRT_EXC_##ID == PYRT_EXC_##base ? -1 : PYRT_EXC_##base});
#include "pyscript/exception_classes.def"
#undef PYRT_EXCEPTION_CLASS
}

int ExceptionClasses::index(int id) const {
  for (size_t i = 0; i < classes_.size(); ++i)
    if (classes_[i].id == id) return int(i);
  return -1;
}

int ExceptionClasses::find(const std::string& name) const {
  for (const Class& c : classes_)
    if (c.name == name) return c.id;
  return -1;
}

int ExceptionClasses::add_user_class(const std::string& name, const std::string& base) {
  if (int existing = find(name); existing >= PYRT_EXC_FIRST_USER) return existing;
  int b = find(base);
  if (b < 0) return -1;
  int id = PYRT_EXC_FIRST_USER + int(classes_.size()) - PYRT_EXC_BUILTIN_COUNT;
  classes_.push_back({name, id, b});
  return id;
}

bool ExceptionClasses::is_subclass(int id, int base) const {
  for (int c = id; c >= 0;) {
    if (c == base) return true;
    int i = index(c);
    if (i < 0) return false;
    c = classes_[size_t(i)].base;
  }
  return false;
}

std::vector<int64_t> ExceptionClasses::subclasses(int id) const {
  std::vector<int64_t> out;
  for (const Class& c : classes_)
    if (is_subclass(c.id, id)) out.push_back(c.id);
  return out;
}

// --- exception values ---

// ValueError(arg): str(e) is str(arg) (repr for KeyError), repr(e) shows repr(arg).
Value* FunctionLowering::new_exception(int id, Value* arg, const SourceRange& r) {
  const ExceptionClasses& classes = exception_classes();
  std::vector<Value*> inputs;
  if (arg) {
    if (!printable(arg, r)) return nullptr;
    Value* repr = to_str(arg, true, r);
    inputs = {classes.str_is_repr(id) ? repr : to_str(arg, false, r), repr};
  }
  ir::Node* n = emit(OpKind::ExceptionNew, inputs, {Type::exception()}, r);
  n->set_attr("class", classes.name(id));
  n->set_attr("id", int64_t(id));
  return n->output();
}

// The registry, with the program's classes deriving from exception classes added in the class
// table's preorder (so their ids do not depend on where they are first used).
ExceptionClasses& FunctionLowering::exception_classes() {
  ExceptionClasses& classes = module_.exception_classes();
  if (!classes.has_user_classes) {
    classes.has_user_classes = true;
    for (const auto& c : module_.classes().all())
      if (c->is_exception) classes.add_user_class(c->name, c->base ? c->base->name : c->def->base);
  }
  return classes;
}

namespace {

// `super().__init__(...)` as a statement: its call.
const ast::Expr* super_init_call(const ast::Stmt& s) {
  if (s.kind != ast::StmtKind::Expr || s.value->kind != ast::ExprKind::Call) return nullptr;
  const ast::Expr& callee = *s.value->operands[0];
  if (callee.kind != ast::ExprKind::Attribute || callee.text != "__init__") return nullptr;
  const ast::Expr& super = *callee.operands[0];
  if (super.kind != ast::ExprKind::Call || super.operands.size() != 1 ||
      super.operands[0]->kind != ast::ExprKind::Name || super.operands[0]->text != "super")
    return nullptr;
  return s.value.get();
}

} // namespace

// Note [Exception classes of the program]
// `class ShapeError(ValueError): pass` makes exceptions, values of the type Exception with the
// class's id (Note [Exception values]); what CPython keeps of them is the argument given to
// Exception.__init__. So the class may have a docstring, `pass`, and an __init__ whose body is
// `super().__init__(message)` (with a docstring or pass around it): `ShapeError(dims)` then
// evaluates that message from the parameters. The __init__s chain as in CPython: a subclass's
// super().__init__(m) calls its base's __init__ with m, up to Exception's, which keeps it. An
// __init__ that does not call super().__init__ leaves the arguments of the constructor call as the
// exception's (BaseException.__new__ keeps them): its one positional argument is the message.
// Attributes, other methods and class constants make an object that is more than an exception:
// refused.
Value* FunctionLowering::new_user_exception(int id, const ast::Expr& call, Environment& env) {
  const ClassInfo* cls = module_.classes().find(exception_classes().name(id));
  for (const ClassInfo* c = cls; c; c = c->base) {
    if (!c->def->constants.empty() || c->def->methods.size() > 1 ||
        (c->def->methods.size() == 1 && c->def->methods[0]->name != "__init__")) {
      type_error(c->def->name_range,
                 "exception class '" + c->name +
                     "' has methods or class constants: only __init__ calling "
                     "super().__init__(message) is supported",
                 "keep what the exception says in its message");
      return nullptr;
    }
  }
  // The first __init__ at or above `c`, and its class.
  auto init_from = [](const ClassInfo* c) -> std::pair<const ClassInfo*, const ast::FunctionDef*> {
    for (; c; c = c->base)
      if (!c->def->methods.empty()) return {c, c->def->methods[0].get()};
    return {nullptr, nullptr};
  };
  std::vector<Value*> constructed; // the constructor call's positional arguments
  for (size_t i = 1; i < call.operands.size(); ++i) {
    Value* v = lower_expr(*call.operands[i], env);
    if (!v) return nullptr;
    constructed.push_back(v);
  }
  std::vector<Value*> args = constructed;
  const std::vector<ast::Keyword>* keywords = &call.keywords; // the first __init__'s only
  auto [owner, init] = init_from(cls);
  for (; init; std::tie(owner, init) = init_from(owner->base)) {
    const ast::Expr* super = nullptr;
    for (const ast::StmtPtr& st : init->body) {
      if (st->kind == ast::StmtKind::Pass ||
          (st->kind == ast::StmtKind::Expr && st->value->kind == ast::ExprKind::Str))
        continue;
      const ast::Expr* next = super_init_call(*st);
      if (!next || super || next->operands.size() > 2 || !next->keywords.empty()) {
        type_error(st->range,
                   "the __init__ of an exception class may only call super().__init__(message)",
                   "keep what the exception says in its message");
        return nullptr;
      }
      super = next;
    }
    // Bind the parameters as a call does (self aside), then evaluate the message from them.
    Environment params;
    const std::vector<ast::Param>& ps = init->params;
    if (args.size() + 1 > ps.size()) {
      type_error(call.range, owner->name + ".__init__() takes " + std::to_string(ps.size() - 1) + " arguments");
      return nullptr;
    }
    for (size_t i = 1; i < ps.size(); ++i) {
      Value* v = i - 1 < args.size() ? args[i - 1] : nullptr;
      for (const ast::Keyword& kw : *keywords)
        if (kw.name == ps[i].name && !(v = lower_expr(*kw.value, env))) return nullptr;
      if (!v && ps[i].default_value && !(v = lower_expr(*ps[i].default_value, params)))
        return nullptr;
      if (!v) {
        type_error(call.range, owner->name + ".__init__() is missing its argument '" + ps[i].name + "'");
        return nullptr;
      }
      params.define(ps[i].name, v, ps[i].range);
    }
    if (!super) { // Exception.__init__ never runs: the constructor's arguments stay
      if (constructed.size() > 1) {
        type_error(call.range,
                   "this exception keeps its " + std::to_string(constructed.size()) +
                       " constructor arguments as a tuple (its __init__ does not call super().__init__); "
                       "pyscript's exceptions hold one message",
                   "call super().__init__(message) in " + owner->name + ".__init__");
        return nullptr;
      }
      return new_exception(id, constructed.empty() ? nullptr : constructed[0], call.range);
    }
    static const std::vector<ast::Keyword> none;
    keywords = &none;
    args.clear();
    if (super->operands.size() == 2) {
      Value* m = lower_expr(*super->operands[1], params);
      if (!m) return nullptr;
      args.push_back(m);
    }
  }
  // Exception.__init__ keeps its argument.
  if (!keywords->empty() || args.size() > 1) {
    type_error(call.range, "an exception takes one argument (its message) in pyscript");
    return nullptr;
  }
  return new_exception(id, args.empty() ? nullptr : args[0], call.range);
}

// The ids `except` and isinstance test for `e` (a class name or a tuple of them, checked by the
// resolver: Note [Names of exception classes]); empty after a diagnostic.
std::vector<int64_t> FunctionLowering::exception_ids(const ast::Expr& e) {
  std::vector<int64_t> out;
  if (e.kind == ast::ExprKind::Tuple) {
    for (const ast::ExprPtr& op : e.operands) {
      std::vector<int64_t> more = exception_ids(*op);
      if (more.empty()) return {};
      out.insert(out.end(), more.begin(), more.end());
    }
    return out;
  }
  int id = e.kind == ast::ExprKind::Name ? exception_classes().find(e.text) : -1;
  if (id < 0) {
    if (!diags_.has_error_at(e.range))
      type_error(e.range, "this is not an exception class pyscript knows",
                 "name a class such as ValueError");
    return {};
  }
  return exception_classes().subclasses(id);
}

// ValueError("x") and isinstance(e, ValueError); false when `e` is no such call.
bool FunctionLowering::lower_exception_call(const ast::Expr& e, Environment& env, Value*& out) {
  const ast::Expr& callee = *e.operands[0];
  if (callee.kind != ast::ExprKind::Name || env.find(callee.text) ||
      local_names_.count(callee.text) || module_.find_function(callee.text))
    return false;
  if (callee.text == "isinstance" && e.operands.size() == 3 && e.keywords.empty()) {
    int first = e.operands[2]->kind == ast::ExprKind::Tuple && !e.operands[2]->operands.empty()
                    ? exception_classes().find(e.operands[2]->operands[0]->text)
                    : exception_classes().find(e.operands[2]->text);
    if (first < 0) return false; // not exception classes: another isinstance
    out = nullptr;
    Value* v = lower_expr(*e.operands[1], env);
    std::vector<int64_t> ids = exception_ids(*e.operands[2]);
    if (!v || ids.empty()) return true;
    if (!v->type().is(TypeKind::Exception)) { // isinstance(3, ValueError) is False in CPython
      out = const_bool(false, e.range);
      return true;
    }
    ir::Node* n = emit(OpKind::ExceptionMatches, {v}, {Type::bool_()}, e.range);
    n->set_attr("classes", ir::IntList(ids));
    out = n->output();
    return true;
  }
  int id = exception_classes().find(callee.text);
  if (id < 0) return false;
  out = nullptr;
  if (id >= PYRT_EXC_FIRST_USER) {
    out = new_user_exception(id, e, env);
    return true;
  }
  if (!e.keywords.empty()) {
    type_error(e.keywords[0].name_range, callee.text + "() takes no keyword arguments");
    return true;
  }
  if (e.operands.size() > 2) {
    type_error(e.range, "an exception with more than one argument is not supported",
               "pass one message: " + callee.text + "(f\"...\")");
    return true;
  }
  Value* arg = nullptr;
  if (e.operands.size() == 2 && !(arg = lower_expr(*e.operands[1], env))) return true;
  out = new_exception(id, arg, e.range);
  return true;
}

// raise E(...), raise E, raise e, and a bare raise in a handler (the exception it handles).
void FunctionLowering::lower_raise(const ast::Stmt& s, Environment& env) {
  Value* exc = nullptr;
  if (!s.value) {
    if (try_.handled.empty()) {
      type_error(s.range, "a bare 'raise' is supported only inside an 'except' clause",
                 "raise the exception by name: 'raise e'");
    } else {
      exc = try_.handled.back();
    }
  } else if (s.value->kind == ast::ExprKind::Name && !env.find(s.value->text) &&
             !local_names_.count(s.value->text) && exception_classes().find(s.value->text) >= 0) {
    exc =
        new_exception(exception_classes().find(s.value->text), nullptr, s.value->range); // raise E
  } else if ((exc = lower_expr(*s.value, env)) && !exc->type().is(TypeKind::Exception)) {
    type_error(s.value->range, "'raise' takes an exception, not a " + exc->type().to_string(),
               "raise an exception class's instance: 'raise ValueError(...)'");
    exc = nullptr;
  }
  if (exc && s.cause) { // raise e from cause: e.__cause__ (None, or an exception)
    Value* cause = lower_expr(*s.cause, env);
    Type optional = Type::optional(Type::exception());
    if (cause && !cause->type().is(TypeKind::Exception) && !cause->type().is(TypeKind::None) && cause->type() != optional) {
      type_error(s.cause->range, "'raise ... from' takes an exception or None, not a " + cause->type().to_string());
      cause = nullptr;
    }
    if (!cause) exc = nullptr;
    else emit(OpKind::ExceptionSetCause, {exc, object_cast(cause, optional, s.cause->range)}, {}, s.range);
  }
  if (exc) emit(OpKind::ExceptionRaise, {exc}, {}, s.range);
  env.terminated = env.returned_only = true; // what follows in this list never runs
}

// Note [Functions that never return]
// A function every path of which raises (`def forward(self, x): raise NotImplementedError`) returns
// no value; its return type is None, which would conflict with an override's float where a call
// dispatches between them. So the lowering records such functions (lower_body), and the value of a
// call of one is a value no one reads: where it meets another value (select, a method's dispatch),
// it takes the other's type, as an uninitialized value; a statement that is such a call ends its
// path, as a raise does.
void FunctionLowering::never_to(Value*& v, const Type& t, ir::Block* block) {
  ir::Block* saved = block_;
  block_ = block;
  v = uninitialized(t, v->producer() ? v->producer()->range() : SourceRange{});
  block_ = saved;
}

// --- regions ---

// Note [Try regions]: a statement in a region is lowered by `guarded`; the statement itself again
// inside it (guarding_), and the statements that cannot raise without one.
bool FunctionLowering::guard_statement(const ast::Stmt& s, Environment& env) {
  if (try_.regions.empty() || guarding_ == &s) return false;
  switch (s.kind) {
  case ast::StmtKind::Pass:
  case ast::StmtKind::Break:
  case ast::StmtKind::Continue:
  case ast::StmtKind::Import:
  case ast::StmtKind::ImportFrom:
  case ast::StmtKind::FunctionDef:
  case ast::StmtKind::Try:
    return false; // what raises in a try statement is guarded where it runs
  default:
    break;
  }
  const ast::Stmt* saved = guarding_;
  guarded(env, s.range, [&](Environment& e) {
    guarding_ = &s;
    lower_stmt(s, e);
  });
  guarding_ = saved;
  return true;
}

void FunctionLowering::guarded(Environment& env, const SourceRange& r,
                               const std::function<void(Environment&)>& fn) {
  if (try_.regions.empty()) return fn(env);
  ir::Node* t = emit(OpKind::Try, {}, {}, r);
  ir::Block* saved = block_;
  Environment normal = env;
  block_ = t->add_block();
  fn(normal);
  block_ = saved;
  if (!ir::may_raise_catchable(*t->block(0))) { // nothing to catch: no Try
    ir::move_nodes_before(*t->block(0), t);
    t->destroy();
    env = std::move(normal);
    return;
  }
  Environment raised = env;
  block_ = t->add_block();
  Value* caught = block_->add_param(Type::exception());
  raised.define(kRaised, const_bool(true, r), r);
  raised.define(kCaught, caught, r);
  block_ = saved;
  snapshot(raised, try_.regions.back().raise_prefix(), r,
           "an exception raised here reaches the handler before it is assigned");
  try_.regions.back().raised = true;
  // Left, but as a break does: a loop around may carry its values out (after_loop).
  raised.terminated = true;
  raised.returned_only = false;
  env = merge(t, std::move(normal), std::move(raised), r);
}

// Every name of the function as it is in `env`, under `prefix` (Note [Try regions]).
void FunctionLowering::snapshot(Environment& env, const std::string& prefix, const SourceRange& r,
                                const std::string& why) {
  std::set<std::string> names = local_names_;
  for (const auto& [name, b] : env.vars) {
    if (name[0] != '$')
      names.insert(name);
    else if (name.rfind(prefix, 0) == 0)
      names.insert(name.substr(prefix.size()));
  }
  for (const std::string& name : names) {
    Binding side;
    if (const Binding* b = env.find(name)) {
      side = *b;
    } else {
      side.state = Binding::State::MaybeUndefined;
      side.where = r;
      side.why = why;
    }
    env.vars[prefix + name] = side;
  }
}

// The environment of the paths on the side `prefix`: the names as the side holds them, and the
// other `$` names (the pending return value, the exception, other regions' sides) as `env` does;
// no exit flag (the caller sets what the paths continue with).
Environment FunctionLowering::side_env(const Environment& env, const std::string& prefix) {
  Environment out;
  for (const auto& [name, b] : env.vars) {
    if (name.rfind(prefix, 0) == 0)
      out.vars[name.substr(prefix.size())] = b;
    else if (name[0] == '$' && !is_exit_flag(name))
      out.vars[name] = b;
  }
  return out;
}

void FunctionLowering::erase_side(Environment& env, const std::string& prefix) {
  for (auto it = env.vars.begin(); it != env.vars.end();)
    it = it->first.rfind(prefix, 0) == 0 ? env.vars.erase(it) : std::next(it);
}

// A return, break or continue leaving a `finally` region records its exit side.
void FunctionLowering::note_exit(Environment& env, const ast::Stmt& s) {
  for (size_t k = try_.regions.size(); k-- > 0;) {
    TryRegion& region = try_.regions[k];
    if (!region.is_finally) continue;
    if (s.kind != ast::StmtKind::Return && region.loop_depth != try_.loop_depth)
      return; // stays in the loop
    snapshot(env, region.exit_prefix(), s.range,
             "the 'finally' runs after this exit, before it is assigned");
    region.exited = true;
    return;
  }
}

// After a loop in a region: where it raised or returned, the rest of its body was skipped, so its
// outputs are the values there (Note [Try regions]).
void FunctionLowering::after_loop(const ast::Stmt& s, Environment& env) {
  if (try_.regions.empty()) return;
  if (env.value_of(kRaised)) {
    snapshot(env, try_.regions.back().raise_prefix(), s.range,
             "an exception raised in the loop reaches the handler before it is assigned");
    try_.regions.back().raised = true;
  }
  if (!contains_return(s.body)) return;
  for (size_t k = try_.regions.size(); k-- > 0;) {
    if (!try_.regions[k].is_finally) continue;
    snapshot(env, try_.regions[k].exit_prefix(), s.range,
             "the 'finally' runs after the loop returns");
    try_.regions[k].exited = true;
    return;
  }
}

// A while loop's condition, evaluated again at the end of its body in a try region, where it may
// raise after the body's statements ran: guarded there (Note [Try regions]).
Value* FunctionLowering::while_condition_in_region(const ast::Stmt& s, Environment& inner,
                                                   Value* stop) {
  static const std::string kCond = "$cond";
  const SourceRange& r = s.value->range;
  Value* go_on = stop ? emit1(OpKind::Not, {stop}, Type::bool_(), r) : const_bool(true, r);
  inner.define(kCond, const_bool(false, r), r);
  Environment check = inner;
  check.terminated = false; // paths that ended in `continue` go on too
  branch(
      go_on, std::move(check), inner,
      [&](Environment& e) {
        guarded(e, r, [&](Environment& g) {
          Value* c = lower_condition(*s.value, g);
          g.define(kCond, c ? c : const_bool(false, r), r);
        });
      },
      [](Environment&) {}, r, inner);
  Value* next = inner.value_of(kCond);
  inner.vars.erase(kCond);
  return next ? next : const_bool(false, r);
}

// Comprehensions lower statements inside an expression: not a region's (Note [Try regions]).
FunctionLowering::SuspendedRegions::SuspendedRegions(FunctionLowering& f)
    : f_(f), regions_(std::move(f.try_.regions)) {
  f.try_.regions.clear();
}

FunctionLowering::SuspendedRegions::~SuspendedRegions() {
  f_.try_.regions = std::move(regions_);
}

} // namespace pyscript::lower
