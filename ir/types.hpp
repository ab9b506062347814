// Static types of IR values. A program is specialized until every value has one of these.
//   int  float  bool  None  str  Tuple[int, float]  Array[float32, 2]  Unknown  f32  Generator
// `Unknown` exists only while a function is being lowered (the return value of a function whose
// first `return` has not been seen yet); the verifier rejects it in finished graphs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pyscript::ir {

// Float32 is a scalar only inside fused elementwise blocks (an element of a float32 array).
// Either: a Python number or the numpy scalar of its kind, decided at run time (Note [Python and
// numpy scalars meet] in lower/either.cpp): elements() are {the Python type, bool "is numpy"}.
// Generator: numpy's np.random.Generator, a reference-counted object shared by reference (Note
// [Random state] in runtime/random_api.cpp).
// List, Dict: Python's mutable containers, shared by reference (Note [Object layout] in
// include/pyscript/runtime_objects.h): elements() are {element} and {key, value}. An empty display
// whose element type no use fixes has an Unknown element (Note [Empty containers] in
// lower/lower_list.cpp).
// Function: a module-level function used as a value (`integrate(f, 0.0, 1.0)`); its name is part
// of the type, so a function taking one is specialized per function passed, as a template would be
// (Note [Functions as values] in lower/lower_call.cpp). Nothing is stored at run time.
// Object: an instance of the user class `name` or of a class derived from it (Note [Objects] in
// lower/classes.hpp), a reference-counted object shared by reference; printed as the class name.
// Exception: an exception object of any class (Note [Exception values] in lower/exceptions.hpp);
// the class is a run-time property, as `except` tests it.
// Optional: None or a value of elements()[0]: an Object, str, list or dict is a nullable reference,
// None being null; an int, float or bool is {value, present} (is_optional_value).
enum class TypeKind { Int, Float, Bool, None, Str, Tuple, Array, Unknown, Float32, Either, Generator, List, Dict, Function, Object, Optional, Exception, Set };
enum class DType { Float32, Float64, Int64, Bool };

const char* dtype_name(DType d); // "float32", ...
inline bool is_float_dtype(DType d) { return d == DType::Float32 || d == DType::Float64; }
// The dtype a name names ("float32", "float64", "int64", "bool"), or nothing.
std::optional<DType> dtype_from_name(std::string_view name);

class Type {
public:
  Type() = default; // Unknown
  static Type int_() { return Type(TypeKind::Int); }
  static Type float_() { return Type(TypeKind::Float); }
  static Type float32() { return Type(TypeKind::Float32); }
  // The scalar type of one element of an array of `d`.
  static Type element(DType d);
  static Type bool_() { return Type(TypeKind::Bool); }
  static Type none() { return Type(TypeKind::None); }
  static Type str() { return Type(TypeKind::Str); }
  static Type unknown() { return Type(TypeKind::Unknown); }
  // The element of an empty display, tagged with the display (Note [Empty containers]).
  static Type unknown(int origin) {
    Type t(TypeKind::Unknown);
    t.rank_ = origin;
    return t;
  }
  static Type generator() { return Type(TypeKind::Generator); }
  static Type exception() { return Type(TypeKind::Exception); }
  static Type tuple(std::vector<Type> elements);
  static Type list(Type element);
  static Type dict(Type key, Type value);
  // A set of hashable values (Note [Set tables] in runtime/set.cpp): elements() are {element}.
  static Type set(Type element);
  // collections' containers (Note [Collections are flavored lists and dicts] in
  // lower/lower_collections.cpp): a list or dict at run time, a type of its own here.
  // deque[T] is a List named "deque"; Counter[K, int] a Dict named "Counter";
  // defaultdict[F, K, V] a Dict named "defaultdict F" (F: the factory as a function value's name:
  // builtins.int, builtins.list, ..., a lambda's or a def's function).
  static Type deque(Type element) {
    Type t = list(std::move(element));
    t.name_ = "deque";
    return t;
  }
  static Type counter(Type key) {
    Type t = dict(std::move(key), int_());
    t.name_ = "Counter";
    return t;
  }
  static Type defaultdict(const std::string& factory, Type key, Type value) {
    Type t = dict(std::move(key), std::move(value));
    t.name_ = "defaultdict " + factory;
    return t;
  }
  // A range kept as a value (`cols = range(n)`): a list of its ints at run time, named "range"
  // (Note [Ranges as values] in lower/lower_range.cpp).
  static Type range_list() {
    Type t = list(int_());
    t.name_ = "range";
    return t;
  }
  bool is_range() const { return kind_ == TypeKind::List && name_ == "range"; }
  // "deque", "Counter", "defaultdict F", "range" for those; "" for a plain list or dict.
  const std::string& container_name() const { return name_; }
  bool is_deque() const { return kind_ == TypeKind::List && name_ == "deque"; }
  bool is_counter() const { return kind_ == TypeKind::Dict && name_ == "Counter"; }
  bool is_defaultdict() const { return kind_ == TypeKind::Dict && name_.rfind("defaultdict ", 0) == 0; }
  std::string defaultdict_factory() const { return is_defaultdict() ? name_.substr(12) : ""; }
  // A collections container anywhere inside (printing it nested is not built).
  bool holds_collection() const {
    if ((kind_ == TypeKind::List || kind_ == TypeKind::Dict) && !name_.empty()) return true;
    for (const Type& e : elements_)
      if (e.holds_collection()) return true;
    return false;
  }
  // The same kind of container (list, dict, set, tuple; with its collections name) of `elements`.
  Type with_elements(std::vector<Type> elements) const {
    Type t = *this;
    t.elements_ = std::move(elements);
    return t;
  }
  static Type function(std::string name) {
    Type t(TypeKind::Function);
    t.name_ = std::move(name);
    return t;
  }
  const std::string& function_name() const { return name_; }
  // A lambda with the values it captured (Note [Closures] in lower/lower_lambda.cpp): at run time
  // a struct of the captures.
  static Type closure(std::string name, std::vector<Type> captures) {
    Type t(TypeKind::Function);
    t.name_ = std::move(name);
    t.elements_ = std::move(captures);
    return t;
  }
  static Type object(std::string class_name) {
    Type t(TypeKind::Object);
    t.name_ = std::move(class_name);
    return t;
  }
  static Type optional(Type value) {
    Type t(TypeKind::Optional);
    t.elements_ = {std::move(value)};
    return t;
  }
  const std::string& class_name() const { return name_; } // Object
  // An Optional of an int, float or bool (Note [Optional numbers] in lower/lower_optional.cpp): a
  // number and a flag at run time, {value, present}.
  bool is_optional_value() const {
    return kind_ == TypeKind::Optional && elements_[0].is_number();
  }
  // An Object, or an Optional of a pointer: a pointer at run time (None is null).
  bool is_object_ref() const {
    return kind_ == TypeKind::Object || (kind_ == TypeKind::Optional && !is_optional_value());
  }
  // What an Optional may hold: a value that is a pointer at run time (an object, str, list, dict),
  // or a number (with a flag).
  bool is_nullable() const {
    return kind_ == TypeKind::Object || kind_ == TypeKind::Str || kind_ == TypeKind::List || kind_ == TypeKind::Dict ||
           kind_ == TypeKind::Exception || is_number();
  }
  static Type array(DType dtype, int rank);
  // float|np.float64, int|np.int64, bool|np.bool_ (`python` is float, int or bool).
  static Type either(const Type& python);

  TypeKind kind() const { return kind_; }
  bool is(TypeKind k) const { return kind_ == k; }
  // int, float or bool: what arithmetic accepts.
  bool is_number() const {
    return kind_ == TypeKind::Int || kind_ == TypeKind::Float || kind_ == TypeKind::Bool;
  }
  // An array of rank >= 1, or a tuple with one somewhere inside: what holds references (Note
  // [Array ownership] in ir/passes/plan_memory.cpp). A numpy scalar does not (Note [Numpy scalars
  // are registers]); a Generator is counted as an array is.
  bool holds_arrays() const {
    if (kind_ == TypeKind::Array) return rank_ > 0;
    if (kind_ == TypeKind::Generator) return true;
    for (const Type& e : elements_)
      if (e.holds_arrays()) return true;
    return false;
  }
  // What a value owns references to: arrays (rank >= 1), generators, str, lists and dicts, or a
  // tuple holding one of those. Memory planning counts these (Note [Array ownership]).
  bool holds_refs() const {
    if (kind_ == TypeKind::Str || kind_ == TypeKind::List || kind_ == TypeKind::Dict || kind_ == TypeKind::Set)
      return true;
    if (kind_ == TypeKind::Object || (kind_ == TypeKind::Optional && !is_optional_value())) return true;
    if (kind_ == TypeKind::Exception) return true;
    if (kind_ == TypeKind::Array) return rank_ > 0;
    if (kind_ == TypeKind::Generator) return true;
    for (const Type& e : elements_)
      if (e.holds_refs()) return true;
    return false;
  }
  // A list, dict, set or object: mutable, shared by reference; `is` compares identity.
  bool is_mutable_object() const {
    return kind_ == TypeKind::List || kind_ == TypeKind::Dict || kind_ == TypeKind::Set || kind_ == TypeKind::Object ||
           (kind_ == TypeKind::Optional && !is_optional_value());
  }
  bool has_identity() const { return is_mutable_object() || kind_ == TypeKind::Exception; }
  // Whether an Unknown is anywhere inside (an empty container's element not fixed yet).
  bool has_unknown() const {
    if (kind_ == TypeKind::Unknown) return true;
    for (const Type& e : elements_)
      if (e.has_unknown()) return true;
    return false;
  }
  // Array[float64, 0] is numpy's np.float64 (an element read, a reduction's result, np.float64(x)).
  bool is_numpy_scalar() const { return kind_ == TypeKind::Array && rank_ == 0; }
  const std::vector<Type>& elements() const { return elements_; }
  DType dtype() const { return dtype_; }
  int rank() const { return rank_; }

  bool operator==(const Type& other) const = default;
  std::string to_string() const;

private:
  explicit Type(TypeKind k) : kind_(k) {}
  TypeKind kind_ = TypeKind::Unknown;
  std::vector<Type> elements_;
  DType dtype_ = DType::Float64;
  int rank_ = 0;
  std::string name_; // Function, Object; List and Dict of collections
};

} // namespace pyscript::ir
