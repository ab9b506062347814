// pyscript's C++ host API: compile a Python-subset file, call its functions natively.
//
//   pyscript::Module m = pyscript::compile_file("model.py");      // throws CompileError
//   auto f = m.function<int64_t(int64_t, int64_t)>("add");         // throws TypeError
//   int64_t three = f(1, 2);                                       // throws RuntimeError
//   m.run();                                                       // the top-level statements
//
// A typed handle is specialized for its C++ signature (int64_t -> int, double -> float,
// bool -> bool) and compiled on first request; calling it is a direct native call.
#pragma once

#include <pyscript/runtime.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
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

// A typed handle whose C++ signature does not fit the function.
class TypeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

namespace detail {
struct ModuleState;

// 'i' int64_t, 'f' double, 'b' bool, 'n' void; '?' anything else (a TypeError when used).
template <class T> constexpr char type_code() {
  if constexpr (std::is_same_v<T, int64_t>) return 'i';
  else if constexpr (std::is_same_v<T, double>) return 'f';
  else if constexpr (std::is_same_v<T, bool>) return 'b';
  else if constexpr (std::is_void_v<T>) return 'n';
  else return '?';
}

// The address of `name` specialized for `params`, after checking that it returns `result`;
// throws TypeError or CompileError.
void* resolve(ModuleState& state, const std::string& name, const std::string& params, char result);
pyrt_context* context(ModuleState& state);
// Builds the RuntimeError from the context, resets it, and throws.
[[noreturn]] void throw_runtime_error(ModuleState& state);
} // namespace detail

template <class Signature> class Function;

template <class R, class... Args> class Function<R(Args...)> {
public:
  R operator()(Args... args) const {
    if constexpr (std::is_void_v<R>) {
      fn_(ctx_, args...);
      if (ctx_->failed) detail::throw_runtime_error(*state_);
    } else {
      R r = fn_(ctx_, args...);
      if (ctx_->failed) detail::throw_runtime_error(*state_);
      return r;
    }
  }

private:
  friend class Module;
  using Raw = R (*)(pyrt_context*, Args...);
  Raw fn_ = nullptr;
  pyrt_context* ctx_ = nullptr;
  std::shared_ptr<detail::ModuleState> state_;
};

class Module {
public:
  // A handle to `name` specialized for this C++ signature (compiled on first request).
  template <class Signature> Function<Signature> function(const std::string& name) {
    return make<Signature>(name, static_cast<Signature*>(nullptr));
  }
  // Executes the top-level statements, as `pyscript run` does.
  void run();
  // The optimized graph IR of what has been compiled, as `--emit=graph` prints it.
  std::string graph() const;

  explicit Module(std::shared_ptr<detail::ModuleState> state) : state_(std::move(state)) {}

private:
  template <class Signature, class R, class... Args>
  Function<Signature> make(const std::string& name, R (*)(Args...)) {
    std::string params{detail::type_code<Args>()...};
    Function<Signature> f;
    f.fn_ = reinterpret_cast<typename Function<Signature>::Raw>(
        detail::resolve(*state_, name, params, detail::type_code<R>()));
    f.ctx_ = detail::context(*state_);
    f.state_ = state_;
    return f;
  }

  std::shared_ptr<detail::ModuleState> state_;
};

// Compiles the file (the top-level statements are not run: see Module::run).
Module compile_file(const std::string& path);
Module compile_string(const std::string& source, const std::string& filename = "<string>");

} // namespace pyscript
