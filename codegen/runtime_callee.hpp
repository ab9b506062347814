// The LLVM declaration of a runtime function, derived from its C prototype (Note [One declaration
// of the runtime] in include/pyscript/runtime_functions.def): generated code cannot call a runtime
// function with other types than the ones it is compiled with.
#pragma once

#include "pyscript/runtime.h"

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/Module.h>

#include <cstdint>
#include <type_traits>

namespace pyscript::codegen {

// The LLVM type of a C type that crosses the runtime's ABI.
template <class T>
llvm::Type* abi_llvm_type(llvm::LLVMContext& c) {
  if constexpr (std::is_void_v<T>) return llvm::Type::getVoidTy(c);
  else if constexpr (std::is_pointer_v<T>) return llvm::PointerType::getUnqual(c);
  else if constexpr (std::is_same_v<T, double>) return llvm::Type::getDoubleTy(c);
  else if constexpr (std::is_same_v<T, float>) return llvm::Type::getFloatTy(c);
  else if constexpr (std::is_integral_v<T>) return llvm::Type::getIntNTy(c, unsigned(sizeof(T) * 8));
  else static_assert(sizeof(T) == 0, "a runtime function takes or returns a type generated code cannot pass");
}

template <class F>
struct RuntimeSignature;

template <class R, class... A>
struct RuntimeSignature<R(A...)> {
  static llvm::FunctionType* get(llvm::LLVMContext& c) {
    return llvm::FunctionType::get(abi_llvm_type<R>(c), {abi_llvm_type<A>(c)...}, false);
  }
};

template <class R, class... A>
struct RuntimeSignature<R(A..., ...)> { // printf-style: the fixed parameters
  static llvm::FunctionType* get(llvm::LLVMContext& c) {
    return llvm::FunctionType::get(abi_llvm_type<R>(c), {abi_llvm_type<A>(c)...}, true);
  }
};

template <class F>
llvm::FunctionCallee runtime_callee(llvm::Module& module, const char* name) {
  return module.getOrInsertFunction(name, RuntimeSignature<F>::get(module.getContext()));
}

} // namespace pyscript::codegen

// PYRT(pyrt_array_release): the callee of that runtime function in the module being emitted, typed
// from its prototype (a name that is not in the runtime's table does not compile).
#define PYRT(name) ::pyscript::codegen::runtime_callee<decltype(::name)>(module_, #name)
