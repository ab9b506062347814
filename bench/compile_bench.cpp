// Time to first result in a host: compile_file of a model (the seed MLP by default) and the first
// call of its `mlp` handle, batch 1, in one process; the compile cache is whatever the environment
// says (bench/compile_time.py runs it cold and warm). Prints: compile_and_first_call_ms MS.
#include <pyscript/pyscript.hpp>

#include <chrono>
#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  using T = pyscript::Tensor;
  auto t0 = std::chrono::steady_clock::now();
  pyscript::Module m = pyscript::compile_file(argc > 1 ? argv[1] : "examples/mlp.py");
  auto mlp = m.function<T(T, T, T, T, T, T, T)>("mlp");
  std::vector<float> w1(512 * 256, 0.01f), b1(256, 0.0f), w2(256 * 128, 0.01f), b2(128, 0.0f), w3(128 * 2, 0.01f),
      b3(2, 0.0f), x(512, 1.0f);
  T y = mlp(T::from_data<float>({1, 512}, x.data()), T::from_data<float>({512, 256}, w1.data()),
            T::from_data<float>({256}, b1.data()), T::from_data<float>({256, 128}, w2.data()),
            T::from_data<float>({128}, b2.data()), T::from_data<float>({128, 2}, w3.data()),
            T::from_data<float>({2}, b3.data()));
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("compile_and_first_call_ms %.2f\n", ms);
  std::fprintf(stderr, "y %g %g\n", double(y.data<float>()[0]), double(y.data<float>()[1]));
  return 0;
}
