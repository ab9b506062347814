// Runs the MLP from the artifact, with the weights from an .npz (pyscript compile examples/mlp.py -o mlp.pys ...): no Python
// source, no parser; the graph is JIT-compiled when loaded. Links libpyscript-loader only:
//   g++ -std=c++20 jit_host.cpp $(pkg-config --cflags --libs pyscript-loader) -o jit_host
// Usage: jit_host mlp.pys WEIGHTS_DIR
#include <pyscript/pyscript.hpp>

#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s mlp.pys WEIGHTS_DIR\n", argv[0]);
    return 2;
  }
  try {
    pyscript::Module m = pyscript::load(argv[1]);
    std::string dir = argv[2];
    using T = pyscript::Tensor;
    auto mlp = m.function<T(T, T, T, T, T, T, T)>("mlp");
    auto npz = [&](const char* name) { return pyscript::load_npz(dir + "/weights.npz", name); };
    T y = mlp(npz("x"), npz("w1"), npz("b1"), npz("w2"), npz("b2"), npz("w3"), npz("b3"));
    std::printf("[[%.8f %.8f]]\n", double(y.data<float>()[0]), double(y.data<float>()[1]));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
