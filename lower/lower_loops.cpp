// Loops -> IR: for over ranges, sequences, arrays and tuples; while; break, continue and else
// (Note [Exit flags]; the sequences themselves: lower_sequence_loop.cpp).
#include "lower/module_lowering.hpp"

#include "support/internal_error.hpp"

#include <climits>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// Whether the function reads `name` outside the loop `s` (somewhere after it).
bool read_outside(const ast::StmtList* function_body, const ast::Stmt& s, const std::string& name) {
  int total = 0, inside = 0;
  auto count = [&](int& n) { return [&n, &name](const ast::Expr& x) { n += x.kind == ast::ExprKind::Name && x.text == name; }; };
  if (function_body) ast::for_each_expr(*function_body, count(total), /*into_functions=*/false);
  ast::for_each_expr(*s.value, count(inside));
  ast::for_each_expr(s.body, count(inside), false);
  ast::for_each_expr(s.orelse, count(inside), false);
  return total > inside;
}

} // namespace

// The `else` of a for or while loop: it runs when the loop ended without a break ($loopbroke,
// carried by the loop: lower_loop_once).
// A loop over a dict that ended without a break asked its iterator once more: CPython raises there
// too when the dict changed size in the last iteration (Note [Loops over sequences]).
void FunctionLowering::lower_loop_else(const ast::Stmt& s, Environment& env, const LoopOver& over) {
  if (s.orelse.empty() && over.dicts.empty() && over.sets.empty()) return;
  Value* broke = env.value_of(kLoopBroke);
  env.vars.erase(kLoopBroke);
  if (!broke) broke = const_bool(false, s.range);
  if (env.terminated) return;
  if (!over.dicts.empty() || !over.sets.empty()) {
    Value* left = broke;
    if (Value* returned = env.value_of(kReturned)) left = emit1(OpKind::Or, {left, returned}, Type::bool_(), s.range);
    branch(left, env, env, [](Environment&) {}, [&](Environment& e) {
      guarded(e, over.iterable, [&](Environment&) { // Note [Try regions]: after the loop's statements
        for (const auto& [d, version] : over.dicts) emit(OpKind::DictCheck, {d, version}, {}, over.iterable);
        for (const auto& [set, length] : over.sets) emit(OpKind::SetCheck, {set, length}, {}, over.iterable);
      });
    }, s.range, env);
  }
  static const ast::StmtList none;
  if (!s.orelse.empty()) lower_branches(broke, none, s.orelse, s.range, env);
}

// --- loops ---

void FunctionLowering::lower_for(const ast::Stmt& s, Environment& env) {
  const ast::Expr& iter = *s.value;
  auto call_of = [&](const char* name) {
    return iter.kind == ast::ExprKind::Call && iter.operands[0]->kind == ast::ExprKind::Name &&
           iter.operands[0]->text == name && !env.find(name) && !module_.find_function(name);
  };
  bool is_range = call_of("range");
  Value* v = nullptr; // the iterable, when lower_generator_loop lowered it and it is no generator
  bool lowered = false;
  if (may_call_generator(iter, env)) { // Note [Generators are inlined] (lower_generator.cpp)
    if (lower_generator_loop(s, iter, nullptr, v, env)) return;
    if (!v) return poison_target(*s.targets[0], env);
    lowered = true;
  }
  if (call_of("enumerate") && iter.operands.size() >= 2 && iter.operands.size() <= 3 &&
      may_call_generator(*iter.operands[1], env)) { // enumerate(gen(), start)
    const ast::Expr* start = iter.operands.size() == 3 ? iter.operands[2].get() : nullptr;
    for (const ast::Keyword& k : iter.keywords)
      if (k.name == "start" && !start) start = k.value.get();
    if (!start) {
      auto zero = std::make_unique<ast::Expr>(ast::ExprKind::Int, iter.range);
      start = zero.get();
      synthetic_exprs_.push_back(std::move(zero));
    }
    Value* held = nullptr;
    if (lower_generator_loop(s, *iter.operands[1], start, held, env)) return;
    if (held) type_error(iter.range, "enumerate() of this call is not supported by pyscript");
    return poison_target(*s.targets[0], env);
  }
  if (call_of("reversed") && iter.operands.size() == 2 && iter.keywords.empty() && is_range_call(*iter.operands[1], env)) {
    Value *trips, *first, *step; // Note [Ranges without a range object] (lower_range.cpp)
    if (!reversed_range(*iter.operands[1], env, trips, first, step)) return poison_target(*s.targets[0], env);
    lower_loop(s, env, trips, const_bool(true, s.range), first, step, nullptr);
    return;
  }
  if (!is_range) {
    // enumerate(seq[, start]), zip(a, b, ...), reversed(seq): loops over sequences (lower_sequence_loop)
    if (call_of("zip") && iter.keywords.size() == 1 && iter.keywords[0].name == "*")
      return lower_zip_star(s, env); // zip(*rows): Note [zip of a starred list]
    if (!lowered && (call_of("enumerate") || call_of("zip"))) { // enumerate(seq, start=k) too
      bool start_only = iter.keywords.size() == 1 && iter.keywords[0].name == "start" && call_of("enumerate");
      if (!iter.keywords.empty() && !start_only) {
        type_error(iter.keywords[0].name_range, "'" + iter.keywords[0].name + "' is not an argument of " +
                                                    (call_of("zip") ? "zip()" : "enumerate()") + " in pyscript");
        return poison_target(*s.targets[0], env);
      }
      lower_sequence_loop(s, env, call_of("enumerate") ? "enumerate" : "zip");
      return;
    }
    if (!lowered && iter.kind == ast::ExprKind::Name) // (lower_call_argument would make it a list)
      if (Value* held = env.value_of(iter.text); held && has_generator_iter(held->type())) {
        v = lower_expr(iter, env);
        lowered = true;
      }
    if (!lowered) v = lower_call_argument(iter, env); // (reversed(xs): consumed by the loop)
    if (v && lower_iter_generator_loop(s, v, env)) return; // obj with a generator __iter__
    if (v && v->type().is(TypeKind::Array) && v->type().rank() > 0) {
      // Over the first axis: the target is a[i].
      ir::Node* dim = emit(OpKind::ArrayDim, {v}, {Type::int_()}, iter.range);
      dim->set_attr("axis", int64_t(0));
      lower_loop(s, env, dim->output(), const_bool(true, s.range), nullptr, nullptr, v);
      return;
    }
    if (v && v->type().is(TypeKind::Tuple)) { // for ppm in (5, 10): (lower_sequence_loop.cpp)
      if (Value* list = tuple_as_list(v, iter.range)) v = list;
      else if (lower_unrolled_tuple_loop(s, v, env)) return; // Note [Loops over tuples of several types]
    }
    if (v && (v->type().is(TypeKind::List) || v->type().is(TypeKind::Str) || v->type().is(TypeKind::Dict) ||
              v->type().is(TypeKind::Set))) {
      loop_over_ = LoopOver{};
      loop_over_.sequences = {v};
      lower_sequence_loop_over(s, env);
      return;
    }
    if (v) type_error(iter.range, "a 'for' loop over a " + v->type().to_string() +
                                      " is not supported",
                      v->type().is(TypeKind::Tuple)
                          ? "its elements have several types, and the loop variable has one"
                          : "loop over range(...), a list, a dict, a str, a tuple or the first axis of an array");
    poison_target(*s.targets[0], env);
    return;
  }
  Value *start, *stop, *step;
  if (!range_bounds(iter, env, start, stop, step)) return poison_target(*s.targets[0], env);
  Value* trips = emit1(OpKind::RangeLength, {start, stop, step}, Type::int_(), iter.range);
  // Note [A loop target after an empty loop]
  // `for i in range(n): ...` then `i + 1` after the loop: CPython's i is unbound when the loop ran
  // no iteration (UnboundLocalError at the read). In a function, a range loop's target that nothing
  // defined before the loop is defined before it as 0 with a hidden flag "$bound_i" = False that
  // every assignment of i sets (bind_target), when the function reads i outside the loop; a read of
  // i where the flag is not known to be True raises CPython's UnboundLocalError (lower_name). In
  // the body the flag is the constant True, so reads there cost nothing.
  if (const ast::Expr& t = *s.targets[0];
      !is_main_ && t.kind == ast::ExprKind::Name && !env.find(t.text) && read_outside(body_, s, t.text)) {
    std::string flag = "$bound_" + t.text;
    env.define(t.text, const_int(0, t.range), t.range);
    env.define(flag, const_bool(false, t.range), t.range);
    unbound_flags_[t.text] = flag;
  }
  lower_loop(s, env, trips, const_bool(true, s.range), start, step, nullptr, peelable_trips(s, start, stop, step));
}

void FunctionLowering::lower_while(const ast::Stmt& s, Environment& env) {
  Value* first = lower_condition(*s.value, env);
  if (!first) return;
  if (std::optional<bool> known = constant_condition(first); known && !*known) {
    lower_stmts(s.orelse, 0, env); // the body never runs (Note [Branches the types decide])
    return;
  }
  lower_loop(s, env, const_int(INT64_MAX, s.range), first, nullptr, nullptr, nullptr);
}

// The Loop node of a for (start/step set: the target is start + i * step) or while loop. When the
// body turns a carried Python number into a numpy scalar, the loop is lowered again with that name
// an Either from the start (Note [Python and numpy scalars meet]); widening only grows, so twice
// suffices unless loops nest.
void FunctionLowering::lower_loop(const ast::Stmt& s, Environment& env, Value* trip_count,
                                  Value* first_cond, Value* start, Value* step, Value* over_array,
                                  std::optional<int64_t> peel) {
  LoopOver over = loop_over_;
  if (!s.orelse.empty() || !over.dicts.empty()) env.define(kLoopBroke, const_bool(false, s.range), s.range);
  for (int round = 0;; ++round) {
    loop_over_ = over;
    Environment before = env;
    size_t diagnostics_before = diags_.all().size();
    std::optional<Type> return_before = return_type_;
    std::map<std::string, Type> widen;
    // Types the body assigns to each name, even where the assignment's path later fails to type
    // (`s = None` before the loop, `s = s + w` in it): a None start widens to an Optional.
    std::map<std::string, std::vector<Type>> seen, *outer_seen = assigned_seen_;
    assigned_seen_ = &seen;
    bool outer_conflict = carried_conflict_;
    carried_conflict_ = false;
    ir::Node* loop = lower_loop_once(s, env, trip_count, first_cond, start, step, over_array,
                                     round < 4 ? &widen : nullptr);
    bool conflict = carried_conflict_;
    carried_conflict_ = outer_conflict;
    assigned_seen_ = outer_seen;
    if (outer_seen)
      for (const auto& [name, types] : seen) (*outer_seen)[name].insert((*outer_seen)[name].end(), types.begin(), types.end());
    if (widen.empty() && peel) { // Note [Peeling a loop's first iteration]
      bool undefined_after = false;
      for (const auto& [name, b] : env.vars)
        undefined_after = undefined_after || (b.state == Binding::State::MaybeUndefined && !before.find(name) &&
                                              read_outside(body_, s, name));
      if (conflict || undefined_after) {
        loop->destroy();
        diags_.truncate(diagnostics_before);
        return_type_ = return_before;
        env = before;
        return lower_peeled_loop(s, env, *peel, start, step);
      }
    }
    if (widen.empty()) {
      after_loop(s, env); // Note [Try regions]
      return lower_loop_else(s, env, over);
    }
    loop->destroy();
    diags_.truncate(diagnostics_before);
    return_type_ = return_before;
    env = before;
    for (const auto& [name, t] : widen) env.vars[name].value = to_either(env.value_of(name), t, s.range);
  }
}

ir::Node* FunctionLowering::lower_loop_once(const ast::Stmt& s, Environment& env, Value* trip_count,
                                            Value* first_cond, Value* start, Value* step, Value* over_array,
                                            std::map<std::string, Type>* widen) {
  bool over_sequences = !loop_over_.sequences.empty();
  LoopOver over = std::move(loop_over_);
  loop_over_ = LoopOver{};
  bool is_for = start != nullptr || over_array != nullptr || over_sequences;
  // Carried: names the body assigns that exist before the loop, and the exit flags of `return`.
  std::set<std::string> assigned;
  ast::collect_assigned_names(s.body, assigned);
  if (is_for) ast::collect_assigned_names(*s.targets[0], assigned);
  for (const auto& [var, flag] : unbound_flags_) // Note [A loop target after an empty loop]
    if (assigned.count(var)) assigned.insert(flag);
  bool track_break = !s.orelse.empty() || !over.dicts.empty();
  if (track_break) assigned.insert(kLoopBroke);
  bool has_return = contains_return(s.body);
  bool may_raise = !try_.regions.empty(); // a raise leaves the loop (Note [Try regions])
  if (may_raise) {
    if (!env.find(kRaised)) env.define(kRaised, const_bool(false, s.range), s.range);
    if (!env.find(kCaught)) env.define(kCaught, uninitialized(Type::exception(), s.range), s.range);
  }
  if (has_return) {
    if (!env.find(kReturned)) env.define(kReturned, const_bool(false, s.range), s.range);
    if (!env.find(kReturnValue))
      env.define(kReturnValue, uninitialized(return_type_.value_or(Type::unknown()), s.range),
                 s.range);
  }
  std::vector<std::string> carried;
  for (const auto& [name, binding] : env.vars) {
    bool flag = name == kReturned || name == kReturnValue;
    bool raise_flag = name == kRaised || name == kCaught;
    if ((flag && has_return) || (raise_flag && may_raise) ||
        (!flag && !raise_flag && assigned.count(name) && !is_exit_flag(name)))
      if (binding.state == Binding::State::Defined) carried.push_back(name);
  }
  std::vector<Value*> inputs{trip_count, first_cond};
  for (const std::string& name : carried) inputs.push_back(env.value_of(name));
  ir::Node* loop = emit(OpKind::Loop, inputs, {}, s.range);
  ir::Block* body = loop->add_block();
  Value* iteration = body->add_param(Type::int_());
  iteration->set_name_hint("i");

  // The body's environment: the loop's own break/continue flags start unset.
  Environment inner = env;
  inner.vars.erase(kBroke);
  inner.vars.erase(kContinued);
  inner.terminated = inner.returned_only = false;
  for (const std::string& name : carried) {
    Value* p = body->add_param(env.value_of(name)->type());
    if (!is_exit_flag(name) && name != kReturnValue) p->set_name_hint(name);
    inner.vars[name].value = p;
  }
  ir::Block* saved = block_;
  block_ = body;
  bool element_raised = false;
  if (over_sequences) {
    // A dict iterated over is checked at each step, after the statements of the step before.
    Value* raised_before = inner.value_of(kRaised);
    guarded(inner, s.targets[0]->range, [&](Environment& e) {
      bind_target(*s.targets[0], loop_element(over, iteration, s.targets[0]->range), e);
    });
    element_raised = inner.value_of(kRaised) != raised_before;
  } else if (over_array) {
    const Type& t = over_array->type();
    ir::Node* row = emit(OpKind::ArrayIndex, {over_array, iteration},
                         {Type::array(t.dtype(), t.rank() - 1)}, s.targets[0]->range);
    row->set_attr("spec", ir::IntList{ir::kIndexInt});
    bind_target(*s.targets[0], row->output(), inner);
  } else if (is_for) {
    // start + i * step for i below range_length(start, stop, step): between start and stop, so
    // neither op can leave 64 bits (nowrap: no overflow check).
    ir::Node* offset = emit(OpKind::Mul, {iteration, step}, {Type::int_()}, s.targets[0]->range);
    offset->set_attr("nowrap", true);
    ir::Node* target_node = emit(OpKind::Add, {start, offset->output()}, {Type::int_()}, s.targets[0]->range);
    target_node->set_attr("nowrap", true);
    Value* target = target_node->output();
    bind_target(*s.targets[0], target, inner);
  }
  if (!is_for) refine(*s.value, true, inner); // while node is not None: (Note [Refining Optionals])
  loop_assigned_.push_back(assigned); // Note [Closures]
  ++try_.loop_depth;
  if (element_raised) unless_exiting(inner, s.range, [&](Environment& e) { lower_stmts(s.body, 0, e); });
  else lower_stmts(s.body, 0, inner);
  --try_.loop_depth;
  loop_assigned_.pop_back();

  // Continue while no break/return happened and, for while, the condition holds.
  Value* stop = nullptr;
  for (const std::string* flag : {&kBroke, &kReturned, &kRaised}) {
    Value* v = inner.value_of(*flag);
    if (v) stop = stop ? emit1(OpKind::Or, {stop, v}, Type::bool_(), s.range) : v;
  }
  Value* next_cond;
  if (is_for) {
    next_cond = stop ? emit1(OpKind::Not, {stop}, Type::bool_(), s.range) : const_bool(true, s.range);
    // Lists are read up to their length at each step, as CPython's iterator does.
    if (over_sequences) next_cond = emit1(OpKind::BitAnd, {next_cond, loop_more(over, iteration, s.range)}, Type::bool_(), s.range);
  } else if (may_raise) {
    next_cond = while_condition_in_region(s, inner, stop); // exceptions.cpp
  } else {
    // Evaluate the condition again only on paths that go on.
    Value* go_on = stop ? emit1(OpKind::Not, {stop}, Type::bool_(), s.range) : const_bool(true, s.range);
    ir::Node* again = emit(OpKind::If, {go_on}, {Type::bool_()}, s.value->range);
    ir::Block* outer = block_;
    block_ = again->add_block();
    Environment for_cond = inner;
    // (Paths that ended in `continue` go on too: `terminated` does not mean they left the loop.)
    for_cond.terminated = false;
    Value* c = lower_condition(*s.value, for_cond);
    if (!c) c = const_bool(false, s.range);
    block_->return_node()->add_input(c);
    block_ = again->add_block();
    block_->return_node()->add_input(const_bool(false, s.range));
    block_ = outer;
    next_cond = again->output();
  }
  body->return_node()->add_input(next_cond);
  if (track_break) { // for/while ... else, loops over dicts: whether a break ended the loop
    Value* broke = inner.value_of(kBroke);
    inner.define(kLoopBroke, broke ? broke : const_bool(false, s.range), s.range);
  }

  if (widen) {
    for (size_t k = 0; k < carried.size(); ++k) {
      const Binding* b = inner.find(carried[k]);
      const Type& want = body->param(k + 1)->type();
      if (b && b->state == Binding::State::Defined && b->value->type() != want &&
          !want.is(TypeKind::Unknown) && !b->value->type().is(TypeKind::Unknown))
        if (std::optional<Type> e = either_of(want, b->value->type()); e && *e != want) (*widen)[carried[k]] = *e;
      if (want.is(TypeKind::None) && assigned_seen_ && !widen->count(carried[k]))
        for (const Type& t : (*assigned_seen_)[carried[k]])
          if (std::optional<Type> e = either_of(want, t); e && e->is(TypeKind::Optional)) (*widen)[carried[k]] = *e;
    }
    if (!widen->empty()) {
      block_ = saved;
      return loop;
    }
  }
  // Carried values at the end of the body.
  for (size_t k = 0; k < carried.size(); ++k) {
    const std::string& name = carried[k];
    Value* param = body->param(k + 1);
    const Binding* b = inner.find(name);
    Value* out = param;
    if (b && b->state == Binding::State::Defined) {
      out = b->value;
      const Type& want = param->type();
      if (out->type() != want && either_of(want, out->type()) == want) out = to_either(out, want, s.range);
      if (out->type() != want) {
        if (want.is(TypeKind::Unknown)) {
          param->set_type(out->type());
          // $ret's initial value, made before any return was seen: the type the loop carries
          // (not the function's final one, which a later `return None` may widen).
          if (Value* init = loop->input(k + 2); init->type().is(TypeKind::Unknown)) init->set_type(out->type());
        } else if (!out->type().is(TypeKind::Unknown)) {
          carried_conflict_ = true;
          Diagnostic& d = diags_.error(b->where, "type",
                                       "type conflict: '" + name + "' is " + want.to_string() +
                                           " before the loop but " + out->type().to_string() +
                                           " after this assignment");
          const Binding* before = env.find(name);
          if (before) d.notes.push_back({before->where, "assigned a " + want.to_string() + " here"});
          if (want.is(TypeKind::Int) && out->type().is(TypeKind::Float))
            d.help.push_back("start it as a float: '" + name + " = 0.0'");
          out = param;
        }
      }
    } else if (b && b->state == Binding::State::Conflict) {
      Diagnostic& d = diags_.error(b->where, "type",
                                   "type conflict: '" + name + "' is " + b->other_type.to_string() +
                                       " on one path and another type on the other");
      d.notes.push_back({b->other, "assigned here"});
    }
    // $ret's initial value outside: typed when a loop inside typed this loop's parameter (a
    // return in a nested loop), not left to the function's final return type.
    if (Value* init = loop->input(k + 2); init->type().is(TypeKind::Unknown) && !param->type().is(TypeKind::Unknown))
      init->set_type(param->type());
    body->return_node()->add_input(out);
  }
  block_ = saved;
  for (size_t k = 0; k < carried.size(); ++k) {
    Type t = body->param(k + 1)->type();
    if (t.is(TypeKind::Unknown) && !body->outputs()[k + 1]->type().is(TypeKind::Unknown))
      t = body->outputs()[k + 1]->type();
    Value* out = loop->add_output(t);
    out->set_name_hint(body->param(k + 1)->name_hint());
    env.vars[carried[k]].value = out;
  }
  // Names first assigned in the body may be undefined after it: the body may not run.
  for (const auto& [name, binding] : inner.vars) {
    if (env.find(name) || is_exit_flag(name) || name == kReturnValue) continue;
    Binding maybe;
    maybe.state = binding.state == Binding::State::Poisoned ? Binding::State::Poisoned
                                                            : Binding::State::MaybeUndefined;
    maybe.where = binding.where;
    env.vars[name] = maybe;
  }
  // `while True:` without a break never falls through.
  bool forever = !is_for && s.value->kind == ast::ExprKind::Bool && s.value->bool_value &&
                 !contains_loop_exit(s.body, ast::StmtKind::Break) && !may_raise;
  if (forever) env.terminated = env.returned_only = true;
  return loop;
}

// Note [Peeling a loop's first iteration]
// `u = [1] * n` then `for _ in range(10): v = f(u); u = f(v)` with f returning floats: CPython's u
// changes type once, in the first iteration, and keeps the new one; v, first assigned in the body,
// is defined after the loop since the loop runs. A range loop whose trip count is a constant of at
// least 1 (range of int literals), with no `else`, `return`, `break` or `continue` and outside try
// regions, whose lowering finds a carried name changing type or a name it first assigns read after
// the loop, is lowered again as its first iteration's statements (the target bound to start)
// followed by the loop over the remaining iterations, typed as the first iteration left its names.
// A type that changes again in the remaining loop is reported as before. (tests/differential/
// gen_loops.py found that a `continue` in the first iteration, before the assignment of a name read
// after the loop, gave that name a value CPython's UnboundLocalError says it never had.)
std::optional<int64_t> FunctionLowering::peelable_trips(const ast::Stmt& s, Value* start, Value* stop, Value* step) {
  // (A break or continue in the first iteration would leave names its path did not assign: the
  // merge after the statements keeps only the paths that go on, as a loop's end does not.)
  if (!s.orelse.empty() || contains_return(s.body) || !try_.regions.empty() ||
      contains_loop_exit(s.body, ast::StmtKind::Break) || contains_loop_exit(s.body, ast::StmtKind::Continue))
    return std::nullopt;
  auto constant = [](Value* v) -> std::optional<int64_t> {
    const ir::Node* p = v ? v->producer() : nullptr;
    const ir::AttrValue* a = p && p->kind() == OpKind::Constant ? p->attr("value") : nullptr;
    if (a && std::holds_alternative<int64_t>(*a)) return std::get<int64_t>(*a);
    return std::nullopt;
  };
  std::optional<int64_t> a = constant(start), b = constant(stop), c = constant(step);
  if (!a || !b || !c || *c <= 0 || *b <= *a || *b - *a > (int64_t(1) << 40)) return std::nullopt;
  return (*b - *a + *c - 1) / *c;
}

void FunctionLowering::lower_peeled_loop(const ast::Stmt& s, Environment& env, int64_t trips, Value* start,
                                         Value* step) {
  std::set<std::string> assigned;
  ast::collect_assigned_names(s.body, assigned);
  ast::collect_assigned_names(*s.targets[0], assigned);
  bind_target(*s.targets[0], start, env);
  loop_assigned_.push_back(assigned); // Note [Closures]
  ++try_.loop_depth;
  lower_stmts(s.body, 0, env);
  --try_.loop_depth;
  loop_assigned_.pop_back();
  if (env.returned_only || trips == 1) return; // (every path raised)
  ir::Node* next = emit(OpKind::Add, {start, step}, {Type::int_()}, s.targets[0]->range);
  next->set_attr("nowrap", true); // below the constant stop
  lower_loop(s, env, const_int(trips - 1, s.range), const_bool(true, s.range), next->output(), step, nullptr);
}

} // namespace pyscript::lower
