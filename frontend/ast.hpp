// The AST of the pyscript subset: what the parser (frontend/parser.cpp) produces from tree-sitter's
// concrete syntax tree, after rejecting every construct outside the subset.
// Every node carries the source range it came from.
#pragma once

#include "support/source.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pyscript::ast {

struct Expr;
struct Stmt;
struct FunctionDef;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, LShift, RShift };
enum class UnaryOp { Neg, Pos, Not, Invert };
enum class CompareOp { Lt, Le, Gt, Ge, Eq, Ne, In, NotIn, Is, IsNot };
enum class BoolOp { And, Or };

const char* spelling(BinaryOp op); // "+", "//", ...
const char* spelling(UnaryOp op);
const char* spelling(CompareOp op);
const char* spelling(BoolOp op);

// Layout of `operands` for each kind is given beside it.
enum class ExprKind {
  Int,       // int_value
  Float,     // float_value
  Bool,      // bool_value
  None,      //
  Str,       // text: the string's value (escapes decoded)
  Name,      // text: the identifier
  Attribute, // operands[0] . text
  Call,      // operands[0] is the callee, operands[1..] the positional arguments; keywords
  Subscript, // operands[0] [ operands[1] ]; several indices come as one Tuple
  Slice,     // operands[0]:operands[1]:operands[2], each may be null
  Tuple,     // operands: the elements
  List,      // operands: the elements
  Binary,    // operands[0] binary_op operands[1]
  Unary,     // unary_op operands[0]
  Logical,   // operands[0] bool_op operands[1], short-circuit
  Compare,   // operands[0] compare_ops[0] operands[1] compare_ops[1] operands[2] ...
  IfExp,     // operands[1] if operands[0] else operands[2]
  FString,   // f"...": fstring holds the pieces; operands: the replacement fields' expressions
  Dict,      // operands: key0, value0, key1, value1, ...
  ListComp,  // [operands[0] comprehension...]
  DictComp,  // {operands[0]: operands[1] comprehension...}
  Set,       // {operands...}: the elements (at least one)
  SetComp,   // {operands[0] comprehension...}
  GeneratorExp, // (operands[0] comprehension...): only as a call's one argument
  Lambda,    // lambda: its parameters and `return <expression>` body
  Starred,   // *operands[0] (a Name): one element of a Tuple assignment or loop target, `a, *rest = xs`
};

// One `for target in iter if cond...` clause of a comprehension, in source order.
struct Comprehension {
  std::unique_ptr<Expr> target; // a Name or a Tuple of targets
  std::unique_ptr<Expr> iter;
  std::vector<std::unique_ptr<Expr>> ifs;
  SourceRange range;
};

struct Keyword {
  std::string name;
  SourceRange name_range;
  ExprPtr value;
};

// A piece of an f-string: literal text, or the replacement field {operands[field]!conversion:spec}.
struct FStringPiece {
  std::string text;    // the literal text, when field < 0
  int field = -1;      // index into the f-string's operands
  char conversion = 0; // 'r', 's' or 0
  std::string spec;    // the format spec after ':', "" when none
  SourceRange range;   // the replacement field, braces included
};

struct Expr {
  ExprKind kind;
  SourceRange range;
  std::vector<ExprPtr> operands;
  int64_t int_value = 0;
  double float_value = 0;
  bool bool_value = false;
  std::string text;
  SourceRange text_range; // Attribute: where the attribute name is
  BinaryOp binary_op = BinaryOp::Add;
  UnaryOp unary_op = UnaryOp::Neg;
  BoolOp bool_op = BoolOp::And;
  std::vector<CompareOp> compare_ops;
  std::vector<Keyword> keywords; // Call
  std::vector<FStringPiece> fstring;
  std::vector<Comprehension> comprehension; // ListComp, DictComp, GeneratorExp
  std::shared_ptr<FunctionDef> lambda;      // Lambda (shared by copies: clone_expr)

  Expr(ExprKind k, SourceRange r) : kind(k), range(r) {}
};

enum class StmtKind {
  Expr,        // value
  Assign,      // targets = value; a = b = v has two targets; a target is a Name, a Subscript
               // (xs[i] = v, d[k] = v, xs[a:b] = ys), an Attribute, or a Tuple of targets
  If,          // if value: body else: orelse (elif is an If alone in orelse)
  For,         // for targets[0] in value: body else: orelse
  While,       // while value: body else: orelse
  Break,
  Continue,
  Return,      // value may be null
  Pass,
  Assert,      // assert value, message (message may be null)
  Import,      // import module as alias (alias == module without "as")
  ImportFrom,  // from module import names[i].first as names[i].second (second == first without "as")
  Del,         // del targets... (each a Subscript)
  FunctionDef, // function
  ClassDef,    // cls
  Try,         // try: body handlers... else: orelse finally: finalbody (Note [Try regions])
  Raise,       // raise value; value null: a bare `raise` (in a handler)
  Yield,       // yield value (null: a bare `yield`); delegates: `yield from value`. A statement
               // only, in a function (Note [Generators are inlined] in lower/lower_generator.cpp)
};

// `except type as name: body` of a Try; type null: a bare `except:`; name empty: no `as`.
struct ExceptHandler {
  ExprPtr type; // a class name, or a Tuple of them
  std::string name;
  SourceRange name_range;
  std::vector<std::unique_ptr<Stmt>> body;
  SourceRange range; // from `except` to the end of its body
};

struct Param {
  std::string name;
  SourceRange range;
  ExprPtr annotation;    // may be null
  ExprPtr default_value; // may be null
};

struct FunctionDef {
  std::string name;
  SourceRange name_range;
  std::vector<Param> params;
  ExprPtr returns; // return annotation, may be null
  StmtList body;
  // Names that rejected statements would bind (see Note [Names of rejected statements]).
  std::set<std::string> rejected_bindings;
  // A method: the class it is defined in ("" for a module-level function), and @staticmethod.
  std::string class_name;
  bool is_static = false;
  bool is_property = false; // @property: `obj.name` calls it (lower/lower_class.cpp object_attribute)
  // @classmethod: read as a @staticmethod whose `cls` is the class's name (Note [Class methods]
  // in frontend/parse_class.cpp); is_static is set too.
  bool is_classmethod = false;
  bool is_abstract = false; // @abstractmethod (Note [Class decorators] in frontend/class_decorators.hpp)
  // A nested function's closure (Note [Closures] in lower/lower_lambda.cpp): the name the source
  // gives it (`name` is unique in the module), and how many leading parameters are its captures.
  // Its body sees `display_name` as itself: the closure of those captures.
  std::string display_name;
  size_t captures = 0;
};

// `class NAME(BASE):` at module level: methods (FunctionDefs with class_name set) and class-level
// constants (`rate = 0.5`, Assign statements with one Name target), in source order.
struct ClassDef {
  std::string name;
  SourceRange name_range;
  std::string base; // "" without a base; a user class or a built-in exception class
  SourceRange base_range;
  std::vector<std::unique_ptr<FunctionDef>> methods;
  StmtList constants;
  // Note [Class decorators] (frontend/class_decorators.hpp): `@dataclass`, `@total_ordering`, the
  // base `ABC`, `@abstractmethod` and `field(...)`, each the name of an import's member; name
  // resolution checks that each expression names `module.member`.
  struct MarkerUse {
    std::unique_ptr<Expr> expr;
    std::string module, member;
  };
  std::vector<MarkerUse> markers;
  bool is_dataclass = false, total_ordering = false;
  SourceRange decorator_range; // the first class decorator's
  // @dataclass: the annotated class-level names in order, as Assigns (`sku: str` has no value).
  StmtList fields;
};

struct Stmt {
  StmtKind kind;
  SourceRange range;
  std::vector<ExprPtr> targets;
  ExprPtr value;
  ExprPtr message;
  ExprPtr cause; // Raise: `raise value from cause`
  ExprPtr annotation; // Assign: `x: float = ...`
  StmtList body, orelse;
  std::string module, alias;
  std::vector<std::pair<std::string, std::string>> names; // ImportFrom
  std::unique_ptr<FunctionDef> function;
  std::unique_ptr<ClassDef> cls;
  std::vector<ExceptHandler> handlers; // Try
  StmtList finalbody;                  // Try
  // An Assign read from a rejected `t[i] OP= v` (already reported): `t[i] = t[i] OP v`, which the
  // lowering types only to offer this rewrite as the fix-it where t is a list or a dict (Note
  // [Augmented assignment's fix-it] in frontend/parse_stmt.cpp). Empty for every other statement.
  std::string item_update_rewrite;
  bool delegates = false; // Yield: `yield from`

  Stmt(StmtKind k, SourceRange r) : kind(k), range(r) {}
};

// The statement lists nested in `s`, in source order: body, a Try's handlers' bodies, orelse, a
// Try's finalbody. Walkers of nested statements use it, so a new compound statement is one place.
std::vector<const StmtList*> nested_bodies(const Stmt& s);
std::vector<StmtList*> nested_bodies(Stmt& s);
// Whether `fn` is a generator: a `yield` in its body (nested functions are not looked into).
bool is_generator(const FunctionDef& fn);
// Whether `body` holds a `yield` (nested functions not looked into).
bool contains_yield(const StmtList& body);

// The names `s` binds, its nested statements included (collect_assigned_names of a list of one).
void collect_assigned_names(const Stmt& s, std::set<std::string>& out);

struct Module {
  const SourceFile* file = nullptr;
  StmtList body;
  std::set<std::string> rejected_bindings;
};

// The names that assignment and `for` targets in `body` bind, nested blocks included (Python's
// rule for what is local to a function). Item and attribute targets (`xs[i] = v`, `o.x = v`) and
// `del xs[i]` bind no name; a comprehension's variables are its own and are not included.
void collect_assigned_names(const Expr& target, std::set<std::string>& out);
void collect_assigned_names(const StmtList& body, std::set<std::string>& out);

// The functions `def`ined in `body` and its nested blocks (not inside those functions).
void collect_defined_functions(const StmtList& body, std::vector<const FunctionDef*>& out);

// Calls `f` on `e` and every expression inside it: operands, keyword values, a comprehension's
// iterables and conditions (not its targets), a lambda's body.
// A deep copy of `e` (a lambda's def shared), with the Names in `renames` renamed.
ExprPtr clone_expr(const Expr& e, const std::map<std::string, std::string>& renames = {});
void for_each_expr(const Expr& e, const std::function<void(const Expr&)>& f);
// The same for every expression `body` evaluates, nested blocks included: values, messages,
// `except` types, and the item and attribute targets of stores (a name target is no expression
// read); a nested `def`'s defaults, and with `into_functions` its body and a class's methods and
// constants too.
void for_each_expr(const StmtList& body, const std::function<void(const Expr&)>& f,
                   bool into_functions);

// The AST as indented text, one node a line, for golden tests and `--emit=ast`.
std::string dump(const Module& m);

} // namespace pyscript::ast
