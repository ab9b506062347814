// pyscript::Tensor through typed handles, and .npy files.
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <malloc.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <vector>

namespace {

const char* kModel = R"(import numpy as np


def dense(x, w, b):
    return x @ w + b


def relu(x):
    return np.maximum(x, 0)


def layer(x, w, b):
    return relu(dense(x, w, b))


def total(x):
    return float(x.sum())


def scale(x, s):
    return x * s


def dot(a, b):
    s = 0.0
    for i in range(a.shape[0]):
        s = s + a[i] * b[i]
    return s


def first(a):
    return a[0]
)";

} // namespace

TEST_CASE("typed handles take and return tensors, specialized per dtype and rank") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  auto layer = m.function<pyscript::Tensor(pyscript::Tensor, pyscript::Tensor, pyscript::Tensor)>("layer");
  std::vector<float> x = {1, -2, 3};
  std::vector<float> w = {1, 0, 0, 1, 1, 1}; // 3 x 2
  std::vector<float> b = {0.5f, -10};
  pyscript::Tensor y = layer(pyscript::Tensor::from_data<float>({1, 3}, x.data()),
                             pyscript::Tensor::from_data<float>({3, 2}, w.data()),
                             pyscript::Tensor::from_data<float>({2}, b.data()));
  CHECK(y.shape() == std::vector<int64_t>{1, 2});
  CHECK(y.dtype() == pyscript::DType::Float32);
  // x @ w = [1 + 3, -2 + 3] = [4, 1]; + b = [4.5, -9]; relu = [4.5, 0]
  CHECK(y.data<float>()[0] == 4.5f);
  CHECK(y.data<float>()[1] == 0.0f);

  auto total = m.function<double(pyscript::Tensor)>("total");
  std::vector<double> d = {1.5, 2.5, 3.0};
  CHECK(total(pyscript::Tensor::from_data<double>({3}, d.data())) == 7.0);
  std::vector<int64_t> i = {1, 2, 3, 4};
  CHECK(total(pyscript::Tensor::from_data<int64_t>({2, 2}, i.data())) == 10.0); // another specialization

  auto scale = m.function<pyscript::Tensor(pyscript::Tensor, double)>("scale");
  pyscript::Tensor s = scale(pyscript::Tensor::from_data<int64_t>({4}, i.data()), 0.5);
  CHECK(s.dtype() == pyscript::DType::Float64); // int64 array * Python float -> float64, as numpy
  CHECK(s.data<double>()[3] == 2.0);
  CHECK_THROWS_AS(s.data<float>(), std::invalid_argument);
}

TEST_CASE("element loops: an Either result reaches the host as a double, a numpy scalar as a 0-d tensor") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  auto dot = m.function<double(pyscript::Tensor, pyscript::Tensor)>("dot");
  std::vector<double> a = {1.5, 2.0, -3.0};
  std::vector<double> b = {2.0, 0.25, 1.0};
  CHECK(dot(pyscript::Tensor::from_data<double>({3}, a.data()), pyscript::Tensor::from_data<double>({3}, b.data())) == 0.5);
  CHECK(dot(pyscript::Tensor::from_data<double>({0}, a.data()), pyscript::Tensor::from_data<double>({0}, b.data())) == 0.0);
  auto first = m.function<pyscript::Tensor(pyscript::Tensor)>("first");
  pyscript::Tensor f = first(pyscript::Tensor::from_data<double>({3}, a.data()));
  CHECK(f.rank() == 0);
  CHECK(f.data<double>()[0] == 1.5);
  CHECK_THROWS_AS(first(pyscript::Tensor::from_data<double>({0}, a.data())), pyscript::RuntimeError);
}

TEST_CASE("a shape mismatch is a RuntimeError with the Python location") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  auto dense = m.function<pyscript::Tensor(pyscript::Tensor, pyscript::Tensor, pyscript::Tensor)>("dense");
  std::vector<float> z(512 * 256, 0.0f);
  CHECK_THROWS_WITH_AS(dense(pyscript::Tensor::from_data<float>({1, 512}, z.data()),
                             pyscript::Tensor::from_data<float>({256, 128}, z.data()),
                             pyscript::Tensor::from_data<float>({128}, z.data())),
                       "model.py:5:12: runtime error: ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0, "
                       "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 256 is different from 512)",
                       pyscript::RuntimeError);
}

TEST_CASE("an array too large for memory is a RuntimeError (MemoryError), and the module goes on") {
  pyscript::Module m = pyscript::compile_string(
      "import numpy as np\n\n\ndef cube(n):\n    return float(np.ones((n, n, n), dtype=np.float32).sum())\n", "alloc.py");
  auto cube = m.function<double(int64_t)>("cube");
  CHECK(cube(10) == 1000.0);
  CHECK_THROWS_WITH_AS(cube(100000), "alloc.py:5:18: runtime error: MemoryError: Unable to allocate 3.55 PiB for an "
                                     "array with shape (100000, 100000, 100000) and data type float32",
                       pyscript::RuntimeError);
  CHECK_THROWS_WITH_AS(cube(10000000), doctest::Contains("ValueError: array is too big"), pyscript::RuntimeError);
  CHECK(cube(3) == 27.0);
}

// Bytes the heap holds now (small blocks and mmapped ones).
size_t heap_in_use() {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

TEST_CASE("a runtime error releases the arrays each frame holds (a host that goes on does not leak)") {
  pyscript::Module m = pyscript::compile_string(R"(import numpy as np


def step(x, w):
    h = np.tanh(x) * 2.0
    g = h @ w
    return g + h


def run(x, w, n):
    acc = x * 1.0
    pair = (acc, x + 1.0)
    for i in range(n):
        acc = acc + x
        if i == 2:
            acc = step(acc, w)
    return float(acc.sum() + pair[1].sum())
)", "leak.py");
  auto run = m.function<double(pyscript::Tensor, pyscript::Tensor, int64_t)>("run");
  std::vector<double> ones(4 * 25000, 1.0);
  pyscript::Tensor x = pyscript::Tensor::from_data<double>({4, 25000}, ones.data());
  pyscript::Tensor bad_w = pyscript::Tensor::from_data<double>({3, 3}, ones.data());
  CHECK(run(x, bad_w, 2) == 4 * 25000 * 5.0); // no failure: acc = 3x, pair[1] = 2x
  CHECK_THROWS_AS(run(x, bad_w, 5), pyscript::RuntimeError); // warm up
  size_t before = heap_in_use();
  for (int k = 0; k < 50; ++k)
    CHECK_THROWS_WITH_AS(run(x, bad_w, 5), "leak.py:6:9: runtime error: ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0, "
                         "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 3 is different from 25000)",
                         pyscript::RuntimeError);
  // Each failing call held 5 arrays of 800 KB when it failed: 200 MB over 50 calls if they leaked.
  CHECK(heap_in_use() < before + 1'000'000);
}

TEST_CASE(".npy round trip for the four dtypes, and bad files") {
  std::string path = "pyscript_test_tensor.npy";
  std::vector<float> f = {1.5f, -2.25f, 3.0f, 0.0f, 5.0f, 6.5f};
  pyscript::save_npy(path, pyscript::Tensor::from_data<float>({2, 3}, f.data()));
  pyscript::Tensor t = pyscript::load_npy(path);
  CHECK(t.shape() == std::vector<int64_t>{2, 3});
  CHECK(t.dtype() == pyscript::DType::Float32);
  CHECK(std::vector<float>(t.data<float>(), t.data<float>() + 6) == f);

  bool bits[3] = {true, false, true};
  pyscript::save_npy(path, pyscript::Tensor::from_data<bool>({3}, bits));
  CHECK(pyscript::load_npy(path).data<bool>()[2]);
  std::vector<int64_t> ints = {7, -8};
  pyscript::save_npy(path, pyscript::Tensor::from_data<int64_t>({2}, ints.data()));
  CHECK(pyscript::load_npy(path).data<int64_t>()[1] == -8);

  // What numpy writes for np.arange(3.0): a version 1.0 header padded to 64 bytes.
  {
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
    header += std::string((64 - (10 + header.size() + 1) % 64) % 64, ' ') + "\n";
    std::ofstream out(path, std::ios::binary);
    out.write("\x93NUMPY\x01\x00", 8);
    char len[2] = {char(header.size()), 0};
    out.write(len, 2);
    out << header;
    double v[3] = {0, 1, 2};
    out.write(reinterpret_cast<const char*>(v), sizeof v);
  }
  CHECK(pyscript::load_npy(path).data<double>()[2] == 2.0);
  // Truncated data.
  {
    std::ifstream in(path, std::ios::binary);
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(path, std::ios::binary) << all.substr(0, all.size() - 4);
  }
  // numpy's words for both: it reads what there is, then cannot shape it; anything else is a pickle.
  CHECK_THROWS_WITH_AS(pyscript::load_npy(path), doctest::Contains("cannot reshape array of size 2 into shape (3,)"),
                       std::runtime_error);
  std::ofstream(path, std::ios::binary) << "not numpy";
  CHECK_THROWS_WITH_AS(pyscript::load_npy(path), doctest::Contains("Cannot load file containing pickled data"),
                       std::runtime_error);
  CHECK_THROWS_AS(pyscript::load_npy("/nonexistent/x.npy"), std::runtime_error);
  std::remove(path.c_str());
}
