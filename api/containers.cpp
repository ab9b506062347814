// str and list values across the host API (include/pyscript/host_values.hpp): slot types built on
// the host side, new objects for arguments, and the type codes' static types and names.
#include "api/host_types.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>

// Note [Host containers]
// A std::string or std::vector<T> argument crosses as a new pyrt_str / pyrt_list made for that
// call (SPEC.md: lists cross as copies, in either direction): detail::Passed builds it before the
// call and releases it after, whatever the call did. The compiled function borrows its arguments
// (Note [Array ownership]); what keeps the list alive past the call (a result that is the list
// itself, a container the function stores it in) took its own reference, so the host's release
// never frees what compiled code still holds. Mutations inside the function (append, item
// assignment) change that copy only, never the host's vector. A str or list result is a new
// reference: the handle copies it into the C++ value and releases it.
//
// A list's elements sit in slots described by a pyrt_type (Note [Object layout]); compiled code
// reads them through the static type it was specialized for, so the list only needs a descriptor
// with the same layout as codegen's own "pyrt.type.<type>" constant (FunctionEmitter::type_info):
// int and float 8 bytes, bool 1 byte, str and list a pointer. The runtime never compares
// descriptors by address. Descriptors are made here once per type code and never freed, so the
// lists built with them may outlive any module.
//
// Each call builds its own objects, unshared (plainly counted): two threads calling one handle
// with lists at once share nothing but the descriptors, which are immutable once published.

namespace pyscript::detail {
namespace {

struct Descriptor {
  pyrt_type type{};
  const pyrt_type* items[1] = {nullptr};
};

const pyrt_type* make_slot_type(const std::string& codes, size_t& pos,
                                std::map<std::string, std::unique_ptr<Descriptor>>& table) {
  size_t start = pos;
  char c = pos < codes.size() ? codes[pos++] : '?';
  if (std::string("ifbsl").find(c) == std::string::npos)
    throw std::logic_error("pyscript: no slot type for the type code '" + codes + "'");
  const pyrt_type* element = nullptr;
  if (c == 'l') element = make_slot_type(codes, pos, table);
  std::string key = codes.substr(start, pos - start);
  auto& d = table[key];
  if (d) return &d->type;
  d = std::make_unique<Descriptor>();
  switch (c) {
  case 'i':
    d->type = {PYRT_K_INT, 0, 8, 8, nullptr, nullptr};
    break;
  case 'f':
    d->type = {PYRT_K_FLOAT, 0, 8, 8, nullptr, nullptr};
    break;
  case 'b':
    d->type = {PYRT_K_BOOL, 0, 1, 1, nullptr, nullptr};
    break;
  case 's':
    d->type = {PYRT_K_STR, 0, sizeof(void*), alignof(void*), nullptr, nullptr};
    break;
  case 'l':
    d->items[0] = element;
    d->type = {PYRT_K_LIST, 1, sizeof(void*), alignof(void*), d->items, nullptr};
    break;
  }
  return &d->type;
}

bool valid_utf8(const std::string& s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t more;
    uint32_t cp;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      more = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      more = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      more = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (more >= n - i) return false; // truncated
    for (size_t k = 1; k <= more; ++k) {
      auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    static constexpr uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += more + 1;
  }
  return true;
}

std::string cpp_name_of_codes(const std::string& codes, size_t& pos) {
  char c = pos < codes.size() ? codes[pos++] : '?';
  switch (c) {
  case 'i':
    return "int64_t";
  case 'f':
    return "double";
  case 'b':
    return "bool";
  case 's':
    return "std::string";
  case 't':
    return "Tensor";
  case 'n':
    return "void";
  case 'l':
    return "std::vector<" + cpp_name_of_codes(codes, pos) + ">";
  default:
    return "?";
  }
}

ir::Type type_of_codes(const std::string& codes, size_t& pos) {
  char c = pos < codes.size() ? codes[pos++] : '?';
  switch (c) {
  case 'i':
    return ir::Type::int_();
  case 'f':
    return ir::Type::float_();
  case 'b':
    return ir::Type::bool_();
  case 's':
    return ir::Type::str();
  case 'l':
    return ir::Type::list(type_of_codes(codes, pos));
  default:
    return ir::Type::none();
  }
}

} // namespace

const pyrt_type* slot_type(const std::string& codes) {
  static std::mutex mutex;
  // Never destroyed: lists made with these descriptors may be freed during static destruction.
  static auto* table = new std::map<std::string, std::unique_ptr<Descriptor>>();
  std::lock_guard lock(mutex);
  size_t pos = 0;
  const pyrt_type* t = make_slot_type(codes, pos, *table);
  if (pos != codes.size())
    throw std::logic_error("pyscript: a malformed type code '" + codes + "'");
  return t;
}

pyrt_str* new_str(const std::string& s) {
  if (!valid_utf8(s))
    throw std::invalid_argument("pyscript: a std::string passed as str is not valid UTF-8");
  pyrt_str* str = pyrt_str_new(s.data(), int64_t(s.size()));
  if (!str) throw std::bad_alloc();
  return str;
}

pyrt_list* new_list(const pyrt_type* list_type, size_t length) {
  pyrt_context ctx{};
  pyrt_list* l = pyrt_list_new(&ctx, list_type, int64_t(length), "<host>");
  if (!l) throw std::bad_alloc();
  return l;
}

void release(void* object) {
  pyrt_object_release(static_cast<pyrt_object*>(object));
}

std::vector<std::string> split_codes(const std::string& codes) {
  std::vector<std::string> out;
  for (size_t pos = 0; pos < codes.size();) {
    size_t start = pos;
    while (pos < codes.size() && codes[pos] == 'l')
      ++pos;
    ++pos;
    out.push_back(codes.substr(start, pos - start));
  }
  return out;
}

std::string cpp_name(const std::string& codes) {
  size_t pos = 0;
  return cpp_name_of_codes(codes, pos);
}

ir::Type ir_type(const std::string& codes) {
  size_t pos = 0;
  return type_of_codes(codes, pos);
}

std::string cpp_name(const ir::Type& t) {
  switch (t.kind()) {
  case ir::TypeKind::Int:
    return "int64_t";
  case ir::TypeKind::Float:
    return "double";
  case ir::TypeKind::Bool:
    return "bool";
  case ir::TypeKind::None:
    return "void";
  case ir::TypeKind::Str:
    return "std::string";
  case ir::TypeKind::Array:
    return "pyscript::Tensor";
  case ir::TypeKind::Either:
    return cpp_name(t.elements()[0]);
  case ir::TypeKind::List: {
    std::string element = cpp_name(t.elements()[0]);
    if (element.front() == '(' || element == "void")
      return "(a type the host API cannot receive yet)";
    return "std::vector<" + element + ">";
  }
  default:
    return "(a type the host API cannot receive yet)";
  }
}

namespace {

// A list's elements are read by their slot types: an element must be exactly the type.
bool element_fits(const std::string& codes, const ir::Type& got) {
  if (codes.front() == 'l' && got.is(ir::TypeKind::List)) {
    // An empty display's element type (Note [Empty containers]): the list is always empty.
    const ir::Type& element = got.elements()[0];
    return element.is(ir::TypeKind::Unknown) || element_fits(codes.substr(1), element);
  }
  return ir_type(codes) == got;
}

} // namespace

bool result_fits(const std::string& codes, const ir::Type& returns) {
  // An Either result (a Python number or its numpy scalar: Note [Python and numpy scalars meet])
  // reaches the host as the number.
  const ir::Type& got = returns.is(ir::TypeKind::Either) ? returns.elements()[0] : returns;
  if (codes == "t") return got.is(ir::TypeKind::Array);
  return element_fits(codes, got);
}

} // namespace pyscript::detail
