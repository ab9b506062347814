// The runtime's values, lists and dicts (runtime/value.cpp, list.cpp, dict.cpp) through their C
// interface, on slot types built by hand. Every expected text and error message is what CPython
// 3.11 (and numpy 1.24 for numpy scalars and arrays) prints for the same values.
#include "pyscript/runtime.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

namespace {

// ---- slot types ----
const pyrt_type kNone{PYRT_K_NONE, 0, 1, 1, nullptr, nullptr};
const pyrt_type kBool{PYRT_K_BOOL, 0, 1, 1, nullptr, nullptr};
const pyrt_type kInt{PYRT_K_INT, 0, 8, 8, nullptr, nullptr};
const pyrt_type kFloat{PYRT_K_FLOAT, 0, 8, 8, nullptr, nullptr};
const pyrt_type kStr{PYRT_K_STR, 0, 8, 8, nullptr, nullptr};
const pyrt_type kArray{PYRT_K_ARRAY, 0, 8, 8, nullptr, nullptr};
const pyrt_type kNpF64{PYRT_K_NP_FLOAT64, 0, 8, 8, nullptr, nullptr};
const pyrt_type kNpF32{PYRT_K_NP_FLOAT32, 0, 4, 4, nullptr, nullptr};
const pyrt_type kNpI64{PYRT_K_NP_INT64, 0, 8, 8, nullptr, nullptr};
const pyrt_type kNpBool{PYRT_K_NP_BOOL, 0, 1, 1, nullptr, nullptr};

#define TUPLE_TYPE(name, size, ...)                                                                \
  const pyrt_type* const name##_items[] = {__VA_ARGS__};                                           \
  const pyrt_type name{PYRT_K_TUPLE, int32_t(sizeof name##_items / sizeof(void*)),                 \
                       size,         8,                                                            \
                       name##_items, name##_offsets};

const int64_t kIntStr_offsets[] = {0, 8};
TUPLE_TYPE(kIntStr, 16, &kInt, &kStr)
struct IntStr {
  int64_t i;
  pyrt_str* s;
};
const int64_t kStrInt_offsets[] = {0, 8};
TUPLE_TYPE(kStrInt, 16, &kStr, &kInt)
const int64_t kIntInt_offsets[] = {0, 8};
TUPLE_TYPE(kIntInt, 16, &kInt, &kInt)
struct IntInt {
  int64_t a, b;
};
const int64_t kOne_offsets[] = {0};
TUPLE_TYPE(kOne, 8, &kInt)
// (int, float, str, None, bool)
const int64_t kMixed_offsets[] = {0, 8, 16, 24, 25};
TUPLE_TYPE(kMixed, 32, &kInt, &kFloat, &kStr, &kNone, &kBool)
struct Mixed {
  int64_t i;
  double f;
  pyrt_str* s;
  uint8_t none, b;
};
const int64_t kNumpy_offsets[] = {0, 8, 16};
TUPLE_TYPE(kNumpy, 24, &kNpF64, &kNpI64, &kNpBool)

#define LIST_TYPE(name, elem)                                                                      \
  const pyrt_type* const name##_items[] = {elem};                                                  \
  const pyrt_type name{PYRT_K_LIST, 1, 8, 8, name##_items, nullptr};
LIST_TYPE(kListInt, &kInt)
LIST_TYPE(kListListInt, &kListInt)
LIST_TYPE(kListFloat, &kFloat)
LIST_TYPE(kListStr, &kStr)
LIST_TYPE(kListIntStr, &kIntStr)
LIST_TYPE(kListStrInt, &kStrInt)
LIST_TYPE(kListArray, &kArray)
LIST_TYPE(kListF32, &kNpF32)

#define DICT_TYPE(name, key, value)                                                                \
  const pyrt_type* const name##_items[] = {key, value};                                            \
  const pyrt_type name{PYRT_K_DICT, 2, 8, 8, name##_items, nullptr};
DICT_TYPE(kDictStrInt, &kStr, &kInt)
DICT_TYPE(kDictIntInt, &kInt, &kInt)
DICT_TYPE(kDictTupleList, &kIntInt, &kListFloat)
LIST_TYPE(kListDict, &kDictStrInt)

// ---- helpers ----
pyrt_str* S(const char* s) {
  return pyrt_str_new(s, int64_t(std::strlen(s)));
}

std::string text(pyrt_str* s) {
  REQUIRE(s);
  std::string t(s->data, size_t(s->size));
  pyrt_object_release(&s->head);
  return t;
}

std::string repr(const pyrt_type* type, const void* slot) {
  pyrt_context ctx{};
  return text(pyrt_value_repr(&ctx, type, slot));
}
std::string repr(pyrt_list* l) {
  return repr(l->type, &l);
}
std::string repr(pyrt_dict* d) {
  return repr(d->type, &d);
}

// "IndexError: pop from empty list", as CPython's last line; "ok" without an error.
std::string err(const pyrt_context& ctx) {
  if (!ctx.failed) return "ok";
  std::string s = pyrt_error_text(ctx.kind);
  return ctx.detail ? s + ": " + ctx.detail : s;
}

template <class T> pyrt_list* list_of(const pyrt_type* type, std::initializer_list<T> values) {
  pyrt_context ctx{};
  pyrt_list* l = pyrt_list_new(&ctx, type, int64_t(values.size()), "t");
  REQUIRE(l);
  size_t i = 0;
  for (const T& v : values)
    std::memcpy(l->data + i++ * sizeof(T), &v, sizeof(T));
  return l;
}
pyrt_list* ints(std::initializer_list<int64_t> v) {
  return list_of(&kListInt, v);
}
pyrt_list* floats(std::initializer_list<double> v) {
  return list_of(&kListFloat, v);
}
pyrt_list* strs(std::initializer_list<const char*> v) {
  std::vector<pyrt_str*> s;
  for (const char* c : v)
    s.push_back(S(c));
  pyrt_context ctx{};
  pyrt_list* l = pyrt_list_new(&ctx, &kListStr, int64_t(s.size()), "t");
  if (!s.empty()) std::memcpy(l->data, s.data(), s.size() * sizeof(void*));
  return l;
}
void drop(pyrt_list* l) {
  pyrt_object_release(&l->head);
}
void drop(pyrt_dict* d) {
  pyrt_object_release(&d->head);
}

// d[key] = value for dict[str, int]
void set(pyrt_dict* d, const char* key, int64_t value) {
  pyrt_context ctx{};
  pyrt_str* k = S(key);
  REQUIRE(pyrt_dict_set(&ctx, d, &k, &value, "t"));
}

pyrt_array* array_of(int32_t dtype, std::initializer_list<double> values) {
  int64_t shape[1] = {int64_t(values.size())};
  pyrt_array* a = pyrt_array_try_new(dtype, 1, shape);
  REQUIRE(a);
  int64_t i = 0;
  for (double v : values) {
    if (dtype == PYRT_F64)
      static_cast<double*>(a->data)[i++] = v;
    else if (dtype == PYRT_F32)
      static_cast<float*>(a->data)[i++] = float(v);
    else if (dtype == PYRT_I64)
      static_cast<int64_t*>(a->data)[i++] = int64_t(v);
    else
      static_cast<uint8_t*>(a->data)[i++] = v != 0;
  }
  return a;
}

} // namespace

TEST_CASE("repr and str of values, as CPython prints them") {
  pyrt_str* a = S("a");
  Mixed m{1, 2.5, a, 0, 1};
  CHECK(repr(&kMixed, &m) == "(1, 2.5, 'a', None, True)");
  int64_t one = 1;
  CHECK(repr(&kOne, &one) == "(1,)");
  IntStr is{1, a};
  CHECK(repr(&kIntStr, &is) == "(1, 'a')");
  CHECK(a->head.refcount == 1);

  pyrt_list* f = floats({1.0, 2.5, 1e16, 1e-05, INFINITY, NAN, -0.0, 0.1 + 0.2});
  CHECK(repr(f) == "[1.0, 2.5, 1e+16, 1e-05, inf, nan, -0.0, 0.30000000000000004]");
  pyrt_list* s = strs({"it's", "say \"hi\"", "both ' \"", "tab\tnl\n", "é€😀", "\x7f"});
  CHECK(repr(s) == "[\"it's\", 'say \"hi\"', 'both \\' \"', 'tab\\tnl\\n', 'é€😀', '\\x7f']");
  pyrt_list* e = ints({});
  CHECK(repr(e) == "[]");

  pyrt_context ctx{};
  pyrt_list* nested = pyrt_list_new(&ctx, &kListListInt, 3, "t");
  pyrt_list* rows[3] = {ints({1, 2}), ints({}), ints({3})};
  std::memcpy(nested->data, rows, sizeof rows);
  CHECK(repr(nested) == "[[1, 2], [], [3]]");

  pyrt_list* f32 =
      list_of<float>(&kListF32, {0.1f, float(1.0 / 3), 1e20f, 16777216.0f, 3.4028235e38f, 1e-5f});
  CHECK(repr(f32) == "[0.1, 0.33333334, 1e+20, 16777216.0, 3.4028235e+38, 1e-05]");
  struct {
    double f;
    int64_t i;
    uint8_t b;
  } np{0.1, -5, 1};
  CHECK(repr(&kNumpy, &np) == "(0.1, -5, True)");

  pyrt_list* arrays =
      list_of<pyrt_array*>(&kListArray, {array_of(PYRT_F64, {1, 2}), array_of(PYRT_F32, {1, 2}),
                                         array_of(PYRT_I64, {3, 4}), array_of(PYRT_BOOL, {1, 0})});
  CHECK(repr(arrays) ==
        "[array([1., 2.]), array([1., 2.], dtype=float32), array([3, 4]), array([ True, False])]");
  pyrt_array* arr = array_of(PYRT_F64, {1.5, 2});
  CHECK(text(pyrt_value_str(&ctx, &kArray, &arr)) == "[1.5 2. ]");
  CHECK(text(pyrt_value_repr(&ctx, &kArray, &arr)) == "array([1.5, 2. ])");
  pyrt_array_release(arr);

  // str(s) is s itself; str of a container is its repr.
  pyrt_str* same = pyrt_value_str(&ctx, &kStr, &a);
  CHECK(same == a);
  CHECK(a->head.refcount == 2);
  pyrt_object_release(&same->head);
  CHECK(text(pyrt_value_str(&ctx, &kListStr, &s)) == repr(s));
  CHECK(text(pyrt_value_repr(&ctx, &kStr, &a)) == "'a'");
  double x = 0.1;
  CHECK(text(pyrt_value_str(&ctx, &kFloat, &x)) == "0.1");

  // print writes str(v)
  char* buf = nullptr;
  size_t len = 0;
  ctx.out = open_memstream(&buf, &len);
  pyrt_print_value(&ctx, &kStr, &a);
  std::fputc(' ', ctx.out);
  pyrt_print_value(&ctx, &kListListInt, &nested);
  std::fputc(' ', ctx.out);
  pyrt_print_value(&ctx, &kIntStr, &is);
  std::fclose(ctx.out);
  CHECK(std::string(buf, len) == "a [[1, 2], [], [3]] (1, 'a')");
  std::free(buf);
  CHECK(!ctx.failed);

  CHECK(pyrt_value_len(&kListStr, &s) == 6);
  pyrt_str* u = S("é€😀");
  CHECK(pyrt_value_len(&kStr, &u) == 3);
  pyrt_object_release(&u->head);

  for (pyrt_list* l : {f, s, e, nested, f32, arrays})
    drop(l);
  CHECK(a->head.refcount == 1);
  pyrt_object_release(&a->head);
}

TEST_CASE("equality, order and hash") {
  pyrt_list* a = ints({1, 2});
  pyrt_list* b = ints({1, 2});
  pyrt_list* c = ints({1, 2, 0});
  CHECK(pyrt_value_eq(&kListInt, &a, &b));
  CHECK(!pyrt_value_eq(&kListInt, &a, &c));
  pyrt_context ctx{};
  CHECK(pyrt_value_order(&ctx, 0, &kListInt, &a, &c, "t") == 1); // [1, 2] < [1, 2, 0]
  CHECK(pyrt_value_order(&ctx, 3, &kListInt, &a, &b, "t") == 1); // >=
  CHECK(pyrt_value_order(&ctx, 2, &kListInt, &a, &b, "t") == 0); // >
  pyrt_list* n1 = floats({NAN});
  pyrt_list* n2 = floats({NAN});
  CHECK(!pyrt_value_eq(&kListFloat, &n1, &n2)); // IEEE
  CHECK(pyrt_value_eq(&kListFloat, &n1,
                      &n1)); // the same list: CPython compares items by identity first

  IntStr x{1, S("b")}, y{1, S("a")};
  CHECK(pyrt_value_order(&ctx, 0, &kIntStr, &x, &y, "t") == 0); // (1, 'b') < (1, 'a')
  CHECK(pyrt_value_order(&ctx, 2, &kIntStr, &x, &y, "t") == 1);
  pyrt_str* e1 = S("é");
  pyrt_str* z = S("z");
  CHECK(pyrt_value_order(&ctx, 2, &kStr, &e1, &z, "t") == 1); // code point order

  // [[1], [2]] >= [[1], [1, 5]]
  pyrt_list* l1 = list_of<pyrt_list*>(&kListListInt, {ints({1}), ints({2})});
  pyrt_list* l2 = list_of<pyrt_list*>(&kListListInt, {ints({1}), ints({1, 5})});
  CHECK(pyrt_value_order(&ctx, 3, &kListListInt, &l1, &l2, "t") == 1);
  CHECK(!ctx.failed);

  // Dicts are unordered, but equal ones are skipped: [{}] < [{}] is False, [{}] <= [{}] True.
  pyrt_dict* d1 = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  pyrt_dict* d2 = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  pyrt_list* ld1 = list_of<pyrt_dict*>(&kListDict, {d1});
  pyrt_list* ld2 = list_of<pyrt_dict*>(&kListDict, {d2});
  CHECK(pyrt_value_order(&ctx, 0, &kListDict, &ld1, &ld2, "t") == 0);
  CHECK(pyrt_value_order(&ctx, 1, &kListDict, &ld1, &ld2, "t") == 1);
  CHECK(!ctx.failed);
  set(d2, "a", 1);
  CHECK(pyrt_value_order(&ctx, 0, &kListDict, &ld1, &ld2, "t") == -1);
  CHECK(err(ctx) == "TypeError: '<' not supported between instances of 'dict' and 'dict'");
  pyrt_context ctx2{};
  uint8_t none = 0;
  CHECK(pyrt_value_order(&ctx2, 3, &kNone, &none, &none, "t") == -1);
  CHECK(err(ctx2) ==
        "TypeError: '>=' not supported between instances of 'NoneType' and 'NoneType'");
  CHECK(pyrt_value_eq(&kNone, &none, &none));

  // Dict equality ignores order.
  pyrt_dict* d3 = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  pyrt_dict* d4 = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  set(d3, "a", 1), set(d3, "b", 2), set(d4, "b", 2), set(d4, "a", 1);
  CHECK(pyrt_value_eq(&kDictStrInt, &d3, &d4));
  set(d4, "a", 3);
  CHECK(!pyrt_value_eq(&kDictStrInt, &d3, &d4));

  // Python's own numeric hash values.
  struct {
    int64_t v;
    int64_t h;
  } int_hashes[] = {
      {1, 1},          {-1, -2},      {2305843009213693951, 0}, {2305843009213693952, 1},
      {INT64_MIN, -4}, {INT64_MAX, 3}};
  for (auto t : int_hashes)
    CHECK(pyrt_value_hash(&kInt, &t.v) == t.h);
  struct {
    double v;
    int64_t h;
  } float_hashes[] = {{1.5, 1152921504606846977},
                      {-2.5, -1152921504606846978},
                      {1e300, 1224995262755759164},
                      {1e-300, 482449582752280463},
                      {0.1, 230584300921369408},
                      {-0.0, 0},
                      {INFINITY, 314159},
                      {-INFINITY, -314159},
                      {std::ldexp(1.0, 70), 512},
                      {5e-324, 16777216},
                      {-1.0, -2}};
  for (auto t : float_hashes)
    CHECK(pyrt_value_hash(&kFloat, &t.v) == t.h);
  int64_t i1 = 1;
  double f1 = 1.0, zero = 0.0, neg_zero = -0.0;
  uint8_t t1 = 1;
  CHECK(pyrt_value_hash(&kInt, &i1) == pyrt_value_hash(&kFloat, &f1));
  CHECK(pyrt_value_hash(&kBool, &t1) == pyrt_value_hash(&kFloat, &f1));
  CHECK(pyrt_value_hash(&kFloat, &zero) == pyrt_value_hash(&kFloat, &neg_zero));
  pyrt_str* a1 = S("key");
  pyrt_str* a2 = S("key");
  CHECK(pyrt_value_hash(&kStr, &a1) == pyrt_value_hash(&kStr, &a2));
  CHECK(a1->hash != -1);
  IntStr p{7, a1}, q{7, a2};
  CHECK(pyrt_value_hash(&kIntStr, &p) == pyrt_value_hash(&kIntStr, &q));
  CHECK(pyrt_value_eq(&kIntStr, &p, &q));

  for (pyrt_str* s : {x.s, y.s, e1, z, a1, a2})
    pyrt_object_release(&s->head);
  for (pyrt_list* l : {a, b, c, n1, n2, l1, l2, ld1, ld2})
    drop(l);
  for (pyrt_dict* d : {d3, d4})
    drop(d);
}

TEST_CASE("list methods and their errors") {
  pyrt_context ctx{};
  pyrt_list* l = ints({});
  for (int64_t i = 0; i < 1000; ++i) {
    REQUIRE(pyrt_list_append(&ctx, l, &i, "t"));
    CHECK(l->capacity >= l->length);
  }
  CHECK(l->length == 1000);
  CHECK(reinterpret_cast<int64_t*>(l->data)[999] == 999);
  CHECK(pyrt_list_reserve_one(&ctx, l, "t"));
  CHECK(l->capacity > l->length);
  drop(l);

  l = ints({3, 1, 2});
  int64_t v9 = 9, v8 = 8, v7 = 7;
  pyrt_list_insert(&ctx, l, -10, &v9, "t");
  pyrt_list_insert(&ctx, l, 100, &v8, "t");
  pyrt_list_insert(&ctx, l, -1, &v7, "t");
  CHECK(repr(l) == "[9, 3, 1, 2, 7, 8]");

  int64_t out = 0;
  CHECK(pyrt_list_pop(&ctx, l, -1, &out, "t"));
  CHECK(out == 8);
  CHECK(pyrt_list_pop(&ctx, l, 0, &out, "t"));
  CHECK(out == 9);
  CHECK(repr(l) == "[3, 1, 2, 7]");
  CHECK(!pyrt_list_pop(&ctx, l, 4, &out, "t"));
  CHECK(err(ctx) == "IndexError: pop index out of range");
  pyrt_context c2{};
  pyrt_list* empty = ints({});
  CHECK(!pyrt_list_pop(&c2, empty, -1, &out, "t"));
  CHECK(err(c2) == "IndexError: pop from empty list");

  pyrt_context c3{};
  CHECK(pyrt_list_delete(&c3, l, -4, "t"));
  CHECK(repr(l) == "[1, 2, 7]");
  CHECK(!pyrt_list_delete(&c3, l, 3, "t"));
  CHECK(err(c3) == "IndexError: list assignment index out of range");

  pyrt_context c4{};
  pyrt_list* r = ints({1, 2, 1, 3});
  int64_t one = 1, five = 5, three = 3;
  CHECK(pyrt_list_remove(&c4, r, &one, "t"));
  CHECK(repr(r) == "[2, 1, 3]");
  CHECK(!pyrt_list_remove(&c4, r, &five, "t"));
  CHECK(err(c4) == "ValueError: list.remove(x): x not in list");
  pyrt_context c5{};
  CHECK(pyrt_list_index(&c5, r, &three, "t") == 2);
  CHECK(pyrt_list_index(&c5, r, &five, "t") == -1);
  CHECK(err(c5) == "ValueError: 5 is not in list");
  pyrt_context c6{};
  pyrt_list* s = strs({"a"});
  pyrt_str* xs = S("x");
  CHECK(pyrt_list_index(&c6, s, &xs, "t") == -1);
  CHECK(err(c6) == "ValueError: 'x' is not in list");
  pyrt_object_release(&xs->head);

  pyrt_list* cnt = ints({1, 2, 1, 1});
  CHECK(pyrt_list_count(cnt, &one) == 3);
  CHECK(pyrt_list_contains(cnt, &one));
  CHECK(!pyrt_list_contains(cnt, &five));
  pyrt_list_reverse(r);
  CHECK(repr(r) == "[3, 1, 2]");
  pyrt_list_clear(cnt);
  CHECK(repr(cnt) == "[]");

  pyrt_context c7{};
  pyrt_list* e = ints({1, 2});
  CHECK(pyrt_list_extend(&c7, e, e, "t"));
  CHECK(repr(e) == "[1, 2, 1, 2]");
  pyrt_list* two = ints({1, 2});
  pyrt_list* rep = pyrt_list_repeat(&c7, two, 3, "t");
  CHECK(repr(rep) == "[1, 2, 1, 2, 1, 2]");
  pyrt_list* rep0 = pyrt_list_repeat(&c7, two, 0, "t");
  pyrt_list* repn = pyrt_list_repeat(&c7, two, -1, "t");
  CHECK(repr(rep0) == "[]");
  CHECK(repr(repn) == "[]");
  pyrt_list* cat = pyrt_list_concat(&c7, two, r, "t");
  CHECK(repr(cat) == "[1, 2, 3, 1, 2]");
  CHECK(!c7.failed);

  pyrt_context c8{}, c9{};
  pyrt_list_index_error(&c8, 0, "t");
  pyrt_list_index_error(&c9, 1, "t");
  CHECK(err(c8) == "IndexError: list index out of range");
  CHECK(err(c9) == "IndexError: list assignment index out of range");

  for (pyrt_list* x : {l, empty, r, s, cnt, e, two, rep, rep0, repn, cat})
    drop(x);
}

namespace {
struct SliceCase {
  int32_t has;
  int64_t start, stop, step;
  const char* expected;
};
#include "runtime_objects_slices.inc"
} // namespace

TEST_CASE("slices as CPython takes them") {
  pyrt_list* l = ints({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  for (const SliceCase& t : kSlices) {
    CAPTURE(t.has);
    CAPTURE(t.start);
    CAPTURE(t.stop);
    CAPTURE(t.step);
    pyrt_context ctx{};
    pyrt_list* r = pyrt_list_slice(&ctx, l, t.start, t.stop, t.step, t.has, "t");
    REQUIRE(r);
    CHECK(repr(r) == t.expected);
    drop(r);
  }
  pyrt_context ctx{};
  CHECK(!pyrt_list_slice(&ctx, l, 0, 0, 0, 4, "t"));
  CHECK(err(ctx) == "ValueError: slice step cannot be zero");

  struct {
    int32_t has;
    int64_t start, stop, step;
    std::vector<int64_t> value;
    const char* expected;
  } assigns[] = {
      {3, 2, 5, 0, {7, 8}, "[0, 1, 7, 8, 5, 6, 7, 8, 9]"},
      {0, 0, 0, 0, {1}, "[1]"},
      {3, 3, 1, 0, {9, 9}, "[0, 1, 2, 9, 9, 3, 4, 5, 6, 7, 8, 9]"},
      {4, 0, 0, -1, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "[9, 8, 7, 6, 5, 4, 3, 2, 1, 0]"},
      {5, 1, 0, 3, {0, 0, 0}, "[0, 0, 2, 3, 0, 5, 6, 0, 8, 9]"},
      {5,
       1,
       0,
       3,
       {0, 0},
       "ValueError: attempt to assign sequence of size 2 to extended slice of size 3"},
      {1, -2, 0, 0, {}, "[0, 1, 2, 3, 4, 5, 6, 7]"},
      {7, 8, 2, -2, {5, 5, 5}, "[0, 1, 2, 3, 5, 5, 5, 7, 5, 9]"},
      {3, 20, 30, 0, {1, 2}, "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2]"},
      {4, 0, 0, 2, {1, 2, 3, 4, 5}, "[1, 1, 2, 3, 3, 5, 4, 7, 5, 9]"},
  };
  for (auto& t : assigns) {
    CAPTURE(t.expected);
    pyrt_context c{};
    pyrt_list* target = ints({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    pyrt_list* value = ints({});
    for (int64_t v : t.value)
      pyrt_list_append(&c, value, &v, "t");
    int32_t ok = pyrt_list_set_slice(&c, target, t.start, t.stop, t.step, t.has, value, "t");
    CHECK(ok == !c.failed);
    CHECK((ok ? repr(target) : err(c)) == t.expected);
    drop(target), drop(value);
  }
  // The source may be the target: l[1:3] = l, l[::-1] = l
  pyrt_list* a = ints({0, 1, 2, 3, 4});
  CHECK(pyrt_list_set_slice(&ctx, a, 1, 3, 0, 3, a, "t"));
  CHECK(repr(a) == "[0, 0, 1, 2, 3, 4, 3, 4]");
  pyrt_list* b = ints({0, 1, 2, 3, 4});
  CHECK(pyrt_list_set_slice(&ctx, b, 0, 0, -1, 4, b, "t"));
  CHECK(repr(b) == "[4, 3, 2, 1, 0]");

  // Strings in slices are counted.
  pyrt_list* s = strs({"a", "b", "c"});
  pyrt_str* first = *reinterpret_cast<pyrt_str**>(s->data);
  pyrt_list* sl = pyrt_list_slice(&ctx, s, 0, 0, -2, 4, "t");
  CHECK(repr(sl) == "['c', 'a']");
  CHECK(first->head.refcount == 2);
  CHECK(pyrt_list_set_slice(&ctx, s, 0, 2, 0, 3, sl, "t"));
  CHECK(repr(s) == "['c', 'a', 'c']");
  drop(sl);
  CHECK(first->head.refcount == 1);
  for (pyrt_list* x : {l, a, b, s})
    drop(x);
}

TEST_CASE("sort: stable, in Python's order") {
  pyrt_context ctx{};
  pyrt_list* w = strs({"b", "a", "é", "B", "aa", "", "ab", "€", "z"});
  CHECK(pyrt_list_sort(&ctx, w, nullptr, 0, "t"));
  CHECK(repr(w) == "['', 'B', 'a', 'aa', 'ab', 'b', 'z', 'é', '€']");
  CHECK(pyrt_list_sort(&ctx, w, nullptr, 1, "t"));
  CHECK(repr(w) == "['€', 'é', 'z', 'b', 'ab', 'aa', 'a', 'B', '']");

  // sort(key=lambda p: p[0]): the keys list is permuted along with the list.
  const IntStr pairs[] = {{3, nullptr}, {1, nullptr}, {3, nullptr}, {2, nullptr},
                          {1, nullptr}, {3, nullptr}, {2, nullptr}};
  const char* names[] = {"a", "b", "c", "d", "e", "f", "g"};
  auto make = [&](pyrt_list*& l, pyrt_list*& keys) {
    l = pyrt_list_new(&ctx, &kListIntStr, 7, "t");
    keys = pyrt_list_new(&ctx, &kListInt, 7, "t");
    for (int i = 0; i < 7; ++i) {
      IntStr p{pairs[i].i, S(names[i])};
      std::memcpy(l->data + i * sizeof p, &p, sizeof p);
      reinterpret_cast<int64_t*>(keys->data)[i] = p.i;
    }
  };
  pyrt_list *l, *keys;
  make(l, keys);
  CHECK(pyrt_list_sort(&ctx, l, keys, 0, "t"));
  CHECK(repr(l) == "[(1, 'b'), (1, 'e'), (2, 'd'), (2, 'g'), (3, 'a'), (3, 'c'), (3, 'f')]");
  CHECK(repr(keys) == "[1, 1, 2, 2, 3, 3, 3]");
  drop(l), drop(keys);
  make(l, keys);
  CHECK(pyrt_list_sort(&ctx, l, keys, 1, "t"));
  CHECK(repr(l) == "[(3, 'a'), (3, 'c'), (3, 'f'), (2, 'd'), (2, 'g'), (1, 'b'), (1, 'e')]");
  CHECK(repr(keys) == "[3, 3, 3, 2, 2, 1, 1]");
  CHECK(pyrt_list_sort(&ctx, l, nullptr, 1, "t"));
  CHECK(repr(l) == "[(3, 'f'), (3, 'c'), (3, 'a'), (2, 'g'), (2, 'd'), (1, 'e'), (1, 'b')]");
  drop(l), drop(keys);

  pyrt_list* nested = list_of<pyrt_list*>(&kListListInt, {ints({1, 2}), ints({1}), ints({0, 5}),
                                                          ints({}), ints({1, 2, 0}), ints({0, 5})});
  CHECK(pyrt_list_sort(&ctx, nested, nullptr, 0, "t"));
  CHECK(repr(nested) == "[[], [0, 5], [0, 5], [1], [1, 2], [1, 2, 0]]");
  pyrt_list* f = floats({2.5, -1.0, 0.0, -0.0, 3.0, 1e-9});
  CHECK(pyrt_list_sort(&ctx, f, nullptr, 0, "t"));
  CHECK(repr(f) == "[-1.0, 0.0, -0.0, 1e-09, 2.5, 3.0]");
  CHECK(pyrt_list_sort(&ctx, f, nullptr, 1, "t"));
  CHECK(repr(f) == "[3.0, 2.5, 1e-09, 0.0, -0.0, -1.0]");
  CHECK(!ctx.failed);

  // Many keys with ties: as std::stable_sort orders (index, key) pairs.
  std::mt19937_64 rng(7);
  for (int n : {0, 1, 2, 15, 16, 17, 100, 2049}) {
    pyrt_list* v = ints({});
    pyrt_list* k = ints({});
    std::vector<std::pair<int64_t, int64_t>> ref;
    for (int64_t i = 0; i < n; ++i) {
      int64_t key = int64_t(rng() % 20);
      pyrt_list_append(&ctx, v, &i, "t");
      pyrt_list_append(&ctx, k, &key, "t");
      ref.emplace_back(key, i);
    }
    for (int reverse = 0; reverse < 2; ++reverse) {
      std::vector<std::pair<int64_t, int64_t>> want = ref;
      std::stable_sort(want.begin(), want.end(), [&](auto& a, auto& b) {
        return reverse ? a.first > b.first : a.first < b.first;
      });
      pyrt_list* vv = pyrt_list_slice(&ctx, v, 0, 0, 0, 0, "t");
      pyrt_list* kk = pyrt_list_slice(&ctx, k, 0, 0, 0, 0, "t");
      CHECK(pyrt_list_sort(&ctx, vv, kk, reverse, "t"));
      bool same = true;
      for (int i = 0; i < n; ++i) {
        same = same && reinterpret_cast<int64_t*>(vv->data)[i] == want[size_t(i)].second;
        same = same && reinterpret_cast<int64_t*>(kk->data)[i] == want[size_t(i)].first;
      }
      CHECK(same);
      drop(vv), drop(kk);
    }
    drop(v), drop(k);
  }

  // Unordered elements: CPython's TypeError, the list unchanged.
  pyrt_dict* d1 = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  pyrt_dict* d2 = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  set(d1, "a", 1);
  pyrt_list* ld = list_of<pyrt_dict*>(&kListDict, {d1, d2});
  CHECK(!pyrt_list_sort(&ctx, ld, nullptr, 0, "t"));
  CHECK(err(ctx) == "TypeError: '<' not supported between instances of 'dict' and 'dict'");
  CHECK(repr(ld) == "[{'a': 1}, {}]");
  for (pyrt_list* x : {w, nested, f, ld})
    drop(x);
}

TEST_CASE("dict: insertion order, deletes, errors, iteration") {
  pyrt_context ctx{};
  pyrt_dict* d = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  CHECK(repr(d) == "{}");
  const char* letters[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"};
  for (int64_t i = 0; i < 10; ++i)
    set(d, letters[i], i);
  auto del = [&](const char* key) {
    pyrt_str* k = S(key);
    CHECK(pyrt_dict_delete(&ctx, d, &k, "t"));
    pyrt_object_release(&k->head);
  };
  del("c"), del("a");
  set(d, "a", 100), set(d, "e", -5), set(d, "c", 7);
  del("j");
  set(d, "k", 11);
  CHECK(repr(d) ==
        "{'b': 1, 'd': 3, 'e': -5, 'f': 5, 'g': 6, 'h': 7, 'i': 8, 'a': 100, 'c': 7, 'k': 11}");
  CHECK(d->length == 10);
  pyrt_list* keys = pyrt_dict_to_list(&ctx, d, 0, &kListStr, "t");
  pyrt_list* values = pyrt_dict_to_list(&ctx, d, 1, &kListInt, "t");
  pyrt_list* items = pyrt_dict_to_list(&ctx, d, 2, &kListStrInt, "t");
  CHECK(repr(keys) == "['b', 'd', 'e', 'f', 'g', 'h', 'i', 'a', 'c', 'k']");
  CHECK(repr(values) == "[1, 3, -5, 5, 6, 7, 8, 100, 7, 11]");
  CHECK(repr(items) ==
        "[('b', 1), ('d', 3), ('e', -5), ('f', 5), ('g', 6), ('h', 7), ('i', 8), ('a', 100), "
        "('c', 7), ('k', 11)]");

  // Iteration in order; a size change raises CPython's RuntimeError.
  std::string seen;
  int64_t pos = 0, version = d->version;
  for (int64_t e; (e = pyrt_dict_next(&ctx, d, &pos, version, "t")) >= 0;) {
    seen += (*static_cast<pyrt_str**>(pyrt_dict_key(d, e)))->data;
    *static_cast<int64_t*>(pyrt_dict_value(d, e)) += 1; // writing values is no size change
    set(d, "b", 2);                                     // neither is replacing a value
  }
  CHECK(seen == "bdefghiack");
  CHECK(!ctx.failed);
  pos = 0, version = d->version;
  CHECK(pyrt_dict_next(&ctx, d, &pos, version, "t") >= 0);
  set(d, "new", 1);
  CHECK(pyrt_dict_next(&ctx, d, &pos, version, "t") == -2);
  CHECK(err(ctx) == "RuntimeError: dictionary changed size during iteration");

  pyrt_context c2{};
  pyrt_str* z = S("z");
  CHECK(pyrt_dict_lookup(&c2, d, &z, "t") == nullptr);
  CHECK(err(c2) == "KeyError: 'z'");
  CHECK(pyrt_dict_find(d, &z) == nullptr);
  pyrt_context c3{};
  CHECK(!pyrt_dict_delete(&c3, d, &z, "t"));
  CHECK(err(c3) == "KeyError: 'z'");
  pyrt_str* a = S("a");
  CHECK(*static_cast<int64_t*>(pyrt_dict_lookup(&c3, d, &a, "t")) == 101);

  // update, setdefault, pop
  pyrt_context c4{};
  pyrt_dict* u = pyrt_dict_new(&c4, &kDictStrInt, "t");
  pyrt_dict* o = pyrt_dict_new(&c4, &kDictStrInt, "t");
  set(u, "x", 1), set(u, "y", 2), set(o, "y", 20), set(o, "z", 30);
  CHECK(pyrt_dict_update(&c4, u, o, "t"));
  CHECK(repr(u) == "{'x': 1, 'y': 20, 'z': 30}");
  pyrt_str* x = S("x");
  pyrt_str* w = S("w");
  int64_t five = 5, six = 6, out = 0;
  CHECK(*static_cast<int64_t*>(pyrt_dict_setdefault(&c4, u, &x, &five, "t")) == 1);
  CHECK(*static_cast<int64_t*>(pyrt_dict_setdefault(&c4, u, &w, &six, "t")) == 6);
  CHECK(w->head.refcount == 2); // the key is borrowed: the dict holds its own reference
  CHECK(pyrt_dict_pop(&c4, u, &x, &out, "t"));
  CHECK(out == 1);
  CHECK(repr(u) == "{'y': 20, 'z': 30, 'w': 6}");
  CHECK(!pyrt_dict_pop(&c4, u, &x, &out, "t"));
  CHECK(err(c4) == "KeyError: 'x'");
  pyrt_context c5{};
  pyrt_dict* cp = pyrt_dict_copy(&c5, u, "t");
  CHECK(pyrt_value_eq(&kDictStrInt, &cp, &u));
  CHECK(w->head.refcount == 3);
  pyrt_dict_clear(cp);
  CHECK(repr(cp) == "{}");
  CHECK(w->head.refcount == 2);
  set(cp, "again", 1);
  CHECK(repr(cp) == "{'again': 1}");
  CHECK(pyrt_value_len(&kDictStrInt, &cp) == 1);

  for (pyrt_str* s : {z, a, x, w})
    pyrt_object_release(&s->head);
  for (pyrt_list* l : {keys, values, items})
    drop(l);
  for (pyrt_dict* x2 : {d, u, o, cp})
    drop(x2);
}

TEST_CASE("dict: tuple keys, growth, deletes") {
  pyrt_context ctx{};
  pyrt_dict* d = pyrt_dict_new(&ctx, &kDictTupleList, "t");
  IntInt k1{1, 2}, k2{3, 4};
  pyrt_list* v1 = floats({0.5, 1.0});
  pyrt_list* v2 = floats({});
  CHECK(pyrt_dict_set(&ctx, d, &k1, &v1, "t"));
  CHECK(pyrt_dict_set(&ctx, d, &k2, &v2, "t"));
  CHECK(repr(d) == "{(1, 2): [0.5, 1.0], (3, 4): []}");
  IntInt missing{2, 1};
  CHECK(!pyrt_dict_lookup(&ctx, d, &missing, "t"));
  CHECK(err(ctx) == "KeyError: (2, 1)");
  pyrt_context c1{};
  pyrt_list* v3 = floats({9.0});
  pyrt_object_retain(&v1->head);
  CHECK(pyrt_dict_set(&c1, d, &k1, &v3, "t")); // replaces the value: the old one is released
  CHECK(v1->head.refcount == 1);
  CHECK(repr(d) == "{(1, 2): [9.0], (3, 4): []}");
  IntInt same{1, 2};
  CHECK(pyrt_dict_find(d, &same) == pyrt_dict_lookup(&c1, d, &k1, "t"));
  CHECK(!c1.failed);
  drop(v1);
  drop(d);

  // 20000 int keys; half deleted; the rest found, in order.
  pyrt_context c2{};
  pyrt_dict* m = pyrt_dict_new(&c2, &kDictIntInt, "t");
  for (int64_t i = 0; i < 20000; ++i) {
    int64_t k = i * 7919 - 50000, v = i;
    REQUIRE(pyrt_dict_set(&c2, m, &k, &v, "t"));
  }
  for (int64_t i = 0; i < 20000; i += 2) {
    int64_t k = i * 7919 - 50000;
    REQUIRE(pyrt_dict_delete(&c2, m, &k, "t"));
  }
  CHECK(m->length == 10000);
  bool all = true;
  for (int64_t i = 0; i < 20000; ++i) {
    int64_t k = i * 7919 - 50000;
    auto* v = static_cast<int64_t*>(pyrt_dict_find(m, &k));
    all = all && (i % 2 ? v && *v == i : v == nullptr);
  }
  CHECK(all);
  int64_t pos = 0, expect = 1;
  for (int64_t e; (e = pyrt_dict_next(&c2, m, &pos, m->version, "t")) >= 0; expect += 2)
    all = all && *static_cast<int64_t*>(pyrt_dict_value(m, e)) == expect;
  CHECK(all);
  CHECK(expect == 20001);
  drop(m);
}

TEST_CASE("reference counts return to 1") {
  pyrt_context ctx{};
  pyrt_str* s = S("shared");
  pyrt_list* l = strs({});
  for (int i = 0; i < 5; ++i) {
    pyrt_object_retain(&s->head);
    pyrt_list_append(&ctx, l, &s, "t");
  }
  CHECK(s->head.refcount == 6);
  pyrt_list* c = pyrt_list_concat(&ctx, l, l, "t");
  pyrt_list* r = pyrt_list_repeat(&ctx, l, 3, "t");
  CHECK(s->head.refcount == 6 + 10 + 15);
  pyrt_list_extend(&ctx, c, l, "t");
  pyrt_list_sort(&ctx, c, nullptr, 1, "t");
  pyrt_str* out = nullptr;
  pyrt_list_pop(&ctx, c, 0, &out, "t");
  CHECK(out == s);
  pyrt_object_release(&out->head);
  pyrt_list_delete(&ctx, c, 0, "t");
  pyrt_list_remove(&ctx, c, &s, "t");
  CHECK(s->head.refcount == 6 + 12 + 15);

  pyrt_dict* d = pyrt_dict_new(&ctx, &kDictStrInt, "t");
  for (int64_t i = 0; i < 3; ++i) {
    pyrt_object_retain(&s->head);
    pyrt_dict_set(&ctx, d, &s, &i, "t"); // the same key: the new reference is dropped
  }
  CHECK(s->head.refcount == 6 + 12 + 15 + 1);
  pyrt_list* items = pyrt_dict_to_list(&ctx, d, 2, &kListStrInt, "t");
  pyrt_dict* cp = pyrt_dict_copy(&ctx, d, "t");
  pyrt_object_share(&cp->head); // counted atomically from here
  CHECK(s->head.shared);
  pyrt_str* str = pyrt_value_str(&ctx, &kListStr, &l);
  CHECK(text(str) == "['shared', 'shared', 'shared', 'shared', 'shared']");
  CHECK(!ctx.failed);
  for (pyrt_list* x : {l, c, r, items})
    drop(x);
  drop(d), drop(cp);
  CHECK(s->head.refcount == 1);
  pyrt_object_release(&s->head);
}
