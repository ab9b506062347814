// Reads "KIND\tVALUE\tSPEC" lines (KIND i, f or s) and writes format(VALUE, SPEC) as
// support/format_spec computes it, "[text]" or "ERR message": tests/format_spec/check.py compares
// with CPython.
#include "support/format_spec.hpp"
#include <iostream>
#include <sstream>
#include <string>
using namespace pyscript;
int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string kind, value, spec;
    std::getline(in, kind, '\t'); std::getline(in, value, '\t'); std::getline(in, spec);
    FormatKind k = kind == "i" ? FormatKind::Int : kind == "f" ? FormatKind::Float : FormatKind::Str;
    FormatSpec fs;
    if (auto err = parse_format_spec(spec, k, fs)) { std::cout << "ERR " << *err << "\n"; continue; }
    if (k == FormatKind::Int) std::cout << "[" << format_int(std::stoll(value), fs) << "]\n";
    else if (k == FormatKind::Float) std::cout << "[" << format_float(std::strtod(value.c_str(), nullptr), fs) << "]\n";
    else std::cout << "[" << format_str(value, fs) << "]\n";
  }
}
