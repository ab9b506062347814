// Golden tests of the graph IR, where the printed IR is the oracle:
//   tests/golden/lower/NAME.py     -> NAME.graph: the graph as lowered, and NAME.opt.graph after
//                                     the pipeline (locations left out; one test keeps them)
//   tests/golden/passes/NAME.ir    "# pass: P", the IR in, "# expect:", the IR after pass P
// Every graph is verified after lowering and after every pass, and printed, parsed and printed
// again to the same text. Set PYSCRIPT_UPDATE_GOLDEN=1 to rewrite the expected files.
#include "frontend/from_imports.hpp"
#include "ir/parser.hpp"
#include "ir/passes/pipeline.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "lower/lower.hpp"
#include "support/internal_error.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace pyscript;

namespace {

const fs::path kGolden = fs::path(PYSCRIPT_SOURCE_ROOT) / "tests" / "golden";

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool updating() { return std::getenv("PYSCRIPT_UPDATE_GOLDEN") != nullptr; }

void compare_golden(const fs::path& expected_file, const std::string& actual) {
  if (updating()) {
    std::ofstream(expected_file, std::ios::binary) << actual;
    return;
  }
  INFO("golden file: " << expected_file.string());
  REQUIRE(fs::exists(expected_file));
  CHECK(read(expected_file) == actual);
}

void check_round_trip(const ir::Module& m) {
  std::string printed = ir::print_module(m);
  std::unique_ptr<ir::Module> again = ir::parse_module_text(printed);
  ir::verify(*again);
  CHECK(ir::print_module(*again) == printed);
}

std::unique_ptr<ir::Module> lower_file(const fs::path& py) {
  DiagnosticEngine diags;
  CheckedModule checked = check_source(py.filename().string(), read(py), diags);
  LowerResult lowered = lower_module(checked, diags);
  INFO(format_diagnostics_text(diags.sorted()));
  REQUIRE(lowered.module != nullptr);
  return std::move(lowered.module);
}

std::vector<fs::path> files_in(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

TEST_CASE("golden: Python -> graph, as lowered and after the pipeline") {
  ir::PrintOptions no_locations;
  no_locations.source_locations = false;
  std::vector<fs::path> programs = files_in(kGolden / "lower", ".py");
  REQUIRE(programs.size() >= 5);
  for (const fs::path& py : programs) {
    SUBCASE(py.filename().string().c_str()) {
      std::unique_ptr<ir::Module> m = lower_file(py);
      ir::verify(*m);
      check_round_trip(*m);
      fs::path base = py;
      base.replace_extension();
      compare_golden(base.string() + ".graph", ir::print_module(*m, no_locations));
      ir::PipelineOptions options;
      options.verify = true;
      ir::optimize(*m, options);
      check_round_trip(*m);
      compare_golden(base.string() + ".opt.graph", ir::print_module(*m, no_locations));
    }
  }
}

TEST_CASE("golden: IR text -> one pass -> IR text") {
  std::vector<fs::path> cases = files_in(kGolden / "passes", ".ir");
  REQUIRE(cases.size() >= 5);
  for (const fs::path& file : cases) {
    SUBCASE(file.filename().string().c_str()) {
      std::string text = read(file);
      REQUIRE(text.rfind("# pass: ", 0) == 0);
      size_t eol = text.find('\n');
      std::string pass = text.substr(8, eol - 8);
      size_t expect_at = text.find("# expect:\n");
      REQUIRE(expect_at != std::string::npos);
      std::string input = text.substr(eol + 1, expect_at - eol - 1);
      std::unique_ptr<ir::Module> m = ir::parse_module_text(input);
      ir::verify(*m);
      check_round_trip(*m);
      REQUIRE(ir::run_pass(pass, *m));
      ir::verify(*m);
      std::string actual = ir::print_module(*m);
      if (updating()) {
        std::ofstream(file, std::ios::binary) << text.substr(0, expect_at) << "# expect:\n" << actual;
      } else {
        CHECK(text.substr(expect_at + 10) == actual);
      }
    }
  }
}

TEST_CASE("source locations survive lowering, printing and parsing") {
  DiagnosticEngine diags;
  CheckedModule checked = check_source("model.py", "def f(a, b):\n    return a * b + 1\n\n\nprint(f(2, 3))\n", diags);
  LowerOptions options;
  options.lower_main = false;
  options.entries.push_back({"f", {ir::Type::int_(), ir::Type::float_()}});
  LowerResult lowered = lower_module(checked, diags, options);
  REQUIRE(lowered.module);
  std::string printed = ir::print_module(*lowered.module);
  CHECK(printed ==
        "graph @f.int.float(%a : int, %b : float) -> float:  # model.py:1:5\n"
        "  %0 : float = cast(%a)  # model.py:2:12\n"
        "  %1 : float = mul(%0, %b)  # model.py:2:12\n"
        "  %2 : int = const[value=1]()  # model.py:2:20\n"
        "  %3 : float = cast(%2)  # model.py:2:12\n"
        "  %4 : float = add(%1, %3)  # model.py:2:12\n"
        "  return (%4)\n");
  check_round_trip(*lowered.module);
}

TEST_CASE("the verifier rejects broken graphs") {
  auto broken = [](const std::string& text) {
    std::unique_ptr<ir::Module> m = ir::parse_module_text(text);
    CHECK_THROWS_AS(ir::verify(*m), InternalError);
  };
  // Operands of different types.
  broken("graph @f(%a : int, %b : float) -> int:\n  %c : int = add(%a, %b)\n  return (%c)\n");
  // Wrong return type.
  broken("graph @f(%a : int) -> float:\n  return (%a)\n");
  // If blocks whose outputs do not match the If's.
  broken("graph @f(%a : int, %c : bool) -> int:\n  %y : int = If(%c)\n    block0():\n      -> (%a)\n"
         "    block1():\n      %z : float = const[value=1.0]()\n      -> (%z)\n  return (%y)\n");
  // A value used outside the block that defines it.
  broken("graph @f(%a : int, %c : bool) -> int:\n  If(%c)\n    block0():\n      %z : int = const[value=1]()\n"
         "      -> ()\n    block1():\n      -> ()\n  %w : int = add(%a, %z)\n  return (%w)\n");
  // A loop body whose carried value changes type.
  broken("graph @f(%n : int) -> int:\n  %t : bool = const[value=True]()\n  %s : int = Loop(%n, %t, %n)\n"
         "    block0(%i : int, %s1 : int):\n      %x : float = cast(%s1)\n      -> (%t, %x)\n  return (%s)\n");  // Random draws (Note [Random draws]): a Generator operand, parameters and result as the fn takes them.
  broken("graph @f(%n : int) -> float:\n  %x : float = random_draw[fn=\"random\", legacy=False, params=0]()\n"
         "  return (%x)\n");
  broken("graph @f(%n : int) -> float:\n  %x : float = random_draw[fn=\"normal\", legacy=True, params=1](%n)\n"
         "  return (%x)\n");
  broken("graph @f(%n : int) -> float:\n  %x : float = random_draw[fn=\"gamma\", legacy=True, params=0]()\n"
         "  return (%x)\n");
  broken("graph @f(%n : int) -> int:\n  %x : Array[int64, 1] = random_draw[fn=\"integers\", legacy=True, "
         "params=1, endpoint=False](%n)\n  %y : int = array_dim[axis=0](%x)\n  return (%y)\n");
  broken("graph @f(%n : int) -> None:\n  %g : Array[int64, 1] = random_new(%n)\n  return ()\n");
}

TEST_CASE("the verifier checks numpy's math ops: attributes, operands, result types") {
  auto verifies = [](const std::string& body) {
    std::string text = "graph @f(%x : Array[float64, 2], %i : Array[int64, 2], %n : int) -> None:\n" + body +
                       "  return ()\n";
    std::unique_ptr<ir::Module> m = ir::parse_module_text(text);
    try {
      ir::verify(*m);
      return true;
    } catch (const InternalError&) {
      return false;
    }
  };
  CHECK(verifies("  %a : Array[float64, 1] = array_reduce[op=\"var\", axis=0, keepdims=False](%x, %n)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 1] = array_reduce[op=\"sum\", axis=0, keepdims=False](%x, %n)\n"));
  CHECK(verifies("  %a : Array[int64, 1] = array_accumulate[op=\"sum\", axis=None](%i)\n"));
  CHECK_FALSE(verifies("  %a : Array[int64, 2] = array_accumulate[op=\"sum\", axis=None](%i)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 2] = array_accumulate[op=\"max\", axis=0](%x)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 2] = array_accumulate[op=\"sum\", axis=2](%x)\n"));
  CHECK(verifies("  %a : Array[float64, 2] = array_round(%x, %n)\n"));
  CHECK_FALSE(verifies("  %a : Array[float32, 2] = array_round(%x, %n)\n"));
  CHECK(verifies("  %a : Array[int64, 2] = array_sort[op=\"argsort\", axis=-1, kind=\"stable\"](%x)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 2] = array_sort[op=\"argsort\", axis=-1, kind=\"stable\"](%x)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 2] = array_sort[op=\"sort\", axis=0, kind=\"bogo\"](%x)\n"));
  CHECK(verifies("  %a : Array[float64, 2] = array_linalg[op=\"solve\"](%x, %i)\n"));
  CHECK(verifies("  %a : Array[float64, 0] = array_linalg[op=\"det\"](%x)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 0] = array_linalg[op=\"inv\"](%x)\n"));
  CHECK_FALSE(verifies("  %a : Array[int64, 2] = array_linalg[op=\"inv\"](%i)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 2] = array_linalg[op=\"solve\"](%x)\n"));
  CHECK_FALSE(verifies("  %a : Array[float64, 0] = array_linalg[op=\"svd\"](%x)\n"));
}

TEST_CASE("the verifier checks the ops that make, join and select arrays") {
  auto verify_text = [](const std::string& body) {
    std::unique_ptr<ir::Module> m = ir::parse_module_text(
        "graph @f(%a : Array[int64, 2], %b : Array[float32, 1], %i : Array[int64, 1], %k : int) -> None:\n" + body +
        "  return ()\n");
    ir::verify(*m);
  };
  auto broken = [&](const std::string& body) {
    INFO(body);
    CHECK_THROWS_AS(verify_text(body), InternalError);
  };
  CHECK_NOTHROW(verify_text("  %c : Array[int64, 2] = array_concat[axis=1, stack=False](%a, %a)\n"));
  broken("  %c : Array[int64, 2] = array_concat[axis=0, stack=False](%a, %b)\n");  // ranks differ
  broken("  %c : Array[int64, 3] = array_concat[axis=3, stack=True](%a, %a)\n");   // axis out of bounds
  broken("  %c : Array[float32, 1] = array_concat[axis=0, stack=False](%b, %i)\n"); // int64 + float32 is float64
  CHECK_NOTHROW(verify_text("  %c : Array[int64, 4] = array_expand_dims[axes=(0, 3)](%a)\n"));
  broken("  %c : Array[int64, 4] = array_expand_dims[axes=(3, 0)](%a)\n");
  CHECK_NOTHROW(verify_text("  %c : Array[int64, 2] = array_take[axis=1, source_axis=1](%a, %i)\n"));
  broken("  %c : Array[int64, 2] = array_take[axis=1, source_axis=1](%a, %b)\n"); // a float index
  broken("  %c : Array[int64, 2] = array_take[axis=2, source_axis=2](%a, %i)\n");
  broken("  %m : Array[bool, 1] = array_cast(%i)\n  %c : Array[int64, 1] = array_mask[axis=0, source_axis=0](%a, %m)\n");
  CHECK_NOTHROW(verify_text("  %c : Array[int64, 2] = array_tri[upper=True](%i, %k)\n"));
  broken("  %c : Array[int64, 1] = array_tri[upper=True](%i, %k)\n"); // a 1-d input gives a square
  CHECK_NOTHROW(verify_text("  %c : Array[float32, 2] = array_meshgrid[which=1, indexing=\"xy\"](%i, %b)\n"));
  broken("  %c : Array[float32, 2] = array_meshgrid[which=2, indexing=\"xy\"](%i, %b)\n");
  broken("  %c : Array[int64, 2] = array_meshgrid[which=0, indexing=\"yx\"](%i, %b)\n");
  CHECK_NOTHROW(verify_text("  %c : Array[float32, 1] = array_pad(%b, %k, %k, %k)\n"));
  broken("  %c : Array[int64, 2] = array_pad(%a, %k, %k, %k)\n"); // two widths per axis
}

TEST_CASE("malformed IR text is a parse error with a line number") {
  CHECK_THROWS_WITH_AS(ir::parse_module_text("graph @f() -> int:\n  %x : int = frob()\n  return (%x)\n"),
                       doctest::Contains("line 2: unknown op 'frob'"), ir::IrParseError);
  CHECK_THROWS_AS(ir::parse_module_text("graph @f() -> int:\n  return (%nope)\n"), ir::IrParseError);
  CHECK_THROWS_AS(ir::parse_module_text("graph @f() -> int:\n"), ir::IrParseError);
}

TEST_CASE("inlining stops at 64 loops per caller: past it, a callee with loops stays a call") {
  std::string source = "def nest(a):\n    s = 0\n    for i in range(3):\n        for j in range(4):\n"
                       "            s = s + i * j + a\n    return s\n\n\ndef add(a, b):\n    return a + b\n\n\n"
                       "t = 0\n";
  for (int k = 0; k < 40; ++k) source += "t = add(t, nest(" + std::to_string(k) + "))\n";
  source += "print(t)\n";
  DiagnosticEngine diags;
  CheckedModule checked = check_source("many_loops.py", source, diags);
  LowerResult lowered = lower_module(checked, diags);
  REQUIRE(lowered.module != nullptr);
  REQUIRE(ir::run_pass("inline", *lowered.module));
  ir::verify(*lowered.module);
  size_t loops = 0, nest_calls = 0, add_calls = 0;
  for (ir::Node* n : ir::all_nodes(*lowered.module->find("__main__")->graph->top())) {
    loops += n->kind() == ir::OpKind::Loop;
    if (n->kind() == ir::OpKind::Call) (n->str_attr("callee").rfind("nest", 0) == 0 ? nest_calls : add_calls)++;
  }
  CHECK(loops == 64);      // 32 copies of the two-loop nest
  CHECK(nest_calls == 8);  // the other 8 stay calls
  CHECK(add_calls == 0);   // loop-free callees are still inlined
}

TEST_CASE("the verifier checks numpy's file ops: paths, keys, names and arrays") {
  auto verify_text = [](const std::string& body) {
    std::unique_ptr<ir::Module> m = ir::parse_module_text(
        "graph @f(%a : Array[int64, 2], %p : str, %n : int) -> None:\n" + body + "  return ()\n");
    ir::verify(*m);
  };
  auto broken = [&](const std::string& body) {
    INFO(body);
    CHECK_THROWS_AS(verify_text(body), InternalError);
  };
  CHECK_NOTHROW(verify_text("  %x : Array[float32, 3] = numpy_load[path=\"w.npy\"]()\n"));
  CHECK_NOTHROW(verify_text("  %x : Array[bool, 0] = numpy_load[path=\"w.npz\", key=\"m\"]()\n"));
  broken("  %x : Array[float32, 3] = numpy_load()\n");                         // no path
  broken("  %x : Array[float32, 3] = numpy_load[path=3]()\n");                 // not a str
  broken("  %x : Array[float32, 3] = numpy_load[path=\"w.npz\", key=None]()\n");
  broken("  %x : int = numpy_load[path=\"w.npy\"]()\n");                       // not an array
  CHECK_NOTHROW(verify_text("  numpy_open_npz[path=\"w.npz\"]()\n"));
  broken("  numpy_open_npz()\n");
  CHECK_NOTHROW(verify_text("  numpy_save(%p, %a)\n"));
  broken("  numpy_save(%a, %p)\n");
  broken("  numpy_save(%p, %n)\n");
  CHECK_NOTHROW(verify_text("  numpy_savez[compressed=True](%p, %p, %a, %p, %a)\n"));
  CHECK_NOTHROW(verify_text("  numpy_savez[compressed=False](%p)\n"));
  broken("  numpy_savez(%p, %p, %a)\n");                     // no compressed attribute
  broken("  numpy_savez[compressed=False](%p, %p)\n");       // a name without its array
  broken("  numpy_savez[compressed=False](%p, %a, %p)\n");   // an array where a name goes
}

// Note [Collections are flavored lists and dicts]: their types print and parse back (artifacts
// are IR text), and differ from list's and dict's.
TEST_CASE("deque, Counter and defaultdict types survive printing and parsing") {
  DiagnosticEngine diags;
  CheckedModule checked = check_source(
      "c.py",
      "from collections import deque, Counter, defaultdict\n"
      "def f(d, c, g, h):\n    return len(d) + c['a'] + len(g['b']) + h[1]\n"
      "print(f(deque([1]), Counter('ab'), defaultdict(list), defaultdict(lambda: 5)))\n",
      diags);
  expand_from_imports(checked.module);
  LowerResult lowered = lower_module(checked, diags);
  INFO(format_diagnostics_text(diags.sorted()));
  REQUIRE(lowered.module != nullptr);
  std::string printed = ir::print_module(*lowered.module);
  CHECK(printed.find("deque[int]") != std::string::npos);
  CHECK(printed.find("Counter[str]") != std::string::npos);
  CHECK(printed.find("defaultdict[builtins.list, str, list[") != std::string::npos);
  ir::PipelineOptions options; // (the functions passed as factories are constants DCE removes)
  options.verify = true;
  ir::optimize(*lowered.module, options);
  check_round_trip(*lowered.module);
  CHECK(ir::Type::deque(ir::Type::int_()) != ir::Type::list(ir::Type::int_()));
  CHECK(ir::Type::counter(ir::Type::str()) != ir::Type::dict(ir::Type::str(), ir::Type::int_()));
}
