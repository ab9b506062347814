// Sorting objects by their __lt__ (Note [Sorting by __lt__]).
#include "frontend/frontend.hpp"
#include "lower/module_lowering.hpp"
#include "support/internal_error.hpp"

namespace pyscript::lower {

// Note [Sorting by __lt__]
// `xs.sort()` and `sorted(xs)` of objects compare with `<`, which calls the class's __lt__: user
// code, which may print, count or raise. The runtime's sort cannot call it, so the sort is a
// function written in Python, compiled with the program (kSortSource), that makes CPython's
// comparisons in CPython's order for the lists CPython sorts without merging (fewer than 64
// elements: its run count, then binary insertion; listsort.txt); longer lists get the same stable
// binary insertion, so the order is CPython's whenever __lt__ is a consistent order. reverse=True
// reverses, sorts and reverses again, as CPython does, so equal elements keep their order.
namespace {

constexpr const char* kSortName = "$sort_by_lt";
constexpr const char* kSortSource = R"(def sort_by_lt(xs):
    n = len(xs)
    if n < 2:
        return None
    i = 2
    if xs[1] < xs[0]:
        while i < n and xs[i] < xs[i - 1]:
            i = i + 1
        lo = 0
        hi = i - 1
        while lo < hi:
            t = xs[lo]
            xs[lo] = xs[hi]
            xs[hi] = t
            lo = lo + 1
            hi = hi - 1
    else:
        while i < n and not (xs[i] < xs[i - 1]):
            i = i + 1
    while i < n:
        pivot = xs[i]
        lo = 0
        hi = i
        while lo < hi:
            mid = lo + (hi - lo) // 2
            if pivot < xs[mid]:
                hi = mid
            else:
                lo = mid + 1
        j = i
        while j > lo:
            xs[j] = xs[j - 1]
            j = j - 1
        xs[lo] = pivot
        i = i + 1
    return None
)";

} // namespace

const ast::FunctionDef* ModuleLowering::sort_by_lt_function() {
  if (const ast::FunctionDef* existing = find_function(kSortName)) return existing;
  DiagnosticEngine diags;
  auto checked = std::make_unique<CheckedModule>(check_source("<pyscript sort>", kSortSource, diags));
  PYSCRIPT_ASSERT(diags.error_count() == 0 && checked->module.body.size() == 1,
                  "the sort function compiles");
  ast::FunctionDef& fn = *checked->module.body[0]->function;
  fn.name = kSortName;
  functions_[kSortName] = &fn;
  module_->sources.push_back(checked->file);
  helpers_.push_back(std::move(checked));
  return &fn;
}

} // namespace pyscript::lower
