#include "ir/printer.hpp"

#include "support/float_repr.hpp"

#include <map>
#include <set>

namespace pyscript::ir {

std::string print_attr_value(const AttrValue& v) {
  if (const int64_t* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  if (const double* d = std::get_if<double>(&v)) {
    std::string s = float_repr(*d);
    // Keep floats recognizable as floats: repr gives "1e+16", "inf", "nan".
    if (s.find_first_of(".e") == std::string::npos && s.find("inf") == std::string::npos &&
        s.find("nan") == std::string::npos)
      s += ".0";
    return s;
  }
  if (const bool* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
  if (std::holds_alternative<NoneValue>(v)) return "None";
  if (const IntList* list = std::get_if<IntList>(&v)) {
    std::string out = "(";
    for (size_t i = 0; i < list->size(); ++i) out += (i ? ", " : "") + std::to_string((*list)[i]);
    return out + (list->size() == 1 ? ",)" : ")");
  }
  std::string out = "\"";
  for (char c : std::get<std::string>(v)) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

namespace {

class Printer {
public:
  explicit Printer(const PrintOptions& options) : options_(options) {}

  std::string function(const Function& f) {
    std::string out = "graph @" + f.name + "(";
    const Block* top = f.graph->top();
    for (size_t i = 0; i < top->params().size(); ++i)
      out += (i ? ", " : "") + typed(top->param(i));
    out += ") -> " + f.return_type.to_string() + ":";
    if (options_.source_locations && f.range.valid()) out += "  # " + f.range.to_string();
    out += "\n";
    for (const Node* n : top->nodes()) node(n, 1, out);
    out += "  return (" + list(top->outputs()) + ")\n";
    return out;
  }

private:
  std::string name(const Value* v) {
    auto it = names_.find(v);
    if (it != names_.end()) return it->second;
    std::string n;
    if (!v->name_hint().empty()) {
      n = v->name_hint();
      for (int k = 1; used_.count(n); ++k) n = v->name_hint() + "." + std::to_string(k);
    } else {
      do n = std::to_string(next_number_++);
      while (used_.count(n));
    }
    used_.insert(n);
    names_[v] = "%" + n;
    return names_[v];
  }

  std::string typed(const Value* v) { return name(v) + " : " + v->type().to_string(); }

  std::string list(const std::vector<Value*>& values) {
    std::string out;
    for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + name(values[i]);
    return out;
  }

  void node(const Node* n, int depth, std::string& out) {
    std::string pad(size_t(depth) * 2, ' ');
    out += pad;
    for (size_t i = 0; i < n->outputs().size(); ++i) out += (i ? ", " : "") + typed(n->output(i));
    if (!n->outputs().empty()) out += " = ";
    out += std::string(spelling(n->kind()));
    if (!n->attributes().empty()) {
      out += "[";
      for (size_t i = 0; i < n->attributes().size(); ++i)
        out += (i ? ", " : "") + n->attributes()[i].name + "=" +
               print_attr_value(n->attributes()[i].value);
      out += "]";
    }
    out += "(" + list(n->inputs()) + ")";
    if (options_.source_locations && n->range().valid()) out += "  # " + n->range().to_string();
    out += "\n";
    for (size_t b = 0; b < n->blocks().size(); ++b) {
      const Block* block = n->block(b);
      out += pad + "  block" + std::to_string(b) + "(";
      for (size_t i = 0; i < block->params().size(); ++i)
        out += (i ? ", " : "") + typed(block->param(i));
      out += "):\n";
      for (const Node* inner : block->nodes()) node(inner, depth + 2, out);
      out += pad + "    -> (" + list(block->outputs()) + ")\n";
    }
  }

  const PrintOptions& options_;
  std::map<const Value*, std::string> names_;
  std::set<std::string> used_;
  int next_number_ = 0;
};

} // namespace

std::string print_function(const Function& f, const PrintOptions& options) {
  return Printer(options).function(f);
}

std::string print_class(const ClassLayout& c) {
  std::string out = "class @" + c.name + "(" + c.base + ") " + std::to_string(c.id) + " " +
                    std::to_string(c.id_end) + " {";
  for (size_t i = 0; i < c.fields.size(); ++i)
    out += (i ? ", " : "") + c.fields[i].first + ": " + c.fields[i].second.to_string();
  out += "} methods {";
  for (size_t i = 0; i < c.methods.size(); ++i)
    out += (i ? ", " : "") + c.methods[i].first + " " + std::to_string(c.methods[i].second);
  out += "} str " + print_attr_value(c.str_method) + " repr " + print_attr_value(c.repr_method);
  if (c.is_exception) out += " exception";
  if (c.acyclic) out += " acyclic";
  return out + "\n";
}

std::string print_module(const Module& m, const PrintOptions& options) {
  std::string out;
  for (const ClassLayout& c : m.classes) out += print_class(c);
  for (const Global& g : m.globals) out += "global @" + g.name + " : " + g.type.to_string() + "\n";
  if (!m.globals.empty() || !m.classes.empty()) out += "\n";
  for (size_t i = 0; i < m.functions.size(); ++i) {
    if (i) out += "\n";
    out += print_function(*m.functions[i], options);
  }
  return out;
}

} // namespace pyscript::ir
