// codegen/cold_code.cpp and codegen/pass_budget.cpp on LLVM IR shaped like what codegen emits
// (Note [Entry and body]): which functions a run leaves unoptimized (Note [Cold functions]), which
// calls stay calls (Note [An inlining budget]), and which pass runs a budget refuses (Note [Pass
// budgets]).
#include "codegen/cold_code.hpp"
#include "codegen/optimize.hpp"
#include "codegen/pass_budget.hpp"

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

struct Parsed {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
};

std::unique_ptr<Parsed> parse(const std::string& ir) {
  auto result = std::make_unique<Parsed>();
  llvm::SMDiagnostic error;
  result->module = llvm::parseAssemblyString(ir, error, result->context);
  REQUIRE_MESSAGE(result->module, (std::string(error.getMessage()) + " at line " + std::to_string(error.getLineNo()) + ": " +
                                   std::string(error.getLineContents())));
  return result;
}

// sum(range(n)) as codegen lowers a for loop; `bound` is the loop's trip count.
std::string summing(const std::string& name, const std::string& bound) {
  return "define internal { i64, i1 } @" + name + R"((ptr %ctx, i32 %frames, i64 %n) {
entry:
  %trips = )" + bound + R"(
  %enter = icmp sgt i64 %trips, 0
  br i1 %enter, label %loop, label %done
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i64 %s, %i
  %i.next = add nuw nsw i64 %i, 1
  %go = icmp slt i64 %i.next, %trips
  br i1 %go, label %loop, label %done
done:
  %r = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %v = insertvalue { i64, i1 } undef, i64 %r, 0
  %w = insertvalue { i64, i1 } %v, i1 false, 1
  ret { i64, i1 } %w
}
)";
}

// A run's module: the top level calls @f.body with `argument` (an operand: a constant, or %read, an
// int read at run time), then runs `top_loop` (a block `tl` that loops, or nothing).
std::string run_module(const std::string& f_bound, const std::string& argument, const std::string& top_loop = "") {
  std::string top = R"(
declare void @pyrt_print_int(ptr, i64)
declare i64 @pyrt_read_int(ptr)

define internal i1 @__main__.body(ptr %ctx, i32 %frames) {
entry:
  %read = call i64 @pyrt_read_int(ptr %ctx)
  %r = call { i64, i1 } @f.body(ptr %ctx, i32 %frames, i64 )" + argument + R"()
  %x = extractvalue { i64, i1 } %r, 0
  call void @pyrt_print_int(ptr %ctx, i64 %x)
)";
  if (top_loop.empty()) {
    top += "  ret i1 false\n}\n";
  } else {
    top += R"(  %tl.trips = )" + top_loop + R"(
  br label %tl
tl:
  %j = phi i64 [ 0, %entry ], [ %j.next, %tl ]
  call void @pyrt_print_int(ptr %ctx, i64 %j)
  %j.next = add nuw nsw i64 %j, 1
  %tl.go = icmp slt i64 %j.next, %tl.trips
  br i1 %tl.go, label %tl, label %out
out:
  ret i1 false
}
)";
  }
  return top + R"(
define void @__main__(ptr %ctx) {
  %failed = call i1 @__main__.body(ptr %ctx, i32 1)
  ret void
}
)" + summing("f.body", f_bound);
}

bool optnone(const llvm::Module& m, const std::string& name) {
  const llvm::Function* f = m.getFunction(name);
  REQUIRE(f != nullptr);
  return f->hasFnAttribute(llvm::Attribute::OptimizeNone) && f->hasFnAttribute(llvm::Attribute::NoInline);
}

unsigned mark(Parsed& p) {
  auto machine = pyscript::codegen::host_target_machine();
  unsigned marked = pyscript::codegen::mark_cold_functions(*p.module, *machine);
  std::string problems;
  llvm::raw_string_ostream os(problems);
  CHECK_MESSAGE(!llvm::verifyModule(*p.module, &os), problems);
  return marked;
}

} // namespace

TEST_CASE("cold functions: a loop of a known small trip count, called once with a constant, is not optimized") {
  auto p = parse(run_module("add i64 %n, 0", "30"));
  CHECK(mark(*p) == 2); // f, and the top level (no loop); its entry too, uncounted
  CHECK(optnone(*p->module, "__main__"));
  CHECK(optnone(*p->module, "f.body"));
  CHECK(optnone(*p->module, "__main__.body"));
  CHECK(pyscript::codegen::all_optnone(*p->module));
}

TEST_CASE("cold functions: too many iterations, or a bound only known at run time, are optimized") {
  SUBCASE("ten million iterations") {
    auto p = parse(run_module("add i64 %n, 0", "10000000"));
    mark(*p);
    CHECK_FALSE(optnone(*p->module, "f.body"));
    CHECK_FALSE(pyscript::codegen::all_optnone(*p->module));
  }
  SUBCASE("an argument read at run time") {
    auto p = parse(run_module("add i64 %n, 0", "%read"));
    mark(*p);
    CHECK_FALSE(optnone(*p->module, "f.body"));
  }
  SUBCASE("a trip count the loop reads at run time") {
    auto p = parse(run_module("call i64 @pyrt_read_int(ptr %ctx)", "30"));
    mark(*p);
    CHECK_FALSE(optnone(*p->module, "f.body"));
  }
}

TEST_CASE("cold functions: the top level's own loops count too") {
  SUBCASE("bounded: the top level is left unoptimized") {
    auto p = parse(run_module("add i64 %n, 0", "30", "add i64 100, 0"));
    mark(*p);
    CHECK(optnone(*p->module, "__main__.body"));
    CHECK(optnone(*p->module, "f.body"));
  }
  SUBCASE("unbounded: the top level is optimized") {
    auto p = parse(run_module("add i64 %n, 0", "30", "call i64 @pyrt_read_int(ptr %ctx)"));
    mark(*p);
    CHECK_FALSE(optnone(*p->module, "__main__.body"));
    CHECK(optnone(*p->module, "f.body")); // called outside the loop, once
    CHECK_FALSE(pyscript::codegen::all_optnone(*p->module));
  }
}

TEST_CASE("inlining budget: a caller of many functions with loops keeps calls past the budget") {
  auto module_with = [](int callees) {
    std::string ir = "declare void @sink(i64)\ndefine void @caller(ptr %ctx) {\n";
    for (int k = 0; k < callees; ++k)
      ir += "  %r" + std::to_string(k) + " = call { i64, i1 } @g" + std::to_string(k) + "(ptr %ctx, i32 0, i64 " +
            std::to_string(k) + ")\n";
    ir += "  ret void\n}\n";
    for (int k = 0; k < callees; ++k) ir += summing("g" + std::to_string(k), "add i64 %n, 0");
    return ir;
  };
  auto few = parse(module_with(3));
  CHECK(pyscript::codegen::limit_inlining(*few->module) == 0);
  auto many = parse(module_with(400)); // 400 x 14 instructions: over the budget
  unsigned marked = pyscript::codegen::limit_inlining(*many->module);
  CHECK(marked > 0);
  CHECK(marked < 400);
  // The first calls stay inlinable, the last are kept.
  const llvm::Function* caller = many->module->getFunction("caller");
  const auto* first = llvm::cast<llvm::CallInst>(&*caller->getEntryBlock().begin());
  CHECK_FALSE(first->isNoInline());
  const auto* last = llvm::cast<llvm::CallInst>(caller->getEntryBlock().getTerminator()->getPrevNode());
  CHECK(last->isNoInline());
}

TEST_CASE("pass budgets: GVN is skipped on a function of many loops and many instructions") {
  auto run_gvn = [](const std::string& ir) {
    auto p = parse(ir);
    llvm::PassInstrumentationCallbacks callbacks;
    pyscript::codegen::PassBudget budget;
    pyscript::codegen::register_pass_budget(callbacks, budget);
    llvm::PassBuilder pb(nullptr, llvm::PipelineTuningOptions(), std::nullopt, &callbacks);
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
    REQUIRE(!pb.parsePassPipeline(passes, "function(gvn)"));
    passes.run(*p->module, mam);
    return budget.skipped;
  };
  CHECK(run_gvn(summing("small", "add i64 %n, 0")) == 0);
  // One function with 300 copies of a loop in a row: about 1,800 instructions x 301.
  std::string big = "define i64 @big(i64 %n) {\nentry:\n  br label %l0\n";
  for (int k = 0; k < 300; ++k) {
    std::string l = "l" + std::to_string(k), next = "l" + std::to_string(k + 1);
    std::string from = k == 0 ? "entry" : "l" + std::to_string(k - 1);
    std::string s0 = k == 0 ? "0" : "%s" + std::to_string(k - 1);
    big += l + ":\n  %i" + std::to_string(k) + " = phi i64 [ 0, %" + from + " ], [ %i" + std::to_string(k) +
           ".next, %" + l + " ]\n  %s" + std::to_string(k) + " = phi i64 [ " + s0 + ", %" + from + " ], [ %t" +
           std::to_string(k) + ", %" + l + " ]\n  %t" + std::to_string(k) + " = add i64 %s" + std::to_string(k) +
           ", %i" + std::to_string(k) + "\n  %i" + std::to_string(k) + ".next = add i64 %i" + std::to_string(k) +
           ", 1\n  %go" + std::to_string(k) + " = icmp slt i64 %i" + std::to_string(k) + ".next, %n\n  br i1 %go" +
           std::to_string(k) + ", label %" + l + ", label %" + next + "\n";
  }
  big += "l300:\n  ret i64 %t299\n}\n";
  CHECK(run_gvn(big) == 1);
}
