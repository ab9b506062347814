// The verifier's cases for numpy's random ops; codegen/emit_random.cpp relies on every attribute
// and operand checked here (a loaded artifact is checked by the verifier only).
#include "ir/verify_random.hpp"

#include <set>

namespace pyscript::ir {

// Note [Random draws]
// random_draw[fn, legacy, params](generator?, params..., dims...) -> a value
//   legacy=true:  the module's legacy RandomState (np.random.*), no generator operand;
//   legacy=false: operand 0 is the Generator drawn from (rng.*).
//   `params` operands follow, as `fn` takes them:
//     random, standard_normal   none
//     normal, uniform           two floats (loc, scale / low, high)
//     integers                  one int (high; low 0 and numpy's "high <= 0") or two (low, high);
//                               [endpoint=bool]: the Generator's endpoint=True
//     choice                    a (an int, or a 1-d array), then p (a 1-d float array) when given;
//                               [replace=bool, shuffle=bool]
//     permutation               x (an int, or an array of rank 1 or more); no dims
//   then the dims of `size`, ints. The result: a Python float or int when size is None and numpy
//   returns one (no dims), else an array of that many dims (a numpy scalar is 0-d: np.int64 from
//   Generator.integers, an element from choice of an array); permutation's is int64[n] or x's.
//   Generator.random(dtype=np.float32) gives a float32 array, or with no size a float with
//   [dtype="float32"] (numpy widens the float32 draw to a Python float).
namespace {

using Error = std::optional<std::string>;

template <class T> bool has(const Node& n, const char* name) {
  const AttrValue* v = n.attr(name);
  return v && std::holds_alternative<T>(*v);
}

bool is_float_array_1d(const Type& t) {
  return t.is(TypeKind::Array) && t.rank() == 1 && is_float_dtype(t.dtype());
}

// The params operands of `fn`, from `first`.
Error check_params(const Node& n, const std::string& fn, size_t first, size_t count) {
  auto type = [&](size_t i) { return n.input(first + i)->type(); };
  if (fn == "random" || fn == "standard_normal")
    return count == 0 ? Error() : Error("takes no parameters");
  if (fn == "normal" || fn == "uniform") {
    if (count != 2) return fn + " takes two parameters";
    return type(0).is(TypeKind::Float) && type(1).is(TypeKind::Float)
               ? Error()
               : Error("parameters must be floats");
  }
  if (fn == "integers") {
    if (count != 1 && count != 2) return "integers takes one or two parameters";
    for (size_t i = 0; i < count; ++i)
      if (!type(i).is(TypeKind::Int)) return "bounds must be ints";
    return has<bool>(n, "endpoint") ? Error() : Error("missing the endpoint attribute");
  }
  if (fn == "choice") {
    if (count != 1 && count != 2) return "choice takes a, then p";
    const Type& a = type(0);
    if (!a.is(TypeKind::Int) && !(a.is(TypeKind::Array) && a.rank() == 1))
      return "a must be an int or a 1-d array";
    if (count == 2 && !is_float_array_1d(type(1))) return "p must be a 1-d float array";
    return has<bool>(n, "replace") && has<bool>(n, "shuffle") ? Error()
                                                              : Error("missing replace or shuffle");
  }
  if (fn == "permutation") {
    if (count != 1) return "permutation takes x";
    const Type& x = type(0);
    return x.is(TypeKind::Int) || (x.is(TypeKind::Array) && x.rank() >= 1)
               ? Error()
               : Error("x must be an int or an array");
  }
  return "unknown fn '" + fn + "'";
}

// The result of `fn` with `dims` dims.
Error check_result(const Node& n, const std::string& fn, bool legacy, const Value* first_param,
                   size_t dims) {
  const Type& out = n.output()->type();
  if (fn == "permutation") {
    Type want =
        first_param->type().is(TypeKind::Int) ? Type::array(DType::Int64, 1) : first_param->type();
    return dims == 0 && out == want ? Error()
                                    : Error("the result is " + want.to_string() + ", without dims");
  }
  bool float_fn = fn != "integers" && fn != "choice";
  Type scalar = float_fn ? Type::float_() : Type::int_();
  DType dtype = float_fn ? DType::Float64 : DType::Int64;
  if (fn == "choice" && first_param->type().is(TypeKind::Array))
    dtype = first_param->type().dtype();
  if (out.is(TypeKind::Array)) {
    bool f32 = fn == "random" && !legacy && out.dtype() == DType::Float32;
    if (out.rank() != int(dims)) return "the result's rank differs from the dims given";
    return out.dtype() == dtype || f32
               ? Error()
               : Error("the result's dtype is " + std::string(dtype_name(dtype)));
  }
  if (dims != 0) return "a scalar result takes no dims";
  if (const AttrValue* d = n.attr("dtype"))
    if (!(fn == "random" && !legacy && out.is(TypeKind::Float) &&
          *d == AttrValue(std::string("float32"))))
      return "dtype=\"float32\" is Generator.random's, for a float";
  if (fn == "choice" && first_param->type().is(TypeKind::Array))
    return "choice of an array gives an array";
  return out == scalar ? Error() : Error("the result is " + scalar.to_string() + " or an array");
}

Error check_draw(const Node& n) {
  static const std::set<std::string> fns = {"random",   "standard_normal", "normal",     "uniform",
                                            "integers", "choice",          "permutation"};
  if (!has<std::string>(n, "fn") || !fns.count(n.str_attr("fn")))
    return "fn is not a random function";
  if (!has<bool>(n, "legacy") || !has<int64_t>(n, "params"))
    return "missing the legacy or params attribute";
  const std::string& fn = n.str_attr("fn");
  bool legacy = std::get<bool>(*n.attr("legacy"));
  size_t first = legacy ? 0 : 1;
  int64_t params = n.int_attr("params");
  if (!legacy && (n.inputs().empty() || !n.input(0)->type().is(TypeKind::Generator)))
    return "operand 0 must be the Generator";
  if (params < 0 || first + size_t(params) > n.inputs().size()) return "fewer operands than params";
  if (Error e = check_params(n, fn, first, size_t(params))) return e;
  for (size_t i = first + size_t(params); i < n.inputs().size(); ++i)
    if (!n.input(i)->type().is(TypeKind::Int)) return "dims must be ints";
  const Value* first_param = params > 0 ? n.input(first) : nullptr;
  return check_result(n, fn, legacy, first_param, n.inputs().size() - first - size_t(params));
}

} // namespace

std::optional<std::string> verify_random_op(const Node& n) {
  switch (n.kind()) {
  case OpKind::RandomSeed:
  case OpKind::RandomNew:
    if (!n.inputs().empty() && !n.input(0)->type().is(TypeKind::Int))
      return "the seed must be an int";
    if (n.kind() == OpKind::RandomNew && !n.output()->type().is(TypeKind::Generator))
      return "the result is a Generator";
    return std::nullopt;
  case OpKind::RandomDraw:
    return check_draw(n);
  default:
    return std::nullopt;
  }
}

} // namespace pyscript::ir
