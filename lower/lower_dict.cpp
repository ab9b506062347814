// Dicts: displays, d[k], the dict methods; and loops over lists, dicts and str built directly in IR
// (each_element: the builtins sum/min/max/any/all/sorted(key=) and `for x in xs`).
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"
#include "support/internal_error.hpp"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

bool hashable_value(const Type& t, bool none) {
  switch (t.kind()) {
  case TypeKind::Int:
  case TypeKind::Float:
  case TypeKind::Bool:
  case TypeKind::Str:
  case TypeKind::Unknown:
    return true;
  case TypeKind::None:
    return none;
  case TypeKind::Tuple:
    for (const Type& e : t.elements())
      if (!hashable_value(e, none)) return false;
    return true;
  default:
    return false;
  }
}

bool FunctionLowering::check_key_type(const Type& t, const SourceRange& r) {
  if (hashable_value(t, /*none=*/true)) return true;
  type_error(r, "a " + t.to_string() + " cannot be a dict key (CPython: unhashable type)",
             "use an int, float, bool, str, or a tuple of those");
  return false;
}

Value* FunctionLowering::lower_dict_display(const ast::Expr& e, Environment& env) {
  std::vector<Value*> keys, values;
  std::vector<SourceRange> key_at, value_at;
  for (size_t i = 0; i + 1 < e.operands.size(); i += 2) {
    Value* k = lower_expr(*e.operands[i], env);
    if (!k) return nullptr;
    Value* v = lower_expr(*e.operands[i + 1], env);
    if (!v) return nullptr;
    keys.push_back(k);
    values.push_back(v);
    key_at.push_back(e.operands[i]->range);
    value_at.push_back(e.operands[i + 1]->range);
  }
  Type key = Type::unknown(module_.new_origin()), value = Type::unknown(module_.new_origin());
  // `d = {}` at the top level, filled by a function (Note [Widened displays]); in a function, read
  // before its first store (Note [Read before the first store] in lower_list.cpp).
  if (keys.empty()) {
    SourceRange key_slot = e.range;
    key_slot.begin_byte += 1; // (the value's type is recorded at the display's own position)
    if (std::optional<Type> known = widened_display(key_slot)) key = *known;
    else module_.empty_displays[key.rank()] = {key_slot, &function_};
    if (!widened_display(e.range)) module_.empty_displays[value.rank()] = {e.range, &function_};
  }
  if (!keys.empty()) {
    std::optional<Type> k = display_type(keys, key_at, "this dict's keys");
    if (!k) return nullptr;
    std::optional<Type> v = display_type(values, value_at, "this dict's values");
    if (!v) return nullptr;
    if (!check_key_type(*k, key_at[0])) return nullptr;
    key = *k;
    value = *v;
  }
  if (std::optional<Type> wide = widened_display(e.range)) { // Note [Widened displays]
    value = *wide;
    for (Value*& item : values)
      if (item->type() != value) item = object_cast(item, value, e.range);
  }
  Value* d = emit1(OpKind::DictNew, {}, Type::dict(key, value), e.range);
  for (size_t i = 0; i < keys.size(); ++i)
    emit(OpKind::DictSet, {d, keys[i], values[i]}, {}, e.operands[2 * i]->range);
  return d;
}

Value* FunctionLowering::dict_subscript(Value* d, const ast::Expr& e, Environment& env) {
  const ast::Expr& index = *e.operands[1];
  Value* k = lower_expr(index, env);
  if (!k) return nullptr;
  if (bool handled; Value* v = collection_subscript(d, k, e, env, handled)) return v; // Counter, defaultdict
  else if (handled) return nullptr;
  const Type& key = d->type().elements()[0];
  if (key.is(TypeKind::Unknown)) return unknown_element(d, e.range), nullptr;
  if (!(k = comparable_element(k, key, index.range))) return nullptr;
  if (const Type& value = d->type().elements()[1]; value.is(TypeKind::Unknown) && value.rank() > 0)
    read_unknown(value.rank()); // Note [Read before the first store] (lower_list.cpp)
  return emit1(OpKind::DictGet, {d, k}, d->type().elements()[1], e.range);
}

Value* FunctionLowering::lower_dict_method(Value* self, const ast::Expr& callee, const ast::Expr& e,
                                           std::vector<Value*>& args) {
  const std::string& name = callee.text;
  auto arity = [&](size_t lo, size_t hi) {
    return method_arity("dict", name, e, args.size(), lo, hi);
  };
  auto arg_range = [&](size_t i) { return e.operands[i + 1]->range; };
  // Copies: as_element may fix an Unknown, which rewrites self's type (Note [Empty containers]).
  const Type key = self->type().elements()[0];
  Type value = self->type().elements()[1];
  auto key_arg = [&](size_t i) -> Value* {
    if (key.is(TypeKind::Unknown)) return as_element(args[i], self, 0, arg_range(i));
    return comparable_element(args[i], key, arg_range(i));
  };
  if (name == "get" || name == "pop" || name == "setdefault") {
    if (!arity(name == "setdefault" ? 2 : 1, 2)) return nullptr;
    Value* k = key_arg(0);
    if (!k) return nullptr;
    value = self->type().elements()[1];
    if (value.is(TypeKind::Unknown) && value.rank() > 0)
      read_unknown(value.rank()); // Note [Read before the first store] (lower_list.cpp)
    // d.get(k) and d.get(k, None) of str, list, dict or object values: an Optional (None is null).
    if ((name == "get" || (name == "pop" && args.size() == 2)) && value.is_nullable() && !value.is_number() &&
        (args.size() == 1 || args[1]->type().is(TypeKind::None))) {
      Type optional = Type::optional(value);
      return emit1(name == "get" ? OpKind::DictGetDefault : OpKind::DictPop,
                   {self, k, object_cast(const_none(e.range), optional, e.range)}, optional, e.range);
    }
    // ... of numbers: an Optional number (Note [Optional numbers]), from `k in d` and d[k] / d.pop(k).
    if ((name == "get" || (name == "pop" && args.size() == 2)) && value.is_number() &&
        (args.size() == 1 || args[1]->type().is(TypeKind::None))) {
      Type optional = Type::optional(value);
      Value* found = emit1(OpKind::DictContains, {self, k}, Type::bool_(), e.range);
      ast::Expr where(ast::ExprKind::None, e.range);
      return select(
          found,
          [&] {
            return object_cast(emit1(name == "get" ? OpKind::DictGet : OpKind::DictPop, {self, k}, value, e.range),
                               optional, e.range);
          },
          [&] { return object_cast(const_none(e.range), optional, e.range); }, where, "d.get(k)");
    }
    if (args.size() == 1) {
      if (name == "get") {
        type_error(
            e.range,
            "d.get(k) without a default gives None when k is missing, which pyscript cannot type",
            "give a default: d.get(k, 0), or test 'k in d' and read d[k]");
        return nullptr;
      }
      if (value.is(TypeKind::Unknown)) return unknown_element(self, e.range), nullptr;
      return emit1(OpKind::DictPop, {self, k}, value, e.range);
    }
    Value* deflt = as_element(args[1], self, 1, arg_range(1));
    if (!deflt) return nullptr;
    OpKind op = name == "get"   ? OpKind::DictGetDefault
                : name == "pop" ? OpKind::DictPop
                                : OpKind::DictSetDefault;
    return emit1(op, {self, k, deflt}, self->type().elements()[1], e.range);
  }
  if (name == "keys" || name == "values" || name == "items") {
    if (!arity(0, 0)) return nullptr;
    int64_t what = name == "keys" ? 0 : name == "values" ? 1 : 2;
    Type element = what == 0 ? key : what == 1 ? value : Type::tuple({key, value});
    ir::Node* n = emit(OpKind::DictToList, {self}, {Type::list(element)}, e.range);
    n->set_attr("what", what);
    return n->output();
  }
  if (name == "update") {
    if (!arity(1, 1)) return nullptr;
    if (!args[0]->type().is(TypeKind::Dict) || !as_same_list(args[0], self, arg_range(0))) {
      if (!args[0]->type().is(TypeKind::Dict))
        type_error(arg_range(0), "dict.update() takes a dict here");
      return nullptr;
    }
    emit(OpKind::DictUpdate, {self, args[0]}, {}, e.range);
    return const_none(e.range);
  }
  if (name == "clear") {
    if (!arity(0, 0)) return nullptr;
    emit(OpKind::DictClear, {self}, {}, e.range);
    return const_none(e.range);
  }
  if (name == "copy") {
    if (!arity(0, 0)) return nullptr;
    return emit1(OpKind::DictCopy, {self}, self->type(), e.range);
  }
  type_error(callee.text_range, "a dict has no method '" + name + "' in pyscript",
             "dict methods: get keys values items pop setdefault update clear copy");
  return nullptr;
}

// A Loop over the elements of a list (re-reading its length each step, as CPython does), the
// characters of a str, or the keys of a dict (a snapshot, with CPython's error when the dict
// changes size: Note [Loops over sequences]), carrying `carried` (initial values; the Loop's
// outputs are the final ones): `body` lowers one iteration given the element and updates `carried`.
std::vector<Value*>
FunctionLowering::each_element(Value* over, const SourceRange& r, std::vector<Value*> carried,
                               const std::function<void(Value*, std::vector<Value*>&)>& body) {
  Value* version = nullptr;
  Value* seq = over->type().is(TypeKind::Dict) ? dict_keys_snapshot(over, version, r)
               : over->type().is(TypeKind::Set) ? set_elements(over, r)
                                                : over;
  Value* n0 = sequence_length(seq, r);
  Value* first = emit1(OpKind::Lt, {const_int(0, r), n0}, Type::bool_(), r);
  bool is_str = seq->type().is(TypeKind::Str);
  std::vector<Value*> inputs{is_str ? n0 : const_int(INT64_MAX, r), first};
  inputs.insert(inputs.end(), carried.begin(), carried.end());
  ir::Node* loop = emit(OpKind::Loop, inputs, {}, r);
  ir::Block* b = loop->add_block();
  Value* i = b->add_param(Type::int_());
  std::vector<Value*> params;
  for (Value* c : carried)
    params.push_back(b->add_param(c->type()));
  ir::Block* saved = block_;
  block_ = b;
  if (version) emit(OpKind::DictCheck, {over, version}, {}, r);
  std::vector<Value*> now = params;
  body(element_at(seq, i, r), now);
  Value* next = emit1(OpKind::Add, {i, const_int(1, r)}, Type::int_(), r);
  Value* go = is_str ? const_bool(true, r)
                     : emit1(OpKind::Lt, {next, sequence_length(seq, r)}, Type::bool_(), r);
  b->return_node()->add_input(go);
  for (Value* v : now)
    b->return_node()->add_input(v);
  block_ = saved;
  std::vector<Value*> outs;
  for (Value* c : carried)
    outs.push_back(loop->add_output(c->type()));
  return outs;
}

// The keys of `d` as a new list, and the dict's version now (checked at each step of a loop over
// them: Note [Loops over sequences]).
Value* FunctionLowering::dict_keys_snapshot(Value* d, Value*& version, const SourceRange& r) {
  version = emit1(OpKind::DictVersion, {d}, Type::int_(), r);
  ir::Node* keys = emit(OpKind::DictToList, {d}, {Type::list(d->type().elements()[0])}, r);
  keys->set_attr("what", int64_t(0));
  return keys->output();
}

Value* FunctionLowering::sequence_length(Value* seq, const SourceRange& r) {
  switch (seq->type().kind()) {
  case TypeKind::List:
    return emit1(OpKind::ListLen, {seq}, Type::int_(), r);
  case TypeKind::Dict:
    return emit1(OpKind::DictLen, {seq}, Type::int_(), r);
  case TypeKind::Set:
    return emit1(OpKind::SetLen, {seq}, Type::int_(), r);
  case TypeKind::Str:
    return emit1(OpKind::StrLen, {seq}, Type::int_(), r);
  default:
    PYSCRIPT_UNREACHABLE("sequence_length of a non-sequence");
  }
}

// seq[i] for 0 <= i < len(seq): a list element or a str's character.
Value* FunctionLowering::element_at(Value* seq, Value* i, const SourceRange& r) {
  if (seq->type().is(TypeKind::Str)) return str_call("index", {seq, i}, Type::str(), r);
  return emit1(OpKind::ListGet, {seq, i}, seq->type().elements()[0], r);
}

} // namespace pyscript::lower

namespace pyscript::lower {

// dict(key=value, ...) and dict(d, key=value, ...): the dict of the positional argument (a copy, or
// its pairs), then each keyword as a str key, in order (a later one replaces a key the argument
// had, as in CPython). The keyword values are evaluated after the argument, as CPython does.
Value* FunctionLowering::dict_with_keywords(const ast::Expr& e, std::vector<Value*>& args, Environment& env) {
  Value* d = nullptr;
  if (!lower_sequence_builtin("dict", e, args, d) || !d) return nullptr;
  if (!d->type().is(TypeKind::Dict)) return nullptr;
  for (const ast::Keyword& kw : e.keywords) {
    Value* k = const_str(kw.name, kw.name_range);
    Value* v = lower_expr(*kw.value, env);
    if (!v || !(k = as_element(k, d, 0, kw.name_range)) || !(v = as_element(v, d, 1, kw.value->range))) return nullptr;
    emit(OpKind::DictSet, {d, k, v}, {}, kw.name_range);
  }
  return d;
}

} // namespace pyscript::lower
