// What the subset offers by name: Python builtins, the methods of list, dict and str, and the
// members of math, time, random, sys and numpy, with the argument counts and keywords each
// accepts. One table, read by name resolution here and by lowering later, so the two never
// disagree on what exists.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pyscript {

enum class MemberKind {
  Function, // called: np.exp(x)
  Constant, // read: math.pi
  DType,    // np.float32: a dtype value, for dtype= and astype; callable when max_args is 1
  Module,   // a submodule: np.linalg (its members: find_module_member("numpy.linalg", ...))
  Marker,   // a name with a compile-time meaning only: typing.Optional in annotations, @dataclass
            // (Note [Annotations are not evaluated] in frontend/annotations.hpp)
};

struct Signature {
  std::string_view name;
  MemberKind kind = MemberKind::Function;
  int min_args = 0;
  int max_args = 0; // kVariadic: no upper bound
  std::vector<std::string_view> keywords; // "**": any keyword (np.savez's array names)
};

constexpr int kVariadic = -1;

// The modules pyscript can import, by their real names.
bool is_known_module(std::string_view module);

// A builtin function (print, range, ...), or nothing.
const Signature* find_builtin(std::string_view name);
// A builtin that may be used as a value, as a function of its positional arguments (`map(int, xs)`,
// `key=str`, `apply(float, s)`: Note [Builtins as values] in lower/lower_call.cpp).
bool builtin_is_value(std::string_view name);
// A builtin type that isinstance tests (int, float, bool, str, list, dict, tuple).
bool is_builtin_type_name(std::string_view name);
// One of CPython's exception classes that pyscript knows (include/pyscript/exception_classes.def):
// raised as `raise ValueError(...)`, named in `except` and isinstance.
bool is_builtin_exception_class(std::string_view name);
// A member of numpy, math, time, random or sys (or of a submodule: "numpy.linalg",
// "sys.stdout"), or nothing.
const Signature* find_module_member(std::string_view module, std::string_view member);
// The full name of submodule `member` of `module` ("numpy.linalg"), or null.
const std::string* find_submodule(std::string_view module, std::string_view member);
// An array attribute (T, shape, ...) or method (sum, reshape, ...), or nothing.
const Signature* find_array_member(std::string_view name);
// A method of np.random.Generator (rng.random(...), rng.integers(...), ...), or nothing. np.random's
// own members are the module "numpy.random" of find_module_member.
const Signature* find_generator_method(std::string_view name);

// A method of list, dict or str (append, get, split, ...), or nothing.
const Signature* find_container_method(std::string_view name);

// Python builtins outside the subset, with advice; empty when `name` is not one.
std::optional<std::string> unsupported_builtin_help(std::string_view name);
// Framework escapes (x.asnumpy(), x.item(), ...), with advice; empty when `name` is not one.
std::optional<std::string> escape_method_help(std::string_view name);

// Array methods that change the array in place (a.fill(0), a.sort()): the expression of the new
// array that `self.name(args)` makes in place ("np.full_like(a, 0)"; empty when there is no
// one-line form) and what it is ("the filled array"), or advice when there is none. Nothing when
// `name` is not one.
struct InPlaceMethod {
  std::string value;
  std::string help;
};
// (`np`: the name numpy is imported as, for the value form.)
std::optional<InPlaceMethod> in_place_method(std::string_view name, const std::string& self, const std::string& args,
                                             const std::string& np);

// The names of a module's members, comma-separated, for "did you mean" style help.
std::string list_module_members(std::string_view module);

} // namespace pyscript
