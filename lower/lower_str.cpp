// str values: operators, indexing, methods, conversions, f-strings as values and `%` formatting.
// Each runtime operation is a str_call[fn=...] (one row of codegen/str_calls.def).
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

Value* FunctionLowering::str_call(const std::string& fn, const std::vector<Value*>& inputs,
                                  const Type& out, const SourceRange& r) {
  ir::Node* n = emit(OpKind::StrCall, inputs, {out}, r);
  n->set_attr("fn", fn);
  return n->output();
}

// str(v) / repr(v) of any value as a str.
Value* FunctionLowering::to_str(Value* v, bool repr, const SourceRange& r) {
  const Type& t = v->type();
  if (t.is(TypeKind::Str) && !repr) return v;
  if (t.is(TypeKind::Int)) return str_call("from_int", {v}, Type::str(), r);
  if (t.is(TypeKind::Float)) return str_call("from_float", {v}, Type::str(), r);
  if (t.is(TypeKind::Bool)) return str_call("from_bool", {v}, Type::str(), r);
  if (class_of(t)) return object_to_str(v, repr, r); // __str__ / __repr__ (lower_class.cpp)
  if (!t.container_name().empty()) return collection_to_str(v, r); // deque, Counter: lower_collections.cpp
  ir::Node* n = emit(OpKind::ValueStr, {v}, {Type::str()}, r);
  n->set_attr("repr", repr);
  return n->output();
}

Value* FunctionLowering::str_subscript(Value* s, const ast::Expr& e, Environment& env) {
  const ast::Expr& index = *e.operands[1];
  if (index.kind == ast::ExprKind::Slice) {
    int64_t has = 0;
    std::vector<Value*> inputs{s};
    if (!slice_bounds(index, env, inputs, has)) return nullptr;
    // The runtime takes all three bounds: missing ones are zeros with their bit clear.
    std::vector<Value*> full{s};
    size_t next = 1;
    for (int k = 0; k < 3; ++k)
      full.push_back((has >> k) & 1 ? inputs[next++] : const_int(0, e.range));
    full.push_back(const_int(has, e.range));
    return str_call("slice", full, Type::str(), e.range);
  }
  Value* i = lower_expr(index, env);
  if (!i || !(i = index_value(i, index.range, "string"))) return nullptr;
  return str_call("index", {s, i}, Type::str(), e.range);
}

// s + t, s * n, n * s, fmt % args; null when neither operand is a str.
Value* FunctionLowering::str_arithmetic(ast::BinaryOp op, Value* a, Value* b, const ast::Expr& e) {
  const Type& ta = a->type();
  const Type& tb = b->type();
  if (op == ast::BinaryOp::Add && ta.is(TypeKind::Str) && tb.is(TypeKind::Str))
    return str_call("concat", {a, b}, Type::str(), e.range);
  if (op == ast::BinaryOp::Mul && (ta.is(TypeKind::Str) || tb.is(TypeKind::Str))) {
    Value* s = ta.is(TypeKind::Str) ? a : b;
    Value* n = ta.is(TypeKind::Str) ? b : a;
    if (!(n = index_value(n, e.range, "repeat count"))) return nullptr;
    return str_call("repeat", {s, n}, Type::str(), e.range);
  }
  if (op == ast::BinaryOp::Mod && ta.is(TypeKind::Str)) {
    // A numpy scalar formats as the Python number it holds (np.float64 is a float, np.int64 has
    // __index__, np.bool_ prints as a bool); float32's str would differ from its float's.
    std::vector<Value*> items;
    if (tb.is(TypeKind::Tuple)) {
      for (size_t i = 0; i < tb.elements().size(); ++i) {
        ir::Node* get = emit(OpKind::TupleGet, {b}, {tb.elements()[i]}, e.range);
        get->set_attr("index", int64_t(i));
        items.push_back(get->output());
      }
    } else {
      items.push_back(b);
    }
    bool converted = false;
    for (Value*& item : items) {
      const Type& t = item->type();
      if (!t.is(TypeKind::Array) || t.rank() != 0) continue;
      if (t.dtype() == ir::DType::Float32) {
        type_error(e.range, "'%' formatting of a np.float32 is not supported (its str differs from its float's)",
                   "convert it: float(x)");
        return nullptr;
      }
      item = array_item(item, t.dtype() == ir::DType::Float64 ? Type::float_()
                              : t.dtype() == ir::DType::Int64 ? Type::int_() : Type::bool_(), e.range);
      converted = true;
    }
    Value* args = b;
    if (converted || !tb.is(TypeKind::Tuple)) {
      std::vector<Type> types;
      for (Value* item : items) types.push_back(item->type());
      args = emit1(OpKind::TupleConstruct, items, Type::tuple(types), e.range);
    }
    return str_call("percent", {a, args}, Type::str(), e.range);
  }
  type_error(e.range, std::string("unsupported operand types for ") + ast::spelling(op) + ": '" +
                          ta.to_string() + "' and '" + tb.to_string() + "'");
  return nullptr;
}

Value* FunctionLowering::lower_str_method(Value* self, const ast::Expr& callee, const ast::Expr& e,
                                          std::vector<Value*>& args) {
  const std::string& name = callee.text;
  const SourceRange& r = e.range;
  auto need_str = [&](size_t i) {
    if (args[i]->type().is(TypeKind::Str)) return true;
    type_error(e.operands[i + 1]->range,
               "str." + name + "() takes a str here, not a " + args[i]->type().to_string());
    return false;
  };
  auto arity = [&](size_t lo, size_t hi) {
    return method_arity("str", name, e, args.size(), lo, hi);
  };
  Value* none = nullptr;
  auto none_str = [&] { return none ? none : (none = const_none(r)); };
  if (name == "rjust" || name == "ljust" || name == "center" || name == "zfill") { // Python-written
    bool zfill = name == "zfill";
    if (!arity(1, zfill ? 1 : 2)) return nullptr;
    if (!args[0]->type().is(TypeKind::Int) && !args[0]->type().is(TypeKind::Bool)) {
      type_error(e.operands[1]->range, "str." + name + "() takes an int width here, not a " + args[0]->type().to_string());
      return nullptr;
    }
    if (args.size() == 2 && !need_str(1)) return nullptr;
    std::vector<Value*> all{self};
    all.insert(all.end(), args.begin(), args.end());
    Environment empty;
    return python_helper("str", name, all, e, call_env_ ? *call_env_ : empty); // stdlib_modules.cpp
  }
  if (name == "format") return lower_str_format(callee, e, args); // lower_str_format.cpp
  if (name == "translate") return arity(1, 1) ? str_translate(self, args[0], e) : nullptr;
  if (name == "maketrans") { // s.maketrans(...): the static method, s unused
    Environment empty;
    return str_maketrans(args, e, call_env_ ? *call_env_ : empty);
  }
  if (name == "upper" || name == "lower") {
    if (!arity(0, 0)) return nullptr;
    return str_call("case", {self, const_int(name == "upper" ? 0 : 1, r)}, Type::str(), r);
  }
  static const char* const predicates[] = {"isdigit", "isalpha", "isspace",
                                           "isalnum", "isupper", "islower"};
  for (int k = 0; k < 6; ++k)
    if (name == predicates[k])
      return arity(0, 0) ? str_call("is", {self, const_int(k, r)}, Type::bool_(), r) : nullptr;
  if (name == "strip" || name == "lstrip" || name == "rstrip") {
    if (!arity(0, 1) || (args.size() == 1 && !need_str(0))) return nullptr;
    int which = name == "strip" ? 0 : name == "lstrip" ? 1 : 2;
    return str_call("strip", {self, const_int(which, r), args.empty() ? none_str() : args[0]},
                    Type::str(), r);
  }
  if (name == "startswith" || name == "endswith" || name == "count") {
    if (!arity(1, 1) || !need_str(0)) return nullptr;
    return str_call(name, {self, args[0]}, name == "count" ? Type::int_() : Type::bool_(), r);
  }
  // s.find(sub[, start[, end]]); s.index(...) is find's answer, and CPython's ValueError where find's is -1.
  if (name == "find" || name == "rfind" || name == "index" || name == "rindex") {
    if (!arity(1, 3) || !need_str(0)) return nullptr;
    std::vector<Value*> bounds{const_int(0, r), const_int(0, r)};
    for (size_t i = 1; i < args.size(); ++i)
      if (!(bounds[i - 1] = index_value(args[i], e.operands[i + 1]->range, ("str." + name + "()").c_str())))
        return nullptr;
    bool last = name == "rfind" || name == "rindex";
    Value* at = str_call(last ? "rfind" : "find",
                         {self, args[0], bounds[0], bounds[1], const_int(int64_t(args.size()) == 3 ? 3 : args.size() == 2 ? 1 : 0, r)},
                         Type::int_(), r);
    if (name == "index" || name == "rindex")
      raise_if(emit1(OpKind::Lt, {at, const_int(0, r)}, Type::bool_(), r), PYRT_VALUE_ERROR, "substring not found", r);
    return at;
  }
  if (name == "partition" || name == "rpartition") {
    if (!arity(1, 1) || !need_str(0)) return nullptr;
    return str_partition(self, args[0], name == "rpartition", r);
  }
  if (name == "replace") {
    if (!arity(2, 3) || !need_str(0) || !need_str(1)) return nullptr;
    Value* count =
        args.size() == 3 ? index_value(args[2], e.operands[3]->range, "count") : const_int(-1, r);
    if (!count) return nullptr;
    return str_call("replace", {self, args[0], args[1], count}, Type::str(), r);
  }
  if (name == "splitlines") {
    if (!arity(0, 0)) return nullptr;
    return str_call("splitlines", {self}, Type::list(Type::str()), r);
  }
  if (name == "split") {
    if (!arity(0, 2) || (!args.empty() && !need_str(0))) return nullptr;
    Value* maxsplit = args.size() == 2 ? index_value(args[1], e.operands[2]->range, "maxsplit")
                                       : const_int(-1, r);
    if (!maxsplit) return nullptr;
    return str_call("split", {self, args.empty() ? none_str() : args[0], maxsplit},
                    Type::list(Type::str()), r);
  }
  if (name == "join") {
    if (!arity(1, 1)) return nullptr;
    Value* parts = args[0];
    if (parts->type().is(TypeKind::Set) && parts->type().elements()[0].is(TypeKind::Str))
      parts = set_elements(parts, r); // in the set's order
    if (!parts->type().is(TypeKind::List) || !parts->type().elements()[0].is(TypeKind::Str)) {
      if (parts->type().is(TypeKind::List) && parts->type().elements()[0].is(TypeKind::Unknown)) {
        fix_unknown(parts->type().elements()[0].rank(), Type::str());
      } else {
        type_error(e.operands[1]->range,
                   "str.join() takes a list of str here, not a " + parts->type().to_string());
        return nullptr;
      }
    }
    return str_call("join", {self, parts}, Type::str(), r);
  }
  type_error(callee.text_range, "a str has no method '" + name + "' in pyscript",
             "str methods: split splitlines join strip lstrip rstrip replace find rfind index rindex partition rpartition "
             "translate format (of a literal) rjust ljust center zfill "
             "startswith endswith upper lower count isdigit isalpha isspace isalnum isupper islower");
  return nullptr;
}

// s.partition(sep): (s[:i], sep, s[i + len(sep):]) where sep first occurs at i, else (s, "", "");
// rpartition: its last occurrence, else ("", "", s). Slices at indices chosen without branches.
Value* FunctionLowering::str_partition(Value* s, Value* sep, bool last, const SourceRange& r) {
  Value* n = emit1(OpKind::StrLen, {s}, Type::int_(), r);
  Value* width = emit1(OpKind::StrLen, {sep}, Type::int_(), r);
  raise_if(emit1(OpKind::Eq, {width, const_int(0, r)}, Type::bool_(), r), PYRT_VALUE_ERROR, "empty separator", r);
  Value* at = last ? str_call("rfind", {s, sep, const_int(0, r), const_int(0, r), const_int(0, r)}, Type::int_(), r)
                   : str_call("find", {s, sep, const_int(0, r), const_int(0, r), const_int(0, r)}, Type::int_(), r);
  Value* found = emit1(OpKind::Ge, {at, const_int(0, r)}, Type::bool_(), r);
  Value* cut = emit1(OpKind::Select, {found, at, last ? const_int(0, r) : n}, Type::int_(), r);
  Value* kept = emit1(OpKind::Select, {found, width, const_int(0, r)}, Type::int_(), r);
  auto slice = [&](Value* str, Value* start, Value* stop) { // str[start:stop], or str[start:]
    return str_call("slice", {str, start, stop ? stop : const_int(0, r), const_int(0, r), const_int(stop ? 3 : 1, r)},
                    Type::str(), r);
  };
  Value* head = slice(s, const_int(0, r), cut);
  Value* middle = slice(sep, const_int(0, r), kept);
  Value* tail = slice(s, emit1(OpKind::Add, {cut, kept}, Type::int_(), r), nullptr);
  return emit1(OpKind::TupleConstruct, {head, middle, tail}, Type::tuple({Type::str(), Type::str(), Type::str()}), r);
}

// An f-string as a str value: each field formatted, then the pieces joined.
Value* FunctionLowering::lower_fstring_value(const ast::Expr& e, Environment& env) {
  std::vector<Value*> pieces;
  for (const ast::FStringPiece& piece : e.fstring) {
    if (piece.field < 0) {
      pieces.push_back(const_str(piece.text, e.range));
      continue;
    }
    Value* v = formatted_number(lower_expr(*e.operands[size_t(piece.field)], env), piece);
    if (!v || !formattable(v, piece)) return nullptr;
    if (v->type().is_numpy_scalar()) {
      type_error(piece.range, "a numpy scalar in an f-string value is not supported yet",
                 "convert it: float(x)");
      return nullptr;
    }
    if (piece.spec.empty()) {
      Value* s = to_str(v, piece.conversion == 'r', piece.range);
      if (!s) return nullptr;
      pieces.push_back(s);
      continue;
    }
    if (piece.conversion && !(v = to_str(v, piece.conversion == 'r', piece.range))) return nullptr;
    if (v->type().is(TypeKind::Bool)) v = cast(v, Type::int_(), piece.range);
    const char* fn = v->type().is(TypeKind::Int)     ? "format_int"
                     : v->type().is(TypeKind::Float) ? "format_float"
                                                     : "format_str";
    ir::Node* n = emit(OpKind::StrCall, {v}, {Type::str()}, piece.range);
    n->set_attr("fn", std::string(fn));
    n->set_attr("spec", piece.spec);
    pieces.push_back(n->output());
  }
  if (pieces.size() == 1) return pieces[0];
  if (pieces.empty()) return const_str("", e.range);
  return str_call("build", pieces, Type::str(), e.range);
}

} // namespace pyscript::lower
