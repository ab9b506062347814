#include "support/source.hpp"

#include <algorithm>

namespace pyscript {

std::string SourceRange::to_string() const {
  if (!valid()) return "<unknown>";
  return file->display_name() + ":" + std::to_string(line) + ":" + std::to_string(column);
}

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  uint32_t begin = line_starts_[line - 1];
  uint32_t end = line < line_starts_.size() ? line_starts_[line] - 1 : uint32_t(text_.size());
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

uint32_t SourceFile::line_of(uint32_t byte) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte);
  return uint32_t(it - line_starts_.begin());
}

uint32_t SourceFile::column_of(uint32_t line, uint32_t byte) const {
  uint32_t col = 1;
  for (uint32_t i = line_starts_[line - 1]; i < byte && i < text_.size(); ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col; // skip UTF-8 continuation bytes
  return col;
}

SourceRange SourceFile::range(uint32_t begin_byte, uint32_t end_byte) const {
  begin_byte = std::min<uint32_t>(begin_byte, uint32_t(text_.size()));
  end_byte = std::clamp<uint32_t>(end_byte, begin_byte, uint32_t(text_.size()));
  SourceRange r;
  r.file = this;
  r.begin_byte = begin_byte;
  r.end_byte = end_byte;
  r.line = line_of(begin_byte);
  r.column = column_of(r.line, begin_byte);
  r.end_line = line_of(end_byte);
  r.end_column = column_of(r.end_line, end_byte);
  return r;
}

std::string_view SourceFile::slice(const SourceRange& r) const {
  return std::string_view(text_).substr(r.begin_byte, r.end_byte - r.begin_byte);
}

} // namespace pyscript
