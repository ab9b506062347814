// Indentation as CPython's tokenizer reads it (see tokenizer_rules.hpp).
#include "frontend/tokenizer_rules.hpp"

#include <cctype>
#include <vector>

namespace pyscript {
namespace {

// Note [Indentation as CPython reads it]
// tree-sitter-python's external scanner makes INDENT/DEDENT tokens too, but its error recovery
// accepts what CPython refuses: a stray over-indented line is attached to some block, a block
// header whose body was deleted becomes an empty block, and no ERROR node says so. So before the
// tree is read, this scanner walks the source the way CPython's tokenizer does and applies the
// rules CPython's tokenizer and parser apply to indentation:
//   - a logical line starts at depth 0 of brackets, after no backslash continuation; lines that
//     hold only blanks and a comment do not count;
//   - its indentation is measured twice, tabs to the next multiple of 8 and tabs as 1 column;
//     the two must order the same way against the stack of open levels (else TabError);
//   - deeper than the enclosing level is an INDENT, allowed only right after a logical line
//     ending in ':' (a block header); shallower must land exactly on an enclosing level;
//   - a block header must be followed by an INDENT (at end of file too).
// Strings (with prefixes, triple quotes and backslashes) and comments are skipped so that a ':',
// '#' or bracket inside them counts for nothing. Only the first error is reported, as CPython stops
// there; the error positions are CPython's (the first token of the offending line, or the end of a
// header at end of file).

constexpr int kTabSize = 8;
constexpr size_t kMaxIndentLevels = 100; // CPython's MAXINDENT
constexpr int kMaxBracketDepth = 200;    // CPython's MAXLEVEL

bool is_identifier_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c >= 0x80;
}

// r, u, b, f, br, rb, fr, rf in any case.
bool is_string_prefix(std::string_view word) {
  std::string lower;
  for (char c : word) lower += char(c | 0x20);
  return lower == "r" || lower == "u" || lower == "b" || lower == "f" || lower == "br" ||
         lower == "rb" || lower == "fr" || lower == "rf";
}

// CPython's rules for a numeric literal that tree-sitter's grammar accepts anyway: a nonzero
// decimal integer has no leading zeros, and '_' stands only between two digits.
std::optional<std::string> number_error(std::string_view tok) {
  auto has = [&](const char* chars) { return tok.find_first_of(chars) != std::string_view::npos; };
  char base = tok.size() > 1 && tok[0] == '0' ? char(tok[1] | 0x20) : 'd';
  bool prefixed = base == 'x' || base == 'o' || base == 'b';
  auto is_digit = [&](char c) {
    if (base == 'x') return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    return c >= '0' && c <= '9';
  };
  for (size_t i = 0; i < tok.size(); ++i) {
    if (tok[i] != '_') continue;
    bool before = i > 0 && (is_digit(tok[i - 1]) || (prefixed && i == 2));
    bool after = i + 1 < tok.size() && is_digit(tok[i + 1]);
    if (!before || !after) {
      const char* kind = base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : base == 'b' ? "binary" : "decimal";
      return std::string("invalid ") + kind + " literal";
    }
  }
  if (!prefixed && tok.size() > 1 && tok[0] == '0' && !has(".eEjJ") && has("123456789"))
    return std::string("leading zeros in decimal integer literals are not permitted; use an 0o prefix "
                       "for octal integers");
  return std::nullopt;
}

class Scanner {
public:
  explicit Scanner(std::string_view text) : t_(text) {}

  std::optional<TokenizerError> run() {
    bool at_line_start = true;
    while (pos_ < t_.size() && !error_) {
      if (at_line_start) {
        at_line_start = false;
        if (depth_ == 0 && !continuation_) {
          if (!start_line()) at_line_start = true;
          continue;
        }
        continuation_ = false;
      }
      char c = t_[pos_];
      if (c == ' ' || c == '\t' || c == '\f') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < t_.size() && t_[pos_] != '\n' && t_[pos_] != '\r') ++pos_;
      } else if (c == '\n' || c == '\r') {
        skip_newline();
        end_logical_line_if_complete();
        at_line_start = true;
      } else if (c == '\\' && newline_length(pos_ + 1) > 0) {
        pos_ += 1 + newline_length(pos_ + 1);
        continuation_ = true;
        at_line_start = true;
      } else {
        read_token();
      }
    }
    if (error_) return error_;
    // End of file ends the last logical line; a header there has no body.
    if (depth_ == 0) end_logical_line_if_complete();
    if (pending_header_) {
      fail(header_end_, header_end_, expected_block_message(), "add the indented body, or 'pass'");
    }
    return error_;
  }

private:
  size_t newline_length(size_t at) const {
    if (at >= t_.size()) return 0;
    if (t_[at] == '\n') return 1;
    if (t_[at] == '\r') return at + 1 < t_.size() && t_[at + 1] == '\n' ? 2 : 1;
    return 0;
  }
  void skip_newline() { pos_ += newline_length(pos_); }

  uint32_t line_of(size_t byte) const {
    uint32_t line = 1;
    for (size_t i = 0; i < byte && i < t_.size(); ++i) {
      if (t_[i] == '\n') ++line;
      else if (t_[i] == '\r' && (i + 1 >= t_.size() || t_[i + 1] != '\n')) ++line;
    }
    return line;
  }

  void fail(size_t begin, size_t end, std::string message, std::string help) {
    if (error_) return;
    error_ = TokenizerError{uint32_t(begin), uint32_t(end), std::move(message), std::move(help)};
  }

  std::string expected_block_message() const {
    return "expected an indented block after " + header_kind_ + " on line " +
           std::to_string(line_of(header_begin_));
  }

  // At the start of a physical line outside brackets: measures its indentation and, unless the
  // line is blank or a comment, applies the indentation rules. Returns false for a blank line
  // (consumed up to its end).
  bool start_line() {
    int col = 0, alt = 0;
    size_t p = pos_;
    for (; p < t_.size(); ++p) {
      char c = t_[p];
      if (c == ' ') {
        ++col, ++alt;
      } else if (c == '\t') {
        col = (col / kTabSize + 1) * kTabSize;
        ++alt;
      } else if (c == '\f') {
        col = alt = 0;
      } else {
        break;
      }
    }
    if (p >= t_.size() || t_[p] == '#' || t_[p] == '\n' || t_[p] == '\r') {
      while (p < t_.size() && t_[p] != '\n' && t_[p] != '\r') ++p;
      pos_ = p;
      if (p < t_.size()) skip_newline();
      return false;
    }
    pos_ = p;
    apply_indentation(col, alt, p);
    return true;
  }

  void apply_indentation(int col, int alt, size_t at) {
    size_t end = at + 1;
    while (end < t_.size() && is_identifier_byte(static_cast<unsigned char>(t_[end]))) ++end;
    const char* tab_help = "indent with spaces only (4 per level)";
    if (col == levels_.back()) {
      if (alt != alt_levels_.back())
        return fail(at, end, "inconsistent use of tabs and spaces in indentation", tab_help);
    } else if (col > levels_.back()) {
      if (levels_.size() >= kMaxIndentLevels)
        return fail(at, end, "too many levels of indentation", "move the innermost blocks into a function");
      if (alt <= alt_levels_.back())
        return fail(at, end, "inconsistent use of tabs and spaces in indentation", tab_help);
      if (!pending_header_)
        return fail(at, end, "unexpected indent",
                    "indent this line as the line above it, unless it belongs in a block: then add "
                    "the block's header ('if ...:', 'for ...:') above it");
      levels_.push_back(col);
      alt_levels_.push_back(alt);
      pending_header_ = false;
      return;
    } else {
      while (levels_.size() > 1 && col < levels_.back()) {
        levels_.pop_back();
        alt_levels_.pop_back();
      }
      if (col != levels_.back())
        return fail(at, end, "unindent does not match any outer indentation level",
                    "indent this line exactly as the block it belongs to");
      if (alt != alt_levels_.back())
        return fail(at, end, "inconsistent use of tabs and spaces in indentation", tab_help);
    }
    if (pending_header_)
      fail(at, end, expected_block_message(), "indent the body of the " + header_kind_ + " below it, or write 'pass'");
  }

  // The previous logical line is over (a newline at bracket depth 0): was it a block header?
  void end_logical_line_if_complete() {
    if (depth_ != 0 || tokens_in_line_ == 0) return;
    if (last_token_colon_) {
      pending_header_ = true;
      header_begin_ = first_token_;
      header_end_ = last_token_end_;
      header_kind_ = header_kind(first_word_);
    }
    tokens_in_line_ = 0;
    last_token_colon_ = false;
    first_word_.clear();
  }

  static std::string header_kind(const std::string& word) {
    if (word == "def") return "function definition";
    if (word == "class") return "class definition";
    if (word == "if" || word == "elif" || word == "else" || word == "for" || word == "while" ||
        word == "try" || word == "except" || word == "finally" || word == "with" || word == "match" ||
        word == "case")
      return "'" + word + "' statement";
    return "this line";
  }

  void note_token(size_t begin, size_t end, bool colon) {
    if (tokens_in_line_++ == 0) first_token_ = begin;
    last_token_colon_ = colon;
    last_token_end_ = end;
  }

  void read_token() {
    size_t begin = pos_;
    unsigned char c = static_cast<unsigned char>(t_[pos_]);
    if (c == '"' || c == '\'') {
      read_string();
      note_token(begin, pos_, false);
      return;
    }
    if (is_identifier_byte(c) && !(c >= '0' && c <= '9')) {
      while (pos_ < t_.size() && is_identifier_byte(static_cast<unsigned char>(t_[pos_]))) ++pos_;
      std::string_view word = t_.substr(begin, pos_ - begin);
      if (pos_ < t_.size() && (t_[pos_] == '"' || t_[pos_] == '\'') && is_string_prefix(word)) {
        read_string();
      } else if (tokens_in_line_ == 0 || (tokens_in_line_ == 1 && first_word_ == "async")) {
        first_word_ = std::string(word);
      }
      note_token(begin, pos_, false);
      return;
    }
    if ((c >= '0' && c <= '9') || (c == '.' && pos_ + 1 < t_.size() && t_[pos_ + 1] >= '0' && t_[pos_ + 1] <= '9')) {
      // A number: digits, letters, '_', '.', and a sign right after an exponent's 'e'.
      while (pos_ < t_.size()) {
        char d = t_[pos_];
        if (is_identifier_byte(static_cast<unsigned char>(d)) || d == '.') {
          ++pos_;
        } else if ((d == '+' || d == '-') && (t_[pos_ - 1] == 'e' || t_[pos_ - 1] == 'E')) {
          ++pos_;
        } else {
          break;
        }
      }
      if (auto message = number_error(t_.substr(begin, pos_ - begin)))
        fail(begin, pos_, *message, "write the number as Python does: 0o17 for octal, 1_000 with digits around '_'");
      note_token(begin, pos_, false);
      return;
    }
    if (c == '`') {
      // Python 2's repr quotes; tree-sitter's grammar still reads them.
      fail(begin, begin + 1, "invalid syntax", "write repr(...) instead of backquotes");
      return;
    }
    ++pos_;
    if (c == '(' || c == '[' || c == '{') {
      if (++depth_ >= kMaxBracketDepth)
        fail(begin, pos_, "too many nested parentheses", "split the expression with intermediate variables");
    } else if (c == ')' || c == ']' || c == '}') {
      if (depth_ > 0) --depth_;
    } else if (c == ':' && pos_ < t_.size() && t_[pos_] == '=') {
      ++pos_; // ':=' is one token
      note_token(begin, pos_, false);
      return;
    }
    note_token(begin, pos_, c == ':');
  }

  // From an opening quote: past the closing one. An unterminated string stops at the end of its
  // line (or of the file); tree-sitter reports it.
  void read_string() {
    char q = t_[pos_];
    bool triple = pos_ + 2 < t_.size() && t_[pos_ + 1] == q && t_[pos_ + 2] == q;
    pos_ += triple ? 3 : 1;
    while (pos_ < t_.size()) {
      char c = t_[pos_];
      if (c == '\\') {
        pos_ += 1 + std::max<size_t>(1, newline_length(pos_ + 1));
      } else if (c == q && (!triple || (pos_ + 2 < t_.size() && t_[pos_ + 1] == q && t_[pos_ + 2] == q))) {
        pos_ += triple ? 3 : 1;
        return;
      } else if (!triple && (c == '\n' || c == '\r')) {
        return;
      } else {
        ++pos_;
      }
    }
    if (pos_ > t_.size()) pos_ = t_.size();
  }

  std::string_view t_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool continuation_ = false;
  std::vector<int> levels_{0}, alt_levels_{0};
  // The logical line being read.
  int tokens_in_line_ = 0;
  bool last_token_colon_ = false;
  size_t first_token_ = 0, last_token_end_ = 0;
  std::string first_word_;
  // The last logical line ended in ':' and its body has not started yet.
  bool pending_header_ = false;
  size_t header_begin_ = 0, header_end_ = 0;
  std::string header_kind_;
  std::optional<TokenizerError> error_;
};

} // namespace

std::optional<TokenizerError> check_tokenizer_rules(std::string_view text) { return Scanner(text).run(); }

} // namespace pyscript
