#include "ir/parser.hpp"

#include <cctype>
#include <cstdlib>
#include <map>

namespace pyscript::ir {
namespace {

// A cursor over one line of IR text.
class LineReader {
public:
  LineReader(std::string_view text, int line_number) : text_(text), line_(line_number) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw IrParseError("line " + std::to_string(line_) + ": " + what + " in '" +
                       std::string(text_) + "'");
  }
  void skip_space() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool at_end() {
    skip_space();
    return pos_ >= text_.size() || text_[pos_] == '#';
  }
  bool peek(std::string_view s) {
    skip_space();
    return text_.substr(pos_, s.size()) == s;
  }
  bool accept(std::string_view s) {
    if (!peek(s)) return false;
    pos_ += s.size();
    return true;
  }
  void expect(std::string_view s) {
    if (!accept(s)) fail("expected '" + std::string(s) + "'");
  }
  // Letters, digits, '_', '.' and '$', as value names (lowering's own: `$c1.x`, a comprehension's
  // target) and op spellings use.
  std::string word() {
    skip_space();
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
            text_[pos_] == '.' || text_[pos_] == '$'))
      ++pos_;
    if (start == pos_) fail("expected a name");
    return std::string(text_.substr(start, pos_ - start));
  }
  // A function name: everything up to '('.
  std::string function_name() {
    skip_space();
    size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != '(') ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  std::string rest() {
    skip_space();
    return std::string(text_.substr(pos_));
  }
  char peek_char() {
    skip_space();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  Type type() {
    Type t = base_type();
    if (!accept("|")) return t;
    std::string numpy = word(); // float|np.float64
    if (numpy != "np.float64" && numpy != "np.int64" && numpy != "np.bool_") fail("unknown type '" + numpy + "'");
    return Type::either(t);
  }
  Type base_type() {
    std::string w = word();
    if (w == "int") return Type::int_();
    if (w == "float") return Type::float_();
    if (w == "bool") return Type::bool_();
    if (w == "None") return Type::none();
    if (w == "str") return Type::str();
    if (w == "Unknown") return Type::unknown();
    if (w == "f32") return Type::float32();
    if (w == "Generator") return Type::generator();
    if (w == "Exception") return Type::exception();
    if (w == "function") {
      expect("[");
      std::string name = word();
      expect("]");
      if (!accept("(")) return Type::function(name);
      std::vector<Type> captures;
      do captures.push_back(type());
      while (accept(","));
      expect(")");
      return Type::closure(name, std::move(captures));
    }
    if (w == "range") return Type::range_list(); // Note [Ranges as values]
    if (w == "deque" || w == "Counter") { // Note [Collections are flavored lists and dicts]
      expect("[");
      Type e = type();
      expect("]");
      return w == "deque" ? Type::deque(std::move(e)) : Type::counter(std::move(e));
    }
    if (w == "defaultdict") {
      expect("[");
      std::string factory = word();
      expect(",");
      Type k = type();
      expect(",");
      Type v = type();
      expect("]");
      return Type::defaultdict(factory, std::move(k), std::move(v));
    }
    if (w == "list" || w == "set") {
      expect("[");
      Type e = type();
      expect("]");
      return w == "list" ? Type::list(std::move(e)) : Type::set(std::move(e));
    }
    if (w == "dict") {
      expect("[");
      Type k = type();
      expect(",");
      Type v = type();
      expect("]");
      return Type::dict(std::move(k), std::move(v));
    }
    if (w == "Tuple") {
      expect("[");
      std::vector<Type> elements;
      if (!accept("]")) {
        do elements.push_back(type());
        while (accept(","));
        expect("]");
      }
      return Type::tuple(std::move(elements));
    }
    if (w == "Array") {
      expect("[");
      std::string d = word();
      std::optional<DType> dtype = dtype_from_name(d);
      if (!dtype) fail("unknown dtype " + d);
      expect(",");
      int rank = int(integer());
      expect("]");
      return Type::array(*dtype, rank);
    }
    if (w == "Optional") {
      expect("[");
      Type e = type();
      expect("]");
      return Type::optional(std::move(e));
    }
    if (!w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_')) return Type::object(w);
    fail("unknown type '" + w + "'");
  }

  int64_t integer() {
    skip_space();
    size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (start == pos_) fail("expected an integer");
    return std::strtoll(std::string(text_.substr(start, pos_ - start)).c_str(), nullptr, 10);
  }

  AttrValue attr_value() {
    skip_space();
    if (accept("True")) return true;
    if (accept("False")) return false;
    if (accept("None")) return NoneValue{};
    if (peek_char() == '"') return string_literal();
    if (accept("(")) {
      IntList list;
      skip_space();
      while (!accept(")")) {
        list.push_back(integer());
        skip_space();
        if (!accept(",")) {
          expect(")");
          break;
        }
        skip_space();
      }
      return list;
    }
    size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ']') ++pos_;
    std::string num(text_.substr(start, pos_ - start));
    if (num.find_first_of(".en") != std::string::npos || num == "inf" || num == "-inf")
      return std::strtod(num.c_str(), nullptr);
    if (num.empty()) fail("expected an attribute value");
    return int64_t(std::strtoll(num.c_str(), nullptr, 10));
  }

  std::string string_literal() {
    expect("\"");
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated string");
      char e = text_[pos_++];
      switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'x': {
        std::string hex(text_.substr(pos_, 2));
        pos_ += 2;
        out += char(std::strtol(hex.c_str(), nullptr, 16));
        break;
      }
      default: out += e;
      }
    }
    expect("\"");
    return out;
  }

private:
  std::string_view text_;
  size_t pos_ = 0;
  int line_;
};

class ModuleParser {
public:
  explicit ModuleParser(const std::string& text) : text_(text) {}

  std::unique_ptr<Module> run() {
    module_ = std::make_unique<Module>();
    size_t start = 0;
    int number = 0;
    while (start <= text_.size()) {
      size_t nl = text_.find('\n', start);
      if (nl == std::string::npos) nl = text_.size();
      ++number;
      line(std::string_view(text_).substr(start, nl - start), number);
      start = nl + 1;
    }
    if (function_) throw IrParseError("unexpected end of text inside graph @" + function_->name);
    return std::move(module_);
  }

private:
  void line(std::string_view text, int number) {
    LineReader r(text, number);
    if (r.at_end()) return;
    if (!function_) {
      if (r.accept("class")) {
        module_->classes.push_back(class_layout(r));
        return;
      }
      if (r.accept("global")) {
        r.expect("@");
        std::string name = r.word();
        r.expect(":");
        module_->globals.push_back({name, r.type()});
        return;
      }
      r.expect("graph");
      r.expect("@");
      auto f = std::make_unique<Function>();
      f->name = r.function_name();
      f->source_name = f->name.substr(0, f->name.find('.'));
      r.expect("(");
      if (!r.accept(")")) {
        do {
          r.expect("%");
          std::string name = r.word();
          r.expect(":");
          Value* v = f->graph->add_input(r.type());
          define(r, name, v);
          f->param_names.push_back(hint_of(name));
        } while (r.accept(","));
        r.expect(")");
      }
      r.expect("->");
      f->return_type = r.type();
      r.expect(":");
      f->range = location(r);
      function_ = f.get();
      module_->functions.push_back(std::move(f));
      blocks_ = {function_->graph->top()};
      return;
    }
    if (r.accept("return")) {
      if (blocks_.size() != 1) r.fail("'return' inside a block");
      read_outputs(r, blocks_.back());
      function_ = nullptr;
      values_.clear();
      return;
    }
    if (r.accept("->")) {
      if (blocks_.size() < 2) r.fail("'->' outside a block");
      read_outputs(r, blocks_.back());
      last_node_ = blocks_.back()->owner(); // a following blockN belongs to the same node
      blocks_.pop_back();
      return;
    }
    if (r.peek("block")) {
      r.word();
      if (!last_node_) r.fail("a block without a node");
      Block* b = last_node_->add_block();
      r.expect("(");
      if (!r.accept(")")) {
        do {
          r.expect("%");
          std::string name = r.word();
          r.expect(":");
          define(r, name, b->add_param(r.type()));
        } while (r.accept(","));
        r.expect(")");
      }
      r.expect(":");
      blocks_.push_back(b);
      return;
    }
    node(r);
  }

  // print_class's line, after "class".
  ClassLayout class_layout(LineReader& r) {
    ClassLayout c;
    r.expect("@");
    c.name = r.word();
    r.expect("(");
    if (!r.accept(")")) {
      c.base = r.word();
      r.expect(")");
    }
    c.id = r.integer();
    c.id_end = r.integer();
    r.expect("{");
    while (!r.accept("}")) {
      if (!c.fields.empty()) r.expect(",");
      std::string field = r.word();
      r.expect(":");
      c.fields.push_back({field, r.type()});
    }
    r.expect("methods");
    r.expect("{");
    while (!r.accept("}")) {
      if (!c.methods.empty()) r.expect(",");
      std::string method = r.word();
      c.methods.push_back({method, int(r.integer())});
    }
    r.expect("str");
    c.str_method = r.string_literal();
    r.expect("repr");
    c.repr_method = r.string_literal();
    c.is_exception = r.accept("exception");
    c.acyclic = r.accept("acyclic");
    if (!r.at_end()) r.fail("unexpected text after a class");
    for (const ClassLayout& other : module_->classes)
      if (other.name == c.name) r.fail("class " + c.name + " defined twice");
    return c;
  }

  void node(LineReader& r) {
    std::vector<std::pair<std::string, Type>> outputs;
    if (r.peek("%")) {
      do {
        r.expect("%");
        std::string name = r.word();
        r.expect(":");
        outputs.push_back({name, r.type()});
      } while (r.accept(","));
      r.expect("=");
    }
    std::string op_name = r.word();
    std::optional<OpKind> kind = op_from_spelling(op_name);
    if (!kind || *kind == OpKind::Return) r.fail("unknown op '" + op_name + "'");
    std::vector<Attribute> attrs;
    if (r.accept("[")) {
      do {
        std::string name = r.word();
        r.expect("=");
        attrs.push_back({name, r.attr_value()});
      } while (r.accept(","));
      r.expect("]");
    }
    std::vector<Value*> inputs = read_values(r);
    Node* n = function_->graph->create(*kind, inputs, {}, location(r));
    for (auto& [name, type] : outputs) define(r, name, n->add_output(type));
    for (Attribute& a : attrs) n->set_attr(a.name, a.value);
    blocks_.back()->append(n);
    last_node_ = n;
  }

  std::vector<Value*> read_values(LineReader& r) {
    std::vector<Value*> out;
    r.expect("(");
    if (r.accept(")")) return out;
    do {
      r.expect("%");
      std::string name = r.word();
      auto it = values_.find(name);
      if (it == values_.end()) r.fail("undefined value %" + name);
      out.push_back(it->second);
    } while (r.accept(","));
    r.expect(")");
    return out;
  }

  void read_outputs(LineReader& r, Block* b) {
    for (Value* v : read_values(r)) b->return_node()->add_input(v);
  }

  static std::string hint_of(const std::string& name) {
    if (std::isdigit(static_cast<unsigned char>(name[0]))) return "";
    return name.substr(0, name.find('.'));
  }

  void define(LineReader& r, const std::string& name, Value* v) {
    if (!values_.emplace(name, v).second) r.fail("value %" + name + " defined twice");
    v->set_name_hint(hint_of(name));
  }

  // "# file.py:3:9" at the end of a line.
  SourceRange location(LineReader& r) {
    if (!r.accept("#")) return {};
    std::string where = r.rest();
    size_t c2 = where.rfind(':');
    size_t c1 = c2 == std::string::npos ? c2 : where.rfind(':', c2 - 1);
    if (c1 == std::string::npos) r.fail("malformed location");
    std::string path = where.substr(0, c1);
    auto& file = files_[path];
    if (!file) {
      file = std::make_shared<SourceFile>(path, "");
      module_->sources.push_back(file);
    }
    SourceRange range;
    range.file = file.get();
    range.line = range.end_line = uint32_t(std::strtoul(where.c_str() + c1 + 1, nullptr, 10));
    range.column = range.end_column = uint32_t(std::strtoul(where.c_str() + c2 + 1, nullptr, 10));
    return range;
  }

  const std::string& text_;
  std::unique_ptr<Module> module_;
  Function* function_ = nullptr;
  std::vector<Block*> blocks_;
  Node* last_node_ = nullptr;
  std::map<std::string, Value*> values_;
  std::map<std::string, std::shared_ptr<SourceFile>> files_;
};

} // namespace

Type parse_type_text(const std::string& text) {
  LineReader r(text, 1);
  Type t = r.type();
  if (!r.at_end()) r.fail("unexpected text after a type");
  return t;
}

std::unique_ptr<Module> parse_module_text(const std::string& text) {
  return ModuleParser(text).run();
}

} // namespace pyscript::ir
