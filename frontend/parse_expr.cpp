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
    {"+", ast::BinaryOp::Add},    {"-", ast::BinaryOp::Sub},       {"*", ast::BinaryOp::Mul},
    {"/", ast::BinaryOp::Div},    {"//", ast::BinaryOp::FloorDiv}, {"%", ast::BinaryOp::Mod},
    {"**", ast::BinaryOp::Pow},   {"@", ast::BinaryOp::MatMul},    {"&", ast::BinaryOp::BitAnd},
    {"|", ast::BinaryOp::BitOr},  {"^", ast::BinaryOp::BitXor},    {"<<", ast::BinaryOp::LShift},
    {">>", ast::BinaryOp::RShift}};

// Keyed by the operator node's type: tree-sitter names `not in` and `is not` as one node each,
// whatever the spacing between their words.
const std::map<std::string_view, ast::CompareOp> kCompareOps = {
    {"<", ast::CompareOp::Lt},        {"<=", ast::CompareOp::Le},        {">", ast::CompareOp::Gt},
    {">=", ast::CompareOp::Ge},       {"==", ast::CompareOp::Eq},        {"!=", ast::CompareOp::Ne},
    {"in", ast::CompareOp::In},       {"not in", ast::CompareOp::NotIn}, {"is", ast::CompareOp::Is},
    {"is not", ast::CompareOp::IsNot}};

struct RejectedExpression {
  const char* node_type;
  const char* what;
  const char* help;
};

const RejectedExpression kRejectedExpressions[] = {
    {"yield", "'yield'", "return a value instead; generators are not compiled"},
    {"await", "'await'", ""},
    {"generator_expression", "a generator expression here",
     "write a list comprehension '[...]'; a generator expression is accepted only as the one "
     "argument of a call, as in 'sum(x * x for x in xs)'"},
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

ExprPtr CstReader::convert_target(TSNode n, const char* what, bool stores) {
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
      if (kids.size() == 1) return convert_target(kids[0], what, stores);
    }
    auto e = std::make_unique<Expr>(ExprKind::Tuple, range(n));
    bool ok = true, starred = false;
    for (TSNode c : named_children(n)) {
      if (is(c, "list_splat_pattern")) { // a, *rest = xs (lower_starred.cpp)
        TSNode inner = named_children(c).at(0);
        if (starred) diags_.error(range(n), "syntax", "multiple starred expressions in assignment");
        else if (!is(inner, "identifier")) unsupported(c, "this starred target", "star a plain name: '*rest'");
        ExprPtr name = starred || !is(inner, "identifier") ? nullptr : convert_target(inner, what, stores);
        if (!name) ok = false;
        starred = true;
        auto star = std::make_unique<Expr>(ExprKind::Starred, range(c));
        star->operands.push_back(std::move(name));
        e->operands.push_back(std::move(star));
        continue;
      }
      ExprPtr t = convert_target(c, what, stores);
      if (!t) ok = false;
      e->operands.push_back(std::move(t));
    }
    if (!ok) return nullptr;
    return e;
  }
  // xs[i] = v, d[k] = v, xs[a:b] = ys, obj.x = v: whether the object may change (a list, a dict,
  // an instance) or not (an array: see report_array_item_assignment) is the lowering's to decide.
  if (type == "subscript" || type == "attribute") {
    if (stores) return convert_expr(n);
    unsupported(n,
                type == "subscript" ? "an item or slice as a loop target"
                                    : "an attribute as a loop target",
                "loop over a plain name and assign it in the body");
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
  if (in_annotation_ && type == "ellipsis") {
    auto e = std::make_unique<Expr>(ExprKind::Str, r);
    e->text = "...";
    return e;
  }
  for (const RejectedExpression& rej : kRejectedExpressions) {
    if (type == rej.node_type) {
      unsupported(n, rej.what, rej.help);
      return nullptr;
    }
  }
  auto make = [&](ExprKind k) { return std::make_unique<Expr>(k, r); };
  if (type == "lambda") return convert_lambda(n);

  // An annotation's type: `list[int]`, `dict[str, list[float]]` (generic_type) as a subscript.
  if (type == "type") return convert_expr(named_children(n).at(0));
  if (type == "generic_type") {
    std::vector<TSNode> kids = named_children(n);
    if (kids.size() != 2) {
      unsupported(n, "this type", "write list[T], dict[K, V] or tuple[...]");
      return nullptr;
    }
    ExprPtr out = make(ExprKind::Subscript);
    ExprPtr base = convert_expr(kids[0]);
    if (!base) return nullptr;
    std::vector<TSNode> params = named_children(kids[1]);
    ExprPtr index;
    if (params.size() == 1) {
      index = convert_expr(params[0]);
    } else {
      index = std::make_unique<Expr>(ExprKind::Tuple, range(kids[1]));
      for (TSNode p : params) {
        ExprPtr e = convert_expr(p);
        if (!e) return nullptr;
        index->operands.push_back(std::move(e));
      }
    }
    if (!index) return nullptr;
    out->operands.push_back(std::move(base));
    out->operands.push_back(std::move(index));
    return out;
  }

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
  if (type == "tuple" || type == "list" || type == "expression_list" || type == "set") {
    ExprPtr e = make(type == "list" ? ExprKind::List : type == "set" ? ExprKind::Set : ExprKind::Tuple);
    bool ok = true;
    for (TSNode c : named_children(n)) {
      ExprPtr item = convert_expr(c);
      if (!item) ok = false;
      e->operands.push_back(std::move(item));
    }
    return ok ? std::move(e) : nullptr;
  }
  if (type == "dictionary") return convert_dict(n);
  if (type == "list_comprehension") return convert_comprehension(n, ExprKind::ListComp);
  if (type == "dictionary_comprehension") return convert_comprehension(n, ExprKind::DictComp);
  if (type == "set_comprehension") return convert_comprehension(n, ExprKind::SetComp);
  if (type == "binary_operator" || type == "unary_operator" || type == "not_operator" ||
      type == "boolean_operator")
    return convert_operator(n);
  if (type == "comparison_operator") return convert_compare(n);
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
  if (type == "call") return convert_call(n);
  if (type == "subscript") return convert_subscript(n);
  if (type == "slice") return convert_slice(n);
  unsupported(n, "this expression ('" + std::string(type) + "')");
  return nullptr;
}

ExprPtr CstReader::make_binary(std::string_view op, ExprPtr lhs, ExprPtr rhs, const SourceRange& r) {
  auto it = kBinaryOps.find(op);
  if (it == kBinaryOps.end() || !lhs || !rhs) return nullptr;
  ExprPtr e = std::make_unique<Expr>(ExprKind::Binary, r);
  e->binary_op = it->second;
  e->operands.push_back(std::move(lhs));
  e->operands.push_back(std::move(rhs));
  return e;
}

// binary_operator, unary_operator, not_operator, boolean_operator
ExprPtr CstReader::convert_operator(TSNode n) {
  std::string_view type = type_of(n);
  auto make = [&](ExprKind k) { return std::make_unique<Expr>(k, range(n)); };
  if (type == "binary_operator") {
    std::string_view op = text(field(n, "operator"));
    auto it = kBinaryOps.find(op);
    if (it == kBinaryOps.end()) return nullptr; // not an operator of Python 3 (tree-sitter's `<>`)
    ExprPtr lhs = convert_expr(field(n, "left"));
    ExprPtr rhs = convert_expr(field(n, "right"));
    if (!lhs || !rhs) return nullptr;
    ExprPtr e = make(ExprKind::Binary);
    e->binary_op = it->second;
    e->operands.push_back(std::move(lhs));
    e->operands.push_back(std::move(rhs));
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
  ast::UnaryOp op = ast::UnaryOp::Not;
  if (type == "unary_operator") {
    std::string_view o = text(field(n, "operator"));
    op = o == "-" ? ast::UnaryOp::Neg : o == "+" ? ast::UnaryOp::Pos : ast::UnaryOp::Invert;
  }
  ExprPtr operand = convert_expr(field(n, "argument"));
  if (!operand) return nullptr;
  ExprPtr e = make(ExprKind::Unary);
  e->unary_op = op;
  e->operands.push_back(std::move(operand));
  return e;
}

// comparison_operator: operands and operator tokens alternate (a < b <= c, x not in xs).
ExprPtr CstReader::convert_compare(TSNode n) {
  ExprPtr e = std::make_unique<Expr>(ExprKind::Compare, range(n));
  bool ok = true;
  for (TSNode c : children(n)) {
    if (ts_node_is_named(c)) {
      ExprPtr operand = convert_expr(c);
      if (!operand) ok = false;
      e->operands.push_back(std::move(operand));
      continue;
    }
    auto it = kCompareOps.find(type_of(c));
    if (it == kCompareOps.end()) {
      diags_.error(range(c), "syntax", "invalid syntax"); // `<>`, which Python 3 dropped
      ok = false;
      continue;
    }
    e->compare_ops.push_back(it->second);
  }
  if (!ok || e->operands.size() != e->compare_ops.size() + 1) return nullptr;
  return e;
}

// {k: v, ...} and {}: keys and values alternate in operands.
ExprPtr CstReader::convert_dict(TSNode n) {
  ExprPtr e = std::make_unique<Expr>(ExprKind::Dict, range(n));
  bool ok = true;
  for (TSNode c : named_children(n)) {
    if (!is(c, "pair")) { // `**d`
      unsupported(c, "'**' unpacking in a dict display", "copy the dict and call '.update(d)'");
      ok = false;
      continue;
    }
    ExprPtr key = convert_expr(field(c, "key"));
    ExprPtr value = convert_expr(field(c, "value"));
    if (!key || !value) ok = false;
    e->operands.push_back(std::move(key));
    e->operands.push_back(std::move(value));
  }
  return ok ? std::move(e) : nullptr;
}

// list_comprehension, dictionary_comprehension, set_comprehension, generator_expression: a body (a pair for a dict),
// then for_in_clause (if_clause | for_in_clause)*. Each `if` belongs to the `for` before it.
ExprPtr CstReader::convert_comprehension(TSNode n, ExprKind kind) {
  ExprPtr e = std::make_unique<Expr>(kind, range(n));
  TSNode body = field(n, "body");
  bool ok = true;
  if (kind == ExprKind::DictComp) {
    e->operands.push_back(convert_expr(field(body, "key")));
    e->operands.push_back(convert_expr(field(body, "value")));
  } else {
    e->operands.push_back(convert_expr(body));
  }
  for (const ExprPtr& op : e->operands) ok = ok && op;
  for (TSNode c : named_children(n)) {
    if (ts_node_eq(c, body)) continue;
    if (is(c, "if_clause")) {
      std::vector<TSNode> kids = named_children(c);
      if (e->comprehension.empty() || kids.size() != 1) return nullptr; // recovered syntax error
      ast::Comprehension& clause = e->comprehension.back();
      clause.ifs.push_back(convert_expr(kids[0]));
      if (!clause.ifs.back()) ok = false;
      clause.range = file_.range(clause.range.begin_byte, ts_node_end_byte(c));
      continue;
    }
    if (!is(c, "for_in_clause")) continue;
    if (has_keyword(c, "async")) {
      unsupported(c, "'async for'");
      ok = false;
      continue;
    }
    ast::Comprehension clause;
    clause.range = range(c);
    TSNode left = field(c, "left");
    clause.target = convert_target(left, "a comprehension target", /*stores=*/false);
    std::vector<TSNode> iters = field_children(c, "right");
    if (iters.size() != 1) {
      diags_.error(range(c), "syntax", "invalid syntax")
          .help.push_back("put the iterable in parentheses: 'for x in (a, b)'");
      return nullptr;
    }
    clause.iter = convert_expr(iters[0]);
    if (!clause.target || !clause.iter) ok = false;
    e->comprehension.push_back(std::move(clause));
  }
  if (!ok || e->comprehension.empty()) return nullptr;
  return e;
}

ExprPtr CstReader::convert_call(TSNode n) {
  ExprPtr callee = convert_expr(field(n, "function"));
  TSNode args = field(n, "arguments");
  ExprPtr e = std::make_unique<Expr>(ExprKind::Call, range(n));
  // f(x for x in xs), and f((x for x in xs)): a generator expression as the one argument.
  std::vector<TSNode> arg_nodes = named_children(args);
  TSNode generator = is(args, "generator_expression") ? args
                     : arg_nodes.size() == 1 && is(arg_nodes[0], "generator_expression")
                         ? arg_nodes[0]
                         : TSNode{};
  if (!ts_node_is_null(generator)) {
    ExprPtr g = convert_comprehension(generator, ExprKind::GeneratorExp);
    if (!callee || !g) return nullptr;
    e->operands.push_back(std::move(callee));
    e->operands.push_back(std::move(g));
    return e;
  }
  bool ok = callee != nullptr;
  // zip(*rows), the transposition idiom: the rows as a keyword named "*" (Note [zip of a starred
  // list] in lower/lower_sequence_loop.cpp); other '*' arguments stay refused.
  if (callee && callee->kind == ExprKind::Name && callee->text == "zip" && arg_nodes.size() == 1 &&
      is(arg_nodes[0], "list_splat") && named_children(arg_nodes[0]).size() == 1) {
    ast::Keyword kw;
    kw.name = "*";
    kw.name_range = range(arg_nodes[0]);
    kw.value = convert_expr(named_children(arg_nodes[0])[0]);
    if (!kw.value) return nullptr;
    e->operands.push_back(std::move(callee));
    e->keywords.push_back(std::move(kw));
    return e;
  }
  e->operands.push_back(std::move(callee));
  for (TSNode a : arg_nodes) {
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
    // next((x for x in xs if c), None), sum((x for x in xs), 0.0): a parenthesized generator
    // expression beside other arguments (lowering decides where one is taken).
    ExprPtr arg = is(a, "generator_expression") ? convert_comprehension(a, ExprKind::GeneratorExp) : convert_expr(a);
    if (!arg) ok = false;
    e->operands.push_back(std::move(arg));
  }
  return ok ? std::move(e) : nullptr;
}

ExprPtr CstReader::convert_subscript(TSNode n) {
  ExprPtr value = convert_expr(field(n, "value"));
  std::vector<TSNode> indices = field_children(n, "subscript");
  ExprPtr index;
  bool ok = value != nullptr;
  if (indices.size() == 1) {
    index = convert_expr(indices[0]);
    ok = ok && index;
  } else {
    index = std::make_unique<Expr>(ExprKind::Tuple, file_.range(ts_node_start_byte(indices.front()),
                                                                ts_node_end_byte(indices.back())));
    for (TSNode i : indices) {
      ExprPtr item = convert_expr(i);
      if (!item) ok = false;
      index->operands.push_back(std::move(item));
    }
  }
  if (!ok) return nullptr;
  ExprPtr e = std::make_unique<Expr>(ExprKind::Subscript, range(n));
  e->operands.push_back(std::move(value));
  e->operands.push_back(std::move(index));
  return e;
}

// Children: expressions and ':' tokens; an expression belongs to the part that its preceding
// colons name (lower, upper, step).
ExprPtr CstReader::convert_slice(TSNode n) {
  ExprPtr e = std::make_unique<Expr>(ExprKind::Slice, range(n));
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

ExprPtr CstReader::convert_annotation(TSNode n) {
  bool outer = in_annotation_;
  in_annotation_ = true;
  ExprPtr e = convert_expr(n);
  in_annotation_ = outer;
  return e;
}

} // namespace pyscript::detail
