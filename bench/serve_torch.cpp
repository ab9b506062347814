// PyTorch's C++ deployment path for bench/serve.cpp: the MLP scripted and saved by
// bench/serve_torch_model.py, loaded with torch::jit::load, and called from the serving threads,
// each with one intra-op thread and no autograd (InferenceMode). Built only when libtorch is
// found (bench/meson.build); never part of the tests.
#include <torch/script.h>

#include <ATen/Parallel.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace serve {
namespace {

std::unique_ptr<torch::jit::script::Module> model;

torch::Tensor seed_input() {
  torch::Tensor x = torch::empty({1, 512}, torch::kFloat32);
  float* p = x.data_ptr<float>();
  for (int i = 0; i < 512; ++i) p[i] = float(std::cos(double(i) * 0.11));
  return x;
}

} // namespace

bool torch_load(const std::string& path) {
  try {
    at::set_num_threads(1);
    model = std::make_unique<torch::jit::script::Module>(torch::jit::load(path));
    model->eval();
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "serve: cannot load %s: %s\n", path.c_str(), e.what());
    return false;
  }
}

std::vector<float> torch_output() {
  c10::InferenceMode guard;
  torch::Tensor y = model->forward({seed_input()}).toTensor().contiguous();
  return std::vector<float>(y.data_ptr<float>(), y.data_ptr<float>() + y.numel());
}

std::function<void()> torch_caller(int) {
  at::set_num_threads(1); // this thread's intra-op parallelism (OpenMP's setting is per thread)
  torch::Tensor x = seed_input();
  return [x] {
    c10::InferenceMode guard;
    std::vector<torch::jit::IValue> inputs{x};
    torch::Tensor y = model->forward(inputs).toTensor();
  };
}

} // namespace serve
