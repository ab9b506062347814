// Statements: tree-sitter nodes -> ast::Stmt, and the statements the subset rejects.
#include "frontend/builtins.hpp"
#include "frontend/cst_reader.hpp"

#include <algorithm>
#include <set>

namespace pyscript::detail {

std::vector<TSNode> CstReader::named_children(TSNode n) const {
  std::vector<TSNode> out;
  uint32_t count = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_named_child(n, i);
    if (!is(c, "comment") && !is(c, "line_continuation")) out.push_back(c);
  }
  return out;
}

std::vector<TSNode> CstReader::children(TSNode n) const {
  std::vector<TSNode> out;
  uint32_t count = ts_node_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_child(n, i);
    if (!is(c, "comment") && !is(c, "line_continuation")) out.push_back(c);
  }
  return out;
}

std::vector<TSNode> CstReader::field_children(TSNode n, const char* name) const {
  // A cursor, since libtree-sitter 0.20's ts_node_field_name_for_child misreads repeated fields.
  std::vector<TSNode> out;
  TSTreeCursor cursor = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      const char* f = ts_tree_cursor_current_field_name(&cursor);
      TSNode c = ts_tree_cursor_current_node(&cursor);
      if (f && std::strcmp(f, name) == 0 && ts_node_is_named(c)) out.push_back(c);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

Diagnostic& CstReader::unsupported(TSNode n, const std::string& what, const std::string& help) {
  Diagnostic& d = diags_.error(range(n), "unsupported", what + " is not supported by pyscript");
  if (!help.empty()) d.help.push_back(help);
  return d;
}

void CstReader::collect_bound_names(TSNode target) {
  // Iterative: targets may nest as deep as the user likes.
  std::vector<TSNode> stack{target};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (ts_node_is_null(n)) continue;
    if (is(n, "identifier")) {
      rejected_bindings_->insert(std::string(text(n)));
      continue;
    }
    if (is(n, "attribute") || is(n, "subscript")) continue; // binds no name
    for (TSNode c : named_children(n)) stack.push_back(c);
  }
}

ast::StmtList CstReader::convert_block(TSNode block) {
  ast::StmtList out;
  for (TSNode child : named_children(block)) convert_statement(child, out);
  return out;
}

namespace {

// Statements that the subset rejects outright, and what to tell the user instead.
struct RejectedStatement {
  const char* node_type;
  const char* what;
  const char* help;
};

const RejectedStatement kRejectedStatements[] = {
    {"global_statement", "'global'",
     "pass the value in as a parameter and return the new value; module-level names are constants"},
    {"nonlocal_statement", "'nonlocal'", "pass the value in as a parameter and return it"},
    {"with_statement", "'with'", "pyscript code has no files or resources to manage"},
    {"decorated_definition", "a decorator",
     "remove the decorator; pyscript compiles every function"},
    {"match_statement", "'match'", "use 'if'/'elif'/'else'"},
    {"type_alias_statement", "a 'type' alias", ""},
    {"print_statement", "the Python 2 print statement", "write 'print(...)'"},
    {"exec_statement", "'exec'", ""},
};

// Note [Cache decorators]
// `@functools.lru_cache(maxsize=None)`, `@lru_cache`, `@lru_cache()`, `@lru_cache(maxsize=N)`,
// `@lru_cache(N)`, `@functools.cache`, `@cache` on a function: the function is compiled as if
// undecorated. For the functions these decorators are meant for (pure ones) the results are the
// same; what is not built is the cache itself (a program relying on it for its speed, fib(80),
// runs the uncached recursion) and the wrapper's methods (cache_info, cache_clear).
bool is_cache_decorator(std::string text) {
  text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\n'; }),
             text.end());
  if (text.rfind("@", 0) != 0) return false;
  text = text.substr(1);
  if (text.rfind("functools.", 0) == 0) text = text.substr(10);
  if (text == "cache" || text == "lru_cache" || text == "lru_cache()") return true;
  if (text.rfind("lru_cache(", 0) != 0 || text.back() != ')') return false;
  std::string arg = text.substr(10, text.size() - 11);
  if (arg.rfind("maxsize=", 0) == 0) arg = arg.substr(8);
  return arg == "None" ||
         (!arg.empty() && std::all_of(arg.begin(), arg.end(), [](char c) { return c >= '0' && c <= '9'; }));
}

} // namespace

void CstReader::collect_statement_bindings(TSNode stmt) {
  // Iterative: statements may nest as deep as the user likes.
  std::vector<TSNode> stack{stmt};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (ts_node_is_null(n)) continue;
    std::string_view type = type_of(n);
    if (type == "function_definition" || type == "class_definition") {
      rejected_bindings_->insert(std::string(text(field(n, "name"))));
      continue; // its body is another scope
    }
    if (type == "lambda" || type == "list_comprehension" || type == "dictionary_comprehension" ||
        type == "set_comprehension" || type == "generator_expression")
      continue; // another scope
    if (type == "aliased_import") {
      rejected_bindings_->insert(std::string(text(field(n, "alias"))));
      continue;
    }
    if (type == "import_statement" || type == "import_from_statement") {
      for (TSNode name : field_children(n, "name")) {
        if (is(name, "dotted_name")) {
          std::string dotted(text(name));
          rejected_bindings_->insert(dotted.substr(0, dotted.find('.')));
        } else {
          stack.push_back(name);
        }
      }
      continue;
    }
    if (type != "keyword_argument") // its `name` binds nothing
      for (const char* binding_field : {"left", "alias"})
        if (TSNode target = field(n, binding_field); !ts_node_is_null(target)) collect_bound_names(target);
    if (type == "named_expression") collect_bound_names(field(n, "name"));
    for (TSNode c : named_children(n)) stack.push_back(c);
  }
}

void CstReader::convert_statement(TSNode n, ast::StmtList& out) {
  size_t converted = out.size(), errors = diags_.error_count();
  convert_one_statement(n, out);
  // A statement left out after an error still binds its names (Note [Names of rejected
  // statements] in resolve.cpp), so later uses do not cascade into "undefined name" errors.
  if (out.size() == converted && diags_.error_count() > errors) collect_statement_bindings(n);
}

// `yield v`, `yield a, b`, `yield` and `yield from it` as statements of a function: a generator
// (Note [Generators are inlined] in lower/lower_generator.cpp). `x = yield v` (send) is refused
// where the assignment reads its value.
void CstReader::convert_yield(TSNode n, ast::StmtList& out) {
  SourceRange r = range(n);
  if (function_depth == 0) {
    diags_.error(r, "syntax", "'yield' outside function");
    return;
  }
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Yield, r);
  s->delegates = has_keyword(n, "from");
  std::vector<TSNode> kids = named_children(n);
  if (!kids.empty()) {
    s->value = convert_expr(kids[0]); // `yield a, b`: an expression_list, a Tuple
    if (!s->value) return;
  }
  out.push_back(std::move(s));
}

void CstReader::convert_one_statement(TSNode n, ast::StmtList& out) {
  SourceRange r = range(n);
  std::string_view type = type_of(n);
  if (type == "decorated_definition" && is(field(n, "definition"), "function_definition")) {
    bool caches = true; // Note [Cache decorators]
    for (TSNode c : named_children(n))
      if (is(c, "decorator")) caches = caches && is_cache_decorator(std::string(text(c)));
    TSNode def = field(n, "definition");
    if (caches) return convert_function(def, out, has_keyword(def, "async"));
  }
  if (type == "decorated_definition" && is(field(n, "definition"), "class_definition")) {
    std::vector<TSNode> decorators; // Note [Class decorators]
    for (TSNode c : named_children(n))
      if (is(c, "decorator")) decorators.push_back(c);
    return convert_class(field(n, "definition"), out, decorators);
  }
  for (const RejectedStatement& rej : kRejectedStatements) {
    if (type == rej.node_type) {
      unsupported(n, rej.what, rej.help);
      // Names a rejected statement binds stay defined, so later uses do not cascade into errors.
      if (type == "with_statement" || type == "try_statement" || type == "class_definition" ||
          type == "decorated_definition")
        collect_bound_names(n);
      return;
    }
  }
  if (type == "expression_statement") {
    std::vector<TSNode> kids = named_children(n);
    if (kids.size() == 1 && is(kids[0], "assignment")) return convert_assignment(kids[0], out);
    if (kids.size() == 1 && is(kids[0], "augmented_assignment"))
      return convert_augmented_assignment(kids[0], &out);
    if (kids.size() == 1 && is(kids[0], "yield")) return convert_yield(kids[0], out);
    if (kids.size() == 1 && is(kids[0], "ellipsis")) { // `...` as a body: a value nothing reads
      out.push_back(std::make_unique<ast::Stmt>(ast::StmtKind::Pass, r));
      return;
    }
    ast::ExprPtr value;
    if (kids.size() == 1) {
      value = convert_expr(kids[0]);
    } else {
      value = std::make_unique<ast::Expr>(ast::ExprKind::Tuple, r);
      for (TSNode k : kids) {
        ast::ExprPtr e = convert_expr(k);
        if (!e) return;
        value->operands.push_back(std::move(e));
      }
    }
    if (!value) return;
    auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Expr, r);
    s->value = std::move(value);
    out.push_back(std::move(s));
    return;
  }
  if (type == "if_statement") {
    if (ast::StmtPtr s = convert_if(n, 0)) out.push_back(std::move(s));
    return;
  }
  if (type == "for_statement" || type == "while_statement") return convert_loop(n, out);
  if (type == "try_statement") return convert_try(n, out);     // parse_try.cpp
  if (type == "raise_statement") return convert_raise(n, out); // parse_try.cpp
  if (type == "delete_statement") return convert_delete(n, out);
  if (type == "function_definition") return convert_function(n, out, has_keyword(n, "async"));
  if (type == "class_definition") return convert_class(n, out);
  if (type == "import_statement") return convert_import(n, out);
  if (type == "import_from_statement") return convert_import_from(n, out);
  if (type == "future_import_statement") {
    diags_.error(r, "import", "'from __future__ import ...' is not supported")
        .help.push_back("remove it: pyscript reads Python 3 as it is");
    for (TSNode c : field_children(n, "name")) collect_bound_names(c);
    return;
  }
  if (type == "return_statement") {
    if (function_depth == 0) {
      diags_.error(r, "syntax", "'return' outside function");
      return;
    }
    auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Return, r);
    std::vector<TSNode> kids = named_children(n);
    if (!kids.empty()) {
      s->value = convert_expr(kids[0]);
      if (!s->value) return;
    }
    out.push_back(std::move(s));
    return;
  }
  if (type == "break_statement" || type == "continue_statement") {
    bool is_break = type == "break_statement";
    if (loop_depth == 0) {
      diags_.error(r, "syntax", is_break ? "'break' outside loop" : "'continue' not properly in loop");
      return;
    }
    out.push_back(
        std::make_unique<ast::Stmt>(is_break ? ast::StmtKind::Break : ast::StmtKind::Continue, r));
    return;
  }
  if (type == "pass_statement") {
    out.push_back(std::make_unique<ast::Stmt>(ast::StmtKind::Pass, r));
    return;
  }
  if (type == "assert_statement") {
    std::vector<TSNode> kids = named_children(n);
    auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Assert, r);
    s->value = convert_expr(kids.at(0));
    if (kids.size() > 1) s->message = convert_expr(kids[1]);
    if (!s->value || (kids.size() > 1 && !s->message)) return;
    out.push_back(std::move(s));
    return;
  }
  unsupported(n, "this statement ('" + std::string(type) + "')");
}

// for_statement: left, right, body, alternative?; while_statement: condition, body, alternative?.
// The else_clause runs when the loop ends without 'break'.
void CstReader::convert_loop(TSNode n, ast::StmtList& out) {
  bool is_for = is(n, "for_statement");
  if (has_keyword(n, "async")) {
    unsupported(n, "'async for'");
    return;
  }
  auto s =
      std::make_unique<ast::Stmt>(is_for ? ast::StmtKind::For : ast::StmtKind::While, range(n));
  if (is_for) {
    TSNode left = field(n, "left");
    ast::ExprPtr target = convert_target(left, "a loop target", /*stores=*/false);
    if (!target) collect_bound_names(left);
    s->targets.push_back(std::move(target));
    s->value = convert_expr(field(n, "right"));
  } else {
    s->value = convert_expr(field(n, "condition"));
  }
  ++loop_depth;
  s->body = convert_block(field(n, "body"));
  --loop_depth;
  // `break` in the else clause belongs to an enclosing loop, if any.
  if (TSNode alternative = field(n, "alternative"); !ts_node_is_null(alternative))
    s->orelse = convert_block(field(alternative, "body"));
  if (!s->value || (is_for && !s->targets[0])) return;
  out.push_back(std::move(s));
}

// del xs[i], d[k]: each target an item or a slice of a list or dict.
void CstReader::convert_delete(TSNode n, ast::StmtList& out) {
  std::vector<TSNode> kids = named_children(n);
  if (kids.size() == 1 && (is(kids[0], "expression_list") || is(kids[0], "tuple")))
    kids = named_children(kids[0]);
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Del, range(n));
  bool ok = true;
  for (TSNode k : kids) {
    if (is(k, "subscript")) {
      ast::ExprPtr target = convert_expr(k);
      if (!target) ok = false;
      s->targets.push_back(std::move(target));
      continue;
    }
    ok = false;
    if (is(k, "identifier")) {
      unsupported(k, "'del' of a name",
                  "let the variable go out of use; pyscript frees it after its last use");
    } else if (is(k, "attribute")) {
      unsupported(k, "'del' of an attribute", "an object's attributes are fixed by its __init__");
    } else {
      diags_.error(range(k), "syntax", "cannot delete this expression")
          .help.push_back("'del' takes items of lists and dicts: 'del xs[i]', 'del d[k]'");
    }
  }
  if (ok && !s->targets.empty()) out.push_back(std::move(s));
}

// if_statement: condition, consequence, then alternative* (elif_clause | else_clause).
// An elif chain becomes nested Ifs, each alone in its parent's orelse.
ast::StmtPtr CstReader::convert_if(TSNode n, uint32_t alternative_index) {
  std::vector<TSNode> alternatives = field_children(n, "alternative");
  TSNode cond_node, body_node;
  SourceRange r = range(n);
  if (alternative_index == 0) {
    cond_node = field(n, "condition");
    body_node = field(n, "consequence");
  } else {
    TSNode elif = alternatives[alternative_index - 1];
    cond_node = field(elif, "condition");
    body_node = field(elif, "consequence");
    r = range(elif);
  }
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::If, r);
  s->value = convert_expr(cond_node);
  s->body = convert_block(body_node);
  if (alternative_index < alternatives.size()) {
    TSNode next = alternatives[alternative_index];
    if (is(next, "else_clause")) {
      s->orelse = convert_block(field(next, "body"));
    } else if (ast::StmtPtr nested = convert_if(n, alternative_index + 1)) {
      s->orelse.push_back(std::move(nested));
    }
  }
  if (!s->value) return nullptr;
  return s;
}

void CstReader::convert_assignment(TSNode n, ast::StmtList& out) {
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, range(n));
  // a = b = value nests as assignment(a, assignment(b, value)).
  TSNode cur = n;
  bool ok = true;
  while (true) {
    TSNode left = field(cur, "left");
    TSNode right = field(cur, "right");
    TSNode annotation = field(cur, "type");
    if (!ts_node_is_null(annotation)) {
      if (ts_node_is_null(right)) {
        unsupported(cur, "an annotation without a value", "assign a value: 'x: float = 0.0'");
        collect_bound_names(left);
        return;
      }
      s->annotation = convert_annotation(named_children(annotation).at(0));
    }
    ast::ExprPtr target = convert_target(left, "an assignment target", /*stores=*/true);
    if (!target) {
      ok = false;
      collect_bound_names(left);
    }
    s->targets.push_back(std::move(target));
    if (ts_node_is_null(right)) return; // tree-sitter recovered from an error we already reported
    if (is(right, "assignment")) {
      cur = right;
      continue;
    }
    if (is(right, "augmented_assignment")) {
      convert_augmented_assignment(right, nullptr);
      return;
    }
    if (is(right, "yield")) {
      unsupported(right, "'yield'", "return a value instead; generators are not compiled");
      return;
    }
    if (is(right, "expression_list") || is(right, "pattern_list")) {
      s->value = std::make_unique<ast::Expr>(ast::ExprKind::Tuple, range(right));
      for (TSNode k : named_children(right)) {
        ast::ExprPtr e = convert_expr(k);
        if (!e) ok = false;
        s->value->operands.push_back(std::move(e));
      }
    } else {
      s->value = convert_expr(right);
      if (!s->value) ok = false;
    }
    break;
  }
  if (ok) out.push_back(std::move(s));
}

namespace {

// Python's binding strength of the binary operators, weakest first.
int binary_precedence(std::string_view op) {
  if (op == "**") return 7;
  if (op == "*" || op == "/" || op == "//" || op == "%" || op == "@") return 6;
  if (op == "+" || op == "-") return 5;
  if (op == "<<" || op == ">>") return 4;
  if (op == "&") return 3;
  if (op == "^") return 2;
  return 1; // |
}

// Whether `rhs` needs parentheses as the right operand of `op` in the fix-it `x = x op rhs`:
// not when it is an atom, a unary operator, or binds tighter than `op`.
bool needs_parentheses(const CstReader& r, std::string_view op, TSNode rhs) {
  static const std::set<std::string_view> atoms = {
      "identifier", "integer", "float", "true", "false", "none", "string", "call", "attribute",
      "subscript", "parenthesized_expression", "list", "tuple", "unary_operator", "dictionary",
      "list_comprehension", "dictionary_comprehension"};
  if (atoms.count(r.type_of(rhs))) return false;
  if (r.is(rhs, "binary_operator"))
    return binary_precedence(r.text(r.field(rhs, "operator"))) <= binary_precedence(op);
  return true;
}

TSNode unparenthesized(const CstReader& r, TSNode n) {
  while (r.is(n, "parenthesized_expression") && r.named_children(n).size() == 1)
    n = r.named_children(n)[0];
  return n;
}

bool is_call_of(const CstReader& r, TSNode n, std::string_view builtin) {
  return r.is(n, "call") && r.text(r.field(n, "function")) == builtin;
}

// A value that is visibly a list: a display, a comprehension, list(...), or [...] * n.
bool is_list_value(const CstReader& r, TSNode n) {
  n = unparenthesized(r, n);
  if (r.is(n, "list") || r.is(n, "list_comprehension") || is_call_of(r, n, "list")) return true;
  if (!r.is(n, "binary_operator") || r.text(r.field(n, "operator")) != "*") return false;
  return r.is(unparenthesized(r, r.field(n, "left")), "list") ||
         r.is(unparenthesized(r, r.field(n, "right")), "list");
}

// A value that is visibly a dict: a display, a comprehension, or dict(...).
bool is_dict_value(const CstReader& r, TSNode n) {
  n = unparenthesized(r, n);
  return r.is(n, "dictionary") || r.is(n, "dictionary_comprehension") || is_call_of(r, n, "dict");
}

} // namespace

// Note [Augmented assignment's fix-it]
// `s += i` on a number (or an array, which pyscript holds as a value) means `s = s + i`. On a list
// CPython extends the list in place, so every other name for it sees the new elements: where the
// right side is visibly a list (`xs += [3]`) the form that keeps that meaning is `xs.extend([3])`;
// `d |= e` with a dict on the right is `d.update(e)`. An item (`xs[i] += 1`) has no rewrite that
// is right for both a list and an array: it gets help here, and the statement goes on as the
// assignment `xs[i] = xs[i] + 1` marked with its rewrite (Stmt::item_update_rewrite), which the
// lowering types: where every lowering of it sees a list or a dict, and the item's expressions
// make no calls (they are evaluated twice in the rewrite, once in CPython), the rewrite becomes the
// fix-it (lower/lower_stmt.cpp, lower_item_update). Nothing else of the statement is lowered.
void CstReader::convert_augmented_assignment(TSNode n, ast::StmtList* out) {
  TSNode left = field(n, "left");
  TSNode op = field(n, "operator");
  TSNode right = field(n, "right");
  std::string op_text(text(op));
  std::string binary_op = op_text.substr(0, op_text.size() - 1);
  std::string left_text(text(left));
  Diagnostic& d = diags_.error(range(n), "in-place",
                               "in-place update '" + std::string(text(n)) + "' is not supported");
  collect_bound_names(left);
  if (ts_node_is_null(right)) return;
  std::string rhs(text(right));
  std::string method = op_text == "+=" && is_list_value(*this, right)   ? "extend"
                       : op_text == "|=" && is_dict_value(*this, right) ? "update"
                                                                        : "";
  if (!method.empty()) {
    std::string rewrite = left_text + "." + method + "(" + rhs + ")";
    d.help.push_back("write '" + rewrite + "': '" + op_text + "' changes the " +
                     (method == "extend" ? "list" : "dict") +
                     " in place, so every name for it sees the change");
    d.fixits.push_back(FixIt{range(n), rewrite});
    return;
  }
  // A name or an attribute chain of names (`self.kernel.holds`): reading it twice reads the same.
  TSNode base = left;
  while (is(base, "attribute")) base = field(base, "object");
  bool name_like = is(base, "identifier");
  if (name_like) {
    if (needs_parentheses(*this, binary_op, right)) rhs = "(" + rhs + ")";
    std::string rewrite = left_text + " = " + left_text + " " + binary_op + " " + rhs;
    d.help.push_back("write '" + rewrite + "'");
    d.fixits.push_back(FixIt{range(n), rewrite});
    d.notes.push_back({SourceRange{}, "pyscript values are immutable, so every update makes a new "
                                      "value; the compiler reuses the storage when it can"});
    return;
  }
  if (is(left, "subscript")) {
    std::string rewrite = left_text + " = " + left_text + " " + binary_op + " " +
                          (needs_parentheses(*this, binary_op, right) ? "(" + rhs + ")" : rhs);
    d.help.push_back("for a list or a dict write '" + rewrite +
                     "'; arrays are values in pyscript: compute a new array, e.g. with np.where, "
                     "and assign it to the name");
    if (!out) return;
    size_t errors = diags_.error_count();
    auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, range(n));
    ast::ExprPtr target = convert_target(left, "an assignment target", /*stores=*/true);
    if (!target || diags_.error_count() != errors) return; // (its read would report it again)
    ast::ExprPtr value = make_binary(binary_op, convert_expr(left), convert_expr(right), range(n));
    if (!value) return;
    s->targets.push_back(std::move(target));
    s->value = std::move(value);
    s->item_update_rewrite = rewrite;
    out->push_back(std::move(s));
    return;
  }
  d.help.push_back("assign the new value to a name: 'x = x " + binary_op + " ...'");
}

namespace {

const char* const kImportHelp =
    "pyscript can import only numpy, math, time, random, sys, bisect, heapq, functools, string, "
    "collections, itertools, typing, abc and dataclasses";

bool is_importable(std::string_view module) {
  return module == "numpy" || module == "math" || module == "time" || module == "random" ||
         module == "sys" || module == "bisect" || module == "heapq" || module == "functools" ||
         module == "string" || module == "collections" || module == "itertools" || module == "typing" ||
         module == "abc" || module == "dataclasses";
}

} // namespace

void CstReader::convert_import(TSNode n, ast::StmtList& out) {
  for (TSNode name_node : field_children(n, "name")) {
    TSNode dotted = name_node, alias_node{};
    if (is(name_node, "aliased_import")) {
      dotted = field(name_node, "name");
      alias_node = field(name_node, "alias");
    }
    std::string module(text(dotted));
    std::string alias = ts_node_is_null(alias_node) ? module : std::string(text(alias_node));
    if (!is_importable(module)) {
      Diagnostic& d = diags_.error(range(n), "import",
                                   "module '" + module + "' cannot be imported in pyscript");
      d.help.push_back(kImportHelp);
      rejected_bindings_->insert(ts_node_is_null(alias_node) ? module.substr(0, module.find('.'))
                                                             : alias);
      continue;
    }
    auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Import, range(n));
    s->module = module;
    s->alias = alias;
    out.push_back(std::move(s));
  }
}

// from math import sqrt, pi as PI; from numpy.linalg import norm. Whether each name exists is
// checked by name resolution, which knows the modules' members.
void CstReader::convert_import_from(TSNode n, ast::StmtList& out) {
  std::string module(text(field(n, "module_name")));
  std::vector<TSNode> names = field_children(n, "name");
  bool known = is_importable(module) || module == "numpy.linalg" || module == "numpy.random";
  if (!known) {
    Diagnostic& d =
        diags_.error(range(n), "import", "module '" + module + "' cannot be imported in pyscript");
    d.help.push_back(kImportHelp);
    return;
  }
  for (TSNode c : children(n)) {
    if (is(c, "wildcard_import")) {
      diags_.error(range(n), "import", "'from " + module + " import *' is not supported")
          .help.push_back("name what you use: 'from " + module + " import NAME, NAME'");
      // What it would bind stays defined (Note [Names of rejected statements] in resolve.cpp).
      std::string members = list_module_members(module);
      for (size_t pos = 0; pos < members.size();) {
        size_t end = std::min(members.find(", ", pos), members.size());
        rejected_bindings_->insert(members.substr(pos, end - pos));
        pos = end + 2;
      }
      return;
    }
  }
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::ImportFrom, range(n));
  s->module = module;
  for (TSNode c : names) {
    TSNode name = is(c, "aliased_import") ? field(c, "name") : c;
    TSNode alias = is(c, "aliased_import") ? field(c, "alias") : name;
    if (named_children(name).size() != 1) { // from math import a.b
      diags_.error(range(name), "syntax", "invalid syntax");
      return;
    }
    s->names.emplace_back(std::string(text(name)), std::string(text(alias)));
  }
  out.push_back(std::move(s));
}

void CstReader::convert_function(TSNode n, ast::StmtList& out, bool is_async) {
  TSNode name_node = field(n, "name");
  if (is_async) {
    unsupported(n, "'async def'", "write a plain 'def'");
    rejected_bindings_->insert(std::string(text(name_node)));
    return;
  }
  if (!ts_node_is_null(field(n, "type_parameters")))
    unsupported(field(n, "type_parameters"), "type parameters");

  auto fn = std::make_unique<ast::FunctionDef>();
  fn->name = text(name_node);
  fn->name_range = range(name_node);
  bool ok = true;
  bool seen_default = false;
  std::set<std::string> seen;
  for (TSNode p : named_children(field(n, "parameters"))) {
    std::string_view pt = type_of(p);
    ast::Param param;
    TSNode name = p, annotation{}, default_value{};
    if (pt == "typed_parameter") {
      name = named_children(p).at(0);
      annotation = field(p, "type");
    } else if (pt == "default_parameter" || pt == "typed_default_parameter") {
      name = field(p, "name");
      annotation = field(p, "type");
      default_value = field(p, "value");
    }
    std::string_view nt = type_of(name);
    if (nt == "list_splat_pattern") {
      unsupported(p, "'*args'", "list the parameters one by one");
      ok = false;
      continue;
    }
    if (nt == "dictionary_splat_pattern") {
      unsupported(p, "'**kwargs'", "list the parameters one by one");
      ok = false;
      continue;
    }
    if (nt == "keyword_separator") {
      unsupported(p, "keyword-only parameters ('*')", "remove the '*'");
      ok = false;
      continue;
    }
    if (nt == "positional_separator") continue; // all parameters are positional already
    if (nt != "identifier") {
      unsupported(p, "this parameter form");
      ok = false;
      continue;
    }
    if (reserved_name(name, /*assigned=*/true)) {
      ok = false;
      continue;
    }
    param.name = text(name);
    param.range = range(name);
    if (!seen.insert(param.name).second) {
      diags_.error(param.range, "syntax",
                   "duplicate argument '" + param.name + "' in function definition");
      ok = false;
    }
    if (!ts_node_is_null(annotation)) {
      param.annotation = convert_annotation(named_children(annotation).at(0));
      if (!param.annotation) ok = false;
    }
    if (!ts_node_is_null(default_value)) {
      seen_default = true;
      param.default_value = convert_expr(default_value);
      if (!param.default_value) ok = false;
    } else if (seen_default) {
      diags_.error(param.range, "syntax", "non-default argument follows default argument");
      ok = false;
    }
    fn->params.push_back(std::move(param));
  }
  TSNode returns = field(n, "return_type");
  if (!ts_node_is_null(returns)) {
    fn->returns = convert_annotation(named_children(returns).at(0));
    if (!fn->returns) ok = false;
  }

  std::set<std::string>* outer_bindings = rejected_bindings_;
  rejected_bindings_ = &fn->rejected_bindings;
  int outer_loop_depth = loop_depth;
  loop_depth = 0;
  ++function_depth;
  fn->body = convert_block(field(n, "body"));
  --function_depth;
  loop_depth = outer_loop_depth;
  rejected_bindings_ = outer_bindings;

  if (!ok) {
    rejected_bindings_->insert(fn->name);
    return;
  }
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::FunctionDef, range(n));
  s->function = std::move(fn);
  out.push_back(std::move(s));
}

} // namespace pyscript::detail
