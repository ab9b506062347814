// A source file held in memory, and ranges into it.
// Lines and columns are 1-based; columns count characters (UTF-8 code points), as CPython's do.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pyscript {

class SourceFile;

struct SourceRange {
  const SourceFile* file = nullptr;
  uint32_t begin_byte = 0, end_byte = 0;
  uint32_t line = 0, column = 0;         // where the range begins
  uint32_t end_line = 0, end_column = 0; // one past its last character

  bool valid() const { return file != nullptr && line != 0; }
  // "model.py:7:9", or "<unknown>" for a range that was never set.
  std::string to_string() const;
};

class SourceFile {
public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  // The name diagnostics print: the path as the user gave it.
  const std::string& display_name() const { return path_; }

  size_t line_count() const { return line_starts_.size(); }
  // The text of a 1-based line, without its newline.
  std::string_view line_text(uint32_t line) const;
  // The range covering bytes [begin, end).
  SourceRange range(uint32_t begin_byte, uint32_t end_byte) const;
  std::string_view slice(const SourceRange& r) const;

private:
  uint32_t line_of(uint32_t byte) const;
  uint32_t column_of(uint32_t line, uint32_t byte) const;

  std::string path_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

} // namespace pyscript
