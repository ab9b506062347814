// The runtime's str functions (include/pyscript/runtime_str.def) against CPython 3.11's results,
// byte for byte: tests/runtime_str_cases.inc holds the inputs and what CPython answered
// (tests/runtime_str_cases.py). Every result is checked for a count of 1 (or immortal, for the
// one-character ASCII strings), a consistent code point length and a terminating NUL.
#include <doctest/doctest.h>

#include "pyscript/runtime.h"
#include "runtime/object_internal.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// What runtime/list.cpp, dict.cpp and value.cpp provide once they exist; weak, so that theirs win
// when linked. This test uses no containers but the lists split() makes.
namespace pyscript::runtime {
__attribute__((weak)) void destroy_list(pyrt_list* l) {
  auto** items = reinterpret_cast<pyrt_str**>(l->data);
  for (int64_t k = 0; k < l->length; ++k)
    pyrt_object_release(&items[k]->head);
  std::free(l->data);
  std::free(l);
}
__attribute__((weak)) void destroy_dict(pyrt_dict*) {}
__attribute__((weak)) void share_list(pyrt_list*) {}
__attribute__((weak)) void share_dict(pyrt_dict*) {}
} // namespace pyscript::runtime

extern "C" {
__attribute__((weak)) pyrt_str* pyrt_value_str(pyrt_context*, const pyrt_type*, const void*) {
  return nullptr;
}
__attribute__((weak)) pyrt_str* pyrt_value_repr(pyrt_context*, const pyrt_type*, const void*) {
  return nullptr;
}
}

namespace {

struct IndexCase {
  const char* s;
  int64_t i;
  const char *expected, *error;
};
struct SliceCase {
  const char* s;
  int64_t start, stop, step;
  int32_t has;
  const char *expected, *error;
};
struct FindCase {
  const char *s, *sub;
  int64_t start, end;
  int32_t has;
  int64_t expected;
};
struct SearchCase {
  const char *s, *sub;
  int64_t count;
  int contains, starts, ends;
};
struct ReplaceCase {
  const char *s, *old, *with;
  int64_t count;
  const char* expected;
};
struct SplitCase {
  const char *s, *sep;
  int64_t maxsplit;
  const char *expected, *error; // expected: repr of the list
};
struct JoinCase {
  const char* sep;
  int n;
  const char* parts[4];
  const char* expected;
};
struct StripCase {
  const char *s, *chars, *both, *left, *right;
};
struct CaseCase {
  const char *s, *upper, *lower;
};
struct IsCase {
  const char* s;
  int mask; // bit k: pyrt_str_is(s, k)
};
struct ConvertCase {
  const char *s, *expected, *error;
};
struct FloatReprCase {
  double v;
  const char* expected;
};
struct ReprCase {
  const char *s, *expected;
};
struct FormatIntCase {
  int64_t v;
  const char *spec, *expected;
};
struct FormatFloatCase {
  double v;
  const char *spec, *expected;
};
struct FormatStrCase {
  const char *v, *spec, *expected;
};
struct PercentCase {
  const char *fmt, *args, *expected,
      *error; // args: fields separated by \037 (i42, f1.5, sabc, b1, n)
};

#include "tests/runtime_str_cases.inc"

const pyrt_type kInt{PYRT_K_INT, 0, 8, 8, nullptr, nullptr};
const pyrt_type kFloat{PYRT_K_FLOAT, 0, 8, 8, nullptr, nullptr};
const pyrt_type kBool{PYRT_K_BOOL, 0, 1, 1, nullptr, nullptr};
const pyrt_type kNone{PYRT_K_NONE, 0, 1, 1, nullptr, nullptr};
const pyrt_type kStr{PYRT_K_STR, 0, 8, 8, nullptr, nullptr};
const pyrt_type* const kListItems[] = {&kStr};
const pyrt_type kStrList{PYRT_K_LIST, 1, 8, 8, kListItems, nullptr};

pyrt_str* S(const char* text) {
  return pyrt_str_new(text, int64_t(std::strlen(text)));
}

// A C string for CAPTURE (doctest shows a const char* as its address).
std::string text_of(const char* s) {
  return s ? s : "(null)";
}

void release(pyrt_str* s) {
  pyrt_object_release(&s->head);
}

// The text of a result, which is released; checks its header.
std::string take(pyrt_str* r, bool may_be_immortal = false) {
  REQUIRE(r != nullptr);
  CHECK(r->head.kind == PYRT_OBJ_STR);
  if (may_be_immortal && r->head.refcount < 0)
    CHECK(r->size == 1);
  else
    CHECK(r->head.refcount == 1);
  CHECK(r->length == pyscript::runtime::utf8_length(r->data, r->size));
  CHECK(r->data[r->size] == '\0');
  std::string text(r->data, size_t(r->size));
  release(r);
  return text;
}

// A context that reports its error as CPython prints it ("ValueError: empty separator").
struct Context {
  pyrt_context c{};
  Context() { c.out = nullptr; }
  std::string error() {
    if (!c.failed) return "";
    std::string e = pyrt_error_text(c.kind);
    if (c.detail) e += std::string(": ") + c.detail;
    pyrt_clear_error(&c);
    return e;
  }
};

// The args tuple of `fmt % args`, laid out as LLVM lays out a struct of its fields.
struct TupleArgs {
  std::vector<const pyrt_type*> items;
  std::vector<int64_t> offsets;
  std::vector<pyrt_str*> strs;
  alignas(8) unsigned char data[512] = {};
  pyrt_type type{};

  explicit TupleArgs(const std::string& encoded) {
    int64_t size = 0;
    auto place = [&](const pyrt_type* t, const void* value) {
      size = (size + t->align - 1) / t->align * t->align;
      items.push_back(t);
      offsets.push_back(size);
      std::memcpy(data + size, value, size_t(t->size));
      size += t->size;
    };
    for (size_t begin = 0; begin < encoded.size();) {
      size_t end = encoded.find('\037', begin);
      if (end == std::string::npos) end = encoded.size();
      std::string field = encoded.substr(begin + 1, end - begin - 1);
      switch (encoded[begin]) {
      case 'i': {
        int64_t v = std::strtoll(field.c_str(), nullptr, 10);
        place(&kInt, &v);
        break;
      }
      case 'f': {
        double v = std::strtod(field.c_str(), nullptr);
        place(&kFloat, &v);
        break;
      }
      case 'b': {
        int8_t v = int8_t(field == "True" || field == "1");
        place(&kBool, &v);
        break;
      }
      case 's': {
        pyrt_str* s = S(field.c_str());
        strs.push_back(s);
        place(&kStr, &s);
        break;
      }
      default: {
        int8_t v = 0;
        place(&kNone, &v);
      }
      }
      begin = end + 1;
    }
    type = pyrt_type{PYRT_K_TUPLE, int32_t(items.size()), (size + 7) / 8 * 8, 8,
                     items.data(), offsets.data()};
  }
  ~TupleArgs() {
    for (pyrt_str* s : strs)
      release(s);
  }
};

std::string list_repr(pyrt_list* l) {
  std::string out = "[";
  auto** items = reinterpret_cast<pyrt_str**>(l->data);
  for (int64_t k = 0; k < l->length; ++k) {
    if (k) out += ", ";
    CHECK(items[k]->head.refcount == 1);
    out += take(pyrt_str_repr(items[k]));
  }
  return out + "]";
}

} // namespace

TEST_CASE("str: concatenation and repetition") {
  Context ctx;
  pyrt_str *a = S("naïve"), *b = S(" é😀"), *e = S("");
  CHECK(take(pyrt_str_concat(&ctx.c, a, b, "t")) == "naïve é😀");
  CHECK(take(pyrt_str_concat(&ctx.c, e, e, "t")) == "");
  CHECK(take(pyrt_str_repeat(&ctx.c, b, 3, "t")) == " é😀 é😀 é😀");
  CHECK(take(pyrt_str_repeat(&ctx.c, a, 1, "t")) == "naïve");
  CHECK(take(pyrt_str_repeat(&ctx.c, a, 0, "t")) == "");
  CHECK(take(pyrt_str_repeat(&ctx.c, a, -5, "t")) == "");
  CHECK(take(pyrt_str_repeat(&ctx.c, e, 1000, "t")) == "");
  CHECK(pyrt_str_repeat(&ctx.c, a, INT64_MAX, "t") == nullptr);
  CHECK(ctx.error() == "OverflowError: repeated string is too long");
  pyrt_str* parts[] = {a, e, b, a};
  CHECK(take(pyrt_str_build(&ctx.c, 4, parts, "t")) == "naïve é😀naïve");
  CHECK(take(pyrt_str_build(&ctx.c, 0, parts, "t")) == "");
  for (pyrt_str* s : {a, b, e})
    CHECK(s->head.refcount == 1);
  release(a);
  release(b);
  release(e);
}

TEST_CASE("str: indexing and slicing by code points") {
  Context ctx;
  for (const IndexCase& t : kIndexCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    CAPTURE(t.i);
    pyrt_str* s = S(t.s);
    pyrt_str* r = pyrt_str_index(&ctx.c, s, t.i, "t");
    if (t.expected)
      CHECK(take(r, true) == t.expected);
    else
      CHECK((r == nullptr && ctx.error() == t.error));
    release(s);
  }
  for (const SliceCase& t : kSliceCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    CAPTURE(t.start);
    CAPTURE(t.stop);
    CAPTURE(t.step);
    CAPTURE(t.has);
    pyrt_str* s = S(t.s);
    pyrt_str* r = pyrt_str_slice(&ctx.c, s, t.start, t.stop, t.step, t.has, "t");
    if (t.expected)
      CHECK(take(r) == t.expected);
    else
      CHECK((r == nullptr && ctx.error() == t.error));
    release(s);
  }
}

TEST_CASE("str: iterating over code points") {
  for (const char* text : {"", "hello", "naïve", "a😀b😀c", "中文字符", "Привет"}) {
    const std::string text_ = text;
    CAPTURE(text_);
    pyrt_str* s = S(text);
    std::string joined;
    int64_t count = 0;
    for (int64_t pos = 0; pos < s->size; ++count) {
      pyrt_str* ch = pyrt_str_next_char(s, &pos);
      REQUIRE(ch != nullptr);
      CHECK(ch->length == 1);
      CHECK((ch->head.refcount < 0) == (ch->size == 1)); // ASCII characters are immortal
      joined += take(ch, true);
    }
    CHECK(joined == text);
    CHECK(count == s->length);
    int64_t end = s->size;
    CHECK(pyrt_str_next_char(s, &end) == nullptr);
    release(s);
  }
}

TEST_CASE("str: equality, order and hashing") {
  pyrt_str *a = S("naïve"), *b = S("naïve"), *c = S("naive"), *e = S("");
  CHECK(pyrt_str_eq(a, b));
  CHECK(!pyrt_str_eq(a, c));
  CHECK(pyrt_str_hash(a) == pyrt_str_hash(b));
  CHECK(a->hash == pyrt_str_hash(a));
  CHECK(pyrt_str_hash(a) != pyrt_str_hash(c));
  CHECK(pyrt_str_hash(e) != -1);
  CHECK(pyrt_str_eq(a, b)); // with both hashes known
  CHECK(!pyrt_str_eq(a, c));
  struct Order {
    const char *x, *y;
    int expected;
  };
  // UTF-8's byte order is the code point order CPython compares by.
  for (const Order& o :
       {Order{"a", "b", -1}, Order{"abc", "ab", 1}, Order{"é", "z", 1}, Order{"😀", "中", 1},
        Order{"", "", 0}, Order{"naïve", "naïve", 0}, Order{"\uffff", "😀", -1}, Order{"", "a", -1},
        Order{"Z", "a", -1}, Order{"ab", "abc", -1}}) {
    pyrt_str *x = S(o.x), *y = S(o.y);
    CHECK(pyrt_str_compare(x, y) == o.expected);
    CHECK(pyrt_str_compare(y, x) == -o.expected);
    release(x);
    release(y);
  }
  // s[i] of an ASCII string is an immortal constant, with the hash any equal str has.
  Context ctx;
  pyrt_str* q = pyrt_str_index(&ctx.c, c, 0, "t");
  pyrt_str* n = S("n");
  CHECK(q->head.refcount < 0);
  CHECK(pyrt_str_eq(q, n));
  CHECK(pyrt_str_hash(q) == pyrt_str_hash(n));
  for (pyrt_str* s : {a, b, c, e, n})
    release(s);
}

TEST_CASE("str: find, count, in, startswith, endswith") {
  for (const FindCase& t : kFindCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    const std::string sub_text = text_of(t.sub);
    CAPTURE(sub_text);
    CAPTURE(t.start);
    CAPTURE(t.end);
    pyrt_str *s = S(t.s), *sub = S(t.sub);
    CHECK(pyrt_str_find(s, sub, t.start, t.end, t.has) == t.expected);
    release(s);
    release(sub);
  }
  for (const SearchCase& t : kSearchCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    const std::string sub_text = text_of(t.sub);
    CAPTURE(sub_text);
    pyrt_str *s = S(t.s), *sub = S(t.sub);
    CHECK(pyrt_str_count(s, sub) == t.count);
    CHECK(pyrt_str_contains(s, sub) == t.contains);
    CHECK(pyrt_str_startswith(s, sub) == t.starts);
    CHECK(pyrt_str_endswith(s, sub) == t.ends);
    release(s);
    release(sub);
  }
}

TEST_CASE("str: replace, split and join") {
  Context ctx;
  for (const ReplaceCase& t : kReplaceCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    const std::string old_text = text_of(t.old);
    CAPTURE(old_text);
    CAPTURE(t.count);
    pyrt_str *s = S(t.s), *old = S(t.old), *with = S(t.with);
    CHECK(take(pyrt_str_replace(&ctx.c, s, old, with, t.count, "t")) == t.expected);
    for (pyrt_str* x : {s, old, with})
      release(x);
  }
  for (const SplitCase& t : kSplitCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    const std::string sep_text = text_of(t.sep);
    CAPTURE(sep_text);
    CAPTURE(t.maxsplit);
    pyrt_str *s = S(t.s), *sep = t.sep ? S(t.sep) : nullptr;
    pyrt_list* l = pyrt_str_split(&ctx.c, s, sep, t.maxsplit, &kStrList, "t");
    if (t.expected) {
      REQUIRE(l != nullptr);
      CHECK(l->head.refcount == 1);
      CHECK(l->head.kind == PYRT_OBJ_LIST);
      CHECK(l->type == &kStrList);
      CHECK(l->capacity >= l->length);
      CHECK(list_repr(l) == t.expected);
      pyrt_object_release(&l->head);
    } else {
      CHECK((l == nullptr && ctx.error() == t.error));
    }
    release(s);
    if (sep) release(sep);
  }
  for (const JoinCase& t : kJoinCases) {
    const std::string sep_text = text_of(t.sep);
    CAPTURE(sep_text);
    std::vector<pyrt_str*> parts;
    for (int k = 0; k < t.n; ++k)
      parts.push_back(S(t.parts[k]));
    pyrt_list l{};
    l.head = pyrt_object{-1, 0, PYRT_OBJ_LIST};
    l.length = l.capacity = t.n;
    l.data = reinterpret_cast<char*>(parts.data());
    l.type = &kStrList;
    pyrt_str* sep = S(t.sep);
    CHECK(take(pyrt_str_join(&ctx.c, sep, &l, "t")) == t.expected);
    release(sep);
    for (pyrt_str* p : parts)
      release(p);
  }
}

TEST_CASE("str: strip, upper, lower, isdigit..islower") {
  for (const StripCase& t : kStripCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    const std::string chars_text = text_of(t.chars);
    CAPTURE(chars_text);
    pyrt_str *s = S(t.s), *chars = t.chars ? S(t.chars) : nullptr;
    CHECK(take(pyrt_str_strip(s, 0, chars)) == t.both);
    CHECK(take(pyrt_str_strip(s, 1, chars)) == t.left);
    CHECK(take(pyrt_str_strip(s, 2, chars)) == t.right);
    release(s);
    if (chars) release(chars);
  }
  for (const CaseCase& t : kCaseCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    pyrt_str* s = S(t.s);
    CHECK(take(pyrt_str_case(s, 0)) == t.upper);
    CHECK(take(pyrt_str_case(s, 1)) == t.lower);
    release(s);
  }
  for (const IsCase& t : kIsCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    pyrt_str* s = S(t.s);
    for (int k = 0; k < 6; ++k) {
      CAPTURE(k);
      CHECK(pyrt_str_is(s, k) == ((t.mask >> k) & 1));
    }
    release(s);
  }
}

TEST_CASE("str: every code point of Latin, Greek and Cyrillic maps and classifies as CPython's") {
  pyrt_str* block = S(kBlock);
  CHECK(take(pyrt_str_case(block, 0)) == kBlockUpper);
  CHECK(take(pyrt_str_case(block, 1)) == kBlockLower);
  const char* expected[] = {kBlockDigit, kBlockAlpha,   kBlockSpace,
                            kBlockAlnum, kBlockIsUpper, kBlockIsLower};
  for (int k = 0; k < 6; ++k) {
    CAPTURE(k);
    std::string got;
    for (int64_t pos = 0; pos < block->size;) {
      pyrt_str* ch = pyrt_str_next_char(block, &pos);
      got += pyrt_str_is(ch, k) ? '1' : '0';
      release(ch);
    }
    CHECK(got == expected[k]);
  }
  release(block);
}

TEST_CASE("str: ord and chr") {
  Context ctx;
  struct Pair {
    const char* s;
    int64_t code;
  };
  for (const Pair& p : {Pair{"a", 97}, Pair{"é", 233}, Pair{"€", 8364}, Pair{"😀", 0x1F600},
                        Pair{"\x7f", 127}, Pair{"\u07ff", 0x7FF}, Pair{"\U0010ffff", 0x10FFFF}}) {
    pyrt_str* s = S(p.s);
    CHECK(pyrt_str_ord(&ctx.c, s, "t") == p.code);
    CHECK(take(pyrt_str_chr(&ctx.c, p.code, "t")) == p.s);
    release(s);
  }
  for (const char* bad : {"abc", "", "é😀"}) {
    pyrt_str* s = S(bad);
    pyrt_str_ord(&ctx.c, s, "t");
    CHECK(ctx.error() == "TypeError: ord() expected a character, but string of length " +
                             std::to_string(s->length) + " found");
    release(s);
  }
  for (int64_t code : {int64_t(-1), int64_t(0x110000), INT64_MIN}) {
    CHECK(pyrt_str_chr(&ctx.c, code, "t") == nullptr);
    CHECK(ctx.error() == "ValueError: chr() arg not in range(0x110000)");
  }
  CHECK(take(pyrt_str_chr(&ctx.c, 0, "t")) == std::string(1, '\0'));
}

TEST_CASE("str: int() and float() of a str") {
  Context ctx;
  for (const ConvertCase& t : kIntCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    pyrt_str* s = S(t.s);
    int64_t v = pyrt_str_to_int(&ctx.c, s, "t");
    if (t.expected)
      CHECK((!ctx.c.failed && std::to_string(v) == t.expected));
    else
      CHECK(ctx.error() == t.error);
    release(s);
  }
  for (const ConvertCase& t : kFloatCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    pyrt_str* s = S(t.s);
    double v = pyrt_str_to_float(&ctx.c, s, "t");
    if (t.expected)
      CHECK((!ctx.c.failed && take(pyrt_str_from_float(v)) == t.expected));
    else
      CHECK(ctx.error() == t.error);
    release(s);
  }
}

TEST_CASE("str: str() of numbers and repr() of str") {
  CHECK(take(pyrt_str_from_int(0)) == "0");
  CHECK(take(pyrt_str_from_int(-42)) == "-42");
  CHECK(take(pyrt_str_from_int(INT64_MIN)) == "-9223372036854775808");
  CHECK(take(pyrt_str_from_int(INT64_MAX)) == "9223372036854775807");
  CHECK(take(pyrt_str_from_bool(1)) == "True");
  CHECK(take(pyrt_str_from_bool(0)) == "False");
  for (const FloatReprCase& t : kFloatReprs) {
    const std::string expected_text = text_of(t.expected);
    CAPTURE(expected_text);
    CHECK(take(pyrt_str_from_float(t.v)) == t.expected);
  }
  for (const ReprCase& t : kReprCases) {
    const std::string s_text = text_of(t.s);
    CAPTURE(s_text);
    pyrt_str* s = S(t.s);
    CHECK(take(pyrt_str_repr(s)) == t.expected);
    release(s);
  }
}

TEST_CASE("str: NUL characters inside a str") {
  Context ctx;
  pyrt_str* s = pyrt_str_new("\0a\0", 3);
  CHECK(take(pyrt_str_repr(s)) == "'\\x00a\\x00'");
  CHECK(take(pyrt_str_case(s, 0)) == std::string("\0A\0", 3));
  pyrt_str* f = pyrt_str_new("1.5\0", 4);
  pyrt_str_to_float(&ctx.c, f, "t");
  CHECK(ctx.error() == "ValueError: could not convert string to float: '1.5\\x00'");
  pyrt_str_to_int(&ctx.c, f, "t");
  CHECK(ctx.error() == "ValueError: invalid literal for int() with base 10: '1.5\\x00'");
  release(f);
  release(s);
}

TEST_CASE("str: format(v, spec)") {
  Context ctx;
  for (const FormatIntCase& t : kFormatInts) {
    CAPTURE(t.v);
    const std::string spec_text = text_of(t.spec);
    CAPTURE(spec_text);
    CHECK(take(pyrt_str_format_int(&ctx.c, t.v, t.spec, "t")) == t.expected);
  }
  for (const FormatFloatCase& t : kFormatFloats) {
    CAPTURE(t.v);
    const std::string spec_text = text_of(t.spec);
    CAPTURE(spec_text);
    CHECK(take(pyrt_str_format_float(&ctx.c, t.v, t.spec, "t")) == t.expected);
  }
  for (const FormatStrCase& t : kFormatStrs) {
    const std::string v_text = text_of(t.v);
    CAPTURE(v_text);
    const std::string spec_text = text_of(t.spec);
    CAPTURE(spec_text);
    pyrt_str* v = S(t.v);
    CHECK(take(pyrt_str_format_str(&ctx.c, v, t.spec, "t")) == t.expected);
    release(v);
  }
  pyrt_str* v = S("x");
  CHECK(pyrt_str_format_str(&ctx.c, v, "+", "t") == nullptr);
  CHECK(ctx.error() == "ValueError: Sign not allowed in string format specifier");
  release(v);
}

TEST_CASE("str: printf-style formatting (fmt % args)") {
  Context ctx;
  for (const PercentCase& t : kPercentCases) {
    const std::string fmt_text = text_of(t.fmt);
    CAPTURE(fmt_text);
    const std::string args_text = text_of(t.args);
    CAPTURE(args_text);
    TupleArgs args(t.args);
    pyrt_str* fmt = S(t.fmt);
    pyrt_str* r = pyrt_str_percent(&ctx.c, fmt, &args.type, args.data, "t");
    if (t.expected)
      CHECK(take(r) == t.expected);
    else
      CHECK((r == nullptr && ctx.error() == t.error));
    release(fmt);
  }
}

TEST_CASE("str: print writes every byte, NUL included") {
  Context ctx;
  char* buffer = nullptr;
  size_t size = 0;
  ctx.c.out = open_memstream(&buffer, &size);
  pyrt_str* s = pyrt_str_new("a\0é", 4);
  CHECK(s->length == 3);
  pyrt_print_pystr(&ctx.c, s);
  std::fclose(ctx.c.out);
  CHECK(std::string(buffer, size) == std::string("a\0é", 4));
  std::free(buffer);
  release(s);
}
