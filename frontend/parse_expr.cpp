// Expressions: tree-sitter nodes -> ast::Expr, and the expressions the subset rejects.
#include "frontend/cst_reader.hpp"

#include <map>

namespace pyscript::detail {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;

struct DepthGuard {
  int& depth;
  explicit DepthGuard(int& d) : depth(d) { ++depth; }
  ~DepthGuard() { --depth; }
};

const std::map<std::string_view, ast::BinaryOp> kBinaryOps = {
    {"+", ast::BinaryOp::Add},       {"-", ast::BinaryOp::Sub},  {"*", ast::BinaryOp::Mul},
    {"/", ast::BinaryOp::Div},       {"//", ast::BinaryOp::FloorDiv},
    {"%", ast::BinaryOp::Mod},       {"**", ast::BinaryOp::Pow}, {"@", ast::BinaryOp::MatMul}};

const std::map<std::string_view, ast::CompareOp> kCompareOps = {
    {"<", ast::CompareOp::Lt},  {"<=", ast::CompareOp::Le}, {">", ast::CompareOp::Gt},
    {">=", ast::CompareOp::Ge}, {"==", ast::CompareOp::Eq}, {"!=", ast::CompareOp::Ne}};

struct RejectedExpression {
  const char* node_type;
  const char* what;
  const char* help;
};

const RejectedExpression kRejectedExpressions[] = {
    {"lambda", "'lambda'", "define a module-level function with 'def' and call it"},
    {"yield", "'yield'", "return a value instead; generators are not compiled"},
    {"await", "'await'", ""},
    {"list_comprehension", "a list comprehension", "write a 'for' loop"},
    {"set_comprehension", "a set comprehension", "write a 'for' loop"},
    {"dictionary_comprehension", "a dict comprehension", "write a 'for' loop"},
    {"generator_expression", "a generator expression", "write a 'for' loop"},
    {"dictionary", "a dict", "use a tuple, or several variables"},
    {"set", "a set", "use a tuple"},
    {"named_expression", "the ':=' operator", "assign in a statement of its own first"},
    {"ellipsis", "'...'", "write 'pass'"},
    {"list_splat", "'*' unpacking", "pass the elements one by one"},
    {"dictionary_splat", "'**' unpacking", "pass the arguments one by one"},
    {"parenthesized_list_splat", "'*' unpacking", "pass the elements one by one"},
    {"keyword_argument", "a keyword argument here", ""},
};

} // namespace

bool CstReader::reserved_name(TSNode n, bool assigned) {
  std::string_view name = text(n);
  // Keywords since Python 3.7 that tree-sitter's grammar still reads as names.
  if (name == "async" || name == "await") {
    diags_.error(range(n), "syntax", "invalid syntax: '" + std::string(name) + "' is a keyword");
    return true;
  }
  if (assigned && name == "__debug__") {
    diags_.error(range(n), "syntax", "cannot assign to __debug__");
    return true;
  }
  return false;
}

ExprPtr CstReader::convert_target(TSNode n, const char* what) {
  std::string_view type = type_of(n);
  if (type == "identifier") {
    if (reserved_name(n, /*assigned=*/true)) return nullptr;
    auto e = std::make_unique<Expr>(ExprKind::Name, range(n));
    e->text = text(n);
    return e;
  }
  if (type == "pattern_list" || type == "tuple_pattern" || type == "tuple" ||
      type == "list_pattern" || type == "parenthesized_expression") {
    if (type == "parenthesized_expression") {
      std::vector<TSNode> kids = named_children(n);
      if (kids.size() == 1) return convert_target(kids[0], what);
    }
    auto e = std::make_unique<Expr>(ExprKind::Tuple, range(n));
    bool ok = true;
    for (TSNode c : named_children(n)) {
      ExprPtr t = convert_target(c, what);
      if (!t) ok = false;
      e->operands.push_back(std::move(t));
    }
    if (!ok) return nullptr;
    return e;
  }
  if (type == "subscript") {
    Diagnostic& d = diags_.error(range(n), "in-place",
                                 "assignment to '" + std::string(text(n)) +
                                     "' would change an array in place, which is not supported");
    d.help.push_back("arrays are values in pyscript: compute the new array and assign it to the "
                     "name, e.g. 'a = a + b' or 'a = np.where(mask, new, a)'");
    return nullptr;
  }
  if (type == "attribute") {
    unsupported(n, "assignment to an attribute", "assign to a plain name");
    return nullptr;
  }
  if (type == "list_splat_pattern") {
    unsupported(n, "starred assignment", "unpack into one name per element");
    return nullptr;
  }
  diags_.error(range(n), "syntax", std::string("cannot assign to this expression in ") + what);
  return nullptr;
}

ExprPtr CstReader::convert_expr(TSNode n) {
  if (ts_node_is_null(n)) return nullptr;
  DepthGuard guard(expr_depth);
  if (expr_depth > kMaxNestingDepth) {
    if (expr_depth == kMaxNestingDepth + 1)
      diags_.error(range(n), "syntax", "expression nested too deeply")
          .help.push_back("split it into several assignments");
    return nullptr;
  }
  std::string_view type = type_of(n);
  SourceRange r = range(n);
  for (const RejectedExpression& rej : kRejectedExpressions) {
    if (type == rej.node_type) {
      unsupported(n, rej.what, rej.help);
      return nullptr;
    }
  }
  auto make = [&](ExprKind k) { return std::make_unique<Expr>(k, r); };

  if (type == "identifier") {
    if (reserved_name(n, /*assigned=*/false)) return nullptr;
    ExprPtr e = make(ExprKind::Name);
    e->text = text(n);
    return e;
  }
  if (type == "integer") return convert_integer(n);
  if (type == "float") return convert_float(n);
  if (type == "string" || type == "concatenated_string") return convert_string(n);
  if (type == "true" || type == "false") {
    ExprPtr e = make(ExprKind::Bool);
    e->bool_value = type == "true";
    return e;
  }
  if (type == "none") return make(ExprKind::None);
  if (type == "parenthesized_expression") {
    std::vector<TSNode> kids = named_children(n);
    if (kids.size() != 1) return nullptr; // an error tree-sitter recovered from
    return convert_expr(kids[0]);
  }
  if (type == "tuple" || type == "list" || type == "expression_list") {
    ExprPtr e = make(type == "list" ? ExprKind::List : ExprKind::Tuple);
    bool ok = true;
    for (TSNode c : named_children(n)) {
      ExprPtr item = convert_expr(c);
      if (!item) ok = false;
      e->operands.push_back(std::move(item));
    }
    return ok ? std::move(e) : nullptr;
  }
  if (type == "binary_operator") {
    std::string_view op = text(field(n, "operator"));
    auto it = kBinaryOps.find(op);
    if (it == kBinaryOps.end()) {
      unsupported(field(n, "operator"), "the bitwise operator '" + std::string(op) + "'",
                  "pyscript's numbers are int, float and bool arithmetic; use comparisons, "
                  "'and'/'or', or np.where");
      return nullptr;
    }
    ExprPtr lhs = convert_expr(field(n, "left"));
    ExprPtr rhs = convert_expr(field(n, "right"));
    if (!lhs || !rhs) return nullptr;
    ExprPtr e = make(ExprKind::Binary);
    e->binary_op = it->second;
    e->operands.push_back(std::move(lhs));
    e->operands.push_back(std::move(rhs));
    return e;
  }
  if (type == "unary_operator" || type == "not_operator") {
    ast::UnaryOp op = ast::UnaryOp::Not;
    if (type == "unary_operator") {
      std::string_view o = text(field(n, "operator"));
      if (o == "~") {
        unsupported(field(n, "operator"), "the bitwise operator '~'", "use 'not' for booleans");
        return nullptr;
      }
      op = o == "-" ? ast::UnaryOp::Neg : ast::UnaryOp::Pos;
    }
    ExprPtr operand = convert_expr(field(n, "argument"));
    if (!operand) return nullptr;
    ExprPtr e = make(ExprKind::Unary);
    e->unary_op = op;
    e->operands.push_back(std::move(operand));
    return e;
  }
  if (type == "boolean_operator") {
    ExprPtr lhs = convert_expr(field(n, "left"));
    ExprPtr rhs = convert_expr(field(n, "right"));
    if (!lhs || !rhs) return nullptr;
    ExprPtr e = make(ExprKind::Logical);
    e->bool_op = text(field(n, "operator")) == "and" ? ast::BoolOp::And : ast::BoolOp::Or;
    e->operands.push_back(std::move(lhs));
    e->operands.push_back(std::move(rhs));
    return e;
  }
  if (type == "comparison_operator") {
    ExprPtr e = make(ExprKind::Compare);
    bool ok = true;
    for (TSNode c : children(n)) {
      if (ts_node_is_named(c)) {
        ExprPtr operand = convert_expr(c);
        if (!operand) ok = false;
        e->operands.push_back(std::move(operand));
        continue;
      }
      std::string_view op = text(c);
      auto it = kCompareOps.find(op);
      if (it == kCompareOps.end()) {
        std::string spelled(type_of(c));
        std::string help = spelled == "is" || spelled == "is not"
                               ? "compare values with '==' or '!='"
                               : "pyscript has no containers to search; compare with '==' in a loop";
        unsupported(c, "the '" + spelled + "' operator", help);
        ok = false;
        continue;
      }
      e->compare_ops.push_back(it->second);
    }
    if (!ok || e->operands.size() != e->compare_ops.size() + 1) return nullptr;
    return e;
  }
  if (type == "conditional_expression") {
    std::vector<TSNode> kids = named_children(n);
    if (kids.size() != 3) return nullptr;
    ExprPtr then_value = convert_expr(kids[0]);
    ExprPtr cond = convert_expr(kids[1]);
    ExprPtr else_value = convert_expr(kids[2]);
    if (!then_value || !cond || !else_value) return nullptr;
    ExprPtr e = make(ExprKind::IfExp);
    e->operands.push_back(std::move(cond));
    e->operands.push_back(std::move(then_value));
    e->operands.push_back(std::move(else_value));
    return e;
  }
  if (type == "attribute") {
    ExprPtr object = convert_expr(field(n, "object"));
    if (!object) return nullptr;
    ExprPtr e = make(ExprKind::Attribute);
    TSNode attr = field(n, "attribute");
    e->text = text(attr);
    e->text_range = range(attr);
    e->operands.push_back(std::move(object));
    return e;
  }
  if (type == "call") {
    ExprPtr callee = convert_expr(field(n, "function"));
    TSNode args = field(n, "arguments");
    if (is(args, "generator_expression")) {
      unsupported(args, "a generator expression", "write a 'for' loop");
      return nullptr;
    }
    ExprPtr e = make(ExprKind::Call);
    bool ok = callee != nullptr;
    e->operands.push_back(std::move(callee));
    for (TSNode a : named_children(args)) {
      if (is(a, "keyword_argument")) {
        ast::Keyword kw;
        TSNode name = field(a, "name");
        kw.name = text(name);
        kw.name_range = range(name);
        for (const ast::Keyword& prev : e->keywords) {
          if (prev.name == kw.name) {
            diags_.error(kw.name_range, "syntax", "keyword argument repeated: " + kw.name);
            ok = false;
          }
        }
        kw.value = convert_expr(field(a, "value"));
        if (!kw.value) ok = false;
        e->keywords.push_back(std::move(kw));
        continue;
      }
      if (!e->keywords.empty()) {
        diags_.error(range(a), "syntax", "positional argument follows keyword argument");
        ok = false;
        continue;
      }
      ExprPtr arg = convert_expr(a);
      if (!arg) ok = false;
      e->operands.push_back(std::move(arg));
    }
    return ok ? std::move(e) : nullptr;
  }
  if (type == "subscript") {
    ExprPtr value = convert_expr(field(n, "value"));
    std::vector<TSNode> indices = field_children(n, "subscript");
    ExprPtr index;
    bool ok = value != nullptr;
    if (indices.size() == 1) {
      index = convert_expr(indices[0]);
      ok = ok && index;
    } else {
      index = std::make_unique<Expr>(ExprKind::Tuple,
                                     file_.range(ts_node_start_byte(indices.front()),
                                                 ts_node_end_byte(indices.back())));
      for (TSNode i : indices) {
        ExprPtr item = convert_expr(i);
        if (!item) ok = false;
        index->operands.push_back(std::move(item));
      }
    }
    if (!ok) return nullptr;
    ExprPtr e = make(ExprKind::Subscript);
    e->operands.push_back(std::move(value));
    e->operands.push_back(std::move(index));
    return e;
  }
  if (type == "slice") {
    // Children: expressions and ':' tokens; an expression belongs to the part that its
    // preceding colons name (lower, upper, step).
    ExprPtr e = make(ExprKind::Slice);
    e->operands.resize(3);
    int part = 0;
    bool ok = true;
    for (TSNode c : children(n)) {
      if (!ts_node_is_named(c)) {
        if (text(c) == ":") ++part;
        continue;
      }
      if (part > 2) return nullptr;
      e->operands[size_t(part)] = convert_expr(c);
      if (!e->operands[size_t(part)]) ok = false;
    }
    return ok ? std::move(e) : nullptr;
  }
  unsupported(n, "this expression ('" + std::string(type) + "')");
  return nullptr;
}

} // namespace pyscript::detail
