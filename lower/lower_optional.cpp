// Optional numbers: None or an int, float or bool, as `best = None` and a later `best = v` make.
#include "lower/module_lowering.hpp"

#include "pyscript/runtime.h"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Optional numbers]
// None merging with an int, float or bool (a variable, a return, an attribute) gives an
// Optional[int]: at run time {value, present}, no allocation (ir::Type::is_optional_value). The
// casts are object_cast's: a number or None into the Optional, the Optional out to its number
// (known present). Where CPython needs the number (arithmetic, ordering, unary minus), a None is
// its TypeError with its message ("unsupported operand type(s) for +: 'NoneType' and 'int'"),
// raised before the operation; `==` and `!=` never raise (None == 3 is False), so they branch on
// the flag; `is None`, truth, print, str, f-strings and type() see both cases. `if x is not None:`
// refines x to the number (Note [Refining Optionals]). Lists and dicts of Optional numbers print
// and compare through the runtime's PYRT_K_OPTIONAL_VALUE slots.

Value* FunctionLowering::is_none_value(Value* optional, const SourceRange& r) {
  Value* none = object_cast(const_none(r), optional->type(), r);
  return emit1(OpKind::Is, {optional, none}, Type::bool_(), r);
}

bool FunctionLowering::unwrap_numbers(std::vector<Value*>& operands,
                                      const std::function<std::string(const std::vector<std::string>&)>& message,
                                      const SourceRange& r) {
  std::vector<size_t> optional;
  for (size_t i = 0; i < operands.size(); ++i)
    if (operands[i]->type().is_optional_value()) optional.push_back(i);
  if (optional.empty()) return false;
  std::vector<Value*> none;
  for (size_t i : optional) none.push_back(is_none_value(operands[i], r));
  // Each combination of Nones (most first, so the message names every None) raises its TypeError.
  size_t k = optional.size();
  for (size_t mask = (size_t(1) << k) - 1; mask > 0; --mask) {
    Value* cond = nullptr;
    std::vector<std::string> names;
    size_t next = 0;
    for (size_t i = 0; i < operands.size(); ++i) {
      const Type& t = operands[i]->type();
      bool opt = next < k && optional[next] == i;
      bool is_none_here = opt && ((mask >> next) & 1);
      Value* part = nullptr;
      if (opt) {
        part = is_none_here ? none[next] : emit1(OpKind::Not, {none[next]}, Type::bool_(), r);
        ++next;
      }
      if (part) cond = cond ? emit1(OpKind::BitAnd, {cond, part}, Type::bool_(), r) : part;
      const Type& shown = t.is_optional_value() ? t.elements()[0] : t;
      names.push_back(is_none_here ? "NoneType" : static_type_name(shown).value_or(shown.to_string()));
    }
    raise_if(cond, PYRT_TYPE_ERROR, message(names), r);
  }
  for (size_t i : optional) operands[i] = object_cast(operands[i], operands[i]->type().elements()[0], r);
  return true;
}

// a == b / a != b with an Optional number: None equals only None, as in CPython.
Value* FunctionLowering::compare_optional(ast::CompareOp op, Value* a, Value* b, const ast::Expr& e) {
  const SourceRange& r = e.range;
  Value* opt = a->type().is_optional_value() ? a : b;
  auto with = [&](Value* x) { return opt == a ? compare(op, x, b, e) : compare(op, a, x, e); };
  return select(
      is_none_value(opt, r), [&] { return with(const_none(r)); },
      [&] { return with(object_cast(opt, opt->type().elements()[0], r)); }, e, "the comparison");
}

Value* FunctionLowering::formatted_number(Value* v, const ast::FStringPiece& piece) {
  if (!v || piece.spec.empty() || piece.conversion || !v->type().is_optional_value()) return v;
  std::vector<Value*> x{v};
  unwrap_numbers(
      x, [](const std::vector<std::string>&) { return std::string("unsupported format string passed to NoneType.__format__"); },
      piece.range);
  return x[0];
}

} // namespace pyscript::lower
