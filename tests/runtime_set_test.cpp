// Sets of the runtime (runtime/set.cpp) through their C interface: the order of iteration is
// CPython 3.11's for the same operations (Note [Set tables]), references are counted (run under
// ASan by scripts/test), and the errors are CPython's.
#include "pyscript/runtime.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

const pyrt_type kInt{PYRT_K_INT, 0, 8, 8, nullptr, nullptr};
const pyrt_type kStr{PYRT_K_STR, 0, 8, 8, nullptr, nullptr};
const pyrt_type* const kSetInt_items[] = {&kInt};
const pyrt_type kSetInt{PYRT_K_SET, 1, 8, 8, kSetInt_items, nullptr};
const pyrt_type kListInt{PYRT_K_LIST, 1, 8, 8, kSetInt_items, nullptr};
const pyrt_type* const kSetStr_items[] = {&kStr};
const pyrt_type kSetStr{PYRT_K_SET, 1, 8, 8, kSetStr_items, nullptr};

std::vector<int64_t> elements(pyrt_context* ctx, pyrt_set* s) {
  pyrt_list* l = pyrt_set_to_list(ctx, s, &kListInt, "t");
  std::vector<int64_t> out(reinterpret_cast<int64_t*>(l->data), reinterpret_cast<int64_t*>(l->data) + l->length);
  pyrt_object_release(&l->head);
  return out;
}

pyrt_set* ints(pyrt_context* ctx, std::vector<int64_t> values) {
  pyrt_set* s = pyrt_set_new(ctx, &kSetInt, "t");
  for (int64_t v : values) pyrt_set_add(ctx, s, &v, "t");
  return s;
}

std::vector<int64_t> range(int64_t start, int64_t stop, int64_t step) {
  std::vector<int64_t> out;
  for (int64_t v = start; v < stop; v += step) out.push_back(v);
  return out;
}

std::string err(const pyrt_context& ctx) {
  if (!ctx.failed) return "ok";
  std::string s = pyrt_error_text(ctx.kind);
  return ctx.detail ? s + ": " + ctx.detail : s;
}

std::string repr(pyrt_context* ctx, const pyrt_type* t, pyrt_set* s) {
  pyrt_str* r = pyrt_value_repr(ctx, t, &s);
  std::string out(r->data, size_t(r->size));
  pyrt_object_release(&r->head);
  return out;
}

} // namespace

TEST_CASE("sets iterate in CPython's order through deletions, growth and pop") {
  pyrt_context ctx{};
  pyrt_set* s = ints(&ctx, range(0, 200, 8));
  for (int64_t v : range(0, 200, 24)) CHECK(pyrt_set_discard(&ctx, s, &v, 0, "t") == 1);
  int64_t big = 1000;
  pyrt_set_add(&ctx, s, &big, "t");
  CHECK(elements(&ctx, s) == std::vector<int64_t>{128, 8, 136, 16, 152, 32, 160, 40, 176, 56, 184, 64, 80, 88, 104, 1000, 112});
  CHECK(s->length == 17);

  pyrt_set* t = ints(&ctx, {1, 9, 17, 25, 33});
  CHECK(elements(&ctx, t) == std::vector<int64_t>{1, 33, 9, 17, 25});
  int64_t popped = 0;
  CHECK(pyrt_set_pop(&ctx, t, &popped, "t") == 1);
  CHECK(popped == 1);
  CHECK(elements(&ctx, t) == std::vector<int64_t>{33, 9, 17, 25});
  pyrt_set_clear(t);
  CHECK(pyrt_set_pop(&ctx, t, &popped, "t") == 0);
  CHECK(err(ctx) == "KeyError: 'pop from an empty set'");
  pyrt_object_release(&s->head);
  pyrt_object_release(&t->head);
}

TEST_CASE("set operators give CPython's sets in CPython's order") {
  pyrt_context ctx{};
  pyrt_set* a = ints(&ctx, range(0, 60, 7));
  pyrt_set* b = ints(&ctx, range(0, 60, 5));
  auto op = [&](int32_t what) {
    pyrt_set* r = pyrt_set_binary(&ctx, a, b, what, "t");
    std::vector<int64_t> out = elements(&ctx, r);
    pyrt_object_release(&r->head);
    return out;
  };
  CHECK(op(0) == std::vector<int64_t>{0, 5, 7, 10, 14, 15, 20, 21, 25, 28, 30, 35, 40, 42, 45, 49, 50, 55, 56});
  CHECK(op(1) == std::vector<int64_t>{0, 35});
  CHECK(op(2) == std::vector<int64_t>{7, 42, 14, 49, 21, 56, 28});
  CHECK(op(3) == std::vector<int64_t>{5, 7, 10, 14, 15, 20, 21, 25, 28, 30, 40, 42, 45, 49, 50, 55, 56});
  CHECK(pyrt_set_compare(a, b, 0) == 0);
  pyrt_set* both = pyrt_set_binary(&ctx, a, b, 1, "t");
  CHECK(pyrt_set_compare(both, a, 0) == 1);
  CHECK(pyrt_set_compare(both, a, 1) == 1);
  CHECK(pyrt_set_compare(a, both, 3) == 1);
  CHECK(pyrt_set_compare(a, both, 4) == 0);
  int64_t missing = 3;
  CHECK(pyrt_set_discard(&ctx, a, &missing, 1, "t") == 0);
  CHECK(err(ctx) == "KeyError: 3");
  pyrt_object_release(&a->head);
  pyrt_object_release(&b->head);
  pyrt_object_release(&both->head);
}

TEST_CASE("sets of str count their elements' references and print as CPython") {
  pyrt_context ctx{};
  pyrt_set* s = pyrt_set_new(&ctx, &kSetStr, "t");
  CHECK(repr(&ctx, &kSetStr, s) == "set()");
  pyrt_str* a = pyrt_str_new("a", 1);
  pyrt_object_retain(&a->head); // the set takes one reference
  pyrt_set_add(&ctx, s, &a, "t");
  pyrt_str* again = pyrt_str_new("a", 1); // equal: dropped, the first one stays
  pyrt_set_add(&ctx, s, &again, "t");
  CHECK(s->length == 1);
  CHECK(a->head.refcount == 2);
  CHECK(repr(&ctx, &kSetStr, s) == "{'a'}");
  CHECK(pyrt_set_contains(s, &a) == 1);
  pyrt_set* copy = pyrt_set_copy(&ctx, s, "t");
  CHECK(a->head.refcount == 3);
  pyrt_object_release(&copy->head);
  pyrt_object_release(&s->head);
  CHECK(a->head.refcount == 1);
  pyrt_object_release(&a->head);
}
