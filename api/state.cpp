// A module's state into an artifact and back (Note [Module state in artifacts] in ir/state.hpp):
// capture_state reads the globals a module's top level stored and everything they reach into an
// ir::StateImage; restore_state builds the same objects in a freshly loaded module.
#include "api/module_state.hpp"

#include "codegen/codegen.hpp"
#include "codegen/optimize.hpp"
#include "runtime/module_state.hpp"
#include "support/internal_error.hpp"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/Target/TargetMachine.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>

// Note [Slot descriptors on the host]
// Restoring a list or dict needs the pyrt_type that describes its slots, laid out exactly as
// codegen lays them out (FunctionEmitter::type_info): the same LLVM types (codegen::llvm_type) in
// the host's data layout give the same sizes, alignments and tuple offsets. Descriptors are made
// once per static type and never freed (the runtime never compares them by address), as
// api/containers.cpp does for the host's own lists; an Object descriptor names no class, so one
// table serves every module.

namespace pyscript::detail {
namespace {

using ir::TypeKind;

// The symbols of the module's random states and recursion limit (codegen/emit_random.cpp,
// codegen/emit_modules.cpp).
constexpr const char* kLegacyRandomSymbol = "pyscript.random.legacy";
constexpr const char* kPyRandomSymbol = "pyscript.pyrandom";
constexpr const char* kRecursionLimitSymbol = "pyscript.sys.recursionlimit";

struct Descriptor {
  pyrt_type type{};
  std::vector<const pyrt_type*> items;
  std::vector<int64_t> offsets;
};

int32_t slot_kind(const ir::Type& t) {
  switch (t.kind()) {
  case TypeKind::Bool: return PYRT_K_BOOL;
  case TypeKind::Int: return PYRT_K_INT;
  case TypeKind::Float: return PYRT_K_FLOAT;
  case TypeKind::Str: return PYRT_K_STR;
  case TypeKind::List: return PYRT_K_LIST;
  case TypeKind::Dict: return PYRT_K_DICT;
  case TypeKind::Tuple:
  case TypeKind::Either: return PYRT_K_TUPLE; // (an Either never reaches the runtime: offsets only)
  case TypeKind::Generator: return PYRT_K_GENERATOR;
  case TypeKind::Object: return PYRT_K_OBJECT;
  case TypeKind::Optional:
    if (t.is_optional_value()) return PYRT_K_OPTIONAL_VALUE; // Note [Optional numbers]
    return t.elements()[0].is(TypeKind::Object) ? PYRT_K_OBJECT : PYRT_K_OPTIONAL;
  case TypeKind::Array:
    if (t.rank() > 0) return PYRT_K_ARRAY;
    switch (t.dtype()) {
    case ir::DType::Float64: return PYRT_K_NP_FLOAT64;
    case ir::DType::Float32: return PYRT_K_NP_FLOAT32;
    case ir::DType::Int64: return PYRT_K_NP_INT64;
    case ir::DType::Bool: return PYRT_K_NP_BOOL;
    }
    break;
  default: break;
  }
  return PYRT_K_NONE; // None, an empty display's element, a function (nothing at run time)
}

class Descriptors {
public:
  const pyrt_type* get(const ir::Type& t) {
    std::lock_guard lock(mutex_);
    return make(t);
  }

private:
  const pyrt_type* make(const ir::Type& t) {
    std::string key = t.to_string();
    auto& d = table_[key];
    if (d) return &d->type;
    auto made = std::make_unique<Descriptor>();
    ir::Type laid_out = t.is(TypeKind::Unknown) || t.is(TypeKind::Function) ? ir::Type::none() : t;
    llvm::Type* slot = codegen::llvm_type(laid_out, context_);
    if (!t.is(TypeKind::Either))
      for (const ir::Type& e : t.elements()) made->items.push_back(make(e));
    if (t.is(TypeKind::Tuple) || t.is(TypeKind::Either)) {
      const llvm::StructLayout* sl = layout().getStructLayout(llvm::cast<llvm::StructType>(slot));
      for (unsigned i = 0; i < llvm::cast<llvm::StructType>(slot)->getNumElements(); ++i)
        made->offsets.push_back(int64_t(sl->getElementOffset(i)));
    } else if (t.is_optional_value()) { // offsets[0]: the present flag's (as codegen's type_info)
      made->offsets.push_back(
          int64_t(layout().getStructLayout(llvm::cast<llvm::StructType>(slot))->getElementOffset(1)));
    }
    made->type = {slot_kind(t), int32_t(t.is(TypeKind::Either) ? 2 : t.elements().size()),
                  int64_t(layout().getTypeAllocSize(slot)), int64_t(layout().getABITypeAlign(slot).value()),
                  made->items.empty() ? nullptr : made->items.data(),
                  made->offsets.empty() ? nullptr : made->offsets.data()};
    d = std::move(made);
    return &d->type;
  }
  const llvm::DataLayout& layout() {
    if (!layout_) layout_ = std::make_unique<llvm::DataLayout>(codegen::host_target_machine()->createDataLayout());
    return *layout_;
  }

  std::mutex mutex_;
  llvm::LLVMContext context_;
  std::unique_ptr<llvm::DataLayout> layout_;
  std::map<std::string, std::unique_ptr<Descriptor>> table_;
};

const pyrt_type* descriptor(const ir::Type& t) {
  // Never destroyed: restored lists and dicts may be freed during static destruction.
  static auto* descriptors = new Descriptors();
  return descriptors->get(t);
}

template <class T> T read(const char* slot) {
  T v;
  std::memcpy(&v, slot, sizeof v);
  return v;
}

template <class T> void write(char* slot, T v) { std::memcpy(slot, &v, sizeof v); }

bool contiguous(const pyrt_array* a) {
  int64_t expected = 1;
  for (int d = a->ndim - 1; d >= 0; --d) {
    if (a->shape[d] != 1 && a->strides[d] != expected) return false;
    expected *= a->shape[d];
  }
  return true;
}

ir::DType dtype_of(int32_t code) {
  switch (code) {
  case PYRT_F32: return ir::DType::Float32;
  case PYRT_I64: return ir::DType::Int64;
  case PYRT_BOOL: return ir::DType::Bool;
  default: return ir::DType::Float64;
  }
}

int32_t dtype_code(ir::DType d) {
  switch (d) {
  case ir::DType::Float32: return PYRT_F32;
  case ir::DType::Int64: return PYRT_I64;
  case ir::DType::Bool: return PYRT_BOOL;
  default: return PYRT_F64;
  }
}

// --- capture ---

class Capture {
public:
  Capture(ModuleState& state) : state_(state), m_(*state.main_graph) {}

  ir::StateImage run() {
    for (const ir::Global& g : m_.globals) {
      char* slot = symbol_address_locked(state_, codegen::global_symbol(g.name));
      char* bound = symbol_address_locked(state_, codegen::global_bound_symbol(g.name));
      if (!slot || !bound || !*bound) continue; // the top level never stored it
      where_ = "global '" + g.name + "'";
      image_.globals.push_back({g.name, value(g.type, slot)});
    }
    // Every object's contents, in order; reading one may add objects at the end (no recursion).
    for (size_t k = 0; k < image_.objects.size(); ++k) contents(k);
    if (char* legacy = symbol_address_locked(state_, kLegacyRandomSymbol))
      image_.legacy_random = runtime::legacy_random_words(reinterpret_cast<uint64_t*>(legacy));
    if (char* py = symbol_address_locked(state_, kPyRandomSymbol))
      image_.py_random = runtime::py_random_words(reinterpret_cast<uint64_t*>(py));
    if (char* limit = symbol_address_locked(state_, kRecursionLimitSymbol)) image_.recursion_limit = read<int32_t>(limit);
    return std::move(image_);
  }

private:
  [[noreturn]] void unset(const ir::Type& t) {
    throw std::runtime_error("pyscript: cannot save " + where_ + ": it holds no " + t.to_string() +
                             " (an attribute never assigned)");
  }

  int64_t object_index(const void* o, ir::StateObject::Kind kind, const ir::Type& t) {
    auto [it, added] = objects_.emplace(o, int64_t(image_.objects.size()));
    if (added) {
      image_.objects.push_back({kind, t, {}});
      pointers_.push_back(o);
    }
    return it->second;
  }

  ir::StateValue value(const ir::Type& t, const char* slot) {
    ir::StateValue v;
    switch (t.kind()) {
    case TypeKind::Int:
    case TypeKind::Float: v.word = read<int64_t>(slot); return v;
    case TypeKind::Bool: v.word = *slot != 0; return v;
    case TypeKind::None:
    case TypeKind::Unknown:
    case TypeKind::Function: return v;
    case TypeKind::Str: {
      auto* s = read<const pyrt_str*>(slot);
      if (!s) unset(t);
      v.text.assign(s->data, size_t(s->size));
      return v;
    }
    case TypeKind::Array: {
      if (t.rank() == 0) {
        std::memcpy(&v.word, slot, size_t(ir::dtype_bytes(t.dtype())));
        return v;
      }
      auto* a = read<pyrt_array*>(slot);
      if (!a) unset(t);
      auto [it, added] = arrays_.emplace(a, int64_t(image_.arrays.size()));
      if (added) image_.arrays.push_back(array(a));
      v.word = it->second;
      return v;
    }
    case TypeKind::Tuple:
    case TypeKind::Either: {
      const pyrt_type* d = descriptor(t);
      std::vector<ir::Type> fields = t.elements();
      if (t.is(TypeKind::Either)) fields = {t.elements()[0], ir::Type::bool_()};
      for (size_t i = 0; i < fields.size(); ++i) v.fields.push_back(value(fields[i], slot + d->offsets[i]));
      return v;
    }
    case TypeKind::Generator: {
      auto* g = read<pyrt_generator*>(slot);
      if (!g) unset(t);
      auto [it, added] = generators_.emplace(g, int64_t(image_.generators.size()));
      if (added) image_.generators.push_back(runtime::generator_words(g));
      v.word = it->second;
      return v;
    }
    case TypeKind::List:
    case TypeKind::Dict: {
      const void* o = read<const void*>(slot);
      if (!o) unset(t);
      v.word = object_index(o, t.is(TypeKind::List) ? ir::StateObject::Kind::List : ir::StateObject::Kind::Dict, t);
      return v;
    }
    case TypeKind::Object:
    case TypeKind::Optional: {
      if (t.is_optional_value()) { // {number, present}, saved as an Either is (Note [Optional numbers])
        const pyrt_type* d = descriptor(t);
        v.fields.push_back(value(t.elements()[0], slot));
        v.fields.push_back(value(ir::Type::bool_(), slot + d->offsets[0]));
        return v;
      }
      if (t.is(TypeKind::Optional) && !t.elements()[0].is(TypeKind::Object))
        throw std::runtime_error("pyscript: cannot save " + where_ + ": saving a " + t.to_string() +
                                 " is not supported yet");
      auto* o = read<const pyrt_instance*>(slot);
      if (!o) {
        if (!t.is(TypeKind::Optional)) unset(t);
        return v;
      }
      v.word = object_index(o, ir::StateObject::Kind::Instance, ir::Type::object(o->cls->name)) + 1;
      return v;
    }
    case TypeKind::Set:
      throw std::runtime_error("pyscript: cannot save " + where_ + ": saving a set is not supported yet");
    case TypeKind::Float32:
    case TypeKind::Exception: break;
    }
    PYSCRIPT_UNREACHABLE("state: a global or field of type " + t.to_string());
  }

  static ir::StateArray array(pyrt_array* a) {
    ir::StateArray out;
    out.dtype = dtype_of(a->dtype);
    out.shape.assign(a->shape, a->shape + a->ndim);
    pyrt_array* c = contiguous(a) ? a : pyrt_array_astype(a, a->dtype);
    out.bytes.assign(static_cast<const char*>(c->data), size_t(c->size * ir::dtype_bytes(out.dtype)));
    if (c != a) pyrt_array_release(c);
    return out;
  }

  void contents(size_t k) {
    const void* p = pointers_[k];
    ir::Type t = image_.objects[k].type;
    std::vector<ir::StateValue> items;
    switch (image_.objects[k].kind) {
    case ir::StateObject::Kind::Instance: {
      const auto* o = static_cast<const pyrt_instance*>(p);
      const ir::ClassLayout* layout = m_.find_class(o->cls->name);
      if (!layout || int64_t(layout->fields.size()) != o->cls->count)
        throw std::runtime_error("pyscript: cannot save " + where_ + ": an instance of " + o->cls->name +
                                 ", whose attributes the module does not describe");
      for (size_t i = 0; i < layout->fields.size(); ++i) {
        where_ = "attribute '" + layout->fields[i].first + "' of a " + t.to_string();
        items.push_back(value(layout->fields[i].second, reinterpret_cast<const char*>(o) + o->cls->offsets[i]));
      }
      break;
    }
    case ir::StateObject::Kind::List: {
      const auto* l = static_cast<const pyrt_list*>(p);
      where_ = "an element of a " + t.to_string();
      int64_t size = l->type->items[0]->size;
      for (int64_t i = 0; i < l->length; ++i) items.push_back(value(t.elements()[0], l->data + i * size));
      break;
    }
    case ir::StateObject::Kind::Dict: {
      auto* d = const_cast<pyrt_dict*>(static_cast<const pyrt_dict*>(p));
      where_ = "an entry of a " + t.to_string();
      pyrt_context ctx{};
      int64_t pos = 0;
      for (int64_t e; (e = pyrt_dict_next(&ctx, d, &pos, d->version, "<save>")) >= 0;) {
        items.push_back(value(t.elements()[0], static_cast<const char*>(pyrt_dict_key(d, e))));
        items.push_back(value(t.elements()[1], static_cast<const char*>(pyrt_dict_value(d, e))));
      }
      break;
    }
    }
    image_.objects[k].items = std::move(items);
  }

  ModuleState& state_;
  const ir::Module& m_;
  ir::StateImage image_;
  std::string where_;
  std::unordered_map<const void*, int64_t> objects_, arrays_, generators_;
  std::vector<const void*> pointers_; // objects_ by index
};

// --- restore ---

class Restore {
public:
  Restore(ModuleState& state, const ir::StateImage& image, const std::string& path)
      : state_(state), m_(*state.main_graph), image_(image), path_(path) {}

  ~Restore() {
    // The tables' own references: what the slots hold stays.
    for (pyrt_array* a : arrays_) pyrt_array_release(a);
    for (pyrt_generator* g : generators_) pyrt_generator_release(g);
    for (void* o : objects_) pyrt_object_release(static_cast<pyrt_object*>(o));
  }

  void run() {
    // Everything that can fail is checked before anything is stored.
    char* legacy = symbol_address_locked(state_, kLegacyRandomSymbol);
    char* py = symbol_address_locked(state_, kPyRandomSymbol);
    if ((!image_.legacy_random.empty() && !legacy) || (!image_.py_random.empty() && !py))
      fail("random states of a module without them");
    std::vector<const pyrt_class*> classes;
    for (const ir::StateObject& o : image_.objects) {
      if (o.kind != ir::StateObject::Kind::Instance) continue;
      const std::string& name = o.type.class_name();
      auto* cls = reinterpret_cast<const pyrt_class*>(symbol_address_locked(state_, "pyrt.class." + name));
      if (!cls || cls->count != int64_t(m_.find_class(name)->fields.size()))
        fail("an instance of class " + name + ", which this module's code never makes");
      classes.push_back(cls);
    }
    for (const auto& words : image_.generators) {
      pyrt_generator* g = runtime::generator_from_words(words);
      if (!g) fail("a corrupt Generator state");
      generators_.push_back(g);
    }
    if ((legacy && !runtime::set_legacy_random(reinterpret_cast<uint64_t*>(legacy), image_.legacy_random)) ||
        (py && !runtime::set_py_random(reinterpret_cast<uint64_t*>(py), image_.py_random)))
      fail("a corrupt random state");
    if (char* limit = symbol_address_locked(state_, kRecursionLimitSymbol))
      write<int32_t>(limit, int32_t(image_.recursion_limit));

    for (const ir::StateArray& a : image_.arrays) {
      pyrt_array* made = pyrt_array_new(dtype_code(a.dtype), int32_t(a.shape.size()), a.shape.data());
      if (!a.bytes.empty()) std::memcpy(made->data, a.bytes.data(), a.bytes.size());
      arrays_.push_back(made);
    }
    // Every object first, then their contents, which may refer to any of them.
    pyrt_context ctx{};
    size_t next_class = 0;
    for (const ir::StateObject& o : image_.objects) {
      void* made = nullptr;
      if (o.kind == ir::StateObject::Kind::Instance)
        made = pyrt_instance_new(&ctx, classes[next_class++], "<load>");
      else if (o.kind == ir::StateObject::Kind::List)
        made = pyrt_list_new(&ctx, descriptor(o.type), int64_t(o.items.size()), "<load>");
      else
        made = pyrt_dict_new(&ctx, descriptor(o.type), "<load>");
      if (!made) throw std::bad_alloc();
      objects_.push_back(made);
    }
    for (size_t k = 0; k < image_.objects.size(); ++k) contents(k);
    for (const auto& [name, v] : image_.globals) {
      const ir::Global* g = nullptr;
      for (const ir::Global& each : m_.globals)
        if (each.name == name) g = &each;
      char* slot = symbol_address_locked(state_, codegen::global_symbol(name));
      char* bound = symbol_address_locked(state_, codegen::global_bound_symbol(name));
      if (!g || !slot || !bound) fail("a value for '" + name + "', which the module has no global of");
      store(g->type, v, slot);
      share(g->type, slot);
      *bound = 1;
    }
    // Globals hold them: every thread may reach them (Note [Threads] in api/module.cpp).
    for (void* o : objects_) pyrt_object_share(static_cast<pyrt_object*>(o));
    for (pyrt_array* a : arrays_) pyrt_array_share(a);
    for (pyrt_generator* g : generators_) pyrt_generator_share(g);
  }

private:
  [[noreturn]] void fail(const std::string& what) { throw std::runtime_error(path_ + ": invalid state: " + what); }

  // Stores a new reference of `v` into a zeroed slot of type `t`.
  void store(const ir::Type& t, const ir::StateValue& v, char* slot) {
    switch (t.kind()) {
    case TypeKind::Int:
    case TypeKind::Float: write<int64_t>(slot, v.word); return;
    case TypeKind::Bool: *slot = char(v.word != 0); return;
    case TypeKind::None:
    case TypeKind::Unknown:
    case TypeKind::Function: return;
    case TypeKind::Str: {
      pyrt_str* s = pyrt_str_new(v.text.data(), int64_t(v.text.size()));
      if (!s) throw std::bad_alloc();
      write(slot, s);
      return;
    }
    case TypeKind::Array:
      if (t.rank() == 0) {
        std::memcpy(slot, &v.word, size_t(ir::dtype_bytes(t.dtype())));
      } else {
        pyrt_array* a = arrays_.at(size_t(v.word));
        pyrt_array_retain(a);
        write(slot, a);
      }
      return;
    case TypeKind::Tuple:
    case TypeKind::Either: {
      const pyrt_type* d = descriptor(t);
      std::vector<ir::Type> fields = t.elements();
      if (t.is(TypeKind::Either)) fields = {t.elements()[0], ir::Type::bool_()};
      for (size_t i = 0; i < fields.size(); ++i) store(fields[i], v.fields.at(i), slot + d->offsets[i]);
      return;
    }
    case TypeKind::Generator: {
      pyrt_generator* g = generators_.at(size_t(v.word));
      pyrt_generator_retain(g);
      write(slot, g);
      return;
    }
    case TypeKind::List:
    case TypeKind::Dict:
    case TypeKind::Object:
    case TypeKind::Optional: {
      if (t.is_optional_value()) {
        const pyrt_type* d = descriptor(t);
        store(t.elements()[0], v.fields.at(0), slot);
        store(ir::Type::bool_(), v.fields.at(1), slot + d->offsets[0]);
        return;
      }
      bool is_ref = t.is_object_ref();
      if (is_ref && v.word == 0) return; // None: the slot is null
      void* o = objects_.at(size_t(is_ref ? v.word - 1 : v.word));
      pyrt_object_retain(static_cast<pyrt_object*>(o));
      write(slot, o);
      return;
    }
    case TypeKind::Set: // never saved
    case TypeKind::Float32:
    case TypeKind::Exception: break;
    }
    PYSCRIPT_UNREACHABLE("state: a value of type " + t.to_string());
  }

  // Marks what a global's slot holds as shared; the tables' objects are shared at the end.
  void share(const ir::Type& t, char* slot) {
    if (t.is(TypeKind::Str)) {
      pyrt_object_share(read<pyrt_object*>(slot));
    } else if (t.is(TypeKind::Tuple)) {
      const pyrt_type* d = descriptor(t);
      for (size_t i = 0; i < t.elements().size(); ++i) share(t.elements()[i], slot + d->offsets[i]);
    }
  }

  void contents(size_t k) {
    const ir::StateObject& o = image_.objects[k];
    void* p = objects_[k];
    if (o.kind == ir::StateObject::Kind::Instance) {
      auto* instance = static_cast<pyrt_instance*>(p);
      const ir::ClassLayout* layout = m_.find_class(o.type.class_name());
      for (size_t i = 0; i < o.items.size(); ++i)
        store(layout->fields[i].second, o.items[i], reinterpret_cast<char*>(instance) + instance->cls->offsets[i]);
    } else if (o.kind == ir::StateObject::Kind::List) {
      auto* l = static_cast<pyrt_list*>(p);
      int64_t size = l->type->items[0]->size;
      for (size_t i = 0; i < o.items.size(); ++i) store(o.type.elements()[0], o.items[i], l->data + int64_t(i) * size);
    } else {
      auto* d = static_cast<pyrt_dict*>(p);
      const pyrt_type* key_type = descriptor(o.type.elements()[0]);
      const pyrt_type* value_type = descriptor(o.type.elements()[1]);
      std::vector<uint64_t> key(size_t(key_type->size + 7) / 8 + 1), value(size_t(value_type->size + 7) / 8 + 1);
      for (size_t i = 0; i + 1 < o.items.size(); i += 2) {
        std::fill(key.begin(), key.end(), 0);
        std::fill(value.begin(), value.end(), 0);
        store(o.type.elements()[0], o.items[i], reinterpret_cast<char*>(key.data()));
        store(o.type.elements()[1], o.items[i + 1], reinterpret_cast<char*>(value.data()));
        pyrt_context ctx{};
        if (!pyrt_dict_set(&ctx, d, key.data(), value.data(), "<load>")) throw std::bad_alloc();
      }
    }
  }

  ModuleState& state_;
  const ir::Module& m_;
  const ir::StateImage& image_;
  const std::string& path_;
  std::vector<pyrt_array*> arrays_;
  std::vector<pyrt_generator*> generators_;
  std::vector<void*> objects_;
};

} // namespace

ir::StateImage capture_state(ModuleState& state) { return Capture(state).run(); }

void restore_state(ModuleState& state, const ir::StateImage& image, const std::string& path) {
  std::lock_guard lock(state.mutex);
  Restore(state, image, path).run();
}

} // namespace pyscript::detail
