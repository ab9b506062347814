// Which annotations pyscript accepts (SPEC.md "Functions": annotations optional).
#pragma once

#include "frontend/ast.hpp"

#include <functional>
#include <string>

namespace pyscript {

// Note [Annotations are not evaluated]
// CPython stores annotations and otherwise ignores them: `data: Any`, `-> Iterator[int]`,
// `self.next: Optional["Node"] = None` change nothing a program does. pyscript checks that an
// annotation names a type (so a misspelt name is still reported) and then ignores it, except where
// it fixes what nothing else fixes: the element types of an empty container (`xs: list[int] = []`,
// Note [Empty containers]) and int/float/bool of an assigned value (lower_stmt.cpp). Accepted:
// int float bool str None object and the builtin containers (bare or subscripted), classes of the
// program, CPython's exception classes, string forward references ("Node"), np.ndarray, `X | Y`,
// and typing's names (Optional, List, Any, ...: MemberKind::Marker rows of frontend/builtins.cpp),
// imported by name or read as `typing.NAME`. typing's names are markers: used as a value anywhere
// else, they are a diagnostic.
struct AnnotationNames {
  std::function<bool(const std::string&)> is_class;       // a class of the program
  std::function<bool(const std::string&)> is_typing_name; // `from typing import Optional`, unhidden
  std::function<const std::string*(const ast::Expr&)> module_of; // the module a name stands for
};

// The first part of annotation `e` that names no type pyscript knows, or null when all of it does.
const ast::Expr* unknown_annotation_part(const ast::Expr& e, const AnnotationNames& names);

} // namespace pyscript
