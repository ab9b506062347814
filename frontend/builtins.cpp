#include "frontend/builtins.hpp"

#include <map>

namespace pyscript {
namespace {

using enum MemberKind;

const std::vector<Signature> kBuiltins = {
    {"print", Function, 0, kVariadic, {"sep", "end"}},
    {"range", Function, 1, 3, {}},
    {"len", Function, 1, 1, {}},
    {"abs", Function, 1, 1, {}},
    {"min", Function, 1, kVariadic, {"key"}},
    {"max", Function, 1, kVariadic, {"key"}},
    {"int", Function, 0, 2, {}},
    {"float", Function, 0, 1, {}},
    {"bool", Function, 0, 1, {}},
    {"round", Function, 1, 2, {}},
    {"sum", Function, 1, 2, {"start"}},
    {"sorted", Function, 1, 1, {"key", "reverse"}},
    {"reversed", Function, 1, 1, {}},
    {"enumerate", Function, 1, 2, {"start"}},
    {"zip", Function, 0, kVariadic, {"*"}}, // "*": zip(*rows) (frontend/parse_expr.cpp convert_call)
    {"any", Function, 1, 1, {}},
    {"all", Function, 1, 1, {}},
    {"list", Function, 0, 1, {}},
    {"dict", Function, 0, 1, {"**"}}, // dict(d, key=value): keys are str (lower_dict.cpp)
    {"set", Function, 0, 1, {}},
    {"tuple", Function, 0, 1, {}},
    {"str", Function, 0, 1, {}},
    {"repr", Function, 1, 1, {}},
    {"divmod", Function, 2, 2, {}},
    {"pow", Function, 2, 3, {}},
    {"ord", Function, 1, 1, {}},
    {"chr", Function, 1, 1, {}},
    {"isinstance", Function, 2, 2, {}},
    {"map", Function, 2, kVariadic, {}}, // as a consumer's argument (Note [map] in lower/lower_comprehension.cpp)
    {"next", Function, 1, 2, {}},        // of a generator or iter(xs) (Note [next] in lower/lower_next.cpp)
    {"iter", Function, 1, 1, {}},        // as next()'s argument
};

// The methods of list, dict and str by name, each with the widest argument counts among the
// types that have it (name resolution does not know the object's type; lowering checks again).
const std::vector<Signature> kContainerMethods = {
    // list
    {"append", Function, 1, 1, {}},
    {"insert", Function, 2, 2, {}},
    {"extend", Function, 1, 1, {}},
    {"remove", Function, 1, 1, {}},
    {"reverse", Function, 0, 0, {}},
    {"sort", Function, 0, 0, {"key", "reverse"}},
    // list and str: index, count; list and dict: pop, clear, copy
    {"index", Function, 1, 3, {}},
    {"count", Function, 1, 3, {}},
    {"pop", Function, 0, 2, {}},
    {"clear", Function, 0, 0, {}},
    {"copy", Function, 0, 0, {}},
    // dict
    {"get", Function, 1, 2, {}},
    {"keys", Function, 0, 0, {}},
    {"values", Function, 0, 0, {}},
    {"items", Function, 0, 0, {}},
    {"setdefault", Function, 1, 2, {}},
    {"update", Function, 0, 1, {}},
    // set (remove, pop, clear, copy, update: above)
    {"add", Function, 1, 1, {}},
    {"discard", Function, 1, 1, {}},
    {"union", Function, 1, 1, {}},
    {"intersection", Function, 1, 1, {}},
    {"difference", Function, 1, 1, {}},
    {"symmetric_difference", Function, 1, 1, {}},
    {"intersection_update", Function, 1, 1, {}},
    {"difference_update", Function, 1, 1, {}},
    {"symmetric_difference_update", Function, 1, 1, {}},
    {"issubset", Function, 1, 1, {}},
    {"issuperset", Function, 1, 1, {}},
    {"isdisjoint", Function, 1, 1, {}},
    // str
    {"split", Function, 0, 2, {"sep", "maxsplit"}},
    {"splitlines", Function, 0, 0, {}},
    {"join", Function, 1, 1, {}},
    {"strip", Function, 0, 1, {}},
    {"lstrip", Function, 0, 1, {}},
    {"rstrip", Function, 0, 1, {}},
    {"replace", Function, 2, 3, {}},
    {"find", Function, 1, 3, {}},
    {"startswith", Function, 1, 3, {}},
    {"endswith", Function, 1, 3, {}},
    {"upper", Function, 0, 0, {}},
    {"lower", Function, 0, 0, {}},
    {"isdigit", Function, 0, 0, {}},
    {"isalpha", Function, 0, 0, {}},
    {"isspace", Function, 0, 0, {}},
    {"isalnum", Function, 0, 0, {}},
    {"isupper", Function, 0, 0, {}},
    {"islower", Function, 0, 0, {}},
    {"rfind", Function, 1, 3, {}},
    {"rindex", Function, 1, 3, {}},
    {"partition", Function, 1, 1, {}},
    {"rjust", Function, 1, 2, {}},
    {"ljust", Function, 1, 2, {}},
    {"center", Function, 1, 2, {}},
    {"zfill", Function, 1, 1, {}},
    {"rpartition", Function, 1, 1, {}},
    {"translate", Function, 1, 1, {}},
    {"maketrans", Function, 1, 3, {}}, // str.maketrans (lower/lower_str_format.cpp)
    {"format", Function, 0, kVariadic, {"**"}}, // "...".format: any keyword names a field
    // deque (append, extend, pop, ...: above)
    {"popleft", Function, 0, 0, {}},
    {"appendleft", Function, 1, 1, {}},
    {"extendleft", Function, 1, 1, {}},
    {"rotate", Function, 0, 1, {}},
    // Counter (update: above)
    {"most_common", Function, 0, 1, {}},
    {"elements", Function, 0, 0, {}},
    {"subtract", Function, 1, 1, {}},
    {"total", Function, 0, 0, {}},
};

const std::vector<Signature> kMath = {
    {"sqrt", Function, 1, 1, {}}, {"exp", Function, 1, 1, {}},  {"log", Function, 1, 2, {}},
    {"sin", Function, 1, 1, {}},  {"cos", Function, 1, 1, {}},  {"tan", Function, 1, 1, {}},
    {"tanh", Function, 1, 1, {}}, {"floor", Function, 1, 1, {}}, {"ceil", Function, 1, 1, {}},
    {"pi", Constant, 0, 0, {}},   {"e", Constant, 0, 0, {}},   {"inf", Constant, 0, 0, {}},
    {"nan", Constant, 0, 0, {}},
    {"erf", Function, 1, 1, {}},  {"erfc", Function, 1, 1, {}}, {"gcd", Function, 0, kVariadic, {}},
    {"factorial", Function, 1, 1, {}}, {"isqrt", Function, 1, 1, {}},
    {"isclose", Function, 2, 2, {"rel_tol", "abs_tol"}}, // Python-written (lower/stdlib_modules.cpp)
};

const std::vector<Signature> kTime = {
    {"perf_counter", Function, 0, 0, {}},
};

// CPython's random module (runtime/random: the same streams).
const std::vector<Signature> kRandom = {
    {"seed", Function, 0, 1, {}},    {"random", Function, 0, 0, {}},
    {"randint", Function, 2, 2, {}}, {"randrange", Function, 1, 3, {}},
    {"uniform", Function, 2, 2, {}}, {"gauss", Function, 0, 2, {"mu", "sigma"}},
    {"choice", Function, 1, 1, {}},  {"shuffle", Function, 1, 1, {}},
};

const std::vector<Signature> kSys = {
    {"argv", Constant, 0, 0, {}},
    {"exit", Function, 0, 1, {}},
    {"stdout", Module, 0, 0, {}},
    {"maxsize", Constant, 0, 0, {}},
    {"setrecursionlimit", Function, 1, 1, {}},
};

const std::vector<Signature> kSysStdout = {
    {"write", Function, 1, 1, {}},
};

// np.linalg's functions (lower/lower_numpy_linalg.cpp).
const std::vector<Signature> kNumpyLinalg = {
    {"norm", Function, 1, 3, {"ord", "axis", "keepdims"}},
    {"solve", Function, 2, 2, {}},
    {"inv", Function, 1, 1, {}},
    {"det", Function, 1, 1, {}},
    {"eigh", Function, 1, 2, {"UPLO"}},
};

// A reduction of include/pyscript/ufuncs.def as np.NAME(a, axis) (`first` 1) or a.NAME(axis) (0).
Signature reduction_signature(std::string_view name, int first) {
  Signature s{name, Function, first, first + 1, {"axis", "keepdims"}};
  if (name == "var" || name == "std") s.keywords.push_back("ddof");
  return s;
}

// numpy's namespace: these rows, and the ufuncs and reductions of include/pyscript/ufuncs.def.
const std::vector<Signature> kNumpyOwn = {
    {"array", Function, 1, 1, {"dtype"}},
    {"zeros", Function, 1, 1, {"dtype"}},
    {"ones", Function, 1, 1, {"dtype"}},
    {"full", Function, 2, 2, {"dtype"}},
    {"arange", Function, 1, 3, {"dtype"}},
    {"linspace", Function, 2, 3, {"num", "dtype"}},
    {"eye", Function, 1, 2, {"dtype"}},
    {"where", Function, 3, 3, {}},
    {"dot", Function, 2, 2, {}},
    {"matmul", Function, 2, 2, {}},
    {"transpose", Function, 1, 2, {}},
    {"reshape", Function, 2, 2, {}},
    // numpy's math beyond the ufunc table (lower/lower_numpy_math.cpp)
    {"round", Function, 1, 2, {"decimals"}},
    {"around", Function, 1, 2, {"decimals"}},
    {"clip", Function, 1, 3, {"a_min", "a_max"}},
    {"cumsum", Function, 1, 2, {"axis"}},
    {"cumprod", Function, 1, 2, {"axis"}},
    {"sort", Function, 1, 2, {"axis", "kind"}},
    {"argsort", Function, 1, 2, {"axis", "kind"}},
    {"isclose", Function, 2, 4, {"rtol", "atol", "equal_nan"}},
    {"allclose", Function, 2, 4, {"rtol", "atol", "equal_nan"}},
    {"cov", Function, 1, 1, {"rowvar", "bias", "ddof"}},
    {"linalg", Module, 0, 0, {}},
    // making, joining and selecting (lower/lower_numpy_shape.cpp)
    {"empty", Function, 1, 1, {"dtype"}},
    {"zeros_like", Function, 1, 1, {"dtype"}},
    {"ones_like", Function, 1, 1, {"dtype"}},
    {"full_like", Function, 2, 2, {"dtype"}},
    {"copy", Function, 1, 1, {}},
    {"ravel", Function, 1, 1, {}},
    {"concatenate", Function, 1, 2, {"axis"}},
    {"stack", Function, 1, 2, {"axis"}},
    {"hstack", Function, 1, 1, {}},
    {"vstack", Function, 1, 1, {}},
    {"meshgrid", Function, 1, kVariadic, {"indexing"}},
    {"triu", Function, 1, 2, {"k"}},
    {"tril", Function, 1, 2, {"k"}},
    {"pad", Function, 2, 3, {"mode", "constant_values"}},
    {"repeat", Function, 2, 3, {"axis"}},
    {"append", Function, 2, 3, {"axis"}},
    {"outer", Function, 2, 2, {}},
    {"trace", Function, 1, 1, {}},
    {"searchsorted", Function, 2, 2, {"side"}}, // a 1-D array and one number (lower_numpy_index.cpp)
    // numpy's files (lower/lower_numpy_io.cpp); "**": any keyword names an array of the archive
    {"load", Function, 1, 1, {"allow_pickle"}},
    {"save", Function, 2, 2, {"allow_pickle"}},
    {"savez", Function, 1, kVariadic, {"**"}},
    {"savez_compressed", Function, 1, kVariadic, {"**"}},
    {"newaxis", Constant, 0, 0, {}},
    // Called, a dtype converts one value: np.float32(0.5) is a numpy scalar, np.float32(a) a cast.
    {"float32", DType, 1, 1, {}},
    {"float64", DType, 1, 1, {}},
    {"int64", DType, 1, 1, {}},
    {"bool_", DType, 1, 1, {}},
    {"ndarray", DType, 0, 0, {}},
    {"pi", Constant, 0, 0, {}},
    {"e", Constant, 0, 0, {}},
    {"inf", Constant, 0, 0, {}},
    {"nan", Constant, 0, 0, {}},
};

// np.random: numpy's legacy functions on the module's RandomState, and default_rng. shuffle is
// here to be refused with its fix (frontend/resolve.cpp).
const std::vector<Signature> kNumpyRandom = {
    {"seed", Function, 0, 1, {"seed"}},
    {"rand", Function, 0, kVariadic, {}},
    {"randn", Function, 0, kVariadic, {}},
    {"randint", Function, 0, 3, {"low", "high", "size", "dtype"}},
    {"uniform", Function, 0, 3, {"low", "high", "size"}},
    {"normal", Function, 0, 3, {"loc", "scale", "size"}},
    {"standard_normal", Function, 0, 1, {"size"}},
    {"random", Function, 0, 1, {"size"}},
    {"random_sample", Function, 0, 1, {"size"}},
    {"ranf", Function, 0, 1, {"size"}},
    {"sample", Function, 0, 1, {"size"}},
    {"choice", Function, 0, 4, {"a", "size", "replace", "p"}},
    {"permutation", Function, 1, 1, {}},
    {"shuffle", Function, 1, 1, {}},
    {"default_rng", Function, 0, 1, {"seed"}},
};

// The methods of the Generator that np.random.default_rng returns.
const std::vector<Signature> kGeneratorMethods = {
    {"random", Function, 0, 2, {"size", "dtype"}},
    {"standard_normal", Function, 0, 2, {"size", "dtype"}},
    {"integers", Function, 0, 5, {"low", "high", "size", "dtype", "endpoint"}},
    {"normal", Function, 0, 3, {"loc", "scale", "size"}},
    {"uniform", Function, 0, 3, {"low", "high", "size"}},
    {"choice", Function, 0, 4, {"a", "size", "replace", "p", "shuffle"}},
    {"permutation", Function, 1, 1, {}},
    {"shuffle", Function, 1, 1, {}},
};

const std::vector<Signature>& numpy_members() {
  static const std::vector<Signature> members = [] {
    std::vector<Signature> out = kNumpyOwn;
#define PYRT_UNARY(ID, name, np_name, fuse, scalar, math_fn, to_float, to_bool, bool_in) \
    if (*np_name) out.push_back({np_name, Function, 1, 1, {}});
#define PYRT_BINARY(ID, name, np_name, fuse, scalar, compare, to_float) \
    if (*np_name) out.push_back({np_name, Function, 2, 2, {}});
#define PYRT_REDUCE(ID, name, ufunc) out.push_back(reduction_signature(name, 1));
#include "pyscript/ufuncs.def"
    return out;
  }();
  return members;
}

const std::vector<Signature> kArrayMembers = {
    {"T", Constant, 0, 0, {}},
    {"shape", Constant, 0, 0, {}},
    {"ndim", Constant, 0, 0, {}},
    {"size", Constant, 0, 0, {}},
    {"dtype", Constant, 0, 0, {}},
    {"astype", Function, 1, 1, {}},
    {"reshape", Function, 1, kVariadic, {}},
    {"transpose", Function, 0, kVariadic, {}},
    {"round", Function, 0, 1, {"decimals"}},
    {"clip", Function, 0, 2, {"min", "max"}},
    {"cumsum", Function, 0, 1, {"axis"}},
    {"cumprod", Function, 0, 1, {"axis"}},
    {"argsort", Function, 0, 1, {"axis", "kind"}},
    {"copy", Function, 0, 0, {}},
    {"flatten", Function, 0, 0, {}},
    {"ravel", Function, 0, 0, {}},
    {"dot", Function, 1, 1, {}},
};

// Standard-library modules written in Python and compiled with the program (Note [Python-written
// modules] in lower/stdlib_modules.cpp), and `string`'s constants.
const std::vector<Signature> kBisect = {
    {"bisect_left", Function, 2, 4, {"lo", "hi", "key"}},  {"bisect_right", Function, 2, 4, {"lo", "hi", "key"}},
    {"bisect", Function, 2, 4, {"lo", "hi", "key"}},       {"insort_left", Function, 2, 4, {"lo", "hi", "key"}},
    {"insort_right", Function, 2, 4, {"lo", "hi", "key"}}, {"insort", Function, 2, 4, {"lo", "hi", "key"}},
};

const std::vector<Signature> kHeapq = {
    {"heappush", Function, 2, 2, {}},    {"heappop", Function, 1, 1, {}},
    {"heapify", Function, 1, 1, {}},     {"heappushpop", Function, 2, 2, {}},
    {"heapreplace", Function, 2, 2, {}}, {"nlargest", Function, 2, 2, {"key"}},
    {"nsmallest", Function, 2, 2, {"key"}},
};

const std::vector<Signature> kFunctools = {
    {"reduce", Function, 2, 3, {}},
    {"lru_cache", Function, 0, 2, {"maxsize", "typed"}}, // decorators (Note [Cache decorators])
    {"cache", Function, 1, 1, {}},
    {"total_ordering", Marker, 0, 0, {}}, // a class decorator (Note [Class decorators])
};

// Modules whose names mean something only to the compiler (Note [Annotations are not evaluated]
// in frontend/annotations.hpp): typing's names in annotations, abc's and dataclasses' decorators.
const std::vector<Signature> kTyping = {
    {"Any", Marker, 0, 0, {}},       {"Optional", Marker, 0, 0, {}},  {"Union", Marker, 0, 0, {}},
    {"List", Marker, 0, 0, {}},      {"Dict", Marker, 0, 0, {}},      {"Tuple", Marker, 0, 0, {}},
    {"Set", Marker, 0, 0, {}},       {"FrozenSet", Marker, 0, 0, {}}, {"Iterator", Marker, 0, 0, {}},
    {"Iterable", Marker, 0, 0, {}},  {"Callable", Marker, 0, 0, {}},  {"Sequence", Marker, 0, 0, {}},
    {"Mapping", Marker, 0, 0, {}},   {"Generator", Marker, 0, 0, {}}, {"Type", Marker, 0, 0, {}},
    {"Deque", Marker, 0, 0, {}},     {"DefaultDict", Marker, 0, 0, {}},
    {"MutableSequence", Marker, 0, 0, {}}, {"MutableMapping", Marker, 0, 0, {}},
};

const std::vector<Signature> kAbc = {
    {"ABC", Marker, 0, 0, {}},
    {"abstractmethod", Marker, 0, 0, {}},
};

const std::vector<Signature> kDataclasses = {
    {"dataclass", Marker, 0, 0, {}},
    {"field", Marker, 0, 0, {}},
};

// collections (lower/lower_collections.cpp).
const std::vector<Signature> kCollections = {
    {"deque", Function, 0, 2, {"maxlen"}},
    {"Counter", Function, 0, 1, {}},
    {"defaultdict", Function, 0, 2, {}},
};

// itertools' finite iterators, as lists (Note [itertools as lists] in lower/lower_itertools.cpp).
const std::vector<Signature> kItertools = {
    {"permutations", Function, 1, 2, {"r"}},
    {"combinations", Function, 1, 2, {"r"}},
    {"combinations_with_replacement", Function, 1, 2, {"r"}},
    {"product", Function, 0, kVariadic, {"repeat"}},
    {"accumulate", Function, 1, 2, {"func", "initial"}},
    {"chain", Function, 0, kVariadic, {}},
    {"islice", Function, 2, 4, {}},
};

const std::vector<Signature> kString = {
    {"ascii_lowercase", Constant, 0, 0, {}}, {"ascii_uppercase", Constant, 0, 0, {}},
    {"ascii_letters", Constant, 0, 0, {}},   {"digits", Constant, 0, 0, {}},
    {"hexdigits", Constant, 0, 0, {}},       {"octdigits", Constant, 0, 0, {}},
    {"punctuation", Constant, 0, 0, {}},     {"whitespace", Constant, 0, 0, {}},
    {"printable", Constant, 0, 0, {}},
};

// Array attributes and methods: these rows, and the reductions of include/pyscript/ufuncs.def.
const std::vector<Signature>& array_members() {
  static const std::vector<Signature> members = [] {
    std::vector<Signature> out = kArrayMembers;
#define PYRT_REDUCE(ID, name, ufunc) \
    if (std::string_view(name) != "count_nonzero") out.push_back(reduction_signature(name, 0));
#include "pyscript/ufuncs.def"
    return out;
  }();
  return members;
}

const Signature* find_in(const std::vector<Signature>& table, std::string_view name) {
  for (const Signature& s : table)
    if (s.name == name) return &s;
  return nullptr;
}

const std::vector<Signature>* module_table(std::string_view module) {
  if (module == "numpy") return &numpy_members();
  if (module == "numpy.random") return &kNumpyRandom;
  if (module == "numpy.linalg") return &kNumpyLinalg;
  if (module == "math") return &kMath;
  if (module == "time") return &kTime;
  if (module == "random") return &kRandom;
  if (module == "sys") return &kSys;
  if (module == "sys.stdout") return &kSysStdout;
  if (module == "bisect") return &kBisect;
  if (module == "heapq") return &kHeapq;
  if (module == "functools") return &kFunctools;
  if (module == "string") return &kString;
  if (module == "collections") return &kCollections;
  if (module == "itertools") return &kItertools;
  if (module == "typing") return &kTyping;
  if (module == "abc") return &kAbc;
  if (module == "dataclasses") return &kDataclasses;
  return nullptr;
}

} // namespace

bool is_known_module(std::string_view module) { return module_table(module) != nullptr; }

const Signature* find_builtin(std::string_view name) { return find_in(kBuiltins, name); }

bool builtin_is_value(std::string_view name) {
  static const char* const kValues[] = {"int", "float", "bool", "str", "repr", "len", "abs", "ord",
                                        "chr", "round", "sum", "min", "max", "sorted", "list",
                                        "tuple", "dict", "set", "divmod", "any", "all"};
  for (const char* v : kValues)
    if (name == v) return true;
  return false;
}

bool is_builtin_type_name(std::string_view name) {
  return name == "int" || name == "float" || name == "bool" || name == "str" || name == "list" ||
         name == "dict" || name == "tuple" || name == "set";
}

const Signature* find_module_member(std::string_view module, std::string_view member) {
  const std::vector<Signature>* table = module_table(module);
  return table ? find_in(*table, member) : nullptr;
}

const std::string* find_submodule(std::string_view module, std::string_view member) {
  static const std::string linalg = "numpy.linalg", stdout_ = "sys.stdout";
  const Signature* s = find_module_member(module, member);
  if (!s || s->kind != MemberKind::Module) return nullptr;
  if (module == "numpy" && member == "linalg") return &linalg;
  if (module == "sys" && member == "stdout") return &stdout_;
  return nullptr;
}

const Signature* find_array_member(std::string_view name) { return find_in(array_members(), name); }

const Signature* find_generator_method(std::string_view name) { return find_in(kGeneratorMethods, name); }

const Signature* find_container_method(std::string_view name) {
  return find_in(kContainerMethods, name);
}

std::string list_module_members(std::string_view module) {
  std::string out;
  if (const std::vector<Signature>* table = module_table(module)) {
    for (const Signature& s : *table) {
      if (s.name == "ndarray" || s.name == "shuffle") continue; // not a value / refused
      if (!out.empty()) out += ", ";
      out += s.name;
    }
  }
  return out;
}

std::optional<std::string> unsupported_builtin_help(std::string_view name) {
  static const std::map<std::string_view, std::string_view> kHelp = {
      {"eval", "pyscript compiles code ahead of time; it cannot run code from a string"},
      {"exec", "pyscript compiles code ahead of time; it cannot run code from a string"},
      {"compile", "pyscript compiles code ahead of time; it cannot run code from a string"},
      {"open", "pyscript code reads and writes numpy's files only: np.load, np.save, np.savez"},
      {"input", "pass the value in as a parameter"},
      {"globals", "pass values in as parameters"},
      {"locals", "pass values in as parameters"},
      {"vars", "pass values in as parameters"},
      {"getattr", "write the attribute directly: 'x.shape'"},
      {"setattr", "values are immutable in pyscript"},
      {"hasattr", "pyscript knows every attribute at compile time"},
      {"type", "use 'x.dtype' for arrays"},
      {"filter", "write a list comprehension: [x for x in xs if cond]"},
      {"format", "print the value itself"},
      {"id", ""},
      {"hash", ""},
      {"hex", ""},
      {"oct", ""},
      {"bin", ""},
      {"callable", ""},
      {"super", ""},
      {"object", ""},
      {"property", ""},
      {"staticmethod", ""},
      {"classmethod", ""},
      {"breakpoint", "run the file with python3 to debug it"},
      {"help", ""},
      {"dir", ""},
      {"bytes", ""},
      {"bytearray", ""},
      {"memoryview", ""},
      {"frozenset", ""},
      {"slice", "write the slice literally: x[a:b]"},
      {"complex", ""},
      {"ascii", ""},
      {"issubclass", ""},
      {"delattr", ""},
  };
  auto it = kHelp.find(name);
  if (it == kHelp.end()) return std::nullopt;
  return std::string(it->second);
}

std::optional<std::string> escape_method_help(std::string_view name) {
  if (name == "asnumpy" || name == "numpy")
    return std::string("pyscript arrays already are numpy arrays: use the array itself");
  if (name == "tolist") return std::string("keep the array; index it or loop over its first axis");
  if (name == "item") return std::string("write 'float(x)' or 'int(x)' for a one-element array");
  return std::nullopt;
}

std::optional<InPlaceMethod> in_place_method(std::string_view name, const std::string& self, const std::string& args,
                                             const std::string& np) {
  if (name == "fill")
    return InPlaceMethod{np + ".full_like(" + self + ", " + args + ")", "the filled array"};
  if (name == "sort")
    return InPlaceMethod{np + ".sort(" + self + (args.empty() ? "" : ", " + args) + ")", "the sorted array"};
  if (name == "resize")
    return InPlaceMethod{"", "make a new array: np.reshape keeps the size; np.pad or np.concatenate grows an array, "
                             "a slice shrinks it"};
  if (name == "put" || name == "itemset" || name == "setfield")
    return InPlaceMethod{"", "make a new array with the new elements: " + np + ".where(mask, new, " + self + "), or " + np +
                                 ".concatenate"};
  if (name == "partition" || name == "setflags") // (byteswap() returns a new array: not one of these)
    return InPlaceMethod{"", "pyscript arrays never change; compute a new array instead"};
  return std::nullopt;
}

bool is_builtin_exception_class(std::string_view name) {
#define PYRT_EXCEPTION_CLASS(ID, spelled, base) \
  if (name == spelled) return true;
#include "pyscript/exception_classes.def"
#undef PYRT_EXCEPTION_CLASS
  return false;
}

} // namespace pyscript
