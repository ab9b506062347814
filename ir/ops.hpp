// Op kinds: one closed list (ir/ops.def), so an op that does not exist cannot be named.
#pragma once

#include <optional>
#include <string_view>

namespace pyscript::ir {

enum class OpKind {
#define OP(name, spelling, min_in, max_in, outs, blocks, flags) name,
#include "ir/ops.def"
#undef OP
};

enum OpFlags : unsigned { kNone = 0, kPure = 1 };

struct OpInfo {
  std::string_view spelling;
  int min_inputs, max_inputs; // -1: unbounded
  int outputs;                // -1: any number
  int blocks;
  unsigned flags;
};

const OpInfo& op_info(OpKind kind);
std::string_view spelling(OpKind kind);
std::optional<OpKind> op_from_spelling(std::string_view spelling);

} // namespace pyscript::ir
