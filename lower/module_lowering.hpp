// Internal to lower/: the driver that owns the IR module being built, the specialization cache
// and what the top level tells functions (module constants, imports).
#pragma once

#include "lower/function_lowering.hpp"
#include "lower/lower.hpp"

#include <map>
#include <set>

namespace pyscript::lower {

// bisect, heapq, functools: modules whose functions are written in Python (stdlib_modules.cpp).
bool is_python_module(const std::string& module);

class ModuleLowering {
public:
  ModuleLowering(const CheckedModule& checked, DiagnosticEngine& diags, ClassTable::FieldTypes& field_types);
  ~ModuleLowering();

  ClassTable& classes() { return classes_; }
  // The function a lambda calls, its captures first (Note [Closures] in lower_lambda.cpp).
  const ast::FunctionDef* lambda_function(const ast::Expr& e, const std::vector<std::string>& captured);
  // list.sort() of objects by __lt__ (sort_objects.cpp, Note [Sorting by __lt__]).
  const ast::FunctionDef* sort_by_lt_function();
  // The function NAME of a module written in Python (Note [Python-written modules] in
  // stdlib_modules.cpp), its module compiled on first use; null when it has none.
  const ast::FunctionDef* stdlib_function(const std::string& module, const std::string& name);
  const ast::FunctionDef* nested_function(const ast::FunctionDef& fn, const std::vector<std::string>& captured);
  // `lambda k: $self.NAME(k)` for the bound method d.NAME read as a value at `e` (lower_lambda.cpp).
  const ast::FunctionDef* bound_method_function(const ast::Expr& e);
  void note_instantiated(const std::string& cls) { instantiated_.insert(cls); }

  LowerResult run(const LowerOptions& options);

  // The specialization of `fn` for `arg_types`, lowered on first request (memoized).
  // Null after a diagnostic. A recursive request returns the function being lowered.
  ir::Function* specialize(const ast::FunctionDef& fn, const std::vector<ir::Type>& arg_types);
  // While `f` is being lowered: its lowering (for the return type of recursive calls).
  FunctionLowering* in_progress(const ir::Function* f) const;

  const ast::FunctionDef* find_function(const std::string& name) const;
  // A fresh number: tags of empty containers (Note [Empty containers]), comprehension names.
  // Unique across the rounds of lowering too: field types keep theirs (Note [Objects]).
  int new_origin() { return ++classes_.field_types->origins; }
  // The empty list displays by their Unknown's origin: where, and in which function (Note
  // [Widened displays]: a global `calls = []` that a function fills).
  std::map<int, std::pair<SourceRange, const ir::Function*>> empty_displays;
  // The module an import alias names ("numpy" for np), or null.
  const std::string* module_of_alias(const std::string& alias) const;
  // The same for a use of the alias at `use` (an error there if its import has not run yet).
  const std::string* use_module(const std::string& alias, const SourceRange& use);

  // Note [Module names bound in execution order]: the top level binds functions and imports as
  // its `def` and `import` statements run. While it is lowered, a call or use reached from it
  // (directly or through the functions it calls) of one whose statement comes later is an error.
  void mark_executed(const std::string& name) { executed_.insert(name); }
  void set_top_statement(const SourceRange& r) { top_statement_ = r; }
  // Reports, at `use`, a function called or a module used before its def/import has run.
  // Returns false when it did.
  bool check_bound(const std::string& name, const SourceRange& use, const SourceRange& defined_at,
                   bool from_main, bool is_function);

  // Module-level names (Note [Module constants] in module_lowering.cpp).
  bool is_module_variable(const std::string& name) const { return top_assign_count_.count(name) > 0; }
  bool is_read_by_functions(const std::string& name) const { return read_by_functions_.count(name) > 0; }
  bool only_printed(const std::string& fn) const; // Note [Returns that are only printed]
  bool is_assigned_once_at_top(const std::string& name) const;
  const ir::Global* find_global(const std::string& name) const;
  void record_global(const std::string& name, const ir::Type& type);
  // Note [Module names for hosts] (lower/module_names.cpp).
  bool stores_module_names() const { return store_module_names_; }
  void record_module_name(const std::string& name, const ir::Type& type);
  void settle_module_name_types(const ir::Function& main);

  // Note [Typing np.load] (lower_numpy_io.cpp): the program's saves and str constants so far.
  NumpyFiles& numpy_files() { return numpy_files_; }
  const NumpyFiles& numpy_files() const { return numpy_files_; }

  ir::Module& module() { return *module_; }
  // The exception classes the program may raise and catch (lower/exceptions.hpp).
  ExceptionClasses& exception_classes() { return exception_classes_; }
  // Note [Functions that never return] (lower/exceptions.cpp): by specialized name.
  void mark_never_returns(const std::string& name) { never_returns_.insert(name); }
  bool never_returns(const std::string& name) const { return never_returns_.count(name) > 0; }
  // A rejected `t[i] OP= v` lowered where t is (`list_or_dict`) or is not a list or a dict; the
  // rewrite becomes the fix-it of those that every lowering saw on one (Note [Augmented
  // assignment's fix-it] in frontend/parse_stmt.cpp).
  void note_item_update(const ast::Stmt& s, bool list_or_dict) {
    // By position: a nested function's body is lowered from a copy (clone_stmt).
    ItemUpdate seen{s.range, s.item_update_rewrite, list_or_dict};
    auto [it, fresh] = item_updates_.emplace(s.range.begin_byte, seen);
    if (!fresh) it->second.list_or_dict = it->second.list_or_dict && list_or_dict;
  }
  // Whether the frontend reported an error inside `r` (Note [All errors in one run]).
  bool has_earlier_error(const SourceRange& r) const;
  bool function_has_earlier_error(const ast::FunctionDef& fn) const;

private:
  const CheckedModule& checked_;
  DiagnosticEngine& diags_;
  std::unique_ptr<ir::Module> module_;
  std::map<std::string, const ast::FunctionDef*> functions_;
  std::map<std::string, std::string> aliases_;
  std::map<std::string, int> top_assign_count_;       // assignments at the top level's outer list
  std::set<std::string> nested_top_assigned_;         // assigned inside top-level if/for/while
  std::set<std::string> read_by_functions_;
  std::map<std::string, ir::Function*> cache_;        // by specialized name
  std::map<const ir::Function*, FunctionLowering*> in_progress_;
  std::vector<uint32_t> earlier_errors_; // sorted bytes where the frontend reported errors
  std::set<const ast::FunctionDef*> functions_with_errors_;
  std::set<std::string> executed_;   // defs and imports the top level has run so far
  bool lowering_main_ = false;       // until the top level is lowered; after it all are bound
  SourceRange top_statement_;        // the top-level statement being lowered
  std::map<std::string, SourceRange> import_at_; // alias -> its import statement
  ClassTable classes_;
  std::vector<std::unique_ptr<ast::FunctionDef>> lambdas_;
  std::vector<std::unique_ptr<CheckedModule>> helpers_; // functions pyscript writes in Python
  std::set<std::string> instantiated_; // classes with a constructor call
  std::set<std::string> loaded_python_modules_; // Note [Python-written modules]
  bool store_module_names_ = false;
  std::set<std::string> module_names_; // globals stored for a host at the top level's end
  // An entry request's "Class.method" (null when there is none).
  const ast::FunctionDef* find_method(const std::string& qualified) const;
  void finish_classes();
  NumpyFiles numpy_files_;
  ExceptionClasses exception_classes_;
  std::set<std::string> never_returns_;
  struct ItemUpdate {
    SourceRange range;
    std::string rewrite;
    bool list_or_dict;
  };
  std::map<uint32_t, ItemUpdate> item_updates_; // by the statement's first byte
  void add_item_update_fixits();
};


} // namespace pyscript::lower
