// collections.deque, Counter and defaultdict -> IR (Note [Collections are flavored lists and dicts]).
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include "frontend/builtins.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [Collections are flavored lists and dicts]
// A deque is a list at run time and a Counter or a defaultdict a dict: the runtime's containers,
// with their element types, layout and ops. Their types differ from list's and dict's only by a
// name (ir::Type::deque, counter, defaultdict), so a deque and a list are two types to
// specialization, assignment and printing, while every list op (append, len, d[i], iteration,
// `in`, ...) lowers as it does for a list. What differs is lowered here:
// - deque(iterable), Counter(iterable|mapping), defaultdict(factory): a new container filled by
//   the functions of the "collections" Python-written module (Note [Python-written modules]);
//   a generator expression argument is consumed first, as list(...) consumes it.
// - deque's popleft/appendleft/extendleft/rotate and pop() (CPython's "pop from an empty deque"),
//   Counter's most_common/elements/update/subtract/total: functions of that module.
// - c[k] of a Counter is c.get(k, 0) (no insertion, as Counter.__missing__); d[k] of a
//   defaultdict is d.setdefault(k, factory()): the factory is part of the type ("defaultdict F",
//   F a builtin type as a value, `builtins.list`, or a function without captures: a lambda or a
//   module-level def), called where the read is.
// - str/repr/print/f-strings of one print CPython's reprs: deque([1, 2]), Counter({'a': 2})
//   (most common first), defaultdict(<class 'list'>, {...}). One nested inside another
//   container would print as a list or dict: that is refused.
// - c + d, c - d, c | d, c & d of Counters: functions of that module, CPython's order.
// Not built: deque(maxlen=...), Counter's unary + and -, its comparisons, Counter(a=1), defaultdict()
// without a factory, isinstance(x, dict) of one; a deque's index and remove errors say "list".

namespace {

// A function value's constant, once its type has been read: nothing exists at run time, and the
// verifier wants a constant to have a value (Note [Functions as values]).
void drop_function_constant(Value* f) {
  ir::Node* p = f ? f->producer() : nullptr;
  if (p && p->kind() == OpKind::Constant && !f->has_uses()) p->destroy();
}

// [], {}, list(), dict(), set(), deque(), Counter(), defaultdict(F): a new empty container.
bool makes_empty_container(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::List || e.kind == ast::ExprKind::Dict) return e.operands.empty();
  if (e.kind != ast::ExprKind::Call) return false;
  const ast::Expr& callee = *e.operands[0];
  size_t given = e.operands.size() - 1;
  if (callee.kind == ast::ExprKind::Name && (callee.text == "list" || callee.text == "dict" || callee.text == "set"))
    return given == 0;
  if (callee.kind == ast::ExprKind::Attribute && callee.operands[0]->kind == ast::ExprKind::Name)
    return (callee.text == "deque" || callee.text == "Counter" || callee.text == "defaultdict") &&
           given == (callee.text == "defaultdict" ? 1u : 0u);
  return false;
}

const char* builtin_factory_class(const std::string& factory) {
  static const char* const kClasses[] = {"int", "float", "str", "bool", "list", "set", "dict"};
  for (const char* c : kClasses)
    if (factory == std::string("builtins.") + c) return c;
  return nullptr;
}

} // namespace

// Note [Empty containers of other functions]
// An empty container made here and filled by another function (`groups = defaultdict(list)` at the
// top level, `add(k, v)` appending to `groups[k]`) learns its element types there: each Unknown
// in its type is recorded as Note [Widened displays] records an empty list display's, at a byte of
// its own from the construct's first (the list's element and the dict's value at the first byte,
// a dict's key at the next; a collection's Unknowns in order from `first`), and the module is
// lowered again with them known from the start.
Type FunctionLowering::empty_container_type(Type t, const SourceRange& r, uint32_t first) {
  std::vector<int> origins;
  std::function<void(const Type&)> collect = [&](const Type& u) {
    if (u.is(TypeKind::Unknown) && u.rank() > 0) origins.push_back(u.rank());
    for (const Type& x : u.elements()) collect(x);
  };
  collect(t);
  std::function<Type(const Type&, int, const Type&)> substitute = [&](const Type& u, int origin, const Type& with) {
    if (u.is(TypeKind::Unknown)) return u.rank() == origin ? with : u;
    std::vector<Type> elements;
    for (const Type& x : u.elements()) elements.push_back(substitute(x, origin, with));
    return elements.empty() ? u : u.with_elements(elements);
  };
  for (size_t i = 0; i < origins.size(); ++i) {
    SourceRange slot = r;
    slot.begin_byte += first + uint32_t(i);
    if (std::optional<Type> known = widened_display(slot)) t = substitute(t, origins[i], *known);
    else module_.empty_displays[origins[i]] = {slot, &function_};
  }
  return t;
}

// collections.deque(...), Counter(...), defaultdict(...).
Value* FunctionLowering::lower_collections_call(const ast::Expr& e, Environment& env) {
  const ast::Expr& callee = *e.operands[0];
  const std::string& name = callee.text;
  const SourceRange& r = e.range;
  if (!e.keywords.empty()) {
    type_error(e.keywords[0].name_range,
               "collections." + name + "() with keyword arguments is not supported by pyscript",
               name == "deque" ? "a deque without maxlen: deque(iterable)" : "");
    return nullptr;
  }
  size_t given = e.operands.size() - 1;
  if (name == "deque" || name == "Counter") {
    if (given > 1) {
      type_error(r, "collections." + name + "() with " + std::to_string(given) +
                        " arguments is not supported by pyscript",
                 name == "deque" ? "a deque without maxlen: deque(iterable)" : "");
      return nullptr;
    }
    Type element = Type::unknown(module_.new_origin());
    Value* source = nullptr;
    if (given == 1) {
      if (!(source = lower_call_argument(*e.operands[1], env))) return nullptr;
      if (never_values_.count(source)) return source;
      const Type& t = source->type();
      if (name == "deque" && t.is(TypeKind::List) && !t.elements()[0].has_unknown()) element = t.elements()[0];
    }
    Type made = empty_container_type(name == "deque" ? Type::deque(element) : Type::counter(element), r, 0);
    Value* out = emit1(name == "deque" ? OpKind::ListNew : OpKind::DictNew, {}, made, r);
    if (!source) return out;
    std::string fill = name == "deque" ? "deque_extend"
                       : source->type().is(TypeKind::Dict) ? "counter_add_mapping"
                                                           : "counter_add";
    std::vector<Value*> args{out, source};
    if (!collections_helper(fill, args, e, env)) return nullptr;
    return out;
  }
  if (name == "defaultdict") {
    if (given != 1) {
      type_error(r, given == 0 ? "defaultdict() without a default factory is not supported by pyscript"
                               : "defaultdict(factory, mapping) is not supported by pyscript",
                 given == 0 ? "use a dict, or give the factory: defaultdict(int)"
                            : "make it empty and store the items: d = defaultdict(int); d.update(...)");
      return nullptr;
    }
    Value* f = lower_expr(*e.operands[1], env);
    if (!f) return nullptr;
    if (!f->type().is(TypeKind::Function) || !f->type().elements().empty()) {
      type_error(e.operands[1]->range,
                 f->type().is(TypeKind::Function)
                     ? "a defaultdict's factory that captures variables is not supported by pyscript"
                     : "a defaultdict's factory must be a function or a type, not a " + f->type().to_string(),
                 "use int, float, str, list, set, dict, or a lambda or function of no arguments");
      return nullptr;
    }
    const std::string factory = f->type().function_name();
    drop_function_constant(f);
    if (factory.rfind("math.", 0) == 0 || (factory.rfind("builtins.", 0) == 0 && !builtin_factory_class(factory))) {
      type_error(e.operands[1]->range, "a defaultdict's factory must be a type or a function of no arguments",
                 "use int, float, str, list, set, dict, or a lambda");
      return nullptr;
    }
    Value* sample = defaultdict_value(factory, nullptr, e, env); // its type is the values' type
    if (!sample) return nullptr;
    Type made = Type::defaultdict(factory, Type::unknown(module_.new_origin()), sample->type());
    return emit1(OpKind::DictNew, {}, empty_container_type(made, r, 0), r);
  }
  return nullptr; // reported by the resolver
}

// What the defaultdict's factory returns, called at `e`; `value` is the defaultdict's value type
// when known (an empty list, set or dict of the builtin factory is made of that type, so that it
// is the one container type the program's uses fix).
Value* FunctionLowering::defaultdict_value(const std::string& factory, const Type* value, const ast::Expr& e,
                                           Environment& env) {
  const SourceRange& r = e.range;
  if (const char* cls = builtin_factory_class(factory)) {
    std::string c = cls;
    if (c == "int") return const_int(0, r);
    if (c == "float") return const_float(0.0, r);
    if (c == "bool") return const_bool(false, r);
    if (c == "str") return const_str("", r);
    auto fresh = [&] { return Type::unknown(module_.new_origin()); };
    if (c == "list") return emit1(OpKind::ListNew, {}, value ? *value : Type::list(fresh()), r);
    if (c == "set") return emit1(OpKind::SetNew, {}, value ? *value : Type::set(fresh()), r);
    return emit1(OpKind::DictNew, {}, value ? *value : Type::dict(fresh(), fresh()), r);
  }
  // A lambda of no parameters (it captures nothing) that makes an empty container (`lambda: []`,
  // `lambda: defaultdict(int)`): the empty container of the defaultdict's value type, as list's
  // is, where a call would give the lambda's own guess at its elements (None). At the
  // defaultdict(...) call, its expression gives the value type.
  const ast::FunctionDef* fn = module_.find_function(factory);
  if (fn && factory.rfind("lambda$", 0) == 0 && fn->params.empty() && fn->body.size() == 1 && fn->body[0]->value &&
      makes_empty_container(*fn->body[0]->value)) {
    if (value && value->is(TypeKind::List)) return emit1(OpKind::ListNew, {}, *value, r);
    if (value && value->is(TypeKind::Dict)) return emit1(OpKind::DictNew, {}, *value, r);
    if (value && value->is(TypeKind::Set)) return emit1(OpKind::SetNew, {}, *value, r);
    if (!value) { // (an empty display is made as list() is: a display's type is Note [Widened displays]')
      const ast::Expr& body = *fn->body[0]->value;
      if (body.kind == ast::ExprKind::List) return defaultdict_value("builtins.list", nullptr, e, env);
      if (body.kind == ast::ExprKind::Dict) return defaultdict_value("builtins.dict", nullptr, e, env);
      Environment none;
      return lower_expr(body, none);
    }
  }
  Value* f = emit1(OpKind::Constant, {}, Type::function(factory), e.range);
  ast::Expr call(ast::ExprKind::Call, e.range);
  call.operands.push_back(std::make_unique<ast::Expr>(ast::ExprKind::Name, e.range));
  call.operands[0]->text = factory;
  Value* out = call_function_value(f, call, {}, env);
  drop_function_constant(f);
  return out;
}

// c[k] of a Counter (0 when missing), d[k] of a defaultdict (the factory's value stored when
// missing); null with `handled` false for other dicts.
Value* FunctionLowering::collection_subscript(Value* d, Value* k, const ast::Expr& e, Environment& env,
                                             bool& handled) {
  const Type& t = d->type();
  handled = t.is_counter() || t.is_defaultdict();
  if (!handled) return nullptr;
  const ast::Expr& index = *e.operands[1];
  Type key = t.elements()[0];
  k = key.is(TypeKind::Unknown) ? as_element(k, d, 0, index.range) : comparable_element(k, key, index.range);
  if (!k) return nullptr;
  if (t.is_counter())
    return emit1(OpKind::DictGetDefault, {d, k, const_int(0, e.range)}, Type::int_(), e.range);
  Type value = t.elements()[1];
  Value* fresh = defaultdict_value(t.defaultdict_factory(), &value, e, env);
  if (!fresh || !(fresh = as_element(fresh, d, 1, e.range))) return nullptr;
  return emit1(OpKind::DictSetDefault, {d, k, fresh}, d->type().elements()[1], e.range);
}

// The methods a deque or a Counter has beyond a list's or a dict's; null with `handled` false for
// the others (lowered as list or dict methods).
Value* FunctionLowering::collection_method(Value* self, const ast::Expr& callee, const ast::Expr& e,
                                          std::vector<Value*>& args, Environment& env, bool& handled) {
  const std::string& name = callee.text;
  const Type& t = self->type();
  handled = false;
  auto arity = [&](size_t lo, size_t hi) {
    return method_arity(t.is_deque() ? "deque" : "Counter", name, e, args.size(), lo, hi);
  };
  std::vector<Value*> all{self};
  all.insert(all.end(), args.begin(), args.end());
  if (t.is_range()) { // index and count are a list's (Note [Ranges as values])
    if (name == "index" && args.size() == 1) { // with CPython's message for a range
      const SourceRange& r = e.range;
      Value* missing = compare(ast::CompareOp::NotIn, args[0], self, e);
      if (!missing) return handled = true, nullptr;
      ir::Node* n = emit(OpKind::If, {missing}, {}, r);
      ir::Block* saved = block_;
      block_ = n->add_block();
      bool whole = args[0]->type().is(TypeKind::Int) || args[0]->type().is(TypeKind::Bool);
      Value* message = whole ? str_call("concat", {to_str(cast(args[0], Type::int_(), r), false, r),
                                                   const_str(" is not in range", r)}, Type::str(), r)
                             : const_str("sequence.index(x): x not in sequence", r);
      if (Value* exc = new_exception(PYRT_EXC_VALUE_ERROR, message, r)) emit(OpKind::ExceptionRaise, {exc}, {}, r);
      n->add_block();
      block_ = saved;
    }
    if (name == "index" || name == "count") return nullptr;
    handled = true;
    type_error(callee.text_range, "'range' object has no attribute '" + name + "'",
               "make it a list first: xs = list(range(...))");
    return nullptr;
  }
  if (t.is_deque()) {
    if (name == "sort") {
      handled = true;
      type_error(callee.text_range, "'collections.deque' object has no attribute 'sort'",
                 "sort a list: xs = sorted(d)");
      return nullptr;
    }
    static const char* const kOwn[] = {"popleft", "appendleft", "extendleft", "rotate"};
    bool own = name == "pop" && args.empty();
    for (const char* m : kOwn) own = own || name == m;
    if (!own) return nullptr;
    handled = true;
    if (name == "rotate" && args.empty()) all.push_back(const_int(1, e.range));
    if (!arity(name == "popleft" || name == "pop" ? 0 : name == "rotate" ? 0 : 1,
               name == "popleft" || name == "pop" ? 0 : 1))
      return nullptr;
    if (name == "appendleft" && t.elements()[0].is(TypeKind::Unknown) && !as_element(args[0], self, 0, e.range))
      return nullptr;
    if (name == "popleft" || name == "pop") // at the caller's line, as CPython reports it
      raise_if(emit1(OpKind::Eq, {sequence_length(self, e.range), const_int(0, e.range)}, Type::bool_(), e.range),
               PYRT_INDEX_ERROR, "pop from an empty deque", e.range);
    return collections_helper(name == "pop" ? "deque_pop" : name, all, e, env);
  }
  if (!t.is_counter()) return nullptr;
  if (name == "most_common") {
    handled = true;
    if (!arity(0, 1)) return nullptr;
    return collections_helper(args.empty() ? "most_common" : "most_common_n", all, e, env);
  }
  if (name == "elements" || name == "total") {
    handled = true;
    if (!arity(0, 0)) return nullptr;
    return collections_helper(name, all, e, env);
  }
  if (name == "update" || name == "subtract") {
    handled = true;
    if (!arity(1, 1)) return nullptr;
    std::string fn = "counter_" + std::string(name == "update" ? "add" : "subtract") +
                     (args[0]->type().is(TypeKind::Dict) ? "_mapping" : "");
    if (!collections_helper(fn, all, e, env)) return nullptr;
    return const_none(e.range);
  }
  return nullptr;
}

// A function of the "collections" Python-written module, called at `e` with `args`.
Value* FunctionLowering::collections_helper(const std::string& fn_name, std::vector<Value*>& args,
                                           const ast::Expr& e, Environment& env) {
  return python_helper("collections", fn_name, args, e, env);
}

// A function of a Python-written module (Note [Python-written modules]), called at `e`.
Value* FunctionLowering::python_helper(const std::string& module, const std::string& fn_name,
                                       std::vector<Value*>& args, const ast::Expr& e, Environment& env) {
  const ast::FunctionDef* fn = module_.stdlib_function(module, fn_name);
  if (!fn) return nullptr;
  ast::Expr plain(ast::ExprKind::Call, e.range);
  return lower_user_call(*fn, plain, args, env);
}

// c + d, c - d, c | d, c & d of two Counters: CPython's multiset operations (only positive counts
// kept; the left operand's keys first, then the right's new ones).
Value* FunctionLowering::counter_arithmetic(ast::BinaryOp op, Value* a, Value* b, const ast::Expr& e) {
  const char* fn = op == ast::BinaryOp::Add    ? "counter_plus"
                   : op == ast::BinaryOp::Sub   ? "counter_minus"
                   : op == ast::BinaryOp::BitOr ? "counter_union"
                   : op == ast::BinaryOp::BitAnd ? "counter_intersection"
                                                : nullptr;
  if (!fn) {
    type_error(e.range, std::string("unsupported operand types for ") + ast::spelling(op) + ": 'Counter' and 'Counter'");
    return nullptr;
  }
  Type ka = a->type().elements()[0], kb = b->type().elements()[0];
  if (ka.is(TypeKind::Unknown) && ka.rank() > 0 && !kb.is(TypeKind::Unknown)) fix_unknown(ka.rank(), kb);
  if (kb.is(TypeKind::Unknown) && kb.rank() > 0 && !ka.is(TypeKind::Unknown)) fix_unknown(kb.rank(), ka);
  if (a->type() != b->type()) {
    type_error(e.range, "this operation mixes " + a->type().to_string() + " and " + b->type().to_string());
    return nullptr;
  }
  Value* out = emit1(OpKind::DictNew, {}, a->type(), e.range);
  std::vector<Value*> args{out, a, b};
  Environment none; // (the helper takes no keywords)
  if (!collections_helper(fn, args, e, none)) return nullptr;
  return out;
}

// str(c) / repr(c) of a deque, Counter or defaultdict: CPython's repr (str is repr for them).
Value* FunctionLowering::collection_to_str(Value* v, const SourceRange& r) {
  const Type& t = v->type();
  auto plain = [&] {
    ir::Node* n = emit(OpKind::ValueStr, {v}, {Type::str()}, r);
    n->set_attr("repr", true);
    return n->output();
  };
  auto concat = [&](const std::string& before, Value* s, const std::string& after) {
    Value* out = str_call("concat", {const_str(before, r), s}, Type::str(), r);
    return str_call("concat", {out, const_str(after, r)}, Type::str(), r);
  };
  if (t.is_deque()) return concat("deque(", plain(), ")");
  if (t.is_range()) { // Note [Ranges as values]: its bounds are not kept
    type_error(r, "printing a range kept as a value is not supported by pyscript (CPython prints "
                  "range(start, stop[, step]))",
               "print list(r), or the bounds themselves");
    return nullptr;
  }
  if (t.is_counter()) {
    std::vector<Value*> args{v};
    ast::Expr at(ast::ExprKind::Call, r);
    Environment empty;
    return collections_helper("counter_repr", args, at, empty);
  }
  const char* cls = builtin_factory_class(t.defaultdict_factory());
  if (!cls) {
    type_error(r, "printing a defaultdict whose factory is a function is not supported (CPython prints the "
                  "function's address)",
               "print dict(d)");
    return nullptr;
  }
  return concat(std::string("defaultdict(<class '") + cls + "'>, ", plain(), ")");
}

} // namespace pyscript::lower
