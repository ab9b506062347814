// The verifier's cases for numpy's file ops (numpy_load, numpy_open_npz, numpy_save, numpy_savez);
// codegen/emit_numpy_io.cpp relies on every attribute and operand checked here (a loaded artifact
// is checked by the verifier only).
#include "ir/verify_arrays.hpp"

namespace pyscript::ir {
namespace {

using Error = std::optional<std::string>;

bool is_str_attr(const Node& n, const char* name) {
  const AttrValue* v = n.attr(name);
  return v && std::holds_alternative<std::string>(*v);
}

// A path or key passed to the runtime as a C string: no NUL inside.
Error c_string_attr(const Node& n, const char* name) {
  if (!is_str_attr(n, name)) return std::string("missing the ") + name + " attribute (a str)";
  if (n.str_attr(name).find('\0') != std::string::npos) return std::string(name) + " holds a NUL";
  return std::nullopt;
}

} // namespace

std::optional<std::string> verify_numpy_io_op(const Node& n) {
  switch (n.kind()) {
  case OpKind::NumpyLoad: {
    if (Error e = c_string_attr(n, "path")) return e;
    if (n.attr("key"))
      if (Error e = c_string_attr(n, "key")) return e;
    const Type& out = n.output()->type();
    return out.is(TypeKind::Array) ? Error() : Error("the result is an array");
  }
  case OpKind::NumpyOpenNpz:
    return c_string_attr(n, "path");
  case OpKind::NumpySave:
    if (!n.input(0)->type().is(TypeKind::Str)) return "the path is a str";
    return n.input(1)->type().is(TypeKind::Array) ? Error() : Error("the saved value is an array");
  case OpKind::NumpySavez: {
    const AttrValue* compressed = n.attr("compressed");
    if (!compressed || !std::holds_alternative<bool>(*compressed))
      return "missing the compressed attribute (a bool)";
    if (!n.input(0)->type().is(TypeKind::Str)) return "the path is a str";
    if (n.inputs().size() % 2 != 1) return "names and arrays come in pairs";
    for (size_t i = 1; i < n.inputs().size(); i += 2) {
      if (!n.input(i)->type().is(TypeKind::Str))
        return "operand " + std::to_string(i) + " is a member's name, a str";
      if (!n.input(i + 1)->type().is(TypeKind::Array))
        return "operand " + std::to_string(i + 1) + " is an array";
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace pyscript::ir
