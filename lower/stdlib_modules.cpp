// Standard-library modules written in Python: bisect, heapq and functools.reduce (Note
// [Python-written modules]), and the constants of `string`.
#include "frontend/frontend.hpp"
#include "frontend/parser.hpp"
#include "frontend/resolve.hpp"
#include "lower/module_lowering.hpp"
#include "pyscript/runtime.h"
#include "support/internal_error.hpp"

#include <mutex>

namespace pyscript::lower {

using ir::Value;

// Note [Python-written modules]
// bisect, heapq and functools.reduce are functions written in pyscript's subset (kModules), compiled
// with the program the first time the program calls one of the module's members: they are then
// specialized per argument types as the program's own functions are (a heappush of a list[int]
// and one of a list[tuple[int, str]] are two functions), and inlined and optimized with the
// caller. Each function of a module's source is named "$MODULE.NAME" ("$heapq.heappush"), a name
// no program can spell, and the calls between them are renamed alike. The algorithms are CPython's
// own (heapq's sift-down and bottom-up sift-up, bisect's midpoints, the comparisons in CPython's
// order and direction: only `<`), so heap order and the elements compared are CPython's; the
// errors CPython's C code raises are raised with its messages (IndexError "index out of range" of
// heappop on an empty heap). nlargest/nsmallest are sorted(...)[:n], which is what CPython
// documents them to equal (its heap of (element, order) pairs keeps sorted's stability).
// The errors CPython's C code raises before it compares anything (heappop of an empty heap, a
// negative lo given by position, reduce of an empty list) are raised at the call, so an uncaught
// one is reported at the caller's line as CPython reports it. Divergence: one raised inside these
// functions (a comparison of values `<` refuses, a negative lo=) is reported at the line of the
// module's source.
namespace {

struct PythonModule {
  const char* name;
  const char* source;
};

constexpr const char* kBisectSource = R"(def bisect_right(a, x, lo=0, hi=None, key=None):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < a[mid]:
                hi = mid
            else:
                lo = mid + 1
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < key(a[mid]):
                hi = mid
            else:
                lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, key=None):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if a[mid] < x:
                lo = mid + 1
            else:
                hi = mid
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if key(a[mid]) < x:
                lo = mid + 1
            else:
                hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, key=None):
    if key is None:
        i = bisect_right(a, x, lo, hi)
    else:
        i = bisect_right(a, key(x), lo, hi, key)
    a.insert(i, x)


def insort_left(a, x, lo=0, hi=None, key=None):
    if key is None:
        i = bisect_left(a, x, lo, hi)
    else:
        i = bisect_left(a, key(x), lo, hi, key)
    a.insert(i, x)
)";

constexpr const char* kHeapqSource = R"(def siftdown(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) // 2
        parent = heap[parentpos]
        if not (newitem < parent):
            break
        heap[pos] = parent
        pos = parentpos
    heap[pos] = newitem


def siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not (heap[childpos] < heap[rightpos]):
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    siftdown(heap, startpos, pos)


def heappush(heap, item):
    heap.append(item)
    siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    if len(heap) == 0:
        raise IndexError("index out of range")
    last = heap.pop()
    if len(heap) == 0:
        return last
    top = heap[0]
    heap[0] = last
    siftup(heap, 0)
    return top


def heapreplace(heap, item):
    if len(heap) == 0:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    siftup(heap, 0)
    return top


def heappushpop(heap, item):
    if len(heap) > 0 and heap[0] < item:
        top = heap[0]
        heap[0] = item
        siftup(heap, 0)
        return top
    return item


def heapify(heap):
    for i in range(len(heap) // 2 - 1, -1, -1):
        siftup(heap, i)


def nlargest(n, iterable, key=None):
    if n <= 0:
        return list(iterable)[:0]
    if key is None:
        return sorted(iterable, reverse=True)[:n]
    return sorted(iterable, key=key, reverse=True)[:n]


def nsmallest(n, iterable, key=None):
    if n <= 0:
        return list(iterable)[:0]
    if key is None:
        return sorted(iterable)[:n]
    return sorted(iterable, key=key)[:n]
)";

constexpr const char* kFunctoolsSource = R"(def reduce(function, iterable):
    items = list(iterable)
    if len(items) == 0:
        raise TypeError("reduce() of empty iterable with no initial value")
    acc = items[0]
    for i in range(1, len(items)):
        acc = function(acc, items[i])
    return acc


def reduce_initial(function, iterable, initial):
    acc = initial
    for x in iterable:
        acc = function(acc, x)
    return acc
)";

// deque's, Counter's and defaultdict's own methods (Note [Collections are flavored lists and
// dicts] in lower_collections.cpp): the argument is the deque or Counter itself, whose other
// methods and items are a list's or a dict's (d.pop(i) and c[k] = v here are the list's and dict's).
constexpr const char* kCollectionsSource = R"py(def deque_extend(d, iterable):
    for x in iterable:
        d.append(x)


def popleft(d):
    if len(d) == 0:
        raise IndexError("pop from an empty deque")
    return d.pop(0)


def deque_pop(d):
    if len(d) == 0:
        raise IndexError("pop from an empty deque")
    return d.pop(len(d) - 1)


def appendleft(d, x):
    d.insert(0, x)


def extendleft(d, iterable):
    for x in iterable:
        d.insert(0, x)


def rotate(d, n):
    k = len(d)
    if k > 1:
        for i in range(n % k):
            d.insert(0, d.pop(k - 1))


def counter_add(c, iterable):
    for x in iterable:
        c[x] = c.get(x, 0) + 1


def counter_add_mapping(c, m):
    for k in m:
        c[k] = c.get(k, 0) + m[k]


def counter_subtract(c, iterable):
    for x in iterable:
        c[x] = c.get(x, 0) - 1


def counter_subtract_mapping(c, m):
    for k in m:
        c[k] = c.get(k, 0) - m[k]


def count_of(item):
    return item[1]


def most_common(c):
    return sorted(c.items(), key=count_of, reverse=True)


def most_common_n(c, n):
    return sorted(c.items(), key=count_of, reverse=True)[:max(n, 0)]


def elements(c):
    out = []
    for k in c:
        for i in range(c[k]):
            out.append(k)
    return out


def total(c):
    t = 0
    for k in c:
        t = t + c[k]
    return t


def counter_plus(out, a, b):
    for k in a:
        n = a[k] + b[k]
        if n > 0:
            out[k] = n
    for k in b:
        if k not in a and b[k] > 0:
            out[k] = b[k]


def counter_minus(out, a, b):
    for k in a:
        n = a[k] - b[k]
        if n > 0:
            out[k] = n
    for k in b:
        if k not in a and b[k] < 0:
            out[k] = 0 - b[k]


def counter_union(out, a, b):
    for k in a:
        n = max(a[k], b[k])
        if n > 0:
            out[k] = n
    for k in b:
        if k not in a and b[k] > 0:
            out[k] = b[k]


def counter_intersection(out, a, b):
    for k in a:
        n = min(a[k], b[k])
        if n > 0:
            out[k] = n


def counter_repr(c):
    if len(c) == 0:
        return "Counter()"
    return "Counter(" + repr(dict(most_common(c))) + ")"
)py";

// itertools' iterators as lists (Note [itertools as lists] in lower_itertools.cpp): the index
// sequences of the combinatoric ones in CPython's (lexicographic) order, and the others whole
// (islice's bounds are checked at the call).
constexpr const char* kItertoolsSource = R"py(def to_list(iterable):
    out = []
    for x in iterable:
        out.append(x)
    return out


def extend_from(out, iterable):
    for x in iterable:
        out.append(x)


def accumulate(items):
    out = items[:0]
    for i in range(len(items)):
        if i == 0:
            out.append(items[0])
        else:
            out.append(out[i - 1] + items[i])
    return out


def accumulate_func(items, func):
    out = items[:0]
    for i in range(len(items)):
        if i == 0:
            out.append(items[0])
        else:
            out.append(func(out[i - 1], items[i]))
    return out


def accumulate_initial(items, initial):
    out = [initial]
    for x in items:
        out.append(out[len(out) - 1] + x)
    return out


def accumulate_func_initial(items, func, initial):
    out = [initial]
    for x in items:
        out.append(func(out[len(out) - 1], x))
    return out


def islice(items, start, stop, step):
    if stop is None:
        stop = len(items)
    if start is None:
        start = 0
    if step is None:
        step = 1
    return items[start:stop:step]


def product_indices(sizes):
    out: list[list[int]] = []
    k = len(sizes)
    for s in sizes:
        if s == 0:
            return out
    idx = [0] * k
    going = True
    while going:
        out.append(idx[:])
        j = k - 1
        while j >= 0 and idx[j] == sizes[j] - 1:
            idx[j] = 0
            j = j - 1
        if j < 0:
            going = False
        else:
            idx[j] = idx[j] + 1
    return out


def permute(n, r, used, current, out):
    if len(current) == r:
        out.append(current[:])
        return None
    for i in range(n):
        if not used[i]:
            used[i] = True
            current.append(i)
            permute(n, r, used, current, out)
            current.pop()
            used[i] = False
    return None


def permutation_indices(n, r):
    out: list[list[int]] = []
    current: list[int] = []
    if r <= n:
        permute(n, r, [False] * n, current, out)
    return out


def combine(n, r, start, again, current, out):
    if len(current) == r:
        out.append(current[:])
        return None
    for i in range(start, n):
        current.append(i)
        combine(n, r, i if again else i + 1, again, current, out)
        current.pop()
    return None


def combination_indices(n, r):
    out: list[list[int]] = []
    current: list[int] = []
    if r <= n:
        combine(n, r, 0, False, current, out)
    return out


def replacement_indices(n, r):
    out: list[list[int]] = []
    current: list[int] = []
    if n > 0:
        combine(n, r, 0, True, current, out)
    return out
)py";

// str's padding methods (s.rjust(w), s.center(w, "*"), s.zfill(w)): CPython's rules, its centering
// (the odd cell goes left when both the margin and the width are odd) and its TypeError.
// str.maketrans(x, y[, z]) and str.maketrans(d): CPython's table {ord: ord, str or None}, in its
// order; s.translate(table) of such a dict (lower_str.cpp checks the types: a table's values are
// one type, ints, strs or None, or ints and None; isinstance is decided by that type).
constexpr const char* kStrSource = R"py(def fill_check(fillchar):
    if len(fillchar) != 1:
        raise TypeError("The fill character must be exactly one character long")


def rjust(s, width, fillchar=" "):
    fill_check(fillchar)
    if len(s) >= width:
        return s
    return fillchar * (width - len(s)) + s


def ljust(s, width, fillchar=" "):
    fill_check(fillchar)
    if len(s) >= width:
        return s
    return s + fillchar * (width - len(s))


def center(s, width, fillchar=" "):
    fill_check(fillchar)
    if len(s) >= width:
        return s
    margin = width - len(s)
    left = margin // 2 + (margin & width & 1)
    return fillchar * left + s + fillchar * (margin - left)


def zfill(s, width):
    if len(s) >= width:
        return s
    zeros = "0" * (width - len(s))
    if len(s) > 0 and (s[0] == "+" or s[0] == "-"):
        return s[0] + zeros + s[1:]
    return zeros + s


def maketrans_pairs(x, y):
    if len(x) != len(y):
        raise ValueError("the first two maketrans arguments must have equal length")
    table = {}
    for i in range(len(x)):
        table[ord(x[i])] = ord(y[i])
    return table


def maketrans_deleting(x, y, z):
    if len(x) != len(y):
        raise ValueError("the first two maketrans arguments must have equal length")
    table = {}
    for i in range(len(x)):
        table[ord(x[i])] = ord(y[i])
    for c in z:
        table[ord(c)] = None
    return table


def maketrans_dict(x):
    table = {}
    for k, v in x.items():
        if isinstance(k, str):
            if len(k) != 1:
                raise ValueError("string keys in translate table must be of length 1")
            table[ord(k)] = v
        else:
            table[k] = v
    return table


def translate(s, table):
    out = []
    for c in s:
        k = ord(c)
        if k in table:
            v = table[k]
            if v is not None:
                if isinstance(v, str):
                    out.append(v)
                else:
                    if v < 0 or v > 1114111:
                        raise ValueError("character mapping must be in range(0x110000)")
                    out.append(chr(v))
        else:
            out.append(c)
    return "".join(out)
)py"; // (a delimiter of its own: the source holds `)"`)

// np.searchsorted(a, v, side=) of a 1-D array and one value: numpy's binary search, with its
// order (a NaN sorts after every number: less(x, y) is x < y or (y is NaN and x is not)).
constexpr const char* kNumpySource = R"(def searchsorted_left(a, v):
    lo = 0
    hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        x = a[mid]
        if x < v or (v != v and x == x):
            lo = mid + 1
        else:
            hi = mid
    return lo


def searchsorted_right(a, v):
    lo = 0
    hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        x = a[mid]
        if v < x or (x != x and v == v):
            hi = mid
        else:
            lo = mid + 1
    return lo
)";

// math.isclose(a, b, rel_tol=1e-09, abs_tol=0.0): CPython's test (equal, else neither infinite and
// the difference within rel_tol of either magnitude or within abs_tol; NaN is close to nothing),
// on the values as floats. "$math": the native math module keeps its name.
constexpr const char* kMathSource = R"(def isclose(a, b, rel_tol, abs_tol):
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    x = float(a)
    y = float(b)
    if x == y:
        return True
    inf = float("inf")
    if x == inf or x == -inf or y == inf or y == -inf:
        return False
    diff = abs(y - x)
    return diff <= abs(rel_tol * y) or diff <= abs(rel_tol * x) or diff <= abs_tol
)";

const PythonModule kModules[] = {
    {"$math", kMathSource},
    {"str", kStrSource},
    {"numpy", kNumpySource},
    {"itertools", kItertoolsSource},
    {"collections", kCollectionsSource},
    {"bisect", kBisectSource},
    {"heapq", kHeapqSource},
    {"functools", kFunctoolsSource},
};

const PythonModule* python_module(const std::string& name) {
  for (const PythonModule& m : kModules)
    if (name == m.name) return &m;
  return nullptr;
}

// The function of the module's source that `module.name(...)` with `nargs` positional arguments
// calls (bisect.bisect is bisect_right; reduce with an initial value has a function of its own).
std::string source_function(const std::string& module, const std::string& name, size_t nargs) {
  if (module == "bisect" && (name == "bisect" || name == "insort")) return name + "_right";
  if (module == "functools" && name == "reduce" && nargs == 3) return "reduce_initial";
  return name;
}

// The module's source file, made once per process: diagnostics (a heappush of values that `<`
// cannot compare) point into it, and are printed after the lowered module, which holds its
// functions, is gone.
std::shared_ptr<SourceFile> module_file(const PythonModule& m) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<SourceFile>> files;
  std::lock_guard<std::mutex> lock(mutex);
  std::shared_ptr<SourceFile>& f = files[m.name];
  if (!f) f = std::make_shared<SourceFile>(std::string("<pyscript ") + m.name + ">", m.source);
  return f;
}

std::string hidden_name(const std::string& module, const std::string& name) { return "$" + module + "." + name; }

// `string`'s constants, as CPython spells them.
const char* string_constant(const std::string& name) {
  static const struct {
    const char* name;
    const char* value;
  } kConstants[] = {
      {"ascii_lowercase", "abcdefghijklmnopqrstuvwxyz"},
      {"ascii_uppercase", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
      {"ascii_letters", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"},
      {"digits", "0123456789"},
      {"hexdigits", "0123456789abcdefABCDEF"},
      {"octdigits", "01234567"},
      {"punctuation", R"(!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~)"},
      {"whitespace", " \t\n\r\x0b\x0c"},
      {"printable", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    R"(!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~)"
                    " \t\n\r\x0b\x0c"},
  };
  for (const auto& c : kConstants)
    if (name == c.name) return c.value;
  return nullptr;
}

} // namespace

bool is_python_module(const std::string& module) { return python_module(module) != nullptr; }

const ast::FunctionDef* ModuleLowering::stdlib_function(const std::string& module, const std::string& name) {
  if (const ast::FunctionDef* existing = find_function(hidden_name(module, name))) return existing;
  const PythonModule* m = python_module(module);
  if (!m || loaded_python_modules_.count(module)) return nullptr;
  loaded_python_modules_.insert(module);
  DiagnosticEngine diags;
  auto checked = std::make_unique<CheckedModule>();
  checked->file = module_file(*m);
  checked->module = parse_module(*checked->file, diags);
  resolve_names(checked->module, diags);
  PYSCRIPT_ASSERT(diags.error_count() == 0, "the " + module + " module compiles");
  std::set<std::string> own;
  for (const ast::StmtPtr& s : checked->module.body)
    if (s->kind == ast::StmtKind::FunctionDef) own.insert(s->function->name);
  // Calls between the module's functions use the hidden names.
  ast::for_each_expr(checked->module.body, [&](const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Name && own.count(e.text))
      const_cast<ast::Expr&>(e).text = hidden_name(module, e.text); // the module's own tree
  }, /*into_functions=*/true);
  for (const ast::StmtPtr& s : checked->module.body) {
    if (s->kind != ast::StmtKind::FunctionDef) continue;
    ast::FunctionDef& fn = *s->function;
    fn.name = hidden_name(module, fn.name);
    functions_[fn.name] = &fn;
    mark_executed(fn.name);
  }
  module_->sources.push_back(checked->file);
  helpers_.push_back(std::move(checked));
  return find_function(hidden_name(module, name));
}

// bisect.insort(xs, x), heapq.heappush(h, x), functools.reduce(f, xs): a call of the module's
// function (Note [Python-written modules]).
Value* FunctionLowering::lower_stdlib_call(const std::string& module, const ast::Expr& e, Environment& env) {
  const ast::Expr& callee = *e.operands[0];
  std::vector<Value*> args;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* v = lower_expr(*e.operands[i], env);
    if (!v) return nullptr;
    if (never_values_.count(v)) return v;
    args.push_back(v);
  }
  // heappush(h, x) and insort(xs, x) of an empty list fix its element type as xs.append(x) does
  // (the functions read the list before they store x in it).
  static const std::set<std::string> stores = {"heappush", "heappushpop", "heapreplace",
                                               "insort", "insort_left", "insort_right"};
  if (args.size() >= 2 && stores.count(callee.text) && args[0]->type().is(ir::TypeKind::List)) {
    const ir::Type& element = args[0]->type().elements()[0];
    if (element.is(ir::TypeKind::Unknown) && element.rank() > 0 && !as_element(args[1], args[0], 0, e.range))
      return nullptr;
  }
  // The errors CPython's C functions raise are raised here, at the caller's line as CPython
  // reports them (the functions raise them too, for the cases not checked here).
  const std::string& name = callee.text;
  auto empty = [&](Value* seq) {
    return emit1(ir::OpKind::Eq, {sequence_length(seq, e.range), const_int(0, e.range)}, ir::Type::bool_(), e.range);
  };
  auto sized = [](Value* v) {
    const ir::Type& t = v->type();
    return t.is(ir::TypeKind::List) || t.is(ir::TypeKind::Str) || t.is(ir::TypeKind::Dict) || t.is(ir::TypeKind::Set);
  };
  if (module == "heapq" && (name == "heappop" || name == "heapreplace") && !args.empty() &&
      args[0]->type().is(ir::TypeKind::List))
    raise_if(empty(args[0]), PYRT_INDEX_ERROR, "index out of range", e.range);
  if (module == "functools" && name == "reduce" && args.size() == 2 && sized(args[1]))
    raise_if(empty(args[1]), PYRT_TYPE_ERROR, "reduce() of empty iterable with no initial value", e.range);
  if (module == "bisect" && args.size() >= 3 && args[2]->type().is(ir::TypeKind::Int))
    raise_if(emit1(ir::OpKind::Lt, {args[2], const_int(0, e.range)}, ir::Type::bool_(), e.range), PYRT_VALUE_ERROR,
             "lo must be non-negative", e.range);
  const ast::FunctionDef* fn =
      module_.stdlib_function(module, source_function(module, name, args.size()));
  if (!fn) { // functools.lru_cache, functools.cache
    type_error(callee.range, module + "." + callee.text + " is supported only as a decorator",
               "write @" + module + "." + callee.text + " above the def");
    return nullptr;
  }
  return lower_user_call(*fn, e, args, env);
}

// math.isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) (kMathSource).
Value* FunctionLowering::math_isclose(const ast::Expr& e, std::vector<Value*>& args, Environment& env) {
  Value* rel = nullptr;
  Value* abs_tol = nullptr;
  for (const ast::Keyword& kw : e.keywords) {
    Value* v = lower_expr(*kw.value, env);
    if (!v) return nullptr;
    (kw.name == "rel_tol" ? rel : abs_tol) = v;
  }
  if (args.size() != 2) {
    type_error(e.range, "math.isclose() takes 2 positional arguments; the tolerances are keywords",
               "write math.isclose(a, b, rel_tol=..., abs_tol=...)");
    return nullptr;
  }
  std::vector<Value*> all{args[0], args[1], rel ? rel : const_float(1e-09, e.range),
                          abs_tol ? abs_tol : const_float(0.0, e.range)};
  for (Value* v : all)
    if (!v->type().is(ir::TypeKind::Int) && !v->type().is(ir::TypeKind::Float) && !v->type().is(ir::TypeKind::Bool)) {
      type_error(e.range, "math.isclose() takes numbers, not a " + v->type().to_string(),
                 "CPython raises TypeError: must be real number");
      return nullptr;
    }
  return python_helper("$math", "isclose", all, e, env);
}

// string.ascii_lowercase and the other constants of `string`.
Value* FunctionLowering::lower_string_constant(const ast::Expr& e) {
  const char* value = string_constant(e.text);
  return value ? const_str(value, e.range) : nullptr; // else reported by the resolver
}

} // namespace pyscript::lower
