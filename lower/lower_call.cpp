// Calls -> IR: builtins (print, abs, min, ...), math and time, and user functions, which are
// specialized on the argument types at each call site.
#include "lower/module_lowering.hpp"

#include "frontend/builtins.hpp"
#include "support/internal_error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

Value* FunctionLowering::lower_call(const ast::Expr& e, Environment& env) {
  Environment* saved_env = call_env_;
  call_env_ = &env;
  Value* v = lower_call_in(e, env);
  call_env_ = saved_env;
  return v;
}

Value* FunctionLowering::lower_call_in(const ast::Expr& e, Environment& env) {
  const ast::Expr& callee = *e.operands[0];
  if (Value* v; lower_isinstance_builtin(e, env, v)) return v; // isinstance(x, int): lower_type_names.cpp
  if (Value* v; lower_str_maketrans(e, env, v)) return v; // str.maketrans(...): lower_str_format.cpp
  if (consumes_map(e, env)) return lower_call_with_map(e, env); // sum(map(f, xs)): lower_comprehension.cpp
  if (Value* v; lower_exception_call(e, env, v)) return v; // ValueError("..."), ShapeError(...): exceptions.cpp
  if (bool handled; !module_.classes().all().empty()) {
    Value* v = lower_class_call(e, env, handled); // lower_class.cpp
    if (handled) return v;
  }
  if (Value* v; lower_module_call(e, env, v)) return v; // random, sys: lower_modules.cpp
  // np.random.NAME(...): lower_random.cpp.
  if (callee.kind == ast::ExprKind::Attribute && names_numpy_random(*callee.operands[0], env))
    return lower_random_call(callee.text, e, env);
  // Module functions: math.sqrt(x), time.perf_counter(); numpy comes with arrays.
  if (callee.kind == ast::ExprKind::Attribute && callee.operands[0]->kind == ast::ExprKind::Name &&
      !env.find(callee.operands[0]->text)) {
    if (const std::string* module = module_.use_module(callee.operands[0]->text, callee.operands[0]->range)) {
      if (*module == "numpy") return lower_numpy_call(callee.text, e, env);
      if (*module == "collections") return lower_collections_call(e, env); // lower_collections.cpp
      if (*module == "itertools") return lower_itertools_call(e, env);     // lower_itertools.cpp
      if (is_python_module(*module)) return lower_stdlib_call(*module, e, env); // stdlib_modules.cpp
      std::vector<Value*> args;
      for (size_t i = 1; i < e.operands.size(); ++i) {
        Value* v = lower_expr(*e.operands[i], env);
        if (!v) return nullptr;
        args.push_back(v);
      }
      if (*module == "time") return emit1(OpKind::PerfCounter, {}, Type::float_(), e.range);
      if (*module == "math" && callee.text == "isclose") return math_isclose(e, args, env); // stdlib_modules.cpp
      return lower_math(callee.text, e, args);
    }
  }
  // np.linalg.NAME(...) (lower_numpy_linalg.cpp)
  if (callee.kind == ast::ExprKind::Attribute && callee.operands[0]->kind == ast::ExprKind::Attribute &&
      callee.operands[0]->text == "linalg" && callee.operands[0]->operands[0]->kind == ast::ExprKind::Name &&
      !env.find(callee.operands[0]->operands[0]->text)) {
    const ast::Expr& np = *callee.operands[0]->operands[0];
    if (const std::string* module = module_.use_module(np.text, np.range); module && *module == "numpy")
      return lower_linalg_call(callee.text, e, env);
  }
  if (callee.kind == ast::ExprKind::Attribute) {
    Value* object = lower_expr(*callee.operands[0], env);
    if (object && class_of(object->type())) {
      std::vector<Value*> args;
      for (size_t i = 1; i < e.operands.size(); ++i) {
        Value* v = lower_expr(*e.operands[i], env);
        if (!v) return nullptr;
        if (never_values_.count(v)) return v;
        args.push_back(v);
      }
      return call_method(object, callee.text, e, std::move(args), env);
    }
    if (object && object->type().is(TypeKind::None)) { // CPython evaluates the arguments after the lookup
      return attribute_of_none(callee.text, callee.range);
    }
    if (object && object->type().is(TypeKind::Generator)) return lower_generator_method(object, callee, e, env);
    if (object && (object->type().is(TypeKind::List) || object->type().is(TypeKind::Dict) ||
                   object->type().is(TypeKind::Set) || object->type().is(TypeKind::Str))) {
      std::vector<Value*> args;
      for (size_t i = 1; i < e.operands.size(); ++i) {
        Value* v = lower_call_argument(*e.operands[i], env);
        if (!v) return nullptr;
        if (never_values_.count(v)) return v; // what follows a raise never runs
        args.push_back(v);
      }
      if (bool handled; !object->type().container_name().empty()) { // deque, Counter: lower_collections.cpp
        Value* v = collection_method(object, callee, e, args, env, handled);
        if (handled) return v;
      }
      if (object->type().is(TypeKind::List) && callee.text != "sort" && !e.keywords.empty()) {
        type_error(e.keywords[0].name_range, "list." + callee.text + "() takes no keyword arguments");
        return nullptr;
      }
      if (object->type().is(TypeKind::List)) return lower_list_method(object, callee, e, args);
      if (object->type().is(TypeKind::Dict)) return lower_dict_method(object, callee, e, args);
      if (object->type().is(TypeKind::Set)) return lower_set_method(object, callee, e, args);
      return lower_str_method(object, callee, e, args);
    }
    return object ? lower_array_method(object, callee, e, env) : nullptr;
  }
  if (callee.kind != ast::ExprKind::Name) return nullptr; // reported by the resolver
  const std::string& name = callee.text;
  if (name == "range" && is_range_call(e, env)) return range_value(e, env); // Note [Ranges as values]
  bool user_function = module_.find_function(name) && !env.find(name);
  if (name == "len" && !user_function && !env.find(name) && e.operands.size() == 2 && e.keywords.empty() &&
      is_range_call(*e.operands[1], env))
    return range_length(*e.operands[1], env); // lower_range.cpp
  if (name == "next" && !user_function && !env.find(name)) return lower_next(e, env); // Note [next]
  if (name == "iter" && !user_function && !env.find(name)) {
    type_error(e.range, "iter() is supported only as next()'s argument: next(iter(xs)) is xs's first element",
               "loop over the value with 'for'; pyscript keeps no iterator object between calls");
    return nullptr;
  }
  if (name == "map" && !user_function && !env.find(name)) { // Note [map] (lower_comprehension.cpp)
    type_error(e.range,
               "map() is supported as the argument of list, tuple, sorted, sum, min, max, any, all, dict or "
               "str.join, which consume its iterator at once",
               "write a list comprehension: [f(x) for x in xs]");
    return nullptr;
  }
  if (name == "print" && !user_function &&
      std::any_of(e.operands.begin() + 1, e.operands.end(),
                  [](const ast::ExprPtr& a) { return a->kind == ast::ExprKind::FString; }))
    return lower_print_fstrings(e, env);
  if (!user_function && (name == "enumerate" || name == "zip")) {
    type_error(e.range, name + "() is supported as the iterable of a 'for' loop or a comprehension",
               "write [x for x in " + name + "(...)]");
    return nullptr;
  }
  if (!user_function && (name == "sum" || name == "any" || name == "all") && e.operands.size() >= 2 &&
      e.operands[1]->kind == ast::ExprKind::GeneratorExp)
    if (std::optional<Value*> v = lower_fused_reduction(name, e, env)) return *v;
  std::vector<Value*> args;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    static const std::set<std::string> consumers = {"list", "sorted", "sum", "min", "max", "any", "all", "tuple", "dict", "set"};
    Value* v = !user_function && consumers.count(name) ? lower_call_argument(*e.operands[i], env)
                                                        : lower_expr(*e.operands[i], env);
    if (!v) return nullptr;
    args.push_back(v);
  }
  // Note [Functions as values]
  // A module-level function used as a value has the type function[NAME]: nothing exists at run
  // time, and calling a variable of that type calls NAME. A function taking one is specialized per
  // function passed (its parameter types differ), as a C++ template would be. Lists of functions
  // (one signature, chosen at run time) are not built.
  if (Value* held = env.value_of(name); held && held->type().is(TypeKind::Function))
    return call_function_value(held, e, args, env); // a lambda: lower_lambda.cpp
  if (env.find(name) && !module_.find_function(name)) {
    // A variable: its read reports a name that may be undefined here; a value that is not a
    // function cannot be called.
    Value* held = lower_name(callee, env);
    if (held) type_error(callee.range, "'" + name + "' is a " + held->type().to_string() + " and cannot be called",
                         "only functions can be called; pass a module-level function to call it through a parameter");
    return nullptr;
  }
  if (const ast::FunctionDef* fn = module_.find_function(name); fn && !env.find(name)) {
    if (!module_.check_bound(name, callee.range, fn->name_range, is_main_, /*is_function=*/true)) return nullptr;
    return lower_user_call(*fn, e, args, env);
  }
  if (name == "dict" && !e.keywords.empty() && !env.find(name)) return dict_with_keywords(e, args, env);
  if (Value* out; find_builtin(name) && lower_sequence_builtin(name, e, args, out)) return out;
  if (find_builtin(name)) return lower_builtin(name, e, args);
  // A module-level variable (the resolver cannot tell whether it holds a function): reading it
  // reports a read before its assignment; any other value cannot be called.
  if (Value* held = lower_name(callee, env)) {
    if (held->type().is(TypeKind::Function))
      return call_function_value(held, e, args, env);
    type_error(callee.range, "'" + name + "' is a " + held->type().to_string() + " and cannot be called");
  }
  return nullptr;
}

// Note [Builtins as values]
// A builtin used as a value (`map(int, xs)`, `sorted(xs, key=str)`, `apply(float, s)`; the ones
// builtin_is_value lists) has the type function[builtins.NAME], and a math function
// (`map(math.sqrt, xs)`) function[math.NAME], as a module-level function has function[NAME]:
// nothing exists at run time, a function taking one is specialized on it, and a call through it is
// the builtin's own call with those positional arguments, so it checks and raises as that call does.
bool FunctionLowering::is_builtin_value(const Type& f) {
  const std::string& name = f.function_name();
  return f.elements().empty() && (name.rfind("builtins.", 0) == 0 || name.rfind("math.", 0) == 0);
}

Value* FunctionLowering::call_builtin_value(const Type& f, const ast::Expr& call, std::vector<Value*>& args) {
  const std::string& full = f.function_name();
  std::string module = full.substr(0, full.find('.'));
  std::string name = full.substr(full.find('.') + 1);
  std::string shown = module == "math" ? full : name;
  if (!call.keywords.empty()) {
    type_error(call.keywords[0].name_range, shown + "() called through a variable takes no keyword arguments in pyscript",
               "call " + shown + "(...) by its name");
    return nullptr;
  }
  const Signature* sig = module == "math" ? find_module_member("math", name) : find_builtin(name);
  int given = int(args.size());
  if (given < sig->min_args || (sig->max_args != kVariadic && given > sig->max_args)) {
    std::string takes = sig->min_args == sig->max_args ? std::to_string(sig->min_args)
                        : sig->max_args == kVariadic  ? "at least " + std::to_string(sig->min_args)
                                                      : "from " + std::to_string(sig->min_args) + " to " +
                                                            std::to_string(sig->max_args);
    diags_.error(call.range, "arity",
                 shown + "() takes " + takes + (takes == "1" ? " argument" : " arguments") + " but " +
                     std::to_string(given) + (given == 1 ? " was" : " were") + " given");
    return nullptr;
  }
  // A call expression for the builtin's lowering: its arguments' ranges are the call's own where
  // it has them (a call through a variable), else the call's.
  auto synthetic = std::make_unique<ast::Expr>(ast::ExprKind::Call, call.range);
  for (size_t i = 0; i <= args.size(); ++i) {
    const SourceRange& at = i < call.operands.size() ? call.operands[i]->range : call.range;
    auto operand = std::make_unique<ast::Expr>(ast::ExprKind::Name, at);
    operand->text = i == 0 ? name : "$arg" + std::to_string(i);
    synthetic->operands.push_back(std::move(operand));
  }
  const ast::Expr& e = *synthetic;
  synthetic_exprs_.push_back(std::move(synthetic));
  if (module == "math") return lower_math(name, e, args);
  if (Value* out; lower_sequence_builtin(name, e, args, out)) return out;
  return lower_builtin(name, e, args);
}

// An argument of a builtin or method: a generator expression is its list (Note [Comprehensions]).
Value* FunctionLowering::lower_call_argument(const ast::Expr& arg, Environment& env) {
  if (arg.kind == ast::ExprKind::GeneratorExp) return lower_comprehension(arg, env);
  // A generator's values, or an object's with a generator __iter__ (Note [Generators are inlined])
  if (may_call_generator(arg, env)) return iterable_as_list(arg, env);
  if (arg.kind == ast::ExprKind::Name)
    if (Value* held = env.value_of(arg.text); held && has_generator_iter(held->type()))
      return iterable_as_list(arg, env);
  if (arg.kind == ast::ExprKind::Call && arg.operands[0]->kind == ast::ExprKind::Name) {
    const std::string& f = arg.operands[0]->text;
    if ((f == "range" || f == "enumerate" || f == "zip") && !env.find(f) && !module_.find_function(f))
      return iterable_as_list(arg, env);
    if (f == "reversed" && !env.find(f) && !module_.find_function(f)) { // its iterator, consumed here
      bool saved = iterator_consumed_;
      iterator_consumed_ = true;
      Value* v = lower_expr(arg, env);
      iterator_consumed_ = saved;
      return v;
    }
  }
  return lower_expr(arg, env);
}

Value* FunctionLowering::lower_math(const std::string& name, const ast::Expr& e,
                                    std::vector<Value*>& args) {
  if (holds_either(args))
    return split_values(args, e.range, [&](std::vector<Value*>& v) { return lower_math(name, e, v); });
  // The math module takes a numpy scalar as the Python number it converts to.
  for (Value*& a : args)
    if (a->type().is_numpy_scalar())
      a = array_item(a, ir::is_float_dtype(a->type().dtype()) ? Type::float_()
                        : a->type().dtype() == DType::Int64 ? Type::int_() : Type::bool_(), e.range);
  if (name == "gcd" || name == "factorial" || name == "isqrt") return lower_math_int(name, e, args);
  // math.floor/ceil of an int is the int itself, exact past 2**53 (not through a double).
  if ((name == "floor" || name == "ceil") && args.size() == 1 &&
      (args[0]->type().is(TypeKind::Int) || args[0]->type().is(TypeKind::Bool)))
    return cast(args[0], Type::int_(), e.range);
  for (Value*& a : args) {
    if (!a->type().is_number()) {
      type_error(e.range, "math." + name + "() needs a number, not a " + a->type().to_string());
      return nullptr;
    }
    a = cast(a, Type::float_(), e.range);
  }
  bool to_int = name == "floor" || name == "ceil";
  ir::Node* n = emit(OpKind::MathFn, args, {to_int ? Type::int_() : Type::float_()}, e.range);
  n->set_attr("fn", name);
  return n->output();
}

// math.gcd(*ints), math.factorial(n), math.isqrt(n): ints only, as CPython 3.11 (a float is its
// TypeError, here a diagnostic).
Value* FunctionLowering::lower_math_int(const std::string& name, const ast::Expr& e, std::vector<Value*>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const Type& t = args[i]->type();
    if (!t.is(TypeKind::Int) && !t.is(TypeKind::Bool)) {
      type_error(e.operands[i + 1]->range, "'" + std::string(t.is(TypeKind::Float) ? "float" : t.to_string()) +
                                               "' object cannot be interpreted as an integer (CPython raises TypeError)",
                 t.is(TypeKind::Float) ? "convert it: int(...)" : "");
      return nullptr;
    }
    args[i] = cast(args[i], Type::int_(), e.range);
  }
  auto math = [&](std::vector<Value*> in) {
    ir::Node* n = emit(OpKind::MathFn, in, {Type::int_()}, e.range);
    n->set_attr("fn", name);
    return n->output();
  };
  if (name != "gcd") return math({args[0]});
  if (args.empty()) return const_int(0, e.range);
  Value* acc = args.size() == 1 ? math({args[0], const_int(0, e.range)}) : args[0]; // gcd(n) is abs(n)
  for (size_t i = 1; i < args.size(); ++i) acc = math({acc, args[i]});
  return acc;
}

bool FunctionLowering::print_keywords(const ast::Expr& e, std::string& sep, std::string& end) {
  sep = " ";
  end = "\n";
  for (const ast::Keyword& kw : e.keywords) {
    if (kw.value->kind == ast::ExprKind::None) continue;
    if (kw.value->kind != ast::ExprKind::Str) {
      type_error(kw.value->range, "print(" + kw.name + "=...) must be a string literal");
      return false;
    }
    (kw.name == "sep" ? sep : end) = kw.value->text;
  }
  return true;
}

bool FunctionLowering::printable(const Value* v, const SourceRange& range) {
  std::function<bool(const Type&)> holds_function = [&](const Type& t) {
    if (t.is(TypeKind::Function)) return true;
    for (const Type& e : t.elements())
      if (holds_function(e)) return true;
    return false;
  };
  if (holds_function(v->type())) {
    type_error(range, "printing a function is not supported (CPython prints its address)", "call it: f(...)");
    return false;
  }
  // An object inside a container prints with its class's __repr__ (runtime/value.cpp).
  std::function<const ClassInfo*(const Type&)> without_repr = [&](const Type& t) -> const ClassInfo* {
    if (const ClassInfo* c = class_of(t)) {
      if (c->depth < 0) // `object` (Note [The object class]): each class with instances
        for (const auto& k : module_.classes().all())
          if (k->constructed && !k->is_exception && !module_.classes().method(*k, "__repr__").first) return k.get();
      return c->depth < 0 || module_.classes().method(*c, "__repr__").first ? nullptr : c;
    }
    for (const Type& e : t.elements())
      if (const ClassInfo* c = without_repr(e)) return c;
    return nullptr;
  };
  // (An object itself prints through object_to_str; here only objects inside a container.)
  if (const ClassInfo* c = class_of(v->type()) ? nullptr : without_repr(v->type())) {
    Diagnostic& d = diags_.error(range, "unsupported",
                                 "printing a '" + c->name + "' object inside a container needs " + c->name + ".__repr__");
    d.notes.push_back({SourceRange{}, "CPython would print its address, which differs from run to run"});
    d.help.push_back("define __repr__ in class " + c->name);
    return false;
  }
  // numpy 1 prints a numpy scalar inside a tuple as 6.0, numpy 2 as np.float32(6.0).
  std::function<bool(const Type&)> holds_numpy_scalar = [&](const Type& t) {
    for (const Type& e : t.elements())
      if ((e.is(TypeKind::Array) && e.rank() == 0) || (e.is(TypeKind::Tuple) && holds_numpy_scalar(e))) return true;
    return false;
  };
  // One by itself prints through collection_to_str (Note [Collections are flavored lists and dicts]).
  if (std::any_of(v->type().elements().begin(), v->type().elements().end(),
                  [](const Type& t) { return t.holds_collection(); })) {
    type_error(range, "printing a deque, Counter or defaultdict inside a container is not supported by pyscript",
               "print it by itself, or convert it: list(d), dict(c)");
    return false;
  }
  if (v->type().is(TypeKind::Tuple) && holds_numpy_scalar(v->type())) {
    type_error(range, "printing a numpy scalar inside a tuple is not supported (numpy 1 prints 6.0, numpy 2 "
                      "np.float64(6.0))",
               "convert it to a Python number first: float(x.sum()), int(x.argmax())");
    return false;
  }
  // np.meshgrid's result (a tuple of array_meshgrid outputs): numpy 1 returns a list.
  const ir::Node* maker = v->producer();
  if (maker && maker->kind() == OpKind::TupleConstruct && !maker->inputs().empty() && maker->input(0)->producer() &&
      maker->input(0)->producer()->kind() == OpKind::ArrayMeshgrid) {
    type_error(range, "printing np.meshgrid's result is not supported (numpy 1 prints a list, numpy 2 a tuple)",
               "print its arrays: X, Y = np.meshgrid(x, y); print(X, Y)");
    return false;
  }
  std::function<bool(const Type&)> holds_generator = [&](const Type& t) {
    if (t.is(TypeKind::Generator)) return true;
    for (const Type& e : t.elements())
      if (holds_generator(e)) return true;
    return false;
  };
  if (holds_generator(v->type())) {
    type_error(range, "printing a Generator is not supported (numpy prints its address)");
    return false;
  }
  if (v->type().is(TypeKind::Unknown)) {
    type_error(range, "printing a " + v->type().to_string() + " is not supported");
    return false;
  }
  return true;
}

Value* FunctionLowering::lower_print(const ast::Expr& e, std::vector<Value*>& args) {
  std::string sep, end;
  if (!print_keywords(e, sep, end)) return nullptr;
  for (size_t i = 0; i < args.size(); ++i) {
    if (class_of(args[i]->type())) args[i] = object_to_str(args[i], false, e.operands[i + 1]->range); // __str__
    else if (!args[i]->type().container_name().empty()) args[i] = collection_to_str(args[i], e.operands[i + 1]->range);
    if (!args[i] || !printable(args[i], e.range)) return nullptr;
  }
  ir::Node* n = emit(OpKind::Print, args, {}, e.range);
  n->set_attr("sep", sep);
  n->set_attr("end", end);
  return const_none(e.range);
}

// min(), max() and round() where numpy scalars take part, as CPython runs them: max keeps the
// first argument unless a later one compares greater (so the kind of the result may be decided at
// run time: an Either), round(x) is Python's round of the number.
Value* FunctionLowering::numpy_scalar_builtin(const std::string& name, const ast::Expr& e, std::vector<Value*>& args) {
  bool any = false;
  for (Value* a : args) any = any || a->type().is_numpy_scalar();
  if (!any) return nullptr;
  if ((name == "min" || name == "max") && args.size() >= 2) {
    Value* acc = args[0];
    for (size_t i = 1; i < args.size() && acc; ++i) {
      Value* item = args[i];
      if (!(item->type().is_number() || item->type().is_numpy_scalar())) return nullptr; // reported below
      Value* better = compare(name == "max" ? ast::CompareOp::Gt : ast::CompareOp::Lt, item, acc, e);
      if (!better || !(better = truth(better, e.range))) return nullptr;
      Value* current = acc;
      acc = select(better, [&] { return item; }, [&] { return current; }, e, (name + "()").c_str());
    }
    return acc;
  }
  if (name == "round" && args[0]->type().is_numpy_scalar()) {
    Value* v = args[0];
    if (args.size() == 1) {
      if (!ir::is_float_dtype(v->type().dtype())) return array_item(v, Type::int_(), e.range);
      return emit1(OpKind::Round, {array_item(v, Type::float_(), e.range)}, Type::int_(), e.range);
    }
    // numpy's __round__ with ndigits: np.round's scaling, a numpy scalar of the same dtype.
    Value* digits = args[1];
    if (!digits->type().is(TypeKind::Int) || v->type().dtype() == DType::Bool) {
      type_error(e.range, "round() of a " + v->type().to_string() + " with ndigits of type " + digits->type().to_string() +
                              " is not supported");
      return nullptr;
    }
    return emit1(OpKind::ArrayRound, {v, digits}, v->type(), e.range);
  }
  return nullptr;
}

Value* FunctionLowering::lower_builtin(const std::string& name, const ast::Expr& e,
                                       std::vector<Value*>& args) {
  if (holds_either(args)) // Note [Python and numpy scalars meet]
    return split_values(args, e.range, [&](std::vector<Value*>& v) { return lower_builtin(name, e, v); });
  if (name == "print") return lower_print(e, args);
  // int(x), float(x), abs(x), round(x) of an Optional number: CPython's TypeError for None
  // (Note [Optional numbers]).
  static const std::map<std::string, std::string> none_messages = {
      {"int", "int() argument must be a string, a bytes-like object or a real number, not 'NoneType'"},
      {"float", "float() argument must be a string or a real number, not 'NoneType'"},
      {"abs", "bad operand type for abs(): 'NoneType'"},
      {"round", "type NoneType doesn't define __round__ method"}};
  if (auto m = none_messages.find(name); m != none_messages.end() && !args.empty() &&
                                         args[0]->type().is_optional_value()) {
    std::vector<Value*> first{args[0]};
    unwrap_numbers(first, [&](const std::vector<std::string>&) { return m->second; }, e.range);
    args[0] = first[0];
  }
  auto need_number = [&](Value* v) {
    if (v->type().is_number()) return true;
    type_error(e.range, name + "() of a " + v->type().to_string() + " is not supported");
    return false;
  };
  if (Value* r = numpy_scalar_builtin(name, e, args)) return r;
  if (!args.empty() && args[0]->type().is(TypeKind::Array) && (name != "round" || args.size() == 1)) {
    Value* v = args[0];
    if (name == "len") {
      if (v->type().rank() == 0) {
        type_error(e.range, "len() of a 0-d array");
        return nullptr;
      }
      ir::Node* n = emit(OpKind::ArrayDim, {v}, {Type::int_()}, e.range);
      n->set_attr("axis", int64_t(0));
      return n->output();
    }
    if (name == "float" || name == "int" || name == "bool")
      return array_item(v, name == "float" ? Type::float_() : name == "int" ? Type::int_() : Type::bool_(), e.range);
    if (name == "abs") return array_unary("abs", v, e.range);
    if (name != "print") {
      type_error(e.range, name + "() of an array is not supported",
                 name == "min" || name == "max" ? "use np." + name + "(x) or x." + name + "()" : "");
      return nullptr;
    }
  }
  if (name == "len") {
    Value* v = args[0];
    if (v->type().is(TypeKind::Tuple)) return const_int(int64_t(v->type().elements().size()), e.range);
    ir::Node* p = v->producer();
    if (v->type().is(TypeKind::Str) && p && p->kind() == OpKind::Constant) {
      const std::string& s = p->str_attr("value");
      int64_t chars = 0;
      for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
      return const_int(chars, e.range);
    }
    type_error(e.range, "len() of a " + v->type().to_string() + " is not supported");
    return nullptr;
  }
  if (name == "abs") {
    if (!need_number(args[0])) return nullptr;
    Value* v = cast(args[0], args[0]->type().is(TypeKind::Bool) ? Type::int_() : args[0]->type(), e.range);
    return emit1(OpKind::Abs, {v}, v->type(), e.range);
  }
  if (name == "min" || name == "max") {
    std::vector<Value*> items = args;
    if (items.size() == 1) {
      Value* t = items[0];
      if (!t->type().is(TypeKind::Tuple) || t->type().elements().empty()) {
        type_error(e.range, name + "() of one " + t->type().to_string() + " is not supported",
                   "pass the values as separate arguments");
        return nullptr;
      }
      items.clear();
      for (size_t i = 0; i < t->type().elements().size(); ++i) {
        ir::Node* get = emit(OpKind::TupleGet, {t}, {t->type().elements()[i]}, e.range);
        get->set_attr("index", int64_t(i));
        items.push_back(get->output());
      }
    }
    // CPython's result type would depend on which value wins: int and float do not mix here.
    Type common = items[0]->type();
    for (Value* v : items) {
      if (!need_number(v)) return nullptr;
      if (v->type() != common) {
        Diagnostic& d = diags_.error(e.range, "type",
                                     name + "() of " + common.to_string() + " and " +
                                         v->type().to_string() +
                                         " would give either type, depending on the values");
        d.help.push_back("convert the arguments to one type, e.g. with float(...)");
        return nullptr;
      }
    }
    Value* acc = items[0];
    if (common.is(TypeKind::Bool)) {
      type_error(e.range, name + "() of bools is not supported");
      return nullptr;
    }
    for (size_t i = 1; i < items.size(); ++i)
      acc = emit1(name == "min" ? OpKind::Min : OpKind::Max, {acc, items[i]}, common, e.range);
    return acc;
  }
  if (name == "int" || name == "float" || name == "bool") {
    if (args.empty()) {
      if (name == "int") return const_int(0, e.range);
      if (name == "float") return const_float(0.0, e.range);
      return const_bool(false, e.range);
    }
    Value* v = args[0];
    if (name == "bool") return truth(v, e.range);
    if (name == "float" && v->type().is(TypeKind::Str)) {
      // float("inf"), float("nan"), float("1.5"): a constant.
      ir::Node* p = v->producer();
      if (p && p->kind() == OpKind::Constant) {
        std::string s = p->str_attr("value");
        char* end = nullptr;
        double d = std::strtod(s.c_str(), &end);
        if (!s.empty() && end && *end == '\0') return const_float(d, e.range);
      }
      type_error(e.range, "float() of this string is not supported");
      return nullptr;
    }
    if (!need_number(v)) return nullptr;
    return cast(v, name == "int" ? Type::int_() : Type::float_(), e.range);
  }
  if (name == "round") {
    Value* v = args[0];
    if (!need_number(v)) return nullptr;
    if (args.size() == 1) {
      if (!v->type().is(TypeKind::Float)) return cast(v, Type::int_(), e.range);
      return emit1(OpKind::Round, {v}, Type::int_(), e.range);
    }
    Value* digits = args[1];
    if (!digits->type().is(TypeKind::Int)) {
      type_error(e.range, "round()'s ndigits must be an int");
      return nullptr;
    }
    if (!v->type().is(TypeKind::Float)) {
      ir::Node* p = digits->producer();
      if (p && p->kind() == OpKind::Constant && p->int_attr("value") >= 0)
        return cast(v, Type::int_(), e.range);
      type_error(e.range, "round() of an int with ndigits that may be negative is not supported");
      return nullptr;
    }
    return emit1(OpKind::Round, {v, digits}, Type::float_(), e.range);
  }
  PYSCRIPT_UNREACHABLE("builtin " + name + " has no lowering");
}

namespace {

// A parameter default as a value: literals only (CPython evaluates defaults once, at `def`).
const ast::Expr* literal_default(const ast::Expr& e) {
  switch (e.kind) {
  case ast::ExprKind::Int:
  case ast::ExprKind::Float:
  case ast::ExprKind::Bool:
  case ast::ExprKind::None:
  case ast::ExprKind::Str: return &e;
  case ast::ExprKind::Unary:
    if (e.unary_op == ast::UnaryOp::Neg && (e.operands[0]->kind == ast::ExprKind::Int ||
                                            e.operands[0]->kind == ast::ExprKind::Float))
      return &e;
    return nullptr;
  case ast::ExprKind::Tuple:
    for (const ast::ExprPtr& op : e.operands)
      if (!literal_default(*op)) return nullptr;
    return &e;
  default: return nullptr;
  }
}

} // namespace

Value* FunctionLowering::lower_user_call(const ast::FunctionDef& fn, const ast::Expr& e,
                                         std::vector<Value*>& args, Environment& env) {
  // Keyword arguments and defaults fill the parameters after the positional arguments.
  std::vector<Value*> full(fn.params.size(), nullptr);
  for (size_t i = 0; i < args.size() && i < full.size(); ++i) full[i] = args[i];
  for (const ast::Keyword& kw : e.keywords) {
    for (size_t i = 0; i < fn.params.size(); ++i) {
      if (fn.params[i].name != kw.name) continue;
      full[i] = lower_expr(*kw.value, env);
      if (!full[i]) return nullptr;
    }
  }
  for (size_t i = 0; i < full.size(); ++i) {
    if (full[i]) continue;
    const ast::Param& p = fn.params[i];
    if (!p.default_value) return nullptr; // reported by the resolver
    if (!literal_default(*p.default_value)) {
      Diagnostic& d = diags_.error(p.default_value->range, "unsupported",
                                   "a default value must be a literal (a number, string, bool, "
                                   "None or tuple of these)");
      d.help.push_back("make the parameter required, and pass the value at each call");
      return nullptr;
    }
    Environment empty;
    full[i] = lower_expr(*p.default_value, empty);
    if (!full[i]) return nullptr;
  }
  if (ast::is_generator(fn)) return generator_called(fn, e, full); // Note [Generators are inlined]
  std::vector<Type> types;
  for (Value* v : full) types.push_back(v->type());
  ir::Function* callee = module_.specialize(fn, types);
  if (!callee) return nullptr;
  // An empty list or dict passed in (or captured) and filled by the callee: the callee has fixed
  // its element type, and the caller's container is the same one (Note [Empty containers]).
  for (size_t i = 0; i < full.size(); ++i)
    if (full[i]->type().has_unknown() && i < callee->graph->inputs().size())
      adopt_element_types(full[i]->type(), callee->graph->inputs()[i]->type());
  Type result = callee->return_type;
  if (FunctionLowering* pending = module_.in_progress(callee)) {
    std::optional<Type> so_far = pending->return_type_so_far();
    // A function that never returns a value (a procedure that prints, say) returns None.
    if (!so_far && !contains_return(fn.body, /*with_value=*/true)) so_far = Type::none();
    const auto& known = module_.classes().field_types->recursive_returns;
    if (auto it = known.find(callee->name); it != known.end()) so_far = it->second;
    if (!so_far) { // Note [Recursive calls before a return]: a value that never arrives, this round
      pending->recursive_call_unknown(e.range);
      Value* v = uninitialized(Type::none(), e.range);
      never_values_.insert(v);
      return v;
    }
    pending->recursive_call_assumed(*so_far);
    result = *so_far;
  }
  std::vector<Type> outputs;
  if (!result.is(TypeKind::None)) outputs.push_back(result);
  ir::Node* call = emit(OpKind::Call, full, outputs, e.range);
  call->set_attr("callee", callee->name);
  Value* out = outputs.empty() ? const_none(e.range) : call->output();
  if (module_.never_returns(callee->name)) never_values_.insert(out); // Note [Functions that never return]
  return out;
}

// Note [Recursive calls before a return]
// `if n < 0: return "minus " + to_words(-n)` calls the function before any return says what it
// returns. That call gives a value that never arrives (as after a raise: what uses it is not
// lowered) and the function is lowered on; its returns then give its type, recorded in
// FieldTypes::recursive_returns, and the module is lowered again with the calls typed. A
// recursive call typed by the returns before it (or the last round) whose function ends up
// returning another type (an Optional, once a `return None` follows) is lowered again too.
// With no return that is not recursive, the call is the diagnostic.
void FunctionLowering::settle_recursive_returns(const std::string& fn_name) {
  auto& known = module_.classes().field_types->recursive_returns;
  bool mismatch = false;
  for (const Type& t : recursive_assumed_) mismatch |= return_type_ && t != *return_type_;
  if (unknown_recursive_calls_.empty() && !mismatch) return;
  if (return_type_ && !(known.count(function_.name) && known[function_.name] == *return_type_)) {
    known[function_.name] = *return_type_;
    module_.classes().field_types->recursive_sites[function_.name] = {function_.range, function_.source_name};
    throw RestartLowering{};
  }
  for (const SourceRange& at : unknown_recursive_calls_) {
    Diagnostic& d = diags_.error(at, "type",
                                 "cannot tell what the recursive call of '" + fn_name + "' returns: no return of '" +
                                     fn_name + "' comes before it");
    d.help.push_back("put the base case ('if ...: return ...') before the recursive call");
  }
}

// `have` holds Unknowns (an empty container's element type still open) where `got`, the same
// value's type as a callee saw it, may know them: each such Unknown is fixed in this function.
void FunctionLowering::adopt_element_types(Type have, Type got) { // copies: fix_unknown rewrites types
  if (have.is(TypeKind::Unknown) && have.rank() > 0) {
    if (!got.has_unknown()) fix_unknown(have.rank(), got);
    return;
  }
  if (have.kind() != got.kind() || have.elements().size() != got.elements().size()) return;
  for (size_t k = 0; k < have.elements().size(); ++k) {
    Type h = have.elements()[k], g = got.elements()[k];
    adopt_element_types(h, g);
  }
}

} // namespace pyscript::lower
