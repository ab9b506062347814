// Lists: displays, `[x] * n`, indexing, slicing, item assignment, del, and the list methods.
//
// Note [Empty containers]
// `[]` and `{}` have no element type of their own. The display's element is an Unknown tagged with
// the display (Type::unknown(origin)); the first use that stores an element (append, insert,
// xs[i] = v, d[k] = v, extend, a comprehension's element) fixes it, and every value of the function
// whose type mentions that tag is given the fixed type (fix_unknown), so the display, the loop
// parameters and branches it flowed through all agree. Reading an element of a list whose element
// is still unknown is a diagnostic asking for an annotation (`xs: list[int] = []`); a tag nothing
// fixed by the end of the function stays an empty container's element, typed None, which printing,
// len and == never read.
#include "frontend/fixits.hpp"
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include <algorithm>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

Type substitute(const Type& t, int origin, const Type& with) {
  if (t.is(TypeKind::Unknown)) return t.rank() == origin ? with : t;
  if (t.elements().empty()) return t;
  std::vector<Type> elements;
  for (const Type& e : t.elements())
    elements.push_back(substitute(e, origin, with));
  if (t.is(TypeKind::List) || t.is(TypeKind::Dict)) return t.with_elements(elements); // deque, Counter too
  if (t.is(TypeKind::Set)) return Type::set(elements[0]);
  if (t.is(TypeKind::Tuple)) return Type::tuple(elements);
  return t;
}

} // namespace

void FunctionLowering::fix_unknown(int origin, const Type& with_ref) {
  // A copy: the caller's type may be an element of a value's type, which this rewrites.
  const Type with = with_ref;
  for (Value* v : function_.graph->all_values())
    if (v->type().has_unknown()) v->set_type(substitute(v->type(), origin, with));
  if (return_type_ && return_type_->has_unknown())
    return_type_ = substitute(*return_type_, origin, with);
  // An attribute holding the empty container (`self.items = []` in __init__, appended to in a
  // method): the field's type is fixed, and the module lowered again with it (Note [Objects]).
  if (with.is(TypeKind::None)) return; // fix_remaining_unknowns: the field may still be fixed elsewhere
  // An empty display of another function (a module-level `calls = []` that this function appends
  // to): it gets the element type from the start, and the module is lowered again (Note [Widened
  // displays]).
  // Note [Read before the first store]
  // So does one of this function that was read before this store fixed its type (`finish = {}`,
  // then in a loop `if finish[d] > start:` before `finish[task] = ...`), where an error followed
  // the read: the read's diagnostic goes with the first lowering. A read whose type the store fixes
  // afterwards without an error (fix_unknown rewrites it) costs no second lowering.
  if (auto it = module_.empty_displays.find(origin); it != module_.empty_displays.end()) {
    auto read = unknown_reads_.find(origin);
    bool read_first = read != unknown_reads_.end() && diags_.error_count() > read->second;
    ClassTable::FieldTypes& fields = *module_.classes().field_types;
    std::pair<const void*, uint32_t> at{it->second.first.file, it->second.first.begin_byte};
    if ((it->second.second != &function_ || read_first) && !fields.displays.count(at)) {
      fields.displays[at] = with;
      fields.widened = true;
      throw RestartLowering{};
    }
  }
  bool fixed_field = false;
  for (auto& [key, t] : module_.classes().field_types->types) {
    if (!t.has_unknown()) continue;
    Type fixed = substitute(t, origin, with);
    if (fixed != t) {
      t = fixed;
      fixed_field = true;
    }
  }
  if (fixed_field) {
    module_.classes().field_types->widened = true;
    throw RestartLowering{};
  }
}

void FunctionLowering::fix_remaining_unknowns() {
  std::set<int> origins;
  std::function<void(const Type&)> each = [&](const Type& t) {
    if (t.is(TypeKind::Unknown) && t.rank() > 0) origins.insert(t.rank());
    for (const Type& e : t.elements())
      each(e);
  };
  for (Value* v : function_.graph->all_values())
    each(v->type());
  for (int origin : origins)
    fix_unknown(origin, Type::none());
}

// `v` stored where `want` is expected (an element of a list); fixes an unknown element type.
// Null after a diagnostic.
Value* FunctionLowering::as_element(Value* v, Value* container, size_t which,
                                    const SourceRange& r) {
  // A float or a numpy float64 scalar, decided at run time: the float it equals
  // (Note [float64 scalars among floats]).
  if (v->type().is(TypeKind::Either) && holds_either({v}) && !container->type().elements()[which].is(TypeKind::Either))
    if (std::optional<Type> e = either_of(Type::float_(), Type::array(ir::DType::Float64, 0)); e && v->type() == *e)
      v = split_values({v}, r, [&](std::vector<Value*>& x) {
        return x[0]->type().is_numpy_scalar() ? array_item(x[0], Type::float_(), r) : x[0];
      });
  const Type& want = container->type().elements()[which];
  if (want.is(TypeKind::Unknown) && want.rank() > 0) {
    if (v->type().has_unknown() && v->type() == want) return v;
    fix_unknown(want.rank(), v->type());
    return v;
  }
  if (v->type() == want) return v;
  // Note [float64 scalars among floats]
  // A numpy float64 scalar stored into a container of Python floats (`lam = 0.0`, then
  // `lam = v @ a @ v` in a loop, `values.append(lam)`) is stored as the float it equals (np.float64
  // is a subclass of float and prints as one under numpy 1.x); a float stored into a container a
  // float64 scalar typed first widens it to float (widen_display). Divergence: arithmetic on such an
  // element later follows Python's float rules (x / 0.0 raises ZeroDivisionError where numpy's
  // scalar gives inf with a warning).
  if (want.is(TypeKind::Float) && v->type().is_numpy_scalar() && v->type().dtype() == ir::DType::Float64)
    return array_item(v, Type::float_(), r);
  // A subclass instance (or None) stored where the base class (or an Optional) is expected.
  if (std::optional<Type> merged = module_.classes().merge(want, v->type()); merged && *merged == want)
    return object_cast(v, want, r);
  // An empty display stored into a container of lists: its element comes from the container.
  // (Copies: fix_unknown rewrites the types of v and of the container.)
  const Type have = v->type();
  if (have.has_unknown() && (have.is(TypeKind::List) || have.is(TypeKind::Dict) || have.is(TypeKind::Set)) &&
      have.kind() == want.kind()) {
    const Type wanted = want;
    for (size_t i = 0; i < have.elements().size(); ++i)
      if (have.elements()[i].is(TypeKind::Unknown) && have.elements()[i].rank() > 0)
        fix_unknown(have.elements()[i].rank(), wanted.elements()[i]);
    if (v->type() == container->type().elements()[which]) return v;
  }
  if (widen_display(container, which, v->type())) throw RestartLowering{};
  const Type& held = container->type().elements()[which]; // (`want` may be stale after fix_unknown)
  std::string what =
      container->type().is(TypeKind::Dict) ? (which == 0 ? "key" : "value") : "element";
  Diagnostic& d = diags_.error(r, "type",
                               "type conflict: this " + container->type().to_string() + " holds " +
                                   held.to_string() + " " + what + "s, not " + have.to_string());
  if (held.is(TypeKind::Float) && (have.is(TypeKind::Int) || have.is(TypeKind::Bool)))
    d.help.push_back("write a float, e.g. float(...) or 1.0");
  return nullptr;
}

// Note [Widened displays]
// `layers = []`, `layers.append(Scale(2.0))`, `layers.append(Shift(0.5))`: the first append fixes
// the list's element type to Scale, and the second must store a sibling class. As for a field
// (Note [Objects]), the type widens to the classes' common base and the module is lowered again:
// the display that made the container (a ListNew or DictNew: its source position) is recorded in
// FieldTypes::displays and gets the base as its element type from the start; a container read
// from a field widens the field's type. `[None] * n` widens its display to an Optional (of a class
// or a number) when an element is stored. A container that came from elsewhere (a parameter) keeps
// the diagnostic.
bool FunctionLowering::widen_display(Value* container, size_t which, const Type& have) {
  const Type& want = container->type().elements()[which];
  std::optional<Type> merged = module_.classes().merge(want, have);
  if (!merged && have.is(TypeKind::Float) && want.is_numpy_scalar() && want.dtype() == ir::DType::Float64)
    merged = Type::float_(); // Note [float64 scalars among floats]
  if (!merged || *merged == want || (container->type().is(TypeKind::Dict) && which == 0)) return false;
  ClassTable::FieldTypes& fields = *module_.classes().field_types;
  ir::Node* p = container->producer();
  if (!p) return false;
  // [None] * n: the display repeated (`points = [None] * n`, then `points[i] = Point(i)`).
  if (p->kind() == OpKind::ListRepeat && p->input(0)->producer() &&
      p->input(0)->producer()->kind() == OpKind::ListNew)
    p = p->input(0)->producer();
  std::vector<Type> elements = container->type().elements();
  elements[which] = *merged;
  Type widened = container->type().with_elements(elements);
  if (p->kind() == OpKind::ListNew || p->kind() == OpKind::DictNew) {
    fields.displays[{p->range().file, p->range().begin_byte}] = *merged;
  } else if (p->kind() == OpKind::GetAttr) {
    const ClassInfo* cls = class_of(p->inputs()[0]->type());
    const ClassInfo* owner = cls ? module_.classes().field_owner(*cls, p->str_attr("field")) : nullptr;
    if (!owner) return false;
    fields.types[{owner->name, p->str_attr("field")}] = widened;
  } else {
    return false;
  }
  fields.widened = true;
  return true;
}

// The element type recorded for the display at `r` (Note [Widened displays]), if any.
std::optional<Type> FunctionLowering::widened_display(const SourceRange& r) const {
  const auto& displays = module_.classes().field_types->displays;
  auto it = displays.find({r.file, r.begin_byte});
  if (it == displays.end()) return std::nullopt;
  return it->second;
}

// An int index (bool counts as int). Null after a diagnostic.
Value* FunctionLowering::index_value(Value* i, const SourceRange& r, const char* what) {
  if (i->type().is(TypeKind::Bool)) return cast(i, Type::int_(), r);
  if (i->type().is(TypeKind::Int)) return i;
  type_error(r, std::string(what) + " indices must be integers, not " + i->type().to_string());
  return nullptr;
}

// The common type of the values of a display; null after a diagnostic at the first element that
// does not fit.
std::optional<Type> FunctionLowering::display_type(std::vector<Value*>& items,
                                                   const std::vector<SourceRange>& at,
                                                   const char* what) {
  Type t = items[0]->type();
  for (size_t i = 1; i < items.size(); ++i) {
    const Type& u = items[i]->type();
    if (u == t) continue;
    // [[], [1]]: an empty display takes its siblings' element type.
    if (u.has_unknown() && u.kind() == t.kind() && (u.is(TypeKind::List) || u.is(TypeKind::Dict) || u.is(TypeKind::Set))) {
      for (size_t k = 0; k < u.elements().size(); ++k)
        if (u.elements()[k].is(TypeKind::Unknown) && u.elements()[k].rank() > 0)
          fix_unknown(u.elements()[k].rank(), t.elements()[k]);
      if (items[i]->type() == t) continue;
    }
    if (t.has_unknown() && u.kind() == t.kind() && (t.is(TypeKind::List) || t.is(TypeKind::Dict) || t.is(TypeKind::Set))) {
      for (size_t k = 0; k < t.elements().size(); ++k)
        if (t.elements()[k].is(TypeKind::Unknown) && t.elements()[k].rank() > 0)
          fix_unknown(t.elements()[k].rank(), u.elements()[k]);
      t = items[0]->type();
      if (items[i]->type() == t) continue;
    }
    if (std::optional<Type> merged = module_.classes().merge(t, u)) { // [Scale(2.0), Shift(0.5)]: list[Layer]
      t = *merged;
      continue;
    }
    Diagnostic& d = diags_.error(at[i], "type",
                                 std::string("type conflict: ") + what + " mixes " + t.to_string() +
                                     " and " + u.to_string() + " elements");
    if (t.is_number() && u.is_number())
      d.help.push_back("make them one type, e.g. with float(...)");
    else
      d.help.push_back(
          "pyscript gives a list one element type; use a tuple for values of several types");
    return std::nullopt;
  }
  if (t.is_object_ref() || t.is_optional_value())
    for (Value*& item : items) item = object_cast(item, t, at[0]);
  return t;
}

Value* FunctionLowering::lower_list_display(const ast::Expr& e, Environment& env) {
  std::vector<Value*> items;
  std::vector<SourceRange> at;
  for (const ast::ExprPtr& op : e.operands) {
    Value* v = lower_expr(*op, env);
    if (!v) return nullptr;
    items.push_back(v);
    at.push_back(op->range);
  }
  Type element = Type::unknown(module_.new_origin());
  if (items.empty()) module_.empty_displays[element.rank()] = {e.range, &function_};
  // Note [A list of functions]
  // `solutions = [problem1, problem2]`, then `for solve in solutions: solve()`: module-level
  // functions have no run-time value (Note [Functions as values]), so a list of different ones is
  // the tuple of them, whose loops are unrolled (Note [Loops over tuples of several types]). What a
  // list could do and a tuple cannot (append, an index known only at run time) is a diagnostic
  // there; printing one is refused as printing any function is.
  if (items.size() > 1 && std::all_of(items.begin(), items.end(), [](Value* v) { return v->type().is(TypeKind::Function); }) &&
      std::any_of(items.begin(), items.end(), [&](Value* v) { return v->type() != items[0]->type(); })) {
    std::vector<Type> types;
    for (Value* v : items) types.push_back(v->type());
    return emit1(OpKind::TupleConstruct, items, Type::tuple(types), e.range);
  }
  if (!items.empty()) {
    std::optional<Type> t = display_type(items, at, "this list");
    if (!t) return nullptr;
    element = *t;
  }
  if (std::optional<Type> wide = widened_display(e.range)) { // Note [Widened displays]
    element = *wide;
    for (Value*& item : items)
      if (item->type() != element) item = object_cast(item, element, e.range);
  }
  return emit1(OpKind::ListNew, items, Type::list(element), e.range);
}

// xs[i], xs[a:b:c]
Value* FunctionLowering::list_subscript(Value* list, const ast::Expr& e, Environment& env) {
  const ast::Expr& index = *e.operands[1];
  if (index.kind == ast::ExprKind::Slice) {
    if (list->type().is_deque()) {
      type_error(index.range, "a deque cannot be sliced: CPython raises TypeError: sequence index must be integer, "
                              "not 'slice'",
                 "slice a list of it: list(d)[a:b]");
      return nullptr;
    }
    int64_t has = 0;
    std::vector<Value*> inputs{list};
    if (!slice_bounds(index, env, inputs, has)) return nullptr;
    ir::Node* n = emit(OpKind::ListSlice, inputs, {list->type()}, e.range);
    n->set_attr("has", has);
    return n->output();
  }
  Value* i = lower_expr(index, env);
  if (!i || !(i = index_value(i, index.range, "list"))) return nullptr;
  const Type& element = list->type().elements()[0];
  if (element.is(TypeKind::Unknown)) {
    unknown_element(list, e.range);
    return nullptr;
  }
  if (list->type().is_range()) { // CPython's message for a range (Note [Ranges as values])
    Value* n = sequence_length(list, e.range);
    Value* low = emit1(OpKind::Lt, {i, emit1(OpKind::Neg, {n}, Type::int_(), e.range)}, Type::bool_(), e.range);
    Value* high = emit1(OpKind::Ge, {i, n}, Type::bool_(), e.range);
    raise_if(emit1(OpKind::Or, {low, high}, Type::bool_(), e.range), PYRT_INDEX_ERROR,
             "range object index out of range", e.range);
  }
  return emit1(OpKind::ListGet, {list, i}, element, e.range);
}

void FunctionLowering::unknown_element(Value* container, const SourceRange& r) {
  for (const Type& e : container->type().elements()) // Note [Read before the first store]
    if (e.is(TypeKind::Unknown) && e.rank() > 0) read_unknown(e.rank());
  Diagnostic& d =
      diags_.error(r, "type",
                   "the element type of this empty " +
                       std::string(container->type().is(TypeKind::Dict) ? "dict" : "list") +
                       " is not known where it is read");
  d.help.push_back(container->type().is(TypeKind::Dict) ? "annotate it: 'd: dict[str, int] = {}'"
                                                        : "annotate it: 'xs: list[int] = []'");
}

// The bounds of a slice as inputs, with bit 1/2/4 of `has` set for start/stop/step.
bool FunctionLowering::slice_bounds(const ast::Expr& slice, Environment& env,
                                    std::vector<Value*>& inputs, int64_t& has) {
  for (int k = 0; k < 3; ++k) {
    const ast::ExprPtr& part = slice.operands[size_t(k)];
    if (!part || part->kind == ast::ExprKind::None) continue;
    Value* v = lower_expr(*part, env);
    if (!v || !(v = index_value(v, part->range, "slice"))) return false;
    inputs.push_back(v);
    has |= int64_t(1) << k;
  }
  return true;
}

// target[index] = v for a list or dict target (Note [Empty containers]).
void FunctionLowering::store_subscript(const ast::Expr& target, Value* v, Environment& env) {
  Value* object = lower_expr(*target.operands[0], env);
  if (!object) return;
  const ast::Expr& index = *target.operands[1];
  const Type& t = object->type();
  if (t.is(TypeKind::Array)) {
    array_item_assignment(target);
    return;
  }
  if (class_of(t)) { // obj[k] = v is obj.__setitem__(k, v)
    Value* k = lower_expr(index, env);
    if (k) operator_method("__setitem__", object, {k, v}, target, true);
    return;
  }
  if (t.is(TypeKind::Dict)) {
    Value* k = lower_expr(index, env);
    if (!k || !(k = as_element(k, object, 0, index.range))) return;
    if (!(v = as_element(v, object, 1, target.range))) return;
    emit(OpKind::DictSet, {object, k, v}, {}, target.range);
    return;
  }
  if (refuse_range(object, "item assignment", target.range,
                   "TypeError: 'range' object does not support item assignment"))
    return;
  if (!t.is(TypeKind::List)) {
    type_error(target.range, "a " + t.to_string() + " does not support item assignment",
               t.is(TypeKind::Tuple) || t.is(TypeKind::Str) ? "build a new one instead" : "");
    return;
  }
  if (index.kind == ast::ExprKind::Slice) {
    int64_t has = 0;
    std::vector<Value*> inputs{object};
    if (!slice_bounds(index, env, inputs, has)) return;
    if (!v->type().is(TypeKind::List)) {
      type_error(target.range,
                 "can only assign a list to a list slice, not a " + v->type().to_string());
      return;
    }
    if (v->type() != t && !(v = as_same_list(v, object, target.range))) return;
    inputs.push_back(v);
    ir::Node* n = emit(OpKind::ListSetSlice, inputs, {}, target.range);
    n->set_attr("has", has);
    return;
  }
  Value* i = lower_expr(index, env);
  if (!i || !(i = index_value(i, index.range, "list"))) return;
  if (!(v = as_element(v, object, 0, target.range))) return;
  emit(OpKind::ListSet, {object, i, v}, {}, target.range);
}

// A list of `list`'s type (fixing unknown elements on either side); null after a diagnostic.
Value* FunctionLowering::as_same_list(Value* other, Value* list, const SourceRange& r) {
  if (other->type() == list->type()) return other;
  // A deque's or Counter's items are a list's or dict's (Note [Collections are flavored lists and dicts]).
  if (other->type().kind() == list->type().kind() && other->type().elements() == list->type().elements())
    return other;
  std::vector<Value*> both{list, other};
  if (!display_type(both, {r, r}, "this operation")) return nullptr;
  return other;
}

void FunctionLowering::lower_del(const ast::Stmt& s, Environment& env) {
  for (const ast::ExprPtr& target : s.targets) {
    Value* object = lower_expr(*target->operands[0], env);
    if (!object) continue;
    const ast::Expr& index = *target->operands[1];
    if (object->type().is(TypeKind::Dict)) {
      Value* k = lower_expr(index, env);
      if (k && (k = as_element(k, object, 0, index.range)))
        emit(OpKind::DictDel, {object, k}, {}, target->range);
      continue;
    }
    if (!object->type().is(TypeKind::List) || index.kind == ast::ExprKind::Slice) {
      type_error(
          target->range,
          "del supports a list element or a dict key here, not a " + object->type().to_string() +
              (index.kind == ast::ExprKind::Slice ? " slice" : ""),
          index.kind == ast::ExprKind::Slice ? "assign the slice an empty list: xs[a:b] = []" : "");
      continue;
    }
    if (refuse_range(object, "del", target->range, "TypeError: 'range' object doesn't support item deletion")) continue;
    Value* i = lower_expr(index, env);
    if (i && (i = index_value(i, index.range, "list")))
      emit(OpKind::ListDel, {object, i}, {}, target->range);
  }
}

// Whether a method of `type` ("list", "dict", "str") got lo..hi arguments; a diagnostic if not.
bool FunctionLowering::method_arity(const char* type, const std::string& name,
                                    const ast::Expr& call, size_t given, size_t lo, size_t hi) {
  if (given >= lo && given <= hi) return true;
  type_error(call.range, std::string(type) + "." + name + "() takes " +
                             (lo == hi ? std::to_string(lo)
                                       : std::to_string(lo) + " to " + std::to_string(hi)) +
                             " arguments, not " + std::to_string(given));
  return false;
}

// list methods: xs.append(v), ...; null after a diagnostic (or for methods returning None, a None).
Value* FunctionLowering::lower_list_method(Value* self, const ast::Expr& callee, const ast::Expr& e,
                                           std::vector<Value*>& args) {
  const std::string& name = callee.text;
  auto arity = [&](size_t lo, size_t hi) {
    return method_arity("list", name, e, args.size(), lo, hi);
  };
  const Type& element = self->type().elements()[0];
  auto arg_range = [&](size_t i) { return e.operands[i + 1]->range; };
  if (name == "append") {
    if (!arity(1, 1) || !(args[0] = as_element(args[0], self, 0, arg_range(0)))) return nullptr;
    emit(OpKind::ListAppend, {self, args[0]}, {}, e.range);
    return const_none(e.range);
  }
  if (name == "insert") {
    if (!arity(2, 2) || !(args[0] = index_value(args[0], arg_range(0), "list")) ||
        !(args[1] = as_element(args[1], self, 0, arg_range(1))))
      return nullptr;
    emit(OpKind::ListInsert, {self, args[0], args[1]}, {}, e.range);
    return const_none(e.range);
  }
  if (name == "extend") {
    if (!arity(1, 1)) return nullptr;
    if (args[0]->type().is(TypeKind::Set) && !args[0]->type().elements()[0].is(TypeKind::Unknown))
      args[0] = set_elements(args[0], e.range); // its elements in its order
    if (!args[0]->type().is(TypeKind::List)) {
      type_error(arg_range(0),
                 "list.extend() takes a list here, not a " + args[0]->type().to_string(),
                 "convert it with list(...)");
      return nullptr;
    }
    if (!as_same_list(args[0], self, arg_range(0))) return nullptr;
    emit(OpKind::ListExtend, {self, args[0]}, {}, e.range);
    return const_none(e.range);
  }
  if (name == "pop") {
    if (!arity(0, 1)) return nullptr;
    Value* i = args.empty() ? const_int(-1, e.range) : index_value(args[0], arg_range(0), "list");
    if (!i) return nullptr;
    if (element.is(TypeKind::Unknown)) return unknown_element(self, e.range), nullptr;
    return emit1(OpKind::ListPop, {self, i}, element, e.range);
  }
  if (name == "remove" || name == "index" || name == "count") {
    if (!arity(1, 1)) return nullptr;
    if (element.is(TypeKind::Unknown)) return unknown_element(self, e.range), nullptr;
    Value* x = comparable_element(args[0], element, arg_range(0));
    if (!x) return nullptr;
    if (has_user_eq(element)) return search_with_eq(name, self, x, e); // __eq__ (lower_class.cpp)
    if (name == "remove") {
      emit(OpKind::ListRemove, {self, x}, {}, e.range);
      return const_none(e.range);
    }
    return emit1(name == "index" ? OpKind::ListIndexOf : OpKind::ListCount, {self, x}, Type::int_(),
                 e.range);
  }
  if (name == "reverse" || name == "clear") {
    if (!arity(0, 0)) return nullptr;
    emit(name == "reverse" ? OpKind::ListReverse : OpKind::ListClear, {self}, {}, e.range);
    return const_none(e.range);
  }
  if (name == "copy") {
    if (!arity(0, 0)) return nullptr;
    ir::Node* n = emit(OpKind::ListSlice, {self}, {self->type()}, e.range);
    n->set_attr("has", int64_t(0));
    return n->output();
  }
  if (name == "sort") {
    if (!arity(0, 0)) return nullptr;
    return list_sort(self, e) ? const_none(e.range) : nullptr;
  }
  type_error(callee.text_range, "a list has no method '" + name + "' in pyscript",
             "list methods: append pop insert extend remove index count reverse sort clear copy");
  return nullptr;
}

// `x` compared with elements of type `element` (in, index, count, remove): the same type, or an int
// where floats are held (CPython compares them by value).
Value* FunctionLowering::comparable_element(Value* x, const Type& element, const SourceRange& r) {
  if (x->type() == element) return x;
  if (element.is(TypeKind::Float) && (x->type().is(TypeKind::Int) || x->type().is(TypeKind::Bool)))
    return cast(x, Type::float_(), r);
  if (element.is(TypeKind::Int) && x->type().is(TypeKind::Bool)) return cast(x, Type::int_(), r);
  if (std::optional<Type> merged = module_.classes().merge(element, x->type()); merged && *merged == element)
    return object_cast(x, element, r); // a subclass instance searched among its base's
  type_error(r, "comparing a " + x->type().to_string() + " with elements of type " +
                    element.to_string() + " is not supported");
  return nullptr;
}

// a[i] = v on an array: arrays are values (SPEC: in-place updates are rejected).
void FunctionLowering::array_item_assignment(const ast::Expr& target) {
  if (assign_value_) {
    report_array_item_assignment(diags_, target, *assign_value_);
    return;
  }
  diags_.error(target.range, "in-place",
               "item assignment to an array would change it in place, which is not supported");
}

} // namespace pyscript::lower
