// Constant folding with Python's semantics (support/python_arith.hpp): an op whose inputs are
// constants becomes a constant, unless evaluating it would raise; then it stays, so that the
// program still fails at run time, at that line, as CPython does.
//   before:  %a : int = const[value=2]()
//            %b : int = mul(%a, %a)
//   after:   %b : int = const[value=4]()
// Also: tuple_get of a tuple built in the graph reads the element directly.
#include "ir/passes/passes.hpp"

#include "support/python_arith.hpp"

#include <cmath>
#include <optional>

namespace pyscript::ir {
namespace {

std::optional<AttrValue> as_attr(std::optional<int64_t> v) {
  if (!v) return std::nullopt;
  return AttrValue(*v);
}
std::optional<AttrValue> as_attr(std::optional<double> v) {
  if (!v) return std::nullopt;
  return AttrValue(*v);
}

std::optional<AttrValue> fold_int(OpKind k, int64_t a, int64_t b) {
  switch (k) {
  case OpKind::Add: return as_attr(arith::add(a, b));
  case OpKind::Sub: return as_attr(arith::sub(a, b));
  case OpKind::Mul: return as_attr(arith::mul(a, b));
  case OpKind::FloorDiv: return as_attr(arith::floordiv(a, b));
  case OpKind::Mod: return as_attr(arith::mod(a, b));
  case OpKind::Pow: return as_attr(arith::pow(a, b));
  case OpKind::IntTrueDiv: return as_attr(arith::int_truediv(a, b));
  case OpKind::Min: return AttrValue(std::min(a, b));
  case OpKind::Max: return AttrValue(std::max(a, b));
  case OpKind::Lt: return AttrValue(a < b);
  case OpKind::Le: return AttrValue(a <= b);
  case OpKind::Gt: return AttrValue(a > b);
  case OpKind::Ge: return AttrValue(a >= b);
  case OpKind::Eq: return AttrValue(a == b);
  case OpKind::Ne: return AttrValue(a != b);
  default: return std::nullopt;
  }
}

std::optional<AttrValue> fold_float(OpKind k, double a, double b) {
  switch (k) {
  case OpKind::Add: return AttrValue(a + b);
  case OpKind::Sub: return AttrValue(a - b);
  case OpKind::Mul: return AttrValue(a * b);
  case OpKind::Div: return as_attr(arith::truediv(a, b));
  case OpKind::FloorDiv: return as_attr(arith::floordiv(a, b));
  case OpKind::Mod: return as_attr(arith::mod(a, b));
  case OpKind::Pow: return as_attr(arith::pow(a, b));
  // min/max keep the first argument on ties and nan, like CPython's builtins.
  case OpKind::Min: return AttrValue(b < a ? b : a);
  case OpKind::Max: return AttrValue(b > a ? b : a);
  case OpKind::Lt: return AttrValue(a < b);
  case OpKind::Le: return AttrValue(a <= b);
  case OpKind::Gt: return AttrValue(a > b);
  case OpKind::Ge: return AttrValue(a >= b);
  case OpKind::Eq: return AttrValue(a == b);
  case OpKind::Ne: return AttrValue(a != b);
  default: return std::nullopt;
  }
}

std::optional<AttrValue> fold_math(const std::string& fn, double x) {
  double r;
  if (fn == "sqrt") {
    if (x < 0) return std::nullopt;
    r = std::sqrt(x);
  } else if (fn == "exp") {
    r = std::exp(x);
    if (std::isinf(r) && std::isfinite(x)) return std::nullopt;
  } else if (fn == "log") {
    if (x <= 0) return std::nullopt;
    r = std::log(x);
  } else if (fn == "sin" || fn == "cos" || fn == "tan") {
    if (std::isinf(x)) return std::nullopt;
    r = fn == "sin" ? std::sin(x) : fn == "cos" ? std::cos(x) : std::tan(x);
  } else if (fn == "tanh") {
    r = std::tanh(x);
  } else if (fn == "erf" || fn == "erfc") {
    r = fn == "erf" ? std::erf(x) : std::erfc(x);
  } else if (fn == "floor") {
    return as_attr(arith::floor_to_int(x));
  } else if (fn == "ceil") {
    return as_attr(arith::ceil_to_int(x));
  } else {
    return std::nullopt;
  }
  return AttrValue(r);
}

std::optional<AttrValue> fold_cast(const AttrValue& v, const Type& to) {
  auto number = [&]() -> std::optional<double> {
    if (auto* i = std::get_if<int64_t>(&v)) return double(*i);
    if (auto* d = std::get_if<double>(&v)) return *d;
    if (auto* b = std::get_if<bool>(&v)) return *b ? 1.0 : 0.0;
    return std::nullopt;
  };
  switch (to.kind()) {
  case TypeKind::Float:
    if (auto n = number()) return AttrValue(*n);
    return std::nullopt;
  case TypeKind::Bool:
    if (auto* i = std::get_if<int64_t>(&v)) return AttrValue(*i != 0);
    if (auto* d = std::get_if<double>(&v)) return AttrValue(*d != 0.0);
    return std::nullopt;
  case TypeKind::Int:
    if (auto* b = std::get_if<bool>(&v)) return AttrValue(int64_t(*b));
    if (auto* d = std::get_if<double>(&v)) return as_attr(arith::to_int(*d));
    return std::nullopt;
  default: return std::nullopt;
  }
}

std::optional<AttrValue> fold(const Node& n) {
  std::vector<AttrValue> in;
  for (const Value* v : n.inputs()) {
    auto c = constant_value(v);
    if (!c) return std::nullopt;
    in.push_back(*c);
  }
  const Type& t = n.outputs().empty() ? Type::none() : n.output()->type();
  switch (n.kind()) {
  case OpKind::Cast: return fold_cast(in[0], t);
  case OpKind::Not: return AttrValue(!std::get<bool>(in[0]));
  case OpKind::Or: return AttrValue(std::get<bool>(in[0]) || std::get<bool>(in[1]));
  case OpKind::Neg:
    if (auto* i = std::get_if<int64_t>(&in[0])) return as_attr(arith::neg(*i));
    return AttrValue(-std::get<double>(in[0]));
  case OpKind::Abs:
    if (auto* i = std::get_if<int64_t>(&in[0])) {
      if (*i < 0) return as_attr(arith::neg(*i));
      return AttrValue(*i);
    }
    return AttrValue(std::fabs(std::get<double>(in[0])));
  case OpKind::Round:
    if (in.size() == 1) return as_attr(arith::round_to_int(std::get<double>(in[0])));
    return AttrValue(arith::round_digits(std::get<double>(in[0]), std::get<int64_t>(in[1])));
  case OpKind::MathFn: {
    const std::string& fn = n.str_attr("fn");
    if (fn == "gcd") return as_attr(arith::gcd(std::get<int64_t>(in[0]), std::get<int64_t>(in[1])));
    if (fn == "factorial") return as_attr(arith::factorial(std::get<int64_t>(in[0])));
    if (fn == "isqrt") return as_attr(arith::isqrt(std::get<int64_t>(in[0])));
    if (fn == "powmod") { // an error stays for run time
      bool zero = false;
      return as_attr(arith::pow_mod(std::get<int64_t>(in[0]), std::get<int64_t>(in[1]), std::get<int64_t>(in[2]), &zero));
    }
    if (in.size() != 1) return std::nullopt;
    return fold_math(fn, std::get<double>(in[0]));
  }
  case OpKind::CompareNumbers:
    return AttrValue(int64_t(arith::compare_int_float(std::get<int64_t>(in[0]), std::get<double>(in[1]))));
  case OpKind::RangeLength:
    return as_attr(arith::range_length(std::get<int64_t>(in[0]), std::get<int64_t>(in[1]),
                                       std::get<int64_t>(in[2])));
  default: break;
  }
  if (in.size() != 2) return std::nullopt;
  if (auto* a = std::get_if<int64_t>(&in[0]))
    if (auto* b = std::get_if<int64_t>(&in[1])) return fold_int(n.kind(), *a, *b);
  if (auto* a = std::get_if<double>(&in[0]))
    if (auto* b = std::get_if<double>(&in[1])) return fold_float(n.kind(), *a, *b);
  if (auto* a = std::get_if<bool>(&in[0]))
    if (auto* b = std::get_if<bool>(&in[1]))
      if (n.kind() == OpKind::Eq || n.kind() == OpKind::Ne || n.kind() == OpKind::Lt ||
          n.kind() == OpKind::Le || n.kind() == OpKind::Gt || n.kind() == OpKind::Ge)
        return fold_int(n.kind(), *a, *b);
  return std::nullopt;
}

// x + 0, 0 + x, x - 0, x * 1, 1 * x on ints (x * 1.0 and x - 0.0 on floats; x + 0.0 is not x
// when x is -0.0): the operand itself.
Value* identity_operand(const Node& n) {
  if (n.inputs().size() != 2 || n.outputs().size() != 1) return nullptr;
  auto is = [](const Value* v, double want) {
    auto c = constant_value(v);
    if (!c) return false;
    if (auto* i = std::get_if<int64_t>(&*c)) return double(*i) == want;
    if (auto* d = std::get_if<double>(&*c)) return *d == want && !std::signbit(*d);
    return false;
  };
  bool is_int = n.output()->type().is(TypeKind::Int);
  bool is_float = n.output()->type().is(TypeKind::Float);
  if (!is_int && !is_float) return nullptr;
  Value* a = n.input(0);
  Value* b = n.input(1);
  switch (n.kind()) {
  case OpKind::Add:
    if (!is_int) return nullptr;
    return is(b, 0) ? a : is(a, 0) ? b : nullptr;
  case OpKind::Sub: return is(b, 0) ? a : nullptr;
  case OpKind::Mul: return is(b, 1) ? a : is(a, 1) ? b : nullptr;
  default: return nullptr;
  }
}

} // namespace

bool fold_constants(Module& m) {
  bool changed = false;
  for (const auto& f : m.functions) {
    for (Node* n : all_nodes(*f->graph->top())) {
      if (n->kind() == OpKind::TupleGet) {
        const Node* p = n->input(0)->producer();
        if (p && p->kind() == OpKind::TupleConstruct) {
          n->output()->replace_all_uses_with(p->input(size_t(n->int_attr("index"))));
          changed = true;
        }
        continue;
      }
      if (n->kind() == OpKind::Constant || n->outputs().size() != 1 || n->inputs().empty() ||
          !n->blocks().empty() || n->kind() == OpKind::Call)
        continue;
      if (n->output()->uses().empty() && n->is_pure()) continue; // dead code removes it
      if (Value* same = identity_operand(*n)) {
        n->output()->replace_all_uses_with(same);
        n->destroy();
        changed = true;
        continue;
      }
      std::optional<AttrValue> value = fold(*n);
      if (!value) continue;
      Node* c = f->graph->create(OpKind::Constant, {}, {n->output()->type()}, n->range());
      c->set_attr("value", *value);
      n->owner()->insert_before(n, c);
      n->output()->replace_all_uses_with(c->output());
      c->output()->set_name_hint(n->output()->name_hint());
      n->destroy();
      changed = true;
    }
  }
  return changed;
}

} // namespace pyscript::ir
