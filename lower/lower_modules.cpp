// CPython's `random` and `sys` modules -> IR: random.seed, random, randint, randrange, uniform,
// gauss, choice and shuffle on the module's hidden random.Random (CPython's streams, bit for bit:
// runtime/py_random_api.cpp), and sys.argv, sys.exit, sys.stdout.write, sys.maxsize and
// sys.setrecursionlimit. `from random import randint` reaches here as `random.randint` (Note
// [From-imports are attributes] in frontend/from_imports.hpp).
//
// The random ops are effects (ir/ops.def, as np.random's: Note [Random effects] in
// lower/lower_random.cpp): never merged, removed or moved, so draws run in program order, once
// each. random.shuffle also writes its list (kWrites), so no read of the list moves across it.
#include "lower/module_lowering.hpp"

#include <cstdint>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// The module `e` names ("random", "sys", "sys.stdout"), when no variable hides it; no diagnostic.
std::string module_named(const ast::Expr& e, Environment& env, ModuleLowering& module) {
  if (e.kind == ast::ExprKind::Name) {
    if (env.find(e.text)) return "";
    const std::string* m = module.module_of_alias(e.text);
    return m ? *m : "";
  }
  if (e.kind == ast::ExprKind::Attribute && e.text == "stdout" &&
      module_named(*e.operands[0], env, module) == "sys")
    return "sys.stdout";
  return "";
}

// The Name at the root of `random.x` / `sys.stdout.x`.
const ast::Expr& root_name(const ast::Expr& e) {
  return e.kind == ast::ExprKind::Name ? e : root_name(*e.operands[0]);
}

} // namespace

// random.NAME(...), sys.NAME(...) and sys.stdout.write(...): true when `e` is one (`out` is then
// its value, or null after a diagnostic).
bool FunctionLowering::lower_module_call(const ast::Expr& e, Environment& env, Value*& out) {
  const ast::Expr& callee = *e.operands[0];
  if (callee.kind != ast::ExprKind::Attribute) return false;
  std::string module = module_named(*callee.operands[0], env, module_);
  if (module != "random" && module != "sys" && module != "sys.stdout") return false;
  const ast::Expr& root = root_name(*callee.operands[0]);
  out = nullptr;
  if (!module_.use_module(root.text, root.range)) return true;
  std::vector<Value*> args;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* v = lower_expr(*e.operands[i], env);
    if (!v) return true;
    args.push_back(v);
  }
  if (module == "random") {
    out = lower_py_random_call(callee.text, e, args, env);
  } else {
    if (!e.keywords.empty()) return true; // reported by the resolver
    out = lower_sys_call(module == "sys" ? callee.text : "stdout." + callee.text, e, args);
  }
  return true;
}

// An int argument of a random function: an int, a bool, or a numpy int scalar.
Value* FunctionLowering::py_random_int(const ast::Expr& arg, Value* v, const std::string& fn) {
  const Type& t = v->type();
  if (t.is(TypeKind::Float)) {
    type_error(arg.range,
               "random." + fn + "() of a float is not supported (CPython 3.11 deprecates it)",
               "pass an int: int(...)");
    return nullptr;
  }
  return random_int_param(arg, v, ("random." + fn + "()'s argument").c_str());
}

// A float argument (uniform, gauss): any number, or a numpy scalar as its Python number.
Value* FunctionLowering::py_random_float(const ast::Expr& arg, Value* v, const std::string& fn) {
  if (v->type().is_numpy_scalar()) v = array_item(v, Type::float_(), arg.range);
  if (!v->type().is_number()) {
    type_error(arg.range,
               "random." + fn + "() needs a number here, not a " + v->type().to_string());
    return nullptr;
  }
  return cast(v, Type::float_(), arg.range);
}

Value* FunctionLowering::py_random_draw(const std::string& fn, const std::vector<Value*>& params,
                                        const Type& out, const SourceRange& r) {
  ir::Node* n = emit(OpKind::PyRandomDraw, params, {out}, r);
  n->set_attr("fn", fn);
  return n->output();
}

Value* FunctionLowering::lower_py_random_call(const std::string& name, const ast::Expr& e,
                                              std::vector<Value*>& args, Environment& env) {
  const SourceRange& r = e.range;
  auto arg = [&](size_t i) -> const ast::Expr& { return *e.operands[i + 1]; };
  if (name == "seed") {
    std::vector<Value*> inputs;
    if (!args.empty() && !args[0]->type().is(TypeKind::None)) {
      Value* seed = args[0]->type().is(TypeKind::Int) || args[0]->type().is(TypeKind::Bool) ||
                            args[0]->type().is_numpy_scalar()
                        ? random_int_param(arg(0), args[0], "the seed")
                        : nullptr;
      if (!seed) {
        if (!diags_.has_error_at(arg(0).range))
          type_error(arg(0).range, "random.seed() of a " + args[0]->type().to_string() +
                                       " is not supported: pyscript seeds with ints");
        return nullptr;
      }
      inputs.push_back(seed);
    }
    emit(OpKind::PyRandomSeed, inputs, {}, r);
    return const_none(r);
  }
  if (name == "random") return py_random_draw("random", {}, Type::float_(), r);
  if (name == "uniform" || name == "gauss") {
    // gauss(mu=0.0, sigma=1.0): positional or keyword
    std::vector<const ast::Expr*> given(2, nullptr);
    std::vector<Value*> values(2, nullptr);
    for (size_t i = 0; i < args.size() && i < 2; ++i)
      given[i] = &arg(i), values[i] = args[i];
    for (const ast::Keyword& kw : e.keywords) {
      size_t i = kw.name == "mu" ? 0 : 1;
      if (given[i]) {
        type_error(kw.name_range, "gauss() got multiple values for argument '" + kw.name + "'");
        return nullptr;
      }
      if (!(values[i] = lower_expr(*kw.value, env))) return nullptr;
      given[i] = kw.value.get();
    }
    std::vector<Value*> params;
    for (size_t i = 0; i < 2; ++i) {
      Value* v = given[i] ? py_random_float(*given[i], values[i], name)
                          : const_float(i == 0 ? 0.0 : 1.0, r);
      if (!v) return nullptr;
      params.push_back(v);
    }
    return py_random_draw(name, params, Type::float_(), r);
  }
  if (name == "randint" || name == "randrange") {
    std::vector<Value*> params;
    for (size_t i = 0; i < args.size(); ++i) {
      Value* v = py_random_int(arg(i), args[i], name);
      if (!v) return nullptr;
      params.push_back(v);
    }
    bool has_stop = params.size() >= 2;
    while (params.size() < 3)
      params.push_back(const_int(params.size() == 2 ? 1 : 0, r));
    Value* v = py_random_draw(name, params, Type::int_(), r);
    v->producer()->set_attr("has_stop", has_stop);
    return v;
  }
  if (name == "choice" || name == "shuffle") return py_random_sequence(name, e, args);
  return nullptr; // reported by the resolver
}

// choice(seq) of a list or str; shuffle(list), in place.
Value* FunctionLowering::py_random_sequence(const std::string& name, const ast::Expr& e,
                                            std::vector<Value*>& args) {
  if (args.size() != 1) return nullptr; // reported by the resolver
  Value* seq = args[0];
  const SourceRange& at = e.operands[1]->range;
  bool list = seq->type().is(TypeKind::List);
  if (name == "shuffle") {
    if (!list) {
      type_error(at,
                 "random.shuffle() of a " + seq->type().to_string() +
                     " is not supported: it shuffles a list in place",
                 seq->type().is(TypeKind::Array) ? "write 'a = np.random.permutation(a)'" : "");
      return nullptr;
    }
    emit(OpKind::PyRandomShuffle, {seq}, {}, e.range);
    return const_none(e.range);
  }
  if (!list && !seq->type().is(TypeKind::Str)) {
    type_error(at,
               "random.choice() of a " + seq->type().to_string() +
                   " is not supported: pyscript chooses from a list or a str",
               seq->type().is(TypeKind::Tuple) ? "make it a list: [a, b, c]" : "");
    return nullptr;
  }
  if (list && seq->type().elements()[0].is(TypeKind::Unknown)) {
    unknown_element(seq, e.range);
    return nullptr;
  }
  Value* i = py_random_draw("choice", {sequence_length(seq, e.range)}, Type::int_(), e.range);
  return element_at(seq, i, e.range);
}

Value* FunctionLowering::lower_sys_call(const std::string& name, const ast::Expr& e,
                                        std::vector<Value*>& args) {
  const SourceRange& r = e.range;
  if (name == "exit") {
    Value* status = args.empty() ? const_int(0, r) : args[0];
    const Type& t = status->type();
    if (t.is(TypeKind::None))
      status = const_int(0, r);
    else if (t.is(TypeKind::Bool))
      status = cast(status, Type::int_(), r);
    else if (!t.is(TypeKind::Int) && !t.is(TypeKind::Str)) {
      type_error(e.operands[1]->range, "sys.exit() of a " + t.to_string() + " is not supported",
                 "pass an int status, None, or a str message");
      return nullptr;
    }
    emit(OpKind::SysExit, {status}, {}, r);
    return const_none(r);
  }
  if (name == "setrecursionlimit") {
    if (args.size() != 1) return nullptr; // reported by the resolver
    const Type& t = args[0]->type();
    if (!t.is(TypeKind::Int) && !t.is(TypeKind::Bool)) {
      type_error(e.operands[1]->range,
                 "sys.setrecursionlimit() needs an int, not a " + t.to_string());
      return nullptr;
    }
    emit(OpKind::SysSetRecursionLimit, {cast(args[0], Type::int_(), r)}, {}, r);
    return const_none(r);
  }
  if (name == "stdout.write") {
    if (args.size() != 1) return nullptr; // reported by the resolver
    if (!args[0]->type().is(TypeKind::Str)) {
      type_error(e.operands[1]->range,
                 "write() argument must be str, not " + args[0]->type().to_string() +
                     " (CPython raises TypeError)",
                 "convert it: str(...)");
      return nullptr;
    }
    // print's own output, so the two interleave as under CPython.
    ir::Node* n = emit(OpKind::Print, {args[0]}, {}, r);
    n->set_attr("sep", std::string());
    n->set_attr("end", std::string());
    return emit1(OpKind::StrLen, {args[0]}, Type::int_(), r);
  }
  return nullptr; // reported by the resolver
}

// sys.argv, sys.maxsize (sys.exit and the others are called, and the resolver says so).
Value* FunctionLowering::lower_sys_attribute(const ast::Expr& e) {
  if (e.text == "maxsize") return const_int(INT64_MAX, e.range);
  if (e.text == "argv") return emit1(OpKind::SysArgv, {}, Type::list(Type::str()), e.range);
  return nullptr; // reported by the resolver
}

} // namespace pyscript::lower
