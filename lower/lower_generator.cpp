// Generators -> IR, by inlining them where they are consumed (Note [Generators are inlined]).
#include "lower/module_lowering.hpp"

#include <utility>

namespace pyscript::lower {

using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Generators are inlined]
// A generator's call is compiled where a loop consumes it: `for x in pairs(xs)`, `for u, v, w in
// g.edges()`, `for x in obj` whose class's __iter__ is a generator, a comprehension's `for` clause
// over one, and list()/sorted()/set()/sum()/... of one (their argument is [v for v in gen()],
// lower_call_argument). The generator's body runs in the consumer's function, its parameters and
// locals renamed apart ($gN_name), and each `yield v` becomes "the loop's target = v, then the
// loop's body". That is the order CPython runs them in (the generator runs up to a yield, the
// body runs, the generator resumes after the yield), with no generator object and no frame.
//  - The body's `break` leaves the generator: it sets $gN_exit (and $gN_broke, which skips the
//    loop's `else`) and leaves a one-trip loop around the body; `if $gN_exit: break` after the
//    yield site and after each generator statement that holds one leaves the generator's loops,
//    up to a one-trip loop around the generator's whole body. The body's `continue` leaves the
//    one-trip loop around the body: the generator resumes. A bare `return` in the generator sets
//    $gN_exit and breaks the same way. The body's `return` is the consumer function's own.
//  - `yield from it` is `for $gN_yK in it: yield $gN_yK`, so a delegated generator is inlined in
//    turn; a generator that reaches itself again (recursion) is a diagnostic, as are a generator
//    called anywhere else (`g = gen()`, next(g)), a yield inside try (the loop's body would run
//    inside the generator's handlers), a def or lambda inside a generator (their bodies are not
//    renamed), and `return value` in one.
//  - A name the generator reads from the module, which a local of the consuming function hides,
//    is a diagnostic too: the inlined read would see the local.

namespace {

using Renames = std::map<std::string, std::string>;

ast::ExprPtr bool_expr(bool b, const SourceRange& r) {
  auto e = std::make_unique<ast::Expr>(ast::ExprKind::Bool, r);
  e->bool_value = b;
  return e;
}

ast::StmtPtr assign(ast::ExprPtr target, ast::ExprPtr value, const SourceRange& r) {
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, r);
  s->targets.push_back(std::move(target));
  s->value = std::move(value);
  return s;
}

ast::StmtPtr set_flag(const std::string& flag, const SourceRange& r) {
  return assign(name_expr(flag, r), bool_expr(true, r), r);
}

ast::StmtPtr break_stmt(const SourceRange& r) {
  return std::make_unique<ast::Stmt>(ast::StmtKind::Break, r);
}

// if FLAG: break
ast::StmtPtr break_if(const std::string& flag, const SourceRange& r) {
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::If, r);
  s->value = name_expr(flag, r);
  s->body.push_back(break_stmt(r));
  return s;
}

// while True: BODY; break
ast::StmtPtr one_trip(ast::StmtList body, const SourceRange& r) {
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::While, r);
  s->value = bool_expr(true, r);
  s->body = std::move(body);
  s->body.push_back(break_stmt(r));
  return s;
}

// What one inlining knows: the consumer's target and body, and the flags' names.
struct Inlining {
  const ast::Expr* target = nullptr;
  ast::StmtList body;    // the consumer's body, its own break/continue rewritten (consumer_body)
  bool body_breaks = false, body_continues = false;
  bool exits = false;    // $exit exists: the body breaks or the generator returns
  std::string prefix, exit, broke, counter;
  Renames renames;
  int temps = 0;
};

// The consumer's body with the break and continue that bind to its loop rewritten (not those of
// loops inside it, but those in such a loop's `else`).
ast::StmtList consumer_body(const ast::StmtList& body, Inlining& g) {
  ast::StmtList out;
  for (const ast::StmtPtr& s : body) {
    if (s->kind == ast::StmtKind::Break) {
      g.body_breaks = true;
      out.push_back(set_flag(g.exit, s->range));
      out.push_back(set_flag(g.broke, s->range));
      out.push_back(break_stmt(s->range));
      continue;
    }
    if (s->kind == ast::StmtKind::Continue) {
      g.body_continues = true;
      out.push_back(break_stmt(s->range));
      continue;
    }
    ast::StmtPtr c = clone_stmt(*s);
    if (s->kind == ast::StmtKind::If || s->kind == ast::StmtKind::Try) {
      std::vector<const ast::StmtList*> from = ast::nested_bodies(std::as_const(*s));
      std::vector<ast::StmtList*> to = ast::nested_bodies(*c);
      for (size_t i = 0; i < from.size(); ++i) *to[i] = consumer_body(*from[i], g);
    } else if (s->kind == ast::StmtKind::For || s->kind == ast::StmtKind::While) {
      c->orelse = consumer_body(s->orelse, g);
    }
    out.push_back(std::move(c));
  }
  return out;
}

// A generator statement that holds a yield or a return: it may set $exit.
bool may_set_exit(const ast::Stmt& s) {
  for (const ast::StmtList* b : ast::nested_bodies(s))
    if (ast::contains_yield(*b) || contains_return(*b)) return true;
  return false;
}

// `yield value`: the target takes it, the body runs, a break in it leaves the generator.
void yield_site(ast::ExprPtr value, const SourceRange& r, Inlining& g, ast::StmtList& out) {
  if (!g.counter.empty()) { // enumerate(gen(), start): target = (count, value); count += 1
    auto pair = std::make_unique<ast::Expr>(ast::ExprKind::Tuple, r);
    pair->operands.push_back(name_expr(g.counter, r));
    pair->operands.push_back(std::move(value));
    value = std::move(pair);
  }
  out.push_back(assign(clone_expr(*g.target), std::move(value), r));
  if (!g.counter.empty()) {
    auto next = std::make_unique<ast::Expr>(ast::ExprKind::Binary, r);
    next->binary_op = ast::BinaryOp::Add;
    next->operands.push_back(name_expr(g.counter, r));
    auto one = std::make_unique<ast::Expr>(ast::ExprKind::Int, r);
    one->int_value = 1;
    next->operands.push_back(std::move(one));
    out.push_back(assign(name_expr(g.counter, r), std::move(next), r));
  }
  ast::StmtList body;
  for (const ast::StmtPtr& s : g.body) body.push_back(clone_stmt(*s));
  if (g.body_breaks || g.body_continues) {
    out.push_back(one_trip(std::move(body), r));
  } else {
    for (ast::StmtPtr& s : body) out.push_back(std::move(s));
  }
  if (g.body_breaks) out.push_back(break_if(g.exit, r));
}

// The generator's statements, renamed, with their yields expanded.
ast::StmtList generator_body(const ast::StmtList& body, Inlining& g) {
  ast::StmtList out;
  for (const ast::StmtPtr& s : body) {
    const SourceRange& r = s->range;
    if (s->kind == ast::StmtKind::Yield && !s->delegates) {
      ast::ExprPtr v = s->value ? clone_expr(*s->value, g.renames)
                                : std::make_unique<ast::Expr>(ast::ExprKind::None, r);
      yield_site(std::move(v), r, g, out);
      continue;
    }
    if (s->kind == ast::StmtKind::Yield) { // yield from it: for $t in it: yield $t
      std::string t = g.prefix + "y" + std::to_string(g.temps++);
      auto loop = std::make_unique<ast::Stmt>(ast::StmtKind::For, r);
      loop->targets.push_back(name_expr(t, r));
      loop->value = clone_expr(*s->value, g.renames);
      yield_site(name_expr(t, r), r, g, loop->body);
      out.push_back(std::move(loop));
      if (g.exits) out.push_back(break_if(g.exit, r));
      continue;
    }
    if (s->kind == ast::StmtKind::Return) { // (a value was refused before)
      out.push_back(set_flag(g.exit, r));
      out.push_back(break_stmt(r));
      continue;
    }
    ast::StmtPtr c = clone_stmt(*s, g.renames);
    if (s->kind == ast::StmtKind::If || s->kind == ast::StmtKind::For ||
        s->kind == ast::StmtKind::While || s->kind == ast::StmtKind::Try) {
      bool sets_exit = may_set_exit(*s);
      if (sets_exit) {
        std::vector<const ast::StmtList*> from = ast::nested_bodies(std::as_const(*s));
        std::vector<ast::StmtList*> to = ast::nested_bodies(*c);
        for (size_t i = 0; i < from.size(); ++i) *to[i] = generator_body(*from[i], g);
      }
      out.push_back(std::move(c));
      if (sets_exit && g.exits) out.push_back(break_if(g.exit, r));
      continue;
    }
    out.push_back(std::move(c));
  }
  return out;
}

const ast::Stmt* first_yield(const ast::StmtList& body) {
  for (const ast::StmtPtr& s : body) {
    if (s->kind == ast::StmtKind::Yield) return s.get();
    if (s->kind == ast::StmtKind::FunctionDef || s->kind == ast::StmtKind::ClassDef) continue;
    for (const ast::StmtList* b : ast::nested_bodies(std::as_const(*s)))
      if (const ast::Stmt* y = first_yield(*b)) return y;
  }
  return nullptr;
}

// Whether a try in `body` holds a yield; a def, class or lambda in it; a `return value`.
const ast::Stmt* yield_in_try(const ast::StmtList& body) {
  for (const ast::StmtPtr& s : body) {
    if (s->kind == ast::StmtKind::Try && ast::contains_yield(s->body)) return s.get();
    for (const ast::StmtList* b : ast::nested_bodies(*s))
      if (const ast::Stmt* t = yield_in_try(*b)) return t;
  }
  return nullptr;
}

} // namespace

// Whether generator `fn`'s body calls a generator (by name: functions, and methods of any class)
// that reaches `fn` again: a recursive generator cannot be inlined.
bool FunctionLowering::reaches_itself(const ast::FunctionDef& fn) {
  std::set<const ast::FunctionDef*> seen;
  std::function<bool(const ast::FunctionDef&)> reaches = [&](const ast::FunctionDef& from) {
    bool found = false;
    ast::for_each_expr(
        from.body,
        [&](const ast::Expr& x) {
          if (found || x.kind != ast::ExprKind::Call) return;
          const ast::Expr& callee = *x.operands[0];
          std::vector<const ast::FunctionDef*> targets;
          if (callee.kind == ast::ExprKind::Name) {
            if (const ast::FunctionDef* f = module_.find_function(callee.text)) targets.push_back(f);
          } else if (callee.kind == ast::ExprKind::Attribute) {
            for (const auto& k : module_.classes().all())
              if (const ast::FunctionDef* m = module_.classes().method(*k, callee.text).first) targets.push_back(m);
          }
          for (const ast::FunctionDef* t : targets) {
            if (!ast::is_generator(*t)) continue;
            if (t == &fn) found = true;
            else if (seen.insert(t).second && reaches(*t)) found = true;
          }
        },
        false);
    return found;
  };
  return reaches(fn);
}

// Whether `e` may call a generator: a module-level generator function, or a method some class
// defines as a generator (the receiver's class is known once it is lowered).
bool FunctionLowering::may_call_generator(const ast::Expr& e, Environment& env) {
  if (e.kind != ast::ExprKind::Call) return false;
  const ast::Expr& callee = *e.operands[0];
  if (callee.kind == ast::ExprKind::Name) {
    if (env.find(callee.text) || local_names_.count(callee.text)) return false;
    const ast::FunctionDef* fn = module_.find_function(callee.text);
    return fn && ast::is_generator(*fn);
  }
  if (callee.kind != ast::ExprKind::Attribute) return false;
  for (const auto& k : module_.classes().all())
    if (const ast::FunctionDef* fn = module_.classes().method(*k, callee.text).first; fn && ast::is_generator(*fn))
      return true;
  return false;
}

// A generator's call reached lower_user_call, its parameters bound: recorded for the loop that asked
// for it (lower_generator_loop); anywhere else, a diagnostic.
Value* FunctionLowering::generator_called(const ast::FunctionDef& fn, const ast::Expr& e,
                                          const std::vector<Value*>& params) {
  GeneratorRequest* req = generator_request_;
  if (!req || req->call != &e) { // at the yield that makes it a generator, with the call as a note
    const ast::Stmt* first = first_yield(fn.body);
    Diagnostic& d = diags_.error(first ? first->range : fn.name_range, "unsupported",
                                 "'yield' makes '" + fn.name +
                                     "' a generator, which pyscript compiles only where a loop consumes it");
    d.notes.push_back({e.range, "this call uses the generator object itself"});
    d.help.push_back("iterate over it with 'for', a comprehension, or list(...), sorted(...), sum(...)");
    return nullptr;
  }
  if (req->fn || block_ != req->block) req->elsewhere = true; // chosen at run time
  req->fn = &fn;
  req->params = params;
  return const_none(e.range);
}

// for TARGET in ITER: BODY else: ELSE where ITER may call a generator (may_call_generator): true
// when lowered (Note [Generators are inlined]), else false with `value` set to ITER's value (null
// after a diagnostic) for the loop to go over. `counter_start`: enumerate(ITER, start)'s start.
bool FunctionLowering::lower_generator_loop(const ast::Stmt& s, const ast::Expr& iter,
                                            const ast::Expr* counter_start, Value*& value,
                                            Environment& env) {
  GeneratorRequest req;
  req.call = &iter;
  req.block = block_;
  GeneratorRequest* saved = generator_request_;
  generator_request_ = &req;
  value = lower_expr(iter, env);
  generator_request_ = saved;
  if (!req.fn) return false;
  if (req.elsewhere) {
    diags_.error(iter.range, "unsupported",
                 "this generator is chosen at run time (a subclass overrides it): pyscript inlines a "
                 "generator where a loop consumes it, and needs to know which one")
        .help.push_back("give the subclass's generator another name");
    poison_target(*s.targets[0], env);
    return true;
  }
  inline_generator(s, *req.fn, req.params, counter_start, env);
  return true;
}

// Whether objects of type `t` have a generator __iter__ (`for x in obj` inlines it).
bool FunctionLowering::has_generator_iter(const Type& t) const {
  const ClassInfo* cls = class_of(t);
  if (!cls) return false;
  const ast::FunctionDef* fn = module_.classes().method(*cls, "__iter__").first;
  return fn && ast::is_generator(*fn);
}

// `for x in obj` where obj's class has a generator __iter__ (obj lowered already): true when lowered.
bool FunctionLowering::lower_iter_generator_loop(const ast::Stmt& s, Value* object, Environment& env) {
  if (!has_generator_iter(object->type())) return false;
  const SourceRange& r = s.value->range;
  auto call = std::make_unique<ast::Expr>(ast::ExprKind::Call, r); // obj.__iter__()
  auto callee = std::make_unique<ast::Expr>(ast::ExprKind::Attribute, r);
  callee->operands.push_back(clone_expr(*s.value));
  callee->text = "__iter__";
  callee->text_range = r;
  call->operands.push_back(std::move(callee));
  GeneratorRequest req;
  req.call = call.get();
  req.block = block_;
  GeneratorRequest* saved = generator_request_;
  generator_request_ = &req;
  Value* v = call_method(object, "__iter__", *call, {}, env);
  generator_request_ = saved;
  synthetic_exprs_.push_back(std::move(call));
  if (!v || !req.fn || req.elsewhere) {
    if (v && req.elsewhere)
      diags_.error(r, "unsupported",
                   "this __iter__ generator is chosen at run time (a subclass overrides it): pyscript "
                   "inlines a generator where a loop consumes it, and needs to know which one");
    poison_target(*s.targets[0], env);
    return true;
  }
  inline_generator(s, *req.fn, req.params, nullptr, env);
  return true;
}

void FunctionLowering::inline_generator(const ast::Stmt& s, const ast::FunctionDef& fn,
                                        const std::vector<Value*>& params,
                                        const ast::Expr* counter_start, Environment& env) {
  const SourceRange& r = s.value->range;
  auto refuse = [&](const SourceRange& at, const std::string& message, const std::string& help) {
    diags_.error(at, "unsupported", message).help.push_back(help);
    poison_target(*s.targets[0], env);
  };
  if (module_.function_has_earlier_error(fn)) return poison_target(*s.targets[0], env);
  if (reaches_itself(fn) || inlining_.size() > 64)
      return refuse(r, "the generator '" + fn.name + "' reaches itself again (a recursive generator)",
                    "pyscript inlines a generator where a loop consumes it; build a list recursively instead");
  if (const ast::Stmt* t = yield_in_try(fn.body))
    return refuse(t->range, "'yield' inside 'try' is not supported by pyscript",
                  "yield after the try statement, or collect the values in a list");
  if (contains_return(fn.body, /*with_value=*/true))
    return refuse(fn.name_range, "a generator that returns a value is not supported by pyscript",
                  "write a bare 'return'");
  std::vector<const ast::FunctionDef*> nested;
  ast::collect_defined_functions(fn.body, nested);
  bool lambda = false;
  ast::for_each_expr(
      fn.body, [&](const ast::Expr& x) { lambda |= x.kind == ast::ExprKind::Lambda; }, false);
  if (!nested.empty() || lambda)
    return refuse(fn.name_range, "a def or lambda inside a generator is not supported by pyscript",
                  "define the function at the module level");

  int id = module_.new_origin();
  Inlining g;
  g.prefix = "$g" + std::to_string(id) + "_";
  g.exit = g.prefix + "exit";
  g.broke = g.prefix + "broke";
  g.target = s.targets[0].get();
  std::set<std::string> locals;
  for (const ast::Param& p : fn.params) locals.insert(p.name);
  ast::collect_assigned_names(fn.body, locals);
  for (const std::string& n : locals) g.renames[n] = g.prefix + n;
  // A module name the generator reads that a local of this function hides.
  if (!is_main_) {
    std::string clash;
    ast::for_each_expr(
        fn.body,
        [&](const ast::Expr& x) {
          if (x.kind == ast::ExprKind::Name && !locals.count(x.text) && local_names_.count(x.text) && clash.empty())
            clash = x.text;
        },
        false);
    if (!clash.empty())
      return refuse(r, "the generator '" + fn.name + "' reads the module's '" + clash +
                           "', which a local variable of this function hides",
                    "rename the local variable '" + clash + "'");
  }
  g.body = consumer_body(s.body, g);
  g.exits = g.body_breaks || contains_return(fn.body);
  if (counter_start) g.counter = g.prefix + "count";

  ast::StmtList stmts;
  ast::StmtList inner = generator_body(fn.body, g);
  if (g.exits) {
    stmts.push_back(assign(name_expr(g.exit, r), bool_expr(false, r), r));
    if (g.body_breaks) stmts.push_back(assign(name_expr(g.broke, r), bool_expr(false, r), r));
    stmts.push_back(one_trip(std::move(inner), r));
  } else {
    for (ast::StmtPtr& x : inner) stmts.push_back(std::move(x));
  }
  if (!s.orelse.empty()) {
    ast::StmtList orelse;
    for (const ast::StmtPtr& x : s.orelse) orelse.push_back(clone_stmt(*x));
    if (g.body_breaks) {
      auto guard = std::make_unique<ast::Stmt>(ast::StmtKind::If, r);
      auto not_broke = std::make_unique<ast::Expr>(ast::ExprKind::Unary, r);
      not_broke->unary_op = ast::UnaryOp::Not;
      not_broke->operands.push_back(name_expr(g.broke, r));
      guard->value = std::move(not_broke);
      guard->body = std::move(orelse);
      stmts.push_back(std::move(guard));
    } else {
      for (ast::StmtPtr& x : orelse) stmts.push_back(std::move(x));
    }
  }

  if (counter_start) {
    Value* start = lower_expr(*counter_start, env);
    if (!start) return poison_target(*s.targets[0], env);
    env.define(g.counter, start, r);
  }
  for (size_t i = 0; i < fn.params.size() && i < params.size(); ++i)
    env.define(g.prefix + fn.params[i].name, params[i], r);
  inlining_.push_back(&fn);
  lower_synthetic(std::move(stmts), g.prefix, r, env); // the renamed names exist only there
  inlining_.pop_back();
}

} // namespace pyscript::lower
