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

// Note [Effects]
// What an op does besides computing its outputs; passes ask (Node::reads_memory, writes_memory,
// may_raise), never guess from the op's name.
//   kPure    no effect, never raises: merged when equal, removed when unused.
//   kReads   its result depends on the contents of a mutable object (a list, a dict): merged only
//            with an equal op that no write separates from it; removed when unused.
//   kWrites  changes a mutable object: never removed, merged or moved across another memory op.
//   kRaises  may raise (IndexError, KeyError, MemoryError): never removed.
// An op with none of the flags (kNone) is opaque: it may read, write and raise (calls, prints,
// array ops whose errors matter).
enum OpFlags : unsigned { kNone = 0, kPure = 1, kReads = 2, kWrites = 4, kRaises = 8 };

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
