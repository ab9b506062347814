// The compile cache from the host API (Note [What the cache keeps] in api/module_cache.cpp): a
// module and each specialization are stored once, found again by a later compile of the same
// source, and a module from the cache checks handles and runs as a compiled one does.
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <cstdlib>
#include <map>

#include <sys/stat.h>
#include <filesystem>
#include <string>

namespace {

const char* kSource = R"(def add(a, b):
    return a + b


def area(w, h):
    return w * h


K = add(40, 2)
print("top level", K)
)";

namespace fs = std::filesystem;

// A cache directory of the test's own, removed afterwards; XDG_CACHE_HOME points at it meanwhile.
struct TempCache {
  fs::path root;
  std::string saved;
  bool had = false;
  TempCache() {
    char name[] = "/tmp/pyscript-cache-test-XXXXXX";
    root = mkdtemp(name);
    if (const char* x = std::getenv("XDG_CACHE_HOME")) had = true, saved = x;
    setenv("XDG_CACHE_HOME", root.c_str(), 1);
    unsetenv("PYSCRIPT_CACHE");
  }
  ~TempCache() {
    if (had) setenv("XDG_CACHE_HOME", saved.c_str(), 1);
    else unsetenv("XDG_CACHE_HOME");
    unsetenv("PYSCRIPT_CACHE");
    fs::remove_all(root);
  }
  // Each entry's file by inode: a store renames a new file into place, a hit leaves it.
  std::map<std::string, uintmax_t> files() const {
    std::map<std::string, uintmax_t> out;
    fs::path dir = root / "pyscript";
    if (!fs::exists(dir)) return out;
    for (const auto& e : fs::directory_iterator(dir)) {
      struct stat st;
      if (::stat(e.path().c_str(), &st) == 0) out[e.path().filename()] = st.st_ino;
    }
    return out;
  }
  size_t entries() const {
    size_t n = 0;
    fs::path dir = root / "pyscript";
    if (!fs::exists(dir)) return 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().extension() == ".entry";
    return n;
  }
};

} // namespace

TEST_CASE("a module and its specializations are stored once and found again") {
  TempCache cache;
  {
    pyscript::Module m = pyscript::compile_string(kSource, "model.py");
    CHECK(cache.entries() == 3); // the graphs and the object of the top level, the data layout
    auto add = m.function<int64_t(int64_t, int64_t)>("add");
    CHECK(add(2, 3) == 5);
    // add(int, int) came with the top level, which calls it: its object alone is compiled now
    // (Note [Functions on demand] in api/module.cpp).
    CHECK(cache.entries() == 4);
    auto fadd = m.function<double(double, double)>("add");
    CHECK(fadd(0.5, 0.25) == 0.75);
    CHECK(cache.entries() == 6); // the graphs and the object of add(float, float)
  }
  std::map<std::string, uintmax_t> stored = cache.files();
  pyscript::Module again = pyscript::compile_string(kSource, "model.py");
  CHECK(cache.entries() == 6);
  auto add = again.function<int64_t(int64_t, int64_t)>("add");
  CHECK(add(20, 22) == 42);
  auto fadd = again.function<double(double, double)>("add");
  CHECK(fadd(1.5, 0.25) == 1.75);
  CHECK(cache.files() == stored); // hits store nothing
  // A specialization not in the cache: compiled (the frontend runs now) and stored.
  auto area = again.function<double(double, int64_t)>("area");
  CHECK(area(2.5, 4) == 10.0);
  CHECK(cache.entries() == 8);
  // The top level from the cache runs and stores the module's names for the host.
  again.run();
  CHECK(again.global<int64_t>("K") == 42);
}

TEST_CASE("handles of a module from the cache are checked as a compiled module's") {
  TempCache cache;
  { pyscript::Module first = pyscript::compile_string(kSource, "model.py"); }
  std::map<std::string, uintmax_t> stored = cache.files();
  pyscript::Module m = pyscript::compile_string(kSource, "model.py");
  CHECK(cache.files() == stored); // from the cache
  CHECK_THROWS_AS((m.function<int64_t(int64_t)>("add")), pyscript::TypeError);
  CHECK_THROWS_AS((m.function<int64_t(int64_t, int64_t)>("missing")), pyscript::TypeError);
  try {
    (void)m.function<int64_t(int64_t, int64_t, int64_t)>("area");
    FAIL("a handle of the wrong arity was made");
  } catch (const pyscript::TypeError& e) {
    CHECK(std::string(e.what()).find("'area' takes 2 arguments, the handle passes 3") != std::string::npos);
  }
}

TEST_CASE("another source or another file name is another entry") {
  TempCache cache;
  pyscript::Module a = pyscript::compile_string(kSource, "model.py");
  size_t after_a = cache.entries();
  pyscript::Module b = pyscript::compile_string(kSource, "other.py"); // error locations name the file
  CHECK(cache.entries() > after_a);
  size_t after_b = cache.entries();
  pyscript::Module c = pyscript::compile_string(std::string(kSource) + "print(K + 1)\n", "model.py");
  CHECK(cache.entries() > after_b);
}

TEST_CASE("PYSCRIPT_CACHE=0 turns the cache off") {
  TempCache cache;
  setenv("PYSCRIPT_CACHE", "0", 1);
  pyscript::Module m = pyscript::compile_string(kSource, "model.py");
  auto add = m.function<int64_t(int64_t, int64_t)>("add");
  CHECK(add(1, 2) == 3);
  CHECK(cache.entries() == 0);
}

TEST_CASE("a host's top level is compiled when it first runs, and found in the cache again") {
  TempCache cache;
  size_t before = 0;
  {
    pyscript::Module m = pyscript::compile_string(kSource, "model.py");
    before = cache.entries();
    m.run(); // Note [The top level on demand]: its own object now
    CHECK(cache.entries() == before + 1);
    CHECK(m.global<int64_t>("K") == 42);
    auto add = m.function<int64_t(int64_t, int64_t)>("add"); // Note [Functions on demand]
    CHECK(add(1, 2) == 3);
    CHECK(cache.entries() == before + 2);
  }
  std::map<std::string, uintmax_t> stored = cache.files();
  pyscript::Module again = pyscript::compile_string(kSource, "model.py");
  again.run();
  CHECK(again.global<int64_t>("K") == 42);
  auto add = again.function<int64_t(int64_t, int64_t)>("add");
  CHECK(add(again.global<int64_t>("K"), 1) == 43);
  CHECK(cache.files() == stored);
}
