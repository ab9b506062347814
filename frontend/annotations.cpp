// Note [Annotations are not evaluated] (annotations.hpp).
#include "frontend/annotations.hpp"

#include "frontend/builtins.hpp"

namespace pyscript {
namespace {

using ast::Expr;
using ast::ExprKind;

bool is_builtin_annotation_name(const std::string& name) {
  return is_builtin_type_name(name) || name == "object" || name == "type" || name == "frozenset" ||
         is_builtin_exception_class(name);
}

// A name or `typing.NAME` / `np.ndarray` that names a type.
bool names_type(const Expr& e, const AnnotationNames& names) {
  if (e.kind == ExprKind::Name)
    return is_builtin_annotation_name(e.text) || names.is_class(e.text) || names.is_typing_name(e.text);
  if (e.kind == ExprKind::Attribute) {
    const std::string* module = names.module_of(*e.operands[0]);
    if (!module) return false;
    if (*module == "numpy") return e.text == "ndarray";
    const Signature* sig = find_module_member(*module, e.text);
    return *module == "typing" && sig && sig->kind == MemberKind::Marker;
  }
  return false;
}

} // namespace

const Expr* unknown_annotation_part(const Expr& e, const AnnotationNames& names) {
  switch (e.kind) {
  case ExprKind::None:
  case ExprKind::Str: // a forward reference: "Node"
    return nullptr;
  case ExprKind::Name:
  case ExprKind::Attribute:
    return names_type(e, names) ? nullptr : &e;
  case ExprKind::Subscript: // list[int], Optional["Node"], Callable[[int], str]
    if (!names_type(*e.operands[0], names)) return e.operands[0].get();
    return unknown_annotation_part(*e.operands[1], names);
  case ExprKind::Tuple:
  case ExprKind::List:
    for (const ast::ExprPtr& op : e.operands)
      if (const Expr* bad = unknown_annotation_part(*op, names)) return bad;
    return nullptr;
  case ExprKind::Binary: // int | None
    if (e.binary_op != ast::BinaryOp::BitOr) return &e;
    if (const Expr* bad = unknown_annotation_part(*e.operands[0], names)) return bad;
    return unknown_annotation_part(*e.operands[1], names);
  default:
    return &e;
  }
}

} // namespace pyscript
