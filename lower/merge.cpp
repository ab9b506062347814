// Where two paths meet after an If: which names hold what, and the If outputs (phis) for them.
#include "lower/module_lowering.hpp"

#include <set>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// An unknown type ($ret before the first return) merges with anything; a Python number with its
// numpy scalar into an Either (Note [Python and numpy scalars meet] in either.cpp).
bool merges(const Type& a, const Type& b) {
  return a == b || a.is(TypeKind::Unknown) || b.is(TypeKind::Unknown) || either_of(a, b);
}

Type merged_type(const Type& a, const Type& b) {
  if (a.is(TypeKind::Unknown)) return b;
  if (b.is(TypeKind::Unknown)) return a;
  return either_of(a, b).value_or(a);
}

} // namespace

// Note [Merging paths]
//   - A path that has returned does not constrain names: after
//     `if c: y = 1 else: return 0`, y is defined, since only the first path reaches what follows.
//     That path still gives the If an output, an `uninitialized` value nobody reads.
//   - A name assigned on one live path only is MaybeUndefined; using it later is an error.
//   - A name whose paths give two types is a Conflict; using it later is an error.
//   - Exit flags missing on one path are false there; $ret missing on one path is uninitialized.
Environment FunctionLowering::merge(ir::Node* if_node, Environment then_env, Environment else_env,
                                    const SourceRange& r) {
  Environment out;
  out.captured = then_env.captured; // Note [Closures] (lower_lambda.cpp)
  out.captured.insert(else_env.captured.begin(), else_env.captured.end());
  out.terminated = then_env.terminated && else_env.terminated;
  out.returned_only = then_env.returned_only && else_env.returned_only;
  bool then_gone = then_env.terminated && then_env.returned_only;
  bool else_gone = else_env.terminated && else_env.returned_only;
  ir::Block* then_block = if_node->block(0);
  ir::Block* else_block = if_node->block(1);
  ir::Block* saved = block_;

  std::set<std::string> names;
  for (const auto& [name, b] : then_env.vars) names.insert(name);
  for (const auto& [name, b] : else_env.vars) names.insert(name);

  // Adds an If output fed by `a` on the then path and `b` on the else path.
  auto in_block = [&](ir::Block* b, auto make) {
    block_ = b;
    Value* v = make();
    block_ = saved;
    return v;
  };
  auto phi = [&](Value* a, Value* b, const Type& t, const std::string& hint) {
    if (a->type() != t && !a->type().is(TypeKind::Unknown) && !t.is(TypeKind::Unknown))
      a = in_block(then_block, [&] { return to_either(a, t, r); });
    if (b->type() != t && !b->type().is(TypeKind::Unknown) && !t.is(TypeKind::Unknown))
      b = in_block(else_block, [&] { return to_either(b, t, r); });
    then_block->return_node()->add_input(a);
    else_block->return_node()->add_input(b);
    Value* v = if_node->add_output(t);
    if (!is_exit_flag(hint) && hint != kReturnValue && !is_side_name(hint)) v->set_name_hint(hint);
    return v;
  };

  for (const std::string& name : names) {
    const Binding* t = then_env.find(name);
    const Binding* e = else_env.find(name);
    bool t_def = t && t->state == Binding::State::Defined;
    bool e_def = e && e->state == Binding::State::Defined;

    if (is_exit_flag(name)) {
      Value* a = t_def ? t->value : in_block(then_block, [&] { return const_bool(false, r); });
      Value* b = e_def ? e->value : in_block(else_block, [&] { return const_bool(false, r); });
      out.define(name, a == b ? a : phi(a, b, Type::bool_(), name), r);
      continue;
    }
    if (is_side_name(name)) { // Note [Try regions]: a path without it is not on that side
      if (!t || !e || t->state != Binding::State::Defined || e->state != Binding::State::Defined) {
        const Binding* only = !t ? e : !e ? t : t->state != Binding::State::Defined ? t : e;
        if (t && e && t->state != Binding::State::Defined && e->state == Binding::State::Defined) only = t;
        if (only->state != Binding::State::Defined) {
          out.vars[name] = *only;
          continue;
        }
        const Type& ty = only->value->type();
        Value* a = t ? t->value : in_block(then_block, [&] { return uninitialized(ty, r); });
        Value* b = e ? e->value : in_block(else_block, [&] { return uninitialized(ty, r); });
        out.define(name, a == b ? a : phi(a, b, ty, name), only->where);
        continue;
      }
      if (t->value == e->value) {
        out.vars[name] = *t;
      } else if (merges(t->value->type(), e->value->type())) {
        out.define(name, phi(t->value, e->value, merged_type(t->value->type(), e->value->type()), name), e->where);
      } else {
        Binding b;
        b.state = Binding::State::Conflict;
        b.where = e->where;
        b.value = e->value;
        b.other = t->where;
        b.other_type = t->value->type();
        out.vars[name] = b;
      }
      continue;
    }
    if (name == kReturnValue) {
      if (!t_def && !e_def) continue;
      Type ty = t_def && e_def ? merged_type(t->value->type(), e->value->type())
                : t_def        ? t->value->type()
                               : e->value->type();
      if (t_def && e_def && !merges(t->value->type(), e->value->type())) {
        check_return_types(e->where, e->value->type()); // reports the conflict
        out.vars[name] = *t;
        continue;
      }
      Value* a = t_def ? t->value : in_block(then_block, [&] { return uninitialized(ty, r); });
      Value* b = e_def ? e->value : in_block(else_block, [&] { return uninitialized(ty, r); });
      out.define(name, a == b ? a : phi(a, b, ty, name), t_def ? t->where : e->where);
      continue;
    }

    if (then_gone && else_gone) continue; // what follows is dead
    // Only one path goes on: it alone says what the name holds for what follows. A path that
    // left by break/continue still reaches the loop's end, so there a name it holds with
    // another type is a conflict (a carried value); a name it lacks is local to the loop body.
    // When both left but one returned (or raised out of the function), the other alone goes on.
    bool then_dead = then_env.terminated, else_dead = else_env.terminated;
    if (then_dead && else_dead && then_gone != else_gone) then_dead = then_gone, else_dead = else_gone;
    auto clashes = [&] {
      const Binding* live = then_dead ? e : t;
      const Binding* dead = then_dead ? t : e;
      bool dead_returned = then_dead ? then_gone : else_gone;
      if (!dead_returned && live && dead && dead->state == Binding::State::Conflict) return true; // reported at the loop's end
      return !dead_returned && live && dead && dead->state == Binding::State::Defined &&
             live->state == Binding::State::Defined &&
             (!merges(dead->value->type(), live->value->type()) ||
              either_of(dead->value->type(), live->value->type()));
    };
    if (then_dead != else_dead && !clashes()) {
      bool then_live = !then_dead;
      const Binding* live = then_live ? t : e;
      const Binding* dead = then_live ? e : t;
      if (!live) continue;
      if (live->state != Binding::State::Defined) {
        out.vars[name] = *live;
        continue;
      }
      Value* lv = live->value;
      Value* dv = dead && dead->state == Binding::State::Defined && dead->value->type() == lv->type()
                      ? dead->value
                      : in_block(then_live ? else_block : then_block,
                                 [&] { return uninitialized(lv->type(), r); });
      Value* v = lv == dv ? lv : then_live ? phi(lv, dv, lv->type(), name) : phi(dv, lv, lv->type(), name);
      out.define(name, v, live->where);
      continue;
    }
    // Both paths go on (or both left by break/continue, or a carried name's types clash).
    if (!t || !e) {
      const Binding* present = t ? t : e;
      Binding b;
      b.state = present->state == Binding::State::Poisoned ? Binding::State::Poisoned
                                                           : Binding::State::MaybeUndefined;
      b.where = present->where;
      out.vars[name] = b;
      continue;
    }
    if (!t_def || !e_def) {
      // Poisoned wins (stay quiet), then Conflict, then MaybeUndefined.
      auto rank = [](const Binding* b) {
        switch (b->state) {
        case Binding::State::Poisoned: return 3;
        case Binding::State::Conflict: return 2;
        case Binding::State::MaybeUndefined: return 1;
        case Binding::State::Defined: return 0;
        }
        return 0;
      };
      out.vars[name] = rank(t) >= rank(e) ? *t : *e;
      continue;
    }
    if (t->value == e->value) {
      out.vars[name] = *t;
      continue;
    }
    if (!merges(t->value->type(), e->value->type())) {
      Binding b;
      b.state = Binding::State::Conflict;
      b.where = e->where;
      b.value = e->value;
      b.other = t->where;
      b.other_type = t->value->type();
      out.vars[name] = b;
      continue;
    }
    Type ty = merged_type(t->value->type(), e->value->type());
    out.define(name, phi(t->value, e->value, ty, name), e->where);
  }
  block_ = saved;
  return out;
}

} // namespace pyscript::lower
