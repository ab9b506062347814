// try/except/else/finally and raise: tree-sitter nodes -> ast::Stmt (Note [Try regions] in
// lower/exceptions.hpp says how they run).
#include "frontend/cst_reader.hpp"

#include <optional>

namespace pyscript::detail {

// try_statement: body, then except_clause* else_clause? finally_clause?, or except_group_clause*
// (`except*`, rejected). except_clause: `except [value [as alias]]: block`.
void CstReader::convert_try(TSNode n, ast::StmtList& out) {
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Try, range(n));
  s->body = convert_block(field(n, "body"));
  bool ok = true;
  std::optional<SourceRange> bare; // a bare `except:` seen
  for (TSNode c : named_children(n)) {
    if (is(c, "except_group_clause")) {
      unsupported(c, "'except*'", "pyscript has no exception groups: write 'except'");
      ok = false;
      continue;
    }
    if (is(c, "else_clause")) {
      s->orelse = convert_block(field(c, "body"));
      continue;
    }
    if (is(c, "finally_clause")) {
      for (TSNode b : named_children(c))
        if (is(b, "block")) s->finalbody = convert_block(b);
      continue;
    }
    if (!is(c, "except_clause")) continue;
    if (bare) { // CPython refuses to compile this
      diags_.error(*bare, "syntax", "default 'except:' must be last");
      bare.reset();
      ok = false;
    }
    ast::ExceptHandler h;
    h.range = range(c);
    TSNode value = field(c, "value");
    TSNode alias = field(c, "alias");
    if (!ts_node_is_null(value) && is(value, "as_pattern")) { // how tree-sitter reads `E as e`
      alias = field(value, "alias");
      if (!ts_node_is_null(alias) && is(alias, "as_pattern_target") &&
          !named_children(alias).empty())
        alias = named_children(alias)[0];
      value = named_children(value).at(0);
    }
    if (!ts_node_is_null(alias) && has_keyword(c, ",")) { // Python 2's `except E, e:`
      diags_.error(range(c), "syntax", "multiple exception types must be parenthesized")
          .help.push_back("write 'except E as name:'");
      ok = false;
      continue;
    }
    if (!ts_node_is_null(value)) {
      h.type = convert_expr(value);
      if (!h.type) ok = false;
    }
    if (!ts_node_is_null(alias)) {
      if (!is(alias, "identifier")) {
        diags_.error(range(alias), "syntax", "invalid syntax")
            .help.push_back("the name after 'as' is a plain name: 'except ValueError as e:'");
        ok = false;
      } else if (!reserved_name(alias, /*assigned=*/true)) {
        h.name = std::string(text(alias));
        h.name_range = range(alias);
      } else {
        ok = false;
      }
    }
    for (TSNode b : named_children(c))
      if (is(b, "block")) h.body = convert_block(b);
    if (!h.type) bare = h.range;
    s->handlers.push_back(std::move(h));
  }
  if (ok) out.push_back(std::move(s));
}

// raise_statement: `raise [value] [from cause]`.
void CstReader::convert_raise(TSNode n, ast::StmtList& out) {
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Raise, range(n));
  TSNode cause = field(n, "cause");
  if (!ts_node_is_null(cause)) {
    s->cause = convert_expr(cause);
    if (!s->cause) return;
  }
  std::vector<TSNode> kids = named_children(n);
  if (!kids.empty()) {
    if (is(kids[0], "expression_list")) {
      unsupported(kids[0], "raising a tuple", "raise one exception: 'raise ValueError(\"...\")'");
      return;
    }
    s->value = convert_expr(kids[0]);
    if (!s->value) return;
  }
  out.push_back(std::move(s));
}

} // namespace pyscript::detail
