// User-facing diagnostics: what is wrong in the user's program, where, and how to fix it.
// Compiler bugs are not diagnostics; see support/internal_error.hpp.
//
// Text form (compiler-style, so editors and CI parse it):
//   model.py:7:9: error: in-place update 's += i' is not supported [in-place]
//       7 |         s += i
//         |         ^~~~~~
//   help: write 's = s + i'
#pragma once

#include "support/source.hpp"

#include <string>
#include <vector>

namespace pyscript {

enum class Severity { Error, Warning };

// Replace the text of `range` with `replacement`; `pyscript fix` applies these.
struct FixIt {
  SourceRange range;
  std::string replacement;
};

// A secondary place that explains the error ("'add' is defined here").
struct DiagnosticNote {
  SourceRange range; // may be invalid: then the note has no location
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code; // short kebab-case kind: in-place, unsupported, undefined, arity, ...
  std::string message;
  SourceRange range;
  std::vector<DiagnosticNote> notes;
  std::vector<std::string> help;
  std::vector<FixIt> fixits;
};

// Collects every diagnostic of one compilation, so all errors are reported in one run.
class DiagnosticEngine {
public:
  // Adds an error and returns it, so callers can attach help, notes and fix-its.
  Diagnostic& error(const SourceRange& range, std::string code, std::string message);

  // The error of `code` that begins where `range` begins, to add a fix-it to; null when none.
  Diagnostic* find(const SourceRange& range, std::string_view code);
  bool has_errors() const;
  // Whether an error begins where `range` begins (reported there already).
  bool has_error_at(const SourceRange& range) const;
  size_t error_count() const;
  // In source order (file, line, column); stable for equal locations.
  std::vector<Diagnostic> sorted() const;
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  void clear() { diagnostics_.clear(); }
  // Forgets the diagnostics after the first `n` (code lowered again: Note [Python and numpy
  // scalars meet] in lower/either.cpp).
  void truncate(size_t n) {
    if (n < diagnostics_.size()) diagnostics_.resize(n);
  }
  // Drops each diagnostic after the first `n` that repeats an earlier one (location and message).
  void drop_repeats_since(size_t n);

private:
  std::vector<Diagnostic> diagnostics_;
};

std::string format_diagnostic_text(const Diagnostic& d);
std::string format_diagnostics_text(const std::vector<Diagnostic>& ds);
// One JSON document: {"diagnostics": [...], "error_count": N}.
std::string format_diagnostics_json(const std::vector<Diagnostic>& ds);

// A string as a JSON string literal; invalid UTF-8 becomes U+FFFD.
std::string json_quote(std::string_view s);

} // namespace pyscript
