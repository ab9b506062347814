// Note [From-imports are attributes] (from_imports.hpp).
#include "frontend/from_imports.hpp"

#include "frontend/builtins.hpp"

#include <map>
#include <set>
#include <vector>

namespace pyscript {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Stmt;
using ast::StmtKind;

struct Member {
  std::string module; // "math"
  std::string name;   // "sqrt"
};

// Every name the program binds anywhere (any scope), with the modules `import` binds to them.
void collect_bindings(const ast::StmtList& body, std::set<std::string>& out);

void collect_expr_bindings(const Expr& e, std::set<std::string>& out) {
  for (const ast::Comprehension& c : e.comprehension) {
    ast::collect_assigned_names(*c.target, out);
    collect_expr_bindings(*c.iter, out);
    for (const ast::ExprPtr& cond : c.ifs)
      collect_expr_bindings(*cond, out);
  }
  for (const ast::ExprPtr& op : e.operands)
    if (op) collect_expr_bindings(*op, out);
  for (const ast::Keyword& kw : e.keywords)
    collect_expr_bindings(*kw.value, out);
}

void collect_bindings(const ast::StmtList& body, std::set<std::string>& out) {
  ast::collect_assigned_names(body, out);
  for (const ast::StmtPtr& s : body) {
    if (s->kind == StmtKind::FunctionDef) {
      out.insert(s->function->name);
      for (const ast::Param& p : s->function->params)
        out.insert(p.name);
      collect_bindings(s->function->body, out);
    }
    if (s->kind == StmtKind::ClassDef) {
      out.insert(s->cls->name);
      collect_bindings(s->cls->constants, out);
      for (const auto& m : s->cls->methods) {
        for (const ast::Param& p : m->params)
          out.insert(p.name);
        collect_bindings(m->body, out);
      }
    }
    if (s->kind == StmtKind::ImportFrom)
      for (const auto& [name, alias] : s->names)
        out.insert(alias);
    for (const ast::ExprPtr& t : s->targets)
      if (t) collect_expr_bindings(*t, out);
    if (s->value) collect_expr_bindings(*s->value, out);
    if (s->kind != StmtKind::FunctionDef)
      for (const ast::StmtList* b : ast::nested_bodies(*s)) collect_bindings(*b, out);
    for (const ast::ExceptHandler& h : s->handlers)
      if (!h.name.empty()) out.insert(h.name);
  }
}

class Expander {
public:
  Expander(std::map<std::string, Member> imported, std::map<std::string, std::string> module_names)
      : imported_(std::move(imported)), module_names_(std::move(module_names)) {}

  void body(ast::StmtList& list) {
    for (ast::StmtPtr& s : list)
      stmt(*s);
  }

private:
  bool shadowed(const std::string& name) const {
    for (const std::set<std::string>& scope : scopes_)
      if (scope.count(name)) return true;
    return false;
  }

  // name -> <M>.member, in place.
  void expand_name(Expr& e) {
    auto it = imported_.find(e.text);
    if (it == imported_.end() || shadowed(e.text)) return;
    // numpy.random.seed -> <numpy>.random, then .seed
    const std::string& module = it->second.module;
    size_t dot = module.find('.');
    auto object = std::make_unique<Expr>(ExprKind::Name, e.range);
    object->text = module_names_.at(module.substr(0, dot));
    while (dot != std::string::npos) {
      size_t next = module.find('.', dot + 1);
      auto attribute = std::make_unique<Expr>(ExprKind::Attribute, e.range);
      attribute->text = module.substr(dot + 1, next == std::string::npos ? next : next - dot - 1);
      attribute->text_range = e.range;
      attribute->operands.push_back(std::move(object));
      object = std::move(attribute);
      dot = next;
    }
    e.kind = ExprKind::Attribute;
    e.text = it->second.name;
    e.text_range = e.range;
    e.operands.clear();
    e.operands.push_back(std::move(object));
  }

  void expr(Expr& e) {
    if (e.kind == ExprKind::Name) return expand_name(e);
    if (!e.comprehension.empty()) return comprehension(e);
    if (e.lambda) return function(*e.lambda); // its parameters are its own scope
    for (ast::ExprPtr& op : e.operands)
      if (op) expr(*op);
    for (ast::Keyword& kw : e.keywords)
      expr(*kw.value);
  }

  // The first iterable is read outside the comprehension's scope (Note [Comprehension scopes]).
  void comprehension(Expr& e) {
    expr(*e.comprehension[0].iter);
    std::set<std::string> scope;
    for (const ast::Comprehension& c : e.comprehension)
      ast::collect_assigned_names(*c.target, scope);
    scopes_.push_back(std::move(scope));
    for (size_t i = 0; i < e.comprehension.size(); ++i) {
      if (i > 0) expr(*e.comprehension[i].iter);
      for (ast::ExprPtr& cond : e.comprehension[i].ifs)
        expr(*cond);
    }
    for (ast::ExprPtr& op : e.operands)
      if (op) expr(*op);
    scopes_.pop_back();
  }

  void function(ast::FunctionDef& f) {
    for (ast::Param& p : f.params)
      if (p.default_value) expr(*p.default_value); // evaluated where the def runs
    std::set<std::string> locals;
    for (const ast::Param& p : f.params)
      locals.insert(p.name);
    ast::collect_assigned_names(f.body, locals);
    for (const ast::StmtPtr& s : f.body)
      if (s->kind == StmtKind::FunctionDef) locals.insert(s->function->name);
    scopes_.push_back(std::move(locals));
    body(f.body);
    scopes_.pop_back();
  }

  // A class body's names are its own scope, which its methods do not see (as in CPython).
  void class_body(ast::ClassDef& c) {
    std::set<std::string> names;
    ast::collect_assigned_names(c.constants, names);
    scopes_.push_back(std::move(names));
    body(c.constants);
    scopes_.pop_back();
    for (auto& m : c.methods)
      function(*m);
  }

  void stmt(Stmt& s) {
    if (s.kind == StmtKind::FunctionDef) return function(*s.function);
    if (s.kind == StmtKind::ClassDef) return class_body(*s.cls);
    for (ast::ExprPtr& t : s.targets)
      if (t && t->kind != ExprKind::Name) expr(*t); // xs[i] = v reads xs and i
    if (s.value) expr(*s.value);
    if (s.message) expr(*s.message);
    for (ast::ExceptHandler& h : s.handlers)
      if (h.type) expr(*h.type);
    for (ast::StmtList* b : ast::nested_bodies(s)) body(*b);
  }

  std::map<std::string, Member> imported_;          // alias -> member
  std::map<std::string, std::string> module_names_; // root module -> the name of its hidden import
  std::vector<std::set<std::string>> scopes_;
};

} // namespace

void expand_from_imports(ast::Module& module) {
  std::set<std::string> top; // what the top level binds other than by from-imports
  ast::collect_assigned_names(module.body, top);
  std::set<std::string> everywhere;
  collect_bindings(module.body, everywhere);
  std::map<std::string, std::string> imported_as; // alias of `import M as alias` -> M
  for (const ast::StmtPtr& s : module.body) {
    if (s->kind == StmtKind::FunctionDef) top.insert(s->function->name);
    if (s->kind == StmtKind::ClassDef) top.insert(s->cls->name);
    if (s->kind == StmtKind::Import) {
      top.insert(s->alias);
      everywhere.insert(s->alias);
      imported_as[s->alias] = s->module;
    }
  }
  top.insert(module.rejected_bindings.begin(), module.rejected_bindings.end());

  std::map<std::string, Member> imported;
  std::map<std::string, std::string> module_names;
  for (ast::StmtPtr& s : module.body) {
    if (s->kind != StmtKind::ImportFrom || !is_known_module(s->module)) continue;
    for (const auto& [name, alias] : s->names)
      if (!top.count(alias)) imported[alias] = {s->module, name};
    // The root module's own name, unless the program binds it to something else.
    std::string m = s->module.substr(0, s->module.find('.'));
    if (module_names.count(m)) continue;
    auto as = imported_as.find(m);
    bool taken = everywhere.count(m) && !(as != imported_as.end() && as->second == m);
    module_names[m] = taken ? m + "'" : m;
  }
  if (imported.empty()) return;

  Expander(std::move(imported), module_names).body(module.body);
  // The statement itself: `import M as <M>`, run where the from-import runs.
  for (ast::StmtPtr& s : module.body) {
    if (s->kind != StmtKind::ImportFrom || !is_known_module(s->module)) continue;
    std::string root = s->module.substr(0, s->module.find('.'));
    auto import = std::make_unique<Stmt>(StmtKind::Import, s->range);
    import->module = root;
    import->alias = module_names[root];
    s = std::move(import);
  }
}

} // namespace pyscript
