// The class table (Note [Objects] in lower/classes.hpp).
#include "lower/classes.hpp"

#include "frontend/builtins.hpp"

#include <algorithm>
#include <functional>
#include <set>

namespace pyscript::lower {
namespace {

// The class table of the module being lowered on this thread (type merging needs it where no
// lowering context is at hand); per thread, since host threads compile modules concurrently.
thread_local const ClassTable* g_active = nullptr;

// Built-in exception classes a user class may derive from (SPEC.md "Statements";
// include/pyscript/exception_classes.def).
bool is_builtin_exception(const std::string& name) {
  return is_builtin_exception_class(name);
}

// `self.NAME = ...` targets in `body` (nested blocks included), in source order.
void collect_self_stores(const ast::StmtList& body, const std::string& self,
                         std::vector<std::pair<std::string, SourceRange>>& out) {
  std::function<void(const ast::Expr&)> target = [&](const ast::Expr& t) {
    if (t.kind == ast::ExprKind::Attribute && t.operands[0]->kind == ast::ExprKind::Name &&
        t.operands[0]->text == self)
      out.push_back({t.text, t.text_range});
    if (t.kind == ast::ExprKind::Tuple || t.kind == ast::ExprKind::List)
      for (const ast::ExprPtr& e : t.operands)
        target(*e);
  };
  for (const ast::StmtPtr& s : body) {
    if (s->kind == ast::StmtKind::Assign)
      for (const ast::ExprPtr& t : s->targets)
        target(*t);
    for (const ast::StmtList* b : ast::nested_bodies(*s))
      collect_self_stores(*b, self, out);
  }
}

// Names `raise NAME` statements raise (a class raised bare is constructed there).
void collect_raised_names(const ast::StmtList& body, std::set<std::string>& out) {
  for (const ast::StmtPtr& s : body) {
    if (s->kind == ast::StmtKind::Raise && s->value && s->value->kind == ast::ExprKind::Name)
      out.insert(s->value->text);
    if (s->function) collect_raised_names(s->function->body, out);
    if (s->cls)
      for (const auto& m : s->cls->methods)
        collect_raised_names(m->body, out);
    for (const ast::StmtList* b : ast::nested_bodies(*s))
      collect_raised_names(*b, out);
  }
}

// Names of classes the program constructs: callees of calls `C(...)`, and `raise C`.
std::set<std::string> constructed_names(const ast::Module& module) {
  std::set<std::string> out;
  ast::for_each_expr(
      module.body,
      [&](const ast::Expr& e) {
        if (e.kind == ast::ExprKind::Call && e.operands[0]->kind == ast::ExprKind::Name)
          out.insert(e.operands[0]->text);
      },
      /*into_functions=*/true);
  collect_raised_names(module.body, out);
  return out;
}

} // namespace

bool ClassTable::has_instances(const ClassInfo& cls) const {
  for (const auto& c : classes_)
    if (c->constructed && is_subclass(*c, cls)) return true;
  return false;
}

const ClassTable* active_classes() {
  return g_active;
}
void set_active_classes(const ClassTable* t) {
  g_active = t;
}

void ClassTable::build(const ast::Module& module, DiagnosticEngine& diags) {
  std::vector<std::unique_ptr<ClassInfo>> defined;
  std::map<std::string, ClassInfo*> names;
  for (const ast::StmtPtr& s : module.body) {
    if (s->kind != ast::StmtKind::ClassDef) continue;
    auto c = std::make_unique<ClassInfo>();
    c->def = s->cls.get();
    c->name = s->cls->name;
    if (names.count(c->name)) continue; // reported by the resolver
    if (!c->def->base.empty()) {
      auto it = names.find(c->def->base);
      if (it != names.end()) {
        c->base = it->second;
        c->is_exception = it->second->is_exception;
      } else if (is_builtin_exception(c->def->base)) {
        c->is_exception = true;
      } else {
        Diagnostic& d =
            diags.error(c->def->base_range, "undefined",
                        "base class '" + c->def->base + "' is not a class defined before this one");
        d.help.push_back("define the base class above, or derive from Exception");
      }
    }
    names[c->name] = c.get();
    defined.push_back(std::move(c));
  }
  // Preorder ids: roots in source order, each followed by its subclasses.
  for (auto& c : defined)
    if (c->base) c->base->derived.push_back(c.get());
  int64_t next = 1;
  std::function<void(ClassInfo*, int)> number = [&](ClassInfo* c, int depth) {
    c->id = next++;
    c->depth = depth;
    if (c->base) c->fields = c->base->fields;
    // Note [Attributes set outside __init__]
    // CPython creates an attribute at its first store, in any method. A field that only other
    // methods assign (`self.bonus = []` in a method run later) is laid out after __init__'s as an
    // Optional of the type its stores give, None (zero) until the first store: reading it before
    // raises CPython's AttributeError ('C' object has no attribute 'bonus', lower_class.cpp
    // get_field). Its stores may not assign None, which would read as never assigned.
    for (bool in_init : {true, false})
      for (const auto& m : c->def->methods) {
        if ((m->name == "__init__") != in_init || m->params.empty() || m->is_static) continue;
        std::vector<std::pair<std::string, SourceRange>> stores;
        collect_self_stores(m->body, m->params[0].name, stores);
        for (const auto& [field, at] : stores) {
          if (std::find(c->fields.begin(), c->fields.end(), field) != c->fields.end()) continue;
          c->fields.push_back(field);
          c->field_at[field] = at;
          if (!in_init) c->late_fields.insert(field);
        }
      }
    by_name_[c->name] = c;
    for (ClassInfo* d : c->derived)
      number(d, depth + 1);
    c->id_end = next;
  };
  for (auto& c : defined)
    if (!c->base) number(c.get(), 0);
  std::set<std::string> constructed = constructed_names(module);
  for (auto& c : defined)
    c->constructed = constructed.count(c->name) > 0;
  // Note [The object class]
  // Every Python class derives from `object`, so a list, dict value, variable or field may hold
  // objects of classes that share no base of the program (`{"X": MinimaxPlayer(), "O":
  // FirstFree()}`, duck typing). Such values merge into the static type `object`: a class of the
  // table that is the root of every other (ids [0, end), depth -1), has no fields, methods or
  // constants, and is never constructed. A method call on it dispatches on the run-time class
  // over the classes that define the method, as for any base (call_method); an attribute read is
  // a diagnostic (no field is at one offset in all of them). Its layout is emitted only where a
  // merge made it.
  root_def_ = std::make_unique<ast::ClassDef>();
  root_def_->name = "object";
  root_ = std::make_unique<ClassInfo>();
  root_->def = root_def_.get();
  root_->name = "object";
  root_->id = 0;
  root_->id_end = next;
  root_->depth = -1;
  if (!by_name_.count("object")) by_name_["object"] = root_.get();
  // Keep them in id order (a class whose base is not defined is numbered as a root).
  std::stable_sort(defined.begin(), defined.end(),
                   [](const auto& a, const auto& b) { return a->id < b->id; });
  classes_ = std::move(defined);
}

const ClassInfo* ClassTable::find(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

std::pair<const ast::FunctionDef*, const ClassInfo*>
ClassTable::method(const ClassInfo& cls, const std::string& name) const {
  for (const ClassInfo* c = &cls; c; c = c->base)
    for (const auto& m : c->def->methods)
      if (m->name == name) return {m.get(), c};
  // object.__str__ is repr(): a class whose chain defines only __repr__ prints with it, so a
  // variable of a base with __repr__ holding a subclass with __str__ dispatches per class. An
  // exception class's str() is its message (BaseException.__str__), not its __repr__.
  if (name == "__str__" && !cls.is_exception) return method(cls, "__repr__");
  return {nullptr, nullptr};
}

std::vector<std::string> ClassTable::abstract_methods(const ClassInfo& cls) const {
  std::set<std::string> out; // sorted, as CPython lists them
  for (const ClassInfo* c = &cls; c; c = c->base)
    for (const auto& m : c->def->methods)
      if (m->is_abstract && method(cls, m->name).first == m.get()) out.insert(m->name);
  return {out.begin(), out.end()};
}

const ast::Stmt* ClassTable::constant(const ClassInfo& cls, const std::string& name,
                                      const ClassInfo** owner) const {
  for (const ClassInfo* c = &cls; c; c = c->base)
    for (const ast::StmtPtr& k : c->def->constants)
      if (k->targets[0]->text == name) {
        if (owner) *owner = c;
        return k.get();
      }
  return nullptr;
}

int ClassTable::field_index(const ClassInfo& cls, const std::string& field) const {
  auto it = std::find(cls.fields.begin(), cls.fields.end(), field);
  return it == cls.fields.end() ? -1 : int(it - cls.fields.begin());
}

const ClassInfo* ClassTable::field_owner(const ClassInfo& cls, const std::string& field) const {
  const ClassInfo* owner = nullptr;
  for (const ClassInfo* c = &cls; c; c = c->base)
    if (field_index(*c, field) >= 0) owner = c;
  return owner;
}

std::optional<ir::Type> ClassTable::merge(const ir::Type& a, const ir::Type& b) const {
  using ir::TypeKind;
  if (a == b) return std::nullopt;
  auto value_of = [](const ir::Type& t) { return t.is(TypeKind::Optional) ? t.elements()[0] : t; };
  bool a_none = a.is(TypeKind::None), b_none = b.is(TypeKind::None);
  if (a_none && (b.is_nullable() || b.is(TypeKind::Optional)))
    return b.is(TypeKind::Optional) ? b : ir::Type::optional(b);
  if (b_none && (a.is_nullable() || a.is(TypeKind::Optional)))
    return a.is(TypeKind::Optional) ? a : ir::Type::optional(a);
  if (a.is(TypeKind::Optional) && a.elements()[0] == b) return a;
  if (b.is(TypeKind::Optional) && b.elements()[0] == a) return b;
  if (!a.is_object_ref() || !b.is_object_ref()) return std::nullopt;
  if (!value_of(a).is(TypeKind::Object) || !value_of(b).is(TypeKind::Object)) return std::nullopt;
  const ClassInfo* ca = find(value_of(a).class_name());
  const ClassInfo* cb = find(value_of(b).class_name());
  if (!ca || !cb) return std::nullopt;
  const ClassInfo* common = nullptr;
  for (const ClassInfo* x = ca; x && !common; x = x->base)
    if (is_subclass(*cb, *x)) common = x;
  if (!common && root_ && !ca->is_exception && !cb->is_exception) { // Note [The object class]
    common = root_.get();
    root_used_ = true;
  }
  if (!common) return std::nullopt;
  ir::Type merged = ir::Type::object(common->name);
  if (a.is(TypeKind::Optional) || b.is(TypeKind::Optional)) merged = ir::Type::optional(merged);
  return merged;
}

std::vector<ir::ClassLayout> ClassTable::layouts() const {
  std::vector<ir::ClassLayout> out;
  for (const auto& c : classes_) {
    ir::ClassLayout l;
    l.name = c->name;
    l.base = c->base ? c->base->name : "";
    l.id = c->id;
    l.id_end = c->id_end;
    l.is_exception = c->is_exception;
    for (const std::string& f : c->fields) {
      const ClassInfo* owner = field_owner(*c, f);
      ir::Type t = ir::Type::none();
      if (field_types) {
        auto it = field_types->types.find({owner->name, f});
        if (it != field_types->types.end()) t = it->second;
      }
      if (owner->late_fields.count(f) && !t.is(ir::TypeKind::None)) t = ir::Type::optional(t); // Note [Attributes set outside __init__]
      l.fields.push_back({f, t});
    }
    if (c->def)
      for (const auto& m : c->def->methods)
        if (!m->is_static) l.methods.push_back({m->name, int(m->params.size())});
    out.push_back(std::move(l));
  }
  if (root_used_) { // Note [The object class]
    ir::ClassLayout l;
    l.name = root_->name;
    l.id = root_->id;
    l.id_end = root_->id_end;
    out.insert(out.begin(), std::move(l));
  }
  return out;
}

} // namespace pyscript::lower
