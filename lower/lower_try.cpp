// try/except/else/finally (Note [Try regions] in lower/exceptions.hpp).
#include "lower/module_lowering.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

const std::string* const kExitFlags[] = {&kReturned, &kBroke, &kContinued};

} // namespace

// If(cond) { then_fn(then_env) } else { else_fn(else_env) }, the paths merged into env.
void FunctionLowering::branch(Value* cond, Environment then_env, Environment else_env,
                              const std::function<void(Environment&)>& then_fn,
                              const std::function<void(Environment&)>& else_fn,
                              const SourceRange& r, Environment& env) {
  ir::Node* node = emit(OpKind::If, {cond}, {}, r);
  ir::Block* saved = block_;
  block_ = node->add_block();
  then_fn(then_env);
  block_ = node->add_block();
  else_fn(else_env);
  block_ = saved;
  env = merge(node, std::move(then_env), std::move(else_env), r);
}

// `fn` on the paths where no exit flag is set; the others skip it (as lower_stmts does).
void FunctionLowering::unless_exiting(Environment& env, const SourceRange& r,
                                      const std::function<void(Environment&)>& fn) {
  Value* exit = exiting(env, r);
  if (!exit) return fn(env);
  Environment skipped = env;
  skipped.terminated = true;
  skipped.returned_only = !env.find(kBroke) && !env.find(kContinued) && !env.find(kRaised);
  branch(
      emit1(OpKind::Not, {exit}, Type::bool_(), r), env, std::move(skipped), fn,
      [](Environment&) {}, r, env);
}

void FunctionLowering::lower_try(const ast::Stmt& s, Environment& env) {
  if (s.finalbody.empty()) {
    lower_try_except(s, env);
  } else {
    try_.regions.push_back({try_.next_id++, /*is_finally=*/true, try_.loop_depth});
    lower_try_except(s, env);
    TryRegion fin = try_.regions.back();
    try_.regions.pop_back();
    lower_finally(s, fin, env);
    erase_side(env, fin.raise_prefix());
    erase_side(env, fin.exit_prefix());
  }
  if (try_.regions.empty()) { // nothing pending reads them any more: every raise left the function
    env.vars.erase(kRaised);
    env.vars.erase(kCaught);
  }
}

// The body in its region, then the handlers on the paths that raised and the else clause on those
// that went on.
void FunctionLowering::lower_try_except(const ast::Stmt& s, Environment& env) {
  if (s.handlers.empty()) { // try/finally: the body is in the finally's region
    lower_stmts(s.body, 0, env);
    return;
  }
  try_.regions.push_back({try_.next_id++, /*is_finally=*/false, try_.loop_depth});
  Value* raised_before = env.value_of(kRaised);
  Environment body = env;
  lower_stmts(s.body, 0, body);
  TryRegion region = try_.regions.back();
  try_.regions.pop_back();
  Value* raised = body.value_of(kRaised);
  if (!region.raised || !raised || raised == raised_before) {
    // Nothing in the body raises what a handler catches: the handlers never run (and, as in
    // CPython, nothing in them is checked at run time).
    erase_side(body, region.raise_prefix());
    body.vars.erase(kRaised);
    env = std::move(body);
    if (!s.orelse.empty() && !env.terminated)
      unless_exiting(env, s.range, [&](Environment& e) { lower_stmts(s.orelse, 0, e); });
    return;
  }
  Environment handled = side_env(body, region.raise_prefix());
  handled.terminated = handled.returned_only = false;
  erase_side(body, region.raise_prefix());
  body.vars.erase(kRaised);
  branch(
      raised, std::move(handled), std::move(body), [&](Environment& e) { lower_handlers(s, 0, e); },
      [&](Environment& e) {
        if (!s.orelse.empty() && !e.terminated)
          unless_exiting(e, s.range, [&](Environment& rest) { lower_stmts(s.orelse, 0, rest); });
      },
      s.range, env);
}

// Handler i and the ones after it, on the paths whose exception no earlier one matched.
void FunctionLowering::lower_handlers(const ast::Stmt& s, size_t i, Environment& env) {
  if (i == s.handlers.size()) { // none matches: the exception goes on
    env.define(kRaised, const_bool(true, s.range), s.range);
    reraise(env, s.range);
    return;
  }
  const ast::ExceptHandler& h = s.handlers[i];
  Value* exc = env.value_of(kCaught);
  Value* match;
  if (!h.type) {
    match = const_bool(true, h.range);
  } else if (std::vector<int64_t> ids = exception_ids(*h.type); !ids.empty()) {
    ir::Node* n = emit(OpKind::ExceptionMatches, {exc}, {Type::bool_()}, h.type->range);
    n->set_attr("classes", ir::IntList(ids));
    match = n->output();
  } else {
    match = const_bool(false, h.range); // reported
  }
  branch(
      match, env, env,
      [&](Environment& e) {
        e.vars.erase(kRaised); // handled
        if (!h.name.empty()) e.define(h.name, exc, h.name_range);
        try_.handled.push_back(exc);
        lower_stmts(h.body, 0, e);
        try_.handled.pop_back();
        if (!h.name.empty() && e.find(h.name)) { // Python deletes it at the end of the clause
          Binding gone;
          gone.state = Binding::State::MaybeUndefined;
          gone.where = h.name_range;
          gone.why = "Python deletes '" + h.name + "' at the end of its 'except' clause";
          e.vars[h.name] = gone;
        }
      },
      [&](Environment& e) { lower_handlers(s, i + 1, e); }, h.range, env);
}

// The exception in $exc goes on from here: to the enclosing region (its flag stays set), or out of
// the function.
void FunctionLowering::reraise(Environment& env, const SourceRange& r) {
  if (try_.regions.empty()) {
    emit(OpKind::ExceptionRaise, {env.value_of(kCaught)}, {}, r); // keeps where it was raised first
    env.vars.erase(kRaised);
    env.terminated = env.returned_only = true;
  } else {
    snapshot(env, try_.regions.back().raise_prefix(), r,
             "an exception raised here reaches the handler before it is assigned");
    try_.regions.back().raised = true;
    env.terminated = true; // as a break: a loop around may carry its values out (after_loop)
    env.returned_only = false;
  }
}

// The finally body once per kind of path into it: normal, exception pending, exit pending (Note
// [Try regions]).
void FunctionLowering::lower_finally(const ast::Stmt& s, const TryRegion& fin, Environment& env) {
  const SourceRange& r = s.range;
  Value* raised = fin.raised ? env.value_of(kRaised) : nullptr;
  Value* exits = nullptr;
  std::map<const std::string*, Value*> pending; // the exit flags the exit paths carry
  if (fin.exited)
    for (const std::string* flag : kExitFlags)
      if (Value* v = env.value_of(*flag)) {
        pending[flag] = v;
        exits = exits ? emit1(OpKind::Or, {exits, v}, Type::bool_(), r) : v;
      }
  auto normal_copy = [&](Environment& e) {
    e.vars.erase(kRaised);
    for (const std::string* flag : kExitFlags)
      e.vars.erase(*flag);
    if (!e.terminated) lower_stmts(s.finalbody, 0, e);
  };
  auto raised_copy = [&](Environment& e) {
    e = side_env(e, fin.raise_prefix());
    Value* pending_exc = e.value_of(kCaught); // a try in the finally body may set $exc
    lower_stmts(s.finalbody, 0, e);
    if (e.terminated) return; // the finally left: the exception is dropped, as in CPython
    auto go_on = [&](Environment& g) {
      g.define(kRaised, const_bool(true, r), r);
      g.define(kCaught, pending_exc, r);
      reraise(g, r);
    };
    // The exception goes on where the finally's own exit or raise did not replace it (a raise
    // there may reach a handler around a loop: not gone, as a break).
    auto keep = [](Environment& k) {
      k.terminated = true;
      k.returned_only = false;
    };
    if (Value* left = exiting(e, r))
      branch(left, e, e, keep, go_on, r, e);
    else
      go_on(e);
  };
  auto exit_copy = [&](Environment& e) {
    e = side_env(e, fin.exit_prefix());
    lower_stmts(s.finalbody, 0, e);
    if (e.terminated) return;
    Value* left = exiting(e, r); // the finally's own exit or raise replaces the pending exit
    Value* keep = left ? emit1(OpKind::Not, {left}, Type::bool_(), r) : nullptr;
    for (const auto& [flag, v] : pending) {
      Value* own = e.value_of(*flag);
      Value* goes = keep ? emit1(OpKind::BitAnd, {keep, v}, Type::bool_(), r) : v;
      e.define(*flag, own ? emit1(OpKind::Or, {own, goes}, Type::bool_(), r) : goes, r);
    }
    e.terminated = true;
    e.returned_only = !pending.count(&kBroke) && !pending.count(&kContinued);
    // Leaving an enclosing finally region too: its exit side (a break stays in the loop).
    for (size_t k = try_.regions.size(); k-- > 0;) {
      TryRegion& outer = try_.regions[k];
      if (!outer.is_finally) continue;
      if (pending.count(&kReturned) || outer.loop_depth == try_.loop_depth) {
        snapshot(e, outer.exit_prefix(), r,
                 "the 'finally' runs after this exit, before it is assigned");
        outer.exited = true;
      }
      break;
    }
  };
  if (!raised && !exits) return normal_copy(env);
  size_t diagnostics_before = diags_.all().size(); // each copy reports the same problems
  Value* any = raised && exits ? emit1(OpKind::Or, {raised, exits}, Type::bool_(), r)
               : raised        ? raised
                               : exits;
  branch(
      any, env, env,
      [&](Environment& e) {
        if (raised && exits)
          branch(raised, e, e, raised_copy, exit_copy, r, e);
        else if (raised)
          raised_copy(e);
        else
          exit_copy(e);
      },
      normal_copy, r, env);
  diags_.drop_repeats_since(diagnostics_before);
}

} // namespace pyscript::lower
