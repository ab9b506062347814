// Expressions -> IR, with Python's typing rules for scalars (int, float, bool, None, str, tuples).
#include "frontend/builtins.hpp"
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include "support/internal_error.hpp"

#include <limits>
#include <climits>
#include <cmath>
#include <functional>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

void FunctionLowering::type_error(const SourceRange& r, const std::string& message,
                                  const std::string& help) {
  Diagnostic& d = diags_.error(r, "type", message);
  if (!help.empty()) d.help.push_back(help);
}

Value* FunctionLowering::lower_expr(const ast::Expr& e, Environment& env) {
  // Note [Python and numpy scalars meet]: an expression reading an Either variable, once per kind.
  if (const std::string* name = either_read(e, env)) return lower_split(e, *name, env);
  return lower_expr_of_kind(e, env);
}

Value* FunctionLowering::lower_expr_of_kind(const ast::Expr& e, Environment& env) {
  switch (e.kind) {
  case ast::ExprKind::Int: return const_int(e.int_value, e.range);
  case ast::ExprKind::Float: return const_float(e.float_value, e.range);
  case ast::ExprKind::Bool: return const_bool(e.bool_value, e.range);
  case ast::ExprKind::None: return const_none(e.range);
  case ast::ExprKind::Str: return const_str(e.text, e.range);
  case ast::ExprKind::Name: return lower_name(e, env);
  case ast::ExprKind::Attribute: return lower_attribute(e, env);
  case ast::ExprKind::Lambda: return lower_lambda(e, env); // lower_lambda.cpp
  case ast::ExprKind::Starred: // only in targets (the parser makes no other)
    type_error(e.range, "a starred expression is supported only in an assignment target");
    return nullptr;
  case ast::ExprKind::Call: return lower_call(e, env);
  case ast::ExprKind::Subscript: return lower_subscript(e, env);
  case ast::ExprKind::Tuple: {
    std::vector<Value*> items;
    std::vector<Type> types;
    for (const ast::ExprPtr& op : e.operands) {
      Value* v = lower_expr(*op, env);
      if (!v) return nullptr;
      items.push_back(v);
      types.push_back(v->type());
    }
    return emit1(OpKind::TupleConstruct, items, Type::tuple(types), e.range);
  }
  case ast::ExprKind::List: return lower_list_display(e, env);
  case ast::ExprKind::Slice:
    type_error(e.range, "a slice is supported only as an index");
    return nullptr;
  case ast::ExprKind::Binary: return lower_binary(e, env);
  case ast::ExprKind::Unary: return lower_unary(e, env);
  case ast::ExprKind::Logical: return lower_logical(e, env, /*as_condition=*/false);
  case ast::ExprKind::Compare: return lower_compare(e, env);
  case ast::ExprKind::IfExp: return lower_ifexp(e, env);
  case ast::ExprKind::FString: return lower_fstring_value(e, env);
  case ast::ExprKind::Dict: return lower_dict_display(e, env);
  case ast::ExprKind::Set: return lower_set_display(e, env);
  case ast::ExprKind::ListComp:
  case ast::ExprKind::DictComp:
  case ast::ExprKind::SetComp: return lower_comprehension(e, env);
  case ast::ExprKind::GeneratorExp:
    type_error(e.range, "a generator expression is supported only as the argument of sum, min, max, any, all, "
                        "sorted, list or str.join",
               "use a list comprehension: [...]");
    return nullptr;
  }
  PYSCRIPT_UNREACHABLE("unknown expression kind");
}

Value* FunctionLowering::lower_condition(const ast::Expr& e, Environment& env) {
  if (e.kind == ast::ExprKind::Logical) return lower_logical(e, env, /*as_condition=*/true);
  if (e.kind == ast::ExprKind::Unary && e.unary_op == ast::UnaryOp::Not) return lower_unary(e, env);
  Value* v = lower_expr(e, env);
  return v ? truth(v, e.range) : nullptr;
}

Value* FunctionLowering::lower_name(const ast::Expr& e, Environment& env) {
  const std::string& name = e.text;
  if (is_npz_name(name)) return npz_name_misuse(e); // an .npz archive: only z["w1"] (lower_numpy_io.cpp)
  auto it = env.vars.find(name);
  if (it != env.vars.end()) {
    Binding& b = it->second;
    switch (b.state) {
    case Binding::State::Defined:
      if (auto f = unbound_flags_.find(name); f != unbound_flags_.end()) { // Note [A loop target after an empty loop]
        Value* bound = env.value_of(f->second);
        const ir::Node* p = bound ? bound->producer() : nullptr;
        const ir::AttrValue* known = p && p->kind() == OpKind::Constant ? p->attr("value") : nullptr;
        if (bound && !(known && std::holds_alternative<bool>(*known) && std::get<bool>(*known)))
          raise_if(emit1(OpKind::Not, {bound}, Type::bool_(), e.range), PYRT_UNBOUND_LOCAL_ERROR,
                   "cannot access local variable '" + name + "' where it is not associated with a value", e.range);
      }
      return b.value;
    case Binding::State::Poisoned: return nullptr;
    case Binding::State::MaybeUndefined: {
      Diagnostic& d = diags_.error(e.range, "undefined", "'" + name + "' may be undefined here");
      if (!b.why.empty()) { // Note [Try regions]
        d.notes.push_back({b.where, b.why});
        d.help.push_back("assign '" + name + "' before the 'try', so every path defines it");
      } else {
        d.notes.push_back({b.where, "it is assigned here, but not on every path that reaches the use"});
        d.help.push_back("assign '" + name + "' before the 'if' or loop, so every path defines it");
      }
      b.state = Binding::State::Poisoned;
      return nullptr;
    }
    case Binding::State::Conflict: {
      Diagnostic& d = diags_.error(b.where, "type",
                                   "type conflict: '" + name + "' is " + b.value->type().to_string() +
                                       " here but " + b.other_type.to_string() + " on another path");
      d.notes.push_back({b.other, "assigned a " + b.other_type.to_string() + " here"});
      d.notes.push_back({e.range, "both reach this use"});
      if ((b.other_type.is(TypeKind::Int) && b.value->type().is(TypeKind::Float)) ||
          (b.other_type.is(TypeKind::Float) && b.value->type().is(TypeKind::Int)))
        d.help.push_back("make both floats, e.g. '1.0' or float(...)");
      else
        d.help.push_back("give each type its own variable name");
      b.state = Binding::State::Poisoned;
      return nullptr;
    }
    }
  }
  if (name == "__name__") return const_str("__main__", e.range);
  // Note [Functions as values] (lower_call.cpp)
  if (!local_names_.count(name) && module_.find_function(name)) {
    if (!module_.check_bound(name, e.range, module_.find_function(name)->name_range, is_main_, /*is_function=*/true))
      return nullptr;
    return emit1(OpKind::Constant, {}, Type::function(name), e.range);
  }
  if (!local_names_.count(name) && builtin_is_value(name)) // Note [Builtins as values] (lower_call.cpp)
    return emit1(OpKind::Constant, {}, Type::function("builtins." + name), e.range);
  if (!is_main_ && local_names_.count(name)) {
    // Assigned somewhere in this function, so local in all of it (CPython: UnboundLocalError).
    Diagnostic& d = diags_.error(e.range, "undefined",
                                 "local variable '" + name + "' may be read before it is assigned");
    d.notes.push_back({e.range, "'" + function_.source_name + "' assigns '" + name +
                                    "' elsewhere, which makes it local in all of the function"});
    d.help.push_back("assign '" + name + "' before this line (before the loop, if this is in one)");
    return nullptr;
  }
  if (is_main_) {
    Diagnostic& d = diags_.error(e.range, "undefined", "'" + name + "' is used before it is assigned");
    d.help.push_back("move the assignment of '" + name + "' above this line");
    return nullptr;
  }
  // A function reading a module constant (Note [Module constants]).
  if (module_.is_module_variable(name)) {
    if (!module_.is_assigned_once_at_top(name)) {
      Diagnostic& d = diags_.error(e.range, "unsupported",
                                   "'" + function_.source_name + "' reads the module-level name '" +
                                       name + "', which the top level assigns more than once");
      d.help.push_back("pass '" + name + "' to '" + function_.source_name + "' as a parameter");
      return nullptr;
    }
    const ir::Global* g = module_.find_global(name);
    if (!g) {
      Diagnostic& d = diags_.error(e.range, "undefined",
                                   "'" + name + "' is read before the top level assigns it");
      d.help.push_back("assign '" + name + "' above the first call of '" + function_.source_name + "'");
      return nullptr;
    }
    ir::Node* load = emit(OpKind::LoadGlobal, {}, {g->type}, e.range);
    load->set_attr("name", name);
    load->output()->set_name_hint(name);
    return load->output();
  }
  // The resolver has reported every other undefined name; a read that yields no value must never
  // go unreported (the statement using it would be dropped silently).
  if (!diags_.has_error_at(e.range)) diags_.error(e.range, "undefined", "undefined name '" + name + "'");
  return nullptr;
}

Value* FunctionLowering::lower_attribute(const ast::Expr& e, Environment& env) {
  const ast::Expr& object = *e.operands[0];
  if (Value* v; lower_type_name(e, env, v)) return v; // type(x).__name__: lower_type_names.cpp
  if (object.kind == ast::ExprKind::Name && !env.find(object.text)) {
    if (const std::string* module = module_.use_module(object.text, object.range)) {
      if (*module == "math" && e.text == "pi") return const_float(3.141592653589793, e.range);
      if (*module == "math" && e.text == "e") return const_float(2.718281828459045, e.range);
      if (*module == "numpy" && e.text == "pi") return const_float(3.141592653589793, e.range);
      if (*module == "numpy" && e.text == "e") return const_float(2.718281828459045, e.range);
      if ((*module == "numpy" || *module == "math") && e.text == "inf")
        return const_float(std::numeric_limits<double>::infinity(), e.range);
      if ((*module == "numpy" || *module == "math") && e.text == "nan")
        return const_float(std::numeric_limits<double>::quiet_NaN(), e.range);
      if (*module == "numpy" && e.text == "newaxis") return const_none(e.range); // an index: x[:, np.newaxis]
      if (*module == "sys") return lower_sys_attribute(e); // lower_modules.cpp
      if (*module == "string") return lower_string_constant(e); // stdlib_modules.cpp
      if (const Signature* sig = find_module_member(*module, e.text);
          *module == "math" && sig && sig->kind == MemberKind::Function) // Note [Builtins as values]
        return emit1(OpKind::Constant, {}, Type::function("math." + e.text), e.range);
      if (*module == "numpy")
        type_error(e.range, "'" + object.text + "." + e.text + "' is a dtype; use it as dtype= or in .astype()");
      return nullptr; // reported by the resolver
    }
  }
  if (object.kind == ast::ExprKind::Name && !env.find(object.text) && !local_names_.count(object.text)) {
    if (const ClassInfo* cls = module_.classes().find(object.text)) { // C.rate
      if (Value* k = class_constant(*cls, e.text, e.range)) return k;
      type_error(e.text_range, "type object '" + cls->name + "' has no attribute '" + e.text + "'",
                 "class attributes pyscript reads are constants assigned in the class body");
      return nullptr;
    }
  }
  Value* v = lower_expr(object, env);
  if (!v) return nullptr;
  if (v->type().is(TypeKind::Array)) return lower_array_attribute(v, e);
  if (class_of(v->type())) return object_attribute(v, e);
  if (v->type().is(TypeKind::None)) return attribute_of_none(e.text, e.range);
  if (v->type().is(TypeKind::Dict) && e.text == "get") return bound_method_value(v, e); // lower_lambda.cpp
  if (v->type().is(TypeKind::Function) && e.text == "__name__") return function_name_of(v->type(), e.range);
  if (e.text == "__cause__" && (v->type().is(TypeKind::Exception) || v->type() == Type::optional(Type::exception())))
    return emit1(OpKind::ExceptionCause, {unwrap_optional(v, e.text, e.range)}, Type::optional(Type::exception()),
                 e.range);
  type_error(e.text_range, "a " + v->type().to_string() + " has no attribute '" + e.text + "'");
  return nullptr;
}

// `x.name` where x is None on every path that gets here (an attribute only ever assigned None, a
// variable holding None): CPython's AttributeError when it runs. What follows on this path never
// runs; the value is a placeholder no one reads (Note [Functions that never return]).
Value* FunctionLowering::attribute_of_none(const std::string& name, const SourceRange& r) {
  ir::Node* raise = emit(OpKind::Raise, {}, {}, r);
  raise->set_attr("kind", int64_t(PYRT_ATTRIBUTE_ERROR));
  raise->set_attr("message", "'NoneType' object has no attribute '" + name + "'");
  Value* none = const_none(r);
  never_values_.insert(none);
  return none;
}

std::optional<int64_t> int_literal(const ast::Expr& x) {
  if (x.kind == ast::ExprKind::Int) return x.int_value;
  if (x.kind == ast::ExprKind::Unary && x.unary_op == ast::UnaryOp::Neg && x.operands[0]->kind == ast::ExprKind::Int)
    return -x.operands[0]->int_value;
  return std::nullopt;
}

Value* FunctionLowering::lower_subscript(const ast::Expr& e, Environment& env) {
  if (Value* member; lower_npz_subscript(e, env, member)) return member; // np.load(p)["w1"]: lower_numpy_io.cpp
  Value* v = lower_expr(*e.operands[0], env);
  if (!v) return nullptr;
  const ast::Expr& index = *e.operands[1];
  if (v->type().is(TypeKind::Array)) return array_index(v, index, env, e.range);
  if (v->type().is(TypeKind::List)) return list_subscript(v, e, env);
  if (v->type().is(TypeKind::Dict)) return dict_subscript(v, e, env);
  if (v->type().is(TypeKind::Str)) return str_subscript(v, e, env);
  if (class_of(v->type())) {
    Value* i = lower_expr(index, env);
    return i ? operator_method("__getitem__", v, {i}, e, true) : nullptr;
  }
  if (!v->type().is(TypeKind::Tuple)) {
    type_error(e.range, "a " + v->type().to_string() + " cannot be indexed");
    return nullptr;
  }
  const std::vector<Type>& elements = v->type().elements();
  int64_t n = int64_t(elements.size());
  // Indices into tuples are constants, so each element keeps its own type.
  if (index.kind == ast::ExprKind::Slice) return tuple_slice(v, index, e.range);
  std::optional<int64_t> literal_index = int_literal(index);
  if (!literal_index) {
    type_error(index.range, "a tuple index must be an integer literal",
               "tuple elements may have different types, so the index must be known when compiling");
    return nullptr;
  }
  int64_t i = *literal_index;
  if (i < 0) i += n;
  if (i < 0 || i >= n) {
    diags_.error(index.range, "index", "tuple index out of range (the tuple has " +
                                           std::to_string(n) + " elements)");
    return nullptr;
  }
  ir::Node* get = emit(OpKind::TupleGet, {v}, {elements[size_t(i)]}, e.range);
  get->set_attr("index", i);
  return get->output();
}

// t[start:stop:step] with literal bounds (or none): the elements Python's slice picks, as a tuple.
Value* FunctionLowering::tuple_slice(Value* t, const ast::Expr& slice, const SourceRange& range) {
  const std::vector<Type>& elements = t->type().elements();
  int64_t n = int64_t(elements.size());
  int64_t bound[3];
  for (int k = 0; k < 3; ++k) {
    const ast::Expr* x = slice.operands[size_t(k)].get();
    bound[k] = 0;
    if (!x) continue;
    std::optional<int64_t> value = int_literal(*x);
    if (!value) {
      type_error(x->range, "a tuple slice's bounds must be integer literals",
                 "the elements it picks, and so their types, must be known when compiling");
      return nullptr;
    }
    bound[k] = *value;
  }
  int64_t step = slice.operands[2] ? bound[2] : 1;
  if (step == 0) {
    diags_.error(slice.operands[2]->range, "index", "slice step cannot be zero");
    return nullptr;
  }
  // Python's slice.indices(n).
  auto clamp = [&](const ast::Expr* x, int64_t value, int64_t if_none) {
    if (!x) return if_none;
    if (value < 0) value = std::max<int64_t>(value + n, step < 0 ? -1 : 0);
    return std::min<int64_t>(value, step < 0 ? n - 1 : n);
  };
  int64_t start = clamp(slice.operands[0].get(), bound[0], step < 0 ? n - 1 : 0);
  int64_t stop = clamp(slice.operands[1].get(), bound[1], step < 0 ? -1 : n);
  std::vector<Value*> items;
  std::vector<Type> types;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
    ir::Node* get = emit(OpKind::TupleGet, {t}, {elements[size_t(i)]}, range);
    get->set_attr("index", i);
    items.push_back(get->output());
    types.push_back(elements[size_t(i)]);
  }
  return emit1(OpKind::TupleConstruct, items, Type::tuple(types), range);
}

bool FunctionLowering::unify_numbers(Value*& a, Value*& b, const ast::Expr& e, const char* op) {
  if (!a->type().is_number() || !b->type().is_number()) {
    type_error(e.range, std::string("unsupported operand types for ") + op + ": '" +
                            a->type().to_string() + "' and '" + b->type().to_string() + "'");
    return false;
  }
  if (a->type().is(TypeKind::Float) || b->type().is(TypeKind::Float)) {
    a = cast(a, Type::float_(), e.range);
    b = cast(b, Type::float_(), e.range);
  } else {
    a = cast(a, Type::int_(), e.range);
    b = cast(b, Type::int_(), e.range);
  }
  return true;
}

namespace {

bool is_negative_int_constant(const Value* v) {
  const ir::Node* p = v->producer();
  return p && p->kind() == OpKind::Constant && v->type().is(TypeKind::Int) &&
         p->int_attr("value") < 0;
}

} // namespace

// Constant operands whose power CPython answers with a complex number ((-3) ** -2.5): known when
// compiling, so refused then rather than failing at run time where CPython runs.
static bool is_complex_power(Value* a, Value* b) {
  auto number = [](Value* v) -> std::optional<double> {
    std::optional<ir::AttrValue> c = ir::constant_value(v);
    if (!c) return std::nullopt;
    if (const int64_t* i = std::get_if<int64_t>(&*c)) return double(*i);
    if (const double* d = std::get_if<double>(&*c)) return *d;
    return std::nullopt;
  };
  std::optional<double> base = number(a), exponent = number(b);
  return base && exponent && *base < 0 && std::isfinite(*exponent) && *exponent != std::floor(*exponent);
}

Value* FunctionLowering::arithmetic(ast::BinaryOp op, Value* a, Value* b, const ast::Expr& e) {
  // (Not for `fmt % x`, which formats a None, nor where an object's method takes the operand.)
  bool takes_none = (op == ast::BinaryOp::Mod && a->type().is(TypeKind::Str)) || class_of(a->type()) ||
                    class_of(b->type());
  if (std::vector<Value*> v{a, b}; !takes_none && unwrap_numbers(
          v,
          [&](const std::vector<std::string>& t) {
            bool seq0 = t[0] == "str" || t[0] == "list" || t[0] == "tuple";
            bool seq1 = t[1] == "str" || t[1] == "list" || t[1] == "tuple";
            if (op == ast::BinaryOp::Mul && (seq0 || seq1)) // CPython's words for sequences
              return std::string("can't multiply sequence by non-int of type 'NoneType'");
            if (op == ast::BinaryOp::Add && seq0)
              return "can only concatenate " + t[0] + " (not \"NoneType\") to " + t[0];
            return std::string("unsupported operand type(s) for ") + ast::spelling(op) + ": '" + t[0] + "' and '" +
                   t[1] + "'";
          },
          e.range)) // Note [Optional numbers]
    return arithmetic(op, v[0], v[1], e);
  if (class_of(a->type()) || class_of(b->type())) {
    static const char* const methods[] = {"__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__",
                                          "__pow__", "__matmul__", "__and__", "__or__", "__xor__", "__lshift__",
                                          "__rshift__"};
    if (class_of(a->type())) return operator_method(methods[static_cast<int>(op)], a, {b}, e, true);
    type_error(e.range, std::string("unsupported operand types for ") + ast::spelling(op) + ": '" +
                            a->type().to_string() + "' and '" + b->type().to_string() + "'",
               "put the object on the left ('v * 2.0'): reflected methods (__rmul__) are not supported");
    return nullptr;
  }
  if (holds_either({a, b}))
    return split_values({a, b}, e.range, [&](std::vector<Value*>& v) { return arithmetic(op, v[0], v[1], e); });
  if (op == ast::BinaryOp::Mod && a->type().is(TypeKind::Str)) return str_arithmetic(op, a, b, e); // "%.3f" % x.std()
  if (a->type().is(TypeKind::Array) || b->type().is(TypeKind::Array)) {
    if (op == ast::BinaryOp::MatMul) return array_matmul(a, b, e);
    auto is_bool = [](Value* v) {
      return v->type().is(TypeKind::Bool) || (v->type().is(TypeKind::Array) && v->type().dtype() == ir::DType::Bool);
    };
    if ((op == ast::BinaryOp::BitAnd || op == ast::BinaryOp::BitOr || op == ast::BinaryOp::BitXor) && is_bool(a) &&
        is_bool(b)) // on bools numpy's & | ^ are and, or, not-equal: the result stays bool
      return array_binary(op == ast::BinaryOp::BitAnd ? "minimum" : op == ast::BinaryOp::BitOr ? "maximum" : "ne", a, b, e);
    if (op >= ast::BinaryOp::BitAnd) {
      type_error(e.range, std::string("'") + ast::spelling(op) + "' on arrays is not supported yet",
                 "pyscript has & | ^ of bool arrays");
      return nullptr;
    }
    static const char* const names[] = {"add", "sub", "mul", "div", "floordiv", "mod", "pow", "matmul"};
    return array_binary(names[static_cast<int>(op)], a, b, e);
  }
 if (a->type().is(TypeKind::Str) || b->type().is(TypeKind::Str)) return str_arithmetic(op, a, b, e);
  if (a->type().is_counter() && b->type().is_counter()) return counter_arithmetic(op, a, b, e); // lower_collections.cpp
  if (a->type().is(TypeKind::List) || b->type().is(TypeKind::List)) return sequence_arithmetic(op, a, b, e);
  if (a->type().is(TypeKind::Set) &&
      (op == ast::BinaryOp::BitOr || op == ast::BinaryOp::BitAnd || op == ast::BinaryOp::Sub || op == ast::BinaryOp::BitXor))
    return set_operator(ast::spelling(op), a, b, e.range); // lower_set.cpp
  if (op >= ast::BinaryOp::BitAnd) return bitwise(op, a, b, e);
  if (op == ast::BinaryOp::MatMul) {
    type_error(e.range, "'@' needs arrays, not '" + a->type().to_string() + "' and '" +
                            b->type().to_string() + "'");
    return nullptr;
  }
  if (op == ast::BinaryOp::Pow && is_complex_power(a, b)) {
    type_error(e.range, "a negative number raised to a fractional power is a complex number in CPython, "
                        "and pyscript has no complex numbers");
    return nullptr;
  }
  if (!unify_numbers(a, b, e, ast::spelling(op))) return nullptr;
  switch (op) {
  case ast::BinaryOp::Add: return emit1(OpKind::Add, {a, b}, a->type(), e.range);
  case ast::BinaryOp::Sub: return emit1(OpKind::Sub, {a, b}, a->type(), e.range);
  case ast::BinaryOp::Mul: return emit1(OpKind::Mul, {a, b}, a->type(), e.range);
  case ast::BinaryOp::FloorDiv: return emit1(OpKind::FloorDiv, {a, b}, a->type(), e.range);
  case ast::BinaryOp::Mod: return emit1(OpKind::Mod, {a, b}, a->type(), e.range);
  case ast::BinaryOp::Div:
    if (a->type().is(TypeKind::Int)) return emit1(OpKind::IntTrueDiv, {a, b}, Type::float_(), e.range);
    return emit1(OpKind::Div, {cast(a, Type::float_(), e.range), cast(b, Type::float_(), e.range)},
                 Type::float_(), e.range);
  case ast::BinaryOp::Pow:
    // int ** int is an int, but a constant negative exponent makes it a float, as in CPython.
    if (a->type().is(TypeKind::Int) && is_negative_int_constant(b)) {
      a = cast(a, Type::float_(), e.range);
      b = cast(b, Type::float_(), e.range);
    }
    return emit1(OpKind::Pow, {a, b}, a->type(), e.range);
  default: break; // @ and the bitwise operators went elsewhere above
  }
  PYSCRIPT_UNREACHABLE("unknown binary operator");
}

// Note [A float sum of nothing]
// CPython's sum() of no floats is the int 0, and pyscript's sum has one type, so a float sum that
// saw no element raises a runtime error that asks for sum(xs, 0.0). Where the sum is the right
// operand of an arithmetic operator whose left operand is a Python float (`b[i] - sum(...)`), the
// int 0 would be converted to 0.0 before the operation, so 0.0 is the same answer: no check.
Value* FunctionLowering::lower_binary(const ast::Expr& e, Environment& env) {
  Value* a = lower_expr(*e.operands[0], env);
  const ast::Expr* saved = float_operand_;
  bool arithmetic_op = e.binary_op == ast::BinaryOp::Add || e.binary_op == ast::BinaryOp::Sub ||
                       e.binary_op == ast::BinaryOp::Mul || e.binary_op == ast::BinaryOp::Div ||
                       e.binary_op == ast::BinaryOp::FloorDiv || e.binary_op == ast::BinaryOp::Mod ||
                       e.binary_op == ast::BinaryOp::Pow;
  float_operand_ = a && arithmetic_op && a->type().is(TypeKind::Float) ? e.operands[1].get() : nullptr;
  Value* b = lower_expr(*e.operands[1], env);
  float_operand_ = saved;
  if (!a || !b) return nullptr;
  if (never_values_.count(a)) return a; // what follows a raise never runs
  if (never_values_.count(b)) return b;
  return arithmetic(e.binary_op, a, b, e);
}

Value* FunctionLowering::lower_unary(const ast::Expr& e, Environment& env) {
  if (e.unary_op == ast::UnaryOp::Not) {
    Value* v = lower_condition(*e.operands[0], env);
    if (!v) return nullptr;
    if (std::optional<bool> known = constant_condition(v)) { // Note [Branches the types decide]
      Value* negated = const_bool(!*known, e.range);
      decided_by_types_.insert(negated);
      return negated;
    }
    return emit1(OpKind::Not, {v}, Type::bool_(), e.range);
  }
  Value* v = lower_expr(*e.operands[0], env);
  if (!v) return nullptr;
  return unary_value(e, v);
}

Value* FunctionLowering::unary_value(const ast::Expr& e, Value* v) {
  if (std::vector<Value*> x{v}; e.unary_op != ast::UnaryOp::Not &&
                                unwrap_numbers(
                                    x,
                                    [&](const std::vector<std::string>& t) {
                                      return std::string("bad operand type for unary ") + ast::spelling(e.unary_op) +
                                             ": '" + t[0] + "'";
                                    },
                                    e.range))
    return unary_value(e, x[0]);
  if (class_of(v->type()) && e.unary_op != ast::UnaryOp::Not) {
    static const char* const methods[] = {"__neg__", "__pos__", "", "__invert__"};
    return operator_method(methods[static_cast<int>(e.unary_op)], v, {}, e, true);
  }
  if (holds_either({v}))
    return split_values({v}, e.range, [&](std::vector<Value*>& x) { return unary_value(e, x[0]); });
 if (e.unary_op == ast::UnaryOp::Invert && !v->type().is(TypeKind::Array)) {
    if (!v->type().is(TypeKind::Int) && !v->type().is(TypeKind::Bool)) {
      type_error(e.range, "bad operand type for unary ~: '" + v->type().to_string() + "'");
      return nullptr;
    }
    return emit1(OpKind::Invert, {v->type().is(TypeKind::Bool) ? cast(v, Type::int_(), e.range) : v}, Type::int_(), e.range);
  }
  if (!v->type().is_number() && !v->type().is(TypeKind::Array)) {
    type_error(e.range, std::string("bad operand type for unary ") + ast::spelling(e.unary_op) +
                            ": '" + v->type().to_string() + "'");
    return nullptr;
  }
  if (v->type().is(TypeKind::Array) && e.unary_op == ast::UnaryOp::Invert && v->type().dtype() == ir::DType::Bool)
    return array_binary("eq", v, const_bool(false, e.range), e); // ~ of bools is not
  if (v->type().is(TypeKind::Array) && e.unary_op == ast::UnaryOp::Invert) {
    type_error(e.range, "'~' on arrays is not supported yet", "pyscript has ~ of bool arrays");
    return nullptr;
  }
  if (v->type().is(TypeKind::Array))
    return e.unary_op == ast::UnaryOp::Pos ? v : array_unary("neg", v, e.range);
  v = v->type().is(TypeKind::Bool) ? cast(v, Type::int_(), e.range) : v;
  if (e.unary_op == ast::UnaryOp::Pos) return v;
  // Fold a negative literal here, so that -9223372036854775808 and `2 ** -1` see a constant.
  if (ir::Node* p = v->producer(); p && p->kind() == OpKind::Constant && v->uses().empty()) {
    if (v->type().is(TypeKind::Float)) return const_float(-std::get<double>(*p->attr("value")), e.range);
    int64_t i = p->int_attr("value");
    if (i != INT64_MIN) return const_int(-i, e.range);
  }
  return emit1(OpKind::Neg, {v}, v->type(), e.range);
}

Value* FunctionLowering::compare(ast::CompareOp op, Value* a, Value* b, const ast::Expr& e) {
  if ((a->type().is_optional_value() || b->type().is_optional_value()) && !class_of(a->type()) &&
      !class_of(b->type())) { // Note [Optional numbers] (an object's __eq__/__lt__ takes a None)
    if (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) return compare_optional(op, a, b, e);
    if (op < ast::CompareOp::In) {
      std::vector<Value*> v{a, b};
      unwrap_numbers(
          v,
          [&](const std::vector<std::string>& t) {
            return std::string("'") + ast::spelling(op) + "' not supported between instances of '" + t[0] +
                   "' and '" + t[1] + "'";
          },
          e.range);
      return compare(op, v[0], v[1], e);
    }
  }
  if (holds_either({a, b}))
    return split_values({a, b}, e.range, [&](std::vector<Value*>& v) { return compare(op, v[0], v[1], e); });
  if ((op == ast::CompareOp::In || op == ast::CompareOp::NotIn) && class_of(b->type())) {
    Value* found = operator_method("__contains__", b, {a}, e, true);
    if (!found) return nullptr;
    Value* t = truth(found, e.range);
    return op == ast::CompareOp::In || !t ? t : emit1(OpKind::Not, {t}, Type::bool_(), e.range);
  }
  if (op < ast::CompareOp::In && (class_of(a->type()) || class_of(b->type()))) {
    if ((op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) && (has_user_eq(a->type()) || has_user_eq(b->type())))
      if (Value* v = optional_object_eq(op, a, b, e)) return v; // Note [== of Optional objects]
    static const char* const methods[] = {"__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"};
    const char* m = methods[static_cast<int>(op)];
    if (class_of(a->type()) && module_.classes().method(*class_of(a->type()), m).first)
      return operator_method(m, a, {b}, e, true);
    // An order the left operand does not define: the right operand's reflected method, as
    // CPython tries next (a > b is b.__lt__(a)).
    static const char* const reflected[] = {"__gt__", "__ge__", "__lt__", "__le__"};
    if (op <= ast::CompareOp::Ge && class_of(b->type()) &&
        module_.classes().method(*class_of(b->type()), reflected[static_cast<int>(op)]).first)
      return operator_method(reflected[static_cast<int>(op)], b, {a}, e, true);
    if (op == ast::CompareOp::Ne && class_of(a->type()) && module_.classes().method(*class_of(a->type()), "__eq__").first) {
      Value* eq = operator_method("__eq__", a, {b}, e, true);
      Value* t = eq ? truth(eq, e.range) : nullptr;
      return t ? emit1(OpKind::Not, {t}, Type::bool_(), e.range) : nullptr;
    }
    if (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne) // object's default: identity
      return sequence_compare(op == ast::CompareOp::Eq ? ast::CompareOp::Is : ast::CompareOp::IsNot, a, b, e);
    type_error(e.range, std::string("'") + ast::spelling(op) + "' is not supported between instances of '" +
                            a->type().to_string() + "' and '" + b->type().to_string() + "'",
               std::string("define ") + m + " in the left operand's class");
    return nullptr;
  }
  if (op >= ast::CompareOp::In) return sequence_compare(op, a, b, e);
  static const OpKind kinds[] = {OpKind::Lt, OpKind::Le, OpKind::Gt, OpKind::Ge, OpKind::Eq, OpKind::Ne};
  OpKind kind = kinds[static_cast<int>(op)];
  if (a->type().is(TypeKind::Array) || b->type().is(TypeKind::Array)) {
    static const char* const names[] = {"lt", "le", "gt", "ge", "eq", "ne"};
    return array_binary(names[static_cast<int>(op)], a, b, e);
  }
  if (a->type().holds_refs() || b->type().holds_refs() || (a->type().is(TypeKind::Tuple) && b->type().is(TypeKind::Tuple)))
    if (Value* v = sequence_compare(op, a, b, e)) return v;
  bool equality = op == ast::CompareOp::Eq || op == ast::CompareOp::Ne;
  // CPython compares numbers of two types (int and bool, int and float) through
  // PyObject_RichCompare, which counts a recursion level: near the limit it raises RecursionError.
  if (a->type().is_number() && b->type().is_number() && a->type() != b->type())
    emit(OpKind::CheckDepth, {}, {}, e.range);
  // Comparisons whose answer the types decide: None == None, str constants, None vs a number.
  auto constant_str = [](Value* v) -> const std::string* {
    ir::Node* p = v->producer();
    return p && p->kind() == OpKind::Constant && v->type().is(TypeKind::Str) ? &p->str_attr("value")
                                                                            : nullptr;
  };
  if (equality && (!a->type().is_number() || !b->type().is_number())) {
    bool same;
    if (a->type().is(TypeKind::Str) && b->type().is(TypeKind::Str) && constant_str(a) && constant_str(b))
      same = *constant_str(a) == *constant_str(b);
    else if (a->type().is(TypeKind::None) || b->type().is(TypeKind::None))
      same = a->type() == b->type();
    else {
      type_error(e.range, "comparing '" + a->type().to_string() + "' and '" + b->type().to_string() +
                              "' is not supported");
      return nullptr;
    }
    return const_bool(op == ast::CompareOp::Eq ? same : !same, e.range);
  }
  // int against float compares exactly, as CPython does (2**53 + 1 > 2.0**53), not after a
  // lossy conversion of the int.
  bool int_float = (a->type().is(TypeKind::Int) || a->type().is(TypeKind::Bool)) && b->type().is(TypeKind::Float);
  bool float_int = a->type().is(TypeKind::Float) && (b->type().is(TypeKind::Int) || b->type().is(TypeKind::Bool));
  if (int_float || float_int) {
    Value* i = cast(int_float ? a : b, Type::int_(), e.range);
    Value* f = int_float ? b : a;
    Value* order = emit1(OpKind::CompareNumbers, {i, f}, Type::int_(), e.range);
    // order is int <=> float; with the float first, the comparison turns around.
    if (float_int) {
      static const ast::CompareOp flipped[] = {ast::CompareOp::Gt, ast::CompareOp::Ge, ast::CompareOp::Lt,
                                               ast::CompareOp::Le, ast::CompareOp::Eq, ast::CompareOp::Ne};
      op = flipped[static_cast<int>(op)];
    }
    auto is = [&](OpKind k, int64_t v) { return emit1(k, {order, const_int(v, e.range)}, Type::bool_(), e.range); };
    switch (op) {
    case ast::CompareOp::Lt: return is(OpKind::Eq, -1);
    case ast::CompareOp::Gt: return is(OpKind::Eq, 1);
    case ast::CompareOp::Eq: return is(OpKind::Eq, 0);
    case ast::CompareOp::Ne: return is(OpKind::Ne, 0);
    case ast::CompareOp::Le: return is(OpKind::Le, 0);
    case ast::CompareOp::Ge: {
      Value* ge = is(OpKind::Ge, 0);
      Value* ordered = is(OpKind::Ne, 2);
      return select(ge, [&] { return ordered; }, [&] { return const_bool(false, e.range); }, e, "'>='");
    }
    default: break; // in, is: sequence_compare above
    }
  }
  if (!unify_numbers(a, b, e, ast::spelling(op))) return nullptr;
  return emit1(kind, {a, b}, Type::bool_(), e.range);
}

Value* FunctionLowering::lower_compare(const ast::Expr& e, Environment& env) {
  // a < b < c: b is evaluated once, and c only when a < b.
  Value* left = lower_expr(*e.operands[0], env);
  if (!left) return nullptr;
  std::function<Value*(size_t, Value*)> chain = [&](size_t i, Value* lhs) -> Value* {
    ast::CompareOp op = e.compare_ops[i];
    if ((op == ast::CompareOp::In || op == ast::CompareOp::NotIn) && i + 1 == e.compare_ops.size() &&
        is_range_call(*e.operands[i + 1], env)) { // x in range(...): lower_range.cpp
      Value* in = range_contains(lhs, *e.operands[i + 1], env, e.range);
      return in && op == ast::CompareOp::NotIn ? emit1(OpKind::Not, {in}, Type::bool_(), e.range) : in;
    }
    Value* rhs = lower_expr(*e.operands[i + 1], env);
    if (!rhs) return nullptr;
    Value* c = compare(e.compare_ops[i], lhs, rhs, e);
    if (!c || i + 1 == e.compare_ops.size()) return c;
    return select(c, [&] { return chain(i + 1, rhs); }, [&] { return const_bool(false, e.range); },
                  e, "the comparison");
  };
  return chain(0, left);
}

Value* FunctionLowering::lower_logical(const ast::Expr& e, Environment& env, bool as_condition) {
  bool is_and = e.bool_op == ast::BoolOp::And;
  if (as_condition) {
    Value* a = lower_condition(*e.operands[0], env);
    if (!a) return nullptr;
    auto rhs = [&] { // `x is None or len(x) > 3`: x is not None on the right (Note [Refining Optionals])
      Environment right = env;
      refine(*e.operands[0], is_and, right);
      return lower_condition(*e.operands[1], right);
    };
    auto lhs = [&] { return const_bool(!is_and, e.range); };
    return is_and ? select(a, rhs, lhs, e, "'and'") : select(a, lhs, rhs, e, "'or'");
  }
  // As a value, `a and b` is a or b itself, as in CPython; both must have one type.
  Value* a = lower_expr(*e.operands[0], env);
  if (!a) return nullptr;
  Value* t = truth(a, e.operands[0]->range);
  if (!t) return nullptr;
  auto rhs = [&] { return lower_expr(*e.operands[1], env); };
  auto lhs = [&] { return a; };
  return is_and ? select(t, rhs, lhs, e, is_and ? "'and'" : "'or'")
                : select(t, lhs, rhs, e, "'or'");
}

Value* FunctionLowering::lower_ifexp(const ast::Expr& e, Environment& env) {
  Value* c = lower_condition(*e.operands[0], env);
  if (!c) return nullptr;
  return select(c, [&] { return lower_expr(*e.operands[1], env); },
                [&] { return lower_expr(*e.operands[2], env); }, e, "the conditional expression");
}

} // namespace pyscript::lower
