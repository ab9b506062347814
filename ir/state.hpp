// A module's state as an artifact carries it (`pyscript export`, Module::save after run()): the
// values of its globals and everything they reach, as plain data checked against the module's
// types. api/state.cpp captures it from a running module and restores it into a loaded one.
//
// Note [Module state in artifacts]
// What is saved: every global the top level stored (Note [Module names for hosts] in
// lower/module_names.cpp), each value as its static type lays it out, and the module's random
// states (np.random's legacy RandomState, the `random` module's, and every Generator reached), and
// its recursion limit. Lists, dicts and instances of user classes are objects shared by reference:
// each is saved once, in a table, and every slot holding one saves its index, so two globals naming
// one list are one list after loading, and cycles (a doubly linked list, a tree with parent links)
// come back as cycles. Arrays are saved once per buffer too (they are values: sharing saves room).
// Writing and reading walk the objects' table in order, never recursively, so a linked list of a
// million nodes needs no deep stack.
//
// The bytes (little-endian; "varint" is LEB128, unsigned):
//   types:      varint n, then n type texts (varint length, bytes): the lists' and dicts' types
//   arrays:     varint n; each: dtype byte (0 float32, 1 float64, 2 int64, 3 bool), varint rank,
//               rank varint dims, then the elements, row-major
//   generators: varint n; each: varint word count, the words (8 bytes each)
//   objects:    varint n; each: a kind byte (1 instance, 2 list, 3 dict), then a varint class index
//               into the module's classes (instance) or type index (list, dict), then a varint
//               count (list: elements; dict: entries). Then every object's contents, in order: an
//               instance's fields in layout order, a list's elements, a dict's keys and values.
//   globals:    varint n; each: name (varint length, bytes), then its value
//   random:     the legacy RandomState and the random module's state (varint word count, 0 when
//               never seeded, then the words), then the recursion limit (8 bytes)
// A value is laid out by its static type: int and float 8 bytes, bool one byte (0 or 1), None and
// functions nothing, str a varint length and UTF-8 bytes, an array a varint index into the arrays,
// numpy scalars their bytes (float32 4), a tuple its fields, a number-or-numpy-scalar (Either) its
// number then a byte, a Generator its index, a list or dict its object index, an object or
// Optional 0 for None, else its object index + 1.
//
// Reading checks everything (decode_state): counts within the bytes left, indices in their tables,
// types that parse and fit where they are used (an object's class a subclass of the slot's, a
// list's type the slot's but for the classes of objects inside), valid UTF-8, and that nothing is
// left over; a corrupted state is a StateError, never a crash (tests/fuzz/artifact_fuzzer.cpp).
// The random states' words are checked where they are restored (runtime/random).
#pragma once

#include "ir/graph.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace pyscript::ir {

class StateError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// One value, shaped by its static type (which the reader knows from where the value sits).
struct StateValue {
  // int and bool; a float's or numpy scalar's bits; an array or generator index; an object's
  // index (list, dict) or index + 1 (object, Optional; 0 is None).
  int64_t word = 0;
  std::string text;               // str
  std::vector<StateValue> fields; // a tuple's fields; an Either's {number, is numpy}
};

struct StateArray {
  DType dtype = DType::Float64;
  std::vector<int64_t> shape;
  std::string bytes; // row-major elements
};

struct StateObject {
  enum class Kind : uint8_t { Instance = 1, List = 2, Dict = 3 };
  Kind kind = Kind::Instance;
  Type type;                      // Instance: Type::object(its class); List, Dict: its type
  std::vector<StateValue> items;  // fields in layout order; elements; key, value, key, value...
};

struct StateImage {
  std::vector<std::pair<std::string, StateValue>> globals; // the globals stored, in the module's order
  std::vector<StateObject> objects;
  std::vector<StateArray> arrays;
  std::vector<std::vector<uint64_t>> generators;
  std::vector<uint64_t> legacy_random, py_random; // empty: never seeded
  int64_t recursion_limit = 1000;
};

// The bytes of `image`, whose values have the types `m` gives them.
std::string encode_state(const StateImage& image, const Module& m);
// Reads and checks bytes against `m` (its globals' types, its classes); throws StateError.
StateImage decode_state(const std::string& bytes, const Module& m);

// Elements' bytes per dtype.
int64_t dtype_bytes(DType d);

} // namespace pyscript::ir
