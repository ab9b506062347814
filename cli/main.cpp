// The `pyscript` command line: check, compile, run, fix.
// Exit codes: 0 success, 1 errors in the user's program, 2 usage or I/O errors,
// 3 an internal compiler error (a bug in pyscript).
#include "api/module_cache.hpp"
#include "api/module_state.hpp"
#include "api/tier_up.hpp"
#include "codegen/compile_cache.hpp"
#include "codegen/codegen.hpp"
#include "codegen/optimize.hpp"
#include "codegen/phase_times.hpp"
#include "frontend/fixits.hpp"
#include "frontend/frontend.hpp"
#include "ir/artifact.hpp"
#include "ir/passes/pipeline.hpp"
#include "ir/printer.hpp"
#include "ir/verifier.hpp"
#include "lower/lower.hpp"
#include "support/internal_error.hpp"

#include <boost/program_options.hpp>
#include <llvm/Support/raw_ostream.h>
#include <pyscript/pyscript.hpp>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <new>
#include <set>
#include <vector>
#include <sstream>

namespace po = boost::program_options;

namespace pyscript::cli {
namespace {

constexpr int kExitOk = 0, kExitProgramError = 1, kExitUsage = 2, kExitInternal = 3;

const char* const kVersion = "pyscript 0.1.0";

const char* const kUsage =
    "usage: pyscript COMMAND FILE [options]\n"
    "\n"
    "commands:\n"
    "  check FILE                 report diagnostics only (exit 0 clean, 1 errors)\n"
    "  compile FILE [--emit=graph|llvm|asm|obj] [-o OUT] [--entry NAME --args TYPES]\n"
    "                             -o OUT.pys writes an artifact (pyscript run / pyscript::load)\n"
    "  run FILE [ARGS...]         compile and execute the top-level statements; ARGS are\n"
    "                             the program's sys.argv[1:]\n"
    "  export FILE -o OUT.pys     run the top level, then save the code with the module's\n"
    "                             state (its globals: objects, arrays, lists, numbers)\n"
    "  fix FILE [--diff|--in-place]\n"
    "                             apply fix-its (e.g. 's += i' -> 's = s + i'); prints the\n"
    "                             fixed source unless --diff or --in-place is given\n"
    "  cache clear                empty the compile cache ($XDG_CACHE_HOME/pyscript or\n"
    "                             ~/.cache/pyscript); --no-cache or PYSCRIPT_CACHE=0 bypasses\n"
    "                             it for one run\n"
    "\n"
    "options:\n";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw UsageError("cannot read '" + path + "'");
  return ss.str();
}

po::options_description all_options() {
  po::options_description opts;
  opts.add_options()
      ("help,h", "print this help")
      ("version", "print the version")
      ("diagnostics-format", po::value<std::string>()->default_value("text"),
       "text or json")
      ("emit", po::value<std::string>(), "compile: graph, llvm, asm or obj")
      ("output,o", po::value<std::string>(), "compile, export: the output file")
      ("entry", po::value<std::string>(), "compile: the function to specialize")
      ("args", po::value<std::string>(), "compile: its argument types, e.g. int,float")
      ("header", po::value<std::string>(), "compile --emit=obj: also write a C header for the object")
      ("print-after", po::value<std::string>(),
       "compile: dump the graph after this pass (or 'all'); also PYSCRIPT_PRINT_AFTER")
      ("no-optimize", "compile: print the graph as lowered, before the passes")
      ("no-cache", "run, compile, export: neither read nor fill the compile cache")
      ("diff", "fix: print a unified diff instead of the fixed source")
      ("in-place", "fix: rewrite FILE");
  return opts;
}

void print_diagnostics(const std::vector<Diagnostic>& ds, const po::variables_map& vm) {
  std::string format = vm["diagnostics-format"].as<std::string>();
  if (format == "json") std::cout << format_diagnostics_json(ds);
  else std::cerr << format_diagnostics_text(ds);
}

// The frontend, then lowering (types); `checked` keeps the source alive for the diagnostics.
struct Compiled {
  CheckedModule checked;
  LowerResult lowered;
};

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// `compile -o OUT.pys`: an artifact, which a host may run() and then read globals from.
bool writes_artifact(const po::variables_map& vm) {
  return !vm.count("emit") && vm.count("output") && ends_with(vm["output"].as<std::string>(), ".pys");
}

Compiled compile_source(const std::string& path, const po::variables_map& vm, DiagnosticEngine& diags) {
  LowerOptions options;
  // Note [Module names for hosts] in lower/module_names.cpp.
  options.store_module_names = writes_artifact(vm) && vm["command"].as<std::string>() == "compile";
  if (vm.count("entry")) {
    EntryRequest entry;
    entry.function = vm["entry"].as<std::string>();
    try {
      entry.arg_types = parse_type_list(vm.count("args") ? vm["args"].as<std::string>() : "");
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--args: ") + e.what());
    }
    options.entries.push_back(entry);
  }
  // Every error of the file in one run (Note [All errors in one run]).
  CheckedAndLowered r = check_and_lower(path, read_file(path), diags, options);
  return Compiled{std::move(r.checked), std::move(r.lowered)};
}

int cmd_check(const std::string& path, const po::variables_map& vm) {
  DiagnosticEngine diags;
  Compiled c = compile_source(path, vm, diags);
  print_diagnostics(diags.sorted(), vm);
  // A program using numpy is checked by the frontend only until arrays are lowered
  // (lower/lower.hpp: not_yet_supported).
  return diags.has_errors() ? kExitProgramError : kExitOk;
}

int cmd_compile(const std::string& path, const po::variables_map& vm) {
  std::string text = read_file(path);
  if (ir::looks_like_artifact(text)) {
    // An artifact: its graph is all there is to print.
    std::string emit = vm.count("emit") ? vm["emit"].as<std::string>() : "graph";
    if (emit != "graph") throw UsageError("an artifact can only be printed (--emit=graph)");
    try {
      std::cout << ir::print_module(*ir::read_artifact(text, path));
    } catch (const ir::ArtifactError& e) {
      std::cerr << e.what() << "\n";
      return kExitProgramError;
    }
    return kExitOk;
  }
  DiagnosticEngine diags;
  Compiled c = compile_source(path, vm, diags);
  if (diags.has_errors()) {
    print_diagnostics(diags.sorted(), vm);
    return kExitProgramError;
  }
  if (!c.lowered.module) {
    std::cerr << c.lowered.not_yet_supported_at.to_string() << ": error: "
              << c.lowered.not_yet_supported << " cannot be compiled yet [not-implemented]\n";
    return kExitProgramError;
  }
  std::string emit = vm.count("emit") ? vm["emit"].as<std::string>() : "graph";
  if (emit != "graph" && emit != "llvm" && emit != "asm" && emit != "obj")
    throw UsageError("--emit must be graph, llvm, asm or obj, not '" + emit + "'");
  ir::Module& m = *c.lowered.module;
  ir::verify(m);
  if (!vm.count("no-optimize")) {
    ir::PipelineOptions options;
    if (vm.count("print-after")) options.print_after = vm["print-after"].as<std::string>();
    else if (const char* env = std::getenv("PYSCRIPT_PRINT_AFTER")) options.print_after = env;
    options.dump = [](const std::string& text) { std::cerr << text << "\n"; };
    options.verify = std::getenv("PYSCRIPT_VERIFY") != nullptr;
    ir::optimize(m, options);
    ir::verify(m);
  }
  std::string out;
  bool artifact = writes_artifact(vm);
  if (artifact) {
    // The graph, and the machine code for this machine (loading it here needs no compiling).
    ir::ArtifactObject object{codegen::target_tag(),
                              detail::object_for(codegen::CompileCache::from_environment().get(), m, {})};
    out = ir::write_artifact(m, path, &object);
  } else if (emit == "graph") {
    out = ir::print_module(m);
  } else {
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module = codegen::emit_module(m, context);
    if (emit == "obj") {
      // C names for an ahead-of-time object: the --entry function, and STEM_main for the top level.
      std::vector<std::string> entries;
      if (vm.count("entry"))
        entries.push_back(ir::specialized_name(vm["entry"].as<std::string>(),
                                                  parse_type_list(vm.count("args") ? vm["args"].as<std::string>() : "")));
      std::string stem = path.substr(path.find_last_of('/') + 1);
      stem = stem.substr(0, stem.find('.'));
      for (char& ch : stem)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      codegen::add_c_names(*module, m, entries, stem + "_main");
      if (vm.count("header")) {
        if (std::optional<std::string> problem = codegen::c_header_problem(m, entries))
          throw UsageError("--header: " + *problem + " (a C header declares int, float, bool and array "
                           "parameters and results)");
        std::ofstream h(vm["header"].as<std::string>(), std::ios::trunc);
        h << codegen::c_header(m, entries, stem + "_main", path);
        if (!h) throw UsageError("cannot write '" + vm["header"].as<std::string>() + "'");
      }
    }
    std::unique_ptr<llvm::TargetMachine> machine = codegen::host_target_machine();
    if (!vm.count("no-optimize")) codegen::optimize_module(*module, *machine);
    if (emit == "llvm") {
      llvm::raw_string_ostream os(out);
      module->print(os, nullptr);
    } else {
      if (emit == "obj" && !vm.count("output")) throw UsageError("--emit=obj needs -o FILE");
      out = codegen::emit_machine_code(*module, *machine, emit == "asm");
    }
  }
  if (vm.count("output")) {
    std::ofstream f(vm["output"].as<std::string>(), std::ios::binary | std::ios::trunc);
    f << out;
    if (!f) throw UsageError("cannot write '" + vm["output"].as<std::string>() + "'");
  } else {
    std::cout << out;
  }
  return kExitOk;
}

int cmd_fix(const std::string& path, const po::variables_map& vm) {
  std::string text = read_file(path);
  // Rounds of check, lowering included (some fix-its depend on types, and a function is typed
  // only once the fix-its of the frontend have made it clean: Note [Augmented assignment's
  // fix-it]), applying the fix-its, until no fix-it changes the text.
  std::string fixed = text;
  DiagnosticEngine diags;
  CheckedAndLowered checked; // the diagnostics point into its source
  std::vector<Diagnostic> ds;
  for (int round = 0; round < 4; ++round) {
    diags.clear();
    checked = check_and_lower(path, fixed, diags, LowerOptions{});
    ds = diags.sorted();
    std::string next = apply_fixits(fixed, ds);
    if (next == fixed) break;
    fixed = std::move(next);
  }
  std::vector<Diagnostic> unfixable;
  for (const Diagnostic& d : ds)
    if (d.fixits.empty()) unfixable.push_back(d);
  if (vm.count("diff")) {
    std::cout << unified_diff(path, text, fixed);
  } else if (vm.count("in-place")) {
    if (fixed != text) {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out << fixed;
      if (!out) throw UsageError("cannot write '" + path + "'");
    }
  } else {
    std::cout << fixed;
  }
  if (!unfixable.empty()) {
    std::cerr << "pyscript fix: " << unfixable.size()
              << (unfixable.size() == 1 ? " error has" : " errors have")
              << " no automatic fix:\n";
    print_diagnostics(unfixable, vm);
    return kExitProgramError;
  }
  return kExitOk;
}

// `run` (an artifact of an export has run already: loading restores its state), and `export`:
// run, then save the code with the module's state (Note [Module state in artifacts]).
int cmd_run(const std::string& path, const po::variables_map& vm, const std::vector<std::string>& argv) {
  std::string text = read_file(path);
  bool exporting = vm["command"].as<std::string>() == "export";
  if (exporting && ir::looks_like_artifact(text))
    throw UsageError("'" + path + "' is an artifact already; export takes a Python file");
  try {
    if (ir::looks_like_artifact(text)) {
      pyscript::Module m = pyscript::load(path);
      m.run(argv);
      return kExitOk;
    }
    pyscript::Module m = pyscript::detail::compile_source(path, text, /*for_host=*/exporting,
                                                          codegen::CompileCache::from_environment());
    codegen::PhaseTimer timer("run");
    m.run(argv);
    if (exporting) m.save(vm["output"].as<std::string>());
  } catch (const pyscript::SystemExit& e) { // the message, if any, is on stderr already
    std::fflush(stdout);
    return e.code();
  } catch (const CompileError& e) {
    if (vm["diagnostics-format"].as<std::string>() == "json") {
      DiagnosticEngine diags;
      Compiled again = compile_source(path, vm, diags);
      print_diagnostics(diags.sorted(), vm);
    } else {
      std::cerr << e.what();
    }
    return kExitProgramError;
  } catch (const RuntimeError& e) {
    std::fflush(stdout);
    std::cerr << e.what() << "\n";
    return kExitProgramError;
  } catch (const std::runtime_error& e) { // a bad artifact: one line
    std::cerr << e.what() << "\n";
    return kExitProgramError;
  }
  return kExitOk;
}

// `pyscript cache clear`: removes every entry of the cache the environment names.
int cmd_cache(const std::string& action) {
  if (action != "clear") throw UsageError("unknown cache action '" + action + "' (the one action is 'clear')");
  std::optional<std::string> dir = codegen::CompileCache::environment_directory();
  if (!dir) throw UsageError("no cache directory: neither XDG_CACHE_HOME nor HOME is set");
  size_t removed = codegen::CompileCache(*dir, 0).clear();
  std::cout << "removed " << removed << (removed == 1 ? " entry" : " entries") << " from " << *dir << "\n";
  return kExitOk;
}

// `pyscript run FILE ARGS...`: where FILE is (argc when it is not a run command); what follows it
// is the program's (sys.argv[1:]), never pyscript's options.
int run_file_index(int argc, char** argv) {
  static const std::set<std::string> with_value = {"--diagnostics-format", "--emit", "--output", "-o",
                                                   "--entry", "--args", "--header", "--print-after"};
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 1 && a[0] == '-') {
      if (with_value.count(a)) ++i;
      continue;
    }
    if (++positional == 1 && a != "run") return argc;
    if (positional == 2) return i;
  }
  return argc;
}

int main_impl(int argc, char** argv) {
  int file_at = run_file_index(argc, argv);
  std::vector<std::string> program_args(argv + std::min(file_at + 1, argc), argv + argc);
  argc = std::min(file_at + 1, argc);
  po::options_description opts = all_options();
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("file", po::value<std::string>());
  po::options_description cmdline;
  cmdline.add(opts).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1).add("file", 1);

  po::variables_map vm;
  po::store(po::command_line_parser(argc, argv).options(cmdline).positional(positional).run(), vm);
  po::notify(vm);

  if (vm.count("help")) {
    std::cout << kUsage << opts;
    return kExitOk;
  }
  if (vm.count("version")) {
    std::cout << kVersion << "\n";
    return kExitOk;
  }
  if (!vm.count("command")) throw UsageError("no command given (try 'pyscript --help')");
  std::string command = vm["command"].as<std::string>();
  if (command != "check" && command != "compile" && command != "run" && command != "fix" && command != "export" &&
      command != "cache")
    throw UsageError("unknown command '" + command + "' (try 'pyscript --help')");
  if (command == "export" && !vm.count("output")) throw UsageError("export needs -o OUT.pys");
  if (command == "cache" && !vm.count("file")) throw UsageError("'cache' needs an action: clear");
  if (!vm.count("file")) throw UsageError("'" + command + "' needs a FILE");
  std::string format = vm["diagnostics-format"].as<std::string>();
  if (format != "text" && format != "json")
    throw UsageError("--diagnostics-format must be text or json, not '" + format + "'");
  if (vm.count("diff") && vm.count("in-place"))
    throw UsageError("--diff and --in-place exclude each other");

  std::string path = vm["file"].as<std::string>();
  // The one process-wide switch: every compile below (and pyscript::load) reads it.
  if (vm.count("no-cache")) ::setenv("PYSCRIPT_CACHE", "0", 1);
  if (command == "cache") return cmd_cache(path);
  if (command == "check") return cmd_check(path, vm);
  if (command == "fix") return cmd_fix(path, vm);
  if (command == "compile") return cmd_compile(path, vm);
  program_args.insert(program_args.begin(), path);
  return cmd_run(path, vm, program_args);
}

} // namespace
} // namespace pyscript::cli

namespace pyscript::cli {
namespace {

int guarded_main(int argc, char** argv) {
  try {
    return main_impl(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "pyscript: " << e.what() << "\n";
    return kExitUsage;
  } catch (const po::error& e) {
    std::cerr << "pyscript: " << e.what() << " (try 'pyscript --help')\n";
    return kExitUsage;
  } catch (const pyscript::InternalError& e) {
    std::cerr << "pyscript: internal compiler error: " << e.what()
              << "\nthis is a bug in pyscript, not in your program; please report it\n";
    return kExitInternal;
  } catch (const std::bad_alloc&) {
    std::cerr << "pyscript: out of memory while compiling\n";
    return kExitInternal;
  } catch (const std::exception& e) { // a library check that failed inside pyscript: also a bug
    std::cerr << "pyscript: internal compiler error: " << e.what()
              << "\nthis is a bug in pyscript, not in your program; please report it\n";
    return kExitInternal;
  }
}

} // namespace
} // namespace pyscript::cli

int main(int argc, char** argv) {
  int code = pyscript::cli::guarded_main(argc, argv);
  // A tier-1 compile still running (Note [Tier 1 on another thread] in api/tier_up.cpp): the
  // program has ended, so its work is given up, and the process leaves without the static
  // destructors that would run under it.
  if (pyscript::detail::stop_tier_one()) {
    std::cout.flush();
    std::fflush(nullptr);
    std::_Exit(code);
  }
  return code;
}
