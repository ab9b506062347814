// np.random -> IR: numpy's legacy functions on the module's RandomState (np.random.seed, rand,
// randn, randint, uniform, normal, random, choice, permutation, ...) and Generator objects
// (rng = np.random.default_rng(seed); rng.random(...), rng.integers(...), ...). Each call becomes
// one random op (Note [Random draws] in ir/verify_random.cpp) whose result is what numpy 1.24
// returns for these argument types: a Python float or int, a numpy scalar (a 0-d array), or an
// array. The numbers are numpy's, bit for bit, for the same seed (runtime/random_api.cpp).
//
// Note [Random effects]
// A draw reads and writes its generator's state, so every random op is an effect, flagged so in
// ir/ops.def (not kPure), and each pass asks that flag: CSE merges only pure nodes, so two
// identical draws stay two draws; DCE removes only nodes that never raise and have no effect, so
// an unused draw stays and still advances the stream; the constant folder folds a closed list of
// arithmetic ops, never these; fusion moves a node only past pure ones, so no other effect moves
// across a draw; inlining copies a body's nodes in order. Draws run in program order, once each.
// tests/golden/lower/random_effects.py shows it.
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include <optional>
#include <set>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

// numpy's parameter lists, by the name numpy gives each (positional order).
using Params = std::vector<std::string_view>;

const Params kSizeOnly = {"size"};
const Params kLocScale = {"loc", "scale", "size"};
const Params kLowHigh = {"low", "high", "size"};
const Params kChoice = {"a", "size", "replace", "p", "shuffle"};

bool is_none(const ast::Expr* e) {
  return !e || e->kind == ast::ExprKind::None;
}

} // namespace

// Whether `e` is np.random (np a name of numpy that no variable hides).
bool FunctionLowering::names_numpy_random(const ast::Expr& e, Environment& env) {
  if (e.kind != ast::ExprKind::Attribute || e.text != "random") return false;
  const ast::Expr& object = *e.operands[0];
  if (object.kind != ast::ExprKind::Name || env.find(object.text)) return false;
  const std::string* module = module_.use_module(object.text, object.range);
  return module && *module == "numpy";
}

// The call's arguments by parameter (null: not given), and their values, lowered in the order of
// the source as CPython evaluates them (an argument may draw too); the literal ones (dtype=,
// replace=, shuffle=, endpoint=) are read, not lowered. False after a diagnostic, as when a keyword
// repeats a positional argument. The resolver checked the counts and the keywords' names.
bool FunctionLowering::bind_random_args(const ast::Expr& call,
                                        const std::vector<std::string_view>& names,
                                        std::vector<const ast::Expr*>& out,
                                        std::vector<Value*>& values, Environment& env) {
  out.assign(names.size(), nullptr);
  values.assign(names.size(), nullptr);
  auto take = [&](size_t i, const ast::Expr* e) {
    out[i] = e;
    static const std::set<std::string_view> literal = {"dtype", "replace", "shuffle", "endpoint"};
    if (literal.count(names[i])) return true;
    return (values[i] = lower_expr(*e, env)) != nullptr;
  };
  for (size_t i = 1; i < call.operands.size() && i - 1 < names.size(); ++i)
    if (!take(i - 1, call.operands[i].get())) return false;
  for (const ast::Keyword& kw : call.keywords) {
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i] != kw.name) continue;
      if (out[i]) {
        type_error(kw.name_range, "got multiple values for argument '" + kw.name + "'");
        return false;
      }
      if (!take(i, kw.value.get())) return false;
    }
  }
  return true;
}

// A float parameter (loc, scale, low, high): a number, or a numpy scalar as the float it holds.
Value* FunctionLowering::random_float_param(const ast::Expr* e, Value* v, double fallback,
                                            const ast::Expr& call) {
  if (!e) return const_float(fallback, call.range);
  if (e->kind == ast::ExprKind::None) {
    type_error(e->range, "None is not a number here", "leave the argument out for numpy's default");
    return nullptr;
  }
  if (v->type().is(TypeKind::Array) && v->type().rank() == 0)
    return array_item(v, Type::float_(), e->range);
  if (v->type().is(TypeKind::Array)) {
    type_error(e->range,
               "an array of parameters is not supported (numpy draws one value per element)",
               "draw the standard values and scale them: loc + scale * rng.standard_normal(size)");
    return nullptr;
  }
  if (!v->type().is_number()) {
    type_error(e->range, "a number is needed here, not a " + v->type().to_string());
    return nullptr;
  }
  return cast(v, Type::float_(), e->range);
}

// An int parameter (bounds, a seed, a population), `v` the value of `e`: an int or bool, or a
// numpy int scalar.
Value* FunctionLowering::random_int_param(const ast::Expr& e, Value* v, const char* what) {
  const Type& t = v->type();
  if (t.is(TypeKind::Array) && t.rank() == 0 &&
      (t.dtype() == DType::Int64 || t.dtype() == DType::Bool))
    return array_item(v, Type::int_(), e.range);
  if (t.is(TypeKind::Int) || t.is(TypeKind::Bool)) return cast(v, Type::int_(), e.range);
  type_error(e.range, std::string(what) + " must be an int here, not a " + t.to_string(),
             t.is(TypeKind::Float) ? "convert it with int(...)" : "");
  return nullptr;
}

// `size`: None gives a scalar (false in `has_size`), an int or a tuple of ints the dims.
bool FunctionLowering::random_size(const ast::Expr* e, Value* v, std::vector<Value*>& dims,
                                   bool& has_size) {
  has_size = !is_none(e);
  return !has_size || shape_dims(v, e->range, dims);
}

// A literal True or False (replace=, shuffle=, endpoint=): it decides the kind of the result or
// how numpy draws, so it must be known when compiling.
std::optional<bool> FunctionLowering::random_flag(const ast::Expr* e, bool fallback,
                                                  const char* name) {
  if (!e) return fallback;
  if (e->kind == ast::ExprKind::Bool) return e->bool_value;
  type_error(e->range, std::string(name) + "= must be True or False, written literally");
  return std::nullopt;
}

// The dtype= of a draw: numpy's default, or one that gives the same numbers; nothing after a
// diagnostic.
std::optional<DType> FunctionLowering::random_dtype(const ast::Expr* e, DType fallback,
                                                    const std::string& fn, bool float32_ok) {
  if (is_none(e)) return fallback;
  std::optional<DType> d = dtype_of_expr(*e);
  if (!d) return std::nullopt;
  if (*d == fallback || (float32_ok && *d == DType::Float32)) return d;
  type_error(e->range, fn + " with dtype " + ir::dtype_name(*d) + " is not supported",
             std::string("pyscript draws ") + ir::dtype_name(fallback) +
                 (float32_ok ? " or float32" : "") + " here; convert the result with .astype(...)");
  return std::nullopt;
}

// Emits random_draw[fn](generator?, params..., dims...); the result is `scalar` without a size,
// else an array of `dtype` (Note [Random draws]).
Value* FunctionLowering::emit_draw(const std::string& fn, Value* generator,
                                   const std::vector<Value*>& params,
                                   const std::vector<Value*>& dims, bool has_size,
                                   const Type& scalar, DType dtype, const SourceRange& r) {
  std::vector<Value*> inputs;
  if (generator) inputs.push_back(generator);
  for (Value* v : params)
    inputs.push_back(v);
  for (Value* v : dims)
    inputs.push_back(v);
  Type out = has_size || scalar.is(TypeKind::Array) ? Type::array(dtype, int(dims.size())) : scalar;
  ir::Node* n = emit(OpKind::RandomDraw, inputs, {out}, r);
  n->set_attr("fn", fn);
  n->set_attr("legacy", generator == nullptr);
  n->set_attr("params", int64_t(params.size()));
  if (fn == "integers") n->set_attr("endpoint", false);
  return n->output();
}

// choice(a, size=None, replace=True, p=None[, shuffle=True]) for both kinds of state.
Value* FunctionLowering::random_choice(Value* generator, const ast::Expr& e, Environment& env) {
  std::vector<const ast::Expr*> args;
  std::vector<Value*> values;
  if (!bind_random_args(e, kChoice, args, values, env)) return nullptr;
  if (!args[0]) {
    type_error(e.range, "choice() missing required argument 'a'");
    return nullptr;
  }
  Value* a = values[0];
  // A numpy int scalar is a population size, as an int is.
  const Type& at = a->type();
  bool a_is_array = at.is(TypeKind::Array) &&
                    !(at.rank() == 0 && (at.dtype() == DType::Int64 || at.dtype() == DType::Bool));
  if (a_is_array && a->type().rank() != 1) {
    bool zero_d = a->type().rank() == 0;
    type_error(args[0]->range,
               zero_d      ? "a must be 1-dimensional or an integer (numpy raises ValueError)"
               : generator ? "choice of an array's rows is not supported"
                           : "a must be 1-dimensional (numpy raises ValueError)",
               zero_d ? "pass the population size as an int: int(a)"
                      : "choose row numbers with choice(len(a), ...)");
    return nullptr;
  }
  if (!a_is_array && !(a = random_int_param(*args[0], a, "a"))) return nullptr;
  std::vector<Value*> params{a};
  if (!is_none(args[3])) {
    Value* p = values[3];
    if (!p->type().is(TypeKind::Array) || p->type().rank() != 1 ||
        !ir::is_float_dtype(p->type().dtype())) {
      type_error(args[3]->range, "p must be a 1-d float array, not a " + p->type().to_string(),
                 "write p=np.array([...])");
      return nullptr;
    }
    params.push_back(p);
  }
  std::optional<bool> replace = random_flag(args[2], true, "replace");
  std::optional<bool> shuffle = random_flag(args[4], true, "shuffle");
  std::vector<Value*> dims;
  bool has_size;
  if (!replace || !shuffle || !random_size(args[1], values[1], dims, has_size)) return nullptr;
  DType dtype = a_is_array ? a->type().dtype() : DType::Int64;
  // choice(5) is a Python int; choice of an array gives an element: a numpy scalar.
  Type scalar = a_is_array ? Type::array(dtype, 0) : Type::int_();
  Value* v = emit_draw("choice", generator, params, dims, has_size, scalar, dtype, e.range);
  v->producer()->set_attr("replace", *replace);
  v->producer()->set_attr("shuffle", *shuffle);
  return v;
}

// permutation(x): an int gives arange(x) shuffled, an array its rows shuffled (a new array).
Value* FunctionLowering::random_permutation(Value* generator, const ast::Expr& e,
                                            Environment& env) {
  if (e.operands.size() != 2) return nullptr; // reported by the resolver
  const ast::Expr& arg = *e.operands[1];
  Value* x = lower_expr(arg, env);
  if (!x) return nullptr;
  if (x->type().is(TypeKind::Array) && x->type().rank() == 0) {
    type_error(arg.range,
               "permutation of a 0-d array: numpy raises " +
                   std::string(generator ? "AxisError"
                                         : "IndexError: x must be an integer or at least "
                                           "1-dimensional"));
    return nullptr;
  }
  if (!x->type().is(TypeKind::Array) && !(x = random_int_param(arg, x, "x"))) return nullptr;
  Type out = x->type().is(TypeKind::Array) ? x->type() : Type::array(DType::Int64, 1);
  std::vector<Value*> inputs;
  if (generator) inputs.push_back(generator);
  inputs.push_back(x);
  ir::Node* n = emit(OpKind::RandomDraw, inputs, {out}, e.range);
  n->set_attr("fn", std::string("permutation"));
  n->set_attr("legacy", generator == nullptr);
  n->set_attr("params", int64_t(1));
  return n->output();
}

// randint(low, high=None, size=None, dtype=int) / rng.integers(low, high=None, size=None,
// dtype=np.int64, endpoint=False).
Value* FunctionLowering::random_integers(Value* generator, const ast::Expr& e, Environment& env) {
  static const Params legacy_names = {"low", "high", "size", "dtype"};
  static const Params generator_names = {"low", "high", "size", "dtype", "endpoint"};
  std::vector<const ast::Expr*> args;
  std::vector<Value*> values;
  if (!bind_random_args(e, generator ? generator_names : legacy_names, args, values, env))
    return nullptr;
  std::string fn = generator ? "integers" : "randint";
  if (is_none(args[0])) {
    type_error(e.range, fn + "() needs low (numpy raises TypeError without it)");
    return nullptr;
  }
  std::vector<Value*> params;
  for (int i = 0; i < 2; ++i) {
    if (is_none(args[size_t(i)])) continue;
    Value* v = random_int_param(*args[size_t(i)], values[size_t(i)], i == 0 ? "low" : "high");
    if (!v) return nullptr;
    params.push_back(v);
  }
  std::optional<bool> endpoint =
      generator ? random_flag(args[4], false, "endpoint") : std::optional(false);
  std::vector<Value*> dims;
  bool has_size;
  if (!endpoint || !random_dtype(args[3], DType::Int64, fn, false) ||
      !random_size(args[2], values[2], dims, has_size))
    return nullptr;
  // randint(5) is a Python int, rng.integers(5) an np.int64.
  Type scalar = generator ? Type::array(DType::Int64, 0) : Type::int_();
  Value* v =
      emit_draw("integers", generator, params, dims, has_size, scalar, DType::Int64, e.range);
  v->producer()->set_attr("endpoint", *endpoint);
  return v;
}

// The draws of floats: random/standard_normal (size, dtype), normal/uniform (two params, size).
Value* FunctionLowering::random_floats(const std::string& fn, Value* generator, const ast::Expr& e,
                                       Environment& env) {
  static const Params with_dtype = {"size", "dtype"};
  bool two = fn == "normal" || fn == "uniform";
  const Params& names = two         ? (fn == "normal" ? kLocScale : kLowHigh)
                        : generator ? with_dtype
                                    : kSizeOnly;
  std::vector<const ast::Expr*> args;
  std::vector<Value*> values;
  if (!bind_random_args(e, names, args, values, env)) return nullptr;
  auto array_like = [](Value* v) {
    return v && ((v->type().is(TypeKind::Array) && v->type().rank() > 0) || v->type().is(TypeKind::List));
  };
  if (fn == "normal" && (array_like(values[0]) || array_like(values[1])))
    return random_normal_arrays(generator, e, args, values);
  std::vector<Value*> params;
  if (two) {
    for (size_t i = 0; i < 2; ++i) {
      Value* v = random_float_param(args[i], values[i], i == 0 ? 0.0 : 1.0, e);
      if (!v) return nullptr;
      params.push_back(v);
    }
  }
  DType dtype = DType::Float64;
  if (!two && generator) {
    std::optional<DType> d = random_dtype(args[1], DType::Float64, fn, fn == "random");
    if (!d) return nullptr;
    dtype = *d;
  }
  std::vector<Value*> dims;
  bool has_size;
  size_t size_at = two ? 2 : 0;
  if (!random_size(args[size_at], values[size_at], dims, has_size)) return nullptr;
  Value* v = emit_draw(fn, generator, params, dims, has_size, Type::float_(), dtype, e.range);
  // rng.random(dtype=np.float32) without a size: numpy widens the float32 draw to a Python float.
  if (dtype == DType::Float32 && !has_size)
    v->producer()->set_attr("dtype", std::string("float32"));
  return v;
}

// normal(loc, scale, size) with an array (or list) of locs or scales. numpy draws, in C order over
// the result, loc + scale * z with z one standard normal draw per element (random_normal, and
// legacy_normal on a RandomState): the standard normal draws of `size`, then the same arithmetic
// on arrays, after numpy's check of the scales. The parameters must broadcast to `size` (numpy's
// output shape: they may not have more axes); without a size, their broadcast shape is it.
Value* FunctionLowering::random_normal_arrays(Value* generator, const ast::Expr& e,
                                              const std::vector<const ast::Expr*>& args,
                                              const std::vector<Value*>& values) {
  const SourceRange& r = e.range;
  std::vector<Value*> dims;
  bool has_size;
  if (!random_size(args[2], values[2], dims, has_size)) return nullptr;
  Value* params[2];
  for (size_t i = 0; i < 2; ++i) {
    Value* v = values[i];
    if (!args[i]) {
      params[i] = const_float(i == 0 ? 0.0 : 1.0, r);
      continue;
    }
    if (v->type().is(TypeKind::List)) { // np.asarray of (nested) lists of numbers
      int rank = 0;
      Type t = v->type();
      for (; t.is(TypeKind::List); t = t.elements()[0]) ++rank;
      if (!t.is_number() || (has_size && rank > int(dims.size()))) {
        type_error(args[i]->range, t.is_number() ? "these parameters have more axes than size= (numpy raises ValueError)"
                                                 : "a list of numbers is needed here, not a " + v->type().to_string());
        return nullptr;
      }
      v = emit1(OpKind::ArrayFromList, {v}, Type::array(DType::Float64, rank), args[i]->range);
    } else if (v->type().is(TypeKind::Array) && v->type().rank() > 0) {
      if (has_size && v->type().rank() > int(dims.size())) {
        type_error(args[i]->range, "these parameters have more axes than size= (numpy raises ValueError)");
        return nullptr;
      }
    } else if (!(v = random_float_param(args[i], v, 0.0, e))) {
      return nullptr;
    }
    params[i] = v;
  }
  ast::Expr call(ast::ExprKind::Call, r);
  if (!has_size) { // the parameters' broadcast shape
    bool both = params[0]->type().is(TypeKind::Array) && params[1]->type().is(TypeKind::Array);
    Value* shaped = both ? array_binary("add", params[0], params[1], call)
                         : params[0]->type().is(TypeKind::Array) ? params[0] : params[1];
    if (!shaped) return nullptr;
    for (int k = 0; k < shaped->type().rank(); ++k) {
      ir::Node* d = emit(OpKind::ArrayDim, {shaped}, {Type::int_()}, r);
      d->set_attr("axis", int64_t(k));
      dims.push_back(d->output());
    }
  }
  Value* scale = params[1];
  Value* negative = scale->type().is(TypeKind::Array)
                        ? array_reduce("any", array_binary("lt", scale, const_float(0.0, r), call), call, nullptr)
                        : emit1(OpKind::Lt, {scale, const_float(0.0, r)}, Type::bool_(), r);
  if (!negative || !(negative = truth(negative, r))) return nullptr;
  raise_if(negative, PYRT_VALUE_ERROR, "scale < 0", r);
  Value* z = emit_draw("standard_normal", generator, {}, dims, true, Type::float_(), DType::Float64, r);
  Value* scaled = array_binary("mul", scale, z, call);
  return scaled ? array_binary("add", params[0], scaled, call) : nullptr;
}

// rand(d0, d1, ...) and randn(d0, d1, ...): dims as separate ints; none gives a float.
Value* FunctionLowering::random_rand(const std::string& fn, const ast::Expr& e, Environment& env) {
  std::vector<Value*> dims;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* d = lower_expr(*e.operands[i], env);
    if (!d) return nullptr;
    if (!d->type().is(TypeKind::Int)) {
      type_error(e.operands[i]->range,
                 "np.random." + std::string(fn == "random" ? "rand" : "randn") +
                     "() takes its dimensions as ints, not a " + d->type().to_string() +
                     " (numpy raises TypeError)",
                 d->type().is(TypeKind::Tuple)
                     ? "pass them separately: np.random.rand(2, 3), or use "
                       "np.random.random((2, 3))"
                     : "");
      return nullptr;
    }
    dims.push_back(d);
  }
  return emit_draw(fn, nullptr, {}, dims, !dims.empty(), Type::float_(), DType::Float64, e.range);
}

// seed(seed=None) and default_rng(seed=None): an int seed, or None for one from the OS.
Value* FunctionLowering::random_seeding(bool generator, const ast::Expr& e, Environment& env) {
  std::vector<const ast::Expr*> args;
  std::vector<Value*> values;
  if (!bind_random_args(e, {"seed"}, args, values, env)) return nullptr;
  std::vector<Value*> inputs;
  if (!is_none(args[0])) {
    Value* seed = random_int_param(*args[0], values[0], "the seed");
    if (!seed) return nullptr;
    inputs.push_back(seed);
  }
  if (generator) return emit1(OpKind::RandomNew, inputs, Type::generator(), e.range);
  emit(OpKind::RandomSeed, inputs, {}, e.range);
  return const_none(e.range);
}

Value* FunctionLowering::lower_random_call(const std::string& name, const ast::Expr& e,
                                           Environment& env) {
  if (name == "seed" || name == "default_rng") return random_seeding(name == "default_rng", e, env);
  if (name == "rand") return random_rand("random", e, env);
  if (name == "randn") return random_rand("standard_normal", e, env);
  if (name == "randint") return random_integers(nullptr, e, env);
  if (name == "random" || name == "random_sample" || name == "ranf" || name == "sample")
    return random_floats("random", nullptr, e, env);
  if (name == "standard_normal" || name == "normal" || name == "uniform")
    return random_floats(name, nullptr, e, env);
  if (name == "choice") return random_choice(nullptr, e, env);
  if (name == "permutation") return random_permutation(nullptr, e, env);
  return nullptr; // shuffle, and what np.random lacks: reported by the resolver
}

Value* FunctionLowering::lower_generator_method(Value* rng, const ast::Expr& callee,
                                                const ast::Expr& e, Environment& env) {
  const std::string& name = callee.text;
  if (name == "random" || name == "standard_normal" || name == "normal" || name == "uniform")
    return random_floats(name, rng, e, env);
  if (name == "integers") return random_integers(rng, e, env);
  if (name == "choice") return random_choice(rng, e, env);
  if (name == "permutation") return random_permutation(rng, e, env);
  type_error(callee.text_range, "a Generator has no method '" + name + "' in pyscript",
             "pyscript's Generator has random, standard_normal, integers, normal, uniform, choice "
             "and permutation");
  return nullptr;
}

} // namespace pyscript::lower
