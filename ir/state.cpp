// A module's state as bytes, and back (Note [Module state in artifacts] in ir/state.hpp).
#include "ir/state.hpp"

#include "ir/parser.hpp"
#include "support/internal_error.hpp"

#include <cstdio>
#include <cstring>
#include <map>
#include <set>

namespace pyscript::ir {

int64_t dtype_bytes(DType d) {
  switch (d) {
  case DType::Float32: return 4;
  case DType::Float64:
  case DType::Int64: return 8;
  case DType::Bool: return 1;
  }
  return 8;
}

namespace {

constexpr int kMaxDepth = 64;   // static types nested deeper are not a module's
constexpr int kMaxRank = 8;     // PYRT_MAX_DIMS

uint8_t dtype_code(DType d) {
  switch (d) {
  case DType::Float32: return 0;
  case DType::Float64: return 1;
  case DType::Int64: return 2;
  case DType::Bool: return 3;
  }
  return 1;
}

const ClassLayout* class_of(const Module& m, const std::string& name) { return m.find_class(name); }

// --- writing ---

class Writer {
public:
  explicit Writer(const Module& m) : m_(m) {}

  void varint(uint64_t v) {
    do {
      uint8_t b = v & 0x7f;
      v >>= 7;
      out_ += char(v ? b | 0x80 : b);
    } while (v);
  }
  void fixed(uint64_t v, int bytes = 8) {
    for (int i = 0; i < bytes; ++i) out_ += char((v >> (8 * i)) & 0xff);
  }
  void text(const std::string& s) {
    varint(s.size());
    out_ += s;
  }

  void value(const Type& t, const StateValue& v) {
    switch (t.kind()) {
    case TypeKind::Int:
    case TypeKind::Float: fixed(uint64_t(v.word)); return;
    case TypeKind::Bool: fixed(uint64_t(v.word != 0), 1); return;
    case TypeKind::None:
    case TypeKind::Unknown:
    case TypeKind::Function: return;
    case TypeKind::Str: text(v.text); return;
    case TypeKind::Array:
      if (t.rank() > 0) varint(uint64_t(v.word));
      else fixed(uint64_t(v.word), int(dtype_bytes(t.dtype())));
      return;
    case TypeKind::Tuple:
    case TypeKind::Either: {
      const std::vector<Type> fields = t.is(TypeKind::Either) ? std::vector<Type>{t.elements()[0], Type::bool_()}
                                                              : t.elements();
      write_fields(fields, v);
      return;
    }
    case TypeKind::Optional:
      if (t.is_optional_value()) { // {number, present}, as an Either (Note [Optional numbers])
        write_fields({t.elements()[0], Type::bool_()}, v);
        return;
      }
      varint(uint64_t(v.word));
      return;
    case TypeKind::Generator:
    case TypeKind::List:
    case TypeKind::Dict:
    case TypeKind::Object: varint(uint64_t(v.word)); return;
    case TypeKind::Float32:
    case TypeKind::Set: // refused when saving (api/state.cpp)
    case TypeKind::Exception: break;
    }
    PYSCRIPT_UNREACHABLE("state: no bytes for a " + t.to_string());
  }

  void write_fields(const std::vector<Type>& fields, const StateValue& v) {
    PYSCRIPT_ASSERT(v.fields.size() == fields.size(), "state: a tuple of the wrong length");
    for (size_t i = 0; i < fields.size(); ++i) value(fields[i], v.fields[i]);
  }

  std::string run(const StateImage& image) {
    std::map<std::string, uint64_t> type_index;
    std::vector<std::string> types;
    for (const StateObject& o : image.objects)
      if (o.kind != StateObject::Kind::Instance && type_index.emplace(o.type.to_string(), types.size()).second)
        types.push_back(o.type.to_string());
    varint(types.size());
    for (const std::string& t : types) text(t);

    varint(image.arrays.size());
    for (const StateArray& a : image.arrays) {
      out_ += char(dtype_code(a.dtype));
      varint(a.shape.size());
      for (int64_t d : a.shape) varint(uint64_t(d));
      out_ += a.bytes;
    }
    varint(image.generators.size());
    for (const auto& g : image.generators) {
      varint(g.size());
      for (uint64_t w : g) fixed(w);
    }

    varint(image.objects.size());
    for (const StateObject& o : image.objects) {
      out_ += char(o.kind);
      if (o.kind == StateObject::Kind::Instance) {
        const ClassLayout* cls = class_of(m_, o.type.class_name());
        PYSCRIPT_ASSERT(cls, "state: an instance of an unknown class");
        varint(uint64_t(cls - m_.classes.data()));
        varint(o.items.size());
      } else {
        varint(type_index.at(o.type.to_string()));
        varint(o.kind == StateObject::Kind::Dict ? o.items.size() / 2 : o.items.size());
      }
    }
    for (const StateObject& o : image.objects) {
      if (o.kind == StateObject::Kind::Instance) {
        const ClassLayout* cls = class_of(m_, o.type.class_name());
        for (size_t i = 0; i < o.items.size(); ++i) value(cls->fields.at(i).second, o.items[i]);
      } else if (o.kind == StateObject::Kind::List) {
        for (const StateValue& v : o.items) value(o.type.elements()[0], v);
      } else {
        for (size_t i = 0; i < o.items.size(); ++i) value(o.type.elements()[i % 2], o.items[i]);
      }
    }

    varint(image.globals.size());
    for (const auto& [name, v] : image.globals) {
      text(name);
      const Global* g = nullptr;
      for (const Global& each : m_.globals)
        if (each.name == name) g = &each;
      PYSCRIPT_ASSERT(g, "state: a value for an unknown global " + name);
      value(g->type, v);
    }
    for (const auto* words : {&image.legacy_random, &image.py_random}) {
      varint(words->size());
      for (uint64_t w : *words) fixed(w);
    }
    fixed(uint64_t(image.recursion_limit));
    return std::move(out_);
  }

private:
  const Module& m_;
  std::string out_;
};

// --- reading ---

bool valid_utf8(const std::string& s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t more = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 0;
    if (!more || more >= n - i) return false;
    uint32_t cp = c & (0x3F >> more);
    for (size_t k = 1; k <= more; ++k) {
      auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    static constexpr uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += more + 1;
  }
  return true;
}

// A type that may be a dict's key: hashable, compared by value.
bool hashable(const Type& t) {
  if (t.is(TypeKind::Int) || t.is(TypeKind::Float) || t.is(TypeKind::Bool) || t.is(TypeKind::Str)) return true;
  if (!t.is(TypeKind::Tuple)) return false;
  for (const Type& e : t.elements())
    if (!hashable(e)) return false;
  return true;
}

class Reader {
public:
  Reader(const std::string& bytes, const Module& m) : in_(bytes), m_(m) {}

  // The message is one printable line whatever bytes the names in it hold.
  [[noreturn]] void fail(const std::string& what) const {
    std::string line;
    for (char c : what.substr(0, 200)) {
      auto u = static_cast<unsigned char>(c);
      if (u >= 0x20 && u < 0x7f) {
        line += c;
      } else {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", u);
        line += buf;
      }
    }
    throw StateError("malformed state: " + line + " (at byte " + std::to_string(pos_) + ")");
  }
  size_t left() const { return in_.size() - pos_; }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (!left()) fail("truncated");
      auto b = static_cast<uint8_t>(in_[pos_++]);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    fail("a number too long");
  }
  // A count of things each taking at least `each` bytes: within what is left.
  size_t count(size_t each = 1) {
    uint64_t n = varint();
    if (n > left() / each) fail("a count past the end");
    return size_t(n);
  }
  uint64_t fixed(int bytes = 8) {
    if (left() < size_t(bytes)) fail("truncated");
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint64_t(static_cast<uint8_t>(in_[pos_ + size_t(i)])) << (8 * i);
    pos_ += size_t(bytes);
    return v;
  }
  uint8_t byte() { return uint8_t(fixed(1)); }
  std::string text() {
    size_t n = count();
    std::string s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  size_t index(size_t size, const char* what) {
    uint64_t i = varint();
    if (i >= size) fail(std::string("a ") + what + " index out of range");
    return size_t(i);
  }

  // Whether a container of type `t` can be stored: every element type has a slot.
  void check_storable(const Type& t, int depth = 0) {
    if (depth > kMaxDepth) fail("a type nested too deeply");
    switch (t.kind()) {
    case TypeKind::Int:
    case TypeKind::Float:
    case TypeKind::Bool:
    case TypeKind::None:
    case TypeKind::Unknown:
    case TypeKind::Str:
    case TypeKind::Generator: return;
    case TypeKind::Array:
      if (t.rank() < 0 || t.rank() > kMaxRank) fail("an array type of rank " + std::to_string(t.rank()));
      return;
    case TypeKind::Object:
      if (!class_of(m_, t.class_name())) fail("an unknown class " + t.class_name());
      return;
    case TypeKind::Optional:
      if (t.is_optional_value()) return;
      if (!t.elements()[0].is(TypeKind::Object)) fail("an Optional of " + t.elements()[0].to_string());
      check_storable(t.elements()[0], depth + 1);
      return;
    case TypeKind::Dict:
      if (!hashable(t.elements()[0])) fail("a dict keyed by " + t.elements()[0].to_string());
      [[fallthrough]];
    case TypeKind::List:
    case TypeKind::Tuple:
      for (const Type& e : t.elements()) check_storable(e, depth + 1);
      return;
    default: fail("a container holding " + t.to_string());
    }
  }

  // Whether an object of type `object` may sit where a value of type `slot` goes: the same
  // layout (classes of objects inside may differ: each instance is checked where it is read).
  // (An empty display's element, Unknown, is laid out as None.)
  static bool fits(const Type& slot, const Type& object) {
    if (slot.is_object_ref() && object.is_object_ref()) return true;
    const Type& a = slot.is(TypeKind::Unknown) ? kNone : slot;
    const Type& b = object.is(TypeKind::Unknown) ? kNone : object;
    if (a.kind() != b.kind() || a.elements().size() != b.elements().size()) return false;
    if (a.elements().empty()) return a == b;
    for (size_t i = 0; i < a.elements().size(); ++i)
      if (!fits(a.elements()[i], b.elements()[i])) return false;
    return true;
  }
  static inline const Type kNone = Type::none();

  // The fewest bytes a value of `t` takes: a count of such values is bounded by what is left, or,
  // for values taking none (None, empty tuples), by kMaxEmpty.
  static size_t min_bytes(const Type& t) {
    switch (t.kind()) {
    case TypeKind::Int:
    case TypeKind::Float: return 8;
    case TypeKind::Array: return t.rank() > 0 ? 1 : size_t(dtype_bytes(t.dtype()));
    case TypeKind::Tuple:
    case TypeKind::Either: {
      size_t n = t.is(TypeKind::Either) ? 1 : 0;
      for (const Type& e : t.elements()) n += min_bytes(e);
      return n;
    }
    case TypeKind::Optional: return t.is_optional_value() ? 1 + min_bytes(t.elements()[0]) : 1;
    case TypeKind::None:
    case TypeKind::Unknown:
    case TypeKind::Function: return 0;
    default: return 1;
    }
  }
  size_t items(size_t each) {
    static constexpr uint64_t kMaxEmpty = uint64_t(1) << 20;
    if (each) return count(each);
    uint64_t n = varint();
    if (n > kMaxEmpty) fail("more than 2**20 values that take no bytes");
    return size_t(n);
  }

  StateValue value(const Type& t, int depth = 0) {
    if (depth > kMaxDepth) fail("a value nested too deeply");
    StateValue v;
    switch (t.kind()) {
    case TypeKind::Int:
    case TypeKind::Float: v.word = int64_t(fixed()); return v;
    case TypeKind::Bool: {
      uint8_t b = byte();
      if (b > 1) fail("a bool that is neither 0 nor 1");
      v.word = b;
      return v;
    }
    case TypeKind::None:
    case TypeKind::Unknown:
    case TypeKind::Function: return v;
    case TypeKind::Str:
      v.text = text();
      if (!valid_utf8(v.text)) fail("a str that is not UTF-8");
      return v;
    case TypeKind::Array:
      if (t.rank() == 0) {
        v.word = int64_t(fixed(int(dtype_bytes(t.dtype()))));
        if (t.dtype() == DType::Bool && v.word > 1) fail("a np.bool_ that is neither 0 nor 1");
        return v;
      } else {
        size_t i = index(image_.arrays.size(), "array");
        const StateArray& a = image_.arrays[i];
        if (a.dtype != t.dtype() || int(a.shape.size()) != t.rank())
          fail("an array where a " + t.to_string() + " goes");
        v.word = int64_t(i);
        return v;
      }
    case TypeKind::Tuple:
    case TypeKind::Either: {
      std::vector<Type> fields = t.elements();
      if (t.is(TypeKind::Either)) fields = {t.elements()[0], Type::bool_()};
      for (const Type& f : fields) v.fields.push_back(value(f, depth + 1));
      return v;
    }
    case TypeKind::Generator: v.word = int64_t(index(image_.generators.size(), "generator")); return v;
    case TypeKind::List:
    case TypeKind::Dict: {
      size_t i = index(image_.objects.size(), "object");
      const StateObject& o = image_.objects[i];
      bool kind_ok = o.kind == (t.is(TypeKind::List) ? StateObject::Kind::List : StateObject::Kind::Dict);
      if (!kind_ok || !fits(t, o.type)) fail("a " + o.type.to_string() + " where a " + t.to_string() + " goes");
      v.word = int64_t(i);
      return v;
    }
    case TypeKind::Object:
    case TypeKind::Optional: {
      if (t.is_optional_value()) { // {number, present} (Note [Optional numbers])
        v.fields.push_back(value(t.elements()[0], depth + 1));
        v.fields.push_back(value(Type::bool_(), depth + 1));
        return v;
      }
      uint64_t ref = varint();
      if (ref == 0) {
        if (!t.is(TypeKind::Optional)) fail("None where a " + t.to_string() + " goes");
        return v;
      }
      if (ref > image_.objects.size()) fail("an object index out of range");
      const StateObject& o = image_.objects[ref - 1];
      const std::string& want = t.is(TypeKind::Optional) ? t.elements()[0].class_name() : t.class_name();
      const ClassLayout* slot_cls = class_of(m_, want);
      const ClassLayout* cls = o.kind == StateObject::Kind::Instance ? class_of(m_, o.type.class_name()) : nullptr;
      if (!slot_cls || !cls || cls->id < slot_cls->id || cls->id >= slot_cls->id_end)
        fail("a " + o.type.to_string() + " where a " + t.to_string() + " goes");
      v.word = int64_t(ref);
      return v;
    }
    case TypeKind::Float32:
    case TypeKind::Set:
    case TypeKind::Exception: break;
    }
    fail("a value of type " + t.to_string());
  }

  StateImage run() {
    std::vector<Type> types(count());
    for (Type& t : types) {
      std::string s = text();
      int depth = 0, deepest = 0;
      for (char c : s) deepest = std::max(deepest, depth += c == '[' ? 1 : c == ']' ? -1 : 0);
      if (deepest > kMaxDepth) fail("a type nested too deeply");
      try {
        t = parse_type_text(s);
      } catch (const IrParseError& e) {
        fail(std::string("a type that does not parse: ") + e.what());
      }
      if (!t.is(TypeKind::List) && !t.is(TypeKind::Dict)) fail("an object of type " + t.to_string());
      check_storable(t);
    }

    image_.arrays.resize(count());
    for (StateArray& a : image_.arrays) {
      uint8_t code = byte();
      if (code > 3) fail("an unknown dtype");
      static constexpr DType kDTypes[] = {DType::Float32, DType::Float64, DType::Int64, DType::Bool};
      a.dtype = kDTypes[code];
      size_t rank = count();
      if (rank < 1 || rank > size_t(kMaxRank)) fail("an array of rank " + std::to_string(rank));
      uint64_t size = 1;
      for (size_t d = 0; d < rank; ++d) {
        uint64_t dim = varint();
        // Every element takes at least a byte: the product stays within what is left.
        if (dim > left() || (dim && size > left() / dim)) fail("an array larger than the state");
        size *= dim;
        a.shape.push_back(int64_t(dim));
      }
      uint64_t bytes = size * uint64_t(dtype_bytes(a.dtype));
      if (bytes > left()) fail("an array past the end");
      a.bytes = in_.substr(pos_, size_t(bytes));
      pos_ += size_t(bytes);
      if (a.dtype == DType::Bool)
        for (char c : a.bytes)
          if (static_cast<uint8_t>(c) > 1) fail("a bool array element that is neither 0 nor 1");
    }
    image_.generators.resize(count());
    for (auto& g : image_.generators) {
      g.resize(count(8));
      for (uint64_t& w : g) w = fixed();
    }

    image_.objects.resize(count(3));
    std::vector<size_t> counts;
    for (StateObject& o : image_.objects) {
      uint8_t kind = byte();
      if (kind < 1 || kind > 3) fail("an unknown kind of object");
      o.kind = StateObject::Kind(kind);
      size_t n;
      if (o.kind == StateObject::Kind::Instance) {
        size_t cls = index(m_.classes.size(), "class");
        o.type = Type::object(m_.classes[cls].name);
        uint64_t fields = varint();
        n = m_.classes[cls].fields.size();
        if (fields != n) fail("an instance of " + m_.classes[cls].name + " with " +
                                                          std::to_string(fields) + " fields");
        for (const auto& field : m_.classes[cls].fields)
          if (field.second.is(TypeKind::Float32) || field.second.is(TypeKind::Either)) fail("a field of type " + field.second.to_string());
      } else {
        o.type = types[index(types.size(), "type")];
        if ((o.kind == StateObject::Kind::List) != o.type.is(TypeKind::List)) fail("an object of the wrong kind");
        size_t each = 0;
        for (const Type& e : o.type.elements()) each += min_bytes(e);
        n = items(each);
        if (n && o.type.elements()[0].is(TypeKind::Unknown)) fail("elements in an empty display's list");
      }
      counts.push_back(n);
    }
    for (size_t k = 0; k < image_.objects.size(); ++k) {
      StateObject& o = image_.objects[k];
      size_t n = counts[k];
      if (o.kind == StateObject::Kind::Instance) {
        const ClassLayout* cls = class_of(m_, o.type.class_name());
        for (size_t i = 0; i < n; ++i) o.items.push_back(value(cls->fields[i].second));
      } else if (o.kind == StateObject::Kind::List) {
        Type element = o.type.elements()[0];
        for (size_t i = 0; i < n; ++i) o.items.push_back(value(element));
      } else {
        Type key = o.type.elements()[0], val = o.type.elements()[1];
        for (size_t i = 0; i < n; ++i) {
          o.items.push_back(value(key));
          o.items.push_back(value(val));
        }
      }
    }

    size_t globals = count();
    std::set<std::string> seen;
    for (size_t i = 0; i < globals; ++i) {
      std::string name = text();
      const Global* g = nullptr;
      for (const Global& each : m_.globals)
        if (each.name == name) g = &each;
      if (!g) fail("a value for '" + name + "', which the module has no global of");
      if (!seen.insert(name).second) fail("'" + name + "' twice");
      image_.globals.push_back({name, value(g->type)});
    }
    for (auto* words : {&image_.legacy_random, &image_.py_random}) {
      words->resize(count(8));
      for (uint64_t& w : *words) w = fixed();
    }
    image_.recursion_limit = int64_t(fixed());
    if (image_.recursion_limit < 1 || image_.recursion_limit > (int64_t(1) << 30)) fail("a recursion limit out of range");
    if (left()) fail("bytes after the end");
    return std::move(image_);
  }

private:
  const std::string& in_;
  size_t pos_ = 0;
  const Module& m_;
  StateImage image_;
};

} // namespace

std::string encode_state(const StateImage& image, const Module& m) { return Writer(m).run(image); }

StateImage decode_state(const std::string& bytes, const Module& m) { return Reader(bytes, m).run(); }

} // namespace pyscript::ir
