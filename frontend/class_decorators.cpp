// Note [Class decorators] (class_decorators.hpp).
#include "frontend/class_decorators.hpp"

#include <map>
#include <optional>
#include <set>

namespace pyscript {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::Stmt;
using ast::StmtKind;
using ast::StmtPtr;

// --- building the AST of generated methods; every node gets the range `r` of what it stands for.
ExprPtr name(const std::string& n, SourceRange r) {
  auto e = std::make_unique<Expr>(ExprKind::Name, r);
  e->text = n;
  return e;
}

ExprPtr attr(ExprPtr object, const std::string& a, SourceRange r) {
  auto e = std::make_unique<Expr>(ExprKind::Attribute, r);
  e->text = a;
  e->text_range = r;
  e->operands.push_back(std::move(object));
  return e;
}

ExprPtr call(ExprPtr callee, std::vector<ExprPtr> args, SourceRange r) {
  auto e = std::make_unique<Expr>(ExprKind::Call, r);
  e->operands.push_back(std::move(callee));
  for (ExprPtr& a : args) e->operands.push_back(std::move(a));
  return e;
}

ExprPtr compare(ast::CompareOp op, ExprPtr a, ExprPtr b, SourceRange r) {
  auto e = std::make_unique<Expr>(ExprKind::Compare, r);
  e->compare_ops.push_back(op);
  e->operands.push_back(std::move(a));
  e->operands.push_back(std::move(b));
  return e;
}

ExprPtr logical(ast::BoolOp op, ExprPtr a, ExprPtr b, SourceRange r) {
  auto e = std::make_unique<Expr>(ExprKind::Logical, r);
  e->bool_op = op;
  e->operands.push_back(std::move(a));
  e->operands.push_back(std::move(b));
  return e;
}

ExprPtr negate(ExprPtr a, SourceRange r) {
  auto e = std::make_unique<Expr>(ExprKind::Unary, r);
  e->unary_op = ast::UnaryOp::Not;
  e->operands.push_back(std::move(a));
  return e;
}

ExprPtr type_name(const std::string& of, SourceRange r) { // type(of).__name__
  std::vector<ExprPtr> args;
  args.push_back(name(of, r));
  return attr(call(name("type", r), std::move(args), r), "__name__", r);
}

StmtPtr returns(ExprPtr v, SourceRange r) {
  auto s = std::make_unique<Stmt>(StmtKind::Return, r);
  s->value = std::move(v);
  return s;
}

std::unique_ptr<ast::FunctionDef> method(const ast::ClassDef& cls, const std::string& n, SourceRange r,
                                         std::vector<std::string> params) {
  auto fn = std::make_unique<ast::FunctionDef>();
  fn->name = n;
  fn->name_range = r;
  fn->class_name = cls.name;
  for (const std::string& p : params) fn->params.push_back(ast::Param{p, r, nullptr, nullptr});
  return fn;
}

bool defines(const ast::ClassDef& cls, const std::string& n) {
  for (const auto& m : cls.methods)
    if (m->name == n) return true;
  return false;
}

// One dataclass field, its field(...) options read.
struct Field {
  std::string name;
  SourceRange range;
  const Expr* annotation = nullptr;
  const Expr* default_value = nullptr; // `= v` or field(default=v)
  const Expr* factory = nullptr;       // field(default_factory=f)
  bool repr = true, compare = true;
};

class DataclassExpander {
public:
  DataclassExpander(DiagnosticEngine& diags) : diags_(diags) {}

  void expand(ast::ClassDef& cls) {
    std::vector<Field> fields;
    auto base = fields_of_.find(cls.base);
    if (base != fields_of_.end()) fields = base->second;
    for (const StmtPtr& s : cls.fields) {
      std::optional<Field> f = read_field(*s);
      if (!f) continue;
      bool replaced = false; // a field again: its place stays, its declaration is the new one
      for (Field& old : fields)
        if (old.name == f->name) old = *f, replaced = true;
      if (!replaced) fields.push_back(*f);
    }
    bool seen_default = false;
    for (const Field& f : fields) {
      bool has_default = f.default_value || f.factory;
      if (!has_default && seen_default)
        diags_.error(f.range, "type", "non-default argument '" + f.name + "' follows default argument")
            .help.push_back("give '" + f.name + "' a default, or move it above the fields with defaults");
      seen_default = seen_default || has_default;
    }
    fields_of_[cls.name] = fields;
    if (!defines(cls, "__init__")) cls.methods.push_back(make_init(cls, fields));
    if (!defines(cls, "__repr__")) cls.methods.push_back(make_repr(cls, fields));
    if (!defines(cls, "__eq__")) cls.methods.push_back(make_eq(cls, fields));
  }

private:
  std::optional<Field> read_field(const Stmt& s) {
    Field f;
    f.name = s.targets[0]->text;
    f.range = s.range;
    f.annotation = s.annotation.get();
    const Expr* v = s.value.get();
    if (v && v->kind == ExprKind::Call && is_field_call(*v)) {
      if (v->operands.size() > 1) {
        diags_.error(v->operands[1]->range, "arity", "field() takes keyword arguments only");
        return std::nullopt;
      }
      for (const ast::Keyword& k : v->keywords) {
        if (k.name == "default") f.default_value = k.value.get();
        else if (k.name == "default_factory") f.factory = k.value.get();
        else if ((k.name == "repr" || k.name == "compare") && k.value->kind == ExprKind::Bool)
          (k.name == "repr" ? f.repr : f.compare) = k.value->bool_value;
        else {
          diags_.error(k.name_range, "unsupported", "field(" + k.name + "=...) is not supported by pyscript")
              .help.push_back("field() takes default, default_factory, and repr and compare as True or False");
          return std::nullopt;
        }
      }
      if (f.default_value && f.factory) {
        diags_.error(v->range, "type", "cannot specify both default and default_factory");
        return std::nullopt;
      }
    } else {
      f.default_value = v;
    }
    if (const Expr* d = f.default_value;
        d && (d->kind == ExprKind::List || d->kind == ExprKind::Dict || d->kind == ExprKind::Set ||
              d->kind == ExprKind::ListComp || d->kind == ExprKind::DictComp || d->kind == ExprKind::SetComp)) {
      const char* type = d->kind == ExprKind::List || d->kind == ExprKind::ListComp ? "list"
                         : d->kind == ExprKind::Dict || d->kind == ExprKind::DictComp ? "dict" : "set";
      diags_.error(d->range, "type", std::string("mutable default <class '") + type + "'> for field " +
                                         f.name + " is not allowed: use default_factory")
          .help.push_back(std::string("write 'field(default_factory=") + type + ")'");
      return std::nullopt;
    }
    return f;
  }

  static bool is_field_call(const Expr& v) {
    const Expr& callee = *v.operands[0];
    return (callee.kind == ExprKind::Name || callee.kind == ExprKind::Attribute) && callee.text == "field";
  }

  std::unique_ptr<ast::FunctionDef> make_init(const ast::ClassDef& cls, const std::vector<Field>& fields) {
    auto fn = method(cls, "__init__", cls.decorator_range, {"self"});
    for (const Field& f : fields) {
      ast::Param p{f.name, f.range, clone_expr(*f.annotation), nullptr};
      if (f.default_value) p.default_value = clone_expr(*f.default_value);
      if (f.factory) p.default_value = std::make_unique<Expr>(ExprKind::None, f.range);
      fn->params.push_back(std::move(p));
      ExprPtr value = name(f.name, f.range);
      if (f.factory) { // f() if name is None else name
        auto pick = std::make_unique<Expr>(ExprKind::IfExp, f.range);
        pick->operands.push_back(compare(ast::CompareOp::Is, name(f.name, f.range),
                                         std::make_unique<Expr>(ExprKind::None, f.range), f.range));
        pick->operands.push_back(call(clone_expr(*f.factory), {}, f.range));
        pick->operands.push_back(std::move(value));
        value = std::move(pick);
      }
      auto s = std::make_unique<Stmt>(StmtKind::Assign, f.range);
      s->targets.push_back(attr(name("self", f.range), f.name, f.range));
      // `list[int]` gives an empty list its element type (Note [Empty containers]); a plain `float`
      // would convert an int where CPython keeps it (lower_assign), so it is left out.
      if (f.annotation->kind == ExprKind::Subscript) s->annotation = clone_expr(*f.annotation);
      s->value = std::move(value);
      fn->body.push_back(std::move(s));
    }
    if (fn->body.empty()) fn->body.push_back(std::make_unique<Stmt>(StmtKind::Pass, cls.decorator_range));
    return fn;
  }

  // type(self).__name__ + "(a=" + repr(self.a) + ", b=" + repr(self.b) + ")": CPython's f-string
  // with !r, as concatenation (a field holding its own class is then the diagnostic of a recursive
  // __repr__, Note [Recursive calls before a return], where the f-string crashed the lowering).
  std::unique_ptr<ast::FunctionDef> make_repr(const ast::ClassDef& cls, const std::vector<Field>& fields) {
    SourceRange r = cls.decorator_range;
    auto fn = method(cls, "__repr__", r, {"self"});
    ExprPtr out = type_name("self", r);
    auto add = [&](ExprPtr e) {
      auto sum = std::make_unique<Expr>(ExprKind::Binary, r);
      sum->binary_op = ast::BinaryOp::Add;
      sum->operands.push_back(std::move(out));
      sum->operands.push_back(std::move(e));
      out = std::move(sum);
    };
    auto text = [&](std::string t) {
      auto e = std::make_unique<Expr>(ExprKind::Str, r);
      e->text = std::move(t);
      return e;
    };
    std::string before = "(";
    for (const Field& f : fields) {
      if (!f.repr) continue;
      add(text(before + f.name + "="));
      std::vector<ExprPtr> args;
      args.push_back(attr(name("self", f.range), f.name, f.range));
      add(call(name("repr", f.range), std::move(args), f.range));
      before = ", ";
    }
    add(text(before == "(" ? "()" : ")"));
    fn->body.push_back(returns(std::move(out), r));
    return fn;
  }

  std::unique_ptr<ast::FunctionDef> make_eq(const ast::ClassDef& cls, const std::vector<Field>& fields) {
    SourceRange r = cls.decorator_range;
    auto fn = method(cls, "__eq__", r, {"self", "other"});
    auto mine = std::make_unique<Expr>(ExprKind::Tuple, r), theirs = std::make_unique<Expr>(ExprKind::Tuple, r);
    for (const Field& f : fields) {
      if (!f.compare) continue;
      mine->operands.push_back(attr(name("self", f.range), f.name, f.range));
      theirs->operands.push_back(attr(name("other", f.range), f.name, f.range));
    }
    std::vector<ExprPtr> args;
    args.push_back(name("other", r));
    args.push_back(name(cls.name, r));
    // An `if`, not an `and`: where isinstance is decided by the types, the test of another class's
    // fields is not lowered at all.
    auto test = std::make_unique<Stmt>(StmtKind::If, r);
    test->value = call(name("isinstance", r), std::move(args), r);
    test->body.push_back(returns(logical(ast::BoolOp::And,
                                         compare(ast::CompareOp::Eq, type_name("other", r), type_name("self", r), r),
                                         compare(ast::CompareOp::Eq, std::move(mine), std::move(theirs), r), r),
                                 r));
    fn->body.push_back(std::move(test));
    auto no = std::make_unique<Expr>(ExprKind::Bool, r);
    no->bool_value = false;
    fn->body.push_back(returns(std::move(no), r));
    return fn;
  }

  DiagnosticEngine& diags_;
  std::map<std::string, std::vector<Field>> fields_of_; // dataclasses so far
};

// @total_ordering's table (functools): for the root comparison, the other three, each one of:
enum class Derived {
  NotAndNe, // not R and self != other
  OrEq,     // R or self == other
  Not,      // not R
  NotOrEq,  // not R or self == other
  AndNe,    // R and self != other
};

struct Ordering {
  const char* root;
  const char* ops[3];
  Derived forms[3];
};

// In CPython's order of preference for the root: __lt__, __le__, __gt__, __ge__.
const Ordering kOrderings[] = {
    {"__lt__", {"__gt__", "__le__", "__ge__"}, {Derived::NotAndNe, Derived::OrEq, Derived::Not}},
    {"__le__", {"__ge__", "__lt__", "__gt__"}, {Derived::NotOrEq, Derived::AndNe, Derived::Not}},
    {"__gt__", {"__lt__", "__ge__", "__le__"}, {Derived::NotAndNe, Derived::OrEq, Derived::Not}},
    {"__ge__", {"__le__", "__gt__", "__lt__"}, {Derived::NotOrEq, Derived::AndNe, Derived::Not}},
};

ExprPtr derived_body(Derived form, const char* root, SourceRange r) {
  std::vector<ExprPtr> args;
  args.push_back(name("other", r));
  ExprPtr result = call(attr(name("self", r), root, r), std::move(args), r); // self.__lt__(other)
  auto eq = [&](ast::CompareOp op) { return compare(op, name("self", r), name("other", r), r); };
  switch (form) {
  case Derived::NotAndNe:
    return logical(ast::BoolOp::And, negate(std::move(result), r), eq(ast::CompareOp::Ne), r);
  case Derived::OrEq: return logical(ast::BoolOp::Or, std::move(result), eq(ast::CompareOp::Eq), r);
  case Derived::Not: return negate(std::move(result), r);
  case Derived::NotOrEq:
    return logical(ast::BoolOp::Or, negate(std::move(result), r), eq(ast::CompareOp::Eq), r);
  case Derived::AndNe: return logical(ast::BoolOp::And, std::move(result), eq(ast::CompareOp::Ne), r);
  }
  return nullptr;
}

void expand_total_ordering(ast::ClassDef& cls, const std::map<std::string, const ast::ClassDef*>& classes,
                           DiagnosticEngine& diags) {
  std::set<std::string> defined; // the comparisons of the class and its bases
  std::string at = cls.name;
  for (int depth = 0; depth < 1000 && !at.empty(); ++depth) {
    const ast::ClassDef* c = at == cls.name ? &cls : nullptr;
    if (!c) {
      auto it = classes.find(at);
      if (it == classes.end()) break;
      c = it->second;
    }
    for (const auto& m : c->methods) defined.insert(m->name);
    at = c->base;
  }
  for (const Ordering& o : kOrderings) {
    if (!defined.count(o.root)) continue;
    for (int i = 0; i < 3; ++i) {
      if (defined.count(o.ops[i])) continue;
      auto fn = method(cls, o.ops[i], cls.decorator_range, {"self", "other"});
      fn->body.push_back(returns(derived_body(o.forms[i], o.root, cls.decorator_range), cls.decorator_range));
      cls.methods.push_back(std::move(fn));
    }
    return;
  }
  diags.error(cls.decorator_range, "type", "must define at least one ordering operation: < > <= >=")
      .help.push_back("define __lt__ (and __eq__) in '" + cls.name + "'");
}

} // namespace

void expand_class_decorators(ast::Module& module, DiagnosticEngine& diags) {
  DataclassExpander dataclasses(diags);
  std::map<std::string, const ast::ClassDef*> classes; // those defined so far
  for (ast::StmtPtr& s : module.body) {
    if (s->kind != StmtKind::ClassDef) continue;
    ast::ClassDef& cls = *s->cls;
    if (cls.is_dataclass) dataclasses.expand(cls); // first: CPython applies the inner decorator first
    if (cls.total_ordering) expand_total_ordering(cls, classes, diags);
    classes[cls.name] = &cls;
  }
}

} // namespace pyscript
