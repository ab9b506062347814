// itertools' finite iterators -> lists (Note [itertools as lists]).
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"

#include <optional>

namespace pyscript::lower {

using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [itertools as lists]
// permutations, combinations, combinations_with_replacement, product, accumulate, chain and islice
// are what a loop iterates over or list/sorted/sum consume: each call is the list of what its
// iterator yields, made at the call, in CPython's order (lexicographic in the input positions for
// the combinatoric ones; product's rightmost pool fastest). A pyscript tuple's length is part of
// its type, so r (and product's repeat) must be an int literal, or permutations' default, which
// is the pool's length, known only for... nothing a list gives: refused with help. The index
// sequences come from the "itertools" Python-written module (Note [Python-written modules]); each
// becomes a tuple of the pools' elements here. Infinite iterators (count, cycle, repeat) and
// groupby are not built; so the iterator objects themselves are not either: a call stored in a
// variable is a list (printing it shows the list, where CPython shows an iterator's address).
namespace {

std::optional<int64_t> literal_int(Value* v) {
  ir::Node* p = v ? v->producer() : nullptr;
  if (!p || p->kind() != OpKind::Constant || !v->type().is(TypeKind::Int)) return std::nullopt;
  return p->int_attr("value");
}

} // namespace

Value* FunctionLowering::lower_itertools_call(const ast::Expr& e, Environment& env) {
  const std::string& name = e.operands[0]->text;
  const SourceRange& r = e.range;
  std::vector<Value*> args;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* v = lower_call_argument(*e.operands[i], env);
    if (!v) return nullptr;
    if (never_values_.count(v)) return v;
    args.push_back(v);
  }
  std::map<std::string, Value*> keywords;
  for (const ast::Keyword& kw : e.keywords) {
    Value* v = lower_expr(*kw.value, env);
    if (!v) return nullptr;
    keywords[kw.name] = v;
  }
  auto helper = [&](const std::string& fn, std::vector<Value*> inputs) {
    return python_helper("itertools", fn, inputs, e, env);
  };
  // A list or str the elements are read from (another iterable is copied into a list first).
  auto pool = [&](Value* v) -> Value* {
    if (v->type().is(TypeKind::List) || v->type().is(TypeKind::Str)) return v;
    return helper("to_list", {v});
  };
  if (name == "chain") {
    if (args.empty()) return emit1(OpKind::ListNew, {}, Type::list(Type::unknown(module_.new_origin())), r);
    Value* out = helper("to_list", {args[0]});
    for (size_t i = 1; i < args.size() && out; ++i)
      if (!helper("extend_from", {out, args[i]})) return nullptr;
    return out;
  }
  if (name == "accumulate") {
    Value* func = keywords.count("func") ? keywords["func"] : args.size() > 1 ? args[1] : nullptr;
    if (func && func->type().is(TypeKind::None)) func = nullptr;
    Value* initial = keywords.count("initial") ? keywords["initial"] : nullptr;
    if (initial && initial->type().is(TypeKind::None)) initial = nullptr;
    Value* items = pool(args[0]);
    if (!items) return nullptr;
    if (items->type().is(TypeKind::Str)) items = helper("to_list", {items});
    if (!items) return nullptr;
    if (initial) return func ? helper("accumulate_func_initial", {items, func, initial})
                             : helper("accumulate_initial", {items, initial});
    return func ? helper("accumulate_func", {items, func}) : helper("accumulate", {items});
  }
  if (name == "islice") {
    std::vector<Value*> bounds(args.begin() + 1, args.end());
    if (bounds.size() == 1) bounds.insert(bounds.begin(), const_none(r)); // islice(it, stop)
    while (bounds.size() < 3) bounds.push_back(const_none(r));
    Value* items = pool(args[0]);
    if (!items) return nullptr;
    if (items->type().is(TypeKind::Str)) items = helper("to_list", {items});
    if (!items) return nullptr;
    for (Value*& b : bounds)
      if (!b->type().is(TypeKind::None) && !b->type().is(TypeKind::Int)) {
        type_error(r, "islice()'s bounds must be ints or None, not " + b->type().to_string());
        return nullptr;
      }
    // CPython's checks, in its order, at the caller's line: a stop of -1 has a message of its own
    // (CPython's C code reads -1 as its conversion's error), other negative bounds another.
    auto compare = [&](OpKind op, Value* b, int64_t k) { return emit1(op, {b, const_int(k, r)}, Type::bool_(), r); };
    const std::string indices = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    bool has_start = !bounds[0]->type().is(TypeKind::None), has_stop = !bounds[1]->type().is(TypeKind::None);
    if (has_stop)
      raise_if(compare(OpKind::Eq, bounds[1], -1), PYRT_VALUE_ERROR,
               "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.", r);
    if (has_start) raise_if(compare(OpKind::Lt, bounds[0], 0), PYRT_VALUE_ERROR, indices, r);
    if (has_stop) raise_if(compare(OpKind::Lt, bounds[1], 0), PYRT_VALUE_ERROR, indices, r);
    if (!bounds[2]->type().is(TypeKind::None))
      raise_if(compare(OpKind::Lt, bounds[2], 1), PYRT_VALUE_ERROR, "Step for islice() must be a positive integer or None.",
               r);
    return helper("islice", {items, bounds[0], bounds[1], bounds[2]});
  }
  // The combinatoric ones: index sequences, then tuples of elements.
  std::vector<Value*> pools;
  Value* indices = nullptr;
  if (name == "product") {
    int64_t repeat = 1;
    if (keywords.count("repeat")) {
      std::optional<int64_t> k = literal_int(keywords["repeat"]);
      if (!k) {
        type_error(r, "product()'s repeat must be an int literal in pyscript: the tuples' length is part of their type");
        return nullptr;
      }
      repeat = *k;
    }
    if (repeat < 0) { // raised before anything is made (what follows is typed as repeat=1, never run)
      raise_if(const_bool(true, r), PYRT_VALUE_ERROR, "repeat argument cannot be negative", r);
      repeat = 1;
    }
    for (int64_t k = 0; k < repeat; ++k)
      for (Value* a : args) {
        Value* p = pool(a);
        if (!p) return nullptr;
        pools.push_back(p);
      }
    std::vector<Value*> sizes;
    for (Value* p : pools) sizes.push_back(sequence_length(p, r));
    Value* size_list = emit1(OpKind::ListNew, sizes, Type::list(Type::int_()), r);
    indices = helper("product_indices", {size_list});
  } else {
    Value* items = args.empty() ? nullptr : pool(args[0]);
    if (!items) return nullptr;
    Value* rv = keywords.count("r") ? keywords["r"] : args.size() > 1 ? args[1] : nullptr;
    std::optional<int64_t> k = literal_int(rv);
    if (!k) {
      type_error(rv ? e.range : e.operands[0]->range,
                 name + "()'s r must be an int literal in pyscript: the tuples' length is part of their type",
                 rv ? "" : "give the length: " + name + "(xs, 3)");
      return nullptr;
    }
    if (*k < 0) { // raised before anything is made (what follows is typed as r=1, never run)
      raise_if(const_bool(true, r), PYRT_VALUE_ERROR, "r must be non-negative", r);
      k = 1;
    }
    for (int64_t j = 0; j < *k; ++j) pools.push_back(items);
    std::string fn = name == "permutations"   ? "permutation_indices"
                     : name == "combinations" ? "combination_indices"
                                              : "replacement_indices";
    indices = helper(fn, {sequence_length(items, r), const_int(*k, r)});
  }
  if (!indices) return nullptr;
  if (pools.empty()) {
    type_error(r, name + "() giving empty tuples is not supported by pyscript");
    return nullptr;
  }
  std::vector<Type> fields;
  for (Value* p : pools) fields.push_back(p->type().is(TypeKind::Str) ? Type::str() : p->type().elements()[0]);
  for (const Type& f : fields)
    if (f.has_unknown()) return unknown_element(pools[0], r), nullptr;
  Type tuple = Type::tuple(fields);
  Value* out = emit1(OpKind::ListNew, {}, Type::list(tuple), r);
  each_element(indices, r, {}, [&](Value* idx, std::vector<Value*>&) {
    std::vector<Value*> items;
    for (size_t j = 0; j < pools.size(); ++j)
      items.push_back(element_at(pools[j], element_at(idx, const_int(int64_t(j), r), r), r));
    emit(OpKind::ListAppend, {out, emit1(OpKind::TupleConstruct, items, tuple, r)}, {}, r);
  });
  return out;
}

} // namespace pyscript::lower
