#include "frontend/diagnostics.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace pyscript {

Diagnostic& DiagnosticEngine::error(const SourceRange& range, std::string code,
                                    std::string message) {
  Diagnostic d;
  d.severity = Severity::Error;
  d.code = std::move(code);
  d.message = std::move(message);
  d.range = range;
  diagnostics_.push_back(std::move(d));
  return diagnostics_.back();
}

bool DiagnosticEngine::has_errors() const { return error_count() > 0; }

bool DiagnosticEngine::has_error_at(const SourceRange& range) const {
  return std::any_of(diagnostics_.begin(), diagnostics_.end(), [&](const Diagnostic& d) {
    return d.severity == Severity::Error && d.range.file == range.file && d.range.begin_byte == range.begin_byte;
  });
}

Diagnostic* DiagnosticEngine::find(const SourceRange& range, std::string_view code) {
  for (Diagnostic& d : diagnostics_)
    if (d.severity == Severity::Error && d.code == code && d.range.file == range.file &&
        d.range.begin_byte == range.begin_byte)
      return &d;
  return nullptr;
}

size_t DiagnosticEngine::error_count() const {
  return size_t(std::count_if(diagnostics_.begin(), diagnostics_.end(),
                              [](const Diagnostic& d) { return d.severity == Severity::Error; }));
}

std::vector<Diagnostic> DiagnosticEngine::sorted() const {
  std::vector<Diagnostic> out = diagnostics_;
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.range.line, a.range.column) < std::tie(b.range.line, b.range.column);
  });
  return out;
}

namespace {

const char* severity_name(Severity s) { return s == Severity::Error ? "error" : "warning"; }

// Characters of `line` before 1-based `column`, with tabs kept so the caret lines up.
std::string underline_prefix(std::string_view line, uint32_t column) {
  std::string out;
  uint32_t col = 1;
  for (size_t i = 0; i < line.size() && col < column; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80) continue;
    out += c == '\t' ? '\t' : ' ';
    ++col;
  }
  while (col < column) { out += ' '; ++col; }
  return out;
}

void append_snippet(std::string& out, const SourceRange& r) {
  if (!r.valid()) return;
  std::string_view text = r.file->line_text(r.line);
  std::string number = std::to_string(r.line);
  std::string gutter(number.size(), ' ');
  out += "    " + number + " | " + std::string(text) + "\n";
  // Underline to the end of the range, or of the line when the range spans lines.
  uint32_t line_chars = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++line_chars;
  uint32_t last = r.end_line == r.line ? r.end_column : line_chars + 1;
  uint32_t width = last > r.column ? last - r.column : 1;
  out += "    " + gutter + " | " + underline_prefix(text, r.column) + "^" +
         std::string(width - 1, '~') + "\n";
}

} // namespace

void DiagnosticEngine::drop_repeats_since(size_t n) {
  std::vector<Diagnostic> kept(diagnostics_.begin(), diagnostics_.begin() + std::ptrdiff_t(std::min(n, diagnostics_.size())));
  for (size_t i = kept.size(); i < diagnostics_.size(); ++i) {
    const Diagnostic& d = diagnostics_[i];
    bool repeat = std::any_of(kept.begin(), kept.end(), [&](const Diagnostic& k) {
      return k.range.to_string() == d.range.to_string() && k.message == d.message;
    });
    if (!repeat) kept.push_back(d);
  }
  diagnostics_ = std::move(kept);
}

std::string format_diagnostic_text(const Diagnostic& d) {
  std::string out = d.range.to_string() + ": " + severity_name(d.severity) + ": " + d.message;
  if (!d.code.empty()) out += " [" + d.code + "]";
  out += "\n";
  append_snippet(out, d.range);
  for (const DiagnosticNote& n : d.notes) {
    if (n.range.valid()) {
      out += n.range.to_string() + ": note: " + n.message + "\n";
      append_snippet(out, n.range);
    } else {
      out += "note: " + n.message + "\n";
    }
  }
  for (const std::string& h : d.help) out += "help: " + h + "\n";
  return out;
}

std::string format_diagnostics_text(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const Diagnostic& d : ds) out += format_diagnostic_text(d);
  if (!ds.empty()) {
    size_t n = ds.size();
    out += std::to_string(n) + (n == 1 ? " error" : " errors") + " generated.\n";
  }
  return out;
}

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += char(c);
        }
      }
      ++i;
      continue;
    }
    // Copy a well-formed UTF-8 sequence; replace anything else with U+FFFD.
    size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k)
      ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok) {
      out.append(s.substr(i, len));
      i += len;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out + "\"";
}

namespace {

std::string json_range(const SourceRange& r) {
  if (!r.valid()) return "null";
  return "{\"file\": " + json_quote(r.file->display_name()) +
         ", \"line\": " + std::to_string(r.line) + ", \"column\": " + std::to_string(r.column) +
         ", \"end_line\": " + std::to_string(r.end_line) +
         ", \"end_column\": " + std::to_string(r.end_column) + "}";
}

} // namespace

std::string format_diagnostics_json(const std::vector<Diagnostic>& ds) {
  std::string out = "{\"diagnostics\": [";
  for (size_t i = 0; i < ds.size(); ++i) {
    const Diagnostic& d = ds[i];
    out += i ? ",\n  " : "\n  ";
    out += "{\"severity\": \"" + std::string(severity_name(d.severity)) + "\"";
    out += ", \"code\": " + json_quote(d.code);
    out += ", \"message\": " + json_quote(d.message);
    out += ", \"file\": " + json_quote(d.range.valid() ? d.range.file->display_name() : "");
    out += ", \"range\": " + json_range(d.range);
    out += ", \"notes\": [";
    for (size_t k = 0; k < d.notes.size(); ++k)
      out += (k ? ", " : "") + std::string("{\"message\": ") + json_quote(d.notes[k].message) +
             ", \"range\": " + json_range(d.notes[k].range) + "}";
    out += "], \"help\": [";
    for (size_t k = 0; k < d.help.size(); ++k) out += (k ? ", " : "") + json_quote(d.help[k]);
    out += "], \"fixits\": [";
    for (size_t k = 0; k < d.fixits.size(); ++k)
      out += (k ? ", " : "") + std::string("{\"range\": ") + json_range(d.fixits[k].range) +
             ", \"replacement\": " + json_quote(d.fixits[k].replacement) + "}";
    out += "]}";
  }
  out += ds.empty() ? "]" : "\n]";
  out += ", \"error_count\": " + std::to_string(ds.size()) + "}\n";
  return out;
}

} // namespace pyscript
