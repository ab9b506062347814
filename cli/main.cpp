// The `pyscript` command line: check, compile, run, fix.
// Exit codes: 0 success, 1 errors in the user's program, 2 usage or I/O errors,
// 3 an internal compiler error (a bug in pyscript).
#include "frontend/fixits.hpp"
#include "frontend/frontend.hpp"
#include "support/internal_error.hpp"

#include <boost/program_options.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
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
    "  run FILE                   compile and execute the top-level statements\n"
    "  fix FILE [--diff|--in-place]\n"
    "                             apply fix-its (e.g. 's += i' -> 's = s + i'); prints the\n"
    "                             fixed source unless --diff or --in-place is given\n"
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
      ("output,o", po::value<std::string>(), "compile: the output file")
      ("entry", po::value<std::string>(), "compile: the function to specialize")
      ("args", po::value<std::string>(), "compile: its argument types, e.g. int,float")
      ("print-after", po::value<std::string>(), "compile: dump the graph after this pass")
      ("diff", "fix: print a unified diff instead of the fixed source")
      ("in-place", "fix: rewrite FILE");
  return opts;
}

void print_diagnostics(const std::vector<Diagnostic>& ds, const po::variables_map& vm) {
  std::string format = vm["diagnostics-format"].as<std::string>();
  if (format == "json") std::cout << format_diagnostics_json(ds);
  else std::cerr << format_diagnostics_text(ds);
}

int cmd_check(const std::string& path, const po::variables_map& vm) {
  DiagnosticEngine diags;
  CheckedModule checked = check_source(path, read_file(path), diags);
  print_diagnostics(diags.sorted(), vm);
  return diags.has_errors() ? kExitProgramError : kExitOk;
}

int cmd_fix(const std::string& path, const po::variables_map& vm) {
  std::string text = read_file(path);
  DiagnosticEngine diags;
  CheckedModule checked = check_source(path, text, diags);
  std::vector<Diagnostic> ds = diags.sorted();
  std::string fixed = apply_fixits(text, ds);
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

int cmd_not_yet(const std::string& command, const std::string& path, const po::variables_map& vm) {
  DiagnosticEngine diags;
  CheckedModule checked = check_source(path, read_file(path), diags);
  if (diags.has_errors()) {
    print_diagnostics(diags.sorted(), vm);
    return kExitProgramError;
  }
  std::cerr << "pyscript: '" << command << "' is not implemented yet (the program checks clean)\n";
  return kExitUsage;
}

int main_impl(int argc, char** argv) {
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
  if (command != "check" && command != "compile" && command != "run" && command != "fix")
    throw UsageError("unknown command '" + command + "' (try 'pyscript --help')");
  if (!vm.count("file")) throw UsageError("'" + command + "' needs a FILE");
  std::string format = vm["diagnostics-format"].as<std::string>();
  if (format != "text" && format != "json")
    throw UsageError("--diagnostics-format must be text or json, not '" + format + "'");
  if (vm.count("diff") && vm.count("in-place"))
    throw UsageError("--diff and --in-place exclude each other");

  std::string path = vm["file"].as<std::string>();
  if (command == "check") return cmd_check(path, vm);
  if (command == "fix") return cmd_fix(path, vm);
  return cmd_not_yet(command, path, vm);
}

} // namespace
} // namespace pyscript::cli

int main(int argc, char** argv) {
  using namespace pyscript::cli;
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
  }
}
