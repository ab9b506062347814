#include "frontend/fixits.hpp"

#include <algorithm>

namespace pyscript {

std::string apply_fixits(const std::string& text, const std::vector<Diagnostic>& diagnostics) {
  std::vector<const FixIt*> fixits;
  for (const Diagnostic& d : diagnostics)
    for (const FixIt& f : d.fixits) fixits.push_back(&f);
  std::stable_sort(fixits.begin(), fixits.end(), [](const FixIt* a, const FixIt* b) {
    return a->range.begin_byte < b->range.begin_byte;
  });
  std::string out;
  size_t pos = 0;
  for (const FixIt* f : fixits) {
    if (f->range.begin_byte < pos) continue; // overlaps one already applied
    out.append(text, pos, f->range.begin_byte - pos);
    out += f->replacement;
    pos = f->range.end_byte;
  }
  out.append(text, pos, std::string::npos);
  return out;
}

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size() - 1;
    lines.push_back(text.substr(start, nl - start + 1));
    start = nl + 1;
  }
  return lines;
}

// One change: lines [a_begin, a_end) of `before` become [b_begin, b_end) of `after`.
struct Change {
  size_t a_begin, a_end, b_begin, b_end;
};

void emit_line(std::string& out, char mark, const std::string& line) {
  out += mark;
  out += line;
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

} // namespace

std::string unified_diff(const std::string& path, const std::string& before,
                         const std::string& after) {
  if (before == after) return "";
  std::vector<std::string> a = split_lines(before), b = split_lines(after);
  // Trim the common prefix and suffix; fix-its keep the line count, so the middle pairs up line by
  // line. When it does not, the whole middle is one change (a correct, if not minimal, diff).
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  std::vector<Change> changes;
  if (a.size() == b.size()) {
    for (size_t i = prefix; i < a.size() - suffix; ++i) {
      if (a[i] == b[i]) continue;
      if (!changes.empty() && changes.back().a_end == i) {
        ++changes.back().a_end;
        ++changes.back().b_end;
      } else {
        changes.push_back({i, i + 1, i, i + 1});
      }
    }
  } else {
    changes.push_back({prefix, a.size() - suffix, prefix, b.size() - suffix});
  }

  constexpr size_t kContext = 3;
  // git's a/ and b/ prefixes for a relative path (patch -p1); an absolute path stays as it is, as
  // `diff -u` writes it (patch -p0), rather than becoming a//tmp/x.py.
  bool absolute = !path.empty() && path[0] == '/';
  std::string out = "--- " + std::string(absolute ? "" : "a/") + path + "\n+++ " +
                    std::string(absolute ? "" : "b/") + path + "\n";
  size_t i = 0;
  while (i < changes.size()) {
    // Merge changes whose context would touch into one hunk.
    size_t j = i;
    while (j + 1 < changes.size() && changes[j + 1].a_begin <= changes[j].a_end + 2 * kContext) ++j;
    size_t a_start = changes[i].a_begin >= kContext ? changes[i].a_begin - kContext : 0;
    size_t b_start = changes[i].b_begin - (changes[i].a_begin - a_start);
    size_t a_stop = std::min(a.size(), changes[j].a_end + kContext);
    size_t b_stop = changes[j].b_end + (a_stop - changes[j].a_end);
    out += "@@ -" + std::to_string(a_start + 1) + "," + std::to_string(a_stop - a_start) + " +" +
           std::to_string(b_start + 1) + "," + std::to_string(b_stop - b_start) + " @@\n";
    size_t pos = a_start;
    for (size_t k = i; k <= j; ++k) {
      for (; pos < changes[k].a_begin; ++pos) emit_line(out, ' ', a[pos]);
      for (size_t x = changes[k].a_begin; x < changes[k].a_end; ++x) emit_line(out, '-', a[x]);
      for (size_t x = changes[k].b_begin; x < changes[k].b_end; ++x) emit_line(out, '+', b[x]);
      pos = changes[k].a_end;
    }
    for (; pos < a_stop; ++pos) emit_line(out, ' ', a[pos]);
    i = j + 1;
  }
  return out;
}

namespace {

std::string source_text(const ast::Expr& e) {
  return e.range.file ? std::string(e.range.file->slice(e.range)) : std::string();
}

bool is_full_slice(const ast::Expr& index) {
  if (index.kind != ast::ExprKind::Slice) return false;
  for (const ast::ExprPtr& part : index.operands)
    if (part) return false;
  return true;
}

} // namespace

Diagnostic& report_array_item_assignment(DiagnosticEngine& diags, const ast::Expr& target,
                                         const ast::Expr& value) {
  Diagnostic& d = diags.error(target.range, "in-place",
                              "assignment to '" + source_text(target) +
                                  "' would change an array in place, which is not supported");
  const ast::Expr& array = *target.operands[0];
  std::string name = array.kind == ast::ExprKind::Name ? array.text : "a";
  if (array.kind == ast::ExprKind::Name && is_full_slice(*target.operands[1])) {
    d.help.push_back("arrays are values in pyscript: compute the new array and assign it to the "
                     "name: '" +
                     name + " = " + source_text(value) + "'");
  } else {
    d.help.push_back("arrays are values in pyscript: compute the new array and assign it to the "
                     "name, e.g. '" +
                     name + " = np.where(mask, " + source_text(value) + ", " + name + ")'");
    d.help.push_back("or fill a list and convert it once: '" + name + " = np.array(values)'");
  }
  d.notes.push_back(
      {SourceRange{}, "pyscript arrays are values: no operation changes one in place"});
  return d;
}

} // namespace pyscript
