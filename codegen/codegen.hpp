// Graph IR -> LLVM IR. Each ir::Function becomes an exported LLVM function
//   RET @"name"(ptr %ctx, ARGS...)     (RET void for None)
// whose first parameter is the runtime context (runtime/runtime.h): an op that fails records
// the error there and the function returns at once; callers check the context after each call.
// Generated code calls the function's internal body instead (Note [Entry and body]).
#pragma once

#include "ir/graph.hpp"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <optional>
#include <string>

namespace pyscript::codegen {

struct CodegenOptions {
  // Module constants (ir::Module::globals): defined here, or declared and found in an earlier
  // module at link time (a later specialization of the same program).
  bool define_globals = true;
  bool emit_main = true; // the top level, as `void @__main__(ptr %ctx)`
};

std::unique_ptr<llvm::Module> emit_module(const ir::Module& m, llvm::LLVMContext& context,
                                          const CodegenOptions& options = {});

// The module (top level, constants and every function) as an optimized object file for this
// machine: what an artifact carries so that loading it needs no LLVM work.
std::string compile_object(const ir::Module& m);

// The LLVM type of an IR type at the function boundary (i64, double, i1, ...).
llvm::Type* llvm_type(const ir::Type& t, llvm::LLVMContext& context);
// The type in an exported entry's signature (numpy scalars cross as 0-d arrays).
llvm::Type* abi_type(const ir::Type& t, llvm::LLVMContext& context);

// For ahead-of-time objects: C-callable names for the specializations `entries` (their Python
// names) and the top level (`main_name`), as aliases in `module`; and a C header declaring them.
void add_c_names(llvm::Module& module, const ir::Module& m, const std::vector<std::string>& entries,
                 const std::string& main_name);
// Why the C header cannot declare an entry (a parameter or result with no C type: a str, a list, an
// Optional, ...), or nothing.
std::optional<std::string> c_header_problem(const ir::Module& m, const std::vector<std::string>& entries);
std::string c_header(const ir::Module& m, const std::vector<std::string>& entries, const std::string& main_name,
                     const std::string& source);

// The symbol of a global in LLVM: "pyscript.global.NAME".
std::string global_symbol(const std::string& name);
// The flag that says the top level has stored it (Note [Globals are bound by the top level]).
std::string global_bound_symbol(const std::string& name);

} // namespace pyscript::codegen
