// pyscript's C++ host API: compile a Python-subset file, call its functions natively.
//
//   pyscript::Module m = pyscript::compile_file("model.py");      // throws CompileError
//   auto f = m.function<int64_t(int64_t, int64_t)>("add");         // throws TypeError
//   int64_t three = f(1, 2);                                       // throws RuntimeError
//   m.run();                                                       // the top-level statements
//
// A typed handle is specialized for its C++ signature (int64_t -> int, double -> float,
// bool -> bool, std::string -> str, std::vector<T> -> list[T], pyscript::Tensor -> an array of its
// dtype and rank) and compiled on first request; calling it is a direct native call (with tensors,
// after a lookup of their dtypes and ranks). Strings and lists cross as copies, both ways: a list
// argument is a new list for that call, so what the function does to it never reaches the host's
// vector (Note [Host containers] in api/containers.cpp).
//
// After m.run(), the module's names and objects are readable (Note [Module state from the host] in
// api/objects.cpp):
//   pyscript::Object net = m.global<pyscript::Object>("net");      // throws TypeError
//   auto forward = net.method<pyscript::Tensor(pyscript::Tensor)>("forward");
//   pyscript::Tensor w = net.attr<pyscript::Tensor>("w1");
//   m.save("net.pys");                                             // code and state (pyscript::load)
//
// Threads: a Module, its handles and Tensors may be used from many threads at once; each call
// has its own error and recursion depth, and compiling on first request is serialized inside the
// module (Note [Threads] in api/module.cpp).
#pragma once

#include <pyscript/host_values.hpp>
#include <pyscript/runtime.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace pyscript {

// One diagnostic of a program pyscript rejected.
struct DiagnosticRecord {
  std::string severity; // "error"
  std::string code;     // "in-place", "type", "undefined", ...
  std::string message;
  std::string file;
  int line = 0, column = 0, end_line = 0, end_column = 0;
  std::vector<std::string> help;
  std::vector<std::string> notes;
  std::vector<std::string> fixits; // replacement texts
};

class CompileError : public std::runtime_error {
public:
  CompileError(const std::string& formatted, std::vector<DiagnosticRecord> diagnostics)
      : std::runtime_error(formatted), diagnostics_(std::move(diagnostics)) {}
  // what(): the diagnostics formatted as `pyscript check` prints them.
  const std::vector<DiagnosticRecord>& diagnostics() const { return diagnostics_; }

private:
  std::vector<DiagnosticRecord> diagnostics_;
};

// A failure while compiled code ran: what() is "model.py:7:12: runtime error: ZeroDivisionError: ...".
class RuntimeError : public std::runtime_error {
public:
  RuntimeError(const std::string& what, std::string location, std::string error)
      : std::runtime_error(what), location_(std::move(location)), error_(std::move(error)) {}
  const std::string& location() const { return location_; } // "model.py:7:12"
  const std::string& error() const { return error_; }       // "ZeroDivisionError: ..."

private:
  std::string location_, error_;
};

// sys.exit(...) ran: code() is the process's exit status (CPython's: 0 for sys.exit() and
// sys.exit(None), 1 for a message, which was written to stderr).
class SystemExit : public RuntimeError {
public:
  SystemExit(std::string location, int code)
      : RuntimeError(location + ": SystemExit: " + std::to_string(code), location, "SystemExit"), code_(code) {}
  int code() const { return code_; }

private:
  int code_;
};

// A typed handle whose C++ signature does not fit the function.
class TypeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

enum class DType { Float32, Float64, Int64, Bool };

// An n-d array passed to or returned by compiled functions: a reference-counted, immutable
// value (copies share the buffer). Tensors may be copied, read and passed to calls on many
// threads at once: the array a Tensor holds counts its references atomically (Note [Shared
// arrays] in runtime/array.cpp).
class Tensor {
public:
  Tensor() = default;
  // A tensor holding a copy of `data` (row-major, shape's product elements).
  template <class T> static Tensor from_data(const std::vector<int64_t>& shape, const T* data) {
    return from_bytes(shape, dtype_of<T>(), data);
  }
  std::vector<int64_t> shape() const;
  DType dtype() const;
  int64_t size() const;
  int rank() const { return array_ ? array_->ndim : 0; }
  bool empty() const { return !array_; }
  // The elements, row-major; T must match dtype() (bool for Bool). (A strided result, a
  // transpose, was made contiguous when it reached the host.)
  template <class T> const T* data() const {
    check_dtype(dtype_of<T>());
    return static_cast<const T*>(contiguous_data());
  }

  // For the API's own use: takes over one reference of `array`, and shares it (pyrt_array_share).
  explicit Tensor(pyrt_array* array);
  pyrt_array* raw() const { return array_.get(); }

  template <class T> static constexpr DType dtype_of() {
    if constexpr (std::is_same_v<T, float>) return DType::Float32;
    else if constexpr (std::is_same_v<T, double>) return DType::Float64;
    else if constexpr (std::is_same_v<T, int64_t>) return DType::Int64;
    else {
      static_assert(std::is_same_v<T, bool>, "Tensor elements are float, double, int64_t or bool");
      return DType::Bool;
    }
  }

private:
  static Tensor from_bytes(const std::vector<int64_t>& shape, DType dtype, const void* data);
  void check_dtype(DType want) const;
  const void* contiguous_data() const;
  std::shared_ptr<pyrt_array> array_;
};

// numpy's .npy format (version 1.0-3.0 read, 1.0 written), float32/float64/int64/bool, C order.
// Errors (missing file, another dtype, Fortran order, a truncated file) throw std::runtime_error.
Tensor load_npy(const std::string& path);
void save_npy(const std::string& path, const Tensor& tensor);
// The array `name` ("w1" or "w1.npy") of an .npz archive, as np.savez / np.savez_compressed write.
Tensor load_npz(const std::string& path, const std::string& name);

namespace detail {
struct ModuleState;

// How a C++ type crosses into compiled code: a Tensor as its pyrt_array*, a std::string as a new
// pyrt_str*, a std::vector as a new pyrt_list* (type codes and conversions: host_values.hpp).
template <class T> struct Abi { using type = T; };
template <> struct Abi<Tensor> { using type = pyrt_array*; };
template <> struct Abi<std::string> { using type = pyrt_str*; };
template <class E> struct Abi<std::vector<E>> { using type = pyrt_list*; };
template <> struct Passed<Tensor> {
  pyrt_array* value;
  explicit Passed(const Tensor& v) : value(v.raw()) {}
};

// One tensor argument's static type: dtype and rank.
struct TensorKey {
  DType dtype;
  int rank;
  bool operator==(const TensorKey&) const = default;
};

// The address of `name` specialized for `params` (tensors: their dtype and rank in `tensors`),
// after checking that it returns `result`; throws TypeError or CompileError. Compiles on first
// request, one thread at a time per module (Note [Threads] in api/module.cpp).
// `params` and `result` are type codes (host_values.hpp).
void* resolve(ModuleState& state, const std::string& name, const std::string& params, const std::string& result,
              const std::vector<TensorKey>& tensors = {});
// Checks what can be checked before the tensors' types are known (arity, C++ types).
void check_signature(ModuleState& state, const std::string& name, const std::string& params,
                     const std::string& result);

// The context of one call from the host, on the caller's stack: every call has its own error,
// location and recursion depth, so calls on other threads never see them (Note [Threads]).
// Compiled code reads only these three fields before writing; the rest is written with an error.
struct CallContext : pyrt_context {
  CallContext() {
    failed = 0;
    depth = 0;
    out = nullptr; // print writes to stdout
  }
};
// Builds the RuntimeError from a call's failed context, and throws.
[[noreturn]] void throw_runtime_error(const pyrt_context& ctx);

// One call of compiled code: `call(ctx)` calls the entry with its arguments; the result crosses
// back as R (a Tensor takes the returned reference; a str or list is copied and released).
template <class R, class Call> R invoke(const Call& call) {
  CallContext ctx;
  if constexpr (std::is_void_v<R>) {
    call(&ctx);
    if (ctx.failed) [[unlikely]] throw_runtime_error(ctx);
  } else if constexpr (std::is_same_v<R, Tensor>) {
    pyrt_array* r = call(&ctx);
    if (ctx.failed) [[unlikely]] throw_runtime_error(ctx);
    return Tensor(r);
  } else if constexpr (kIsObject<R>) {
    void* r = call(&ctx);
    if (ctx.failed) [[unlikely]] throw_runtime_error(ctx);
    return take_object<R>(r); // a copy; the returned object is released
  } else {
    R r = call(&ctx);
    if (ctx.failed) [[unlikely]] throw_runtime_error(ctx);
    return r;
  }
}

// A handle's specializations for tensor arguments, N tensors each: found on every call without a
// lock (an immutable list, new entries published at its head); entries added after compiling.
template <size_t N> class SpecializationCache {
public:
  using Key = std::array<TensorKey, N>;
  SpecializationCache() = default;
  SpecializationCache(const SpecializationCache&) = delete;
  SpecializationCache& operator=(const SpecializationCache&) = delete;
  ~SpecializationCache() {
    for (Entry* e = head_.load(std::memory_order_acquire); e;) delete std::exchange(e, e->next);
  }
  void* find(const Key& key) const {
    for (const Entry* e = head_.load(std::memory_order_acquire); e; e = e->next)
      if (e->key == key) return e->address;
    return nullptr;
  }
  void add(const Key& key, void* address) {
    auto* e = new Entry{key, address, head_.load(std::memory_order_relaxed)};
    while (!head_.compare_exchange_weak(e->next, e, std::memory_order_release, std::memory_order_relaxed)) {
    }
  }

private:
  struct Entry {
    Key key;
    void* address;
    Entry* next;
  };
  std::atomic<Entry*> head_{nullptr};
};
} // namespace detail

template <class Signature> class Function;

template <class R, class... Args> class Function<R(Args...)> {
public:
  // May be called from many threads at once (Note [Threads] in api/module.cpp).
  R operator()(const Args&... args) const {
    Raw fn = fn_;
    if constexpr (kTensors > 0) fn = specialization(args...);
    // A str or list argument is released at the end of the full expression, after the call.
    return detail::invoke<R>([&](pyrt_context* ctx) { return fn(ctx, detail::Passed<Args>(args).value...); });
  }

private:
  friend class Module;
  static constexpr size_t kTensors = (size_t(std::is_same_v<Args, Tensor>) + ... + 0);
  using Raw = typename detail::Abi<R>::type (*)(pyrt_context*, typename detail::Abi<Args>::type...);
  using Cache = detail::SpecializationCache<kTensors>;

  // With tensor arguments the specialization depends on their dtypes and ranks: one per
  // combination seen, found by a short scan.
  Raw specialization(const Args&... args) const {
    typename Cache::Key key;
    size_t next = 0;
    auto add_key = [&](const auto& v) {
      if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Tensor>) key[next++] = {v.dtype(), v.rank()};
    };
    (add_key(args), ...);
    if (void* found = cache_->find(key)) return reinterpret_cast<Raw>(found);
    void* f = detail::resolve(*state_, name_, params_, detail::type_codes<R>(),
                              std::vector<detail::TensorKey>(key.begin(), key.end()));
    cache_->add(key, f);
    return reinterpret_cast<Raw>(f);
  }

  Raw fn_ = nullptr;
  std::shared_ptr<detail::ModuleState> state_;
  std::string name_, params_;
  std::shared_ptr<Cache> cache_ = std::make_shared<Cache>();
};

template <class Signature> class Method;

namespace detail {
// Reading module state (Note [Module state from the host] in api/objects.cpp): the codes of
// type_codes, with 'o' for pyscript::Object and 'g' for float (a np.float32).
template <class T> std::string value_codes();
// The address of the global `name`, after checking that the host may read it as `codes`: throws
// TypeError (no such name, another type) or RuntimeError (a NameError: the top level has not
// stored it, run() first).
const char* global_slot(ModuleState& state, const std::string& name, const std::string& codes);
// The address of field `name` of `object`, checked the same way.
const char* field_slot(ModuleState& state, const pyrt_instance* object, const std::string& name,
                       const std::string& codes);
// A method's specialization, as resolve does for functions: the method `name` of the object's
// run-time class (or of the nearest base defining it), with self typed as that class.
void* resolve_method(ModuleState& state, const pyrt_instance* self, const std::string& name,
                     const std::string& params, const std::string& result,
                     const std::vector<TensorKey>& tensors = {});
void check_method_signature(ModuleState& state, const pyrt_instance* self, const std::string& name,
                            const std::string& params, const std::string& result);
} // namespace detail

// A reference to an instance of a user class (SPEC.md, "Objects and module state"): copies
// share the object, which stays alive (with its module) while any copy or method handle holds
// it. Objects may be read and their methods called from many threads at once (the object and what
// it holds are shared: counted atomically); two threads changing one object at once is a data race
// in the host's program, as in C++.
class Object {
public:
  Object() = default;
  // An empty Object is None (an Optional attribute or global holding None).
  bool empty() const { return !object_; }
  // The object's run-time class ("" for None).
  std::string class_name() const;
  // The field `name` (an attribute __init__ assigns): a copy of a str or list, a Tensor, an
  // Object; TypeError for another type or a name the class has no field of.
  template <class T> T attr(const std::string& name) const;
  // A handle to the method `name`, as `obj.name(...)` calls it in Python: the method of the
  // object's run-time class (an override), specialized for this signature on first request.
  template <class Signature> Method<Signature> method(const std::string& name) const;
  // Whether both refer to the same object (Python's `is`).
  bool is(const Object& other) const { return object_ == other.object_; }

  // For the API's own use: takes over one reference of `object` (null: None) and shares it.
  Object(std::shared_ptr<detail::ModuleState> state, pyrt_instance* object);
  pyrt_instance* raw() const { return object_.get(); }

private:
  template <class Signature> friend class Method;
  const pyrt_instance* checked() const;
  template <class Signature, class R, class... Args> Method<Signature> make(const std::string& name, R (*)(Args...)) const;
  // Declared in this order: the object is released before the module (its class lives there).
  std::shared_ptr<detail::ModuleState> state_;
  std::shared_ptr<pyrt_instance> object_;
};

namespace detail {
template <class T> std::string value_codes() {
  if constexpr (std::is_same_v<T, Object>)
    return "o";
  else if constexpr (std::is_same_v<T, float>)
    return "g";
  else if constexpr (IsVector<T>::value) {
    std::string element = value_codes<typename T::value_type>();
    // Lists are copied element by element: numbers, str, and lists of those.
    if (element.find_first_of("to?") != std::string::npos) return "?";
    return "l" + element;
  } else
    return type_codes<T>();
}

// The value in a slot the host reads as T (value_codes): a copy, a new Tensor or Object reference.
Object object_at(const std::shared_ptr<ModuleState>& state, const char* slot);
Tensor tensor_at(const char* slot);
// Copied by load<T> (host_values.hpp): numbers, str, and lists of those.
template <class T> struct Copied : std::bool_constant<std::is_arithmetic_v<T> || std::is_same_v<T, std::string>> {};
template <class E> struct Copied<std::vector<E>> : Copied<E> {};
template <class T> T read_slot(const std::shared_ptr<ModuleState>& state, const char* slot) {
  if constexpr (std::is_same_v<T, Object>)
    return object_at(state, slot);
  else if constexpr (std::is_same_v<T, Tensor>)
    return tensor_at(slot);
  else if constexpr (Copied<T>::value)
    return load<T>(slot);
  else // global_slot and field_slot have thrown TypeError (value_codes has a '?')
    throw std::logic_error("pyscript: a value of a C++ type pyscript cannot read");
}
} // namespace detail

template <class T> T Object::attr(const std::string& name) const {
  return detail::read_slot<T>(state_, detail::field_slot(*state_, checked(), name, detail::value_codes<T>()));
}

// A typed handle to a method of one object (Object::method); it keeps the object alive. May be
// called from many threads at once, as Function.
template <class R, class... Args> class Method<R(Args...)> {
public:
  R operator()(const Args&... args) const {
    Raw fn = fn_;
    if constexpr (kTensors > 0) fn = specialization(args...);
    pyrt_instance* self = self_.raw();
    return detail::invoke<R>([&](pyrt_context* ctx) { return fn(ctx, self, detail::Passed<Args>(args).value...); });
  }
  const Object& object() const { return self_; }

private:
  friend class Object;
  static constexpr size_t kTensors = (size_t(std::is_same_v<Args, Tensor>) + ... + 0);
  using Raw = typename detail::Abi<R>::type (*)(pyrt_context*, pyrt_instance*, typename detail::Abi<Args>::type...);
  using Cache = detail::SpecializationCache<kTensors>;

  Raw specialization(const Args&... args) const {
    typename Cache::Key key;
    size_t next = 0;
    auto add_key = [&](const auto& v) {
      if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Tensor>) key[next++] = {v.dtype(), v.rank()};
    };
    (add_key(args), ...);
    if (void* found = cache_->find(key)) return reinterpret_cast<Raw>(found);
    void* f = detail::resolve_method(*self_.state_, self_.raw(), name_, params_, detail::type_codes<R>(),
                                     std::vector<detail::TensorKey>(key.begin(), key.end()));
    cache_->add(key, f);
    return reinterpret_cast<Raw>(f);
  }

  Raw fn_ = nullptr;
  Object self_;
  std::string name_, params_;
  std::shared_ptr<Cache> cache_ = std::make_shared<Cache>();
};

template <class Signature> Method<Signature> Object::method(const std::string& name) const {
  return make<Signature>(name, static_cast<Signature*>(nullptr));
}

template <class Signature, class R, class... Args>
Method<Signature> Object::make(const std::string& name, R (*)(Args...)) const {
  std::string params = (std::string() + ... + detail::type_codes<Args>());
  Method<Signature> m;
  if constexpr (Method<Signature>::kTensors > 0)
    detail::check_method_signature(*state_, checked(), name, params, detail::type_codes<R>());
  else
    m.fn_ = reinterpret_cast<typename Method<Signature>::Raw>(
        detail::resolve_method(*state_, checked(), name, params, detail::type_codes<R>()));
  m.self_ = *this;
  m.name_ = name;
  m.params_ = params;
  return m;
}

class Module {
public:
  // A handle to `name` specialized for this C++ signature (compiled on first request).
  template <class Signature> Function<Signature> function(const std::string& name) {
    return make<Signature>(name, static_cast<Signature*>(nullptr));
  }
  // Executes the top-level statements, as `pyscript run` does. It stores the module's globals:
  // run it before other threads call functions that read them. A module loaded from an artifact
  // saved after run() (an export) has its state already: run() does nothing there.
  void run();
  // The same with sys.argv = argv (run() gives [the source's path], as `python3 FILE` does).
  void run(const std::vector<std::string>& argv);
  // The module-level name `name` after run() (SPEC.md, "Objects and module state"): int64_t,
  // double, bool, std::string, std::vector<T> (copies), float/double/int64_t/bool for numpy
  // scalars, Tensor, Object (a reference). Throws TypeError for a name of another type or none
  // the top level binds, RuntimeError (NameError) before the top level has stored it.
  template <class T> T global(const std::string& name) const {
    return detail::read_slot<T>(state_, detail::global_slot(*state_, name, detail::value_codes<T>()));
  }
  // The optimized graph IR of what has been compiled, as `--emit=graph` prints it.
  std::string graph() const;
  // Writes an artifact: the optimized graphs of the top level and of every specialization
  // compiled so far, with a format version and a checksum (pyscript::load reads it). After run(),
  // the module's state too: its globals and what they reach (objects, lists, dicts, arrays,
  // numbers, str; shared references once), and its random generators' states; loading it
  // restores them and run() then runs nothing more (Note [Module state in artifacts] in
  // ir/state.hpp).
  void save(const std::string& path) const;

  explicit Module(std::shared_ptr<detail::ModuleState> state) : state_(std::move(state)) {}

private:
  template <class Signature, class R, class... Args>
  Function<Signature> make(const std::string& name, R (*)(Args...)) {
    std::string params = (std::string() + ... + detail::type_codes<Args>());
    Function<Signature> f;
    if constexpr (Function<Signature>::kTensors > 0)
      detail::check_signature(*state_, name, params, detail::type_codes<R>());
    else
      f.fn_ = reinterpret_cast<typename Function<Signature>::Raw>(
          detail::resolve(*state_, name, params, detail::type_codes<R>()));
    f.state_ = state_;
    f.name_ = name;
    f.params_ = params;
    return f;
  }

  std::shared_ptr<detail::ModuleState> state_;
};

// Compiles the file (the top-level statements are not run: see Module::run).
Module compile_file(const std::string& path);
Module compile_string(const std::string& source, const std::string& filename = "<string>");
// Loads an artifact written by Module::save, `pyscript compile model.py -o model.pys` or `pyscript
// export`; no Python source is needed; an export's state is restored (no run() needed). Handles must match a specialization it holds. Throws std::runtime_error with a
// one-line message for a file that is not a valid artifact ("model.pys: checksum mismatch").
Module load(const std::string& path);

} // namespace pyscript
