// Objects and module state from C++ (SPEC.md, "Objects and module state"): Module::global<T> of
// every kind, pyscript::Object attributes and methods (an override called through a base-class
// name), the TypeErrors, handles that outlive their Module, methods called from two threads, and
// save/load of the state in one process (tests/state_test.py loads exports in another).
#include <pyscript/pyscript.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace {

using pyscript::Object;
using pyscript::Tensor;

const char* kModel = R"(import random

import numpy as np


class Animal:
    def __init__(self, name, legs):
        self.name = name
        self.legs = legs
        self.friend = None

    def speak(self):
        return self.name + " makes a sound"

    def describe(self, times):
        return (self.speak() + "; ") * times

    def total_legs(self, other):
        return self.legs + other


class Dog(Animal):
    def __init__(self, name):
        super().__init__(name, 4)
        self.tricks = ["sit", "roll"]

    def speak(self):
        return self.name + " barks"


class Layer:
    def __init__(self, w, b):
        self.w = w
        self.b = b
        self.calls = 0
        self.scale = 1.5
        self.on = True

    def __call__(self, x):
        return np.maximum(x @ self.w + self.b, 0.0)

    def forward(self, x):
        return self(x) * self.scale

    def bump(self, n):
        self.calls = self.calls + n
        return self.calls

    def fail(self, d):
        return self.calls // d


w = np.array([[1.0, -1.0], [0.5, 2.0]])
layer = Layer(w, np.array([0.0, 0.5]))
same_layer = layer
rex = Dog("Rex")
cat = Animal("Tom", 4)
rex.friend = cat
pet = rex if len(rex.tricks) > 1 else cat
pets = [cat, rex]
nobody = cat.friend
steps = 0
for i in range(7):
    steps = steps + 2
ratio = 0.25
ok = steps > 10
title = "h\u00e9llo"
floats = [0.5, 1.5]
ints = [3, 1, 2]
flags = [True, False]
words = ["a", "bc"]
nested = [[1, 2], [3]]
f32 = np.ones((2, 3), dtype=np.float32)
i64 = np.arange(4)
mask = i64 > 1
col = w.T
s64 = w.sum()
s32 = f32.sum()
si = i64.max()
sb = mask.any()
acc = 0.0
for v in w[0]:
    acc = acc + v
pair = (1, "x")
ages = {"rex": 3}
np.random.seed(5)
rng = np.random.default_rng(9)
random.seed(11)


def draw():
    return rng.random() + np.random.rand() + random.random()


print(layer.forward(np.array([[1.0, 1.0]])), pet.speak(), steps, acc, draw())
)";

pyscript::Module ran_model() {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  m.run();
  return m;
}

Tensor row(double a, double b) {
  double data[2] = {a, b};
  return Tensor::from_data<double>({1, 2}, data);
}

std::string type_error(auto&& f) {
  try {
    f();
  } catch (const pyscript::TypeError& e) {
    return e.what();
  }
  return "(no TypeError)";
}

} // namespace

TEST_CASE("global<T> reads every kind of module-level name after run()") {
  pyscript::Module m = ran_model();
  CHECK(m.global<int64_t>("steps") == 14); // assigned in a loop: its last value
  CHECK(m.global<double>("ratio") == 0.25);
  CHECK(m.global<bool>("ok"));
  CHECK(m.global<std::string>("title") == "h\xc3\xa9llo");
  CHECK(m.global<std::vector<double>>("floats") == std::vector<double>{0.5, 1.5});
  CHECK(m.global<std::vector<int64_t>>("ints") == std::vector<int64_t>{3, 1, 2});
  CHECK(m.global<std::vector<bool>>("flags") == std::vector<bool>{true, false});
  CHECK(m.global<std::vector<std::string>>("words") == std::vector<std::string>{"a", "bc"});
  CHECK(m.global<std::vector<std::vector<int64_t>>>("nested") == std::vector<std::vector<int64_t>>{{1, 2}, {3}});
  Tensor f32 = m.global<Tensor>("f32");
  CHECK(f32.dtype() == pyscript::DType::Float32);
  CHECK(f32.shape() == std::vector<int64_t>{2, 3});
  CHECK(f32.data<float>()[5] == 1.0f);
  CHECK(m.global<Tensor>("i64").data<int64_t>()[3] == 3);
  CHECK(m.global<Tensor>("mask").data<bool>()[2]);
  Tensor col = m.global<Tensor>("col"); // a transposed view: contiguous on the host side
  CHECK(col.data<double>()[1] == 0.5);
  // numpy scalars: np.float64, np.float32, np.int64, np.bool_
  CHECK(m.global<double>("s64") == 2.5);
  CHECK(m.global<float>("s32") == 6.0f);
  CHECK(m.global<int64_t>("si") == 3);
  CHECK(m.global<bool>("sb"));
  CHECK(m.global<double>("acc") == 0.0); // a float that may be a np.float64
  Object layer = m.global<Object>("layer");
  CHECK(layer.class_name() == "Layer");
  CHECK(layer.is(m.global<Object>("same_layer")));
  CHECK(m.global<Object>("nobody").empty()); // an Optional holding None
  // Copies: changing the vector leaves the module's list as it was.
  auto floats = m.global<std::vector<double>>("floats");
  floats.push_back(9.0);
  CHECK(m.global<std::vector<double>>("floats").size() == 2);
}

TEST_CASE("Object::attr reads fields; method calls the run-time class's method") {
  pyscript::Module m = ran_model();
  Object layer = m.global<Object>("layer");
  CHECK(layer.attr<Tensor>("w").shape() == std::vector<int64_t>{2, 2});
  CHECK(layer.attr<double>("scale") == 1.5);
  CHECK(layer.attr<bool>("on"));
  auto forward = layer.method<Tensor(Tensor)>("forward");
  Tensor y = forward(row(1.0, 1.0));
  CHECK(y.data<double>()[0] == 2.25);
  CHECK(y.data<double>()[1] == 2.25);
  auto call = layer.method<Tensor(Tensor)>("__call__");
  CHECK(call(row(2.0, 0.0)).data<double>()[0] == 2.0);
  auto bump = layer.method<int64_t(int64_t)>("bump");
  CHECK(bump(3) == 3);
  CHECK(bump(4) == 7);
  CHECK(layer.attr<int64_t>("calls") == 7); // the method changed the module's object
  CHECK(m.global<Object>("same_layer").attr<int64_t>("calls") == 7);

  // `pet` is an Animal variable holding a Dog: speak() is Dog's, also inside describe().
  Object pet = m.global<Object>("pet");
  CHECK(pet.class_name() == "Dog");
  CHECK(pet.method<std::string()>("speak")() == "Rex barks");
  CHECK(pet.method<std::string(int64_t)>("describe")(2) == "Rex barks; Rex barks; ");
  CHECK(pet.method<int64_t(int64_t)>("total_legs")(1) == 5); // Animal's, inherited
  CHECK(m.global<Object>("cat").method<std::string()>("speak")() == "Tom makes a sound");
  CHECK(pet.attr<std::vector<std::string>>("tricks") == std::vector<std::string>{"sit", "roll"});
  Object friend_ = pet.attr<Object>("friend");
  CHECK(friend_.class_name() == "Animal");
  CHECK(friend_.is(m.global<Object>("cat")));
  CHECK(friend_.attr<Object>("friend").empty());
  CHECK(friend_.attr<std::string>("name") == "Tom");

  // A failing method: the RuntimeError carries the Python location.
  auto fail = layer.method<int64_t(int64_t)>("fail");
  CHECK(fail(2) == 3);
  try {
    fail(0);
    FAIL("no error");
  } catch (const pyscript::RuntimeError& e) {
    CHECK(std::string(e.what()).find("ZeroDivisionError") != std::string::npos);
    CHECK(e.location().find("model.py:") == 0);
  }
}

TEST_CASE("names and attributes of another type, and handles that do not fit, throw TypeError") {
  pyscript::Module m = ran_model();
  CHECK(type_error([&] { m.global<double>("steps"); }).find("'steps' is int; read it as int64_t") != std::string::npos);
  CHECK(type_error([&] { m.global<int64_t>("title"); }).find("read it as std::string") != std::string::npos);
  CHECK(type_error([&] { m.global<Object>("w"); }).find("read it as pyscript::Tensor") != std::string::npos);
  CHECK(type_error([&] { m.global<Tensor>("layer"); }).find("read it as pyscript::Object") != std::string::npos);
  CHECK(type_error([&] { m.global<std::vector<int64_t>>("floats"); }).find("std::vector<double>") != std::string::npos);
  CHECK(type_error([&] { m.global<double>("s32"); }).find("read it as float") != std::string::npos);
  CHECK(type_error([&] { m.global<int64_t>("missing"); }).find("no module-level name 'missing'") != std::string::npos);
  CHECK(type_error([&] { m.global<std::vector<Tensor>>("floats"); }).find("cannot hold") != std::string::npos);
  CHECK(type_error([&] { m.global<int64_t>("pair"); }).find("Tuple[int, str]") != std::string::npos);
  Object layer = m.global<Object>("layer");
  CHECK(type_error([&] { layer.attr<int64_t>("nope"); }).find("'Layer' object has no attribute 'nope'") != std::string::npos);
  CHECK(type_error([&] { layer.attr<Tensor>("calls"); }).find("read it as int64_t") != std::string::npos);
  CHECK(type_error([&] { layer.method<int64_t()>("nope"); }).find("class 'Layer' has no method 'nope'") != std::string::npos);
  CHECK(type_error([&] { layer.method<int64_t()>("bump"); }).find("takes 1 arguments besides self") != std::string::npos);
  CHECK(type_error([&] { layer.method<std::string(int64_t)>("bump"); }).find("returns int") != std::string::npos);
  CHECK(type_error([&] { layer.method<int64_t(float)>("bump"); }).find("cannot pass") != std::string::npos);
  // With a tensor argument the arity is checked when the handle is made.
  CHECK(type_error([&] { layer.method<Tensor(Tensor, Tensor)>("forward"); }).find("takes 1 arguments") != std::string::npos);
  CHECK_THROWS_AS(Object().attr<int64_t>("x"), std::logic_error);
}

TEST_CASE("before run() a global is a NameError") {
  pyscript::Module m = pyscript::compile_string(kModel, "model.py");
  try {
    m.global<int64_t>("steps");
    FAIL("no error");
  } catch (const pyscript::RuntimeError& e) {
    CHECK(e.error() == "NameError: name 'steps' is not defined");
  }
}

TEST_CASE("objects and method handles outlive their Module") {
  std::optional<Object> layer;
  std::optional<pyscript::Method<Tensor(Tensor)>> forward;
  std::optional<pyscript::Method<std::string()>> speak;
  {
    pyscript::Module m = ran_model();
    layer = m.global<Object>("layer");
    forward = layer->method<Tensor(Tensor)>("forward");
    speak = m.global<Object>("rex").method<std::string()>("speak");
  }
  CHECK((*forward)(row(1.0, 1.0)).data<double>()[1] == 2.25);
  CHECK((*speak)() == "Rex barks");
  CHECK(layer->attr<Tensor>("b").data<double>()[1] == 0.5);
  CHECK(forward->object().is(*layer));
}

TEST_CASE("two threads call methods of one object at once") {
  pyscript::Module m = ran_model();
  Object layer = m.global<Object>("layer");
  Object pet = m.global<Object>("pet");
  auto speak = pet.method<std::string(int64_t)>("describe");
  std::vector<int> wrong(2, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      // Each thread asks for its own handle first: the first requests compile once, serialized.
      auto forward = layer.method<Tensor(Tensor)>("forward");
      for (int i = 0; i < 2000; ++i) {
        double x = double(i % 7 + t);
        Tensor y = forward(row(x, x));
        if (y.data<double>()[0] != 1.5 * x * 1.5 || y.data<double>()[1] != 1.5 * (x + 0.5)) ++wrong[size_t(t)];
        if (layer.attr<Tensor>("w").shape()[0] != 2) ++wrong[size_t(t)];
        if (speak(1) != "Rex barks; ") ++wrong[size_t(t)];
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(wrong[0] == 0);
  CHECK(wrong[1] == 0);
}

TEST_CASE("save after run() keeps the state; load restores it without running the top level") {
  std::string path = (std::filesystem::temp_directory_path() / "pyscript_objects_api_test.pys").string();
  pyscript::Module m = ran_model();
  auto draw = m.function<double()>("draw");
  m.global<Object>("layer").method<int64_t(int64_t)>("bump")(5);
  m.save(path);
  double next = draw(); // what the loaded module's first draw must give
  pyscript::Module loaded = pyscript::load(path);
  loaded.run(); // an export: nothing runs (no output, nothing changes)
  CHECK(loaded.global<int64_t>("steps") == 14);
  CHECK(loaded.global<std::string>("title") == "h\xc3\xa9llo");
  CHECK(loaded.global<std::vector<std::vector<int64_t>>>("nested") == std::vector<std::vector<int64_t>>{{1, 2}, {3}});
  CHECK(loaded.global<float>("s32") == 6.0f);
  CHECK(loaded.global<Tensor>("col").data<double>()[2] == -1.0);
  Object layer = loaded.global<Object>("layer");
  CHECK(layer.attr<int64_t>("calls") == 5);
  CHECK(layer.is(loaded.global<Object>("same_layer")));
  CHECK(layer.method<Tensor(Tensor)>("forward")(row(1.0, 1.0)).data<double>()[0] == 2.25);
  Object pet = loaded.global<Object>("pet");
  CHECK(pet.class_name() == "Dog");
  CHECK(pet.method<std::string()>("speak")() == "Rex barks");
  CHECK(pet.attr<Object>("friend").is(loaded.global<Object>("cat")));
  CHECK(loaded.global<Object>("nobody").empty());
  CHECK(loaded.function<double()>("draw")() == next); // the random streams continue
  // A method the artifact holds no specialization of (saved before it was asked for).
  CHECK(type_error([&] { loaded.global<Object>("cat").method<int64_t(int64_t)>("total_legs"); })
            .find("holds no specialization") != std::string::npos);
  std::filesystem::remove(path);
}
