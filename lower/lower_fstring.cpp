// print(f"...") -> print of the literal pieces and a print_format per replacement field. pyscript
// has no string values, so an f-string is lowered only where print consumes it; the format spec
// of each field is checked here, when compiling (support/format_spec), against the field's type.
#include "lower/module_lowering.hpp"

#include "support/format_spec.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;
using pyscript::FormatKind;
using pyscript::FormatSpec;

namespace {

// What print will write, in order: literal text, or a value with its conversion and spec.
struct PrintPiece {
  std::string text;
  Value* value = nullptr;
  char conversion = 0;
  std::string spec;
  SourceRange range;
};

PrintPiece text_piece(std::string text) {
  PrintPiece p;
  p.text = std::move(text);
  return p;
}

PrintPiece value_piece(Value* v, char conversion, std::string spec, const SourceRange& range) {
  PrintPiece p;
  p.value = v;
  p.conversion = conversion;
  p.spec = std::move(spec);
  p.range = range;
  return p;
}

} // namespace

Value* FunctionLowering::lower_print_fstrings(const ast::Expr& e, Environment& env) {
  std::string sep, end;
  if (!print_keywords(e, sep, end)) return nullptr;
  // Every value is computed before anything prints, as CPython evaluates all arguments first.
  std::vector<PrintPiece> pieces;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    const ast::Expr& arg = *e.operands[i];
    if (i > 1) pieces.push_back(text_piece(sep));
    if (arg.kind != ast::ExprKind::FString) {
      Value* v = lower_expr(arg, env);
      if (v && class_of(v->type())) v = object_to_str(v, false, arg.range); // __str__ (lower_class.cpp)
      else if (v && !v->type().container_name().empty()) v = collection_to_str(v, arg.range); // deque, Counter
      if (!v || !printable(v, e.range)) return nullptr;
      pieces.push_back(value_piece(v, 0, "", arg.range));
      continue;
    }
    for (const ast::FStringPiece& piece : arg.fstring) {
      if (piece.field < 0) {
        pieces.push_back(text_piece(piece.text));
        continue;
      }
      Value* v = formatted_number(lower_expr(*arg.operands[size_t(piece.field)], env), piece);
      if (v && (class_of(v->type()) || !v->type().container_name().empty())) { // f"{obj}" formats str(obj), f"{obj!r}" repr(obj)
        ast::FStringPiece as_str = piece;
        as_str.conversion = 0;
        v = class_of(v->type()) ? object_to_str(v, piece.conversion == 'r', piece.range)
                                : collection_to_str(v, piece.range);
        if (!v || !formattable(v, as_str)) return nullptr;
        pieces.push_back(value_piece(v, 0, piece.spec, piece.range));
        continue;
      }
      if (!v || !formattable(v, piece)) return nullptr;
      // A numpy scalar formats as the Python number it converts to (numpy's __format__:
      // f"{np.float32(0.1)}" is 0.10000000149011612), unless !s asks for numpy's str.
      const Type t = v->type();
      if (t.is(TypeKind::Array) && t.rank() == 0 && piece.conversion == 0) {
        v = array_item(v, ir::is_float_dtype(t.dtype()) ? Type::float_() : t.dtype() == ir::DType::Bool ? Type::bool_() : Type::int_(),
                       piece.range);
        if (!v) return nullptr;
      }
      // format(True, spec) formats the int 1; {x!r:>8} formats repr(x).
      if (!piece.spec.empty() && piece.conversion) {
        v = to_str(v, piece.conversion == 'r', piece.range);
        pieces.push_back(value_piece(v, 0, piece.spec, piece.range));
        continue;
      }
      if (!piece.spec.empty() && v->type().is(TypeKind::Bool)) v = cast(v, Type::int_(), piece.range);
      pieces.push_back(value_piece(v, piece.conversion, piece.spec, piece.range));
    }
  }
  pieces.push_back(text_piece(end));
  // str(v) as print writes it (a constant string with its NUL characters too), nothing around it.
  auto print_alone = [&](Value* v, const SourceRange& range) {
    ir::Node* n = emit(OpKind::Print, {v}, {}, range);
    n->set_attr("sep", std::string());
    n->set_attr("end", std::string());
  };
  for (const PrintPiece& piece : pieces) {
    if (piece.value && piece.spec.empty() && !piece.conversion) {
      print_alone(piece.value, piece.range);
    } else if (piece.value) {
      ir::Node* n = emit(OpKind::PrintFormat, {piece.value}, {}, piece.range);
      n->set_attr("spec", piece.spec);
      n->set_attr("conversion", std::string(piece.conversion ? 1 : 0, piece.conversion));
    } else if (!piece.text.empty()) {
      print_alone(const_str(piece.text, e.range), e.range);
    }
  }
  return const_none(e.range);
}

bool FunctionLowering::formattable(const Value* v, const ast::FStringPiece& piece) {
  const Type& t = v->type();
  if (!printable(v, piece.range)) return false;
  if (piece.conversion == 'r' && t.is(TypeKind::Array) && t.rank() == 0) {
    type_error(piece.range, "!r of a numpy scalar is not supported (numpy 1 gives 6.0, numpy 2 np.float64(6.0))",
               "leave out !r: f\"{x}\" prints it as numpy's str does");
    return false;
  }
  if (piece.spec.empty()) return true;
  FormatKind kind;
  if (piece.conversion) kind = FormatKind::Str; // format(repr(x), spec)
  else if (t.is(TypeKind::Int) || t.is(TypeKind::Bool)) kind = FormatKind::Int;
  else if (t.is(TypeKind::Float)) kind = FormatKind::Float;
  else if (t.is(TypeKind::Str)) kind = FormatKind::Str;
  else if (t.is(TypeKind::Array) && t.rank() == 0) kind = ir::is_float_dtype(t.dtype()) ? FormatKind::Float : FormatKind::Int;
  else {
    std::string what = t.is(TypeKind::Array) ? "numpy.ndarray" : t.is(TypeKind::None) ? "NoneType" : "tuple";
    type_error(piece.range, "a format spec applies to numbers and strings; CPython raises TypeError: unsupported "
                            "format string passed to " + what + ".__format__",
               "leave out the spec: f\"{x}\"");
    return false;
  }
  FormatSpec parsed;
  if (std::optional<std::string> problem = parse_format_spec(piece.spec, kind, parsed)) {
    diags_.error(piece.range, "format", "invalid format spec '" + piece.spec + "': " + *problem)
        .help.push_back("CPython raises ValueError here; see Python's format-spec mini-language");
    return false;
  }
  return true;
}

} // namespace pyscript::lower
