// next(it[, default]) of a generator, a generator expression or iter(xs) (Note [next]).
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include <map>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [next]
// next(it) where `it` is made in the call (a generator expression, a generator's call, iter(xs)
// of a sequence or of an object whose __iter__ is a generator) is its first element: the loop of the comprehension
// `($v for $v in it)` (Note [Comprehensions]) whose body keeps the element and breaks, so a
// generator runs up to its first yield and no further, as CPython runs it, and an infinite one
// stops there (Note [Generators are inlined]). With no element, next() raises CPython's
// StopIteration, or gives the default. No iterator object exists: next() of an iterator kept in a
// variable between calls (`it = iter(xs)`) is refused where the iterator is made (iter() outside
// next(), a generator object). Divergence: a default is evaluated before the generator starts
// (CPython evaluates it after making the generator object, before running it), which shows only
// when both print.
Value* FunctionLowering::lower_next(const ast::Expr& call, Environment& env) {
  const SourceRange& r = call.range;
  const ast::Expr& arg = *call.operands[1];
  const ast::Expr* gen = &arg;
  if (arg.kind != ast::ExprKind::GeneratorExp) {
    const ast::Expr* source = nullptr;
    if (arg.kind == ast::ExprKind::Call && arg.operands[0]->kind == ast::ExprKind::Name &&
        arg.operands[0]->text == "iter" && arg.operands.size() == 2 && arg.keywords.empty() &&
        !env.find("iter") && !module_.find_function("iter"))
      source = arg.operands[1].get();
    else if (may_call_generator(arg, env)) // (an object with a generator __iter__ is no iterator: refused)
      source = &arg;
    if (!source) {
      Value* v = lower_expr(arg, env);
      if (!v) return nullptr;
      std::string type = static_type_name(v->type()).value_or(v->type().to_string());
      type_error(arg.range, "next() takes an iterator here; CPython raises TypeError: '" + type +
                                "' object is not an iterator",
                 "write next(iter(xs)) for the first element of xs, or loop over it with 'for'");
      return nullptr;
    }
    int id = module_.new_origin();
    auto comp = std::make_unique<ast::Expr>(ast::ExprKind::GeneratorExp, source->range);
    comp->operands.push_back(name_expr("$v" + std::to_string(id), source->range));
    ast::Comprehension c;
    c.target = name_expr("$v" + std::to_string(id), source->range);
    c.iter = clone_expr(*source);
    c.range = source->range;
    comp->comprehension.push_back(std::move(c));
    gen = comp.get();
    synthetic_exprs_.push_back(std::move(comp));
  }
  if (gen->comprehension.size() != 1) {
    type_error(gen->range, "next() of a generator expression with more than one 'for' is not supported by pyscript",
               "write the loops out, with a break at the first element");
    return nullptr;
  }
  std::optional<Type> trial = element_type_of(*gen, env);
  if (!trial) return nullptr;
  Type element = *trial;
  bool has_default = call.operands.size() == 3;
  int id = module_.new_origin();
  std::string acc = "$next" + std::to_string(id), found = "$found" + std::to_string(id);
  std::map<std::string, Value*> bound;
  if (has_default) {
    if (!(bound[acc] = lower_expr(*call.operands[2], env))) return nullptr;
  } else { // a placeholder of the element's type, read only after the StopIteration check
    bound[acc] = uninitialized(element, r);
    bound[found] = const_bool(false, r);
  }
  lower_clauses(*gen, id, bound, env, [&](const std::map<std::string, std::string>& renames) -> ast::StmtPtr {
    const SourceRange& er = gen->operands[0]->range;
    auto first = std::make_unique<ast::Stmt>(ast::StmtKind::If, er); // if True: $next = e; [$found = True;] break
    first->value = std::make_unique<ast::Expr>(ast::ExprKind::Bool, er);
    first->value->bool_value = true;
    auto keep = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, er);
    keep->targets.push_back(name_expr(acc, er));
    keep->value = clone_expr(*gen->operands[0], renames);
    first->body.push_back(std::move(keep));
    if (!has_default) {
      auto seen = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, er);
      seen->targets.push_back(name_expr(found, er));
      seen->value = std::make_unique<ast::Expr>(ast::ExprKind::Bool, er);
      seen->value->bool_value = true;
      first->body.push_back(std::move(seen));
    }
    first->body.push_back(std::make_unique<ast::Stmt>(ast::StmtKind::Break, er));
    return first;
  });
  Value* out = bound[acc];
  if (!out || has_default) return out;
  if (!bound[found]) return nullptr;
  raise_if(emit1(OpKind::Not, {bound[found]}, Type::bool_(), r), PYRT_STOP_ITERATION, "", r);
  return out;
}

} // namespace pyscript::lower
