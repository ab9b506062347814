// Base64 (RFC 4648), for the machine code an artifact carries in its text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pyscript {

std::string base64_encode(std::string_view bytes);
// Nothing when `text` is not valid base64.
std::optional<std::string> base64_decode(std::string_view text);

} // namespace pyscript
