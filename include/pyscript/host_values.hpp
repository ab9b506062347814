// Internal to the host API (included by pyscript/pyscript.hpp): how str and list values cross
// between C++ and compiled code (Note [Host containers] in api/containers.cpp).
//
// A C++ type has a type code: 'i' int64_t, 'f' double, 'b' bool, 's' std::string, 't' Tensor,
// 'n' void, 'l' + the element's code std::vector ("lf" std::vector<double>, "lls"
// std::vector<std::vector<std::string>>), '?' a type pyscript cannot pass.
#pragma once

#include <pyscript/runtime.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace pyscript {
class Tensor;

namespace detail {

template <class T> struct IsVector : std::false_type {};
template <class E> struct IsVector<std::vector<E>> : std::true_type {};

// std::string and std::vector cross as new objects (a pyrt_str*, a pyrt_list*).
template <class T> constexpr bool kIsObject = std::is_same_v<T, std::string> || IsVector<T>::value;

template <class T> std::string type_codes() {
  if constexpr (std::is_same_v<T, int64_t>)
    return "i";
  else if constexpr (std::is_same_v<T, double>)
    return "f";
  else if constexpr (std::is_same_v<T, bool>)
    return "b";
  else if constexpr (std::is_same_v<T, std::string>)
    return "s";
  else if constexpr (std::is_same_v<T, Tensor>)
    return "t";
  else if constexpr (std::is_void_v<T>)
    return "n";
  else if constexpr (IsVector<T>::value) {
    std::string element = type_codes<typename T::value_type>();
    // Elements are numbers, str or lists: a list of arrays has no static rank to specialize on.
    if (element == "t" || element.find('?') != std::string::npos) return "?";
    return "l" + element;
  } else
    return "?";
}

// The slot type (pyrt_type, Note [Object layout]) of a type code, laid out as codegen lays it
// out: immortal, one per code.
const pyrt_type* slot_type(const std::string& codes);
template <class T> const pyrt_type* slot_type_of() {
  static const pyrt_type* type = slot_type(type_codes<T>());
  return type;
}

// A new str holding `s` (valid UTF-8, else std::invalid_argument); a new list of `length` zeroed
// slots of `list_type` (std::bad_alloc when memory runs out).
pyrt_str* new_str(const std::string& s);
pyrt_list* new_list(const pyrt_type* list_type, size_t length);
// Drops one reference of a str or list (null allowed).
void release(void* object);

// Owns one reference until released.
class ObjectRef {
public:
  explicit ObjectRef(void* object) : object_(object) {}
  ObjectRef(const ObjectRef&) = delete;
  ObjectRef& operator=(const ObjectRef&) = delete;
  ~ObjectRef() { release(object_); }
  void* take() { return std::exchange(object_, nullptr); }

private:
  void* object_;
};

template <class E> pyrt_list* to_list(const std::vector<E>& v, const pyrt_type* list_type);

// Stores a new value of `v` into a slot of type `type`.
template <class T> void store(char* slot, const T& v, const pyrt_type* type) {
  if constexpr (std::is_same_v<T, bool>)
    *slot = v ? 1 : 0;
  else if constexpr (std::is_arithmetic_v<T>)
    std::memcpy(slot, &v, sizeof v);
  else {
    void* object;
    if constexpr (std::is_same_v<T, std::string>)
      object = new_str(v);
    else
      object = to_list(v, type);
    std::memcpy(slot, &object, sizeof object);
  }
}

// A new list holding copies of v's elements.
template <class E> pyrt_list* to_list(const std::vector<E>& v, const pyrt_type* list_type) {
  pyrt_list* l = new_list(list_type, v.size());
  if (v.empty()) return l;
  if constexpr (std::is_same_v<E, int64_t> || std::is_same_v<E, double>) {
    std::memcpy(l->data, v.data(), v.size() * sizeof(E));
  } else {
    ObjectRef owned(l); // a failure part way releases what was stored
    const pyrt_type* element = list_type->items[0];
    for (size_t i = 0; i < v.size(); ++i)
      store(l->data + int64_t(i) * element->size, v[i], element);
    owned.take();
  }
  return l;
}

template <class T> T from_object(const void* object);

// The value in a slot of type `type`, copied.
template <class T> T load(const char* slot) {
  if constexpr (std::is_same_v<T, bool>)
    return *slot != 0;
  else if constexpr (std::is_arithmetic_v<T>) {
    T v;
    std::memcpy(&v, slot, sizeof v);
    return v;
  } else {
    const void* object;
    std::memcpy(&object, slot, sizeof object);
    return from_object<T>(object);
  }
}

// A copy of a str or list (borrowed).
template <class T> T from_object(const void* object) {
  if constexpr (std::is_same_v<T, std::string>) {
    const auto* s = static_cast<const pyrt_str*>(object);
    return std::string(s->data, size_t(s->size));
  } else {
    using E = typename T::value_type;
    const auto* l = static_cast<const pyrt_list*>(object);
    T out;
    if (l->length == 0) return out;
    if constexpr (std::is_same_v<E, int64_t> || std::is_same_v<E, double>) {
      out.resize(size_t(l->length));
      std::memcpy(out.data(), l->data, out.size() * sizeof(E));
    } else {
      out.reserve(size_t(l->length));
      int64_t size = l->type->items[0]->size;
      for (int64_t i = 0; i < l->length; ++i)
        out.push_back(load<E>(l->data + i * size));
    }
    return out;
  }
}

// A copy of a str or list the caller owns a reference to; the reference is released.
template <class T> T take_object(void* object) {
  ObjectRef owned(object);
  return from_object<T>(object);
}

// One argument as the compiled entry receives it, for the duration of the call: a str or list
// argument is a new object, released after the call (the callee borrows it).
template <class T> struct Passed {
  T value;
  explicit Passed(const T& v) : value(v) {}
};
template <> struct Passed<std::string> {
  pyrt_str* value;
  explicit Passed(const std::string& v) : value(new_str(v)) {}
  Passed(const Passed&) = delete;
  ~Passed() { release(value); }
};
template <class E> struct Passed<std::vector<E>> {
  pyrt_list* value;
  explicit Passed(const std::vector<E>& v) : value(to_list(v, slot_type_of<std::vector<E>>())) {}
  Passed(const Passed&) = delete;
  ~Passed() { release(value); }
};

} // namespace detail
} // namespace pyscript
