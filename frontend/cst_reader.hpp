// Internal to the parser: typed access to tree-sitter's concrete syntax tree and the state of one
// CST -> AST conversion. Statements are converted in parse_stmt.cpp, expressions in parse_expr.cpp,
// literals in parse_literal.cpp.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

#include <tree_sitter/api.h>

#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pyscript::detail {

// Deeper expressions are rejected (CPython's own parser stops near 200 nested parentheses);
// the limit also keeps the recursive conversion far from the end of the stack.
constexpr int kMaxNestingDepth = 200;

class CstReader {
public:
  CstReader(const SourceFile& file, DiagnosticEngine& diags) : file_(file), diags_(diags) {}

  // --- tree-sitter helpers ---
  bool is(TSNode n, const char* type) const { return std::strcmp(ts_node_type(n), type) == 0; }
  std::string_view type_of(TSNode n) const { return ts_node_type(n); }
  std::string_view text(TSNode n) const {
    uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return std::string_view(file_.text()).substr(b, e - b);
  }
  SourceRange range(TSNode n) const {
    return file_.range(ts_node_start_byte(n), ts_node_end_byte(n));
  }
  TSNode field(TSNode n, const char* name) const {
    return ts_node_child_by_field_name(n, name, uint32_t(std::strlen(name)));
  }
  // Named children, comments left out.
  std::vector<TSNode> named_children(TSNode n) const;
  // Every child (named or not), comments left out.
  std::vector<TSNode> children(TSNode n) const;
  // Children of `n` stored under field `name` (a field may repeat, as subscript's does).
  std::vector<TSNode> field_children(TSNode n, const char* name) const;
  // Whether `n` has the anonymous token `keyword` ("async") among its own children.
  bool has_keyword(TSNode n, const char* keyword) const {
    for (TSNode c : children(n))
      if (!ts_node_is_named(c) && is(c, keyword)) return true;
    return false;
  }

  // --- statements (parse_stmt.cpp) ---
  ast::StmtList convert_block(TSNode block);
  void convert_statement(TSNode n, ast::StmtList& out);
  void convert_one_statement(TSNode n, ast::StmtList& out);

  // --- expressions (parse_expr.cpp); null after a reported diagnostic ---
  ast::ExprPtr convert_expr(TSNode n);
  // An annotation: as an expression, with `...` read as a string (Note [Annotations are not
  // evaluated] in annotations.hpp: `Tuple[int, ...]`).
  ast::ExprPtr convert_annotation(TSNode n);
  // `a OP b` from the operator's spelling ("+"), or null when OP is none of Python's.
  ast::ExprPtr make_binary(std::string_view op, ast::ExprPtr lhs, ast::ExprPtr rhs, const SourceRange& r);
  // Reports a keyword tree-sitter reads as a name (async, await), or an assignment to __debug__.
  bool reserved_name(TSNode identifier, bool assigned);
  // An assignment or for target: a Name, or a Tuple of targets; with `stores` (assignment) also
  // a Subscript or an Attribute.
  ast::ExprPtr convert_target(TSNode n, const char* what, bool stores);
  // `[x for x in xs if c]`, `{k: v for ...}`, `(x for x in xs)`: `kind` says which.
  ast::ExprPtr convert_comprehension(TSNode n, ast::ExprKind kind);

  // --- literals (parse_literal.cpp) ---
  ast::ExprPtr convert_integer(TSNode n);
  ast::ExprPtr convert_float(TSNode n);
  ast::ExprPtr convert_string(TSNode n);
  bool convert_interpolation(TSNode n, ast::Expr& out);
  bool decode_part(TSNode part, std::string_view body, bool raw, std::string& value);

  // Reports `'<what>' is not supported` at n, with a help line when `help` is not empty.
  Diagnostic& unsupported(TSNode n, const std::string& what, const std::string& help = "");

  // Names bound by statements that were rejected, so name resolution does not cascade into
  // "undefined name" errors for them (see Note [Names of rejected statements] in resolve.cpp).
  std::set<std::string>& rejected_bindings() { return *rejected_bindings_; }
  void collect_bound_names(TSNode target);
  // The names a whole statement binds (assignment and loop targets, defs, imports, 'as' names).
  void collect_statement_bindings(TSNode stmt);

  const SourceFile& file() const { return file_; }
  DiagnosticEngine& diags() { return diags_; }

  // Context of the statement being converted.
  int function_depth = 0;
  bool in_annotation_ = false;
  int loop_depth = 0;
  int expr_depth = 0;
  std::set<std::string>* rejected_bindings_ = nullptr;

private:
  ast::ExprPtr convert_call(TSNode n);
  ast::ExprPtr convert_subscript(TSNode n);
  ast::ExprPtr convert_slice(TSNode n);
  ast::ExprPtr convert_dict(TSNode n);
  ast::ExprPtr convert_compare(TSNode n);
  ast::ExprPtr convert_operator(TSNode n);
  void convert_loop(TSNode n, ast::StmtList& out);
  void convert_import_from(TSNode n, ast::StmtList& out);
  void convert_delete(TSNode n, ast::StmtList& out);
  void convert_function(TSNode n, ast::StmtList& out, bool is_async);
  void convert_class(TSNode n, ast::StmtList& out, const std::vector<TSNode>& decorators = {});
  // Note [Class decorators] (class_decorators.hpp), in parse_class.cpp.
  std::string marker_name(TSNode e) const;
  void add_marker(ast::ClassDef& cls, TSNode e, const char* module, const char* member);
  bool read_class_decorator(TSNode decorator, ast::ClassDef& cls);
  void read_dataclass_field(TSNode assignment, ast::ClassDef& cls);
  ast::ExprPtr convert_lambda(TSNode n);
  void convert_import(TSNode n, ast::StmtList& out);
  void convert_assignment(TSNode n, ast::StmtList& out);
  void convert_augmented_assignment(TSNode n, ast::StmtList* out);
  ast::StmtPtr convert_if(TSNode n, uint32_t alternative_index);
  // try/except/else/finally and raise (parse_try.cpp)
  void convert_try(TSNode n, ast::StmtList& out);
  void convert_raise(TSNode n, ast::StmtList& out);
  void convert_yield(TSNode n, ast::StmtList& out);

  const SourceFile& file_;
  DiagnosticEngine& diags_;
};

} // namespace pyscript::detail
