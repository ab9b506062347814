#include "ir/types.hpp"

namespace pyscript::ir {

const char* dtype_name(DType d) {
  switch (d) {
  case DType::Float32: return "float32";
  case DType::Float64: return "float64";
  case DType::Int64: return "int64";
  case DType::Bool: return "bool";
  }
  return "?";
}

std::optional<DType> dtype_from_name(std::string_view name) {
  for (DType d : {DType::Float32, DType::Float64, DType::Int64, DType::Bool})
    if (name == dtype_name(d)) return d;
  return std::nullopt;
}

Type Type::tuple(std::vector<Type> elements) {
  Type t(TypeKind::Tuple);
  t.elements_ = std::move(elements);
  return t;
}

Type Type::list(Type element) {
  Type t(TypeKind::List);
  t.elements_ = {std::move(element)};
  return t;
}

Type Type::set(Type element) {
  Type t(TypeKind::Set);
  t.elements_ = {std::move(element)};
  return t;
}

Type Type::dict(Type key, Type value) {
  Type t(TypeKind::Dict);
  t.elements_ = {std::move(key), std::move(value)};
  return t;
}

Type Type::array(DType dtype, int rank) {
  Type t(TypeKind::Array);
  t.dtype_ = dtype;
  t.rank_ = rank;
  return t;
}

Type Type::either(const Type& python) {
  Type t(TypeKind::Either);
  t.elements_ = {python, Type::bool_()};
  t.dtype_ = python.is(TypeKind::Float) ? DType::Float64 : python.is(TypeKind::Int) ? DType::Int64 : DType::Bool;
  return t;
}

Type Type::element(DType d) {
  switch (d) {
  case DType::Float32: return float32();
  case DType::Float64: return float_();
  case DType::Int64: return int_();
  case DType::Bool: return bool_();
  }
  return unknown();
}

std::string Type::to_string() const {
  switch (kind_) {
  case TypeKind::Float32: return "f32";
  case TypeKind::Int: return "int";
  case TypeKind::Float: return "float";
  case TypeKind::Bool: return "bool";
  case TypeKind::None: return "None";
  case TypeKind::Str: return "str";
  case TypeKind::Unknown: return "Unknown";
  case TypeKind::Either:
    return elements_[0].to_string() + "|np." + (dtype_ == DType::Bool ? std::string("bool_") : dtype_name(dtype_));
  case TypeKind::Generator: return "Generator";
  case TypeKind::Exception: return "Exception";
  case TypeKind::Array:
    return std::string("Array[") + dtype_name(dtype_) + ", " + std::to_string(rank_) + "]";
  case TypeKind::Function: {
    std::string out = "function[" + name_ + "]";
    if (elements_.empty()) return out;
    out += "(";
    for (size_t i = 0; i < elements_.size(); ++i) out += (i ? ", " : "") + elements_[i].to_string();
    return out + ")";
  }
  case TypeKind::Object: return name_;
  case TypeKind::Optional: return "Optional[" + elements_[0].to_string() + "]";
  case TypeKind::List:
    if (is_range()) return "range";
    return (is_deque() ? "deque[" : "list[") + elements_[0].to_string() + "]";
  case TypeKind::Dict:
    if (is_counter()) return "Counter[" + elements_[0].to_string() + "]";
    return (is_defaultdict() ? "defaultdict[" + defaultdict_factory() + ", " : std::string("dict[")) +
           elements_[0].to_string() + ", " + elements_[1].to_string() + "]";
  case TypeKind::Set: return "set[" + elements_[0].to_string() + "]";
  case TypeKind::Tuple: {
    std::string out = "Tuple[";
    for (size_t i = 0; i < elements_.size(); ++i)
      out += (i ? ", " : "") + elements_[i].to_string();
    return out + "]";
  }
  }
  return "?";
}

} // namespace pyscript::ir
