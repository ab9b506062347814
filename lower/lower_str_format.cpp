// "literal {} {:>8.2f}".format(...) as the f-string the compiler already lowers (Note [str.format]),
// and str.maketrans / s.translate (Python-written: kStrSource in stdlib_modules.cpp).
#include "lower/function_lowering.hpp"
#include "lower/module_lowering.hpp"

#include <optional>

namespace pyscript::lower {

using ir::Type;
using ir::TypeKind;
using ir::Value;

// Note [str.format]
// `"{:<6} #{} {name!r}".format(a, b, name=c)` of a literal format string is lowered as the f-string
// f"{$0:<6} #{$1} {$name!r}": the arguments are evaluated once each, in call order, and bound to
// hidden names, so a field that repeats or reorders them reads the value rather than evaluating the
// expression again; then the fields are formatted left to right, as CPython does. The format string
// is parsed here as CPython's str.format parses it: `{{` and `}}`, automatic and manual numbering,
// `.attr` and `[key]` accessors (a key of digits is an int), !r and !s, the spec after ':'. What
// CPython raises for every call (a malformed string, numbering switched, a field with no argument)
// is a diagnostic naming CPython's error, the first one CPython would reach (it parses and formats
// the fields in order; a spec the field's type refuses is found after every field has its argument,
// by the f-string's own check, so of two errors in one string the other may be named). Not supported: a replacement field inside a spec ('{:{w}}'), !a, and a
// receiver that is not a literal (its fields are unknown when compiling).
namespace {

struct Accessor {
  bool attribute = false; // .name, else [key]
  std::string key;
};

struct FormatPiece {
  bool field = false;
  std::string text; // the literal text, when !field
  std::string arg;  // "" (automatic), digits (positional), or a keyword's name
  std::vector<Accessor> accessors;
  char conversion = 0;
  std::string spec;
};

struct FormatError {
  std::string kind; // "ValueError", "IndexError", "KeyError", or "" for what pyscript does not support
  std::string message;
};

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// arg_name ("." attribute | "[" key "]")*
std::optional<FormatError> parse_field_name(const std::string& name, FormatPiece& f) {
  size_t i = name.find_first_of(".[");
  f.arg = name.substr(0, i);
  while (i < name.size()) {
    Accessor a;
    if (name[i] == '.') {
      size_t end = name.find_first_of(".[", i + 1);
      a.attribute = true;
      a.key = name.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
      i = end;
    } else {
      size_t close = name.find(']', i);
      if (close == std::string::npos) return FormatError{"ValueError", "Missing ']' in format string"};
      a.key = name.substr(i + 1, close - i - 1);
      i = close + 1;
      if (i < name.size() && name[i] != '.' && name[i] != '[')
        return FormatError{"ValueError", "Only '.' or '[' may follow ']' in format field specifier"};
    }
    if (a.key.empty()) return FormatError{"ValueError", "Empty attribute in format string"};
    f.accessors.push_back(std::move(a));
  }
  return std::nullopt;
}

// The text between a field's braces: name[!conversion][:spec].
std::optional<FormatError> parse_field(const std::string& body, FormatPiece& f) {
  f.field = true;
  size_t k = 0;
  for (int depth = 0; k < body.size(); ++k) { // a ':' or '!' inside [...] belongs to the key
    if (body[k] == '[') ++depth;
    else if (body[k] == ']' && depth > 0) --depth;
    else if (depth == 0 && (body[k] == '!' || body[k] == ':')) break;
  }
  if (std::optional<FormatError> error = parse_field_name(body.substr(0, k), f)) return error;
  if (k < body.size() && body[k] == '!') {
    if (k + 1 >= body.size())
      return FormatError{"ValueError", "end of string while looking for conversion specifier"};
    f.conversion = body[k + 1];
    k += 2;
    if (k < body.size() && body[k] != ':')
      return FormatError{"ValueError", "expected ':' after conversion specifier"};
    if (f.conversion != 'r' && f.conversion != 's' && f.conversion != 'a')
      return FormatError{"ValueError", std::string("Unknown conversion specifier ") + f.conversion};
    if (f.conversion == 'a') return FormatError{"", "the conversion '!a' is not supported by pyscript|use !r or !s"};
  }
  if (k < body.size()) f.spec = body.substr(k + 1);
  if (f.spec.find_first_of("{}") != std::string::npos)
    return FormatError{"", "a replacement field inside a format spec is not supported by pyscript|"
                           "write the spec out: \"{:8.3f}\""};
  return std::nullopt;
}

// The pieces of `s` up to its first error, which is returned.
std::optional<FormatError> parse_format(const std::string& s, std::vector<FormatPiece>& out) {
  std::string text;
  auto flush = [&] {
    if (text.empty()) return;
    FormatPiece p;
    p.text = std::move(text);
    text.clear();
    out.push_back(std::move(p));
  };
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if ((c == '{' || c == '}') && i + 1 < s.size() && s[i + 1] == c) { // {{ and }}
      text += c;
      i += 2;
      continue;
    }
    if (c == '}') return FormatError{"ValueError", "Single '}' encountered in format string"};
    if (c != '{') {
      text += c;
      ++i;
      continue;
    }
    if (i + 1 == s.size()) return FormatError{"ValueError", "Single '{' encountered in format string"};
    size_t j = i + 1;
    bool in_name = true; // in the field's name a [key] may hold braces
    for (int depth = 1; j < s.size(); ++j) {
      if (in_name && s[j] == '[') {
        size_t close = s.find(']', j);
        if (close == std::string::npos) {
          j = s.size();
          break;
        }
        j = close;
      } else if (s[j] == '!' || s[j] == ':') {
        in_name = false;
      } else if (s[j] == '{') {
        ++depth;
      } else if (s[j] == '}' && --depth == 0) {
        break;
      }
    }
    std::string body = s.substr(i + 1, j - i - 1);
    if (j >= s.size())
      return FormatError{"ValueError", body.find_first_of("!:") != std::string::npos
                                           ? "unmatched '{' in format spec"
                                           : "expected '}' before end of string"};
    flush();
    FormatPiece f;
    if (std::optional<FormatError> error = parse_field(body, f)) return error;
    out.push_back(std::move(f));
    i = j + 1;
  }
  flush();
  return std::nullopt;
}

} // namespace

Value* FunctionLowering::lower_str_format(const ast::Expr& callee, const ast::Expr& e, std::vector<Value*>& args) {
  const ast::Expr& receiver = *callee.operands[0];
  if (receiver.kind != ast::ExprKind::Str) {
    type_error(callee.text_range, "str.format() of a format string that is not a literal is not supported",
               "write the format string in the call: \"{} {:.2f}\".format(a, b), or an f-string: f\"{a} {b:.2f}\"");
    return nullptr;
  }
  Environment empty;
  Environment& env = call_env_ ? *call_env_ : empty;
  std::vector<std::pair<std::string, Value*>> named; // keywords, evaluated after the positional arguments
  for (const ast::Keyword& kw : e.keywords) {
    Value* v = lower_expr(*kw.value, env);
    if (!v) return nullptr;
    if (never_values_.count(v)) return v; // what follows a raise never runs
    named.emplace_back(kw.name, v);
  }
  std::vector<FormatPiece> pieces;
  std::optional<FormatError> error = parse_format(receiver.text, pieces);
  std::string prefix = "$format" + std::to_string(module_.new_origin()) + ".";
  auto fstring = std::make_unique<ast::Expr>(ast::ExprKind::FString, receiver.range);
  enum class Numbering { Unknown, Automatic, Manual } numbering = Numbering::Unknown;
  size_t next = 0;
  for (const FormatPiece& p : pieces) {
    ast::FStringPiece piece;
    piece.range = receiver.range;
    if (!p.field) {
      piece.text = p.text;
      fstring->fstring.push_back(std::move(piece));
      continue;
    }
    std::string hidden;
    if (p.arg.empty() || all_digits(p.arg)) {
      Numbering mode = p.arg.empty() ? Numbering::Automatic : Numbering::Manual;
      if (numbering != Numbering::Unknown && numbering != mode) {
        error = FormatError{"ValueError", mode == Numbering::Automatic
                                              ? "cannot switch from manual field specification to automatic field numbering"
                                              : "cannot switch from automatic field numbering to manual field specification"};
        break;
      }
      numbering = mode;
      size_t index = p.arg.empty() ? next++ : p.arg.size() > 9 ? args.size() : size_t(std::stoul(p.arg));
      if (index >= args.size()) {
        error = FormatError{"IndexError", "Replacement index " + (p.arg.empty() ? std::to_string(index) : p.arg) +
                                              " out of range for positional args tuple"};
        break;
      }
      hidden = prefix + std::to_string(index);
    } else {
      bool found = false;
      for (const auto& [name, v] : named) found = found || name == p.arg;
      if (!found) {
        error = FormatError{"KeyError", "'" + p.arg + "'"};
        break;
      }
      hidden = prefix + p.arg;
    }
    ast::ExprPtr x = name_expr(hidden, receiver.range);
    for (const Accessor& a : p.accessors) {
      auto outer = std::make_unique<ast::Expr>(a.attribute ? ast::ExprKind::Attribute : ast::ExprKind::Subscript,
                                               receiver.range);
      outer->operands.push_back(std::move(x));
      if (a.attribute) {
        outer->text = a.key;
        outer->text_range = receiver.range;
      } else if (all_digits(a.key) && a.key.size() < 19) {
        auto key = std::make_unique<ast::Expr>(ast::ExprKind::Int, receiver.range);
        key->int_value = std::stoll(a.key);
        outer->operands.push_back(std::move(key));
      } else {
        auto key = std::make_unique<ast::Expr>(ast::ExprKind::Str, receiver.range);
        key->text = a.key;
        outer->operands.push_back(std::move(key));
      }
      x = std::move(outer);
    }
    piece.field = int(fstring->operands.size());
    piece.conversion = p.conversion;
    piece.spec = p.spec;
    fstring->operands.push_back(std::move(x));
    fstring->fstring.push_back(std::move(piece));
  }
  if (error) {
    if (error->kind.empty()) {
      size_t bar = error->message.find('|'); // message|help
      diags_.error(receiver.range, "unsupported", error->message.substr(0, bar))
          .help.push_back(error->message.substr(bar + 1));
    } else {
      diags_.error(receiver.range, "format", "this format string makes CPython raise " + error->kind + ": " +
                                                 error->message);
    }
    return nullptr;
  }
  for (size_t i = 0; i < args.size(); ++i) env.define(prefix + std::to_string(i), args[i], e.range);
  for (const auto& [name, v] : named) env.define(prefix + name, v, e.range);
  Value* out = lower_fstring_value(*fstring, env);
  for (auto it = env.vars.begin(); it != env.vars.end();)
    it = it->first.rfind(prefix, 0) == 0 ? env.vars.erase(it) : std::next(it);
  synthetic_exprs_.push_back(std::move(fstring));
  return out;
}

// str.maketrans(x, y[, z]) and str.maketrans(d): CPython's table, made by kStrSource's functions.
bool FunctionLowering::lower_str_maketrans(const ast::Expr& e, Environment& env, Value*& out) {
  const ast::Expr& callee = *e.operands[0];
  if (callee.kind != ast::ExprKind::Attribute || callee.text != "maketrans") return false;
  const ast::Expr& cls = *callee.operands[0];
  if (cls.kind != ast::ExprKind::Name || cls.text != "str" || env.find("str") || module_.find_function("str"))
    return false;
  out = nullptr;
  std::vector<Value*> args;
  for (size_t i = 1; i < e.operands.size(); ++i) {
    Value* v = lower_expr(*e.operands[i], env);
    if (!v) return true;
    if (never_values_.count(v)) {
      out = v;
      return true;
    }
    args.push_back(v);
  }
  out = str_maketrans(args, e, env);
  return true;
}

// str.maketrans(args) or s.maketrans(args) (a static method: s is not used).
Value* FunctionLowering::str_maketrans(std::vector<Value*>& args, const ast::Expr& e, Environment& env) {
  if (!method_arity("str", "maketrans", e, args.size(), 1, 3)) return nullptr;
  if (args.size() == 1) {
    const Type& t = args[0]->type();
    if (!t.is(TypeKind::Dict)) {
      type_error(e.operands[1]->range, "if you give only one argument to maketrans it must be a dict "
                                       "(CPython raises TypeError)");
      return nullptr;
    }
    const Type& key = t.elements()[0];
    if (!key.is(TypeKind::Str) && !key.is(TypeKind::Int)) {
      type_error(e.operands[1]->range, "keys in translate table must be strings or integers (CPython raises TypeError)");
      return nullptr;
    }
    return python_helper("str", "maketrans_dict", args, e, env);
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i]->type().is(TypeKind::Str)) continue;
    type_error(e.operands[i + 1]->range,
               i == 0 ? std::string("first maketrans argument must be a string if there is a second argument "
                                    "(CPython raises TypeError)")
                      : "maketrans() argument " + std::to_string(i + 1) + " must be str, not " +
                            args[i]->type().to_string() + " (CPython raises TypeError)");
    return nullptr;
  }
  return python_helper("str", args.size() == 2 ? "maketrans_pairs" : "maketrans_deleting", args, e, env);
}

// s.translate(table) of a dict from ints (code points) to ints, strs or None.
Value* FunctionLowering::str_translate(Value* self, Value* table, const ast::Expr& e) {
  const Type& t = table->type();
  if (t.is(TypeKind::Dict) && t.elements()[1].is(TypeKind::Unknown)) {
    unknown_element(table, e.operands[1]->range);
    return nullptr;
  }
  auto value_ok = [](const Type& v) {
    if (v.is(TypeKind::Optional)) return v.elements()[0].is(TypeKind::Int) || v.elements()[0].is(TypeKind::Str);
    return v.is(TypeKind::Int) || v.is(TypeKind::Str) || v.is(TypeKind::None);
  };
  if (!t.is(TypeKind::Dict) || !(t.elements()[0].is(TypeKind::Int) || t.elements()[0].is(TypeKind::Unknown)) ||
      !value_ok(t.elements()[1])) {
    type_error(e.operands[1]->range,
               "str.translate() takes a dict from ints (code points) to ints, strs or None here, not a " +
                   t.to_string(),
               t.is(TypeKind::Dict) && t.elements()[0].is(TypeKind::Str)
                   ? "CPython looks up code points, so a str key never matches: make the table with str.maketrans"
                   : "make the table with str.maketrans");
    return nullptr;
  }
  std::vector<Value*> all{self, table};
  Environment empty;
  return python_helper("str", "translate", all, e, call_env_ ? *call_env_ : empty);
}

} // namespace pyscript::lower
