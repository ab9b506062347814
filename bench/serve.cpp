// Serving the seed MLP (512 -> 256 -> 128 -> 2, float32, batch 1) from 1, 2 and 4 threads
// through ONE typed handle (Note [Threads] in api/module.cpp), and, when built with libtorch
// (bench/serve_torch.cpp), the same model as TorchScript loaded with torch::jit::load and called
// from the same threads with one intra-op thread each. bench/run_serve.py builds it, scripts the
// PyTorch model, and prints the table.
//
//   serve [MODEL.py] [SCRIPTED.pt] [--seconds S] [--threads 1,2,4]
// prints one line per measurement: ENGINE THREADS FORWARDS_PER_S P50_US P99_US CALLS
#include "bench/serve_harness.hpp"

#include <pyscript/pyscript.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#ifdef PYSCRIPT_SERVE_TORCH
namespace serve {
// bench/serve_torch.cpp: loads the scripted model; false when it cannot.
bool torch_load(const std::string& path);
// On the calling thread: one intra-op thread, no autograd; returns that thread's forward.
std::function<void()> torch_caller(int thread);
// The first outputs for the seed input, to compare with pyscript's.
std::vector<float> torch_output();
} // namespace serve
#endif

namespace {

using pyscript::Tensor;

// The weights of examples/mlp.py, computed the same way.
std::vector<float> weight_values(int64_t rows, int64_t cols, double phase) {
  std::vector<float> w(size_t(rows * cols));
  for (int64_t i = 0; i < rows * cols; ++i)
    w[size_t(i)] = float(std::sin(double(i) * 0.37 + phase)) * 0.05f; // as examples/mlp.py
  return w;
}

Tensor weights(int64_t rows, int64_t cols, double phase) {
  return Tensor::from_data<float>({rows, cols}, weight_values(rows, cols, phase).data());
}

std::vector<float> seed_input() {
  std::vector<float> x(512);
  for (size_t i = 0; i < x.size(); ++i) x[i] = float(std::cos(double(i) * 0.11));
  return x;
}

void report(const char* engine, int threads, const serve::Result& r) {
  std::printf("%s %d %.1f %.2f %.2f %lld\n", engine, threads, r.per_second, r.p50_us, r.p99_us, (long long)r.calls);
  std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
  std::string model = "examples/mlp.py", scripted;
  double seconds = 2.0;
  std::vector<int> thread_counts = {1, 2, 4};
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else if (a == "--threads" && i + 1 < argc) {
      thread_counts.clear();
      for (const char* p = argv[++i]; *p;) {
        char* end;
        thread_counts.push_back(int(std::strtol(p, &end, 10)));
        p = *end ? end + 1 : end;
      }
    } else if (a.size() > 3 && a.substr(a.size() - 3) == ".pt") {
      scripted = a;
    } else {
      model = a;
    }
  }

  pyscript::Module m = pyscript::compile_file(model);
  auto mlp = m.function<Tensor(Tensor, Tensor, Tensor, Tensor, Tensor, Tensor, Tensor)>("mlp");
  Tensor w1 = weights(512, 256, 0.1), w2 = weights(256, 128, 0.2), w3 = weights(128, 2, 0.3);
  std::vector<float> zeros(256, 0.0f), b2v(128, 0.01f);
  Tensor b1 = Tensor::from_data<float>({256}, zeros.data()), b2 = Tensor::from_data<float>({128}, b2v.data()),
         b3 = Tensor::from_data<float>({2}, zeros.data());
  std::vector<float> xv = seed_input();
  Tensor y = mlp(Tensor::from_data<float>({1, 512}, xv.data()), w1, b1, w2, b2, w3, b3); // compiles it
  std::printf("output pyscript %.6f %.6f\n", y.data<float>()[0], y.data<float>()[1]);

  bool torch = false;
#ifdef PYSCRIPT_SERVE_TORCH
  if (!scripted.empty() && (torch = serve::torch_load(scripted))) {
    std::vector<float> ty = serve::torch_output();
    std::printf("output torch %.6f %.6f\n", ty.at(0), ty.at(1));
  }
#endif
  if (!torch) std::printf("torch none\n");

  for (int threads : thread_counts) {
    report("pyscript", threads, serve::run(threads, seconds, [&](int) -> std::function<void()> {
             // Each thread its own input; the handle and the weights are shared by all.
             Tensor x = Tensor::from_data<float>({1, 512}, xv.data());
             return [&, x] { Tensor out = mlp(x, w1, b1, w2, b2, w3, b3); };
           }));
#ifdef PYSCRIPT_SERVE_TORCH
    if (torch) report("torch", threads, serve::run(threads, seconds, serve::torch_caller));
#endif
  }
  return 0;
}
