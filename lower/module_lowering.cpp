#include "lower/module_lowering.hpp"

#include "frontend/from_imports.hpp"

#include "support/internal_error.hpp"

#include <algorithm>
#include <stdexcept>

namespace pyscript {
namespace lower {
namespace {

// Note [Module constants]
// A function may read a module-level name that the top level assigns exactly once, in its
// outermost statement list (a constant). The top level stores it (store_global) right after the
// assignment and functions load it (load_global); reading it before the top level has assigned
// it is an error, as CPython's NameError would be.

// Where the rejected item updates (`xs[i] += 1`) begin: the parser keeps each as the assignment it
// means (Note [Augmented assignment's fix-it] in frontend/parse_stmt.cpp), so its error does not
// keep the lowering from typing the function around it.
void collect_item_updates(const ast::StmtList& body, std::set<uint32_t>& out) {
  for (const ast::StmtPtr& s : body) {
    if (!s->item_update_rewrite.empty()) out.insert(s->range.begin_byte);
    if (s->kind == ast::StmtKind::FunctionDef) collect_item_updates(s->function->body, out);
    if (s->kind == ast::StmtKind::ClassDef)
      for (const auto& m : s->cls->methods) collect_item_updates(m->body, out);
    for (const ast::StmtList* b : ast::nested_bodies(*s)) collect_item_updates(*b, out);
  }
}

// Nested functions and lambdas read where they run, so their reads count too.
void collect_names_read(const ast::StmtList& body, std::set<std::string>& out) {
  ast::for_each_expr(
      body,
      [&](const ast::Expr& e) {
        if (e.kind == ast::ExprKind::Name) out.insert(e.text);
      },
      /*into_functions=*/true);
}


} // namespace


ModuleLowering::ModuleLowering(const CheckedModule& checked, DiagnosticEngine& diags,
                               ClassTable::FieldTypes& field_types)
    : checked_(checked), diags_(diags), module_(std::make_unique<ir::Module>()) {
  classes_.build(checked.module, diags);
  classes_.field_types = &field_types;
  set_active_classes(&classes_);
  module_->sources.push_back(checked.file);
  std::set<uint32_t> item_updates;
  collect_item_updates(checked.module.body, item_updates);
  for (const Diagnostic& d : diags.all())
    if (d.severity == Severity::Error && d.range.file == checked.file.get() &&
        !(d.code == "in-place" && item_updates.count(d.range.begin_byte)))
      earlier_errors_.push_back(d.range.begin_byte);
  std::sort(earlier_errors_.begin(), earlier_errors_.end());
  for (const ast::StmtPtr& s : checked.module.body) {
    if (s->kind == ast::StmtKind::FunctionDef) {
      functions_[s->function->name] = s->function.get();
      if (has_earlier_error(s->range)) functions_with_errors_.insert(s->function.get());
      std::set<std::string> locals, reads;
      for (const ast::Param& p : s->function->params) locals.insert(p.name);
      ast::collect_assigned_names(s->function->body, locals);
      collect_names_read(s->function->body, reads);
      for (const std::string& r : reads)
        if (!locals.count(r)) read_by_functions_.insert(r);
    } else if (s->kind == ast::StmtKind::ClassDef) {
      for (const auto& m : s->cls->methods) {
        if (has_earlier_error(s->range)) functions_with_errors_.insert(m.get());
        // A method reads module constants as a function does (Note [Module constants]).
        std::set<std::string> locals, reads;
        for (const ast::Param& p : m->params) locals.insert(p.name);
        ast::collect_assigned_names(m->body, locals);
        collect_names_read(m->body, reads);
        for (const std::string& r : reads)
          if (!locals.count(r)) read_by_functions_.insert(r);
      }
    } else if (s->kind == ast::StmtKind::Import) {
      aliases_[s->alias] = s->module;
      import_at_[s->alias] = s->range;
    } else if (s->kind == ast::StmtKind::Assign || s->kind == ast::StmtKind::For) {
      std::set<std::string> names;
      for (const ast::ExprPtr& t : s->targets) ast::collect_assigned_names(*t, names);
      for (const std::string& n : names) ++top_assign_count_[n];
      if (s->kind == ast::StmtKind::For) {
        std::set<std::string> inner;
        ast::collect_assigned_names(s->body, inner);
        for (const std::string& n : inner) {
          ++top_assign_count_[n];
          nested_top_assigned_.insert(n);
        }
      }
    } else {
      std::set<std::string> inner;
      ast::collect_assigned_names(*s, inner);
      for (const std::string& n : inner) {
        ++top_assign_count_[n];
        nested_top_assigned_.insert(n);
      }
    }
  }
}

ModuleLowering::~ModuleLowering() { set_active_classes(nullptr); }

bool ModuleLowering::has_earlier_error(const SourceRange& r) const {
  auto it = std::lower_bound(earlier_errors_.begin(), earlier_errors_.end(), r.begin_byte);
  return it != earlier_errors_.end() && *it < r.end_byte;
}

bool ModuleLowering::function_has_earlier_error(const ast::FunctionDef& fn) const {
  return functions_with_errors_.count(&fn) > 0;
}

bool ModuleLowering::is_assigned_once_at_top(const std::string& name) const {
  auto it = top_assign_count_.find(name);
  return it != top_assign_count_.end() && it->second == 1 && !nested_top_assigned_.count(name);
}

const ir::Global* ModuleLowering::find_global(const std::string& name) const {
  for (const ir::Global& g : module_->globals)
    if (g.name == name) return &g;
  return nullptr;
}

void ModuleLowering::record_global(const std::string& name, const ir::Type& type) {
  module_->globals.push_back({name, type});
}

const ast::FunctionDef* ModuleLowering::find_function(const std::string& name) const {
  auto it = functions_.find(name);
  return it == functions_.end() ? nullptr : it->second;
}

const std::string* ModuleLowering::module_of_alias(const std::string& alias) const {
  auto it = aliases_.find(alias);
  return it == aliases_.end() ? nullptr : &it->second;
}

const std::string* ModuleLowering::use_module(const std::string& alias, const SourceRange& use) {
  const std::string* module = module_of_alias(alias);
  if (module) check_bound(alias, use, import_at_[alias], /*from_main=*/false, /*is_function=*/false);
  return module;
}

bool ModuleLowering::check_bound(const std::string& name, const SourceRange& use,
                                 const SourceRange& defined_at, bool from_main, bool is_function) {
  if (!lowering_main_ || executed_.count(name)) return true;
  Diagnostic& d = diags_.error(use, "undefined",
                               is_function ? "'" + name + "' is called before its 'def' has run"
                                      : "'" + name + "' is used before its 'import' has run");
  d.notes.push_back({defined_at, std::string(is_function ? "defined" : "imported") + " here, after the use"});
  if (!from_main && top_statement_.valid())
    d.notes.push_back({top_statement_, "the top level gets here through this statement"});
  d.help.push_back(is_function ? "move the 'def' of '" + name + "' above the first statement that calls it"
                          : "move the 'import' to the top of the file");
  return false;
}

FunctionLowering* ModuleLowering::in_progress(const ir::Function* f) const {
  auto it = in_progress_.find(f);
  return it == in_progress_.end() ? nullptr : it->second;
}

ir::Function* ModuleLowering::specialize(const ast::FunctionDef& fn,
                                         const std::vector<ir::Type>& arg_types) {
  // Note [All errors in one run]: a function with an error is not type-checked.
  if (function_has_earlier_error(fn)) return nullptr;
  std::string qualified = fn.class_name.empty() ? fn.name : fn.class_name + "." + fn.name;
  std::string name = ir::specialized_name(qualified, arg_types);
  auto cached = cache_.find(name);
  if (cached != cache_.end()) return cached->second;

  module_->functions.push_back(std::make_unique<ir::Function>());
  ir::Function* f = module_->functions.back().get();
  f->name = name;
  f->source_name = qualified;
  f->range = fn.name_range;
  cache_[name] = f;

  Environment env;
  for (size_t i = 0; i < fn.params.size(); ++i) {
    ir::Value* v = f->graph->add_input(arg_types.at(i));
    v->set_name_hint(fn.params[i].name);
    f->param_names.push_back(fn.params[i].name);
    env.define(fn.params[i].name, v, fn.params[i].range);
  }
  FunctionLowering lowering(*this, *f, diags_, /*is_main=*/false);
  if (!fn.class_name.empty() && !fn.is_static && !fn.params.empty()) {
    lowering.method_class_ = classes_.find(fn.class_name);
    lowering.self_name_ = fn.params[0].name;
  }
  if (!fn.display_name.empty()) lowering.bind_own_closure(fn, env);
  in_progress_[f] = &lowering;
  try {
    lowering.lower_body(fn.body, std::move(env));
  } catch (...) {
    in_progress_.erase(f);
    throw;
  }
  in_progress_.erase(f);
  return f;
}

LowerResult ModuleLowering::run(const LowerOptions& options) {
  LowerResult result;
  size_t errors_before = diags_.error_count();
  store_module_names_ = options.store_module_names;
  try {
    if (options.lower_main) {
      module_->functions.push_back(std::make_unique<ir::Function>());
      ir::Function* main = module_->functions.back().get();
      main->name = main->source_name = "__main__";
      FunctionLowering lowering(*this, *main, diags_, /*is_main=*/true);
      lowering_main_ = true;
      Environment top;
      for (const std::string& name : checked_.module.rejected_bindings) top.vars[name].state = Binding::State::Poisoned;
      lowering.lower_body(checked_.module.body, std::move(top));
      lowering_main_ = false;
      settle_module_name_types(*main);
    }
    for (const EntryRequest& entry : options.entries) {
      const ast::FunctionDef* fn = find_function(entry.function);
      if (!fn) fn = find_method(entry.function);
      if (!fn) {
        diags_.error(SourceRange{}, "entry", "no function named '" + entry.function + "'");
        continue;
      }
      if (fn->params.size() != entry.arg_types.size()) {
        diags_.error(fn->name_range, "entry",
                     "'" + fn->name + "' takes " + std::to_string(fn->params.size()) +
                         " arguments but --args names " + std::to_string(entry.arg_types.size()));
        continue;
      }
      specialize(*fn, entry.arg_types);
    }
    finish_classes();
    add_item_update_fixits();
  } catch (const RestartLowering&) {
    result.restart = true;
    return result;
  } catch (const NotYetSupported& e) {
    result.not_yet_supported = e.what();
    result.not_yet_supported_at = e.where;
    return result;
  }
  if (diags_.error_count() == errors_before) result.module = std::move(module_);
  return result;
}

void ModuleLowering::add_item_update_fixits() {
  for (const auto& [at, update] : item_updates_) {
    if (!update.list_or_dict) continue;
    Diagnostic* d = diags_.find(update.range, "in-place");
    if (d && d->fixits.empty()) d->fixits.push_back(FixIt{update.range, update.rewrite});
  }
}

void ModuleLowering::finish_classes() {
  // __str__/__repr__ of each class that is instantiated, for printing objects inside containers.
  std::map<std::string, std::pair<std::string, std::string>> printers;
  for (const auto& c : classes_.all()) {
    bool made = false;
    for (const auto& k : classes_.all())
      if (instantiated_.count(k->name) && classes_.is_subclass(*k, *c)) made = true;
    if (!made) continue;
    for (const char* which : {"__str__", "__repr__"}) {
      auto [fn, owner] = classes_.method(*c, which);
      if (!fn || fn->params.size() != 1 || fn->is_static) continue;
      ir::Function* f = specialize(*fn, {ir::Type::object(owner->name)});
      if (!f || !f->return_type.is(ir::TypeKind::Str)) continue;
      (std::string(which) == "__str__" ? printers[c->name].first : printers[c->name].second) = f->name;
    }
  }
  module_->classes = classes_.layouts();
  mark_acyclic_classes(checked_.module, classes_, module_->classes);
  for (ir::ClassLayout& l : module_->classes) {
    l.str_method = printers[l.name].first;
    l.repr_method = printers[l.name].second;
  }
}

} // namespace lower

// Note [Objects] (lower/classes.hpp): a field whose type widens makes the module be lowered again.
LowerResult lower_module(const CheckedModule& checked, DiagnosticEngine& diags,
                         const LowerOptions& options) {
  lower::ClassTable::FieldTypes field_types;
  size_t mark = diags.all().size();
  std::map<std::string, ir::Type> returns_before; // recursive_returns of the round before
  for (int round = 0;; ++round) {
    field_types.widened = false;
    returns_before = field_types.recursive_returns;
    LowerResult result = lower::ModuleLowering(checked, diags, field_types).run(options);
    if (!result.restart) return result;
    diags.truncate(mark);
    if (round == 16) {
      // A return type that grew again in the last round contains itself (a parser returning dicts
      // of what it returns): no finite static type fits it.
      for (const auto& [fn, t] : field_types.recursive_returns) {
        auto before = returns_before.find(fn);
        if (before == returns_before.end() || before->second == t) continue;
        std::string shown = t.to_string();
        if (shown.size() > 120) shown = shown.substr(0, 117) + "...";
        auto site = field_types.recursive_sites.find(fn);
        bool known = site != field_types.recursive_sites.end();
        Diagnostic& d = diags.error(known ? site->second.first : SourceRange{}, "type",
                                    "the return type of '" + (known ? site->second.second : fn) +
                                        "' contains itself, without end: " + shown);
        d.help.push_back("pyscript's types have a fixed depth: hold the nested values in objects of a class "
                         "(a node with a list of children) rather than in dicts and lists of each other");
        return LowerResult{};
      }
      diags.error(SourceRange{}, "type", "the types of the classes' attributes did not settle");
      return LowerResult{};
    }
  }
}

CheckedAndLowered check_and_lower(std::string path, std::string text, DiagnosticEngine& diags,
                                  const LowerOptions& options) {
  CheckedAndLowered out;
  out.checked = check_source(std::move(path), std::move(text), diags);
  if (!out.checked.syntax_failed) {
    expand_from_imports(out.checked.module); // Note [From-imports are attributes]
    out.lowered = lower_module(out.checked, diags, options);
  }
  if (diags.has_errors()) out.lowered.module.reset();
  return out;
}

// "int,float,f32[1,512],i64[]": scalars, and arrays as DTYPE[dims] (the number of dims is the
// rank; the sizes document the intended shape, shapes being run-time values).
std::vector<ir::Type> parse_type_list(const std::string& text) {
  std::vector<ir::Type> out;
  size_t pos = 0;
  auto skip_spaces = [&] {
    while (pos < text.size() && text[pos] == ' ') ++pos;
  };
  while (true) {
    skip_spaces();
    if (pos >= text.size()) break;
    size_t start = pos;
    while (pos < text.size() && text[pos] != ',' && text[pos] != '[' && text[pos] != ' ') ++pos;
    std::string name = text.substr(start, pos - start);
    skip_spaces();
    if (pos < text.size() && text[pos] == '[') {
      size_t close = text.find(']', pos);
      if (close == std::string::npos) throw std::invalid_argument("unclosed '[' in '" + text + "'");
      std::string dims = text.substr(pos + 1, close - pos - 1);
      int rank = dims.find_first_not_of(' ') == std::string::npos ? 0 : 1;
      for (char c : dims) rank += c == ',';
      ir::DType d;
      if (name == "f32") d = ir::DType::Float32;
      else if (name == "f64") d = ir::DType::Float64;
      else if (name == "i64") d = ir::DType::Int64;
      else if (name == "bool") d = ir::DType::Bool;
      else throw std::invalid_argument("unknown array dtype '" + name + "' (f32, f64, i64 or bool)");
      out.push_back(ir::Type::array(d, rank));
      pos = close + 1;
    } else if (name == "int") {
      out.push_back(ir::Type::int_());
    } else if (name == "float") {
      out.push_back(ir::Type::float_());
    } else if (name == "bool") {
      out.push_back(ir::Type::bool_());
    } else {
      throw std::invalid_argument("unknown argument type '" + name + "' (int, float, bool, or f32[..], f64[..], i64[..], bool[..])");
    }
    skip_spaces();
    if (pos < text.size()) {
      if (text[pos] != ',') throw std::invalid_argument("expected ',' in '" + text + "'");
      ++pos;
    }
  }
  return out;
}

} // namespace pyscript

namespace pyscript::lower {

// Note [Returns that are only printed]
// `return game.score()` on one path and `return f"error: {err}"` on another, where every use of
// the function is a call whose result is printed (`print(f(x))`, `f"{f(x)}"` with no format spec
// and no !r, `str(f(x))`): each return gives str(value), so the function returns a str. What the
// program prints is the same, since each use would have made the str itself. A use of any other
// kind (the result stored, compared, or the function passed as a value) keeps the type conflict.
bool ModuleLowering::only_printed(const std::string& fn) const {
  auto is_call = [&](const ast::Expr& e) {
    return e.kind == ast::ExprKind::Call && e.operands[0]->kind == ast::ExprKind::Name && e.operands[0]->text == fn;
  };
  size_t names = 0, printed = 0;
  ast::for_each_expr(checked_.module.body, [&](const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Name && e.text == fn) ++names;
    if (e.kind == ast::ExprKind::FString)
      for (const ast::FStringPiece& p : e.fstring)
        if (p.field >= 0 && p.spec.empty() && p.conversion != 'r' && is_call(*e.operands[size_t(p.field)])) ++printed;
    if (e.kind == ast::ExprKind::Call && e.operands[0]->kind == ast::ExprKind::Name &&
        (e.operands[0]->text == "print" || (e.operands[0]->text == "str" && e.operands.size() == 2)))
      for (size_t i = 1; i < e.operands.size(); ++i)
        if (is_call(*e.operands[i])) ++printed;
  }, /*into_functions=*/true);
  return names > 0 && names == printed;
}

} // namespace pyscript::lower
