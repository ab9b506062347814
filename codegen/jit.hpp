// The one place that talks to LLVM's ORC JIT (LLVM 19's LLJIT): create, add a module, look up a
// symbol. An LLVM upgrade should touch this file and optimize.cpp only.
#pragma once

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

#include <memory>
#include <string>

namespace pyscript::codegen {

class Jit {
public:
  // For the host CPU, with the runtime's symbols (runtime/symbols.cpp) and libm available.
  // `data_layout`: the host's (host_data_layout()), when the caller knows it already; else it is
  // computed here. Note [A JIT without a target machine] in jit.cpp.
  static llvm::Expected<std::unique_ptr<Jit>> create(const std::string& data_layout = "");
  // Frees the code and its data, after the calling thread's reference cycles made by it
  // (pyrt_gc_unload: Note [Cycle collector] in runtime/gc.cpp).
  ~Jit();

  // Adds a module; each module gets its own library, which sees the ones added before it, so a
  // later module may define functions again and use the globals of an earlier one.
  llvm::Error add(std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::LLVMContext> context);
  // Adds an object file compiled for this machine (an artifact's), like a module.
  llvm::Error add_object(const std::string& bytes);
  // The address of a symbol, searching the newest library first.
  llvm::Expected<void*> lookup(const std::string& name);

  const llvm::DataLayout& data_layout() const { return jit_->getDataLayout(); }

private:
  llvm::Expected<llvm::orc::JITDylib*> new_library();
  std::unique_ptr<llvm::orc::LLJIT> jit_;
  std::vector<llvm::orc::JITDylib*> libraries_;
};

// Initializes LLVM's native target once per process (idempotent, thread-safe).
void initialize_native_target();

// The data layout of code for this machine, as text (made by a target machine: about 1.5 ms).
std::string host_data_layout();

} // namespace pyscript::codegen
