// `for` over lists, str, dicts and tuples, with enumerate(...) and zip(...) (Note [Loops over
// sequences]).
//
// Note [Loops over sequences]
// `for x in xs` is a Loop whose body reads xs[i]; it goes on while i + 1 < len(xs), re-read at each
// step, so a body that appends to xs sees the new elements as CPython's list iterator does. A str's
// length is fixed. A tuple whose elements have one type (`for ppm in (5, 10)`) is looped over as the
// list of its elements; one of several types is a diagnostic (the target would change type). A dict is looped over a snapshot of its keys, and each step checks the dict's
// version: CPython's "dictionary changed size during iteration". enumerate(xs, start) gives
// (start + i, xs[i]); zip(a, b, ...) stops at the shortest.
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// The list of a tuple's elements when they have one type (objects of classes with a common base
// take that base, as in a list display); null, with no diagnostic, when they do not.
Value* FunctionLowering::tuple_as_list(Value* v, const SourceRange& r) {
  const std::vector<Type>& types = v->type().elements();
  if (types.empty()) return nullptr;
  Type element = types[0];
  for (const Type& t : types) {
    if (t == element) continue;
    std::optional<Type> merged = module_.classes().merge(element, t);
    if (!merged) return nullptr;
    element = *merged;
  }
  if (element.has_unknown()) return nullptr;
  std::vector<Value*> items;
  for (size_t i = 0; i < types.size(); ++i) {
    ir::Node* get = emit(OpKind::TupleGet, {v}, {types[i]}, r);
    get->set_attr("index", int64_t(i));
    Value* item = get->output();
    items.push_back(element.is_object_ref() || element.is_optional_value() ? object_cast(item, element, r) : item);
  }
  return emit1(OpKind::ListNew, items, Type::list(element), r);
}

// Note [Loops over tuples of several types]
// `for bad in (3.5, 10 ** 13):` gives the loop variable a float, then an int: no one type. Such a
// loop is lowered unrolled, the body once per element (after the tuple, evaluated once, as
// CPython evaluates it before the loop): `bad = $tuple[0]; body; bad = $tuple[1]; body`. A break
// or continue, or an else, keeps the diagnostic.
bool FunctionLowering::lower_unrolled_tuple_loop(const ast::Stmt& s, Value* tuple, Environment& env) {
  if (!s.orelse.empty() || contains_loop_exit(s.body, ast::StmtKind::Break) ||
      contains_loop_exit(s.body, ast::StmtKind::Continue) || tuple->type().elements().size() > 16) return false;
  std::string hidden = "$tuple" + std::to_string(synthetic_stmts_.size());
  env.define(hidden, tuple, s.value->range);
  ast::StmtList unrolled;
  for (size_t i = 0; i < tuple->type().elements().size(); ++i) {
    auto assign = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, s.targets[0]->range);
    assign->targets.push_back(clone_expr(*s.targets[0]));
    auto item = std::make_unique<ast::Expr>(ast::ExprKind::Subscript, s.value->range);
    auto name = std::make_unique<ast::Expr>(ast::ExprKind::Name, s.value->range);
    name->text = hidden;
    auto index = std::make_unique<ast::Expr>(ast::ExprKind::Int, s.value->range);
    index->int_value = int64_t(i);
    item->operands.push_back(std::move(name));
    item->operands.push_back(std::move(index));
    assign->value = std::move(item);
    unrolled.push_back(std::move(assign));
    for (const ast::StmtPtr& b : s.body) unrolled.push_back(clone_stmt(*b));
  }
  synthetic_stmts_.push_back(std::move(unrolled));
  lower_stmts(synthetic_stmts_.back(), 0, env);
  return true;
}

// A sequence to loop over: a list or str, or a dict as its keys (with the version check), or a
// tuple as the list of its elements.
bool FunctionLowering::add_loop_sequence(Value* v, const SourceRange& r) {
  if (v->type().is(TypeKind::Tuple)) {
    if (Value* list = tuple_as_list(v, r)) {
      v = list;
    } else {
      type_error(r, "a 'for' loop over a " + v->type().to_string() + " is not supported",
                 "its elements have several types, and the loop variable has one");
      return false;
    }
  }
  if (v->type().is(TypeKind::Set)) { // a snapshot, and CPython's error when the set changes size
    if (v->type().elements()[0].is(TypeKind::Unknown)) {
      unknown_element(v, r);
      return false;
    }
    loop_over_.sets.push_back({v, sequence_length(v, r)});
    v = set_elements(v, r);
  }
  if (v->type().is(TypeKind::Dict)) {
    Value* version = nullptr;
    Value* keys = dict_keys_snapshot(v, version, r);
    loop_over_.dicts.push_back({v, version});
    v = keys;
  }
  if (!v->type().is(TypeKind::List) && !v->type().is(TypeKind::Str)) {
    type_error(r, "looping over a " + v->type().to_string() + " is not supported here",
               "enumerate and zip take lists, str and dicts");
    return false;
  }
  if (v->type().is(TypeKind::List) && v->type().elements()[0].is(TypeKind::Unknown)) {
    unknown_element(v, r);
    return false;
  }
  loop_over_.sequences.push_back(v);
  return true;
}

void FunctionLowering::lower_sequence_loop(const ast::Stmt& s, Environment& env, const char* kind) {
  const ast::Expr& iter = *s.value;
  loop_over_ = LoopOver{};
  size_t n_args = iter.operands.size() - 1;
  bool enumerate = std::string(kind) == "enumerate";
  const ast::Expr* start_keyword = enumerate && !iter.keywords.empty() ? iter.keywords[0].value.get() : nullptr;
  if (start_keyword) ++n_args; // enumerate(seq, start=k)
  if (enumerate ? (n_args < 1 || n_args > 2) : n_args < 1) {
    type_error(iter.range, std::string(kind) + "() takes " +
                               (enumerate ? "1 or 2 arguments" : "at least 1 argument"));
    poison_target(*s.targets[0], env);
    return;
  }
  for (size_t i = 1; i < iter.operands.size(); ++i) {
    Value* v = lower_call_argument(*iter.operands[i], env);
    if (!v) return poison_target(*s.targets[0], env);
    if (enumerate && i == 2) {
      if (!(v = index_value(v, iter.operands[i]->range, "enumerate() start")))
        return poison_target(*s.targets[0], env);
      loop_over_.enumerate_start = v;
      break;
    }
    if (!add_loop_sequence(v, iter.operands[i]->range)) return poison_target(*s.targets[0], env);
  }
  if (start_keyword && n_args == 2) {
    Value* v = lower_expr(*start_keyword, env);
    if (!v || !(v = index_value(v, start_keyword->range, "enumerate() start"))) return poison_target(*s.targets[0], env);
    loop_over_.enumerate_start = v;
  }
  loop_over_.enumerate = enumerate;
  loop_over_.zip = !enumerate;
  if (enumerate && !loop_over_.enumerate_start)
    loop_over_.enumerate_start = const_int(0, iter.range);
  lower_sequence_loop_over(s, env);
}

void FunctionLowering::lower_sequence_loop_over(const ast::Stmt& s, Environment& env) {
  LoopOver& over = loop_over_;
  over.iterable = s.value->range;
  if (over.sequences.size() == 1 && !over.enumerate) {
    Value* v = over.sequences[0];
    over.sequences.clear();
    if (!add_loop_sequence(v, s.value->range)) return poison_target(*s.targets[0], env);
  }
  Value* first = nullptr;
  for (Value* seq : over.sequences) {
    Value* more = emit1(OpKind::Lt, {const_int(0, s.range), sequence_length(seq, s.range)},
                        Type::bool_(), s.range);
    first = first ? emit1(OpKind::BitAnd, {first, more}, Type::bool_(), s.range) : more;
  }
  lower_loop(s, env, const_int(INT64_MAX, s.range), first, nullptr, nullptr, nullptr);
}

// The loop target's value at iteration i (Note [Loops over sequences]).
Value* FunctionLowering::loop_element(const LoopOver& over, Value* i, const SourceRange& r) {
  // CPython reports a dict that changed size at the loop's iterable
  for (const auto& [d, version] : over.dicts)
    emit(OpKind::DictCheck, {d, version}, {}, over.iterable);
  for (const auto& [s, length] : over.sets)
    emit(OpKind::SetCheck, {s, length}, {}, over.iterable);
  std::vector<Value*> items;
  for (Value* seq : over.sequences)
    items.push_back(element_at(seq, i, r));
  if (over.enumerate) {
    Value* index = emit1(OpKind::Add, {over.enumerate_start, i}, Type::int_(), r);
    return emit1(OpKind::TupleConstruct, {index, items[0]},
                 Type::tuple({Type::int_(), items[0]->type()}), r);
  }
  if (items.size() == 1 && !over.zip) return items[0];
  std::vector<Type> types;
  for (Value* v : items)
    types.push_back(v->type());
  return emit1(OpKind::TupleConstruct, items, Type::tuple(types), r);
}

// Whether iteration i + 1 exists.
Value* FunctionLowering::loop_more(const LoopOver& over, Value* i, const SourceRange& r) {
  Value* next = emit1(OpKind::Add, {i, const_int(1, r)}, Type::int_(), r);
  Value* more = nullptr;
  for (Value* seq : over.sequences) {
    Value* m = emit1(OpKind::Lt, {next, sequence_length(seq, r)}, Type::bool_(), r);
    more = more ? emit1(OpKind::BitAnd, {more, m}, Type::bool_(), r) : m;
  }
  return more;
}

} // namespace pyscript::lower

namespace pyscript::lower {

// Note [zip of a starred list]
// `for col in zip(*rows)` transposes: its i-th tuple holds rows[0][i], rows[1][i], ... while every
// row has an i-th element (none when rows is empty); the rows are unpacked once, at the call. A
// pyscript tuple's length is part of its type, and len(rows) is known only at run time, so the
// target holds a list of those elements instead: lowered as
//     $rows = list(ROWS); $i = 0
//     while $rows and all($i < len($r) for $r in $rows):
//         TARGET = [$r[$i] for $r in $rows]; $i = $i + 1; BODY
//     else: ELSE
// A list and a tuple differ only where the value itself shows, so this is done only when every
// read of the target in the body uses it as a sequence: iterated (`for x in col`, a comprehension,
// list/sum/min/max/sorted/set/len/any/all/zip/enumerate(col), str.join), or indexed by a non-slice
// (`col[0]`). Anywhere else (printed, stored, compared, sliced) is a diagnostic.

namespace {

bool sequence_uses_only(const ast::Expr& e, const std::set<std::string>& names, bool as_sequence);

bool sequence_uses_only(const ast::StmtList& body, const std::set<std::string>& names) {
  for (const ast::StmtPtr& s : body) {
    for (const ast::ExprPtr& t : s->targets) {
      if (!t) continue;
      std::set<std::string> bound;
      ast::collect_assigned_names(*t, bound);
      for (const std::string& n : bound)
        if (names.count(n)) return false; // rebinding the target: keep it simple
      if (t->kind != ast::ExprKind::Name && !sequence_uses_only(*t, names, false)) return false;
    }
    for (const ast::Expr* e : {s->value.get(), s->message.get(), s->cause.get()})
      if (e && !sequence_uses_only(*e, names, s->kind == ast::StmtKind::For && e == s->value.get()))
        return false;
    for (const ast::ExceptHandler& h : s->handlers)
      if (h.type && !sequence_uses_only(*h.type, names, false)) return false;
    for (const ast::StmtList* b : ast::nested_bodies(*s))
      if (!sequence_uses_only(*b, names)) return false;
    if (s->kind == ast::StmtKind::FunctionDef || s->kind == ast::StmtKind::ClassDef) return false;
  }
  return true;
}

bool sequence_uses_only(const ast::Expr& e, const std::set<std::string>& names, bool as_sequence) {
  static const std::set<std::string> consumers = {"list", "sum", "len",  "min",       "max", "sorted",
                                                  "set",  "any", "all",  "enumerate", "zip", "reversed"};
  switch (e.kind) {
  case ast::ExprKind::Name: return as_sequence || !names.count(e.text);
  case ast::ExprKind::Call: {
    const ast::Expr& callee = *e.operands[0];
    bool consumer = (callee.kind == ast::ExprKind::Name && consumers.count(callee.text)) ||
                    (callee.kind == ast::ExprKind::Attribute && callee.text == "join");
    if (!sequence_uses_only(callee, names, false)) return false;
    for (size_t i = 1; i < e.operands.size(); ++i)
      if (!sequence_uses_only(*e.operands[i], names, consumer)) return false;
    for (const ast::Keyword& k : e.keywords)
      if (!sequence_uses_only(*k.value, names, false)) return false;
    return true;
  }
  case ast::ExprKind::Subscript:
    return sequence_uses_only(*e.operands[0], names, e.operands[1]->kind != ast::ExprKind::Slice) &&
           sequence_uses_only(*e.operands[1], names, false);
  case ast::ExprKind::Lambda: return true; // its body cannot see a loop target that changes (refused there)
  default: break;
  }
  for (const ast::ExprPtr& op : e.operands)
    if (op && !sequence_uses_only(*op, names, false)) return false;
  for (const ast::Keyword& k : e.keywords)
    if (!sequence_uses_only(*k.value, names, false)) return false;
  for (const ast::Comprehension& c : e.comprehension) {
    if (!sequence_uses_only(*c.iter, names, true)) return false;
    for (const ast::ExprPtr& i : c.ifs)
      if (!sequence_uses_only(*i, names, false)) return false;
  }
  return true;
}

ast::ExprPtr call1(const char* fn, ast::ExprPtr arg, const SourceRange& r) {
  auto c = std::make_unique<ast::Expr>(ast::ExprKind::Call, r);
  c->operands.push_back(name_expr(fn, r));
  c->operands.push_back(std::move(arg));
  return c;
}

// (ELEMENT for $r in $rows): a comprehension clause over the rows.
void over_rows(ast::Expr& comp, const std::string& row, const std::string& rows, const SourceRange& r) {
  ast::Comprehension c;
  c.target = name_expr(row, r);
  c.iter = name_expr(rows, r);
  c.range = r;
  comp.comprehension.push_back(std::move(c));
}

} // namespace

void FunctionLowering::lower_zip_star(const ast::Stmt& s, Environment& env) {
  const ast::Expr& iter = *s.value;
  const SourceRange& r = iter.range;
  std::set<std::string> targets;
  ast::collect_assigned_names(*s.targets[0], targets);
  if (!sequence_uses_only(s.body, targets)) {
    Diagnostic& d = diags_.error(r, "unsupported",
                                 "zip(*rows) is supported where its tuples are only iterated or indexed");
    if (s.targets[0]->range.begin_byte != r.begin_byte) // (list(zip(*rows)): the call's own loop)
      d.notes.push_back({s.targets[0]->range, "this target is used as a tuple in the loop"});
    d.help.push_back("pyscript's tuples have a length known at compile time; iterate over the "
                     "columns with 'for c in zip(*rows)' and use list(c), c[i] or 'for x in c'");
    return poison_target(*s.targets[0], env);
  }
  int id = module_.new_origin();
  std::string p = "$z" + std::to_string(id) + "_", rows = p + "rows", row = p + "r", i = p + "i";
  ast::StmtList stmts;
  auto assign = [&](ast::ExprPtr target, ast::ExprPtr value) {
    auto a = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, r);
    a->targets.push_back(std::move(target));
    a->value = std::move(value);
    return a;
  };
  stmts.push_back(assign(name_expr(rows, r), call1("list", clone_expr(*iter.keywords[0].value), r)));
  auto zero = std::make_unique<ast::Expr>(ast::ExprKind::Int, r);
  stmts.push_back(assign(name_expr(i, r), std::move(zero)));
  // while $rows and all($i < len($r) for $r in $rows):
  auto below = std::make_unique<ast::Expr>(ast::ExprKind::Compare, r);
  below->operands.push_back(name_expr(i, r));
  below->operands.push_back(call1("len", name_expr(row, r), r));
  below->compare_ops.push_back(ast::CompareOp::Lt);
  auto gen = std::make_unique<ast::Expr>(ast::ExprKind::GeneratorExp, r);
  gen->operands.push_back(std::move(below));
  over_rows(*gen, row, rows, r);
  auto cond = std::make_unique<ast::Expr>(ast::ExprKind::Logical, r);
  cond->bool_op = ast::BoolOp::And;
  cond->operands.push_back(name_expr(rows, r));
  cond->operands.push_back(call1("all", std::move(gen), r));
  auto loop = std::make_unique<ast::Stmt>(ast::StmtKind::While, s.range);
  loop->value = std::move(cond);
  // TARGET = [$r[$i] for $r in $rows]; $i = $i + 1; BODY
  auto item = std::make_unique<ast::Expr>(ast::ExprKind::Subscript, r);
  item->operands.push_back(name_expr(row, r));
  item->operands.push_back(name_expr(i, r));
  auto column = std::make_unique<ast::Expr>(ast::ExprKind::ListComp, r);
  column->operands.push_back(std::move(item));
  over_rows(*column, row, rows, r);
  loop->body.push_back(assign(clone_expr(*s.targets[0]), std::move(column)));
  auto next = std::make_unique<ast::Expr>(ast::ExprKind::Binary, r);
  next->binary_op = ast::BinaryOp::Add;
  next->operands.push_back(name_expr(i, r));
  auto one = std::make_unique<ast::Expr>(ast::ExprKind::Int, r);
  one->int_value = 1;
  next->operands.push_back(std::move(one));
  loop->body.push_back(assign(name_expr(i, r), std::move(next)));
  for (const ast::StmtPtr& b : s.body) loop->body.push_back(clone_stmt(*b));
  for (const ast::StmtPtr& b : s.orelse) loop->orelse.push_back(clone_stmt(*b));
  stmts.push_back(std::move(loop));
  lower_synthetic(std::move(stmts), p, r, env);
}

} // namespace pyscript::lower
