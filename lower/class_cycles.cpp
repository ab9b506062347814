// Which classes' instances can never be on a reference cycle (Note [Acyclic classes]).
#include "lower/classes.hpp"

#include <functional>
#include <set>

namespace pyscript::lower {

// Note [Acyclic classes]
// The cycle collector tracks the instances of every class with a field that may hold an instance
// (Note [Cycle collector] in runtime/gc.cpp): a link before each, a walk over all of them every
// few thousand allocations. A tree of `Node(left, right)` pays that on every node, though no node
// can ever point back at an ancestor. This analysis proves that for some classes, and codegen marks
// them PYRT_CLASS_ACYCLIC: their instances are never tracked.
//
// The argument: call a field *init-only* when every store into it stores an object made before
// the object stored into (its age is strictly greater). Following init-only references only goes
// to older objects, so a cycle of objects takes at least one reference that is not init-only. In
// the graph of classes (an edge C -> D when a field of C may hold a D, subclasses included), the
// classes of a cycle lie in one strongly connected component, with that reference an edge inside
// it. So a class whose component has no edge inside it that is not init-only is never on a cycle.
//
// A field f is init-only here (on the source, not the lowered IR: a host may compile more methods
// later) when every attribute store named f in the module is `self.f = p` in the body of some
// class's `__init__` (not in a function nested there), where `self` is its first parameter and `p`
// another parameter, neither assigned in that body, or `self.f = None`. `C(args)` evaluates its
// arguments before it makes the object, so they are older. Calling `__init__` yourself would break
// that (`node.__init__(node, node)`), so any `.__init__` in the module but `super().__init__(...)`
// passing such parameters or None from an `__init__` makes no field init-only. An edge is init-only
// when its field is and the field's type holds the class directly (the class, Optional, a tuple):
// a list or dict in it is changed after the object is made, so an edge through one is not.
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Stmt;
using ast::StmtKind;

struct StoreScan {
  std::set<std::string> not_init_only; // fields with a store that breaks the rule
  bool explicit_init = false;          // some `.__init__` breaks the rule

  // The context of a store: the __init__ whose direct body it is in, if any.
  struct Init {
    std::string self;
    std::set<std::string> params; // the other parameters, not assigned in the body
  };

  bool older(const Expr& v, const Init* init) const {
    if (v.kind == ExprKind::None) return true;
    return init && v.kind == ExprKind::Name && init->params.count(v.text);
  }

  void target(const Expr& t, const Expr* value, const Init* init) {
    if (t.kind == ExprKind::Attribute) {
      bool ok = init && value && t.operands[0]->kind == ExprKind::Name &&
                t.operands[0]->text == init->self && older(*value, init);
      if (!ok) not_init_only.insert(t.text);
      expr(*t.operands[0], init);
      return;
    }
    if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List) {
      for (const ast::ExprPtr& e : t.operands)
        target(*e, nullptr, init); // unpacking: the value is not a parameter as a whole
      return;
    }
    expr(t, init);
  }

  void expr(const Expr& e, const Init* init) {
    if (e.kind == ExprKind::Attribute && e.text == "__init__") explicit_init = true;
    if (e.kind == ExprKind::Call && e.operands[0]->kind == ExprKind::Attribute &&
        e.operands[0]->text == "__init__" && is_super_call(*e.operands[0]->operands[0]) && init) {
      bool ok = true;
      for (size_t i = 1; i < e.operands.size(); ++i)
        ok = ok && older(*e.operands[i], init);
      for (const ast::Keyword& k : e.keywords)
        ok = ok && k.value && older(*k.value, init);
      if (ok) {
        for (size_t i = 1; i < e.operands.size(); ++i)
          expr(*e.operands[i], init);
        return;
      }
    }
    for (const ast::ExprPtr& o : e.operands)
      if (o) expr(*o, init);
    for (const ast::Keyword& k : e.keywords)
      if (k.value) expr(*k.value, init);
    for (const ast::Comprehension& c : e.comprehension) {
      if (c.target) target(*c.target, nullptr, init);
      if (c.iter) expr(*c.iter, init);
      for (const ast::ExprPtr& i : c.ifs)
        expr(*i, init);
    }
    if (e.lambda) function(*e.lambda, nullptr);
  }

  static bool is_super_call(const Expr& e) {
    return e.kind == ExprKind::Call && e.operands.size() == 1 &&
           e.operands[0]->kind == ExprKind::Name && e.operands[0]->text == "super";
  }

  void body(const ast::StmtList& stmts, const Init* init) {
    for (const ast::StmtPtr& s : stmts)
      stmt(*s, init);
  }

  void stmt(const Stmt& s, const Init* init) {
    if (s.kind == StmtKind::FunctionDef && s.function) {
      function(*s.function, nullptr); // a nested function: not the __init__'s direct body
      return;
    }
    if (s.kind == StmtKind::ClassDef && s.cls) {
      for (const auto& m : s.cls->methods)
        function(*m, m.get());
      body(s.cls->constants, nullptr);
      return;
    }
    for (const ast::ExprPtr& t : s.targets)
      if (t) target(*t, s.kind == StmtKind::Assign ? s.value.get() : nullptr, init);
    if (s.value) expr(*s.value, init);
    if (s.message) expr(*s.message, init);
    for (const ast::ExceptHandler& h : s.handlers)
      if (h.type) expr(*h.type, init);
    for (const ast::StmtList* b : ast::nested_bodies(s))
      body(*b, init);
  }

  // `method` is the FunctionDef when fn is a method of a class (its __init__ gets the rule).
  void function(const ast::FunctionDef& fn, const ast::FunctionDef* method) {
    for (const ast::Param& p : fn.params)
      if (p.default_value) expr(*p.default_value, nullptr);
    if (!method || fn.name != "__init__" || fn.is_static || fn.params.empty()) {
      body(fn.body, nullptr);
      return;
    }
    std::set<std::string> assigned;
    ast::collect_assigned_names(fn.body, assigned);
    Init init;
    init.self = fn.params[0].name;
    if (assigned.count(init.self)) return body(fn.body, nullptr);
    for (size_t i = 1; i < fn.params.size(); ++i)
      if (!assigned.count(fn.params[i].name)) init.params.insert(fn.params[i].name);
    body(fn.body, &init);
  }
};

} // namespace

void mark_acyclic_classes(const ast::Module& module, const ClassTable& table,
                          std::vector<ir::ClassLayout>& layouts) {
  StoreScan scan;
  scan.body(module.body, nullptr);
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < layouts.size(); ++i)
    index[layouts[i].name] = i;
  size_t n = layouts.size();
  // edges[c]: (d, init-only) for each class d a field of c may hold.
  std::vector<std::vector<std::pair<size_t, bool>>> edges(n);
  std::vector<bool> opaque(n, false); // holds something this analysis does not follow
  for (size_t c = 0; c < n; ++c) {
    for (const auto& [field, type] : layouts[c].fields) {
      bool field_ok = !scan.explicit_init && !scan.not_init_only.count(field);
      std::function<void(const ir::Type&, bool)> walk = [&](const ir::Type& t, bool direct) {
        switch (t.kind()) {
        case ir::TypeKind::Object: {
          const ClassInfo* target = table.find(t.class_name());
          if (!target) {
            opaque[c] = true;
            return;
          }
          for (const auto& d : table.all())
            if (table.is_subclass(*d, *target) && index.count(d->name))
              edges[c].push_back({index[d->name], direct && field_ok});
          return;
        }
        case ir::TypeKind::Optional:
        case ir::TypeKind::Tuple:
          for (const ir::Type& e : t.elements())
            walk(e, direct);
          return;
        case ir::TypeKind::List:
        case ir::TypeKind::Dict:
        case ir::TypeKind::Set:
          for (const ir::Type& e : t.elements())
            walk(e, false);
          return;
        case ir::TypeKind::Function:
        case ir::TypeKind::Either:
        case ir::TypeKind::Generator:
          opaque[c] = true;
          return;
        default:
          return;
        }
      };
      walk(type, true);
    }
  }
  // Strongly connected components (Tarjan).
  std::vector<int> order(n, -1), low(n, 0), component(n, -1);
  std::vector<size_t> stack;
  std::vector<bool> on_stack(n, false);
  int counter = 0, components = 0;
  std::function<void(size_t)> visit = [&](size_t v) {
    order[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    for (const auto& [w, init_only] : edges[v]) {
      if (order[w] < 0) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (on_stack[w]) {
        low[v] = std::min(low[v], order[w]);
      }
    }
    if (low[v] == order[v]) {
      for (size_t w = n; w != v;) {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        component[w] = components;
      }
      ++components;
    }
  };
  for (size_t v = 0; v < n; ++v)
    if (order[v] < 0) visit(v);
  std::vector<bool> cyclic(size_t(components), false);
  for (size_t c = 0; c < n; ++c) {
    if (opaque[c]) cyclic[size_t(component[c])] = true;
    for (const auto& [d, init_only] : edges[c])
      if (component[d] == component[c] && !init_only) cyclic[size_t(component[c])] = true;
  }
  for (size_t c = 0; c < n; ++c)
    layouts[c].acyclic = !layouts[c].is_exception && !cyclic[size_t(component[c])];
}

} // namespace pyscript::lower
