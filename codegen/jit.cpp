#include "codegen/jit.hpp"

#include "pyscript/runtime.h"
#include "runtime/symbols.hpp"

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/Support/TargetSelect.h>

#include <mutex>

namespace pyscript::codegen {

void initialize_native_target() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
  });
}

std::string host_data_layout() {
  initialize_native_target();
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine) return "";
  auto layout = machine->getDefaultDataLayoutForTarget();
  if (!layout) {
    llvm::consumeError(layout.takeError());
    return "";
  }
  return layout->getStringRepresentation();
}

// Note [A JIT without a target machine]
// Making an LLVM target machine for this CPU costs about 1.5 ms (its feature bits), and LLJIT's
// defaults make two when the JIT is created: one for the data layout, one for its IR compiler.
// When every module arrives as an object file (compiled for the compile cache, or read from it:
// Note [What the cache keeps] in api/module_cache.cpp), neither is needed: the data layout comes
// from the caller (the cache keeps it too), and the IR compiler is a ConcurrentIRCompiler, which
// makes its target machine when a module is first compiled from IR, if ever.
llvm::Expected<std::unique_ptr<Jit>> Jit::create(const std::string& data_layout) {
  initialize_native_target();
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine) return machine.takeError();
  machine->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  llvm::orc::LLJITBuilder builder;
  builder.setJITTargetMachineBuilder(std::move(*machine));
  if (!data_layout.empty()) {
    auto layout = llvm::DataLayout::parse(data_layout);
    if (!layout) return layout.takeError();
    builder.setDataLayout(std::move(*layout));
  }
  builder.setCompileFunctionCreator([](llvm::orc::JITTargetMachineBuilder target)
                                        -> llvm::Expected<std::unique_ptr<llvm::orc::IRCompileLayer::IRCompiler>> {
    return std::make_unique<llvm::orc::ConcurrentIRCompiler>(std::move(target));
  });
  auto jit = builder.create();
  if (!jit) return jit.takeError();
  auto out = std::unique_ptr<Jit>(new Jit());
  out->jit_ = std::move(*jit);

  // The runtime's functions, by address: the host binary need not export them.
  llvm::orc::SymbolMap symbols;
  llvm::orc::MangleAndInterner mangle(out->jit_->getExecutionSession(), out->jit_->getDataLayout());
  for (const runtime::Symbol& s : runtime::symbols())
    symbols[mangle(s.name)] = {llvm::orc::ExecutorAddr::fromPtr(s.address),
                               llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  llvm::orc::JITDylib& main = out->jit_->getMainJITDylib();
  if (auto err = main.define(llvm::orc::absoluteSymbols(std::move(symbols)))) return err;
  // libm (tanh, ...) from the process.
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      out->jit_->getDataLayout().getGlobalPrefix());
  if (!process) return process.takeError();
  main.addGenerator(std::move(*process));
  // glibc's vector math library, which vectorized loops call (codegen/optimize.cpp).
  auto mvec = llvm::orc::DynamicLibrarySearchGenerator::Load("libmvec.so.1",
                                                             out->jit_->getDataLayout().getGlobalPrefix());
  if (!mvec) return mvec.takeError();
  main.addGenerator(std::move(*mvec));
  out->libraries_.push_back(&main);
  return out;
}

// Garbage cycles point at class and slot descriptors in the code's memory: freed while it is there.
Jit::~Jit() { pyrt_gc_unload(); }

llvm::Expected<llvm::orc::JITDylib*> Jit::new_library() {
  // A fresh library per module, linked against every earlier one, newest first.
  auto created = jit_->createJITDylib("module" + std::to_string(libraries_.size()));
  if (!created) return created.takeError();
  llvm::orc::JITDylibSearchOrder order;
  for (auto it = libraries_.rbegin(); it != libraries_.rend(); ++it)
    order.push_back({*it, llvm::orc::JITDylibLookupFlags::MatchExportedSymbolsOnly});
  created->setLinkOrder(order, /*LinkAgainstThisJITDylibFirst=*/true);
  return &*created;
}

llvm::Error Jit::add_object(const std::string& bytes) {
  auto library = new_library();
  if (!library) return library.takeError();
  if (auto err = jit_->addObjectFile(**library, llvm::MemoryBuffer::getMemBufferCopy(bytes, "artifact")))
    return err;
  libraries_.push_back(*library);
  return llvm::Error::success();
}

llvm::Error Jit::add(std::unique_ptr<llvm::Module> module, std::unique_ptr<llvm::LLVMContext> context) {
  auto library = new_library();
  if (!library) return library.takeError();
  module->setDataLayout(jit_->getDataLayout());
  if (auto err = jit_->addIRModule(**library, llvm::orc::ThreadSafeModule(std::move(module), std::move(context))))
    return err;
  libraries_.push_back(*library);
  return llvm::Error::success();
}

llvm::Expected<void*> Jit::lookup(const std::string& name) {
  // Every module's library, newest first: a later specialization's functions, and the globals and
  // module state that only the first module defines (a lookup in one library sees its own only).
  llvm::orc::JITDylibSearchOrder order;
  for (auto it = libraries_.rbegin(); it != libraries_.rend(); ++it)
    order.push_back({*it, llvm::orc::JITDylibLookupFlags::MatchExportedSymbolsOnly});
  auto address = jit_->getExecutionSession().lookup(order, jit_->mangleAndIntern(name));
  if (!address) return address.takeError();
  return address->getAddress().toPtr<void*>();
}

} // namespace pyscript::codegen
