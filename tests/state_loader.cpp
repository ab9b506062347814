// Loads an artifact (an export) and runs what the command line asks, in order (tests/state_test.py):
//   call:NAME    calls the function NAME()           call1:NAME  calls NAME(True)
//   int:NAME     prints the global NAME (an int)     str:NAME    prints a str global
//   list:NAME    prints a list[float] global as Python prints it (repr of each float)
// Exits 1 with the error on one line when the artifact cannot be loaded or a call fails.
#include <pyscript/pyscript.hpp>

#include <cstdio>
#include <string>

namespace {

std::string float_repr(double v) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::stod(buf) == v) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.pys COMMAND...\n", argv[0]);
    return 2;
  }
  try {
    pyscript::Module m = pyscript::load(argv[1]);
    m.run(); // an export has run: nothing happens
    for (int i = 2; i < argc; ++i) {
      std::string command = argv[i];
      size_t colon = command.find(':');
      std::string what = command.substr(0, colon), name = command.substr(colon + 1);
      if (what == "call") {
        m.function<void()>(name)();
      } else if (what == "call1") {
        m.function<void(bool)>(name)(true);
      } else if (what == "int") {
        std::printf("%lld\n", static_cast<long long>(m.global<int64_t>(name)));
      } else if (what == "str") {
        std::printf("%s\n", m.global<std::string>(name).c_str());
      } else if (what == "list") {
        std::string out = "[";
        for (double v : m.global<std::vector<double>>(name)) out += (out.size() > 1 ? ", " : "") + float_repr(v);
        std::printf("%s]\n", out.c_str());
      } else {
        std::fprintf(stderr, "unknown command '%s'\n", argv[i]);
        return 2;
      }
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
