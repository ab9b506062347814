// The seed MLP called from C++ through a typed handle: 1000 forwards at batch 1, and 100 at
// batch 256. Weights as in examples/mlp.py. Prints: NAME MICROSECONDS.
#include <pyscript/pyscript.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

pyscript::Tensor weights(int64_t rows, int64_t cols, double phase) {
  std::vector<float> w(size_t(rows * cols));
  for (int64_t i = 0; i < rows * cols; ++i) w[size_t(i)] = float(std::sin(double(i) * 0.37 + phase)) * 0.05f;
  return pyscript::Tensor::from_data<float>({rows, cols}, w.data());
}

} // namespace

int main(int argc, char** argv) {
  pyscript::Module m = pyscript::compile_file(argc > 1 ? argv[1] : "examples/mlp.py");
  using T = pyscript::Tensor;
  auto mlp = m.function<T(T, T, T, T, T, T, T)>("mlp");
  T w1 = weights(512, 256, 0.1), w2 = weights(256, 128, 0.2), w3 = weights(128, 2, 0.3);
  std::vector<float> zeros(256, 0.0f), b2v(128, 0.01f);
  T b1 = T::from_data<float>({256}, zeros.data()), b2 = T::from_data<float>({128}, b2v.data()),
    b3 = T::from_data<float>({2}, zeros.data());
  for (int64_t batch : {1, 256}) {
    std::vector<float> xv(size_t(batch * 512));
    for (size_t i = 0; i < xv.size(); ++i) xv[i] = float(std::cos(double(i % 512) * 0.11));
    T x = T::from_data<float>({batch, 512}, xv.data());
    T y = mlp(x, w1, b1, w2, b2, w3, b3); // compiles the specialization
    int runs = batch == 1 ? 1000 : 100;
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < runs; ++i) y = mlp(x, w1, b1, w2, b2, w3, b3);
      double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / runs;
      if (us < best) best = us;
    }
    std::printf("mlp_batch%lld_handle %.3f\n", (long long)batch, best);
    if (batch == 1) std::printf("y %.8f %.8f\n", y.data<float>()[0], y.data<float>()[1]);
  }
  return 0;
}
