// codegen/unroll_recursion.cpp on LLVM IR shaped like what codegen emits (Note [Entry and body]):
// the pass must leave valid IR, unroll within its budget, and evaluate only pure prefixes in place.
#include "codegen/unroll_recursion.hpp"

#include <doctest/doctest.h>

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string>

namespace {

struct Unrolled {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  std::string problems;
};

std::unique_ptr<Unrolled> unroll(const std::string& ir) {
  auto result = std::make_unique<Unrolled>();
  llvm::SMDiagnostic error;
  result->module = llvm::parseAssemblyString(ir, error, result->context);
  REQUIRE_MESSAGE(result->module, error.getMessage().str());
  llvm::PassBuilder pb;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes;
  passes.addPass(pyscript::codegen::UnrollRecursionPass());
  passes.run(*result->module, mam);
  llvm::raw_string_ostream os(result->problems);
  llvm::verifyModule(*result->module, &os);
  return result;
}

int calls_to(const llvm::Function& caller, const std::string& callee) {
  int n = 0;
  for (const llvm::BasicBlock& block : caller)
    for (const llvm::Instruction& i : block)
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i))
        if (call->getCalledFunction() && call->getCalledFunction()->getName() == callee) ++n;
  return n;
}

int blocks_named(const llvm::Function& f, const std::string& part) {
  int n = 0;
  for (const llvm::BasicBlock& block : f) n += block.getName().contains(part);
  return n;
}

// fib as codegen emits it after LLVM's early simplification: frame check, early return, two
// self-calls whose `failed` flag is checked, checked add.
const char* kFib = R"(
declare void @pyrt_raise(ptr, i32, ptr)
declare { i64, i1 } @llvm.sadd.with.overflow.i64(i64, i64)

define internal { i64, i1 } @fib.body(ptr %ctx, i32 %frames, i64 %n) {
entry:
  %here = add nsw i32 %frames, 1
  %deep = icmp sgt i32 %here, 1000
  br i1 %deep, label %raise, label %ok
raise:
  call void @pyrt_raise(ptr %ctx, i32 19, ptr null)
  ret { i64, i1 } { i64 0, i1 true }
ok:
  %small = icmp slt i64 %n, 2
  br i1 %small, label %leaf, label %rec
leaf:
  %r0 = insertvalue { i64, i1 } poison, i64 %n, 0
  %r1 = insertvalue { i64, i1 } %r0, i1 false, 1
  ret { i64, i1 } %r1
rec:
  %n1 = sub i64 %n, 1
  %a = call { i64, i1 } @fib.body(ptr %ctx, i32 %here, i64 %n1)
  %af = extractvalue { i64, i1 } %a, 1
  br i1 %af, label %fail, label %second
second:
  %n2 = sub i64 %n, 2
  %b = call { i64, i1 } @fib.body(ptr %ctx, i32 %here, i64 %n2)
  %bf = extractvalue { i64, i1 } %b, 1
  br i1 %bf, label %fail, label %add
add:
  %av = extractvalue { i64, i1 } %a, 0
  %bv = extractvalue { i64, i1 } %b, 0
  %s = call { i64, i1 } @llvm.sadd.with.overflow.i64(i64 %av, i64 %bv)
  %o = extractvalue { i64, i1 } %s, 1
  br i1 %o, label %raise, label %done
done:
  %sv = extractvalue { i64, i1 } %s, 0
  %d0 = insertvalue { i64, i1 } poison, i64 %sv, 0
  %d1 = insertvalue { i64, i1 } %d0, i1 false, 1
  ret { i64, i1 } %d1
fail:
  ret { i64, i1 } { i64 0, i1 true }
}
)";

} // namespace

TEST_CASE("unroll-recursion: fib is inlined into itself three levels, its early return peeled") {
  auto u = unroll(kFib);
  REQUIRE_MESSAGE(u->problems.empty(), u->problems);
  const llvm::Function& fib = *u->module->getFunction("fib.body");
  CHECK(calls_to(fib, "fib.body") == 16); // 2 calls, three levels: 2^4
  CHECK(blocks_named(fib, ".peel") > 0);  // each left is guarded by the callee's prefix
  CHECK(u->module->size() == 3);          // the copy used for inlining is gone
  CHECK(fib.getInstructionCount() <= 700);
}

TEST_CASE("unroll-recursion: a prefix with effects is not evaluated in place") {
  // Prints before its early return: the call must stay a call.
  std::string ir = R"(
declare void @print(i64)
define internal i1 @down.body(ptr %ctx, i32 %frames, i64 %n) {
entry:
  call void @print(i64 %n)
  %stop = icmp eq i64 %n, 0
  br i1 %stop, label %leaf, label %rec
leaf:
  ret i1 false
rec:
  %m = sub i64 %n, 1
  %f = call i1 @down.body(ptr %ctx, i32 %frames, i64 %m)
  ret i1 %f
}
)";
  auto u = unroll(ir);
  REQUIRE_MESSAGE(u->problems.empty(), u->problems);
  const llvm::Function& down = *u->module->getFunction("down.body");
  CHECK(blocks_named(down, ".peel") == 0);
  CHECK(calls_to(down, "down.body") == 1); // inlined three levels: one call remains
  CHECK(calls_to(down, "print") == 4);
}

TEST_CASE("unroll-recursion: a prefix with a phi, and a large function left alone") {
  std::string ir = R"(
define internal { i64, i1 } @pick.body(ptr %ctx, i32 %frames, i64 %n) {
entry:
  %neg = icmp slt i64 %n, 0
  br i1 %neg, label %flip, label %join
flip:
  %m = sub i64 0, %n
  br label %join
join:
  %k = phi i64 [ %m, %flip ], [ %n, %entry ]
  %small = icmp slt i64 %k, 3
  br i1 %small, label %leaf, label %rec
leaf:
  %r = insertvalue { i64, i1 } { i64 0, i1 false }, i64 %k, 0
  ret { i64, i1 } %r
rec:
  %k1 = sub i64 %k, 3
  %c = call { i64, i1 } @pick.body(ptr %ctx, i32 %frames, i64 %k1)
  ret { i64, i1 } %c
}
)";
  auto u = unroll(ir);
  REQUIRE_MESSAGE(u->problems.empty(), u->problems);
  CHECK(blocks_named(*u->module->getFunction("pick.body"), ".peel") > 0);

  // 400 instructions and two self-calls: doubling it would pass the budget.
  std::string big = "define internal i64 @big.body(ptr %ctx, i32 %frames, i64 %n) {\nentry:\n  %v0 = add i64 %n, 1\n";
  for (int i = 1; i < 400; ++i)
    big += "  %v" + std::to_string(i) + " = mul i64 %v" + std::to_string(i - 1) + ", 3\n";
  big += "  %a = call i64 @big.body(ptr %ctx, i32 %frames, i64 %v399)\n"
         "  %b = call i64 @big.body(ptr %ctx, i32 %frames, i64 %a)\n  ret i64 %b\n}\n";
  auto v = unroll(big);
  REQUIRE_MESSAGE(v->problems.empty(), v->problems);
  CHECK(calls_to(*v->module->getFunction("big.body"), "big.body") == 2);
}
