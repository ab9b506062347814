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
// ($c3_t1), so they live only in the comprehension (Python 3) and never meet an outer variable of
// the same name. The first iterable is evaluated in the enclosing scope, as in CPython. A dict
// comprehension stores `$comp[k] = v`. A generator expression given to sum/min/max/any/all/sorted/
// list/str.join is the list comprehension handed to that consumer (a list, not a generator
// object: any/all evaluate every element before answering).
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include <map>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

using Renames = std::map<std::string, std::string>;
ast::ExprPtr clone(const ast::Expr& e, const Renames& renames) {
  return clone_expr(e, renames);
}

} // namespace

ast::ExprPtr name_expr(const std::string& text, const SourceRange& r) {
  auto n = std::make_unique<ast::Expr>(ast::ExprKind::Name, r);
  n->text = text;
  return n;
}

namespace {

ast::ExprPtr name(const std::string& text, const SourceRange& r) {
  return name_expr(text, r);
}

} // namespace

// Statements the lowering built (an inlined generator, zip(*rows)'s loop), lowered in place and
// kept alive (diagnostics and source ranges may point into them); the hidden names they use, all
// starting with `hidden_prefix` (unique to them), exist only there.
void FunctionLowering::lower_synthetic(ast::StmtList stmts, const std::string& hidden_prefix, const SourceRange& r,
                                       Environment& env) {
  auto holder = std::make_unique<ast::Stmt>(ast::StmtKind::If, r);
  holder->body = std::move(stmts);
  lower_stmts(holder->body, 0, env);
  comprehension_asts_.push_back(std::move(holder));
  for (auto it = env.vars.begin(); it != env.vars.end();)
    it = it->first.rfind(hidden_prefix, 0) == 0 ? env.vars.erase(it) : std::next(it);
}

Value* FunctionLowering::lower_comprehension(const ast::Expr& e, Environment& env) {
  int id = module_.new_origin();
  std::string result = "$comp" + std::to_string(id);
  bool is_dict = e.kind == ast::ExprKind::DictComp, is_set = e.kind == ast::ExprKind::SetComp;
  Value* out = is_dict  ? emit1(OpKind::DictNew, {},
                                Type::dict(Type::unknown(module_.new_origin()), Type::unknown(module_.new_origin())),
                                e.range)
               : is_set ? new_set(Type::unknown(module_.new_origin()), e.range)
                        : emit1(OpKind::ListNew, {}, Type::list(Type::unknown(module_.new_origin())), e.range);
  std::map<std::string, Value*> bound{{result, out}};
  lower_clauses(e, id, bound, env, [&](const Renames& renames) {
    auto inner =
        std::make_unique<ast::Stmt>(is_dict ? ast::StmtKind::Assign : ast::StmtKind::Expr, e.range);
    if (is_dict) {
      auto target = std::make_unique<ast::Expr>(ast::ExprKind::Subscript, e.operands[0]->range);
      target->operands.push_back(name(result, e.range));
      target->operands.push_back(clone(*e.operands[0], renames));
      inner->targets.push_back(std::move(target));
      inner->value = clone(*e.operands[1], renames);
    } else {
      auto callee = std::make_unique<ast::Expr>(ast::ExprKind::Attribute, e.operands[0]->range);
      callee->operands.push_back(name(result, e.range));
      callee->text = is_set ? "add" : "append";
      callee->text_range = e.operands[0]->range;
      auto call = std::make_unique<ast::Expr>(ast::ExprKind::Call, e.operands[0]->range);
      call->operands.push_back(std::move(callee));
      call->operands.push_back(clone(*e.operands[0], renames));
      inner->value = std::move(call);
    }
    return inner;
  });
  return out;
}

// The loops of a comprehension's clauses around the statement `innermost` builds (given the
// renaming of the comprehension's variables), lowered with the names in `bound` defined; every
// name the statements bind goes away afterwards, but for those in `keep`, whose final values are
// returned in their place in `bound`.
void FunctionLowering::lower_clauses(const ast::Expr& e, int id,
                                     std::map<std::string, Value*>& bound, Environment& env,
                                     const std::function<ast::StmtPtr(const Renames&)>& innermost) {
  Renames renames;
  std::set<std::string> targets;
  for (const ast::Comprehension& c : e.comprehension)
    ast::collect_assigned_names(*c.target, targets);
  for (const std::string& t : targets)
    renames[t] =
        "$c" + std::to_string(id) + "_" + t; // (no "." in a name: it marks %name.N in printed IR)
  ast::StmtPtr stmt = innermost(renames);
  // Wrap it in the clauses, innermost first.
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
  // Lower the statements with the bound names defined; the names they bind go away afterwards
  // (the renamed variables exist only here).
  std::map<std::string, Binding> saved = env.vars;
  for (const auto& [n, v] : bound)
    env.define(n, v, e.range);
  {
    SuspendedRegions in_expression(*this); // an exception leaves the whole statement (Note [Try regions])
    lower_stmt(*stmt, env);
  }
  for (auto& [n, v] : bound)
    v = env.value_of(n);
  for (auto it = env.vars.begin(); it != env.vars.end();) {
    if (!saved.count(it->first))
      it = env.vars.erase(it);
    else
      ++it;
  }
  comprehension_asts_.push_back(std::move(stmt)); // diagnostics and source ranges may point into it
}

// The type of a generator expression's elements, from a trial lowering of it as a list that is
// removed again, leaving the environment as it was (an infinite generator's loop that only a
// consumer's break would leave must not make the code after it dead). Nothing after a diagnostic.
std::optional<Type> FunctionLowering::element_type_of(const ast::Expr& gen, Environment& env) {
  size_t mark = block_->nodes().size();
  size_t diagnostics = diags_.all().size();
  Environment before = env;
  Value* trial = lower_comprehension(gen, env);
  if (!trial || diags_.all().size() != diagnostics) return std::nullopt;
  Type element = trial->type().elements()[0];
  while (block_->nodes().size() > mark)
    block_->nodes().back()->destroy();
  env = std::move(before);
  return element;
}

// sum(e for ...), any(e for x in xs), all(e for x in xs) as a loop accumulating into a variable,
// with no list (Note [Comprehensions]). The element's type is learned by lowering the generator as
// a list first, which is then taken out again. Nothing when the generator takes the list path; a
// null value after a diagnostic (the trial reported it: not lowered again).
std::optional<Value*> FunctionLowering::lower_fused_reduction(const std::string& fn, const ast::Expr& call,
                                               Environment& env) {
  const ast::Expr& gen = *call.operands[1];
  bool is_sum = fn == "sum";
  if (!is_sum && gen.comprehension.size() != 1) return std::nullopt;
  if (call.operands.size() > (is_sum ? 3u : 2u) || !call.keywords.empty()) return std::nullopt;
  std::optional<Type> trial = element_type_of(gen, env);
  if (!trial) return nullptr;
  Type element = *trial;
  const SourceRange& r = call.range;
  int id = module_.new_origin();
  std::string acc = "$acc" + std::to_string(id), any = "$any" + std::to_string(id);
  std::map<std::string, Value*> bound;
  Value* start = nullptr;
  if (is_sum) {
    if (!element.is_number()) return std::nullopt; // the list path reports it
    Type acc_type = element.is(TypeKind::Bool) ? Type::int_() : element;
    if (call.operands.size() == 3) {
      start = lower_expr(*call.operands[2], env);
      if (!start) return nullptr;
      if (start->type().is(TypeKind::Float))
        acc_type = Type::float_();
      else if (!start->type().is_number())
        return nullptr;
    }
    if (!start) start = acc_type.is(TypeKind::Float) ? const_float(0.0, r) : const_int(0, r);
    if (start->type() != acc_type) start = cast(start, acc_type, r);
    bound[acc] = start;
    if (call.operands.size() == 2 && acc_type.is(TypeKind::Float) && &call != float_operand_)
      bound[any] = const_bool(false, r); // Note [A float sum of nothing] (lower_expr.cpp)
  } else {
    bound[acc] = const_bool(fn == "all", r);
  }
  lower_clauses(gen, id, bound, env, [&](const Renames& renames) -> ast::StmtPtr {
    const SourceRange& er = gen.operands[0]->range;
    if (is_sum) {
      auto add = std::make_unique<ast::Expr>(ast::ExprKind::Binary, er);
      add->binary_op = ast::BinaryOp::Add;
      add->operands.push_back(name(acc, er));
      add->operands.push_back(clone(*gen.operands[0], renames));
      auto assign = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, er);
      assign->targets.push_back(name(acc, er));
      assign->value = std::move(add);
      if (!bound.count(any)) return assign;
      // if a float sum sees no element, CPython's answer is the int 0 (raised after the loop)
      auto seen = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, er);
      seen->targets.push_back(name(any, er));
      seen->value = std::make_unique<ast::Expr>(ast::ExprKind::Bool, er);
      seen->value->bool_value = true;
      auto both = std::make_unique<ast::Stmt>(ast::StmtKind::If, er);
      both->value = std::make_unique<ast::Expr>(ast::ExprKind::Bool, er);
      both->value->bool_value = true;
      both->body.push_back(std::move(assign));
      both->body.push_back(std::move(seen));
      return both;
    }
    // any: if e: $acc = True; break.  all: if not e: $acc = False; break
    auto test = clone(*gen.operands[0], renames);
    if (fn == "all") {
      auto neg = std::make_unique<ast::Expr>(ast::ExprKind::Unary, er);
      neg->unary_op = ast::UnaryOp::Not;
      neg->operands.push_back(std::move(test));
      test = std::move(neg);
    }
    auto hit = std::make_unique<ast::Stmt>(ast::StmtKind::If, er);
    hit->value = std::move(test);
    auto set = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, er);
    set->targets.push_back(name(acc, er));
    set->value = std::make_unique<ast::Expr>(ast::ExprKind::Bool, er);
    set->value->bool_value = fn == "any";
    hit->body.push_back(std::move(set));
    hit->body.push_back(std::make_unique<ast::Stmt>(ast::StmtKind::Break, er));
    return hit;
  });
  if (!bound[acc]) return nullptr;
  if (bound.count(any) && bound[any])
    raise_if(emit1(OpKind::Not, {bound[any]}, Type::bool_(), r), PYRT_VALUE_ERROR,
             "sum() of an empty list of floats is the int 0 in CPython; pyscript's sum has one "
             "type: write sum(xs, 0.0)",
             r);
  return bound[acc];
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

namespace pyscript::lower {

// Note [map]
// map(f, xs) given to a consumer that takes its whole iterator at once (list tuple sorted sum min
// max any all dict, str.join, list.extend) is the generator expression (f(x) for x in xs), and
// map(f, xs, ys) is (f(x, y) for x, y in zip(xs, ys)): zip stops at the shortest, as map does. f is
// evaluated once, before the iterables, as map evaluates its arguments, and held in a hidden name
// for the generator's calls; a builtin (`map(int, words)`) is a value for this (Note [Builtins as
// values] in lower_call.cpp). sum, any and all take the generator element by element (any and all
// stop at their answer, as they stop map); the others take the list of its elements. Elsewhere
// (`it = map(...)`, a for loop's iterable) map's lazy iterator would show: a diagnostic.
bool FunctionLowering::is_map_call(const ast::Expr& e, Environment& env) {
  return e.kind == ast::ExprKind::Call && e.operands[0]->kind == ast::ExprKind::Name &&
         e.operands[0]->text == "map" && !env.find("map") && !local_names_.count("map") &&
         !module_.find_function("map");
}

bool FunctionLowering::consumes_map(const ast::Expr& call, Environment& env) {
  const ast::Expr& callee = *call.operands[0];
  bool consumer = false;
  if (callee.kind == ast::ExprKind::Name) {
    static const char* const kConsumers[] = {"list", "tuple", "sorted", "sum", "min", "max", "any", "all", "dict"};
    for (const char* c : kConsumers)
      consumer = consumer || (callee.text == c && !env.find(c) && !local_names_.count(c) && !module_.find_function(c));
  } else if (callee.kind == ast::ExprKind::Attribute) {
    consumer = callee.text == "join" || callee.text == "extend";
  }
  if (!consumer) return false;
  for (size_t i = 1; i < call.operands.size(); ++i)
    if (is_map_call(*call.operands[i], env)) return true;
  return false;
}

Value* FunctionLowering::lower_call_with_map(const ast::Expr& call, Environment& env) {
  auto rewritten = clone_expr(call);
  std::vector<std::string> hidden;
  auto forget = [&] {
    for (const std::string& h : hidden) env.vars.erase(h);
  };
  for (size_t i = 1; i < call.operands.size(); ++i) {
    const ast::Expr& m = *call.operands[i];
    if (!is_map_call(m, env)) continue;
    if (m.operands.size() < 3 || !m.keywords.empty()) {
      type_error(m.range, m.keywords.empty() ? "map() must have at least two arguments (CPython raises TypeError)"
                                             : "map() takes no keyword arguments (CPython raises TypeError)");
      forget();
      return nullptr;
    }
    Value* f = lower_expr(*m.operands[1], env);
    if (!f) {
      forget();
      return nullptr;
    }
    if (!f->type().is(TypeKind::Function)) {
      type_error(m.operands[1]->range, "map() takes a function here, not a " + f->type().to_string() +
                                           " (CPython raises TypeError: the object is not callable)");
      forget();
      return nullptr;
    }
    int id = module_.new_origin();
    std::string held = "$map" + std::to_string(id);
    env.define(held, f, m.range);
    hidden.push_back(held);
    const SourceRange& r = m.range;
    auto gen = std::make_unique<ast::Expr>(ast::ExprKind::GeneratorExp, r);
    auto element = std::make_unique<ast::Expr>(ast::ExprKind::Call, r);
    element->operands.push_back(name(held, r));
    size_t n = m.operands.size() - 2;
    auto target = std::make_unique<ast::Expr>(ast::ExprKind::Tuple, r);
    for (size_t k = 0; k < n; ++k) {
      std::string v = "$m" + std::to_string(id) + "_" + std::to_string(k);
      element->operands.push_back(name(v, m.operands[k + 2]->range));
      target->operands.push_back(name(v, m.operands[k + 2]->range));
    }
    gen->operands.push_back(std::move(element));
    ast::Comprehension c;
    c.range = r;
    if (n == 1) {
      c.target = std::move(target->operands[0]);
      c.iter = clone_expr(*m.operands[2]);
    } else {
      c.target = std::move(target);
      auto zip = std::make_unique<ast::Expr>(ast::ExprKind::Call, r);
      zip->operands.push_back(name("zip", r));
      for (size_t k = 0; k < n; ++k) zip->operands.push_back(clone_expr(*m.operands[k + 2]));
      c.iter = std::move(zip);
    }
    gen->comprehension.push_back(std::move(c));
    rewritten->operands[i] = std::move(gen);
  }
  const ast::Expr& e = *rewritten;
  synthetic_exprs_.push_back(std::move(rewritten));
  Value* out = lower_call_in(e, env);
  forget();
  return out;
}

} // namespace pyscript::lower
