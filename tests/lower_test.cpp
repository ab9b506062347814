// Lowering's diagnostics: types by specialization, paths that leave names undefined, module
// constants, recursion. Each checks the location and the code.
#include "frontend_helpers.hpp"
#include "lower/lower.hpp"

#include <doctest/doctest.h>

namespace {

// The diagnostics of frontend + lowering, as "LINE:COL [code] message".
std::vector<std::string> lower_errors(const std::string& source) {
  pyscript::DiagnosticEngine diags;
  pyscript::CheckedAndLowered r = pyscript::check_and_lower("model.py", source, diags);
  std::vector<std::string> out;
  for (const pyscript::Diagnostic& d : diags.sorted())
    out.push_back(std::to_string(d.range.line) + ":" + std::to_string(d.range.column) + " [" +
                  d.code + "] " + d.message);
  return out;
}

std::string first(const std::string& source) {
  auto e = lower_errors(source);
  return e.empty() ? "" : e[0];
}

} // namespace

TEST_CASE("[type] a variable with two types where it is used") {
  CHECK(first("def pick(c):\n    if c > 0:\n        x = 1\n    else:\n        x = 'one'\n    return x\nprint(pick(1))\n") ==
        "5:9 [type] type conflict: 'x' is str here but int on another path");
  // int and float do not merge either.
  CHECK(first("def pick(c):\n    if c > 0:\n        x = 1\n    else:\n        x = 1.5\n    return x\nprint(pick(1))\n") ==
        "5:9 [type] type conflict: 'x' is float here but int on another path");
  // Unused after the merge: fine, as in CPython.
  CHECK(lower_errors("def f(c):\n    if c > 0:\n        x = 1\n    else:\n        x = 1.5\n    return 0\nprint(f(1))\n").empty());
}

TEST_CASE("[type] a loop-carried variable that changes type") {
  CHECK(first("def f(n):\n    s = 0\n    for i in range(n):\n        s = s + 0.5\n    return s\nprint(f(3))\n") ==
        "4:9 [type] type conflict: 's' is int before the loop but float after this assignment");
}

TEST_CASE("[type] returns of two types, and falling off the end") {
  CHECK(first("def f(x):\n    if x > 0:\n        return 1\n    return 2.5\nprint(f(1))\n") ==
        "4:12 [type] type conflict: 'f' returns float here but int elsewhere");
  CHECK(first("def f(x):\n    if x > 0:\n        return 1\nprint(f(1))\n") ==
        "1:5 [type] 'f' returns int but can also reach its end, which returns None");
}

TEST_CASE("[type] operators and builtins on the wrong types") {
  CHECK(first("print(1 + 'a')\n") == "1:7 [type] unsupported operand types for +: 'int' and 'str'");
  CHECK(first("print(min(1, 2.5))\n") ==
        "1:7 [type] min() of int and float would give either type, depending on the values");
  CHECK(first("x = 1\nprint(x if x > 0 else 2.5)\n") ==
        "2:7 [type] type conflict: the conditional expression gives a int or a float");
  CHECK(first("a, b = 1, 2, 3\n") == "1:1 [type] cannot unpack a tuple of 3 elements into 2 names");
  CHECK(first("t = (1, 2)\nprint(t[2])\n") == "2:9 [index] tuple index out of range (the tuple has 2 elements)");
  CHECK(first("t = (1, 2)\nn = 1\nprint(t[n:])\n") == "3:9 [type] a tuple slice's bounds must be integer literals");
  CHECK(first("t = (1, 2)\nprint(t[::0])\n") == "2:11 [index] slice step cannot be zero");
}

TEST_CASE("[type] f-strings: only in print, specs checked against the field's type") {
  CHECK(first("x = 1\ns = f\"{x}\"\nprint(s)\n").empty());
  CHECK(first("x = 2.5\nprint(f\"{x:d}\")\n") ==
        "2:9 [format] invalid format spec 'd': Unknown format code 'd' for object of type 'float'");
  CHECK(first("x = 2\nprint(f\"{x:.2d}\")\n") ==
        "2:9 [format] invalid format spec '.2d': Precision not allowed in integer format specifier");
  CHECK(first("s = 'a'\nprint(f\"{s:+}\")\n") ==
        "2:9 [format] invalid format spec '+': Sign not allowed in string format specifier");
  CHECK(first("print(f\"{None:>4}\")\n") ==
        "1:9 [type] a format spec applies to numbers and strings; CPython raises TypeError: unsupported format "
        "string passed to NoneType.__format__");
  CHECK(first("import numpy as np\nx = np.ones(2)\nprint(f\"{x:.2f}\")\n") ==
        "3:9 [type] a format spec applies to numbers and strings; CPython raises TypeError: unsupported format "
        "string passed to numpy.ndarray.__format__");
  CHECK(first("import numpy as np\nx = np.ones(2)\nprint(f\"{x.sum()!r}\")\n") ==
        "3:9 [type] !r of a numpy scalar is not supported (numpy 1 gives 6.0, numpy 2 np.float64(6.0))");
  CHECK(lower_errors("import numpy as np\nx = np.ones(2)\nprint(f\"{x.sum():.3f} {x!r} {x.sum()!s} {True:>3}\")\n").empty());
  CHECK(first("for i in range(2.5):\n    pass\n") == "1:16 [type] range() arguments must be int, not float");
}

TEST_CASE("[undefined] a name assigned on some paths only") {
  CHECK(first("def f(c):\n    if c > 0:\n        y = 1\n    return y\nprint(f(1))\n") ==
        "4:12 [undefined] 'y' may be undefined here");
  CHECK(first("def f(n):\n    for i in range(n):\n        y = i\n    return y\nprint(f(1))\n") ==
        "4:12 [undefined] 'y' may be undefined here");
  // The other path returned: y is defined wherever the use is reached.
  CHECK(lower_errors("def f(c):\n    if c > 0:\n        y = 1\n    else:\n        return 0\n    return y\nprint(f(1))\n").empty());
  CHECK(first("print(z)\nz = 1\n") == "1:7 [undefined] 'z' is used before it is assigned");
}

TEST_CASE("module constants read by functions") {
  CHECK(lower_errors("K = 3\ndef f(x):\n    return x * K\nprint(f(2))\n").empty());
  CHECK(first("def f(x):\n    return x * K\nprint(f(2))\nK = 3\n") ==
        "2:16 [undefined] 'K' is read before the top level assigns it");
  CHECK(first("K = 3\nK = 4\ndef f(x):\n    return x * K\nprint(f(2))\n") ==
        "4:16 [unsupported] 'f' reads the module-level name 'K', which the top level assigns more than once");
}

TEST_CASE("recursion: the return type comes from the base case") {
  CHECK(lower_errors("def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nprint(fib(10))\n").empty());
  CHECK(first("def f(n):\n    return f(n - 1)\nprint(f(3))\n") ==
        "2:12 [type] cannot tell what the recursive call of 'f' returns: no return of 'f' comes before it");
}

TEST_CASE("specialization: one version per distinct signature") {
  pyscript::DiagnosticEngine diags;
  pyscript::CheckedModule checked = pyscript::check_source(
      "m.py", "def add(a, b):\n    return a + b\nprint(add(1, 2), add(1.5, 2), add(3, 4))\n", diags);
  pyscript::LowerResult r = pyscript::lower_module(checked, diags);
  REQUIRE(r.module);
  std::vector<std::string> names;
  for (const auto& f : r.module->functions) names.push_back(f->name);
  CHECK(names == std::vector<std::string>{"__main__", "add.int.int", "add.float.int"});
}

TEST_CASE("numpy: dtype promotion (numpy 2, weak Python scalars) and ranks are static") {
  pyscript::DiagnosticEngine diags;
  pyscript::CheckedModule checked = pyscript::check_source(
      "m.py",
      "import numpy as np\n"
      "def f(x, y):\n"
      "    print(x * 2.5, x + y, (x > 0).dtype, x.sum(axis=1, keepdims=True), x.mean(), x @ x.T)\n"
      "f(np.ones((2, 3), dtype=np.float32), np.arange(3))\n",
      diags);
  pyscript::LowerResult r = pyscript::lower_module(checked, diags);
  REQUIRE(r.module);
  const pyscript::ir::Function* f = r.module->find("f.Array[float32,2].Array[int64,1]");
  REQUIRE(f);
  std::vector<std::string> types;
  for (const pyscript::ir::Node* n : f->graph->top()->nodes())
    if (n->kind() == pyscript::ir::OpKind::Print)
      for (const pyscript::ir::Value* v : n->inputs()) types.push_back(v->type().to_string());
  CHECK(types == std::vector<std::string>{"Array[float32, 2]", "Array[float64, 2]", "str",
                                          "Array[float32, 2]", "Array[float32, 0]", "Array[float32, 2]"});
}

TEST_CASE("numpy: what cannot be typed statically is a diagnostic") {
  CHECK(first("import numpy as np\ndef f(x, a):\n    return x.sum(axis=a)\nprint(f(np.ones(3), 0))\n") ==
        "3:23 [type] axis must be an integer literal");
  CHECK(first("import numpy as np\nx = np.ones(3)\nprint(x[[0, 1]])\n") ==
        "3:9 [type] array indices must be ints, slices, None, or int64 or bool arrays, not list[int]");
  CHECK(lower_errors("import numpy as np\nx = np.ones(3)\nt = (x, (1, x))\nprint(t)\n").empty());
  CHECK(first("import numpy as np\nx = np.ones(3)\nt = (x, (1, x.sum()))\nprint(t)\n") ==
        "4:1 [type] printing a numpy scalar inside a tuple is not supported (numpy 1 prints 6.0, numpy 2 "
        "np.float64(6.0))");
  CHECK(first("import numpy as np\nx = np.ones(3)\nprint(min(x))\n") ==
        "3:7 [type] min() of an array is not supported");
  CHECK(first("import numpy as np\nx = np.ones(3) > 0\nprint(x - x)\n") ==
        "3:7 [type] numpy does not subtract booleans (it raises TypeError)");
  CHECK(first("import numpy as np\nx = np.zeros(3, dtype='int32')\n") ==
        "2:23 [type] dtype 'int32' is not supported: arrays are float32, float64, int64 or bool");
  CHECK(lower_errors("import numpy as np\nx = np.zeros(3, dtype='f4').astype('int64')\n").empty());
  CHECK(first("import numpy as np\nx = np.zeros(3, dtype=3)\n") ==
        "2:23 [type] a dtype must be np.float32, np.float64, np.int64, np.bool_, float, int, bool or one of "
        "their names (\"float32\", ...)");
  CHECK(first("import numpy as np\nx = np.ones((2, 3, 4))\nprint(x.transpose(1, 0))\n") ==
        "3:7 [type] axes don't match array: transpose of a rank-3 array needs 3 axes, not 2");
  CHECK(first("import numpy as np\nx = np.ones((2, 3))\nprint(x.transpose(0, 0))\n") ==
        "3:22 [type] repeated axis in transpose");
  CHECK(first("import numpy as np\nx = np.ones((2, 3))\nprint(np.transpose(x, (0, 2)))\n") ==
        "3:27 [type] axis 2 is out of bounds for array of dimension 2");
  CHECK(first("import numpy as np\nx = np.ones((2, 3, 3))\nprint(np.dot(x, x))\n") ==
        "3:7 [type] np.dot of arrays of rank above 2 is not supported (it is not the batched product)");
}

TEST_CASE("numpy: joins and indices that numpy refuses whatever the data are diagnostics with numpy's words") {
  const std::string prefix = "import numpy as np\na = np.ones((2, 2))\nb = np.ones(2)\n";
  CHECK(first(prefix + "print(np.concatenate([a, b]))\n") ==
        "4:7 [type] all the input arrays must have same number of dimensions, but the array at index 0 has 2 "
        "dimension(s) and the array at index 1 has 1 dimension(s) (numpy raises ValueError)");
  CHECK(first(prefix + "print(np.concatenate((np.float32(1.0), b)))\n") ==
        "4:7 [type] zero-dimensional arrays cannot be concatenated (numpy raises ValueError)");
  CHECK(first(prefix + "print(np.concatenate([a, b], axis=2))\n") ==
        "4:7 [type] axis 2 is out of bounds for array of dimension 2 (numpy raises AxisError)");
  CHECK(first(prefix + "print(np.stack([b, b], axis=-3))\n") ==
        "4:7 [type] axis -3 is out of bounds for array of dimension 2 (numpy raises AxisError)");
  CHECK(first(prefix + "print(np.stack([a, b]))\n") ==
        "4:7 [type] all input arrays must have the same shape (numpy raises ValueError)");
  CHECK(first(prefix + "print(np.hstack([a, b]))\n") ==
        "4:7 [type] all the input arrays must have same number of dimensions, but the array at index 0 has 2 "
        "dimension(s) and the array at index 1 has 1 dimension(s) (numpy raises ValueError)");
  CHECK(first(prefix + "print(np.vstack(()))\n") == "4:17 [type] need at least one array to stack (numpy raises ValueError)");
  CHECK(first(prefix + "print(np.concatenate(a))\n") ==
        "4:22 [type] np.concatenate needs a list or tuple of arrays, not an array (numpy would join its rows)");
  CHECK(first(prefix + "n = 1\nprint(np.stack([a, a], axis=n))\n") == "5:29 [type] axis must be an integer literal");
  CHECK(first(prefix + "print(np.pad(a, (1, 2, 3)))\n") ==
        "4:17 [type] operands could not be broadcast together with remapped shapes [original->remapped]: (3,)  and "
        "requested shape (2,2) (numpy raises ValueError)");
  CHECK(first(prefix + "print(np.pad(a, 1.5))\n").find("4:17 [type] `pad_width` must be of integral type") == 0);
  CHECK(first(prefix + "print(np.pad(a, 1, mode='edge'))\n").find("4:25 [type] np.pad's mode must be") == 0);
  CHECK(first(prefix + "print(np.meshgrid(b, b, indexing='yx'))\n") ==
        "4:34 [type] Valid values for `indexing` are 'xy' and 'ij'. (numpy raises ValueError)");
  CHECK(first(prefix + "g = np.meshgrid(b, b)\nprint(g)\n") ==
        "5:1 [type] printing np.meshgrid's result is not supported (numpy 1 prints a list, numpy 2 a tuple)");
  CHECK(first(prefix + "print(np.triu(np.float64(2.0)))\n").find("4:15 [type] np.triu of a 0-d array") == 0);
  // Indices: float arrays, two arrays (numpy pairs them), a bool 0-d array (a new axis), too many.
  CHECK(first(prefix + "print(a[b])\n") ==
        "4:9 [type] arrays used as indices must be of integer (or boolean) type (numpy raises IndexError)");
  CHECK(first(prefix + "i = np.arange(2)\nprint(a[i, i])\n").find("5:12 [type] only one index array or mask") == 0);
  CHECK(first(prefix + "print(a[np.bool_(True)])\n").find("4:9 [type] an array index that is a bool adds an axis") == 0);
  CHECK(first(prefix + "print(a[1.5])\n") ==
        "4:9 [type] array indices must be ints, slices, None, or int64 or bool arrays, not float");
  CHECK(first(prefix + "print(a[a > 0, 0])\n") == "4:7 [type] too many indices for an array of rank 2 (numpy raises IndexError)");
  CHECK(lower_errors(prefix + "print(a[a > 0], a[:, None, b > 0], a[np.argmax(b)], b[np.arange(2), None])\n").empty());
}

TEST_CASE("numpy math: result dtypes and ranks") {
  pyscript::DiagnosticEngine diags;
  pyscript::CheckedModule checked = pyscript::check_source(
      "m.py",
      "import numpy as np\n"
      "def f(x, i, b):\n"
      "    print(np.var(i), x.std(axis=0), np.prod(b), i.prod(1), np.argmin(x, axis=1), np.all(x, keepdims=True),\n"
      "          np.count_nonzero(b), np.count_nonzero(i, axis=0), np.cumsum(b), x.cumprod(axis=1), np.round(i, -1),\n"
      "          np.clip(i, 0.5, 2), np.sort(x, axis=None), i.argsort(), np.allclose(x, i), np.isclose(x, 1),\n"
      "          np.linalg.norm(i), np.linalg.det(x), np.linalg.solve(x, x[0]), np.linalg.inv(x), np.linalg.norm(x, axis=1))\n"
      "f(np.ones((2, 2), dtype=np.float32), np.arange(4).reshape(2, 2), np.ones(3) > 0)\n",
      diags);
  pyscript::LowerResult r = pyscript::lower_module(checked, diags);
  INFO(pyscript::format_diagnostics_text(diags.sorted()));
  REQUIRE(r.module);
  const pyscript::ir::Function* f = r.module->find("f.Array[float32,2].Array[int64,2].Array[bool,1]");
  REQUIRE(f);
  std::vector<std::string> types;
  for (const pyscript::ir::Node* n : f->graph->top()->nodes())
    if (n->kind() == pyscript::ir::OpKind::Print)
      for (const pyscript::ir::Value* v : n->inputs()) types.push_back(v->type().to_string());
  CHECK(types == std::vector<std::string>{
                     "Array[float64, 0]", "Array[float32, 1]", "Array[int64, 0]", "Array[int64, 1]",
                     "Array[int64, 1]", "Array[bool, 2]", "int", "Array[int64, 1]", "Array[int64, 1]",
                     "Array[float32, 2]", "Array[int64, 2]", "Array[float64, 2]", "Array[float32, 1]",
                     "Array[int64, 2]", "bool", "Array[bool, 2]", "Array[float64, 0]", "Array[float32, 0]",
                     "Array[float32, 1]", "Array[float32, 2]", "Array[float32, 1]"});
}

TEST_CASE("numpy math: what numpy refuses or pyscript cannot type is a diagnostic") {
  const std::string x = "import numpy as np\nx = np.ones((2, 3))\n";
  CHECK(first(x + "print(np.round(x > 0))\n") ==
        "3:7 [type] np.round of a bool array is not supported (numpy computes it in float16)");
  CHECK(first(x + "print(np.clip(x, None, None))\n") ==
        "3:7 [type] clip with neither bound: numpy raises ValueError (One of max or min must be given)");
  CHECK(first(x + "print(np.sort(x, axis=2))\n") == "3:23 [type] axis 2 is out of bounds for array of dimension 2");
  CHECK(first(x + "k = 0\nprint(np.cumsum(x, axis=k))\n") == "4:25 [type] axis must be an integer literal or None");
  CHECK(first(x + "print(np.sort(x, kind='quick'))\n") ==
        "3:23 [type] kind must be \"quicksort\", \"stable\", \"mergesort\" or \"heapsort\"");
  CHECK(first(x + "print(np.sort(np.float64(2.0)))\n") == "3:7 [type] axis -1 is out of bounds for array of dimension 0");
  CHECK(first(x + "print(x.var(ddof=0.5))\n") == "3:18 [type] ddof must be an int, not float");
  CHECK(first(x + "print(np.linalg.inv(x[0]))\n") ==
        "3:21 [type] np.linalg.inv of a rank-1 array: numpy raises LinAlgError (1-dimensional array given. Array "
        "must be at least two-dimensional)");
  CHECK(first(x + "print(np.linalg.norm(x, 2))\n") ==
        "3:7 [type] np.linalg.norm with ord 2, -2 or \"nuc\" of a matrix needs the SVD, which pyscript does not have");
  CHECK(first(x + "print(np.linalg.norm(x[0], 'fro'))\n") ==
        "3:7 [type] numpy raises ValueError: Invalid norm order 'fro' for vectors");
  CHECK(first(x + "print(np.clip(x.astype(np.float32), np.float64(0.5), 1.0))\n") ==
        "3:37 [type] np.clip of a float32 array with a float64 numpy scalar bound: numpy's result dtype depends on "
        "whether the bound is nan");
  CHECK(first(x + "print(np.isclose(x, x, equal_nan=1))\n") == "3:34 [type] equal_nan must be True or False");
  CHECK(first(x + "print(np.round(x, 1, decimals=2))\n") ==
        "3:22 [type] argument 'decimals' given by position and by keyword (Python raises TypeError)");
  CHECK(lower_errors(x + "print(np.round(x, decimals=2), x.round(1), x.clip(max=2), np.clip(x, a_min=0, a_max=1))\n").empty());
}

TEST_CASE("[undefined] a local read before any assignment is CPython's UnboundLocalError") {
  // Inside a loop, on the first iteration (it read a garbage value before).
  CHECK(first("def f(n):\n    k = 0\n    while i < n:\n        i = i + 1\n        k = k + i\n    return k\nprint(f(3))\n") ==
        "3:11 [undefined] local variable 'i' may be read before it is assigned");
  // A name the function assigns is local everywhere in it: never the module's value.
  CHECK(first("K = 5\ndef f():\n    print(K)\n    K = 3\n    return K\nf()\n") ==
        "3:11 [undefined] local variable 'K' may be read before it is assigned");
}

TEST_CASE("[undefined] module names are bound in execution order") {
  CHECK(first("print('start')\nprint(later(2))\ndef later(n):\n    return n + 1\n") ==
        "2:7 [undefined] 'later' is called before its 'def' has run");
  // Through a function the top level calls: the error is at the call in the function.
  CHECK(first("def f():\n    return g() + 1\nprint(f())\ndef g():\n    return 1\n") ==
        "2:12 [undefined] 'g' is called before its 'def' has run");
  CHECK(first("def f():\n    return np.zeros(2)\nprint(f())\nimport numpy as np\n") ==
        "2:12 [undefined] 'np' is used before its 'import' has run");
  CHECK(first("x = math.sqrt(2.0)\nimport math\n") == "1:5 [undefined] 'math' is used before its 'import' has run");
  CHECK(first("def f():\n    return K\nprint(f())\nK = 1\n") ==
        "2:12 [undefined] 'K' is read before the top level assigns it");
  // Called after both defs ran: fine, whatever the order of the defs.
  CHECK(lower_errors("def f():\n    return g() + 1\ndef g():\n    return 1\nprint(f())\n").empty());
}

TEST_CASE("[type] numpy reads a bool index as a new axis, not as 0 or 1") {
  CHECK(first("import numpy as np\nx = np.zeros(2)\nprint(x[True])\n") ==
        "3:9 [type] an array index that is a bool adds an axis in numpy, it does not pick element 0 or 1");
}

TEST_CASE("[type] numpy refuses a bool as a shape") {
  CHECK(first("import numpy as np\nprint(np.zeros(True))\n") ==
        "2:16 [type] a shape must be an int or a tuple of ints, not bool (numpy raises TypeError)");
}

TEST_CASE("all errors in one run: type checking goes on past the frontend's errors") {
  auto errors = lower_errors(
      "def f(a, b):\n    c = a\n    c += b\n    return c\n"
      "def g(x):\n    if x > 0:\n        y = 1\n    else:\n        y = 1.5\n    return y\n"
      "n = 1 << 22\nprint(n)\nprint(f(1, 2) + g(n))\nprint(g(2))\n"
      "z = undefined_thing + 1\nprint(z * 2)\nprint(1 + 'a')\n");
  // f holds an error: not type-checked. n and z were not assigned: no cascade at their uses.
  std::vector<std::string> want = {
      "3:5 [in-place] in-place update 'c += b' is not supported",
      "9:9 [type] type conflict: 'y' is float here but int on another path",
      "15:5 [undefined] undefined name 'undefined_thing'",
      "17:7 [type] unsupported operand types for +: 'int' and 'str'"};
  CHECK(errors == want);
  // A syntax error stops before lowering, as CPython stops at it.
  CHECK(lower_errors("def f():\n        return 1\n  x = 1 + 'a'\n").size() == 1);
}

TEST_CASE("[type] a constant negative base to a fractional power is complex in CPython: refused") {
  CHECK(first("print((-3) ** -2.5)\n") ==
        "1:7 [type] a negative number raised to a fractional power is a complex number in CPython, and pyscript has no complex numbers");
  CHECK(lower_errors("print((-3.0) ** 2.0, 3 ** -2.5)\n").empty());
}

TEST_CASE("[type] np.random: what would not give numpy's answer is a diagnostic") {
  const std::string np = "import numpy as np\n";
  CHECK(first(np + "x = np.random.rand((2, 3))\n") ==
        "2:20 [type] np.random.rand() takes its dimensions as ints, not a Tuple[int, int] (numpy raises TypeError)");
  CHECK(first(np + "x = np.random.randint(5.0)\n") == "2:23 [type] low must be an int here, not a float");
  CHECK(first(np + "x = np.random.uniform(np.zeros(3))\n") ==
        "2:23 [type] an array of parameters is not supported (numpy draws one value per element)");
  CHECK(first(np + "x = np.random.choice(np.ones((2, 2)))\n") ==
        "2:22 [type] a must be 1-dimensional (numpy raises ValueError)");
  CHECK(first(np + "r = True\nx = np.random.choice(3, 2, replace=r)\n") ==
        "3:36 [type] replace= must be True or False, written literally");
  CHECK(first(np + "x = np.random.choice(3, p=[0.5, 0.5, 0.0])\n") ==
        "2:27 [type] p must be a 1-d float array, not a list[float]");
  CHECK(first(np + "x = np.random.randint(5, dtype=np.float64)\n") ==
        "2:32 [type] randint with dtype float64 is not supported");
  CHECK(first(np + "x = np.random.permutation(np.ones(3).sum())\n") ==
        "2:27 [type] permutation of a 0-d array: numpy raises IndexError: x must be an integer or at least "
        "1-dimensional");
  CHECK(first(np + "rng = np.random.default_rng(0)\nx = rng.standard_normal(3, dtype=np.float32)\n") ==
        "3:34 [type] standard_normal with dtype float32 is not supported");
  CHECK(first(np + "rng = np.random.default_rng(0)\nx = rng.exponential(1.0)\n") ==
        "3:9 [attribute] 'exponential' is not an attribute pyscript supports");
  CHECK(first(np + "rng = np.random.default_rng(0)\nprint(rng)\n") ==
        "3:1 [type] printing a Generator is not supported (numpy prints its address)");
  CHECK(first(np + "x = np.random.uniform(0.0, 1.0, high=2.0)\n") ==
        "2:33 [type] got multiple values for argument 'high'");
  CHECK(lower_errors(np + "rng = np.random.default_rng()\nnp.random.seed()\nx = rng.random(dtype=np.float32) + "
                          "np.random.uniform(np.float32(1.0), 2)\n").empty());
}

TEST_CASE("the standard library's modules: what they refuse") {
  // A tuple's length is part of its type: permutations' r is a literal (Note [itertools as lists]).
  CHECK(first("from itertools import permutations\nfor p in permutations([1, 2]):\n    print(p)\n") ==
        "2:10 [type] permutations()'s r must be an int literal in pyscript: the tuples' length is part of their type");
  CHECK(lower_errors("from itertools import permutations\nfor p in permutations([1, 2], 2):\n    print(p)\n").empty());
  // Note [Collections are flavored lists and dicts]: one nested in a container would print as a list.
  CHECK(first("from collections import deque\nd = deque([1])\nprint([d])\n") ==
        "3:1 [type] printing a deque, Counter or defaultdict inside a container is not supported by pyscript");
  CHECK(first("import collections\nd = collections.deque([1], maxlen=2)\n") ==
        "2:28 [type] collections.deque() with keyword arguments is not supported by pyscript");
  CHECK(first("from collections import deque\nd = deque([1])\nd.sort()\n") ==
        "3:3 [type] 'collections.deque' object has no attribute 'sort'");
  CHECK(first("import functools\nx = functools.lru_cache(3)\n") ==
        "2:5 [type] functools.lru_cache is supported only as a decorator");
}
