// Serves the d2l HybridNet from its export (examples/hybrid_net.py): the artifact holds the code
// and the module's state -- the network object with its layers' weights -- so the host passes only
// the input. No Python source, no parser, no weights by hand; links libpyscript-loader only:
//   pyscript export examples/hybrid_net.py -o hybrid_net.pys
//   g++ -std=c++20 serve_net.cpp $(pkg-config --cflags --libs pyscript-loader) -o serve_net
// Usage: serve_net hybrid_net.pys
#include <pyscript/pyscript.hpp>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s hybrid_net.pys\n", argv[0]);
    return 2;
  }
  try {
    pyscript::Module m = pyscript::load(argv[1]); // the state is restored: nothing to run
    pyscript::Object net = m.global<pyscript::Object>("net");
    auto forward = net.method<pyscript::Tensor(pyscript::Tensor)>("forward");
    const double x[] = {1.0, 2.0, 3.0, -1.0, 0.5, 2.0};
    pyscript::Tensor p = forward(pyscript::Tensor::from_data<double>({2, 3}, x)); // prints the shapes
    const double* v = p.data<double>();
    std::printf("[[%.8f %.8f]\n [%.8f %.8f]]\n", v[0], v[1], v[2], v[3]);
    pyscript::Tensor w = net.attr<pyscript::Object>("hidden").attr<pyscript::Tensor>("weight");
    std::printf("hidden weight %lldx%lld\n", static_cast<long long>(w.shape()[0]), static_cast<long long>(w.shape()[1]));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
