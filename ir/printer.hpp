// The IR's one textual form (docs/OVERVIEW.md shows it); ir/parser.hpp reads it back, and
// parse(print(m)) prints the same text again.
#pragma once

#include "ir/graph.hpp"

#include <string>

namespace pyscript::ir {

struct PrintOptions {
  bool source_locations = true; // "  # model.py:3:9" after each node
};

std::string print_function(const Function& f, const PrintOptions& options = {});
std::string print_module(const Module& m, const PrintOptions& options = {});
// One class layout as a line of module text:
//   class @Dense(Layer) 2 3 {w: Array[float64, 2], b: Array[float64, 1]} methods {__call__ 2} str "" repr ""
std::string print_class(const ClassLayout& c);

// An attribute value as the printer writes it: 10, 2.5, True, None, "text".
std::string print_attr_value(const AttrValue& v);

} // namespace pyscript::ir
