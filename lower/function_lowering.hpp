// Internal to lower/: the state of lowering one function specialization (or the top level).
// Statements: lower_stmt.cpp; expressions: lower_expr.cpp; calls and builtins: lower_call.cpp;
// merging paths: merge.cpp.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "ir/graph.hpp"
#include "lower/classes.hpp"
#include "lower/environment.hpp"
#include "lower/exceptions.hpp"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <variant>

namespace pyscript::lower {

class ModuleLowering;

// A copy of `e` with the names in `renames` renamed (lower_comprehension.cpp).
using ast::clone_expr; // (frontend/ast.hpp)
// The name type(x).__name__ gives for a value of static type t ("int", "list", "ndarray"), when
// it does not depend on run time (lower_type_names.cpp).
std::optional<std::string> static_type_name(const ir::Type& t);
// The expression `text` (a Name) at `r`, for statements the lowering builds (lower_comprehension.cpp).
ast::ExprPtr name_expr(const std::string& text, const SourceRange& r);
std::string python_name(const ast::FunctionDef& fn); // lower_lambda.cpp
// A copy of a statement of a function's body (lower_lambda.cpp).
ast::StmtPtr clone_stmt(const ast::Stmt& s, const std::map<std::string, std::string>& renames = {});

// 3 or -3 as written in the source (axes, tuple indices and slice bounds); nothing otherwise.
std::optional<int64_t> int_literal(const ast::Expr& e);
// The dtype of reduction `op` of an array of dtype `in` (np.mean of ints is float64, ...).
ir::DType reduction_dtype(const std::string& op, ir::DType in);
// Whether `body` (nested blocks included) has a `return`; with_value: a `return <value>`.
bool contains_return(const ast::StmtList& body, bool with_value = false);
// A break or continue (`kind`) of the loop whose body this is, not of loops nested in it.
bool contains_loop_exit(const ast::StmtList& body, ast::StmtKind kind);

// Note [Python and numpy scalars meet] (either.cpp): the Either type two types merge into (a
// Python number and its numpy scalar, or tuples of such pairs), if any.
std::optional<ir::Type> either_of(const ir::Type& a, const ir::Type& b);
bool holds_either(const std::vector<ir::Value*>& values);

// numpy helpers shared by the lower_numpy*.cpp files (defined in lower_numpy.cpp): the keyword
// argument `name` of a call (null when absent), the dtype a Python scalar type stands for, and
// numpy 2's promotion of two array dtypes.
const ast::Keyword* keyword(const ast::Expr& call, const char* name);
ir::DType scalar_dtype(const ir::Type& t);
ir::DType promote_arrays(ir::DType a, ir::DType b);

// What np.load finds at a path (Note [Typing np.load] in lower_numpy_io.cpp): an .npy file's
// array, or an archive's members (named as in the zip, "w1.npy"); an entry without a type says why
// in `problem` (a dtype pyscript lacks, ...).
struct NumpyFileType {
  struct Entry {
    std::string name;
    std::optional<ir::Type> type;
    std::string problem;
  };
  bool npz = false;
  Entry array;
  std::vector<Entry> members;
};
// What lowering learns of files while it goes: the program's saves with paths known when
// compiling (by path), and the module's str constants (by name).
struct NumpyFiles {
  std::map<std::string, NumpyFileType> saved;
  std::set<std::string> failed; // saves with an error reported (no cascade at their loads)
  std::map<std::string, std::string> str_constants;
};
// Thrown when a field's type widened (Note [Objects] in classes.hpp): the module is lowered again.
struct RestartLowering {};

// Thrown when the program uses a feature the lowering does not cover yet (numpy arrays).
struct NotYetSupported : std::runtime_error {
  SourceRange where;
  NotYetSupported(const std::string& what, const SourceRange& r) : std::runtime_error(what), where(r) {}
};

// A value a dict key or set element may be: numbers, str, tuples of them (and None when `none`);
// an Unknown element still open counts (lower_dict.cpp).
bool hashable_value(const ir::Type& t, bool none);

class FunctionLowering {
public:
  FunctionLowering(ModuleLowering& module, ir::Function& function, DiagnosticEngine& diags,
                   bool is_main);

  // Lowers the body with `env` holding the parameters; sets the function's return type.
  void lower_body(const ast::StmtList& body, Environment env);
  // The top level's end, for a host: Note [Module names for hosts] (lower/module_names.cpp).
  void store_module_names(const Environment& env);

  // The return type seen so far (for recursive calls), if any return was lowered.
  std::optional<ir::Type> return_type_so_far() const { return return_type_; }
  // Note [Recursive calls before a return] (lower_call.cpp): a recursive call lowered while this
  // function's return type was unknown (at `at`), or taken as `assumed`.
  void recursive_call_unknown(const SourceRange& at) { unknown_recursive_calls_.push_back(at); }
  void recursive_call_assumed(const ir::Type& assumed) { recursive_assumed_.push_back(assumed); }

  // --- used across the lower_*.cpp files ---
  ir::Node* emit(ir::OpKind kind, const std::vector<ir::Value*>& inputs,
                 const std::vector<ir::Type>& outputs, const SourceRange& range);
  ir::Value* emit1(ir::OpKind kind, const std::vector<ir::Value*>& inputs, ir::Type output,
                   const SourceRange& range) {
    return emit(kind, inputs, {std::move(output)}, range)->output();
  }
  ir::Value* const_int(int64_t v, const SourceRange& r);
  ir::Value* const_float(double v, const SourceRange& r);
  ir::Value* const_bool(bool v, const SourceRange& r);
  ir::Value* const_none(const SourceRange& r);
  ir::Value* const_str(const std::string& v, const SourceRange& r);
  ir::Value* uninitialized(const ir::Type& t, const SourceRange& r);
  ir::Value* cast(ir::Value* v, const ir::Type& to, const SourceRange& r);
  // `v` as the Either type `to` (either_of of its type and another).
  ir::Value* to_either(ir::Value* v, const ir::Type& to, const SourceRange& r);
  ir::Value* numpy_scalar(ir::Value* python, ir::DType d, const SourceRange& r);
  // Python truthiness as a bool value.
  ir::Value* truth(ir::Value* v, const SourceRange& r);

  // User classes (lower_class.cpp, Note [Objects] in classes.hpp).
  const ClassInfo* class_of(const ir::Type& t) const;
  ir::Value* object_cast(ir::Value* v, const ir::Type& to, const SourceRange& r);
  ir::Value* unwrap_optional(ir::Value* v, const std::string& attribute, const SourceRange& r);
  // Optional numbers (lower_optional.cpp, Note [Optional numbers]): `x is None` of an Optional (is_none_value);
  // operands taken out of their Optionals, after CPython's TypeError for a None among them
  // (`message` names the operands' run-time types); == and != of an Optional number.
  ir::Value* is_none_value(ir::Value* optional, const SourceRange& r);
  bool unwrap_numbers(std::vector<ir::Value*>& operands,
                      const std::function<std::string(const std::vector<std::string>&)>& message,
                      const SourceRange& r);
  ir::Value* compare_optional(ast::CompareOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  // f"{x:spec}" of an Optional number: its number, after CPython's TypeError for None.
  ir::Value* formatted_number(ir::Value* v, const ast::FStringPiece& piece);
  bool check_method_arity(const ast::FunctionDef& fn, const ast::Expr& call, size_t given, bool bound);
  ir::Value* invoke_method(const ast::FunctionDef& fn, const ClassInfo& owner, ir::Value* self, const ast::Expr& call,
                           std::vector<ir::Value*> args, Environment& env);
  ir::Value* call_method(ir::Value* self, const std::string& name, const ast::Expr& call, std::vector<ir::Value*> args,
                         Environment& env);
  ir::Value* get_field(ir::Value* object, const std::string& field, const SourceRange& r);
  ir::Value* class_constant(const ClassInfo& cls, const std::string& name, const SourceRange& r);
  ir::Value* object_attribute(ir::Value* object, const ast::Expr& e);
  void store_attribute(const ast::Expr& target, ir::Value* v, Environment& env);
  ir::Value* construct(const ClassInfo& cls, const ast::Expr& call, std::vector<ir::Value*> args, Environment& env);
  ir::Value* call_super(const std::string& name, const ast::Expr& call, std::vector<ir::Value*> args, Environment& env);
  ir::Value* lower_isinstance(ir::Value* x, const ast::Expr& cls_expr, const SourceRange& r);
  ir::Value* operator_method(const char* method, ir::Value* a, std::vector<ir::Value*> args, const ast::Expr& e,
                             bool required);
  ir::Value* object_to_str(ir::Value* v, bool repr, const SourceRange& r);
  ir::Value* lower_class_call(const ast::Expr& e, Environment& env, bool& handled);
  bool has_user_eq(const ir::Type& t) const;
  // Lambdas and nested functions (lower_lambda.cpp, Note [Closures]).
  ir::Value* lower_lambda(const ast::Expr& e, Environment& env);
  ir::Value* bound_method_value(ir::Value* self, const ast::Expr& e);
  ir::Value* function_name_of(const ir::Type& t, const SourceRange& r);
  ir::Value* dict_with_keywords(const ast::Expr& e, std::vector<ir::Value*>& args, Environment& env);
  // Origins of empty containers read before their type was known, with the error count then
  // (Note [Read before the first store] in lower_list.cpp).
  std::map<int, size_t> unknown_reads_;
  ir::Value* math_isclose(const ast::Expr& e, std::vector<ir::Value*>& args, Environment& env);
  void read_unknown(int origin) { unknown_reads_.emplace(origin, diags_.error_count()); }
  void lower_nested_def(const ast::Stmt& s, Environment& env);
  // In a nested function's body, its own name is the closure of its captures (specialize).
  void bind_own_closure(const ast::FunctionDef& fn, Environment& env);
  bool captured_in_loop(const std::string& name, const SourceRange& at, const char* what);
  // A lambda written as the key= of sorted, list.sort, min or max: called only during that call,
  // so a loop variable it captures cannot change under it (no [closure] diagnostic).
  const ast::Expr* consumed_lambda_ = nullptr;
  ir::Value* lower_consumed_lambda(const ast::Expr& key, Environment& env);
  ir::Value* make_closure(const ast::FunctionDef& def, const std::vector<ir::Value*>& values,
                          const SourceRange& range);
  // A condition lowered to a constant (`n is None` of a None-typed n): the branch it rules out is
  // not lowered (Note [Branches the types decide] in lower_stmt.cpp).
  std::optional<bool> constant_condition(const ir::Value* cond) const;
  std::set<const ir::Value*> decided_by_types_; // constants `is None` tests gave (not literals)
  ir::Value* attribute_of_none(const std::string& name, const SourceRange& r);
  bool widen_display(ir::Value* container, size_t which, const ir::Type& have);
  std::optional<ir::Type> widened_display(const SourceRange& r) const;
  void adopt_element_types(ir::Type have, ir::Type got);
  ir::Value* call_function_value(ir::Value* f, const ast::Expr& call, std::vector<ir::Value*> args, Environment& env);
  // isinstance with builtin types, type(x).__name__ (lower_type_names.cpp)
  // range(...) beyond a for loop's iterable (lower_range.cpp)
  bool is_range_call(const ast::Expr& e, Environment& env);
  bool range_bounds(const ast::Expr& call, Environment& env, ir::Value*& start, ir::Value*& stop, ir::Value*& step);
  ir::Value* range_length(const ast::Expr& call, Environment& env);
  ir::Value* range_contains(ir::Value* x, const ast::Expr& range, Environment& env, const SourceRange& r);
  bool reversed_range(const ast::Expr& range, Environment& env, ir::Value*& trips, ir::Value*& first, ir::Value*& step);
  bool lower_isinstance_builtin(const ast::Expr& e, Environment& env, ir::Value*& out);
  bool lower_type_name(const ast::Expr& e, Environment& env, ir::Value*& out);
  ir::Value* class_name_of(ir::Value* obj, const SourceRange& r);
  static bool is_builtin_value(const ir::Type& f);
  ir::Value* call_builtin_value(const ir::Type& f, const ast::Expr& call, std::vector<ir::Value*>& args);
  std::vector<std::set<std::string>> loop_assigned_; // names the loops around assign
  ir::Value* search_with_eq(const std::string& what, ir::Value* list, ir::Value* x, const ast::Expr& e);
  // Set for a method's lowering: its class and the name of its self parameter.
  const ClassInfo* method_class_ = nullptr;
  std::map<std::string, std::vector<ir::Type>>* assigned_seen_ = nullptr; // lower_loop: types names get
  std::string self_name_;

  ir::Block* insertion_block() const { return block_; }
  void set_insertion_block(ir::Block* b) { block_ = b; }

private:
  // statements (lower_stmt.cpp)
  void lower_stmts(const ast::StmtList& list, size_t from, Environment& env);
  void lower_stmt(const ast::Stmt& s, Environment& env);
  void lower_assign(const ast::Stmt& s, Environment& env);
  void lower_item_update(const ast::Stmt& s, Environment& env);
  void bind_target(const ast::Expr& target, ir::Value* v, Environment& env);
  // `a, *rest, z = v` (lower_starred.cpp): target.operands[star] is the Starred.
  void bind_starred(const ast::Expr& target, size_t star, ir::Value* v, Environment& env);
  void poison_target(const ast::Expr& target, Environment& env);
  void lower_if(const ast::Stmt& s, Environment& env);
  void lower_branches(ir::Value* cond, const ast::StmtList& then_body, const ast::StmtList& else_body,
                      const SourceRange& r, Environment& env, const ast::Expr* cond_expr = nullptr);
  // Note [Refining Optionals] (lower_class.cpp): names `cond` being `when` proves are not None.
  void refine(const ast::Expr& cond, bool when, Environment& env);
  struct LoopOver;
  void lower_loop_else(const ast::Stmt& s, Environment& env, const LoopOver& over);
  void lower_for(const ast::Stmt& s, Environment& env);
  void lower_while(const ast::Stmt& s, Environment& env);
  void lower_loop(const ast::Stmt& s, Environment& env, ir::Value* trip_count, ir::Value* first_cond,
                  ir::Value* start, ir::Value* step, ir::Value* over_array, std::optional<int64_t> peel = std::nullopt);
  // One lowering of the loop; with `widen`, carried names whose body turns a Python number into a
  // numpy scalar are put there (and the loop is to be lowered again) instead of reported.
  ir::Node* lower_loop_once(const ast::Stmt& s, Environment& env, ir::Value* trip_count, ir::Value* first_cond,
                            ir::Value* start, ir::Value* step, ir::Value* over_array,
                            std::map<std::string, ir::Type>* widen);
  // Note [Peeling a loop's first iteration] (lower_loops.cpp)
  std::optional<int64_t> peelable_trips(const ast::Stmt& s, ir::Value* start, ir::Value* stop, ir::Value* step);
  void lower_peeled_loop(const ast::Stmt& s, Environment& env, int64_t trips, ir::Value* start, ir::Value* step);
  bool carried_conflict_ = false; // lower_loop_once reported a carried name changing type
  void lower_return(const ast::Stmt& s, Environment& env);
  void lower_assert(const ast::Stmt& s, Environment& env);
  // Whether any exit flag is set in `env`, as a bool value; null when no flag exists.
  ir::Value* exiting(Environment& env, const SourceRange& r);

  // merging (merge.cpp)
  Environment merge(ir::Node* if_node, Environment then_env, Environment else_env,
                    const SourceRange& r);
  void check_return_types(const SourceRange& where, const ir::Type& t);

  // expressions (lower_expr.cpp)
public:
  ir::Value* lower_expr(const ast::Expr& e, Environment& env);
  ir::Value* lower_condition(const ast::Expr& e, Environment& env);

private:
  ir::Value* lower_name(const ast::Expr& e, Environment& env);
  ir::Value* lower_expr_of_kind(const ast::Expr& e, Environment& env);
  // Note [Python and numpy scalars meet] (either.cpp)
  const std::string* either_read(const ast::Expr& e, const Environment& env);
  ir::Value* lower_split(const ast::Expr& e, const std::string& name, Environment& env);
  ir::Value* branch_on_kind(ir::Value* either, const SourceRange& r, const std::string& what,
                            const std::function<ir::Value*(ir::Value*)>& per_kind);

public:
  // f(values), with each Either value its numpy scalar on one path and its Python number on the
  // other (Note [Python and numpy scalars meet]).
  ir::Value* split_values(std::vector<ir::Value*> values, const SourceRange& r,
                          const std::function<ir::Value*(std::vector<ir::Value*>&)>& f);

private:
  ir::Value* lower_binary(const ast::Expr& e, Environment& env);
  ir::Value* arithmetic(ast::BinaryOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* lower_unary(const ast::Expr& e, Environment& env);
  ir::Value* unary_value(const ast::Expr& e, ir::Value* v);
  ir::Value* lower_compare(const ast::Expr& e, Environment& env);
  // Note [== of Optional objects] (object_eq.cpp); null when it does not apply.
  ir::Value* optional_object_eq(ast::CompareOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* compare(ast::CompareOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* lower_logical(const ast::Expr& e, Environment& env, bool as_condition);
  ir::Value* lower_ifexp(const ast::Expr& e, Environment& env);
  ir::Value* lower_subscript(const ast::Expr& e, Environment& env);
  ir::Value* tuple_slice(ir::Value* t, const ast::Expr& slice, const SourceRange& range);
  ir::Value* lower_attribute(const ast::Expr& e, Environment& env);
  // Two branches producing one value each: If(cond) { then } else { else }.
  template <class Then, class Else>
  ir::Value* select(ir::Value* cond, Then then_fn, Else else_fn, const ast::Expr& e,
                    const char* what);
  // int/float/bool operands to one arithmetic type; null (after a diagnostic) when impossible.
  bool unify_numbers(ir::Value*& a, ir::Value*& b, const ast::Expr& e, const char* op);
  void type_error(const SourceRange& r, const std::string& message, const std::string& help = "");

  // calls (lower_call.cpp)
  ir::Value* lower_call(const ast::Expr& e, Environment& env);
  ir::Value* lower_call_in(const ast::Expr& e, Environment& env);
  ir::Value* lower_builtin(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* numpy_scalar_builtin(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* lower_math(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* lower_math_int(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* lower_print(const ast::Expr& e, std::vector<ir::Value*>& args);
  // print(...) with f-string arguments (lower_fstring.cpp).
  ir::Value* lower_print_fstrings(const ast::Expr& e, Environment& env);
  bool print_keywords(const ast::Expr& e, std::string& sep, std::string& end);
  bool printable(const ir::Value* v, const SourceRange& range);
  bool formattable(const ir::Value* v, const ast::FStringPiece& piece);
  ir::Value* lower_user_call(const ast::FunctionDef& fn, const ast::Expr& e,
                             std::vector<ir::Value*>& args, Environment& env);

  // numpy (lower_numpy.cpp)
  ir::Value* lower_numpy_call(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* numpy_scalar_of(ir::DType d, const ast::Expr& e, Environment& env);
  ir::Value* lower_searchsorted(const ast::Expr& e, Environment& env); // lower_numpy_index.cpp
  ir::Value* array_from_list(const ast::Expr& e, Environment& env);
  ir::Value* array_of_arrays(const ast::Expr& e, const std::vector<const ast::Expr*>& leaves, ir::Value* first,
                             Environment& env);
  ir::Value* lower_numpy_join_list(const std::string& name, const ast::Expr& e, ir::Value* list);
  ir::Value* lower_numpy_reshuffle(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_array_method(ir::Value* self, const ast::Expr& callee, const ast::Expr& e,
                                Environment& env);
  ir::Value* lower_array_attribute(ir::Value* self, const ast::Expr& e);
  ir::Value* array_binary(const std::string& op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* array_unary(const std::string& op, ir::Value* a, const SourceRange& r);
  ir::Value* array_item(ir::Value* a, const ir::Type& to, const SourceRange& r);
  ir::Value* array_reduce(const std::string& op, ir::Value* a, const ast::Expr& call,
                          const ast::Expr* positional_axis);
  ir::Value* array_matmul(ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* array_transpose(ir::Value* a, const SourceRange& r, const std::vector<const ast::Expr*>& axes = {});
  ir::Value* array_reshape(ir::Value* a, const std::vector<ir::Value*>& dims, const SourceRange& r);
  ir::Value* array_index(ir::Value* a, const ast::Expr& index, Environment& env, const SourceRange& r);
  ir::Value* as_array(ir::Value* v, const SourceRange& r);
  bool shape_dims(ir::Value* shape, const SourceRange& r, std::vector<ir::Value*>& dims);
  std::optional<ir::DType> dtype_of_expr(const ast::Expr& e);

  // making, joining and selecting arrays (lower_numpy_shape.cpp)
  static bool is_numpy_shape_function(const std::string& name);
  ir::Value* lower_numpy_shape_call(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_array_copy(const std::string& name, ir::Value* self, const ast::Expr& e);
  ir::Value* lower_numpy_join(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_numpy_meshgrid(const ast::Expr& e, Environment& env);
  ir::Value* lower_numpy_pad(const ast::Expr& e, Environment& env);
  ir::Value* lower_numpy_like(const std::string& name, const ast::Expr& e, Environment& env);
  bool join_operands(const std::string& name, const ast::Expr& seq, Environment& env, std::vector<ir::Value*>& out,
                     ir::Value*& list);
  ir::Value* expand_dims(ir::Value* a, const ir::IntList& axes, const SourceRange& r);
  ir::Value* scalar_to_array(ir::Value* v, const SourceRange& r);
  // indexing with None, np.newaxis, boolean masks and int arrays (lower_numpy_index.cpp)
  using IndexValues = std::map<const ast::Expr*, ir::Value*>;
  bool slice_index(const ast::Expr& slice, const IndexValues& values, std::vector<ir::Value*>& inputs,
                   ir::IntList& spec);
  bool lower_index_parts(const std::vector<const ast::Expr*>& parts, Environment& env, IndexValues& values,
                         bool& advanced);
  ir::Value* array_index_advanced(ir::Value* a, const std::vector<const ast::Expr*>& parts,
                                  const IndexValues& values, const SourceRange& r);
  // np.random and Generators (lower_random.cpp)
  bool names_numpy_random(const ast::Expr& e, Environment& env);
  ir::Value* lower_random_call(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_generator_method(ir::Value* rng, const ast::Expr& callee, const ast::Expr& e, Environment& env);
  bool bind_random_args(const ast::Expr& call, const std::vector<std::string_view>& names,
                        std::vector<const ast::Expr*>& out, std::vector<ir::Value*>& values, Environment& env);
  ir::Value* random_float_param(const ast::Expr* e, ir::Value* v, double fallback, const ast::Expr& call);
  ir::Value* random_int_param(const ast::Expr& e, ir::Value* v, const char* what);
  bool random_size(const ast::Expr* e, ir::Value* v, std::vector<ir::Value*>& dims, bool& has_size);
  std::optional<bool> random_flag(const ast::Expr* e, bool fallback, const char* name);
  std::optional<ir::DType> random_dtype(const ast::Expr* e, ir::DType fallback, const std::string& fn, bool float32_ok);
  ir::Value* emit_draw(const std::string& fn, ir::Value* generator, const std::vector<ir::Value*>& params,
                       const std::vector<ir::Value*>& dims, bool has_size, const ir::Type& scalar, ir::DType dtype,
                       const SourceRange& r);
  ir::Value* random_choice(ir::Value* generator, const ast::Expr& e, Environment& env);
  ir::Value* random_permutation(ir::Value* generator, const ast::Expr& e, Environment& env);
  ir::Value* random_integers(ir::Value* generator, const ast::Expr& e, Environment& env);
  ir::Value* random_floats(const std::string& fn, ir::Value* generator, const ast::Expr& e, Environment& env);
  ir::Value* random_normal_arrays(ir::Value* generator, const ast::Expr& e, const std::vector<const ast::Expr*>& args,
                                  const std::vector<ir::Value*>& values);
  ir::Value* random_rand(const std::string& fn, const ast::Expr& e, Environment& env);
  ir::Value* random_seeding(bool generator, const ast::Expr& e, Environment& env);
  // numpy's files: np.load, np.save, np.savez (lower_numpy_io.cpp)
public:
  bool lower_numpy_io_assignment(const ast::Stmt& s, Environment& env);
  bool lower_npz_subscript(const ast::Expr& e, Environment& env, ir::Value*& out);
  bool is_npz_name(const std::string& name) const { return npz_names_.count(name) > 0; }
  ir::Value* npz_name_misuse(const ast::Expr& e);

private:
  static bool is_numpy_io(const std::string& name);
  ir::Value* lower_numpy_io(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_numpy_load(const ast::Expr& e, Environment& env);
  bool is_numpy_load(const ast::Expr& e, const Environment& env) const;
  std::optional<std::string> known_str(const ast::Expr& e, const Environment& env) const;
  std::optional<NumpyFileType> numpy_file_type(const std::string& path, const SourceRange& r);
  ir::Value* numpy_load(const std::string& path, const NumpyFileType::Entry& entry, const std::string* key,
                        const SourceRange& r);
  bool check_path_text(const std::string& path, const SourceRange& r);
  ir::Value* saved_array(ir::Value* v, const SourceRange& r, const char* fn);
  std::set<std::string> npz_names_; // names bound to an archive (z = np.load("w.npz"))
  // CPython's random and sys modules (lower_modules.cpp)
  bool lower_module_call(const ast::Expr& e, Environment& env, ir::Value*& out);
  ir::Value* lower_py_random_call(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args,
                                  Environment& env);
  ir::Value* py_random_sequence(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* py_random_int(const ast::Expr& arg, ir::Value* v, const std::string& fn);
  ir::Value* py_random_float(const ast::Expr& arg, ir::Value* v, const std::string& fn);
  ir::Value* py_random_draw(const std::string& fn, const std::vector<ir::Value*>& params, const ir::Type& out,
                            const SourceRange& r);
  ir::Value* lower_sys_call(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* lower_sys_attribute(const ast::Expr& e);
  // bisect, heapq, functools and string (stdlib_modules.cpp)
  ir::Value* lower_stdlib_call(const std::string& module, const ast::Expr& e, Environment& env);
  ir::Value* lower_string_constant(const ast::Expr& e);
  // collections.deque, Counter, defaultdict (lower_collections.cpp)
  ir::Value* lower_collections_call(const ast::Expr& e, Environment& env);
  ir::Type empty_container_type(ir::Type t, const SourceRange& r, uint32_t first);
  ir::Value* defaultdict_value(const std::string& factory, const ir::Type* value, const ast::Expr& e,
                               Environment& env);
  ir::Value* collection_subscript(ir::Value* d, ir::Value* k, const ast::Expr& e, Environment& env, bool& handled);
  ir::Value* collection_method(ir::Value* self, const ast::Expr& callee, const ast::Expr& e,
                               std::vector<ir::Value*>& args, Environment& env, bool& handled);
  ir::Value* collections_helper(const std::string& fn, std::vector<ir::Value*>& args, const ast::Expr& e,
                                Environment& env);
  ir::Value* collection_to_str(ir::Value* v, const SourceRange& r);
  ir::Value* counter_arithmetic(ast::BinaryOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* python_helper(const std::string& module, const std::string& fn, std::vector<ir::Value*>& args,
                           const ast::Expr& e, Environment& env);
  // itertools (lower_itertools.cpp)
  ir::Value* lower_itertools_call(const ast::Expr& e, Environment& env);
  // numpy's math, sorting and np.linalg (lower_numpy_math.cpp, lower_numpy_linalg.cpp)
  static bool is_numpy_math(const std::string& name);
  static bool is_array_math_method(const std::string& name);
  ir::Value* lower_numpy_math(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_array_math_method(ir::Value* self, const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* lower_linalg_call(const std::string& name, const ast::Expr& e, Environment& env);
  ir::Value* array_math(const std::string& name, ir::Value* a, const ast::Expr& e, size_t first, Environment& env);
  ir::Value* array_clip(ir::Value* a, const ast::Expr& e, size_t first, Environment& env);
  ir::Value* numpy_isclose(bool all, ir::Value* x, const ast::Expr& e, Environment& env);
  ir::Value* linalg_norm(ir::Value* x, const ast::Expr& e, Environment& env);
  ir::Value* linalg_eigh(ir::Value* a, const ast::Expr& e);
  ir::Value* numpy_cov(ir::Value* m, const ast::Expr& e);
  using Ord = std::variant<std::monostate, double, std::string>; // np.linalg.norm's ord
  ir::Value* vector_norm(ir::Value* x, const std::variant<std::monostate, double, std::string>& ord, int64_t axis,
                         bool keepdims, const ast::Expr& e);
  ir::Value* matrix_norm(ir::Value* x, const std::variant<std::monostate, double, std::string>& ord, int64_t row,
                         int64_t col, bool keepdims, const ast::Expr& e);
  ir::Value* reduce_node(const std::string& op, ir::Value* a, std::optional<int64_t> axis, bool keepdims,
                         const SourceRange& r);
  const ast::Expr* call_argument(const ast::Expr& call, size_t index, const char* name);
  ir::Value* number_as_array(ir::Value* v, const SourceRange& r);
  ir::Value* int_argument(const ast::Expr* e, int64_t fallback, const char* what, Environment& env,
                          const SourceRange& r);
  bool literal_axis(const ast::Expr* e, int rank, std::optional<int64_t> fallback, std::optional<int64_t>& axis,
                    const SourceRange& r);

  // lists, dicts, str (lower_list.cpp, lower_dict.cpp, lower_str.cpp, lower_list_builtins.cpp,
  // lower_sequence_loop.cpp, lower_comprehension.cpp)
public:
  void fix_unknown(int origin, const ir::Type& with);
  void fix_remaining_unknowns();
  std::optional<ir::Type> annotation_type(const ast::Expr& a);
  ir::Value* str_call(const std::string& fn, const std::vector<ir::Value*>& inputs, const ir::Type& out,
                      const SourceRange& r);
  ir::Value* to_str(ir::Value* v, bool repr, const SourceRange& r);

private:
  ir::Value* as_element(ir::Value* v, ir::Value* container, size_t which, const SourceRange& r);
  ir::Value* index_value(ir::Value* i, const SourceRange& r, const char* what);
  std::optional<ir::Type> display_type(std::vector<ir::Value*>& items, const std::vector<SourceRange>& at,
                                       const char* what);
  ir::Value* lower_list_display(const ast::Expr& e, Environment& env);
  ir::Value* lower_dict_display(const ast::Expr& e, Environment& env);
  // Sets (lower_set.cpp).
  ir::Value* lower_set_display(const ast::Expr& e, Environment& env);
  ir::Value* lower_set_builtin(const ast::Expr& e, std::vector<ir::Value*>& args);
  ir::Value* lower_set_method(ir::Value* self, const ast::Expr& callee, const ast::Expr& e,
                              std::vector<ir::Value*>& args);
  ir::Value* new_set(const ir::Type& element, const SourceRange& r);
  ir::Value* set_elements(ir::Value* s, const SourceRange& r);
  ir::Value* same_set(ir::Value* other, ir::Value* self, const std::string& what, const SourceRange& r);
  ir::Value* set_operator(const std::string& op, ir::Value* a, ir::Value* b, const SourceRange& r);
  ir::Value* set_compare(ast::CompareOp op, ir::Value* a, ir::Value* b, const SourceRange& r);
  bool check_set_element(const ir::Type& t, const SourceRange& r);
  ir::Value* list_subscript(ir::Value* list, const ast::Expr& e, Environment& env);
  ir::Value* dict_subscript(ir::Value* d, const ast::Expr& e, Environment& env);
  ir::Value* str_subscript(ir::Value* s, const ast::Expr& e, Environment& env);
  void unknown_element(ir::Value* container, const SourceRange& r);
  bool slice_bounds(const ast::Expr& slice, Environment& env, std::vector<ir::Value*>& inputs, int64_t& has);
  void store_subscript(const ast::Expr& target, ir::Value* v, Environment& env);
  void array_item_assignment(const ast::Expr& target);
  ir::Value* as_same_list(ir::Value* other, ir::Value* list, const SourceRange& r);
  void lower_del(const ast::Stmt& s, Environment& env);
  bool method_arity(const char* type, const std::string& name, const ast::Expr& call, size_t given, size_t lo,
                    size_t hi);
  ir::Value* lower_list_method(ir::Value* self, const ast::Expr& callee, const ast::Expr& e,
                               std::vector<ir::Value*>& args);
  ir::Value* lower_dict_method(ir::Value* self, const ast::Expr& callee, const ast::Expr& e,
                               std::vector<ir::Value*>& args);
  ir::Value* lower_str_method(ir::Value* self, const ast::Expr& callee, const ast::Expr& e,
                              std::vector<ir::Value*>& args);
  ir::Value* str_partition(ir::Value* s, ir::Value* sep, bool last, const SourceRange& r);
  ir::Value* lower_str_format(const ast::Expr& callee, const ast::Expr& e, std::vector<ir::Value*>& args);
  bool lower_str_maketrans(const ast::Expr& e, Environment& env, ir::Value*& out);
  ir::Value* str_maketrans(std::vector<ir::Value*>& args, const ast::Expr& e, Environment& env);
  ir::Value* str_translate(ir::Value* self, ir::Value* table, const ast::Expr& e);
  ir::Value* comparable_element(ir::Value* x, const ir::Type& element, const SourceRange& r);
  bool check_key_type(const ir::Type& t, const SourceRange& r);
  std::vector<ir::Value*> each_element(ir::Value* over, const SourceRange& r, std::vector<ir::Value*> carried,
                                       const std::function<void(ir::Value*, std::vector<ir::Value*>&)>& body);
  ir::Value* sequence_length(ir::Value* seq, const SourceRange& r);
  ir::Value* dict_keys_snapshot(ir::Value* d, ir::Value*& version, const SourceRange& r);
  ir::Value* element_at(ir::Value* seq, ir::Value* i, const SourceRange& r);
  void raise_if(ir::Value* cond, int kind, const std::string& message, const SourceRange& r);
  static ir::Type element_type(const ir::Type& t);
  ir::Value* less_than(ir::Value* a, ir::Value* b, const SourceRange& r);
  ir::Value* greater_than(ir::Value* a, ir::Value* b, const SourceRange& r);
  bool lower_sequence_builtin(const std::string& name, const ast::Expr& e, std::vector<ir::Value*>& args,
                              ir::Value*& out);
  bool list_sort(ir::Value* list, const ast::Expr& call);
  ir::Value* str_arithmetic(ast::BinaryOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* sequence_arithmetic(ast::BinaryOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* sequence_compare(ast::CompareOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* bitwise(ast::BinaryOp op, ir::Value* a, ir::Value* b, const ast::Expr& e);
  ir::Value* lower_fstring_value(const ast::Expr& e, Environment& env);
  ir::Value* lower_comprehension(const ast::Expr& e, Environment& env);
  void lower_clauses(const ast::Expr& e, int id, std::map<std::string, ir::Value*>& bound, Environment& env,
                     const std::function<ast::StmtPtr(const std::map<std::string, std::string>&)>& innermost);
  std::optional<ir::Value*> lower_fused_reduction(const std::string& fn, const ast::Expr& call, Environment& env);
  ir::Value* lower_next(const ast::Expr& call, Environment& env); // lower_next.cpp
  // Note [Ranges as values] (lower_range.cpp)
  ir::Value* range_value(const ast::Expr& call, Environment& env);
  bool refuse_range(ir::Value* v, const std::string& what, const SourceRange& r, const std::string& python_error);
  void unpack_list(const ast::Expr& target, ir::Value* v, Environment& env); // lower_stmt.cpp
  std::optional<ir::Type> element_type_of(const ast::Expr& gen, Environment& env);
  ir::Value* lower_call_argument(const ast::Expr& arg, Environment& env);
  // Note [Loops over sequences] (lower_sequence_loop.cpp): what the next Loop of lower_loop goes over.
  struct LoopOver {
    std::vector<ir::Value*> sequences;                      // lists and str, read at i
    std::vector<std::pair<ir::Value*, ir::Value*>> dicts;  // (dict, version) checked at each step
    std::vector<std::pair<ir::Value*, ir::Value*>> sets;   // (set, length) checked at each step
    bool enumerate = false, zip = false;
    ir::Value* enumerate_start = nullptr;
    SourceRange iterable; // where a dict that changed size is reported
  };
  LoopOver loop_over_;
  bool add_loop_sequence(ir::Value* v, const SourceRange& r);
  ir::Value* tuple_as_list(ir::Value* v, const SourceRange& r);
  void lower_sequence_loop(const ast::Stmt& s, Environment& env, const char* kind);
  void lower_zip_star(const ast::Stmt& s, Environment& env); // for c in zip(*rows)
  void lower_sequence_loop_over(const ast::Stmt& s, Environment& env);
  bool lower_unrolled_tuple_loop(const ast::Stmt& s, ir::Value* tuple, Environment& env);
  std::deque<ast::StmtList> synthetic_stmts_; // what lower_unrolled_tuple_loop lowers (stable addresses)
  ir::Value* loop_element(const LoopOver& over, ir::Value* i, const SourceRange& r);
  ir::Value* loop_more(const LoopOver& over, ir::Value* i, const SourceRange& r);
  std::vector<ast::StmtPtr> comprehension_asts_;
  void lower_synthetic(ast::StmtList stmts, const std::string& hidden_prefix, const SourceRange& r, Environment& env);
  const ast::Expr* float_operand_ = nullptr; // Note [A float sum of nothing] (lower_expr.cpp)
  // Note [A loop target after an empty loop] (lower_loops.cpp): name -> its "bound" flag.
  std::map<std::string, std::string> unbound_flags_;
  const ast::StmtList* body_ = nullptr; // the function's own statements (lower_body)
  // generators (lower_generator.cpp, Note [Generators are inlined]): the call a loop asks for,
  // filled in by lower_user_call with the generator and its parameters' values.
  struct GeneratorRequest {
    const ast::Expr* call = nullptr;
    ir::Block* block = nullptr; // where the loop asked: a call reached in a branch was chosen at run time
    const ast::FunctionDef* fn = nullptr;
    std::vector<ir::Value*> params;
    bool elsewhere = false;
  };
  GeneratorRequest* generator_request_ = nullptr;
  std::vector<const ast::FunctionDef*> inlining_; // the generators being inlined, outermost first
  bool may_call_generator(const ast::Expr& e, Environment& env);
  bool reaches_itself(const ast::FunctionDef& fn);
  bool has_generator_iter(const ir::Type& t) const;
  ir::Value* generator_called(const ast::FunctionDef& fn, const ast::Expr& e, const std::vector<ir::Value*>& params);
  bool lower_generator_loop(const ast::Stmt& s, const ast::Expr& iter, const ast::Expr* counter_start,
                            ir::Value*& value, Environment& env);
  bool lower_iter_generator_loop(const ast::Stmt& s, ir::Value* object, Environment& env);
  void inline_generator(const ast::Stmt& s, const ast::FunctionDef& fn, const std::vector<ir::Value*>& params,
                        const ast::Expr* counter_start, Environment& env);
  std::vector<ast::ExprPtr> synthetic_exprs_;
  ir::Value* iterable_as_list(const ast::Expr& arg, Environment& env);
  bool is_map_call(const ast::Expr& e, Environment& env);
  bool consumes_map(const ast::Expr& call, Environment& env);
  ir::Value* lower_call_with_map(const ast::Expr& call, Environment& env);
  const ast::Expr* assign_value_ = nullptr;
  // reversed(xs) is lowered as a reversed copy where its iterator is consumed at once (a for loop's
  // iterable, a builtin's argument); elsewhere CPython's iterator object would differ: a diagnostic.
  bool iterator_consumed_ = false;
  Environment* call_env_ = nullptr; // the environment of the call being lowered (keyword arguments) // the value of the assignment being lowered

  // exceptions (exceptions.cpp, lower_try.cpp; Note [Try regions] in lower/exceptions.hpp)
public:
  bool lower_exception_call(const ast::Expr& e, Environment& env, ir::Value*& out);
  // While alive: no try region is active (statements a comprehension lowers inside an expression).
  struct SuspendedRegions {
    explicit SuspendedRegions(FunctionLowering& f);
    ~SuspendedRegions();
    SuspendedRegions(const SuspendedRegions&) = delete;
    SuspendedRegions& operator=(const SuspendedRegions&) = delete;
    FunctionLowering& f_;
    std::vector<TryRegion> regions_;
  };

private:
  void lower_try(const ast::Stmt& s, Environment& env);
  void lower_try_except(const ast::Stmt& s, Environment& env);
  void lower_handlers(const ast::Stmt& s, size_t i, Environment& env);
  void lower_finally(const ast::Stmt& s, const TryRegion& fin, Environment& env);
  void reraise(Environment& env, const SourceRange& r);
  void lower_raise(const ast::Stmt& s, Environment& env);
  bool guard_statement(const ast::Stmt& s, Environment& env);
  void guarded(Environment& env, const SourceRange& r, const std::function<void(Environment&)>& fn);
  void snapshot(Environment& env, const std::string& prefix, const SourceRange& r, const std::string& why);
  Environment side_env(const Environment& env, const std::string& prefix);
  static void erase_side(Environment& env, const std::string& prefix);
  void note_exit(Environment& env, const ast::Stmt& s);
  void after_loop(const ast::Stmt& s, Environment& env);
  ir::Value* while_condition_in_region(const ast::Stmt& s, Environment& inner, ir::Value* stop);
  void branch(ir::Value* cond, Environment then_env, Environment else_env,
              const std::function<void(Environment&)>& then_fn, const std::function<void(Environment&)>& else_fn,
              const SourceRange& r, Environment& env);
  void unless_exiting(Environment& env, const SourceRange& r, const std::function<void(Environment&)>& fn);
  ir::Value* new_exception(int id, ir::Value* arg, const SourceRange& r);
  ExceptionClasses& exception_classes();
  ir::Value* new_user_exception(int id, const ast::Expr& call, Environment& env);
  std::vector<int64_t> exception_ids(const ast::Expr& e);
  TryState try_;
  const ast::Stmt* guarding_ = nullptr; // the statement being lowered inside its guard
  // Note [Functions that never return]: results of calls of functions that only raise.
  std::set<const ir::Value*> never_values_;
  // A branch's value that a never-returning call gave: the other branch's type (select, merge).
  void never_to(ir::Value*& v, const ir::Type& t, ir::Block* block);

  ModuleLowering& module_;
  ir::Function& function_;
  DiagnosticEngine& diags_;
  bool is_main_;
  // Names the function assigns anywhere: local everywhere in it, as in Python, so a read that
  // finds none of them bound yet is CPython's UnboundLocalError, never a module name's value.
  std::set<std::string> local_names_;
  ir::Block* block_;
  std::optional<ir::Type> return_type_;
  std::vector<SourceRange> unknown_recursive_calls_;
  std::vector<ir::Type> recursive_assumed_;
  void settle_recursive_returns(const std::string& fn_name);
  SourceRange return_type_at_;
};

// Two branches producing one value each (declared above): If(cond) { then } else { else }; a
// Python number and its numpy scalar make an Either (Note [Python and numpy scalars meet]).
template <class Then, class Else>
ir::Value* FunctionLowering::select(ir::Value* cond, Then then_fn, Else else_fn, const ast::Expr& e,
                                const char* what) {
  if (std::optional<bool> known = constant_condition(cond)) // Note [Branches the types decide]
    return *known ? then_fn() : else_fn();
  ir::Node* node = emit(ir::OpKind::If, {cond}, {}, e.range);
  ir::Block* saved = block_;
  block_ = node->add_block();
  ir::Value* a = then_fn();
  ir::Block* then_block = block_;
  block_ = node->add_block();
  ir::Value* b = else_fn();
  ir::Block* else_block = block_;
  block_ = saved;
  if (!a || !b) {
    node->destroy();
    return nullptr;
  }
  if (never_values_.count(a) && !never_values_.count(b)) never_to(a, b->type(), then_block);
  if (never_values_.count(b) && !never_values_.count(a)) never_to(b, a->type(), else_block);
  if (a->type() != b->type()) { // `xs if c else []`: the empty display takes the other's elements
    adopt_element_types(a->type(), b->type());
    adopt_element_types(b->type(), a->type());
  }
  ir::Type out = a->type();
  if (std::optional<ir::Type> either = either_of(a->type(), b->type())) { // Note [Python and numpy scalars meet]
    out = *either;
    block_ = then_block;
    a = to_either(a, out, e.range);
    block_ = else_block;
    b = to_either(b, out, e.range);
    block_ = saved;
  }
  if (a->type() != b->type()) {
    Diagnostic& d = diags_.error(e.range, "type",
                                 std::string("type conflict: ") + what + " gives a " +
                                     a->type().to_string() + " or a " + b->type().to_string());
    if (a->type().is_number() && b->type().is_number())
      d.help.push_back("convert both sides to one type, e.g. with float(...)");
    node->destroy();
    return nullptr;
  }
  then_block->return_node()->add_input(a);
  else_block->return_node()->add_input(b);
  return node->add_output(out);
}

} // namespace pyscript::lower
