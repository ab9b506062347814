// np.array(xs) of a list built at run time: nested lists of numbers, or a list of arrays of one
// shape (stacked), converted to the result's dtype (Note [Object layout] for the list's slots).
#include "runtime/array_internal.hpp"
#include "runtime/object_internal.hpp"

#include <cstring>
#include <string>

namespace {

// The shape found so far: at most PYRT_MAX_DIMS axes (the lowering checks the rank).
struct Shape {
  int64_t dims[PYRT_MAX_DIMS + 1] = {};
  size_t n = 0;
  size_t size() const { return n; }
  int64_t& operator[](size_t i) { return dims[i]; }
  void push_back(int64_t v) {
    if (n < PYRT_MAX_DIMS + 1) dims[n++] = v;
  }
  void resize(size_t k) { n = k < n ? k : n; }
  const int64_t* data() const { return dims; }
};

// The shape the nested value `slot` of `type` gives, appended to `shape` from axis `axis`; false
// when a later sibling disagrees (ragged).
bool shape_of(const pyrt_type* type, const void* slot, Shape& shape, size_t axis,
              bool& ragged) {
  if (type->kind == PYRT_K_LIST) {
    const pyrt_list* l = *static_cast<pyrt_list* const*>(slot);
    if (axis == shape.size())
      shape.push_back(l->length);
    else if (shape[axis] != l->length) {
      shape.resize(axis);
      return ragged = true, false;
    }
    const pyrt_type* e = type->items[0];
    for (int64_t i = 0; i < l->length; ++i)
      if (!shape_of(e, l->data + i * e->size, shape, axis + 1, ragged)) return false;
    return true;
  }
  if (type->kind == PYRT_K_ARRAY) {
    const pyrt_array* a = *static_cast<pyrt_array* const*>(slot);
    for (int32_t k = 0; k < a->ndim; ++k) {
      if (axis + size_t(k) == shape.size())
        shape.push_back(a->shape[k]);
      else if (shape[axis + size_t(k)] != a->shape[k]) {
        shape.resize(axis + size_t(k));
        return ragged = true, false;
      }
    }
    return true;
  }
  return true;
}

double number(const pyrt_type* type, const void* slot) {
  switch (type->kind) {
  case PYRT_K_BOOL:
  case PYRT_K_NP_BOOL:
    return *static_cast<const uint8_t*>(slot) ? 1.0 : 0.0;
  case PYRT_K_INT:
  case PYRT_K_NP_INT64:
    return double(*static_cast<const int64_t*>(slot));
  case PYRT_K_NP_FLOAT32:
    return *static_cast<const float*>(slot);
  default:
    return *static_cast<const double*>(slot);
  }
}

void store(pyrt_array* out, int64_t at, double v, const pyrt_type* type, const void* slot) {
  switch (out->dtype) {
  case PYRT_F32:
    static_cast<float*>(out->data)[at] = float(v);
    return;
  case PYRT_F64:
    static_cast<double*>(out->data)[at] = v;
    return;
  case PYRT_I64:
    // ints stay exact past 2**53
    static_cast<int64_t*>(out->data)[at] =
        type && (type->kind == PYRT_K_INT || type->kind == PYRT_K_NP_INT64)
            ? *static_cast<const int64_t*>(slot)
            : int64_t(v);
    return;
  case PYRT_BOOL:
    static_cast<uint8_t*>(out->data)[at] = v != 0.0;
    return;
  }
}

// Writes the elements of `slot` in row-major order from *at.
void fill(pyrt_array* out, const pyrt_type* type, const void* slot, int64_t& at) {
  if (type->kind == PYRT_K_LIST) {
    const pyrt_list* l = *static_cast<pyrt_list* const*>(slot);
    for (int64_t i = 0; i < l->length; ++i)
      fill(out, type->items[0], l->data + i * type->items[0]->size, at);
    return;
  }
  if (type->kind == PYRT_K_ARRAY) {
    pyrt_array* a = *static_cast<pyrt_array* const*>(slot);
    pyrt_array* c = pyrt_array_astype(a, out->dtype); // contiguous, in the result's dtype
    std::memcpy(static_cast<char*>(out->data) + at * pyscript::runtime::dtype_size(out->dtype),
                c->data, size_t(c->size) * size_t(pyscript::runtime::dtype_size(out->dtype)));
    at += c->size;
    pyrt_array_release(c);
    return;
  }
  store(out, at++, number(type, slot), type, slot);
}

} // namespace

extern "C" pyrt_array* pyrt_array_from_list(pyrt_context* ctx, const pyrt_type* list_type,
                                            pyrt_list* l, int32_t dtype, int32_t ndim,
                                            const char* site) {
  Shape shape;
  bool ragged = false;
  shape_of(list_type, &l, shape, 0, ragged);
  if (ragged || int32_t(shape.size()) != ndim) {
    std::string detected = "(";
    for (size_t k = 0; k < shape.size(); ++k)
      detected += std::to_string(shape[k]) + (shape.size() == 1      ? ","
                                              : k + 1 < shape.size() ? ", "
                                                                     : "");
    detected += ")";
    pyrt_raise_detail(
        ctx, PYRT_VALUE_ERROR, site,
        "setting an array element with a sequence. The requested array has an inhomogeneous shape "
        "after %d dimensions. The detected shape was %s + inhomogeneous part.",
        int(shape.size()), detected.c_str());
    return nullptr;
  }
  pyrt_array* out = pyrt_array_try_new(dtype, ndim, shape.data());
  if (!out) {
    pyrt_raise(ctx, PYRT_MEMORY_ERROR, site);
    return nullptr;
  }
  int64_t at = 0;
  fill(out, list_type, &l, at);
  return out;
}
