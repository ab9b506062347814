#include "frontend/resolve.hpp"

#include "frontend/annotations.hpp"
#include "frontend/builtins.hpp"

#include <map>
#include <set>

namespace pyscript {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Stmt;
using ast::StmtKind;

// Note [Names of rejected statements]
// A statement the parser rejected (say `with open(p) as fh:`) is not in the AST, but the names it
// would bind are recorded in `rejected_bindings`. Treating them as defined keeps one error from
// cascading into "undefined name" errors at every later use.

// What a scope binds: assignment targets, and (at module level) imports and functions.
void collect_assigned(const ast::StmtList& body, std::set<std::string>& out) {
  ast::collect_assigned_names(body, out);
  for (const ast::StmtPtr& s : body) {
    if (s->kind == StmtKind::Import) out.insert(s->alias.substr(0, s->alias.find('.')));
    if (s->kind == StmtKind::ImportFrom)
      for (const auto& [name, alias] : s->names) out.insert(alias);
    if (s->kind == StmtKind::ClassDef) out.insert(s->cls->name);
  }
  std::vector<const ast::FunctionDef*> defs; // nested blocks' too: `if fast: def step(x): ...`
  ast::collect_defined_functions(body, defs);
  for (const ast::FunctionDef* f : defs) out.insert(f->name);
}

std::string plural(int n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

class Resolver {
public:
  Resolver(const ast::Module& module, DiagnosticEngine& diags) : module_(module), diags_(diags) {}

  void run() {
    collect_assigned(module_.body, module_names_);
    module_names_.insert(module_.rejected_bindings.begin(), module_.rejected_bindings.end());
    for (const ast::StmtPtr& s : module_.body) {
      if (s->kind == StmtKind::Import) modules_[s->alias] = s->module;
      if (s->kind == StmtKind::ImportFrom) record_import_from(*s);
      if (s->kind == StmtKind::ClassDef) record_class(*s->cls);
      if (s->kind == StmtKind::FunctionDef) {
        auto [it, fresh] = functions_.emplace(s->function->name, s->function.get());
        if (!fresh) {
          Diagnostic& d = diags_.error(s->function->name_range, "redefined",
                                       "function '" + s->function->name + "' is defined twice");
          d.notes.push_back({it->second->name_range, "first defined here"});
          d.help.push_back("give the second function another name");
        }
      }
    }
    locals_ = nullptr;
    resolve_body(module_.body);
  }

private:
  // from numpy import zeros, linalg: `zeros` names numpy's member, `linalg` the module.
  void record_import_from(const Stmt& s) {
    for (const auto& [name, alias] : s.names) {
      if (const std::string* sub = submodule(s.module, name)) {
        modules_[alias] = *sub;
        continue;
      }
      if (const Signature* sig = find_module_member(s.module, name)) imported_[alias] = sig;
    }
  }

  static const std::string* submodule(const std::string& module, const std::string& name) {
    static const std::string numpy_random = "numpy.random";
    if (module == "numpy" && name == "random") return &numpy_random;
    return find_submodule(module, name);
  }

  void check_import_from(const Stmt& s) {
    for (const auto& [name, alias] : s.names) {
      if (submodule(s.module, name) || find_module_member(s.module, name)) continue;
      Diagnostic& d =
          diags_.error(s.range, "attribute",
                       "module '" + s.module + "' has no attribute '" + name + "' in pyscript");
      d.help.push_back("pyscript's " + s.module + " has: " + list_module_members(s.module));
    }
  }

  // A comprehension's variables, innermost last (Note [Comprehension scopes]).
  bool is_local(const std::string& name) const {
    for (const std::set<std::string>& scope : comprehension_scopes_)
      if (scope.count(name)) return true;
    return locals_ && locals_->count(name);
  }

  // A member of math, numpy, ... that `from M import NAME` brought in, unless a local hides it.
  const Signature* imported(const std::string& name) const {
    if (is_local(name)) return nullptr;
    auto it = imported_.find(name);
    return it == imported_.end() ? nullptr : it->second;
  }

  // Note [Comprehension scopes]
  // As in Python 3, a comprehension is a scope of its own: its `for` targets are visible in its
  // body, its conditions and the iterables after the first, and nowhere else. The first iterable
  // is read in the enclosing scope (`[x for x in x]` reads the outer x).
  void resolve_comprehension(const Expr& e) {
    const std::vector<ast::Comprehension>& clauses = e.comprehension;
    if (clauses.empty()) return;
    resolve_expr(*clauses[0].iter);
    std::set<std::string> scope;
    for (const ast::Comprehension& c : clauses) ast::collect_assigned_names(*c.target, scope);
    comprehension_scopes_.push_back(std::move(scope));
    for (size_t i = 0; i < clauses.size(); ++i) {
      if (i > 0) resolve_expr(*clauses[i].iter);
      for (const ast::ExprPtr& cond : clauses[i].ifs) resolve_expr(*cond);
    }
    for (const ast::ExprPtr& op : e.operands) resolve_expr(*op);
    comprehension_scopes_.pop_back();
  }

  // What a stored-to target reads: the list and the index of `xs[i] = v`, the object of
  // `obj.x = v`; a name reads nothing.
  void resolve_store_target(const Expr& t) {
    switch (t.kind) {
    case ExprKind::Tuple:
    case ExprKind::List:
    case ExprKind::Starred:
      for (const ast::ExprPtr& op : t.operands) resolve_store_target(*op);
      return;
    case ExprKind::Subscript:
      resolve_expr(*t.operands[0]);
      resolve_expr(*t.operands[1]);
      return;
    case ExprKind::Attribute: resolve_expr(*t.operands[0]); return;
    default: return;
    }
  }

  void resolve_body(const ast::StmtList& body) {
    for (const ast::StmtPtr& s : body) resolve_stmt(*s);
  }

  void resolve_stmt(const Stmt& s) {
    switch (s.kind) {
    case StmtKind::FunctionDef: resolve_function(*s.function); return;
    case StmtKind::ClassDef:
      for (const ast::ClassDef::MarkerUse& m : s.cls->markers) check_marker(m);
      for (const ast::StmtPtr& c : s.cls->constants) resolve_stmt(*c);
      for (const auto& m : s.cls->methods) {
        current_class_ = s.cls.get();
        resolve_function(*m);
        current_class_ = nullptr;
      }
      return;
    case StmtKind::Assign:
      if (s.annotation) resolve_annotation(*s.annotation);
      // Python evaluates the value before the targets' objects and indices.
      if (s.value) resolve_expr(*s.value);
      for (const ast::ExprPtr& t : s.targets) resolve_store_target(*t);
      return;
    case StmtKind::Del:
      for (const ast::ExprPtr& t : s.targets) resolve_expr(*t);
      return;
    case StmtKind::ImportFrom: check_import_from(s); return;
    case StmtKind::Try: resolve_try(s); return;
    case StmtKind::Raise:
      if (s.value && !names_exception_classes(*s.value)) resolve_expr(*s.value); // `raise ValueError`
      return;
    case StmtKind::Expr:
      statement_call_ = s.value.get(); // a.sort() alone on its line gets a fix-it
      break;
    default:
      break;
    }
    if (s.value) resolve_expr(*s.value);
    if (s.cause) resolve_expr(*s.cause);
    if (s.message) resolve_expr(*s.message);
    resolve_body(s.body);
    resolve_body(s.orelse);
  }

  // Note [Names of exception classes]
  // `except E`, `except (E1, E2)`, isinstance(e, E) and `raise E` name classes: CPython's built-in
  // ones pyscript knows (include/pyscript/exception_classes.def), unless a variable hides the name.
  // An exception class is no value otherwise (`x = ValueError` is refused).
  bool names_exception_classes(const Expr& e) const {
    if (e.kind == ExprKind::Tuple) {
      for (const ast::ExprPtr& op : e.operands)
        if (!names_exception_classes(*op)) return false;
      return !e.operands.empty();
    }
    return e.kind == ExprKind::Name && is_exception_class(e.text) &&
           (!is_variable(e.text) || classes_.count(e.text)) && !functions_.count(e.text);
  }

  // A built-in exception class, or a class of the program deriving from one.
  bool is_exception_class(std::string name) const {
    for (int depth = 0; depth < 1000; ++depth) { // a cycle of bases is reported by the lowering
      if (is_builtin_exception_class(name)) return true;
      auto it = classes_.find(name);
      if (it == classes_.end()) return false;
      name = it->second->base;
    }
    return false;
  }

  void resolve_try(const Stmt& s) {
    resolve_body(s.body);
    for (const ast::ExceptHandler& h : s.handlers) {
      if (h.type && !names_exception_classes(*h.type)) {
        Diagnostic& d = diags_.error(h.type->range, "unsupported",
                                     "'except' takes exception classes by name, such as ValueError or "
                                     "(KeyError, IndexError)");
        if (h.type->kind == ExprKind::Name && !is_variable(h.type->text) && !functions_.count(h.type->text))
          d.message = "'" + h.type->text + "' is not an exception class pyscript knows";
      }
      resolve_body(h.body);
    }
    resolve_body(s.orelse);
    resolve_body(s.finalbody);
  }

  static void collect_attribute_stores(const ast::StmtList& body, std::set<std::string>& out) {
    for (const ast::StmtPtr& s : body) {
      for (const ast::ExprPtr& t : s->targets) collect_attribute_targets(t.get(), out);
      for (const ast::StmtList* b : ast::nested_bodies(*s)) collect_attribute_stores(*b, out);
    }
  }
  static void collect_attribute_targets(const Expr* t, std::set<std::string>& out) {
    if (!t) return;
    if (t->kind == ExprKind::Attribute) out.insert(t->text);
    if (t->kind == ExprKind::Tuple || t->kind == ExprKind::List)
      for (const ast::ExprPtr& e : t->operands) collect_attribute_targets(e.get(), out);
  }

  void record_class(const ast::ClassDef& c) {
    for (const auto& m : c.methods) {
      class_members_.insert(m->name);
      collect_attribute_stores(m->body, class_members_);
    }
    for (const ast::StmtPtr& k : c.constants) class_members_.insert(k->targets[0]->text);
    auto [it, fresh] = classes_.emplace(c.name, &c);
    if (!fresh) {
      Diagnostic& d = diags_.error(c.name_range, "redefined", "class '" + c.name + "' is defined twice");
      d.notes.push_back({it->second->name_range, "first defined here"});
      d.help.push_back("give the second class another name");
    }
  }

  // The method `name` of class `cls` or the nearest base that defines it.
  const ast::FunctionDef* find_method(std::string cls, const std::string& name) const {
    for (int depth = 0; depth < 1000; ++depth) { // a cycle of bases is reported by the lowering
      auto it = classes_.find(cls);
      if (it == classes_.end()) return nullptr;
      for (const auto& m : it->second->methods)
        if (m->name == name) return m.get();
      cls = it->second->base;
    }
    return nullptr;
  }

  // A nested function sees the names of the functions around it (Note [Closures] in
  // lower/lower_lambda.cpp): they stay visible as an enclosing scope while its body is resolved.
  void resolve_function(const ast::FunctionDef& fn) {
    const std::set<std::string>* outer = locals_;
    const std::set<std::string>* outer_rejected = function_rejected_;
    std::set<std::string> locals;
    for (const ast::Param& p : fn.params) {
      locals.insert(p.name);
      if (p.default_value) resolve_expr(*p.default_value);
      if (p.annotation) resolve_annotation(*p.annotation);
    }
    if (fn.returns) resolve_annotation(*fn.returns);
    collect_assigned(fn.body, locals);
    locals.insert(fn.rejected_bindings.begin(), fn.rejected_bindings.end());
    if (outer) { // the enclosing function's names, and the names it sees, stay visible
      std::set<std::string> enclosing = *outer;
      if (outer_rejected) enclosing.insert(outer_rejected->begin(), outer_rejected->end());
      comprehension_scopes_.push_back(std::move(enclosing));
    }
    locals_ = &locals;
    function_rejected_ = &fn.rejected_bindings;
    resolve_body(fn.body);
    locals_ = outer;
    function_rejected_ = outer_rejected;
    if (outer) comprehension_scopes_.pop_back();
  }

  // Note [Annotations are not evaluated] (annotations.hpp).
  void resolve_annotation(const Expr& e) {
    AnnotationNames names;
    names.is_class = [this](const std::string& n) { return classes_.count(n) > 0; };
    names.is_typing_name = [this](const std::string& n) {
      const Signature* sig = imported(n);
      return sig && sig == find_module_member("typing", n);
    };
    names.module_of = [this](const Expr& m) { return module_of(m); };
    const Expr* bad = unknown_annotation_part(e, names);
    if (!bad) return;
    Diagnostic& d = diags_.error(bad->range, "unsupported", "this annotation is not a type pyscript knows");
    d.help.push_back("annotate with a type (int, float, str, list[int], a class, typing's Optional, ...), "
                     "or leave the annotation out");
  }

  // A name bound only by a rejected statement: nothing more is known of it, so nothing more is
  // reported (Note [Names of rejected statements]).
  bool is_rejected_binding(const Expr& e) const {
    if (e.kind != ExprKind::Name) return false;
    if (function_rejected_ && function_rejected_->count(e.text)) return true;
    return !is_local(e.text) && module_.rejected_bindings.count(e.text);
  }

  bool is_variable(const std::string& name) const {
    if (is_local(name)) return true;
    if (const Signature* sig = imported(name))
      return sig->kind != MemberKind::Function && sig->kind != MemberKind::Marker;
    return module_names_.count(name) && !functions_.count(name) && !modules_.count(name);
  }

  // sorted(xs, key=f), xs.sort(key=len): `key=` names a function of the program or a builtin.
  bool names_key_function(const ast::Keyword& kw) const {
    const Expr& e = *kw.value;
    return kw.name == "key" && e.kind == ExprKind::Name && !is_variable(e.text) &&
           (functions_.count(e.text) || find_builtin(e.text));
  }

  bool names_python_dtype(const Expr& e) const {
    return e.kind == ExprKind::Name && (e.text == "float" || e.text == "int" || e.text == "bool") &&
           !is_variable(e.text);
  }

  // A name in a position where its value is read.
  void resolve_name(const Expr& e) {
    const std::string& name = e.text;
    if (is_variable(name)) return;
    if (functions_.count(name)) return; // a function as a value (the lowering specializes on it)
    if (const Signature* sig = imported(name)) {
      if (sig == find_module_member("math", sig->name)) return; // from math import sqrt; map(sqrt, xs)
      if (sig->kind == MemberKind::Marker) return unsupported_marker(e, name);
      unsupported_value(e, "function '" + name + "'", "call it: '" + name + "(...)'");
      return;
    }
    if (modules_.count(name)) {
      unsupported_value(e, "module '" + name + "'", "use one of its members: '" + name + ".NAME'");
      return;
    }
    if (find_builtin(name)) {
      if (builtin_is_value(name)) return; // Note [Builtins as values] (lower/lower_call.cpp)
      unsupported_value(e, "builtin '" + name + "'", "call it: '" + name + "(...)'");
      return;
    }
    if (name == "__name__") return;
    if (is_builtin_exception_class(name)) { // Note [Names of exception classes]
      unsupported_value(e, "exception class '" + name + "'",
                        "raise it ('raise " + name + "(...)') or name it in 'except' or isinstance");
      return;
    }
    report_undefined(e);
  }

  // Note [Class decorators]: `dataclass`, `ABC`, ... name the member of the import they look like.
  void check_marker(const ast::ClassDef::MarkerUse& m) {
    const Expr& e = *m.expr;
    const std::string* module = e.kind == ExprKind::Attribute ? module_of(*e.operands[0]) : nullptr;
    if (e.kind == ExprKind::Name ? imported(e.text) == find_module_member(m.module, m.member)
                                 : module && *module == m.module)
      return;
    Diagnostic& d = diags_.error(e.range, "undefined", "'" + dotted_name(e) + "' is not " + m.module + "." + m.member);
    d.help.push_back("import it: 'from " + m.module + " import " + m.member + "'");
  }

  // typing's Optional, abc's ABC, dataclasses' dataclass: meaningful in annotations, as a base or a
  // decorator only (Note [Annotations are not evaluated]).
  void unsupported_marker(const Expr& e, const std::string& name) {
    unsupported_value(e, "'" + name + "'", "use it only in annotations, or as the class decorator or base it is");
  }

  void unsupported_value(const Expr& e, const std::string& what, const std::string& help) {
    Diagnostic& d = diags_.error(e.range, "unsupported",
                                 what + " used as a value is not supported by pyscript");
    d.help.push_back(help);
  }

  void report_undefined(const Expr& e) {
    const std::string& name = e.text;
    if (auto help = unsupported_builtin_help(name)) {
      Diagnostic& d = diags_.error(e.range, "unsupported",
                                   "builtin '" + name + "' is not supported by pyscript");
      if (!help->empty()) d.help.push_back(*help);
      return;
    }
    Diagnostic& d = diags_.error(e.range, "undefined", "undefined name '" + name + "'");
    if (name == "np" || name == "numpy") d.help.push_back("add 'import numpy as np' at the top");
    else if (name == "math" || name == "time") d.help.push_back("add 'import " + name + "' at the top");
    else if (locals_) d.help.push_back("define '" + name + "' before this line, or pass it as a parameter");
  }

  void resolve_expr(const Expr& e) {
    switch (e.kind) {
    case ExprKind::Name:
      resolve_name(e);
      return;
    case ExprKind::Call:
      resolve_call(e);
      return;
    case ExprKind::Attribute:
      resolve_attribute(e, /*called=*/false);
      return;
    case ExprKind::ListComp:
    case ExprKind::DictComp:
    case ExprKind::SetComp:
    case ExprKind::GeneratorExp: resolve_comprehension(e); return;
    case ExprKind::Lambda: { // its parameters are its own; other names are read where it is made
      std::set<std::string> params;
      for (const ast::Param& p : e.lambda->params) {
        if (p.default_value) resolve_expr(*p.default_value);
        params.insert(p.name);
      }
      comprehension_scopes_.push_back(std::move(params));
      resolve_expr(*e.lambda->body[0]->value);
      comprehension_scopes_.pop_back();
      return;
    }
    default:
      for (const ast::ExprPtr& op : e.operands)
        if (op) resolve_expr(*op);
      for (const ast::Keyword& kw : e.keywords) resolve_expr(*kw.value);
    }
  }

  // The module a name stands for (e.g. "numpy" for np, "numpy.linalg" for np.linalg,
  // "numpy.random" for np.random), unless a variable hides it.
  const std::string* module_of(const Expr& e) const {
    if (e.kind == ExprKind::Attribute) {
      static const std::string numpy_random = "numpy.random";
      const std::string* parent = module_of(*e.operands[0]);
      if (parent && *parent == "numpy" && e.text == "random") return &numpy_random;
      return parent ? find_submodule(*parent, e.text) : nullptr;
    }
    if (e.kind != ExprKind::Name || is_local(e.text)) return nullptr;
    auto it = modules_.find(e.text);
    return it == modules_.end() ? nullptr : &it->second;
  }

  // "np.random" as written: a name or a chain of attributes.
  static std::string dotted(const Expr& e) {
    if (e.kind == ExprKind::Attribute) return dotted(*e.operands[0]) + "." + e.text;
    return e.text;
  }

  // np.random.shuffle(a) and rng.shuffle(a) change `a` in place: refused, with the fix that keeps
  // the array and the stream (permutation makes the same draws as shuffle).
  void reject_shuffle(const Expr& call, const Expr& callee) {
    std::string owner = dotted(*callee.operands[0]);
    const Expr* arg = call.operands.size() == 2 ? call.operands[1].get() : nullptr;
    bool named = arg && arg->kind == ExprKind::Name;
    std::string name = named ? arg->text : "a";
    Diagnostic& d = diags_.error(call.range, "in-place",
                                 "'" + owner + ".shuffle(" + (named ? name : "...") +
                                     ")' shuffles an array in place, which is not supported");
    std::string rewrite = name + " = " + owner + ".permutation(" + name + ")";
    d.help.push_back("write '" + rewrite + "': the same array, and the random stream advances as shuffle's does");
    d.notes.push_back({SourceRange{}, "pyscript arrays are values: no operation changes one in place"});
    if (&call == statement_call_ && named && call.keywords.empty())
      d.fixits.push_back(FixIt{call.range, rewrite});
  }

  // Returns the signature of what `e` names, when it is known.
  const Signature* resolve_attribute(const Expr& e, bool called) {
    const Expr& object = *e.operands[0];
    if (e.text == "__name__" && !called && object.kind == ExprKind::Call && object.operands.size() == 2 &&
        object.keywords.empty() && object.operands[0]->kind == ExprKind::Name &&
        object.operands[0]->text == "type" && !is_variable("type") && !functions_.count("type")) {
      resolve_expr(*object.operands[1]); // type(x).__name__ (lower/lower_type_names.cpp)
      return nullptr;
    }
    if (const std::string* module = module_of(object)) {
      if (*module == "numpy" && e.text == "random") { // np.random itself, not one of its members
        unsupported_value(e, "module '" + dotted(e) + "'", "use one of its members: '" + dotted(e) + ".NAME'");
        return nullptr;
      }
      const Signature* sig = find_module_member(*module, e.text);
      if (!sig) {
        Diagnostic& d = diags_.error(e.text_range, "attribute",
                                     "module '" + *module + "' has no attribute '" + e.text +
                                         "' in pyscript");
        d.help.push_back("pyscript's " + *module + " has: " + list_module_members(*module));
        return nullptr;
      }
      std::string dotted = dotted_name(object) + "." + e.text;
      if (sig->kind == MemberKind::Marker) {
        unsupported_marker(e, dotted);
        return nullptr;
      }
      if (sig->kind == MemberKind::Function && !called && *module != "math") { // math.sqrt: a value
        unsupported_value(e, "function '" + dotted + "'", "call it: '" + dotted + "(...)'");
        return nullptr;
      }
      if (sig->kind == MemberKind::Module && !called) {
        unsupported_value(e, "module '" + dotted + "'", "use one of its members: '" + dotted + ".NAME'");
        return nullptr;
      }
      if (sig->kind != MemberKind::Function && called && !(sig->kind == MemberKind::DType && sig->max_args > 0)) {
        Diagnostic& d = diags_.error(e.range, "unsupported", "'" + dotted + "' cannot be called");
        if (sig->kind == MemberKind::DType)
          d.help.push_back("create arrays with " + object.text + ".array, " + object.text + ".zeros, " +
                           object.text + ".full, ...");
        return nullptr;
      }
      return sig;
    }
    resolve_expr(object);
    if (is_rejected_binding(object)) return nullptr;
    if (class_members_.count(e.text) && !called) return nullptr; // an object's field: the lowering knows
    if (auto help = escape_method_help(e.text)) {
      Diagnostic& d = diags_.error(e.text_range, "escape",
                                   "'." + e.text + "()' leaves the compiled program and is not "
                                   "supported");
      d.help.push_back(*help);
      return nullptr;
    }
    if (class_members_.count(e.text)) return nullptr; // maybe an object's: the lowering knows
    const Signature* sig = find_array_member(e.text);
    if (!sig) sig = find_generator_method(e.text); // the object may be a Generator: lowering knows
    if (!sig) sig = find_container_method(e.text); // a list, dict or str: lowering knows
    if (!sig && e.text == "__cause__" && !called) return nullptr; // an exception's: the lowering knows
    if (!sig && e.text == "__name__" && !called) return nullptr;  // a function value's: the lowering knows
    if (!sig) {
      Diagnostic& d = diags_.error(e.text_range, "attribute",
                                   "'" + e.text + "' is not an attribute pyscript supports");
      d.help.push_back(
          "arrays have T, shape, ndim, size, dtype, astype, reshape, transpose, round, clip, "
          "cumsum, cumprod, argsort, and the reductions sum, mean, max, min, argmax, argmin, "
          "prod, var, std, all, any; lists, dicts and strs have Python's methods");
      return nullptr;
    }
    if (sig->kind == MemberKind::Function && !called && e.text != "get") { // d.get: Note [Bound methods as values]
      unsupported_value(e, "method '." + e.text + "'", "call it: '." + e.text + "(...)'");
      return nullptr;
    }
    if (sig->kind != MemberKind::Function && called) {
      diags_.error(e.range, "unsupported", "'." + e.text + "' is not a method and cannot be called")
          .help.push_back("write '." + e.text + "' without parentheses");
      return nullptr;
    }
    return sig;
  }

  void resolve_call(const Expr& call) {
    const Expr& callee = *call.operands[0];
    int positional = int(call.operands.size()) - 1;
    // isinstance(e, ValueError): the class is no value (Note [Names of exception classes]).
    if (callee.kind == ExprKind::Name && callee.text == "isinstance" && !is_variable("isinstance") &&
        !functions_.count("isinstance") && call.operands.size() == 3 && call.keywords.empty() &&
        names_exception_classes(*call.operands[2])) {
      resolve_expr(*call.operands[1]);
      return;
    }
    // float, int and bool name dtypes in dtype=... and .astype(...), as in numpy.
    bool astype = callee.kind == ExprKind::Attribute && callee.text == "astype";
    for (size_t i = 1; i < call.operands.size(); ++i)
      if (!(astype && names_python_dtype(*call.operands[i]))) resolve_expr(*call.operands[i]);
    for (const ast::Keyword& kw : call.keywords)
      if (!(kw.name == "dtype" && names_python_dtype(*kw.value)) && !names_key_function(kw))
        resolve_expr(*kw.value);

    if (callee.kind == ExprKind::Attribute && callee.text == "shuffle") {
      const std::string* module = module_of(*callee.operands[0]);
      if (!module || *module == "numpy.random") {
        if (!module) resolve_expr(*callee.operands[0]);
        return reject_shuffle(call, callee);
      }
    }
    // xs.sort() sorts a list, which is in the subset; whether the object is an array that
    // a.sort() would change in place is the lowering's to decide (builtins.hpp's in_place_method).
    // A method of the program's classes (cache.put(k, v)) likewise.
    if (callee.kind == ExprKind::Attribute && !module_of(*callee.operands[0]) &&
        !find_container_method(callee.text) && !class_members_.count(callee.text) && report_in_place_method(call))
      return;
    if (callee.kind == ExprKind::Attribute) {
      if (const Signature* sig = resolve_attribute(callee, /*called=*/true))
        check_signature(call, *sig, callee_name(callee), positional);
      return;
    }
    if (callee.kind != ExprKind::Name) {
      diags_.error(callee.range, "unsupported", "only functions can be called by name in pyscript")
          .help.push_back("assign the value to a name first, or call a function directly");
      return;
    }
    const std::string& name = callee.text;
    if (is_rejected_binding(callee)) return;
    if (name == "super" && current_class_ && !is_variable(name)) return; // super().method(...)
    if (is_local(name)) return; // a parameter holding a function: the lowering checks its type
    if (const Signature* sig = imported(name)) {
      if (sig->kind == MemberKind::Function)
        check_signature(call, *sig, name, positional);
      else
        diags_.error(callee.range, "unsupported", "'" + name + "' cannot be called");
      return;
    }
    auto fn = functions_.find(name);
    if (fn != functions_.end()) {
      check_user_call(call, *fn->second, positional);
      return;
    }
    if (module_names_.count(name) && !modules_.count(name)) return; // may hold a function: the lowering checks
    if (is_builtin_exception_class(name)) { // ValueError("message"): one argument at most
      static const Signature exception{"", MemberKind::Function, 0, 1, {}};
      check_signature(call, exception, name, positional);
      return;
    }
    if (const Signature* sig = find_builtin(name)) {
      check_signature(call, *sig, name, positional);
      return;
    }
    if (modules_.count(name)) {
      diags_.error(callee.range, "unsupported", "module '" + name + "' cannot be called");
      return;
    }
    report_undefined(callee);
  }

  static std::string source_text(const Expr& e) {
    return e.range.file ? std::string(e.range.file->slice(e.range)) : std::string();
  }

  // a.fill(0), a.sort(), ...: the value form as help, and as fix-it when the call is a statement
  // of its own on a name (a.fill(0) -> a = np.full_like(a, 0)).
  bool report_in_place_method(const Expr& call) {
    const Expr& callee = *call.operands[0];
    const Expr& object = *callee.operands[0];
    std::string args;
    for (size_t i = 1; i < call.operands.size(); ++i) args += (i > 1 ? ", " : "") + source_text(*call.operands[i]);
    for (const ast::Keyword& kw : call.keywords) args += (args.empty() ? "" : ", ") + kw.name + "=" + source_text(*kw.value);
    std::string alias = "np";
    for (const auto& [name, module] : modules_)
      if (module == "numpy") alias = name;
    std::optional<InPlaceMethod> method = in_place_method(callee.text, source_text(object), args, alias);
    if (!method) return false;
    resolve_expr(object);
    Diagnostic& d = diags_.error(call.range, "in-place",
                                 "'" + source_text(call) + "' would change an array in place, which is not supported");
    if (method->value.empty()) {
      d.help.push_back(method->help);
      return true;
    }
    if (object.kind != ExprKind::Name) {
      d.help.push_back("arrays are values in pyscript: " + method->help + " is '" + method->value + "'");
      return true;
    }
    std::string rewrite = object.text + " = " + method->value;
    d.help.push_back("arrays are values in pyscript: write '" + rewrite + "'");
    if (&call == statement_call_) d.fixits.push_back(FixIt{call.range, rewrite});
    return true;
  }

  std::string callee_name(const Expr& callee) const {
    if (callee.operands[0]->kind == ExprKind::Name || module_of(*callee.operands[0]))
      return dotted(callee);
    return "." + callee.text;
  }

  // np, or np.linalg
  static std::string dotted_name(const Expr& e) {
    if (e.kind == ExprKind::Attribute) return dotted_name(*e.operands[0]) + "." + e.text;
    return e.text;
  }

  void check_signature(const Expr& call, const Signature& sig, const std::string& name,
                       int positional) {
    bool too_few = positional < sig.min_args;
    bool too_many = sig.max_args != kVariadic && positional > sig.max_args;
    if (too_few || too_many) {
      std::string takes = sig.min_args == sig.max_args ? plural(sig.min_args, "argument")
                          : sig.max_args == kVariadic
                              ? "at least " + plural(sig.min_args, "argument")
                              : "from " + std::to_string(sig.min_args) + " to " +
                                    plural(sig.max_args, "argument");
      diags_.error(call.range, "arity",
                   name + "() takes " + takes + " but " + std::to_string(positional) +
                       (positional == 1 ? " was" : " were") + " given");
    }
    for (const ast::Keyword& kw : call.keywords) {
      bool known = false;
      for (std::string_view k : sig.keywords) known = known || k == kw.name || k == "**";
      if (!known) {
        Diagnostic& d = diags_.error(kw.name_range, "arity",
                                     name + "() got an unexpected keyword argument '" + kw.name +
                                         "'");
        std::string accepted;
        for (std::string_view k : sig.keywords) accepted += (accepted.empty() ? "" : ", ") + std::string(k);
        d.help.push_back(accepted.empty() ? name + "() takes no keyword arguments in pyscript"
                                          : name + "() accepts: " + accepted);
      }
    }
  }

  void check_user_call(const Expr& call, const ast::FunctionDef& fn, int positional) {
    int total = int(fn.params.size());
    int required = 0;
    for (const ast::Param& p : fn.params)
      if (!p.default_value) ++required;
    auto note = [&](Diagnostic& d) { d.notes.push_back({fn.name_range, "'" + fn.name + "' is defined here"}); };
    if (positional > total) {
      std::string takes = required == total ? plural(total, "positional argument")
                                            : "from " + std::to_string(required) + " to " +
                                                  plural(total, "positional argument");
      Diagnostic& d = diags_.error(call.range, "arity",
                                   fn.name + "() takes " + takes + " but " +
                                       std::to_string(positional) +
                                       (positional == 1 ? " was" : " were") + " given");
      note(d);
      return;
    }
    std::vector<bool> supplied(size_t(total), false);
    for (int i = 0; i < positional; ++i) supplied[size_t(i)] = true;
    for (const ast::Keyword& kw : call.keywords) {
      int index = -1;
      for (int i = 0; i < total; ++i)
        if (fn.params[size_t(i)].name == kw.name) index = i;
      if (index < 0) {
        Diagnostic& d = diags_.error(kw.name_range, "arity",
                                     fn.name + "() got an unexpected keyword argument '" +
                                         kw.name + "'");
        note(d);
      } else if (supplied[size_t(index)]) {
        Diagnostic& d = diags_.error(kw.name_range, "arity",
                                     fn.name + "() got multiple values for argument '" +
                                         kw.name + "'");
        note(d);
      } else {
        supplied[size_t(index)] = true;
      }
    }
    std::vector<std::string> missing;
    for (int i = 0; i < total; ++i)
      if (!supplied[size_t(i)] && !fn.params[size_t(i)].default_value)
        missing.push_back("'" + fn.params[size_t(i)].name + "'");
    if (!missing.empty()) {
      std::string list;
      for (size_t i = 0; i < missing.size(); ++i)
        list += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + missing[i];
      Diagnostic& d = diags_.error(call.range, "arity",
                                   fn.name + "() missing " +
                                       plural(int(missing.size()), "required argument") + ": " +
                                       list);
      note(d);
    }
  }

  const ast::Module& module_;
  const Expr* statement_call_ = nullptr; // the value of the expression statement being resolved
  DiagnosticEngine& diags_;
  std::set<std::string> module_names_;
  std::map<std::string, std::string> modules_; // alias -> module
  std::map<std::string, const ast::FunctionDef*> functions_;
  std::map<std::string, const ast::ClassDef*> classes_;
  std::set<std::string> class_members_; // methods, constants and attributes stored to in methods
  const ast::ClassDef* current_class_ = nullptr; // the class whose method is being resolved
  std::map<std::string, const Signature*> imported_; // from M import NAME: alias -> member
  std::vector<std::set<std::string>> comprehension_scopes_;
  const std::set<std::string>* locals_ = nullptr; // null at module level
  const std::set<std::string>* function_rejected_ = nullptr;
};

} // namespace

void resolve_names(const ast::Module& module, DiagnosticEngine& diags) {
  Resolver(module, diags).run();
}

} // namespace pyscript
