// The builtins over lists, dicts and str: len sum min max any all sorted reversed list dict
// enumerate zip (as values), and generator expressions given to them (Note [Comprehensions]).
#include "frontend/builtins.hpp"
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

bool is_sequence(const Type& t) {
  return t.is(TypeKind::List) || t.is(TypeKind::Dict) || t.is(TypeKind::Str);
}

} // namespace

// If(cond) { raise kind(message) }.
void FunctionLowering::raise_if(Value* cond, int kind, const std::string& message,
                                const SourceRange& r) {
  ir::Node* n = emit(OpKind::If, {cond}, {}, r);
  ir::Block* saved = block_;
  block_ = n->add_block();
  ir::Node* raise = emit(OpKind::Raise, {}, {}, r);
  raise->set_attr("kind", int64_t(kind));
  raise->set_attr("message", message);
  n->add_block();
  block_ = saved;
}

// The element type of a sequence (a dict's keys, a str's characters).
Type FunctionLowering::element_type(const Type& t) {
  if (t.is(TypeKind::Str)) return Type::str();
  return t.elements()[0];
}

// a < b for two values of one element type (numbers, str, tuples and lists of them).
namespace {

// a < b (or a > b) of two values of one type: numbers directly, others through the runtime.
Value* order(FunctionLowering& f, bool greater, Value* a, Value* b, const SourceRange& r) {
  if (a->type().is_number()) return f.emit1(greater ? OpKind::Gt : OpKind::Lt, {a, b}, Type::bool_(), r);
  ir::Node* n = f.emit(OpKind::ValueOrder, {a, b}, {Type::bool_()}, r);
  n->set_attr("op", std::string(greater ? "gt" : "lt"));
  return n->output();
}

} // namespace

Value* FunctionLowering::less_than(Value* a, Value* b, const SourceRange& r) { return order(*this, false, a, b, r); }

Value* FunctionLowering::greater_than(Value* a, Value* b, const SourceRange& r) { return order(*this, true, a, b, r); }

// Handles name(args) when the builtin's argument is a list, dict or str; false to let
// lower_builtin handle it. `out` is null after a diagnostic.
bool FunctionLowering::lower_sequence_builtin(const std::string& name, const ast::Expr& e,
                                              std::vector<Value*>& args, Value*& out) {
  out = nullptr;
  if (name == "set") {
    out = lower_set_builtin(e, args); // lower_set.cpp
    return true;
  }
  if (!args.empty() && args[0]->type().is(TypeKind::Set)) { // len(s), or a builtin consuming its elements
    if (name == "len" && args.size() == 1) {
      out = sequence_length(args[0], e.range);
      return true;
    }
    static const char* const consuming[] = {"list", "sorted", "sum", "min", "max", "any", "all", "dict"};
    if (std::find(std::begin(consuming), std::end(consuming), name) != std::end(consuming)) {
      if (args[0]->type().elements()[0].is(TypeKind::Unknown)) {
        unknown_element(args[0], e.range);
        return true;
      }
      args[0] = set_elements(args[0], e.range);
    }
  }
  if ((name == "min" || name == "max") && !args.empty() && args[0]->type().is(TypeKind::Dict)) {
    // min(d), max(d, key=f): over its keys, in their order (CPython iterates a dict's keys)
    ir::Node* keys = emit(OpKind::DictToList, {args[0]}, {Type::list(args[0]->type().elements()[0])}, e.range);
    keys->set_attr("what", int64_t(0));
    args[0] = keys->output();
  }
  if ((name == "str" || name == "repr") && args.size() <= 1) {
    if (args.empty())
      out = const_str("", e.range);
    else if (printable(args[0], e.range))
      out = to_str(args[0], name == "repr", e.range);
    return true;
  }
  if ((name == "ord" || name == "chr") && args.size() == 1) {
    bool ord = name == "ord";
    if (ord ? !args[0]->type().is(TypeKind::Str)
            : !(args[0] = index_value(args[0], e.operands[1]->range, "chr()"))) {
      if (ord) type_error(e.range, "ord() expected a str, not " + args[0]->type().to_string());
      return true;
    }
    out = str_call(name, {args[0]}, ord ? Type::int_() : Type::str(), e.range);
    return true;
  }
  if (name == "int" && args.size() == 2) { // int(s, base)
    if (!args[0]->type().is(TypeKind::Str)) {
      type_error(e.operands[1]->range, "int() can't convert non-string with explicit base");
      return true;
    }
    if (Value* base = index_value(args[1], e.operands[2]->range, "int() base"))
      out = str_call("to_int_base", {args[0], base}, Type::int_(), e.range);
    return true;
  }
  if ((name == "int" || name == "float") && args.size() == 1 && args[0]->type().is(TypeKind::Str)) {
    out = str_call(name == "int" ? "to_int" : "to_float", {args[0]},
                   name == "int" ? Type::int_() : Type::float_(), e.range);
    return true;
  }
  if (name == "pow" && args.size() == 2) { // a ** b
    out = arithmetic(ast::BinaryOp::Pow, args[0], args[1], e);
    return true;
  }
  if (name == "pow" && args.size() == 3) { // pow(a, b, m) of ints
    for (size_t i = 0; i < 3; ++i) {
      const Type& t = args[i]->type();
      if (!t.is(TypeKind::Int) && !t.is(TypeKind::Bool)) {
        type_error(e.operands[i + 1]->range, "pow() 3-argument form takes ints, not " + t.to_string() +
                                                 " (CPython raises TypeError)");
        return true;
      }
      args[i] = cast(args[i], Type::int_(), e.range);
    }
    ir::Node* n = emit(OpKind::MathFn, args, {Type::int_()}, e.range);
    n->set_attr("fn", std::string("powmod"));
    out = n->output();
    return true;
  }
  if (name == "divmod" && args.size() == 2) { // (a // b, a % b), each raising as its operator does
    ast::Expr op(ast::ExprKind::Binary, e.range);
    Value* q = arithmetic(ast::BinaryOp::FloorDiv, args[0], args[1], e);
    if (q && q->producer() && q->producer()->kind() == OpKind::FloorDiv && q->type().is(TypeKind::Float))
      q->producer()->set_attr("divmod", true); // its ZeroDivisionError says "float divmod()
    Value* m = q ? arithmetic(ast::BinaryOp::Mod, args[0], args[1], e) : nullptr;
    if (m)
      out = emit1(OpKind::TupleConstruct, {q, m}, Type::tuple({q->type(), m->type()}), e.range);
    return true;
  }
  if (name == "tuple" && args.size() == 1) {
    if (args[0]->type().is(TypeKind::Tuple))
      out = args[0];
    else
      type_error(e.range,
                 "tuple() of a " + args[0]->type().to_string() +
                     " is not supported: its length is known only "
                     "at run time, and a pyscript tuple's length is part of its type",
                 "keep the list, or write the tuple out: (xs[0], xs[1])");
    return true;
  }
  if (name == "dict" && args.size() == 1 && args[0]->type().is(TypeKind::Dict)) { // a copy (of a Counter: a dict)
    const Type& t = args[0]->type();
    if (t.has_unknown()) return unknown_element(args[0], e.range), out = nullptr, true;
    out = emit1(OpKind::DictCopy, {args[0]}, Type::dict(t.elements()[0], t.elements()[1]), e.range);
    return true;
  }
  if (name == "dict" && args.size() == 1 && args[0]->type().is(TypeKind::List)) {
    const Type& pair = args[0]->type().elements()[0];
    if (!pair.is(TypeKind::Tuple) || pair.elements().size() != 2 ||
        !check_key_type(pair.elements()[0], e.range)) {
      if (pair.is(TypeKind::Unknown))
        out = emit1(
            OpKind::DictNew, {},
            Type::dict(Type::unknown(module_.new_origin()), Type::unknown(module_.new_origin())),
            e.range);
      else
        type_error(e.range, "dict() takes a list of (key, value) pairs here, not a " +
                                args[0]->type().to_string());
      return true;
    }
    Value* d =
        emit1(OpKind::DictNew, {}, Type::dict(pair.elements()[0], pair.elements()[1]), e.range);
    each_element(args[0], e.range, {}, [&](Value* kv, std::vector<Value*>&) {
      ir::Node* k = emit(OpKind::TupleGet, {kv}, {pair.elements()[0]}, e.range);
      k->set_attr("index", int64_t(0));
      ir::Node* v = emit(OpKind::TupleGet, {kv}, {pair.elements()[1]}, e.range);
      v->set_attr("index", int64_t(1));
      emit(OpKind::DictSet, {d, k->output(), v->output()}, {}, e.range);
    });
    out = d;
    return true;
  }
  static const char* const iterating[] = {"list", "sorted", "reversed", "dict",
                                          "sum",  "any",    "all"};
  bool takes_iterable = std::any_of(std::begin(iterating), std::end(iterating),
                                    [&](const char* n) { return name == n; });
  if (takes_iterable && args.size() >= 1 && !is_sequence(args[0]->type()) &&
      !args[0]->type().is(TypeKind::Array)) {
    type_error(e.operands[1]->range,
               name + "() takes a list, dict or str here; CPython raises TypeError: '" +
                   args[0]->type().to_string() + "' object is not iterable");
    return true;
  }
  if (name == "len" && args.size() == 1 && class_of(args[0]->type())) { // __len__ (lower_class.cpp)
    out = operator_method("__len__", args[0], {}, e, true);
    return true;
  }
  if (args.empty() || !is_sequence(args[0]->type())) {
    if (name == "list" && args.empty()) {
      out = emit1(OpKind::ListNew, {}, Type::list(Type::unknown(module_.new_origin())), e.range);
      return true;
    }
    if (name == "dict" && args.empty()) {
      out = emit1(
          OpKind::DictNew, {},
          Type::dict(Type::unknown(module_.new_origin()), Type::unknown(module_.new_origin())),
          e.range);
      return true;
    }
    return false;
  }
  Value* seq = args[0];
  const Type& t = seq->type();
  const SourceRange& r = e.range;
  if (name == "len" && args.size() == 1) {
    out = sequence_length(seq, r);
    return true;
  }
  if (name == "str" || name == "repr" || name == "print" || name == "isinstance" || name == "bool")
    return false;
  if (name == "sum" && args.size() == 1 && t.is(TypeKind::List) && t.elements()[0].is(TypeKind::Unknown) &&
      t.elements()[0].rank() > 0) // a list that nothing has filled yet: its sum is CPython's int 0,
    fix_unknown(t.elements()[0].rank(), Type::int_()); // so it holds ints (Note [Empty containers])
  if (t.is(TypeKind::List) && t.elements()[0].is(TypeKind::Unknown) && name != "list") {
    unknown_element(seq, r);
    return true;
  }
  Type element = element_type(t);
  if (name == "sum" && args.size() == 2 && element.is(TypeKind::List) && args[1]->type().is(TypeKind::List)) {
    Value* start = args[1]; // sum(rows, []): start + row for each row, as CPython adds them
    const Type& want = element.elements()[0];
    const Type& have = start->type().elements()[0];
    if (have.is(TypeKind::Unknown) && have.rank() > 0 && !want.is(TypeKind::Unknown)) fix_unknown(have.rank(), want);
    if (start->type() != element) {
      type_error(e.operands[2]->range, "sum() of " + element.to_string() + " elements takes a start of that type, not " +
                                           start->type().to_string());
      return true;
    }
    out = each_element(seq, r, {start}, [&](Value* x, std::vector<Value*>& c) {
      c[0] = emit1(OpKind::ListConcat, {c[0], x}, element, r);
    })[0];
    return true;
  }
  if (name == "sum") {
    if (args.size() > 2 || !element.is_number()) {
      type_error(r,
                 args.size() > 2 ? "sum() takes at most 2 arguments"
                                 : "sum() of " + element.to_string() + " elements is not supported",
                 element.is(TypeKind::Str) ? "use ''.join(...)" : "");
      return true;
    }
    Value* start = args.size() == 2 ? args[1] : nullptr;
    Type acc_type = element.is(TypeKind::Bool) ? Type::int_() : element;
    if (start && start->type().is(TypeKind::Float) && !acc_type.is(TypeKind::Float))
      acc_type = Type::float_();
    if (!start) {
      if (acc_type.is(TypeKind::Float) && &e != float_operand_) // Note [A float sum of nothing]
        raise_if(emit1(OpKind::Eq, {sequence_length(seq, r), const_int(0, r)}, Type::bool_(), r),
                 PYRT_VALUE_ERROR,
                 "sum() of an empty list of floats is the int 0 in CPython; pyscript's sum has one "
                 "type: write sum(xs, 0.0)",
                 r);
      start = acc_type.is(TypeKind::Float) ? const_float(0.0, r) : const_int(0, r);
    }
    if (start->type() != acc_type) start = cast(start, acc_type, r);
    out = each_element(seq, r, {start}, [&](Value* x, std::vector<Value*>& c) {
      if (x->type() != acc_type) x = cast(x, acc_type, r);
      c[0] = emit1(OpKind::Add, {c[0], x}, acc_type, r);
    })[0];
    return true;
  }
  if ((name == "min" || name == "max") && args.size() == 1 && keyword(e, "key")) { // max(xs, key=f)
    if (seq->type().is(TypeKind::Dict)) {
      type_error(r, name + "() of a dict is not supported", "use " + name + "(d.keys()) or " + name + "(d.values())");
      return true;
    }
    Environment empty;
    Environment& env = call_env_ ? *call_env_ : empty;
    const ast::Expr& key = *keyword(e, "key")->value;
    bool builtin = key.kind == ast::ExprKind::Name && !env.find(key.text) && !module_.find_function(key.text) &&
                   find_builtin(key.text); // key=len, key=abs, ...
    Value* f = builtin ? nullptr : lower_consumed_lambda(key, env);
    if (!builtin && !f) return true;
    if (f && !f->type().is(TypeKind::Function)) {
      type_error(key.range, "key= takes a function here, not a " + f->type().to_string(), "write a lambda: key=lambda x: ...");
      return true;
    }
    ast::Expr plain(ast::ExprKind::Call, r);
    ast::Expr synthetic(ast::ExprKind::Call, key.range);
    synthetic.operands.push_back(clone_expr(key));
    synthetic.operands.push_back(clone_expr(key));
    auto key_of = [&](Value* x) -> Value* {
      std::vector<Value*> one{x};
      if (f) return call_function_value(f, plain, one, env);
      Value* k = nullptr;
      if (!lower_sequence_builtin(key.text, synthetic, one, k)) k = lower_builtin(key.text, synthetic, one);
      return k;
    };
    Value* n = sequence_length(seq, r);
    raise_if(emit1(OpKind::Eq, {n, const_int(0, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
             name + "() arg is an empty sequence", r);
    Value* first = element_at(seq, const_int(0, r), r);
    Value* first_key = key_of(first);
    if (!first_key) return true;
    bool ok = true;
    // The key once per element, from the second on compared as CPython does (key(item) > best_key
    // for max): seq[1:] for a list.
    Value* over = seq;
    if (seq->type().is(TypeKind::List)) {
      ir::Node* rest = emit(OpKind::ListSlice, {seq, const_int(1, r)}, {seq->type()}, r);
      rest->set_attr("has", int64_t(1));
      over = rest->output();
    }
    std::vector<Value*> best = each_element(over, r, {first, first_key}, [&](Value* x, std::vector<Value*>& c) {
      Value* kx = ok ? key_of(x) : nullptr;
      Value* better = kx ? (name == "max" ? greater_than(kx, c[1], r) : less_than(kx, c[1], r)) : nullptr;
      if (!better) {
        ok = false;
        return;
      }
      c[0] = emit1(OpKind::Select, {better, x, c[0]}, x->type(), r);
      c[1] = emit1(OpKind::Select, {better, kx, c[1]}, kx->type(), r);
    });
    if (ok) out = best[0];
    return true;
  }
  if ((name == "min" || name == "max") && args.size() == 1 && class_of(element)) {
    // CPython compares each item with the best so far: item < best (min), item > best (max).
    Value* n = sequence_length(seq, r);
    raise_if(emit1(OpKind::Eq, {n, const_int(0, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
             name + "() arg is an empty sequence", r);
    Value* first = element_at(seq, const_int(0, r), r);
    bool ok = seq->type().is(TypeKind::List);
    if (!ok) {
      type_error(r, name + "() of objects takes a list here");
      return true;
    }
    ir::Node* rest = emit(OpKind::ListSlice, {seq, const_int(1, r)}, {seq->type()}, r); // seq[1:]
    rest->set_attr("has", int64_t(1));
    std::vector<Value*> best = each_element(rest->output(), r, {first}, [&](Value* x, std::vector<Value*>& c) {
      Value* cmp = ok ? compare(name == "max" ? ast::CompareOp::Gt : ast::CompareOp::Lt, x, c[0], e) : nullptr;
      Value* better = cmp ? truth(cmp, r) : nullptr;
      if (!better) {
        ok = false;
        return;
      }
      c[0] = emit1(OpKind::Select, {better, x, c[0]}, c[0]->type(), r);
    });
    if (ok) out = best[0];
    return true;
  }
  if ((name == "min" || name == "max") && args.size() == 1) {
    Value* n = sequence_length(seq, r);
    raise_if(emit1(OpKind::Eq, {n, const_int(0, r)}, Type::bool_(), r), PYRT_VALUE_ERROR,
             name + "() arg is an empty sequence", r);
    Value* first = element_at(seq->type().is(TypeKind::Dict) ? seq : seq, const_int(0, r), r);
    if (seq->type().is(TypeKind::Dict)) {
      type_error(r, name + "() of a dict is not supported",
                 "use " + name + "(d.keys()) or " + name + "(d.values())");
      return true;
    }
    // From the second element on, as CPython (a comparison of the first with itself could raise:
    // min([None, 3]) names 'int' and 'NoneType'); numbers compare it harmlessly, without a copy.
    Value* over = seq;
    if (seq->type().is(TypeKind::List) && !seq->type().elements()[0].is_number()) {
      ir::Node* rest = emit(OpKind::ListSlice, {seq, const_int(1, r)}, {seq->type()}, r); // seq[1:]
      rest->set_attr("has", int64_t(1));
      over = rest->output();
    }
    out = each_element(over, r, {first}, [&](Value* x, std::vector<Value*>& c) {
      // CPython's max asks item > best (its TypeError names '>' and the item first).
      Value* better = name == "max" ? greater_than(x, c[0], r) : less_than(x, c[0], r);
      ir::Node* pick = emit(OpKind::Select, {better, x, c[0]}, {x->type()}, r);
      c[0] = pick->output();
    })[0];
    return true;
  }
  if ((name == "any" || name == "all") && args.size() == 1) {
    bool is_any = name == "any";
    out = each_element(seq, r, {const_bool(!is_any, r)}, [&](Value* x, std::vector<Value*>& c) {
      Value* tv = truth(x, r);
      c[0] = emit1(is_any ? OpKind::Or : OpKind::BitAnd, {c[0], tv}, Type::bool_(), r);
    })[0];
    return true;
  }
  if (name == "reversed" && !iterator_consumed_) {
    type_error(r,
               "reversed() gives an iterator, which pyscript has only where it is consumed at once "
               "(a 'for' "
               "loop, list(...), sorted(...), sum(...))",
               "write list(reversed(xs)) or xs[::-1]");
    return true;
  }
  if (name == "list" || name == "sorted" || name == "reversed") {
    if (args.size() != 1) {
      type_error(r, name + "() takes 1 argument here");
      return true;
    }
    Value* copy;
    if (t.is(TypeKind::List)) {
      ir::Node* n = emit(OpKind::ListSlice, {seq}, {Type::list(t.elements()[0])}, r); // of a deque: a list
      n->set_attr("has", int64_t(0));
      copy = n->output();
    } else {
      copy = emit1(OpKind::ListNew, {}, Type::list(element), r);
      each_element(seq, r, {}, [&](Value* x, std::vector<Value*>&) {
        emit(OpKind::ListAppend, {copy, x}, {}, r);
      });
    }
    if (name == "reversed") emit(OpKind::ListReverse, {copy}, {}, r);
    if (name == "sorted" && !list_sort(copy, e)) return true;
    out = copy;
    return true;
  }
  return false;
}

// xs.sort(key=f, reverse=True) or sorted(xs, ...), on the list `list`; false after a diagnostic.
bool FunctionLowering::list_sort(Value* list, const ast::Expr& call) {
  bool reverse = false;
  Value* reverse_value = nullptr; // reverse= known only at run time
  const ast::Expr* key = nullptr;
  for (const ast::Keyword& k : call.keywords) {
    if (k.name == "reverse") {
      if (k.value->kind != ast::ExprKind::Bool) {
        reverse_value = lower_expr(*k.value, *call_env_);
        if (!reverse_value) return false;
        if (!reverse_value->type().is(TypeKind::Bool) && !reverse_value->type().is(TypeKind::Int)) {
          type_error(k.value->range, "reverse= takes a bool or an int, not " +
                                         reverse_value->type().to_string() +
                                         " (CPython raises TypeError)");
          return false;
        }
        reverse_value = truth(reverse_value, k.value->range);
        continue;
      }
      reverse = k.value->bool_value;
    } else if (k.name == "key") {
      key = k.value.get();
    } else {
      type_error(k.name_range, "unexpected keyword argument '" + k.name + "'");
      return false;
    }
  }
  const Type& element = list->type().elements()[0];
  std::vector<Value*> inputs{list};
  if (key) {
    // The keys, computed first and in order, as CPython does: f(x) for a module-level function f,
    // or a builtin (key=len) applied as the call len(x) would be.
    const ast::FunctionDef* fn =
        key->kind == ast::ExprKind::Name ? module_.find_function(key->text) : nullptr;
    static const char* const builtin_keys[] = {"len", "abs", "str", "repr", "int", "float", "ord"};
    bool builtin = !fn && key->kind == ast::ExprKind::Name &&
                   std::any_of(std::begin(builtin_keys), std::end(builtin_keys),
                               [&](const char* b) { return key->text == b; });
    Value* key_value = nullptr; // a lambda, or a variable holding a function (Note [Closures])
    if (!fn && !builtin && call_env_) {
      key_value = lower_consumed_lambda(*key, *call_env_);
      if (!key_value) return false;
      if (!key_value->type().is(TypeKind::Function)) {
        type_error(key->range, "key= takes a function, not a " + key_value->type().to_string());
        return false;
      }
    }
    if (!fn && !builtin && !key_value) {
      type_error(key->range, "key= must name a function", "define it with 'def' and write key=name, or a lambda");
      return false;
    }
    ast::Expr synthetic(ast::ExprKind::Call, key->range);
    synthetic.operands.push_back(clone_expr(*key));
    synthetic.operands.push_back(clone_expr(*key)); // where the argument's diagnostics point
    Environment empty;
    Value* keys =
        emit1(OpKind::ListNew, {}, Type::list(Type::unknown(module_.new_origin())), call.range);
    bool ok = true;
    each_element(list, call.range, {}, [&](Value* x, std::vector<Value*>&) {
      std::vector<Value*> one{x};
      Value* k = nullptr;
      if (ok && key_value) {
        ast::Expr plain(ast::ExprKind::Call, key->range);
        k = call_function_value(key_value, plain, one, empty);
      } else if (ok && fn) {
        ast::Expr plain(ast::ExprKind::Call, key->range);
        k = lower_user_call(*fn, plain, one, empty);
      } else if (ok && !lower_sequence_builtin(key->text, synthetic, one, k)) {
        k = lower_builtin(key->text, synthetic, one);
      }
      if (!k || !(k = as_element(k, keys, 0, key->range))) {
        ok = false;
        return;
      }
      emit(OpKind::ListAppend, {keys, k}, {}, call.range);
    });
    if (!ok) return false;
    inputs.push_back(keys);
  } else if (const ClassInfo* cls = class_of(element)) { // Note [Sorting by __lt__]
    if (!module_.classes().method(*cls, "__lt__").first) {
      type_error(call.range,
                 "'<' not supported between instances of '" + cls->name + "' and '" + cls->name +
                     "' (CPython raises TypeError)",
                 "define __lt__ in class " + cls->name + ", or give a key: sort(key=lambda o: o.field)");
      return false;
    }
    std::vector<bool> reversals;
    if (reverse_value) {
      type_error(call.range, "sorting objects with a computed reverse= is not supported",
                 "write reverse=True or reverse=False");
      return false;
    }
    if (reverse) emit(OpKind::ListReverse, {list}, {}, call.range);
    ast::Expr plain(ast::ExprKind::Call, call.range);
    std::vector<Value*> args{list};
    Environment empty;
    if (!lower_user_call(*module_.sort_by_lt_function(), plain, args, empty)) return false;
    if (reverse) emit(OpKind::ListReverse, {list}, {}, call.range);
    return true;
  } else if (element.is(TypeKind::Dict) || element.is(TypeKind::None)) {
    type_error(call.range,
               "a list of " + element.to_string() + " cannot be sorted ('<' is not supported)");
    return false;
  }
  if (!reverse_value) {
    ir::Node* n = emit(OpKind::ListSort, inputs, {}, call.range);
    n->set_attr("reverse", reverse);
    return true;
  }
  ir::Node* choice = emit(OpKind::If, {reverse_value}, {}, call.range);
  ir::Block* saved = block_;
  for (bool r : {true, false}) {
    block_ = choice->add_block();
    emit(OpKind::ListSort, inputs, {}, call.range)->set_attr("reverse", r);
  }
  block_ = saved;
  return true;
}

} // namespace pyscript::lower
