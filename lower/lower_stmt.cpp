// Statements -> IR: assignments, if, loops, return/break/continue (Note [Exit flags]).
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include "support/internal_error.hpp"

#include <climits>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

FunctionLowering::FunctionLowering(ModuleLowering& module, ir::Function& function,
                                   DiagnosticEngine& diags, bool is_main)
    : module_(module), function_(function), diags_(diags), is_main_(is_main),
      block_(function.graph->top()) {}

ir::Node* FunctionLowering::emit(OpKind kind, const std::vector<Value*>& inputs,
                                 const std::vector<Type>& outputs, const SourceRange& range) {
  ir::Node* n = function_.graph->create(kind, inputs, outputs, range);
  block_->append(n);
  return n;
}

Value* FunctionLowering::const_int(int64_t v, const SourceRange& r) {
  ir::Node* n = emit(OpKind::Constant, {}, {Type::int_()}, r);
  n->set_attr("value", v);
  return n->output();
}

Value* FunctionLowering::const_float(double v, const SourceRange& r) {
  ir::Node* n = emit(OpKind::Constant, {}, {Type::float_()}, r);
  n->set_attr("value", v);
  return n->output();
}

Value* FunctionLowering::const_bool(bool v, const SourceRange& r) {
  ir::Node* n = emit(OpKind::Constant, {}, {Type::bool_()}, r);
  n->set_attr("value", v);
  return n->output();
}

Value* FunctionLowering::const_none(const SourceRange& r) {
  ir::Node* n = emit(OpKind::Constant, {}, {Type::none()}, r);
  n->set_attr("value", ir::NoneValue{});
  return n->output();
}

Value* FunctionLowering::const_str(const std::string& v, const SourceRange& r) {
  ir::Node* n = emit(OpKind::Constant, {}, {Type::str()}, r);
  n->set_attr("value", v);
  return n->output();
}

Value* FunctionLowering::uninitialized(const Type& t, const SourceRange& r) {
  return emit1(OpKind::Uninitialized, {}, t, r);
}

Value* FunctionLowering::cast(Value* v, const Type& to, const SourceRange& r) {
  if (v->type() == to) return v;
  return emit1(OpKind::Cast, {v}, to, r);
}

Value* FunctionLowering::truth(Value* v, const SourceRange& r) {
  switch (v->type().kind()) {
  case TypeKind::Bool: return v;
  case TypeKind::Int:
  case TypeKind::Float: return cast(v, Type::bool_(), r);
  case TypeKind::None: { // `x if cells else y` where this specialization's cells is None
    Value* no = const_bool(false, r);
    decided_by_types_.insert(no); // Note [Branches the types decide]
    return no;
  }
  case TypeKind::Tuple: return const_bool(!v->type().elements().empty(), r);
  case TypeKind::Array: return array_item(v, Type::bool_(), r); // numpy: one element only
  case TypeKind::Either: { // both kinds have Python's truth
    ir::Node* get = emit(OpKind::TupleGet, {v}, {v->type().elements()[0]}, r);
    get->set_attr("index", int64_t(0));
    return truth(get->output(), r);
  }
  case TypeKind::Str: {
    ir::Node* p = v->producer();
    if (p && p->kind() == OpKind::Constant) return const_bool(!p->str_attr("value").empty(), r);
    [[fallthrough]];
  }
  case TypeKind::List:
  case TypeKind::Set:
  case TypeKind::Dict: return emit1(OpKind::Lt, {const_int(0, r), sequence_length(v, r)}, Type::bool_(), r);
  case TypeKind::Optional: {
    Value* is_none = is_none_value(v, r);
    if (class_of(v->type()) && !module_.classes().method(*class_of(v->type()), "__bool__").first &&
        !module_.classes().method(*class_of(v->type()), "__len__").first)
      return emit1(OpKind::Not, {is_none}, Type::bool_(), r); // an object without __bool__/__len__ is true
    ast::Expr where(ast::ExprKind::None, r);
    return select(
        is_none, [&] { return const_bool(false, r); },
        [&] { return truth(object_cast(v, v->type().elements()[0], r), r); }, where, "the condition");
  }
  case TypeKind::Object: { // __bool__, then __len__, else True
    ast::Expr call(ast::ExprKind::Call, r);
    if (Value* b = operator_method("__bool__", v, {}, call, false)) {
      if (!b->type().is(TypeKind::Bool)) type_error(r, "__bool__ should return bool, returned " + b->type().to_string());
      return b->type().is(TypeKind::Bool) ? b : nullptr;
    }
    if (Value* n = operator_method("__len__", v, {}, call, false))
      return n->type().is(TypeKind::Int) ? emit1(OpKind::Lt, {const_int(0, r), n}, Type::bool_(), r) : nullptr;
    return const_bool(true, r);
  }
  default: break;
  }
  type_error(r, "the truth value of a " + v->type().to_string() + " is not supported");
  return nullptr;
}

// --- the function body ---

void FunctionLowering::lower_body(const ast::StmtList& body, Environment env) {
  body_ = &body;
  ast::collect_assigned_names(body, local_names_);
  for (const auto& [name, binding] : env.vars) local_names_.insert(name);
  lower_stmts(body, 0, env);
  settle_recursive_returns(function_.source_name); // Note [Recursive calls before a return]
  if (is_main_) store_module_names(env);
  fix_remaining_unknowns(); // Note [Empty containers]
  ir::Block* top = function_.graph->top();
  block_ = top;
  const Binding* ret = env.find(kReturnValue);
  Type result = return_type_.value_or(Type::none());
  if (!env.terminated && ret && !result.is(TypeKind::None) && !is_main_) {
    Diagnostic& d = diags_.error(function_.range, "type",
                                 "'" + function_.source_name + "' returns " + result.to_string() +
                                     " but can also reach its end, which returns None");
    d.notes.push_back({return_type_at_, "returns " + result.to_string() + " here"});
    d.help.push_back("end the function with a 'return' of the same type on every path");
  }
  // Note [Exit flags]: values of $ret that were created before the first return was seen have
  // type Unknown; they all hold the return value.
  for (ir::Node* n : ir::all_nodes(*top)) {
    for (Value* out : n->outputs())
      if (out->type().is(TypeKind::Unknown)) out->set_type(result);
    for (ir::Block* b : n->blocks())
      for (Value* p : b->params())
        if (p->type().is(TypeKind::Unknown)) p->set_type(result);
  }
  function_.return_type = result;
  if (env.terminated && !ret) module_.mark_never_returns(function_.name); // Note [Functions that never return]
  if (!result.is(TypeKind::None) && ret && ret->state == Binding::State::Defined)
    top->return_node()->add_input(ret->value);
  else if (!result.is(TypeKind::None))
    function_.return_type = Type::none(); // every return was an error already reported
}

Value* FunctionLowering::exiting(Environment& env, const SourceRange& r) {
  Value* any = nullptr;
  for (const std::string* flag : {&kReturned, &kBroke, &kContinued, &kRaised}) {
    Value* v = env.value_of(*flag);
    if (v) any = any ? emit1(OpKind::Or, {any, v}, Type::bool_(), r) : v;
  }
  return any;
}

bool contains_return(const ast::StmtList& body, bool with_value) {
  for (const ast::StmtPtr& s : body) {
    bool has_value = s->value && s->value->kind != ast::ExprKind::None;
    if (s->kind == ast::StmtKind::Return && (!with_value || has_value)) return true;
    for (const ast::StmtList* b : ast::nested_bodies(*s))
      if (contains_return(*b, with_value)) return true;
  }
  return false;
}

// break/continue of the loop whose body this is (not of loops nested in it).
bool contains_loop_exit(const ast::StmtList& body, ast::StmtKind kind) {
  for (const ast::StmtPtr& s : body) {
    if (s->kind == kind) return true;
    if (s->kind == ast::StmtKind::If || s->kind == ast::StmtKind::Try)
      for (const ast::StmtList* b : ast::nested_bodies(*s))
        if (contains_loop_exit(*b, kind)) return true;
  }
  return false;
}

namespace {

// Whether executing `s` may leave the enclosing statement list early.
bool may_exit(const ast::Stmt& s) {
  switch (s.kind) {
  case ast::StmtKind::Return:
  case ast::StmtKind::Break:
  case ast::StmtKind::Continue: return true;
  case ast::StmtKind::If:
  case ast::StmtKind::Try:
    for (const ast::StmtList* list : ast::nested_bodies(s))
      for (const ast::StmtPtr& inner : *list)
        if (may_exit(*inner)) return true;
    return false;
  case ast::StmtKind::For:
  case ast::StmtKind::While: return contains_return(s.body);
  default: return false;
  }
}


} // namespace

void FunctionLowering::lower_stmts(const ast::StmtList& list, size_t from, Environment& env) {
  for (size_t i = from; i < list.size(); ++i) {
    if (env.terminated) return; // dead code after return/break/continue
    const ast::Stmt& s = *list[i];
    Value* raised_before = env.value_of(kRaised);
    lower_stmt(s, env);
    bool raised = env.value_of(kRaised) != raised_before; // Note [Try regions]
    if (env.terminated || i + 1 == list.size() || (!may_exit(s) && !raised)) continue;
    // The rest runs only on paths that did not exit (Note [Exit flags]).
    Value* exit = exiting(env, s.range);
    if (!exit) continue;
    Value* go_on = emit1(OpKind::Not, {exit}, Type::bool_(), s.range);
    ir::Node* guard = emit(OpKind::If, {go_on}, {}, list[i + 1]->range);
    ir::Block* saved = block_;
    Environment rest = env;
    block_ = guard->add_block();
    lower_stmts(list, i + 1, rest);
    Environment skipped = env; // the paths that exited
    skipped.terminated = true;
    skipped.returned_only = !env.find(kBroke) && !env.find(kContinued) && !env.find(kRaised);
    block_ = guard->add_block();
    block_ = saved;
    env = merge(guard, std::move(rest), std::move(skipped), list[i + 1]->range);
    return;
  }
}

void FunctionLowering::lower_stmt(const ast::Stmt& s, Environment& env) {
  if (is_main_ && inlining_.empty()) module_.set_top_statement(s.range); // (not a generator's statements)
  if (is_main_ && module_.has_earlier_error(s.range)) {
    // Note [All errors in one run]: not type-checked; what it binds is poisoned.
    if (s.kind == ast::StmtKind::FunctionDef) module_.mark_executed(s.function->name);
    if (s.kind == ast::StmtKind::ClassDef) module_.mark_executed(s.cls->name);
    std::set<std::string> names;
    for (const ast::ExprPtr& t : s.targets)
      if (t) ast::collect_assigned_names(*t, names);
    ast::collect_assigned_names(s, names);
    for (const std::string& name : names) env.vars[name].state = Binding::State::Poisoned;
    return;
  }
  if (guard_statement(s, env)) return; // in a try region (Note [Try regions])
  switch (s.kind) {
  case ast::StmtKind::Expr:
    if (never_values_.count(lower_expr(*s.value, env))) // Note [Functions that never return]
      env.terminated = env.returned_only = true;
    return;
  case ast::StmtKind::Assign:
    lower_assign(s, env);
    return;
  case ast::StmtKind::If:
    lower_if(s, env);
    return;
  case ast::StmtKind::For:
    lower_for(s, env);
    return;
  case ast::StmtKind::While:
    lower_while(s, env);
    return;
  case ast::StmtKind::Return:
    lower_return(s, env);
    note_exit(env, s);
    return;
  case ast::StmtKind::Break:
  case ast::StmtKind::Continue:
    env.define(s.kind == ast::StmtKind::Break ? kBroke : kContinued, const_bool(true, s.range),
               s.range);
    env.terminated = true;
    env.returned_only = false;
    note_exit(env, s);
    return;
  case ast::StmtKind::Pass:
    return;
  case ast::StmtKind::Import:
    if (is_main_) module_.mark_executed(s.alias);
    return;
  case ast::StmtKind::FunctionDef:
    if (is_main_) module_.mark_executed(s.function->name);
    else lower_nested_def(s, env); // lower_lambda.cpp
    return;
  case ast::StmtKind::ClassDef:
    if (is_main_) module_.mark_executed(s.cls->name);
    return;
  case ast::StmtKind::Assert:
    lower_assert(s, env);
    return;
  case ast::StmtKind::Del:
    lower_del(s, env);
    return;
  case ast::StmtKind::ImportFrom:
    // Top-level ones became imports (Note [From-imports are attributes]).
    type_error(s.range, "'from " + s.module + " import ...' is supported at the top level only",
               "move it to the top of the file");
    return;
  case ast::StmtKind::Try:
    lower_try(s, env); // lower_try.cpp
    return;
  case ast::StmtKind::Yield: // a generator's body is lowered only inlined, its yields expanded
    diags_.error(s.range, "unsupported", "'yield' is supported in a generator that a loop consumes")
        .help.push_back("iterate over the generator with 'for', a comprehension, or list(...)");
    return;
  case ast::StmtKind::Raise:
    lower_raise(s, env); // exceptions.cpp
    return;
  }
}

namespace {

// Whether evaluating `e` twice is evaluating it once: names, attributes, items, constants and
// operators on them, no calls.
bool reads_only(const ast::Expr& e) {
  switch (e.kind) {
  case ast::ExprKind::Name:
  case ast::ExprKind::Int:
  case ast::ExprKind::Float:
  case ast::ExprKind::Str:
  case ast::ExprKind::Bool:
  case ast::ExprKind::None:
  case ast::ExprKind::Attribute:
  case ast::ExprKind::Subscript:
  case ast::ExprKind::Slice:
  case ast::ExprKind::Tuple:
  case ast::ExprKind::Binary:
  case ast::ExprKind::Unary:
    for (const ast::ExprPtr& op : e.operands)
      if (op && !reads_only(*op)) return false;
    return true;
  default: return false;
  }
}

} // namespace

// A rejected `t[i] OP= v` (Note [Augmented assignment's fix-it] in frontend/parse_stmt.cpp): on a
// list or a dict it is the assignment it means, typed as the fixed program will be, and its rewrite
// may be the fix-it; on anything else (an array) only t is read, so nothing is reported twice.
void FunctionLowering::lower_item_update(const ast::Stmt& s, Environment& env) {
  const ast::Expr& target = *s.targets[0];
  Value* t = lower_expr(*target.operands[0], env);
  bool list_or_dict = t && (t->type().is(TypeKind::List) || t->type().is(TypeKind::Dict));
  module_.note_item_update(s, list_or_dict && reads_only(target));
  if (!list_or_dict) return;
  Value* v = lower_expr(*s.value, env);
  if (!v) return;
  assign_value_ = s.value.get();
  bind_target(target, v, env);
  assign_value_ = nullptr;
}

void FunctionLowering::lower_assign(const ast::Stmt& s, Environment& env) {
  if (!s.item_update_rewrite.empty()) return lower_item_update(s, env);
  if (lower_numpy_io_assignment(s, env)) return; // z = np.load("w.npz"): lower_numpy_io.cpp
  Value* v = lower_expr(*s.value, env);
  if (v && never_values_.count(v)) { // the value never arrives: nothing is bound (Note [Functions that never return])
    env.terminated = env.returned_only = true;
    return;
  }
  if (v && s.annotation && v->type().has_unknown()) {
    // xs: list[int] = [] (Note [Empty containers])
    std::optional<Type> want = annotation_type(*s.annotation);
    if (want && want->kind() == v->type().kind()) {
      for (size_t i = 0; i < want->elements().size(); ++i)
        if (v->type().elements()[i].is(TypeKind::Unknown) && v->type().elements()[i].rank() > 0)
          fix_unknown(v->type().elements()[i].rank(), want->elements()[i]);
    }
  } else if (v && s.annotation) {
    const ast::Expr& a = *s.annotation;
    std::string want = a.kind == ast::ExprKind::Name ? a.text : "";
    // `x: float = 1` keeps the int, as CPython does (an annotation changes no value; a float
    // assigned later in a loop is the loop's type conflict, whose help says to start with 1.0).
    bool int_for_float = want == "float" && (v->type().is(TypeKind::Int) || v->type().is(TypeKind::Bool));
    if ((want == "int" || want == "float" || want == "bool") && v->type().to_string() != want && !int_for_float)
      type_error(s.value->range, "the value is " + v->type().to_string() + " but the annotation says " + want);
  }
  assign_value_ = s.value.get();
  for (const ast::ExprPtr& target : s.targets) {
    if (!v) {
      poison_target(*target, env);
      continue;
    }
    bind_target(*target, v, env);
  }
  assign_value_ = nullptr;
}

// The type an annotation names: int float bool str None list[T] dict[K, V] tuple[...]; nothing
// for others.
std::optional<Type> FunctionLowering::annotation_type(const ast::Expr& a) {
  if (a.kind == ast::ExprKind::Name) {
    if (a.text == "int") return Type::int_();
    if (a.text == "float") return Type::float_();
    if (a.text == "bool") return Type::bool_();
    if (a.text == "str") return Type::str();
    return std::nullopt;
  }
  if (a.kind == ast::ExprKind::None) return Type::none();
  if (a.kind != ast::ExprKind::Subscript || a.operands[0]->kind != ast::ExprKind::Name) return std::nullopt;
  const std::string& outer = a.operands[0]->text;
  std::vector<const ast::Expr*> parts;
  if (a.operands[1]->kind == ast::ExprKind::Tuple)
    for (const ast::ExprPtr& p : a.operands[1]->operands) parts.push_back(p.get());
  else parts.push_back(a.operands[1].get());
  std::vector<Type> types;
  for (const ast::Expr* p : parts) {
    std::optional<Type> t = annotation_type(*p);
    if (!t) return std::nullopt;
    types.push_back(*t);
  }
  if ((outer == "list" || outer == "List") && types.size() == 1) return Type::list(types[0]);
  if ((outer == "dict" || outer == "Dict") && types.size() == 2) return Type::dict(types[0], types[1]);
  if ((outer == "set" || outer == "Set") && types.size() == 1 && check_set_element(types[0], a.range))
    return Type::set(types[0]);
  if (outer == "tuple" || outer == "Tuple") return Type::tuple(types);
  return std::nullopt;
}

void FunctionLowering::poison_target(const ast::Expr& target, Environment& env) {
  if (target.kind == ast::ExprKind::Subscript || target.kind == ast::ExprKind::Attribute) return;
  if (target.kind == ast::ExprKind::Name) {
    Binding b;
    b.state = Binding::State::Poisoned;
    b.where = target.range;
    env.vars[target.text] = b;
    return;
  }
  for (const ast::ExprPtr& e : target.operands) poison_target(*e, env);
}

void FunctionLowering::bind_target(const ast::Expr& target, Value* v, Environment& env) {
  if (target.kind == ast::ExprKind::Subscript) {
    store_subscript(target, v, env);
    return;
  }
  if (target.kind == ast::ExprKind::Attribute) {
    store_attribute(target, v, env);
    return;
  }
  if (target.kind == ast::ExprKind::Name) {
    if (auto c = env.captured.find(target.text); c != env.captured.end()) { // Note [Closures]
      Diagnostic& d = diags_.error(target.range, "closure",
                                   "'" + target.text + "' is assigned again after a closure captured it");
      d.notes.push_back({c->second, "captured here; pyscript captures by value, CPython would see the new value"});
      d.help.push_back("give the new value another name, or make it a default of the closure: "
                       "lambda ..., " + target.text + "=" + target.text + ": ... or def f(..., " +
                       target.text + "=" + target.text + ")");
      env.captured.erase(c);
    }
    if (assigned_seen_) (*assigned_seen_)[target.text].push_back(v->type());
    if (v->name_hint().empty() && !v->producer()) v->set_name_hint(target.text);
    if (v->producer() && v->name_hint().empty() && v->producer()->kind() != OpKind::Constant)
      v->set_name_hint(target.text);
    env.define(target.text, v, target.range);
    if (auto f = unbound_flags_.find(target.text); f != unbound_flags_.end() && env.find(f->second))
      env.define(f->second, const_bool(true, target.range), target.range); // Note [A loop target after an empty loop]
    if (is_main_ && module_.is_read_by_functions(target.text)) {
      if (!module_.is_assigned_once_at_top(target.text) || module_.find_global(target.text)) {
        // Functions may read only constants (Note [Module constants]); the read reports it.
        return;
      }
      ir::Node* store = emit(OpKind::StoreGlobal, {v}, {}, target.range);
      store->set_attr("name", target.text);
      module_.record_global(target.text, v->type());
    }
    return;
  }
  for (size_t i = 0; i < target.operands.size(); ++i)
    if (target.operands[i]->kind == ast::ExprKind::Starred) return bind_starred(target, i, v, env);
  // Tuple unpacking: the value must be a tuple of the same length.
  const Type& t = v->type();
  if (t.is(TypeKind::List) && !t.elements()[0].is(TypeKind::Unknown) && !t.is_deque()) return unpack_list(target, v, env);
  if (!t.is(TypeKind::Tuple) || t.elements().size() != target.operands.size()) {
    std::string what = t.is(TypeKind::Tuple)
                           ? "a tuple of " + std::to_string(t.elements().size()) + " elements"
                           : "a " + t.to_string();
    type_error(target.range, "cannot unpack " + what + " into " +
                                 std::to_string(target.operands.size()) + " names");
    poison_target(target, env);
    return;
  }
  for (size_t i = 0; i < target.operands.size(); ++i) {
    ir::Node* get = emit(OpKind::TupleGet, {v}, {t.elements()[i]}, target.operands[i]->range);
    get->set_attr("index", int64_t(i));
    bind_target(*target.operands[i], get->output(), env);
  }
}

void FunctionLowering::lower_if(const ast::Stmt& s, Environment& env) {
  Value* cond = lower_condition(*s.value, env);
  if (!cond) cond = const_bool(false, s.value->range); // reported; lower the branches anyway
  lower_branches(cond, s.body, s.orelse, s.range, env, s.value.get());
}

// Note [Branches the types decide]
// Some conditions are constants once their operands' types are known: `n is None` where this
// specialization's n is None, `self.nxt is not None` of an attribute only ever assigned None
// (decided_by_types_; a literal `if False:` is not one). CPython never runs the branch such a
// condition rules out, so it is not lowered: its code may read an attribute of a None (CPython's AttributeError, never raised there)
// or meet types that only exist in other specializations. Such a constant condition lowers the live
// branch in place (lower_branches, select: `if`, conditional expressions, `and`/`or`); a `while`
// whose first test is a constant False lowers only its `else`.
std::optional<bool> FunctionLowering::constant_condition(const Value* cond) const {
  // Only what the types decided: a literal `if False:` (or a comprehension's `if False`) is still
  // lowered, since its code may give a container its element type.
  if (!decided_by_types_.count(cond)) return std::nullopt;
  const ir::Node* p = cond->producer();
  if (!p || p->kind() != OpKind::Constant || !cond->type().is(TypeKind::Bool)) return std::nullopt;
  const ir::AttrValue* v = p->attr("value");
  if (!v || !std::holds_alternative<bool>(*v)) return std::nullopt;
  return std::get<bool>(*v);
}

void FunctionLowering::lower_branches(Value* cond, const ast::StmtList& then_body, const ast::StmtList& else_body,
                                      const SourceRange& r, Environment& env, const ast::Expr* cond_expr) {
  if (std::optional<bool> known = constant_condition(cond)) {
    if (cond_expr) refine(*cond_expr, *known, env);
    lower_stmts(*known ? then_body : else_body, 0, env);
    return;
  }
  ir::Node* node = emit(OpKind::If, {cond}, {}, r);
  ir::Block* saved = block_;
  Environment then_env = env, else_env = env;
  block_ = node->add_block();
  if (cond_expr) refine(*cond_expr, true, then_env);
  lower_stmts(then_body, 0, then_env);
  block_ = node->add_block();
  if (cond_expr) refine(*cond_expr, false, else_env);
  lower_stmts(else_body, 0, else_env);
  block_ = saved;
  env = merge(node, std::move(then_env), std::move(else_env), r);
}

void FunctionLowering::lower_return(const ast::Stmt& s, Environment& env) {
  Value* v = s.value ? lower_expr(*s.value, env) : const_none(s.range);
  if (!v || never_values_.count(v)) { // (Note [Functions that never return]: no value to return)
    env.terminated = env.returned_only = true;
    return;
  }
  if (module_.classes().field_types->stringified_returns.count(function_.source_name))
    v = to_str(v, false, s.value ? s.value->range : s.range); // Note [Returns that are only printed]
  check_return_types(s.value ? s.value->range : s.range, v->type());
  env.define(kReturnValue, v, s.value ? s.value->range : s.range);
  // At the top block nothing follows that reads the flag (Note [Exit flags]).
  if (block_ != function_.graph->top()) env.define(kReturned, const_bool(true, s.range), s.range);
  env.terminated = true;
  env.returned_only = true;
}

void FunctionLowering::check_return_types(const SourceRange& where, const Type& t) {
  if (!return_type_) {
    return_type_ = t;
    return_type_at_ = where;
    return;
  }
  if (*return_type_ == t) return;
  // `return [[]]`, then `return without + [...]` of strs: the empty display's element type is
  // the other return's (fix_unknown rewrites return_type_ too).
  if (return_type_->has_unknown() || t.has_unknown()) {
    Type have = *return_type_, got = t; // copies: fix_unknown rewrites types
    if (return_type_->has_unknown()) adopt_element_types(have, got);
    if (t.has_unknown()) adopt_element_types(got, *return_type_);
    if (*return_type_ == t) return;
  }
  if (std::optional<Type> either = either_of(*return_type_, t)) { // merge.cpp converts the values
    return_type_ = *either;
    return;
  }
  auto str_like = [](const Type& x) {
    return x.is(TypeKind::Str) || (x.is(TypeKind::Optional) && x.elements()[0].is(TypeKind::Str));
  };
  if ((str_like(t) || str_like(*return_type_)) && module_.only_printed(function_.source_name)) { // Note [Returns that are only printed]
    module_.classes().field_types->stringified_returns.insert(function_.source_name);
    throw RestartLowering{};
  }
  Diagnostic& d = diags_.error(where, "type",
                               "type conflict: '" + function_.source_name + "' returns " +
                                   t.to_string() + " here but " + return_type_->to_string() +
                                   " elsewhere");
  d.notes.push_back({return_type_at_, "returns " + return_type_->to_string() + " here"});
  if ((t.is(TypeKind::Int) && return_type_->is(TypeKind::Float)) ||
      (t.is(TypeKind::Float) && return_type_->is(TypeKind::Int)))
    d.help.push_back("convert with float(...) so every return gives a float");
}

void FunctionLowering::lower_assert(const ast::Stmt& s, Environment& env) {
  Value* cond = lower_condition(*s.value, env);
  if (s.message && s.message->kind != ast::ExprKind::Str) {
    type_error(s.message->range, "an assert message must be a string literal");
    return;
  }
  if (!cond) return;
  ir::Node* n = emit(OpKind::Assert, {cond}, {}, s.range);
  if (s.message) n->set_attr("message", s.message->text); // absent: AssertionError() has no argument
}

// `a, b = line.split()`, `x, y, z = range(3)`: a list's elements by position, after CPython's
// ValueError when its length is not the names' count (checked before any name is bound).
void FunctionLowering::unpack_list(const ast::Expr& target, Value* v, Environment& env) {
  const SourceRange& r = target.range;
  int64_t want = int64_t(target.operands.size());
  Value* n = sequence_length(v, r);
  for (int64_t got = 0; got < want; ++got)
    raise_if(emit1(OpKind::Eq, {n, const_int(got, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
             "not enough values to unpack (expected " + std::to_string(want) + ", got " + std::to_string(got) + ")",
             r);
  raise_if(emit1(OpKind::Gt, {n, const_int(want, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
           "too many values to unpack (expected " + std::to_string(want) + ")", r);
  for (int64_t i = 0; i < want; ++i) {
    Value* item = emit1(OpKind::ListGet, {v, const_int(i, r)}, v->type().elements()[0], target.operands[size_t(i)]->range);
    bind_target(*target.operands[size_t(i)], item, env);
  }
}

} // namespace pyscript::lower
