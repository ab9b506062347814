#include "codegen/tiers.hpp"

#include "codegen/optimize.hpp"
#include "codegen/osr.hpp"

#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <cstring>
#include <set>

// Note [Two tiers]
// A program's run compiled everything at -O3 before its first statement: 31 ms of -O3 and code
// generation for recursion.py's fib (UnrollRecursionPass inlines it into itself, Note [Unrolling
// recursion]), 14 ms for newton.py's one `while` loop, for programs that then run for 30
// microseconds (3.3x and 2.2x python3's whole process). So a run has two tiers:
// - Tier 0: the module compiled without optimization (fast instruction selection: 1.5-3 ms), run
//   at once. Each body ("NAME.body") left to optimize starts with a load of its slot, a global
//   pointer, null at first (add_entry_check); each of its loops looks at a slot of its own (Note
//   [Loops change tiers] in osr.cpp).
// - Tier 1: the same bodies at -O3, compiled on another thread (api/tier_up.cpp) as a module that
//   declares the module's globals and exports a function per site (keep_tier_one): one that calls
//   the body, and for each loop a copy of its function entered at the loop. Once it is linked the
//   slots are set (a release store; the loads are acquires): a body's next call, and a loop's next
//   look at its slot, go on in tier 1, whose own calls stay there.
// Which sites (tiered_sites): every body not left unoptimized as cold code (Note [Cold functions]),
// the top level's loops (the top level is called once, so it has no entry site). The module is not
// tiered, and is optimized in full before the run as before, when another of its functions has a
// loop (a fused kernel, which runs inside one call, on the kernel pool), or when its code calls a
// function LLVM vectorizes with the vector math library (libmvec's last bit may differ from libm's,
// and a switch in mid-run would make output depend on timing). Otherwise both tiers compute the
// same values: the same graph IR, and pyscript emits no fast-math flags or fused multiply-adds.

namespace pyscript::codegen {
namespace {

constexpr const char* kSlotPrefix = "pyscript.tier.slot.";
constexpr const char* kOnePrefix = "pyscript.tier.one.";
// Tier 0's loops look at their slot on every 1,024th arrival at the header (Note [Loops change tiers]).
constexpr uint32_t kLoopCheckMask = 1023;
// Instructions that tier 1's loop copies may hold whatever the module's size (Note [A budget for
// loop copies]).
constexpr size_t kLoopCopyBudget = 8000;

std::vector<llvm::Function*> direct_callees(llvm::Function& f) {
  std::vector<llvm::Function*> out;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& i : block)
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (llvm::Function* callee = call->getCalledFunction(); callee && !callee->isDeclaration())
          out.push_back(callee);
  return out;
}

bool is_body(const llvm::Function& f) { return f.getName().ends_with(".body"); }

llvm::GlobalVariable* new_slot(llvm::Module& module, const std::string& site) {
  llvm::PointerType* ptr = llvm::PointerType::getUnqual(module.getContext());
  auto* slot = new llvm::GlobalVariable(module, ptr, false, llvm::GlobalValue::ExternalLinkage,
                                        llvm::ConstantPointerNull::get(ptr), kSlotPrefix + site);
  slot->setAlignment(llvm::Align(8));
  return slot;
}

// Tier 0: the body's slot, looked at in a new first block (Note [Two tiers]).
void add_entry_check(llvm::Function& f, llvm::GlobalVariable& slot) {
  llvm::BasicBlock* first = &f.getEntryBlock();
  auto* check = llvm::BasicBlock::Create(f.getContext(), "tier.check", &f, first);
  move_frame_slots(*first, *check);
  llvm::IRBuilder<> b(check);
  std::vector<llvm::Value*> args;
  for (llvm::Argument& a : f.args()) args.push_back(&a);
  forward_when_set(b, slot, first, f.getFunctionType(), args, f.getCallingConv());
}

// Tier 1: an exported function that calls the body.
void add_entry(llvm::Function& f, const std::string& symbol) {
  auto* one = llvm::Function::Create(f.getFunctionType(), llvm::GlobalValue::ExternalLinkage, symbol, f.getParent());
  one->addFnAttr(llvm::Attribute::NoUnwind);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(f.getContext(), "entry", one));
  std::vector<llvm::Value*> args;
  for (llvm::Argument& a : one->args()) args.push_back(&a);
  llvm::CallInst* call = b.CreateCall(&f, args);
  call->setCallingConv(f.getCallingConv());
  if (f.getReturnType()->isVoidTy()) b.CreateRetVoid();
  else b.CreateRet(call);
}

} // namespace

bool on_call_cycle(llvm::Function& f) {
  std::set<llvm::Function*> seen;
  std::vector<llvm::Function*> work = direct_callees(f);
  while (!work.empty()) {
    llvm::Function* g = work.back();
    work.pop_back();
    if (g == &f) return true;
    if (!seen.insert(g).second) continue;
    for (llvm::Function* h : direct_callees(*g)) work.push_back(h);
  }
  return false;
}

std::string tier_slot_symbol(const std::string& site) { return kSlotPrefix + site; }
std::string tier_one_symbol(const std::string& site) { return kOnePrefix + site; }
std::string tier_mask_symbol() { return "pyscript.tier.mask"; }

std::vector<std::string> add_tier_slots(llvm::Module& module) {
  std::vector<std::pair<llvm::Function*, std::vector<LoopSite>>> bodies;
  llvm::Triple triple(module.getTargetTriple());
  llvm::TargetLibraryInfoImpl library(triple);
  library.addVectorizableFunctionsFromVecLib(llvm::TargetLibraryInfoImpl::LIBMVEC_X86, triple);
  for (llvm::Function& f : module) {
    if (f.isDeclaration() || f.hasFnAttribute(llvm::Attribute::OptimizeNone)) continue;
    if (is_body(f)) bodies.emplace_back(&f, std::vector<LoopSite>{});
    else if (has_cycle(f)) return {}; // a fused kernel: its loop would stay unoptimized
    for (const llvm::BasicBlock& block : f)
      for (const llvm::Instruction& i : block)
        if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const llvm::Function* callee = call->getCalledFunction();
              callee && callee->isDeclaration() && library.isFunctionVectorizable(callee->getName()))
            return {};
  }
  size_t code = 0, copies = 0;
  for (auto& [f, loops] : bodies) {
    code += f->getInstructionCount();
    loops = loop_sites(*f); // all found before any function changes
    for (const LoopSite& site : loops) copies += site.copy_size;
  }
  // Note [A budget for loop copies]
  // Each loop's tier-1 entry is a copy of its function from the loop on, so a top level of 37
  // loops in a row had 37 copies of most of itself: tier 1 of a generated 376-line program took
  // 25 s to compile where one tier took 1.8 s (and 0.23 s without the copies). So the copies
  // together may hold as many instructions as the bodies (at least kLoopCopyBudget). A module whose
  // copies do not fit is not tiered: leaving some loops without a copy was tried, and a benchmark
  // whose warm-up loop (inlined into the top level, early in it, so with one of the largest copies)
  // had none ran that loop unoptimized to its end: bench/lists/nbody.py's whole run went from 51 to
  // 119 ms with a warm cache.
  if (bodies.empty() || copies > std::max(code, kLoopCopyBudget)) return {};
  llvm::Type* i32 = llvm::Type::getInt32Ty(module.getContext());
  auto* mask = new llvm::GlobalVariable(module, i32, false, llvm::GlobalValue::ExternalLinkage,
                                        llvm::ConstantInt::get(i32, kLoopCheckMask), tier_mask_symbol());
  std::vector<std::string> sites;
  for (auto& [f, loops] : bodies) {
    for (const LoopSite& site : loops) {
      add_loop_check(*f, site, *new_slot(module, site.name), *mask);
      sites.push_back(site.name);
    }
    // The top level is called once: only its loops can change tiers.
    if (f->getName() == "__main__.body") continue;
    add_entry_check(*f, *new_slot(module, f->getName().str()));
    sites.push_back(f->getName().str());
  }
  return sites;
}

void keep_tier_one(llvm::Module& module, const std::vector<std::string>& sites) {
  std::set<std::string> wanted(sites.begin(), sites.end()), exported;
  std::vector<llvm::Function*> functions;
  for (llvm::Function& f : module)
    if (!f.isDeclaration() && is_body(f)) functions.push_back(&f);
  for (llvm::Function* f : functions) {
    for (const LoopSite& site : loop_sites(*f))
      if (wanted.count(site.name)) {
        add_loop_entry(*f, site, tier_one_symbol(site.name));
        exported.insert(tier_one_symbol(site.name));
      }
    if (!wanted.count(f->getName().str())) continue;
    add_entry(*f, tier_one_symbol(f->getName().str()));
    exported.insert(tier_one_symbol(f->getName().str()));
  }
  for (llvm::Function& f : module) {
    if (f.isDeclaration() || exported.count(f.getName().str())) continue;
    f.setVisibility(llvm::GlobalValue::DefaultVisibility);
    f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  remove_unused_functions(module);
}

std::vector<std::string> tier_slots_of_object(const std::string& object) {
  std::vector<std::string> out;
  auto file = llvm::object::ObjectFile::createObjectFile(llvm::MemoryBufferRef(object, "tier 0"));
  if (!file) {
    llvm::consumeError(file.takeError());
    return out;
  }
  for (const llvm::object::SymbolRef& symbol : (*file)->symbols()) {
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    if (!name) {
      llvm::consumeError(name.takeError());
      continue;
    }
    if (name->starts_with(kSlotPrefix)) out.push_back(name->drop_front(std::strlen(kSlotPrefix)).str());
  }
  return out;
}

} // namespace pyscript::codegen
