#include "frontend/ast.hpp"

#include <cstdio>

namespace pyscript::ast {

const char* spelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Div: return "/";
  case BinaryOp::FloorDiv: return "//";
  case BinaryOp::Mod: return "%";
  case BinaryOp::Pow: return "**";
  case BinaryOp::MatMul: return "@";
  case BinaryOp::BitAnd: return "&";
  case BinaryOp::BitOr: return "|";
  case BinaryOp::BitXor: return "^";
  case BinaryOp::LShift: return "<<";
  case BinaryOp::RShift: return ">>";
  }
  return "?";
}

const char* spelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg: return "-";
  case UnaryOp::Pos: return "+";
  case UnaryOp::Not: return "not";
  case UnaryOp::Invert: return "~";
  }
  return "?";
}

const char* spelling(CompareOp op) {
  switch (op) {
  case CompareOp::Lt: return "<";
  case CompareOp::Le: return "<=";
  case CompareOp::Gt: return ">";
  case CompareOp::Ge: return ">=";
  case CompareOp::Eq: return "==";
  case CompareOp::Ne: return "!=";
  case CompareOp::In: return "in";
  case CompareOp::NotIn: return "not in";
  case CompareOp::Is: return "is";
  case CompareOp::IsNot: return "is not";
  }
  return "?";
}

const char* spelling(BoolOp op) { return op == BoolOp::And ? "and" : "or"; }

namespace {

std::string dump_expr(const Expr* e);

// The clauses of a comprehension: (for TARGET in ITER if COND ...) per `for`.
std::string dump_clauses(const Expr& e) {
  std::string out;
  for (const Comprehension& c : e.comprehension) {
    out += " (for " + dump_expr(c.target.get()) + " in " + dump_expr(c.iter.get());
    for (const ExprPtr& cond : c.ifs) out += " if " + dump_expr(cond.get());
    out += ")";
  }
  return out;
}

// Expressions print as fully parenthesized prefix forms: (+ a b), (call f a), ...
std::string dump_expr(const Expr* e) {
  if (!e) return "_";
  auto list = [&](size_t from) {
    std::string out;
    for (size_t i = from; i < e->operands.size(); ++i) out += " " + dump_expr(e->operands[i].get());
    return out;
  };
  switch (e->kind) {
  case ExprKind::Int: return std::to_string(e->int_value);
  case ExprKind::Float: {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", e->float_value);
    return std::string(buf) + "f";
  }
  case ExprKind::Bool: return e->bool_value ? "True" : "False";
  case ExprKind::None: return "None";
  case ExprKind::Str: return "'" + e->text + "'";
  case ExprKind::Name: return e->text;
  case ExprKind::Attribute: return "(. " + dump_expr(e->operands[0].get()) + " " + e->text + ")";
  case ExprKind::Call: {
    std::string out = "(call" + list(0);
    for (const Keyword& kw : e->keywords) out += " " + kw.name + "=" + dump_expr(kw.value.get());
    return out + ")";
  }
  case ExprKind::Subscript: return "([]" + list(0) + ")";
  case ExprKind::Slice: return "(:" + list(0) + ")";
  case ExprKind::Tuple: return "(tuple" + list(0) + ")";
  case ExprKind::List: return "(list" + list(0) + ")";
  case ExprKind::Binary: return std::string("(") + spelling(e->binary_op) + list(0) + ")";
  case ExprKind::Unary: return std::string("(") + spelling(e->unary_op) + list(0) + ")";
  case ExprKind::Logical: return std::string("(") + spelling(e->bool_op) + list(0) + ")";
  case ExprKind::Compare: {
    std::string out = "(compare " + dump_expr(e->operands[0].get());
    for (size_t i = 0; i < e->compare_ops.size(); ++i)
      out += std::string(" ") + spelling(e->compare_ops[i]) + " " +
             dump_expr(e->operands[i + 1].get());
    return out + ")";
  }
  case ExprKind::IfExp: return "(ifexp" + list(0) + ")";
  case ExprKind::Dict: return "(dict" + list(0) + ")";
  case ExprKind::ListComp: return "(listcomp" + list(0) + dump_clauses(*e) + ")";
  case ExprKind::DictComp: return "(dictcomp" + list(0) + dump_clauses(*e) + ")";
  case ExprKind::Set: return "(set" + list(0) + ")";
  case ExprKind::SetComp: return "(setcomp" + list(0) + dump_clauses(*e) + ")";
  case ExprKind::GeneratorExp: return "(genexp" + list(0) + dump_clauses(*e) + ")";
  case ExprKind::Starred: return "(starred " + dump_expr(e->operands[0].get()) + ")";
  case ExprKind::Lambda: {
    std::string out = "(lambda";
    for (const Param& p : e->lambda->params) out += " " + p.name;
    return out + ": " + dump_expr(e->lambda->body[0]->value.get()) + ")";
  }
  case ExprKind::FString: {
    std::string out = "(fstring";
    for (const FStringPiece& piece : e->fstring) {
      if (piece.field < 0) {
        out += " '" + piece.text + "'";
        continue;
      }
      out += " {" + dump_expr(e->operands[size_t(piece.field)].get());
      if (piece.conversion) out += std::string("!") + piece.conversion;
      if (!piece.spec.empty()) out += ":" + piece.spec;
      out += "}";
    }
    return out + ")";
  }
  }
  return "?";
}

void dump_body(const StmtList& body, int indent, std::string& out);
void dump_function(const FunctionDef& fn, const std::string& pad, const std::string& loc, int indent,
                   std::string& out);

void dump_orelse(const StmtList& orelse, const std::string& pad, int indent, std::string& out) {
  if (orelse.empty()) return;
  out += pad + "else\n";
  dump_body(orelse, indent + 1, out);
}

void dump_stmt(const Stmt& s, int indent, std::string& out) {
  std::string pad(size_t(indent) * 2, ' ');
  std::string loc = "  # " + std::to_string(s.range.line) + ":" + std::to_string(s.range.column);
  switch (s.kind) {
  case StmtKind::Expr: out += pad + dump_expr(s.value.get()) + loc + "\n"; return;
  case StmtKind::Assign: {
    out += pad + "assign";
    for (const ExprPtr& t : s.targets) out += " " + dump_expr(t.get());
    out += " = " + dump_expr(s.value.get()) + loc + "\n";
    return;
  }
  case StmtKind::If:
    out += pad + "if " + dump_expr(s.value.get()) + loc + "\n";
    dump_body(s.body, indent + 1, out);
    dump_orelse(s.orelse, pad, indent, out);
    return;
  case StmtKind::For:
    out += pad + "for " + dump_expr(s.targets[0].get()) + " in " + dump_expr(s.value.get()) + loc +
           "\n";
    dump_body(s.body, indent + 1, out);
    dump_orelse(s.orelse, pad, indent, out);
    return;
  case StmtKind::While:
    out += pad + "while " + dump_expr(s.value.get()) + loc + "\n";
    dump_body(s.body, indent + 1, out);
    dump_orelse(s.orelse, pad, indent, out);
    return;
  case StmtKind::Break: out += pad + "break" + loc + "\n"; return;
  case StmtKind::Continue: out += pad + "continue" + loc + "\n"; return;
  case StmtKind::Return: out += pad + "return " + dump_expr(s.value.get()) + loc + "\n"; return;
  case StmtKind::Pass: out += pad + "pass" + loc + "\n"; return;
  case StmtKind::Assert:
    out += pad + "assert " + dump_expr(s.value.get()) + " " + dump_expr(s.message.get()) + loc +
           "\n";
    return;
  case StmtKind::Import: out += pad + "import " + s.module + " as " + s.alias + loc + "\n"; return;
  case StmtKind::ImportFrom: {
    out += pad + "from " + s.module + " import";
    for (size_t i = 0; i < s.names.size(); ++i)
      out += (i ? ", " : " ") + s.names[i].first + " as " + s.names[i].second;
    out += loc + "\n";
    return;
  }
  case StmtKind::Del: {
    out += pad + "del";
    for (const ExprPtr& t : s.targets) out += " " + dump_expr(t.get());
    out += loc + "\n";
    return;
  }
  case StmtKind::FunctionDef: dump_function(*s.function, pad, loc, indent, out); return;
  case StmtKind::ClassDef: {
    const ClassDef& c = *s.cls;
    out += pad + "class " + c.name + (c.base.empty() ? "" : "(" + c.base + ")") + loc + "\n";
    dump_body(c.constants, indent + 1, out);
    for (const auto& m : c.methods) dump_function(*m, pad + "  ", loc, indent + 1, out);
    return;
  }
  case StmtKind::Try:
    out += pad + "try" + loc + "\n";
    dump_body(s.body, indent + 1, out);
    for (const ExceptHandler& h : s.handlers) {
      out += pad + "except";
      if (h.type) out += " " + dump_expr(h.type.get());
      if (!h.name.empty()) out += " as " + h.name;
      out += "\n";
      dump_body(h.body, indent + 1, out);
    }
    dump_orelse(s.orelse, pad, indent, out);
    if (!s.finalbody.empty()) {
      out += pad + "finally\n";
      dump_body(s.finalbody, indent + 1, out);
    }
    return;
  case StmtKind::Raise: out += pad + "raise " + dump_expr(s.value.get()) + loc + "\n"; return;
  case StmtKind::Yield:
    out += pad + (s.delegates ? "yield from " : "yield ") + dump_expr(s.value.get()) + loc + "\n";
    return;
  }
}

void dump_function(const FunctionDef& fn, const std::string& pad, const std::string& loc, int indent,
                   std::string& out) {
  {
    out += pad + (fn.is_static ? "@staticmethod " : fn.is_property ? "@property " : "") + "def " + fn.name + "(";
    for (size_t i = 0; i < fn.params.size(); ++i) {
      const Param& p = fn.params[i];
      out += (i ? ", " : "") + p.name;
      if (p.annotation) out += ": " + dump_expr(p.annotation.get());
      if (p.default_value) out += " = " + dump_expr(p.default_value.get());
    }
    out += ")";
    if (fn.returns) out += " -> " + dump_expr(fn.returns.get());
    out += loc + "\n";
    dump_body(fn.body, indent + 1, out);
    return;
  }
}

void dump_body(const StmtList& body, int indent, std::string& out) {
  for (const StmtPtr& s : body) dump_stmt(*s, indent, out);
}

} // namespace

// Only names bind: `xs[i] = v` and `obj.x = v` store into an object and bind nothing, and the
// variables of a comprehension inside a value are the comprehension's own (they are never
// reached here, since only statement targets are walked).
void collect_assigned_names(const Expr& target, std::set<std::string>& out) {
  if (target.kind == ExprKind::Name) out.insert(target.text);
  if (target.kind != ExprKind::Tuple && target.kind != ExprKind::List && target.kind != ExprKind::Starred) return;
  for (const ExprPtr& e : target.operands)
    if (e) collect_assigned_names(*e, out);
}

void collect_assigned_names(const StmtList& body, std::set<std::string>& out) {
  for (const StmtPtr& s : body) collect_assigned_names(*s, out);
}

void collect_assigned_names(const Stmt& s, std::set<std::string>& out) {
  if (s.kind == StmtKind::Del) return; // its targets are items, which bind nothing
  for (const ExprPtr& t : s.targets)
    if (t) collect_assigned_names(*t, out);
  for (const ExceptHandler& h : s.handlers) // `except E as e` binds e (and unbinds it after)
    if (!h.name.empty()) out.insert(h.name);
  for (const StmtList* b : nested_bodies(s)) collect_assigned_names(*b, out);
}

void collect_defined_functions(const StmtList& body, std::vector<const FunctionDef*>& out) {
  for (const StmtPtr& s : body) {
    if (s->kind == StmtKind::FunctionDef) out.push_back(s->function.get());
    for (const StmtList* b : nested_bodies(*s))
      collect_defined_functions(*b, out);
  }
}

void for_each_expr(const Expr& e, const std::function<void(const Expr&)>& f) {
  f(e);
  for (const ExprPtr& op : e.operands)
    if (op) for_each_expr(*op, f);
  for (const Keyword& k : e.keywords)
    for_each_expr(*k.value, f);
  for (const Comprehension& c : e.comprehension) {
    for_each_expr(*c.iter, f);
    for (const ExprPtr& i : c.ifs)
      for_each_expr(*i, f);
  }
  if (e.lambda) for_each_expr(*e.lambda->body[0]->value, f);
}

void for_each_expr(const StmtList& body, const std::function<void(const Expr&)>& f,
                   bool into_functions) {
  for (const StmtPtr& s : body) {
    if (s->value) for_each_expr(*s->value, f);
    if (s->message) for_each_expr(*s->message, f);
    for (const ExprPtr& t : s->targets) // xs[i] = v and del xs[i] read xs and i
      if (t && t->kind != ExprKind::Name) for_each_expr(*t, f);
    for (const ExceptHandler& h : s->handlers)
      if (h.type) for_each_expr(*h.type, f);
    if (s->function) {
      for (const Param& p : s->function->params)
        if (p.default_value) for_each_expr(*p.default_value, f);
      if (into_functions) for_each_expr(s->function->body, f, true);
    }
    if (s->cls && into_functions) {
      for (const auto& m : s->cls->methods) {
        for (const Param& p : m->params)
          if (p.default_value) for_each_expr(*p.default_value, f);
        for_each_expr(m->body, f, true);
      }
      for_each_expr(s->cls->constants, f, true);
    }
    for (const StmtList* b : nested_bodies(*s))
      for_each_expr(*b, f, into_functions);
  }
}

bool contains_yield(const StmtList& body) {
  for (const StmtPtr& s : body) {
    if (s->kind == StmtKind::Yield) return true;
    if (s->kind == StmtKind::FunctionDef || s->kind == StmtKind::ClassDef) continue;
    for (const StmtList* b : nested_bodies(*s))
      if (contains_yield(*b)) return true;
  }
  return false;
}

bool is_generator(const FunctionDef& fn) {
  return contains_yield(fn.body);
}

std::vector<const StmtList*> nested_bodies(const Stmt& s) {
  std::vector<const StmtList*> out{&s.body};
  for (const ExceptHandler& h : s.handlers) out.push_back(&h.body);
  out.push_back(&s.orelse);
  if (!s.finalbody.empty()) out.push_back(&s.finalbody);
  return out;
}

std::vector<StmtList*> nested_bodies(Stmt& s) {
  std::vector<StmtList*> out{&s.body};
  for (ExceptHandler& h : s.handlers) out.push_back(&h.body);
  out.push_back(&s.orelse);
  if (!s.finalbody.empty()) out.push_back(&s.finalbody);
  return out;
}

std::string dump(const Module& m) {
  std::string out;
  dump_body(m.body, 0, out);
  return out;
}

ExprPtr clone_expr(const Expr& e, const std::map<std::string, std::string>& renames) {
  auto out = std::make_unique<Expr>(e.kind, e.range);
  for (const ExprPtr& op : e.operands)
    out->operands.push_back(op ? clone_expr(*op, renames) : nullptr);
  out->int_value = e.int_value;
  out->float_value = e.float_value;
  out->bool_value = e.bool_value;
  out->text = e.text;
  if (e.kind == ExprKind::Name) {
    auto it = renames.find(e.text);
    if (it != renames.end()) out->text = it->second;
  }
  out->text_range = e.text_range;
  out->binary_op = e.binary_op;
  out->unary_op = e.unary_op;
  out->bool_op = e.bool_op;
  out->compare_ops = e.compare_ops;
  for (const Keyword& k : e.keywords)
    out->keywords.push_back({k.name, k.name_range, clone_expr(*k.value, renames)});
  out->fstring = e.fstring;
  out->lambda = e.lambda;
  for (const Comprehension& c : e.comprehension) {
    Comprehension copy;
    copy.target = clone_expr(*c.target, renames);
    copy.iter = clone_expr(*c.iter, renames);
    for (const ExprPtr& i : c.ifs)
      copy.ifs.push_back(clone_expr(*i, renames));
    copy.range = c.range;
    out->comprehension.push_back(std::move(copy));
  }
  return out;
}

} // namespace pyscript::ast
