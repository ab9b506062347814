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

// An attribute value as the printer writes it: 10, 2.5, True, None, "text".
std::string print_attr_value(const AttrValue& v);

} // namespace pyscript::ir
