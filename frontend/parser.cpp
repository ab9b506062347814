// Driver of the CST -> AST conversion: runs tree-sitter, reports what it could not parse, then hands
// the tree to CstReader (parse_stmt.cpp, parse_expr.cpp).
#include "frontend/parser.hpp"

#include "frontend/cst_reader.hpp"
#include "frontend/tokenizer_rules.hpp"
#include "support/internal_error.hpp"

#include <cstdio>
#include <cstring>

#include <memory>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace pyscript {
namespace {

constexpr size_t kMaxSyntaxErrors = 20;

// CPython rejects a source that is not UTF-8 or holds NUL bytes before it parses anything.
bool check_encoding(const SourceFile& file, DiagnosticEngine& diags) {
  const std::string& t = file.text();
  for (size_t i = 0; i < t.size();) {
    unsigned char c = static_cast<unsigned char>(t[i]);
    if (c == 0) {
      diags.error(file.range(uint32_t(i), uint32_t(i + 1)), "syntax",
                  "source code cannot contain null bytes");
      return false;
    }
    size_t len = c < 0x80 ? 1 : c >= 0xC2 && c < 0xE0 ? 2 : c >= 0xE0 && c < 0xF0 ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    bool ok = len > 0 && i + len <= t.size();
    for (size_t k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(t[i + k]) & 0xC0) == 0x80;
    if (!ok) {
      char byte[8];
      std::snprintf(byte, sizeof byte, "0x%02x", c);
      diags.error(file.range(uint32_t(i), uint32_t(i + 1)), "syntax",
                  std::string("source is not valid UTF-8 (byte ") + byte + ")")
          .help.push_back("save the file as UTF-8");
      return false;
    }
    i += len;
  }
  return true;
}

// Walks the tree without recursion (inputs may nest thousands deep) and reports ERROR nodes
// (outermost only) and MISSING tokens that begin before byte `limit`.
bool report_syntax_errors(TSNode root, const SourceFile& file, DiagnosticEngine& diags, uint32_t limit) {
  if (!ts_node_has_error(root)) return false;
  size_t found = 0;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  bool descend = true;
  while (true) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    bool report = (std::strcmp(ts_node_type(n), "ERROR") == 0 || ts_node_is_missing(n)) &&
                  ts_node_start_byte(n) < limit;
    if (report) {
      uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
      SourceRange r = file.range(b, e);
      std::string message = "invalid syntax";
      if (ts_node_is_missing(n)) message += std::string(": expected '") + ts_node_type(n) + "'";
      if (++found <= kMaxSyntaxErrors) diags.error(r, "syntax", message);
    }
    // Only subtrees that contain an error are worth entering.
    if (descend && !report && ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&cursor))
      continue;
    descend = true;
    if (ts_tree_cursor_goto_next_sibling(&cursor)) continue;
    bool moved = false;
    while (ts_tree_cursor_goto_parent(&cursor)) {
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  ts_tree_cursor_delete(&cursor);
  if (found > kMaxSyntaxErrors)
    diags.error(SourceRange{}, "syntax",
                std::to_string(found - kMaxSyntaxErrors) + " more syntax errors not shown");
  return found > 0;
}

struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};

} // namespace

ast::Module parse_module(const SourceFile& file, DiagnosticEngine& diags) {
  ast::Module module;
  module.file = &file;
  if (!check_encoding(file, diags)) return module;

  std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  bool language_ok = ts_parser_set_language(parser.get(), tree_sitter_python());
  PYSCRIPT_ASSERT(language_ok, "the tree-sitter-python grammar's ABI does not fit libtree-sitter");
  const std::string& text = file.text();
  std::unique_ptr<TSTree, TreeDeleter> tree(
      ts_parser_parse_string(parser.get(), nullptr, text.data(), uint32_t(text.size())));
  PYSCRIPT_ASSERT(tree != nullptr, "tree-sitter returned no tree");
  TSNode root = ts_tree_root_node(tree.get());
  // CPython stops at the first error: an indentation error, and what tree-sitter found before it
  // (Note [Indentation as CPython reads it]).
  std::optional<TokenizerError> indentation = check_tokenizer_rules(text);
  uint32_t limit = indentation ? indentation->begin : UINT32_MAX;
  bool failed = report_syntax_errors(root, file, diags, limit);
  if (indentation) {
    Diagnostic& d = diags.error(file.range(indentation->begin, indentation->end), "syntax",
                                indentation->message);
    if (!indentation->help.empty()) d.help.push_back(indentation->help);
    return module;
  }
  if (failed) return module;

  detail::CstReader reader(file, diags);
  reader.rejected_bindings_ = &module.rejected_bindings;
  for (TSNode child : reader.named_children(root)) reader.convert_statement(child, module.body);
  return module;
}

} // namespace pyscript
