// pyscript::Tensor: the host's handle on a runtime array (include/pyscript/runtime.h).
#include <pyscript/pyscript.hpp>

#include <cstring>

namespace pyscript {
namespace {

int32_t code_of(DType d) {
  switch (d) {
  case DType::Float32: return PYRT_F32;
  case DType::Float64: return PYRT_F64;
  case DType::Int64: return PYRT_I64;
  case DType::Bool: return PYRT_BOOL;
  }
  return PYRT_F64;
}

size_t item_size(DType d) { return d == DType::Bool ? 1 : d == DType::Float32 ? 4 : 8; }

const char* name_of(DType d) {
  switch (d) {
  case DType::Float32: return "float32";
  case DType::Float64: return "float64";
  case DType::Int64: return "int64";
  case DType::Bool: return "bool";
  }
  return "?";
}

bool contiguous(const pyrt_array* a) {
  int64_t expected = 1;
  for (int d = a->ndim - 1; d >= 0; --d) {
    if (a->shape[d] != 1 && a->strides[d] != expected) return false;
    expected *= a->shape[d];
  }
  return true;
}

} // namespace

Tensor::Tensor(pyrt_array* array) {
  // A strided view becomes a contiguous copy here, once, so that data() never changes the
  // tensor: reading one Tensor from many threads is safe.
  if (array && !contiguous(array)) {
    pyrt_array* copy = pyrt_array_astype(array, array->dtype);
    pyrt_array_release(array);
    array = copy;
  }
  pyrt_array_share(array); // the host may pass it to calls on any thread
  array_.reset(array, pyrt_array_release);
}

Tensor Tensor::from_bytes(const std::vector<int64_t>& shape, DType dtype, const void* data) {
  if (shape.size() > PYRT_MAX_DIMS) throw std::invalid_argument("pyscript::Tensor: more than 8 dimensions");
  for (int64_t d : shape)
    if (d < 0) throw std::invalid_argument("pyscript::Tensor: a negative dimension");
  pyrt_array* a = pyrt_array_new(code_of(dtype), int32_t(shape.size()), shape.data());
  if (a->size > 0) std::memcpy(a->data, data, size_t(a->size) * item_size(dtype));
  return Tensor(a);
}

std::vector<int64_t> Tensor::shape() const {
  if (!array_) return {};
  return std::vector<int64_t>(array_->shape, array_->shape + array_->ndim);
}

DType Tensor::dtype() const {
  if (!array_) return DType::Float64;
  switch (array_->dtype) {
  case PYRT_F32: return DType::Float32;
  case PYRT_F64: return DType::Float64;
  case PYRT_I64: return DType::Int64;
  default: return DType::Bool;
  }
}

int64_t Tensor::size() const { return array_ ? array_->size : 0; }

void Tensor::check_dtype(DType want) const {
  if (!array_) throw std::logic_error("pyscript::Tensor: data() of an empty tensor");
  if (dtype() != want)
    throw std::invalid_argument(std::string("pyscript::Tensor: data<") + name_of(want) + ">() of a " +
                                name_of(dtype()) + " tensor");
}

const void* Tensor::contiguous_data() const { return array_->data; }

Tensor load_npy(const std::string& path) {
  char error[512];
  pyrt_array* a = pyrt_load_npy(path.c_str(), error, sizeof error);
  if (!a) throw std::runtime_error(error);
  return Tensor(a);
}

Tensor load_npz(const std::string& path, const std::string& name) {
  char error[512];
  pyrt_array* a = pyrt_load_npz(path.c_str(), name.c_str(), error, sizeof error);
  if (!a) throw std::runtime_error(error);
  return Tensor(a);
}

void save_npy(const std::string& path, const Tensor& tensor) {
  if (tensor.empty()) throw std::invalid_argument("pyscript::save_npy: an empty tensor");
  char error[512];
  if (!pyrt_save_npy(path.c_str(), tensor.raw(), error, sizeof error)) throw std::runtime_error(error);
}

} // namespace pyscript
