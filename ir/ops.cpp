#include "ir/ops.hpp"

#include <array>

namespace pyscript::ir {
namespace {

constexpr OpInfo kOps[] = {
#define OP(name, spelling, min_in, max_in, outs, blocks, flags) \
  {spelling, min_in, max_in, outs, blocks, flags},
#include "ir/ops.def"
#undef OP
};

} // namespace

const OpInfo& op_info(OpKind kind) { return kOps[static_cast<size_t>(kind)]; }

std::string_view spelling(OpKind kind) { return op_info(kind).spelling; }

std::optional<OpKind> op_from_spelling(std::string_view s) {
  for (size_t i = 0; i < std::size(kOps); ++i)
    if (kOps[i].spelling == s) return static_cast<OpKind>(i);
  return std::nullopt;
}

} // namespace pyscript::ir
