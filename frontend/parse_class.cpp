// Class definitions: tree-sitter's class_definition -> ast::ClassDef (SPEC.md "Classes").
#include "frontend/cst_reader.hpp"

namespace pyscript::detail {

namespace {

// Note [Class methods]
// `@classmethod def make(cls, n): return cls(...)` is read as `@staticmethod def make(n): return
// C(...)`: its first parameter's name, wherever the body reads it, becomes the class's name. That
// is CPython's meaning when it is called on C itself (`C.make(3)`, or on an instance of exactly C);
// through a subclass, CPython's cls would be the subclass, so the lowering refuses those calls
// (lower_class.cpp).
void rename_reads(ast::Expr& e, const std::string& from, const std::string& to);

void rename_reads(ast::StmtList& body, const std::string& from, const std::string& to) {
  for (ast::StmtPtr& s : body) {
    for (ast::ExprPtr& t : s->targets)
      if (t) rename_reads(*t, from, to);
    for (ast::ExprPtr* e : {&s->value, &s->message, &s->cause})
      if (*e) rename_reads(**e, from, to);
    for (ast::ExceptHandler& h : s->handlers)
      if (h.type) rename_reads(*h.type, from, to);
    for (ast::StmtList* b : ast::nested_bodies(*s)) rename_reads(*b, from, to);
    if (s->function) rename_reads(s->function->body, from, to);
  }
}

void rename_reads(ast::Expr& e, const std::string& from, const std::string& to) {
  if (e.kind == ast::ExprKind::Name && e.text == from) e.text = to;
  for (ast::ExprPtr& op : e.operands)
    if (op) rename_reads(*op, from, to);
  for (ast::Keyword& k : e.keywords) rename_reads(*k.value, from, to);
  for (ast::Comprehension& c : e.comprehension) {
    rename_reads(*c.iter, from, to);
    for (ast::ExprPtr& i : c.ifs) rename_reads(*i, from, to);
  }
  if (e.lambda) rename_reads(e.lambda->body, from, to);
}

} // namespace

// `dataclass` and `dataclasses.dataclass` -> "dataclass"; "" for any other expression.
std::string CstReader::marker_name(TSNode e) const {
  if (is(e, "identifier")) return std::string(text(e));
  if (is(e, "attribute") && is(field(e, "object"), "identifier")) return std::string(text(field(e, "attribute")));
  return "";
}

void CstReader::add_marker(ast::ClassDef& cls, TSNode e, const char* module, const char* member) {
  if (ast::ExprPtr x = convert_expr(e)) cls.markers.push_back({std::move(x), module, member});
}

// @dataclass, @dataclass(), @functools.total_ordering on a class (Note [Class decorators]).
bool CstReader::read_class_decorator(TSNode decorator, ast::ClassDef& cls) {
  TSNode e = named_children(decorator).at(0);
  if (is(e, "call")) {
    if (!named_children(field(e, "arguments")).empty()) {
      unsupported(field(e, "arguments"), "a class decorator with options",
                  "pyscript's @dataclass takes no options: write '@dataclass'");
      return false;
    }
    e = field(e, "function");
  }
  std::string name = marker_name(e);
  if (cls.markers.empty()) cls.decorator_range = range(decorator);
  if (name == "dataclass") {
    cls.is_dataclass = true;
    add_marker(cls, e, "dataclasses", "dataclass");
    return true;
  }
  if (name == "total_ordering") {
    cls.total_ordering = true;
    add_marker(cls, e, "functools", "total_ordering");
    return true;
  }
  unsupported(decorator, "this class decorator", "pyscript compiles @dataclass and @total_ordering on classes");
  return false;
}

// `name: T` or `name: T = default` in a @dataclass's body: a field, in order.
void CstReader::read_dataclass_field(TSNode assignment, ast::ClassDef& cls) {
  TSNode left = field(assignment, "left"), right = field(assignment, "right");
  if (!is(left, "identifier") || (!ts_node_is_null(right) && is(right, "assignment"))) {
    unsupported(assignment, "this dataclass field", "declare one field a line: 'name: type = default'");
    return;
  }
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, range(assignment));
  s->targets.push_back(convert_target(left, "a field", /*stores=*/true));
  s->annotation = convert_annotation(named_children(field(assignment, "type")).at(0));
  if (!ts_node_is_null(right)) {
    s->value = convert_expr(right);
    if (!s->value) return;
    TSNode default_value = right; // CPython makes the default a class attribute too
    if (is(right, "call") && marker_name(field(right, "function")) == "field") {
      add_marker(cls, field(right, "function"), "dataclasses", "field");
      default_value = TSNode{};
      for (TSNode arg : named_children(field(right, "arguments")))
        if (is(arg, "keyword_argument") && text(field(arg, "name")) == "default") default_value = field(arg, "value");
    }
    if (!ts_node_is_null(default_value)) {
      auto constant = std::make_unique<ast::Stmt>(ast::StmtKind::Assign, range(assignment));
      constant->targets.push_back(convert_target(left, "a field", /*stores=*/true));
      constant->value = convert_expr(default_value);
      if (constant->targets[0] && constant->value) cls.constants.push_back(std::move(constant));
    }
  }
  if (!s->targets[0] || !s->annotation) return;
  cls.fields.push_back(std::move(s));
}

// class_definition: name, superclasses (an argument_list)?, body. The body holds methods (plain or
// @staticmethod), class-level constants (`rate = 0.5`), `pass` and docstrings; anything else is
// reported where it is.
void CstReader::convert_class(TSNode n, ast::StmtList& out, const std::vector<TSNode>& decorators) {
  TSNode name_node = field(n, "name");
  auto cls = std::make_unique<ast::ClassDef>();
  cls->name = text(name_node);
  cls->name_range = range(name_node);
  bool ok = true;
  if (function_depth > 0) {
    unsupported(n, "a class defined inside a function",
                "move 'class " + cls->name + "' to the module level");
    rejected_bindings_->insert(cls->name);
    return;
  }
  for (TSNode d : decorators) ok = read_class_decorator(d, *cls) && ok;
  if (TSNode supers = field(n, "superclasses"); !ts_node_is_null(supers)) {
    std::vector<TSNode> bases = named_children(supers);
    if (bases.size() > 1) {
      unsupported(bases[1], "multiple inheritance",
                  "derive from one class and hold the other as an attribute");
      ok = false;
    } else if (bases.size() == 1) {
      if (marker_name(bases[0]) == "ABC") { // Note [Class decorators]
        add_marker(*cls, bases[0], "abc", "ABC");
      } else if (!is(bases[0], "identifier")) {
        unsupported(bases[0], "this base class",
                    "derive from a class defined in this file, or from Exception");
        ok = false;
      } else if (text(bases[0]) != "object") { // class C(object): is class C: in Python 3
        cls->base = text(bases[0]);
        cls->base_range = range(bases[0]);
      }
    }
  }
  if (!ts_node_is_null(field(n, "type_parameters")))
    unsupported(field(n, "type_parameters"), "type parameters");
  for (TSNode member : named_children(field(n, "body"))) {
    std::string_view type = type_of(member);
    if (type == "function_definition") {
      ast::StmtList one;
      convert_function(member, one, has_keyword(member, "async"));
      if (one.empty()) continue;
      one[0]->function->class_name = cls->name;
      cls->methods.push_back(std::move(one[0]->function));
      continue;
    }
    if (type == "decorated_definition") {
      std::vector<TSNode> decorators;
      bool is_abstract = false;
      for (TSNode c : named_children(member)) {
        if (!is(c, "decorator")) continue;
        if (marker_name(named_children(c).at(0)) == "abstractmethod") { // Note [Class decorators]
          add_marker(*cls, named_children(c).at(0), "abc", "abstractmethod");
          is_abstract = true;
        } else {
          decorators.push_back(c);
        }
      }
      TSNode def = field(member, "definition");
      if (decorators.empty() && is(def, "function_definition")) {
        ast::StmtList one;
        convert_function(def, one, has_keyword(def, "async"));
        if (one.empty()) continue;
        one[0]->function->class_name = cls->name;
        one[0]->function->is_abstract = is_abstract;
        cls->methods.push_back(std::move(one[0]->function));
        continue;
      }
      bool one_function = decorators.size() == 1 && is(def, "function_definition");
      bool is_static = one_function && text(decorators[0]) == "@staticmethod";
      bool is_property = one_function && text(decorators[0]) == "@property";
      bool is_classmethod = one_function && text(decorators[0]) == "@classmethod";
      if (!is_static && !is_property && !is_classmethod) {
        unsupported(decorators.empty() ? member : decorators[0], "this decorator",
                    "pyscript compiles methods, @staticmethod, @classmethod and @property (without a "
                    "setter); remove the decorator");
        continue;
      }
      ast::StmtList one;
      convert_function(def, one, has_keyword(def, "async"));
      if (one.empty()) continue;
      if (is_classmethod) { // Note [Class methods]
        ast::FunctionDef& fn = *one[0]->function;
        if (fn.params.empty()) {
          diags_.error(fn.name_range, "arity", "a class method needs a first parameter (cls)");
          continue;
        }
        std::string cls_param = fn.params[0].name;
        fn.params.erase(fn.params.begin());
        rename_reads(fn.body, cls_param, cls->name);
        fn.is_classmethod = is_static = true;
      }
      one[0]->function->class_name = cls->name;
      one[0]->function->is_static = is_static;
      one[0]->function->is_property = is_property;
      one[0]->function->is_abstract = is_abstract;
      cls->methods.push_back(std::move(one[0]->function));
      continue;
    }
    if (type == "pass_statement") continue;
    if (type == "expression_statement") {
      std::vector<TSNode> kids = named_children(member);
      if (kids.size() == 1 && is(kids[0], "string")) continue; // a docstring
      if (cls->is_dataclass && kids.size() == 1 && is(kids[0], "assignment") &&
          !ts_node_is_null(field(kids[0], "type"))) {
        read_dataclass_field(kids[0], *cls);
        continue;
      }
      if (kids.size() == 1 && is(kids[0], "assignment")) {
        ast::StmtList one;
        convert_assignment(kids[0], one);
        if (one.size() == 1 && one[0]->targets.size() == 1 &&
            one[0]->targets[0]->kind == ast::ExprKind::Name) {
          cls->constants.push_back(std::move(one[0]));
          continue;
        }
        if (one.empty()) continue; // reported
      }
    }
    unsupported(member, "this statement in a class body",
                "a class body holds methods ('def'), constants ('rate = 0.5') and 'pass'");
  }
  if (!ok) {
    rejected_bindings_->insert(cls->name);
    return;
  }
  auto s = std::make_unique<ast::Stmt>(ast::StmtKind::ClassDef, range(n));
  s->cls = std::move(cls);
  out.push_back(std::move(s));
}

} // namespace pyscript::detail

namespace pyscript::detail {

// lambda PARAMS: BODY -> an Expr of kind Lambda holding a FunctionDef whose body returns BODY
// (Note [Closures] in lower/lower_lambda.cpp). Parameters: names, with defaults.
ast::ExprPtr CstReader::convert_lambda(TSNode n) {
  auto fn = std::make_shared<ast::FunctionDef>();
  SourceRange r = range(n);
  fn->name = "<lambda>";
  fn->name_range = r;
  bool ok = true, seen_default = false;
  if (TSNode params = field(n, "parameters"); !ts_node_is_null(params)) {
    for (TSNode p : named_children(params)) {
      ast::Param param;
      TSNode name = p, value{};
      if (is(p, "default_parameter")) {
        name = field(p, "name");
        value = field(p, "value");
      }
      if (!is(name, "identifier")) {
        unsupported(p, "this lambda parameter", "list the parameters by name");
        ok = false;
        continue;
      }
      param.name = text(name);
      param.range = range(name);
      if (!ts_node_is_null(value)) {
        seen_default = true;
        param.default_value = convert_expr(value);
        if (!param.default_value) ok = false;
      } else if (seen_default) {
        diags_.error(param.range, "syntax", "non-default argument follows default argument");
        ok = false;
      }
      fn->params.push_back(std::move(param));
    }
  }
  ast::ExprPtr body = convert_expr(field(n, "body"));
  if (!body || !ok) return nullptr;
  auto ret = std::make_unique<ast::Stmt>(ast::StmtKind::Return, body->range);
  ret->value = std::move(body);
  fn->body.push_back(std::move(ret));
  auto e = std::make_unique<ast::Expr>(ast::ExprKind::Lambda, r);
  e->lambda = std::move(fn);
  return e;
}

} // namespace pyscript::detail
