#include "frontend/frontend.hpp"

#include "frontend/class_decorators.hpp"
#include "frontend/parser.hpp"
#include "frontend/resolve.hpp"

namespace pyscript {

CheckedModule check_source(std::string path, std::string text, DiagnosticEngine& diags) {
  CheckedModule out;
  out.file = std::make_shared<SourceFile>(std::move(path), std::move(text));
  size_t errors_before = diags.error_count();
  out.module = parse_module(*out.file, diags);
  // Name resolution on a tree with syntax errors would only report their echoes.
  for (size_t i = errors_before; i < diags.all().size(); ++i)
    out.syntax_failed = out.syntax_failed || diags.all()[i].code == "syntax";
  if (out.syntax_failed) return out;
  expand_class_decorators(out.module, diags); // Note [Class decorators]
  resolve_names(out.module, diags);
  return out;
}

} // namespace pyscript
