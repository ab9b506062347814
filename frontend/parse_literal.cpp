// Literals: Python's integer, float and string syntax decoded to values.
#include "frontend/cst_reader.hpp"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <functional>

namespace pyscript::detail {
namespace {

using ast::Expr;
using ast::FStringPiece;
using ast::ExprKind;
using ast::ExprPtr;

std::string without_underscores(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '_') out += c;
  return out;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

enum class EscapeProblem { None, Malformed, Surrogate };

// Decodes the escapes of a non-raw string body. A surrogate (\ud800-\udfff) is a problem of its
// own: CPython holds it in a str but cannot write it to a UTF-8 stdout (UnicodeEncodeError), so a
// pyscript program, whose strings are for printing, is told so at the literal.
EscapeProblem decode_escapes(std::string_view body, std::string& out) {
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 == body.size()) {
      out += c;
      continue;
    }
    char e = body[++i];
    bool surrogate = false;
    auto hex = [&](size_t digits) -> bool {
      std::string h(body.substr(i + 1, digits));
      if (h.size() != digits || h.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        return false;
      uint32_t cp = uint32_t(std::strtoul(h.c_str(), nullptr, 16));
      if (cp > 0x10FFFF) return false;
      if (cp >= 0xD800 && cp <= 0xDFFF) surrogate = true;
      append_utf8(out, cp);
      i += digits;
      return true;
    };
    switch (e) {
    case '\n': break; // line continuation inside the string
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 't': out += '\t'; break;
    case 'v': out += '\v'; break;
    case 'x': if (!hex(2)) return EscapeProblem::Malformed; break;
    case 'u': if (!hex(4)) return EscapeProblem::Malformed; break;
    case 'U': if (!hex(8)) return EscapeProblem::Malformed; break;
    case 'N': return EscapeProblem::Malformed; // \N{NAME}: the Unicode name table is not available
    default:
      if (e >= '0' && e <= '7') {
        uint32_t v = 0;
        size_t k = 0;
        while (k < 3 && i < body.size() && body[i] >= '0' && body[i] <= '7') {
          v = v * 8 + uint32_t(body[i] - '0');
          ++i;
          ++k;
        }
        --i;
        append_utf8(out, v);
      } else {
        out += '\\'; // Python keeps unknown escapes as written
        out += e;
      }
    }
    if (surrogate) return EscapeProblem::Surrogate;
  }
  return EscapeProblem::None;
}

} // namespace

ExprPtr CstReader::convert_integer(TSNode n) {
  std::string digits = without_underscores(text(n));
  SourceRange r = range(n);
  if (!digits.empty() && (digits.back() == 'j' || digits.back() == 'J')) {
    unsupported(n, "a complex number");
    return nullptr;
  }
  int base = 10;
  size_t skip = 0;
  if (digits.size() > 1 && digits[0] == '0' && std::isalpha(static_cast<unsigned char>(digits[1]))) {
    char b = char(std::tolower(static_cast<unsigned char>(digits[1])));
    base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 0;
    skip = 2;
  }
  if (base == 0) {
    diags_.error(r, "syntax", "invalid integer literal");
    return nullptr;
  }
  errno = 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(digits.c_str() + skip, &end, base);
  if (end == digits.c_str() + skip || *end != '\0') {
    diags_.error(r, "syntax", "invalid integer literal");
    return nullptr;
  }
  if (errno == ERANGE || v > uint64_t(INT64_MAX)) {
    Diagnostic& d = diags_.error(r, "overflow", "integer literal " + std::string(text(n)) +
                                                    " does not fit in a 64-bit int");
    d.help.push_back("pyscript's int is 64-bit; write it as a float if an approximation will do");
    return nullptr;
  }
  ExprPtr e = std::make_unique<Expr>(ExprKind::Int, r);
  e->int_value = int64_t(v);
  return e;
}

ExprPtr CstReader::convert_float(TSNode n) {
  std::string digits = without_underscores(text(n));
  if (!digits.empty() && (digits.back() == 'j' || digits.back() == 'J')) {
    unsupported(n, "a complex number");
    return nullptr;
  }
  char* end = nullptr;
  double v = std::strtod(digits.c_str(), &end);
  if (end == digits.c_str() || *end != '\0') {
    diags_.error(range(n), "syntax", "invalid float literal");
    return nullptr;
  }
  ExprPtr e = std::make_unique<Expr>(ExprKind::Float, range(n));
  e->float_value = v; // strtod overflows to inf, as CPython's float literal does
  return e;
}

// The replacement field `{expression!conversion:spec}` of an f-string, appended to `out`.
bool CstReader::convert_interpolation(TSNode n, Expr& out) {
  // {x=}: the text of the field up to '=' (spaces kept), then repr(x), or format(x, spec) with a spec.
  bool self_documenting = false;
  for (TSNode child : children(n))
    if (is(child, "=")) {
      uint32_t b = ts_node_start_byte(n) + 1, e = ts_node_end_byte(child);
      while (e < file_.text().size() && (file_.text()[e] == ' ' || file_.text()[e] == '\t')) ++e;
      FStringPiece label;
      label.text = std::string(std::string_view(file_.text()).substr(b, e - b));
      out.fstring.push_back(std::move(label));
      self_documenting = true;
    }
  TSNode expression = field(n, "expression");
  if (ts_node_is_null(expression) || is(expression, "expression_list") || is(expression, "pattern_list") ||
      is(expression, "yield")) {
    unsupported(n, "this f-string field", "put one expression in each field: f\"{a} {b}\"");
    return false;
  }
  // Python ends the expression at a top-level ':' (f"{x:=+9}" is x with spec "=+9"); the grammar
  // reads x := +9, an assignment expression, unless it is in parentheses.
  std::function<bool(TSNode)> bare_walrus = [&](TSNode node) {
    if (is(node, "parenthesized_expression")) return false;
    if (is(node, "named_expression")) return true;
    for (TSNode child : named_children(node))
      if (bare_walrus(child)) return true;
    return false;
  };
  if (bare_walrus(expression)) {
    Diagnostic& d = diags_.error(range(n), "unsupported",
                                 "a format spec beginning with '=' right after ':' is read as the ':=' operator by "
                                 "pyscript's parser");
    d.help.push_back("write the fill character before '=': f\"{x: =+9}\" means the same");
    return false;
  }
  FStringPiece piece;
  piece.range = range(n);
  TSNode conversion = field(n, "type_conversion");
  if (!ts_node_is_null(conversion)) {
    std::string_view c = text(conversion); // "!r"
    if (c != "!r" && c != "!s") {
      unsupported(conversion, "the conversion '" + std::string(c) + "'", "use !r or !s");
      return false;
    }
    piece.conversion = c[1];
  }
  TSNode spec = field(n, "format_specifier");
  if (!ts_node_is_null(spec)) {
    if (!named_children(spec).empty()) {
      unsupported(spec, "a replacement field inside a format spec", "write the spec out: f\"{x:8.3f}\"");
      return false;
    }
    std::string_view t = text(spec); // ":8.3f"
    piece.spec = std::string(t.substr(t.empty() || t[0] != ':' ? 0 : 1));
  }
  if (self_documenting && !piece.conversion && piece.spec.empty()) piece.conversion = 'r';
  ExprPtr e = convert_expr(expression);
  if (!e) return false;
  piece.field = int(out.operands.size());
  out.operands.push_back(std::move(e));
  out.fstring.push_back(std::move(piece));
  return true;
}

ExprPtr CstReader::convert_string(TSNode n) {
  std::vector<TSNode> parts;
  if (is(n, "concatenated_string")) parts = named_children(n);
  else parts.push_back(n);
  std::string value;
  // An f-string anywhere in a concatenation makes the whole an FString; `value` collects the
  // literal text since the last replacement field.
  ExprPtr fstring;
  auto flush_text = [&] {
    if (!fstring || value.empty()) return;
    FStringPiece piece;
    piece.text = std::move(value);
    value.clear();
    fstring->fstring.push_back(std::move(piece));
  };
  for (TSNode part : parts) {
    std::string_view whole = text(part);
    // Prefix letters, then the opening quote(s).
    size_t p = 0;
    while (p < whole.size() && whole[p] != '\'' && whole[p] != '"') ++p;
    std::string prefix;
    for (char c : whole.substr(0, p)) prefix += char(std::tolower(static_cast<unsigned char>(c)));
    if (prefix.find('b') != std::string::npos) {
      unsupported(part, "a bytes literal");
      return nullptr;
    }
    if (prefix.find('f') != std::string::npos) {
      if (!fstring) fstring = std::make_unique<Expr>(ExprKind::FString, range(n));
      for (TSNode child : named_children(part)) {
        if (is(child, "interpolation")) {
          flush_text();
          if (!convert_interpolation(child, *fstring)) return nullptr;
          continue;
        }
        if (!is(child, "string_content")) continue;
        // {{ and }} stand for braces; then the escapes, as in any string.
        std::string body(text(child));
        for (size_t at = 0; (at = body.find_first_of("{}", at)) != std::string::npos; ++at)
          if (at + 1 < body.size() && body[at + 1] == body[at]) body.erase(at, 1);
        if (!decode_part(part, body, prefix.find('r') != std::string::npos, value)) return nullptr;
      }
      continue;
    }
    if (p >= whole.size()) return nullptr;
    size_t quote_len = whole.substr(p).size() >= 6 && whole[p + 1] == whole[p] &&
                               whole[p + 2] == whole[p]
                           ? 3
                           : 1;
    if (whole.size() < p + 2 * quote_len) return nullptr;
    std::string_view body = whole.substr(p + quote_len, whole.size() - p - 2 * quote_len);
    if (!decode_part(part, body, prefix.find('r') != std::string::npos, value)) return nullptr;
  }
  if (fstring) {
    flush_text();
    if (fstring->operands.empty()) { // f"text": a plain string
      std::string text;
      for (const FStringPiece& piece : fstring->fstring) text += piece.text;
      fstring->kind = ExprKind::Str;
      fstring->text = std::move(text);
      fstring->fstring.clear();
    }
    return fstring;
  }
  ExprPtr e = std::make_unique<Expr>(ExprKind::Str, range(n));
  e->text = std::move(value);
  return e;
}

// The text of one string literal's body (raw, or with its escapes decoded) appended to `value`.
bool CstReader::decode_part(TSNode part, std::string_view body, bool raw, std::string& value) {
  if (raw) {
    value += body;
    return true;
  }
  EscapeProblem problem = decode_escapes(body, value);
  if (problem == EscapeProblem::Malformed) {
    Diagnostic& d = diags_.error(range(part), "syntax", "malformed or unsupported escape sequence in string literal");
    d.help.push_back("\\N{...} names are not supported: write the character itself, or \\uXXXX");
    return false;
  }
  if (problem == EscapeProblem::Surrogate) {
    Diagnostic& d = diags_.error(range(part), "unsupported",
                                 "string literal holds a surrogate code point (U+D800-U+DFFF), which CPython "
                                 "cannot print (UnicodeEncodeError)");
    d.help.push_back("write the character itself, or its \\U0001XXXX escape, instead of a surrogate pair");
    return false;
  }
  return true;
}

} // namespace pyscript::detail
