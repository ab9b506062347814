// A C++ host program: compiles examples/host/model.py and calls it natively.
// Build:  g++ -std=c++20 host.cpp $(pkg-config --cflags --libs pyscript) -o host
#include <pyscript/pyscript.hpp>

#include <cstdint>
#include <iostream>

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "model.py";
  try {
    pyscript::Module m = pyscript::compile_file(path);
    m.run(); // the top-level statements

    auto fancy = m.function<int64_t(int64_t, int64_t, int64_t, int64_t)>("fancy_func");
    std::cout << "fancy_func(1, 2, 3, 4) = " << fancy(1, 2, 3, 4) << "\n";
    auto fancy_float = m.function<double(double, double, double, double)>("fancy_func");
    std::cout << "fancy_func(1.5, 2, 3, 4) = " << fancy_float(1.5, 2, 3, 4) << "\n";

    auto ratio = m.function<double(double, double)>("ratio");
    std::cout << "ratio(1, 4) = " << ratio(1, 4) << "\n";
    try {
      ratio(1, 0);
    } catch (const pyscript::RuntimeError& e) {
      std::cout << "caught: " << e.what() << "\n";
    }
    try {
      m.function<int64_t(int64_t)>("ratio");
    } catch (const pyscript::TypeError& e) {
      std::cout << "caught TypeError: " << e.what() << "\n";
    }
  } catch (const pyscript::CompileError& e) {
    std::cerr << e.what();
    return 1;
  }
  return 0;
}
