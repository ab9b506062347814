// numpy's files -> IR: np.load, np.save, np.savez, np.savez_compressed (ops numpy_load,
// numpy_open_npz, numpy_save, numpy_savez; runtime/numpy_io.cpp).
//
// Note [Typing np.load]
// An array's dtype and rank are static (Array[float32, 2]), but np.load's come from a file. So the
// path must be known when compiling: a str literal, a local bound to one, or a module-level name
// the top level assigns a literal once (a function's parameter is not: the diagnostic asks for a
// literal). The type is then, in this order:
//   1. what this program saves there with a path known when compiling (np.save / np.savez, with
//      numpy's ".npy" / ".npz" appended), the last such save lowered before the load: the top
//      level is lowered in order and a function when first called, so this is the save that runs
//      last before the load, unless it sits in a branch not taken;
//   2. else the file as it is when compiling, read relative to the current directory as the
//      program will read it: its .npy header, or the directory of an .npz archive and each
//      member's header (numpy decides by the magic bytes, not the name; so does this);
//   3. else a diagnostic: the file does not exist yet and nothing saves it first.
// At run time numpy_load checks that the file still holds that dtype and rank (before reading the
// data) and raises TypeError naming both types when not: pyscript's own error, where CPython
// would go on with another type. numpy's own errors stay numpy's: FileNotFoundError: [Errno 2] No
// such file or directory: 'x.npy', KeyError: 'w1 is not a file in the archive'.
//
// An archive is used as numpy's NpzFile mapping in two forms: np.load(p)["w1"], and a name bound
// once to it (z = np.load(p)) read only as z["w1"]; each subscript is a numpy_load of that member
// (numpy reads members when subscripted, too), with a literal key. `z = np.load(p)` itself is
// numpy_open_npz, which raises where numpy's NpzFile opens the archive; the name is then bound to
// the path (a str constant nobody reads) and listed in npz_names_, so any other use of it (print,
// len, passing it on, a function reading it as a module constant) is a diagnostic, never a str.
// A 0-d array loads as a numpy scalar, as np.array(3.5) is lowered (Note [Numpy scalars are
// registers]); print shows the same.
#include "lower/module_lowering.hpp"

#include "support/npy_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace pyscript::lower {

using ir::DType;
using ir::OpKind;
using ir::Type;
using ir::TypeKind;
using ir::Value;

namespace {

constexpr const char* kCode = "numpy-file";

std::string py_quoted(const std::string& s) {
  return "'" + s + "'";
}

bool ends_with(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// The key of the table of saved files: "./w.npy" and "w.npy" are one file.
std::string file_key(const std::string& path) {
  std::string normal = std::filesystem::path(path).lexically_normal().string();
  return normal.empty() ? path : normal;
}

DType ir_dtype(npy::DType d) {
  switch (d) {
  case npy::DType::Float32:
    return DType::Float32;
  case npy::DType::Float64:
    return DType::Float64;
  case npy::DType::Int64:
    return DType::Int64;
  case npy::DType::Bool:
    return DType::Bool;
  }
  return DType::Float64;
}

// The type of the .npy whose first bytes `read` gives (`read(n)`: up to n more bytes).
template <class Read> NumpyFileType::Entry header_type(Read read) {
  NumpyFileType::Entry out;
  std::string bytes = read(12), error;
  uint64_t size = npy::header_size(bytes, error);
  if (size > bytes.size()) bytes += read(size_t(size - bytes.size()));
  std::optional<npy::Header> h = size ? npy::parse_header(bytes, error) : std::nullopt;
  if (!h)
    out.problem = "it is no .npy numpy reads (" + error + ")";
  else if (!h->dtype)
    out.problem =
        "it holds " + npy::describe_descr(h->descr) + " data, which pyscript does not have";
  else if (h->shape.size() > 8)
    out.problem = "it holds an array of more than 8 dimensions";
  else
    out.type = Type::array(ir_dtype(*h->dtype), int(h->shape.size()));
  return out;
}

// The file at `path` as it is now; nothing (with `why`) when there is none to read.
std::optional<NumpyFileType> read_file_type(const std::string& path, std::string& why) {
  npy::InputFile f;
  if (!f.open(path, /*regular_only=*/true)) {
    why = f.errno_value == ENOENT   ? "no such file"
          : f.errno_value == ENODEV ? "not a regular file"
                                    : std::strerror(f.errno_value);
    return std::nullopt;
  }
  std::string magic;
  if (!f.read(0, npy::kMagicSize, magic)) {
    why = std::strerror(f.errno_value);
    return std::nullopt;
  }
  NumpyFileType t;
  if (npy::is_npy_magic(magic)) {
    uint64_t at = 0;
    t.array = header_type([&](size_t n) {
      std::string s;
      f.read(at, n, s);
      at += s.size();
      return s;
    });
    return t;
  }
  if (!npy::is_zip_magic(magic)) {
    why = "it is neither an .npy file nor an .npz archive (numpy would unpickle it, and refuses: "
          "allow_pickle=False)";
    return std::nullopt;
  }
  std::string error;
  std::optional<std::vector<npy::ZipMember>> members = npy::read_zip_directory(f, error);
  if (!members) {
    why = "it is no zip archive numpy reads (" + error + ")";
    return std::nullopt;
  }
  t.npz = true;
  for (const npy::ZipMember& m : *members) {
    npy::MemberReader reader(f, m);
    NumpyFileType::Entry e = header_type([&](size_t n) {
      std::string s(n, '\0');
      std::string problem;
      int64_t got = reader.read(s.data(), n, problem);
      s.resize(got < 0 ? 0 : size_t(got));
      return s;
    });
    e.name = m.name;
    t.members.push_back(std::move(e));
  }
  return t;
}

} // namespace

bool FunctionLowering::is_numpy_io(const std::string& name) {
  return name == "load" || name == "save" || name == "savez" || name == "savez_compressed";
}

// `e` calls numpy's load (np.load through numpy's alias, not a variable hiding it).
bool FunctionLowering::is_numpy_load(const ast::Expr& e, const Environment& env) const {
  if (e.kind != ast::ExprKind::Call) return false;
  const ast::Expr& callee = *e.operands[0];
  if (callee.kind != ast::ExprKind::Attribute || callee.text != "load" ||
      callee.operands[0]->kind != ast::ExprKind::Name || env.find(callee.operands[0]->text))
    return false;
  const std::string* module = module_.module_of_alias(callee.operands[0]->text);
  return module && *module == "numpy";
}

// A path (or key) known when compiling: a literal, a local bound to one, or a module constant.
std::optional<std::string> FunctionLowering::known_str(const ast::Expr& e,
                                                       const Environment& env) const {
  if (e.kind == ast::ExprKind::Str) return e.text;
  if (e.kind != ast::ExprKind::Name) return std::nullopt;
  if (const Binding* b = env.find(e.text)) {
    if (b->state != Binding::State::Defined || !b->value) return std::nullopt;
    std::optional<ir::AttrValue> v = ir::constant_value(b->value);
    if (v && std::holds_alternative<std::string>(*v) && b->value->type().is(TypeKind::Str))
      return std::get<std::string>(*v);
    return std::nullopt;
  }
  const std::map<std::string, std::string>& constants = module_.numpy_files().str_constants;
  auto it = constants.find(e.text);
  // A module constant, unless the function assigns the name too (then it is local: unbound here).
  if (!is_main_ && it != constants.end() && !local_names_.count(e.text) &&
      module_.is_assigned_once_at_top(e.text))
    return it->second;
  return std::nullopt;
}

// What np.load finds at `path` (Note [Typing np.load]); null after a diagnostic at `r`.
std::optional<NumpyFileType> FunctionLowering::numpy_file_type(const std::string& path,
                                                               const SourceRange& r) {
  const std::map<std::string, NumpyFileType>& saved = module_.numpy_files().saved;
  if (auto it = saved.find(file_key(path)); it != saved.end()) return it->second;
  if (module_.numpy_files().failed.count(file_key(path)))
    return std::nullopt; // reported at the save
  std::string why;
  std::optional<NumpyFileType> t = read_file_type(path, why);
  if (t) return t;
  if (why != "no such file") {
    diags_.error(r, kCode,
                 "np.load(" + py_quoted(path) + ") cannot be typed: when compiling, " + why);
    return std::nullopt;
  }
  Diagnostic& d = diags_.error(r, kCode,
                               "np.load(" + py_quoted(path) +
                                   ") cannot be typed: no such file when compiling, "
                                   "and the program saves none there before this line");
  d.notes.push_back({r,
                     "np.load's dtype and rank are read from the file when compiling, or from this "
                     "program's np.save there before this line"});
  d.help.push_back("create " + py_quoted(path) +
                   " before compiling, or save it earlier in the program");
  return std::nullopt;
}

// A numpy_load of `entry` (an .npy, or an archive's member); null after a diagnostic.
Value* FunctionLowering::numpy_load(const std::string& path, const NumpyFileType::Entry& entry,
                                    const std::string* key, const SourceRange& r) {
  if (!entry.type) {
    std::string what =
        key ? "member " + py_quoted(*key) + " of " + py_quoted(path) : py_quoted(path);
    diags_.error(r, kCode, "np.load cannot read " + what + ": " + entry.problem);
    return nullptr;
  }
  ir::Node* n = emit(OpKind::NumpyLoad, {}, {*entry.type}, r);
  n->set_attr("path", path);
  if (key) n->set_attr("key", *key);
  return n->output();
}

bool FunctionLowering::check_path_text(const std::string& path, const SourceRange& r) {
  if (path.find('\0') == std::string::npos) return true;
  type_error(r, "a path holding a NUL character (CPython raises ValueError: embedded null byte)");
  return false;
}

// np.load(path) as a value: an .npy file's array.
Value* FunctionLowering::lower_numpy_load(const ast::Expr& e, Environment& env) {
  const ast::Expr& arg = *e.operands[1];
  std::optional<std::string> path = known_str(arg, env);
  if (!path) {
    Value* v = lower_expr(arg, env);
    if (!v) return nullptr;
    Diagnostic& d = diags_.error(arg.range, kCode,
                                 "np.load needs a path known when compiling: the file's dtype and "
                                 "rank become the result's type");
    d.help.push_back("pass a str literal, or a module-level name assigned one once");
    return nullptr;
  }
  if (!check_path_text(*path, arg.range)) return nullptr;
  std::optional<NumpyFileType> t = numpy_file_type(*path, e.range);
  if (!t) return nullptr;
  if (t->npz) {
    Diagnostic& d = diags_.error(e.range, kCode,
                                 "np.load(" + py_quoted(*path) +
                                     ") gives an .npz archive (numpy's NpzFile), "
                                     "which pyscript reads one member at a time");
    d.help.push_back("index it with a member's name: np.load(" + py_quoted(*path) +
                     ")[\"w1\"], or bind it to a name "
                     "(z = np.load(...)) and write z[\"w1\"]");
    return nullptr;
  }
  return numpy_load(*path, t->array, nullptr, e.range);
}

// np.load(p)["w1"], or z["w1"] of a name bound to an archive: the member's array. False when `e`
// is no such subscript (np.load(p)[0] of an .npy is indexing its array).
bool FunctionLowering::lower_npz_subscript(const ast::Expr& e, Environment& env, Value*& out) {
  out = nullptr;
  const ast::Expr& base = *e.operands[0];
  std::optional<std::string> path;
  if (is_numpy_load(base, env)) {
    path = known_str(*base.operands[1], env);
    if (!path) return false; // reported by lower_numpy_load
    if (!check_path_text(*path, base.range)) return true;
  } else if (base.kind == ast::ExprKind::Name && npz_names_.count(base.text)) {
    const Binding* b = env.find(base.text);
    std::optional<ir::AttrValue> v;
    if (b && b->state == Binding::State::Defined && b->value) v = ir::constant_value(b->value);
    if (!v || !std::holds_alternative<std::string>(*v)) {
      Diagnostic& d = diags_.error(
          base.range, kCode, "'" + base.text + "' is not the same .npz archive on every path here");
      d.help.push_back("index each archive where it is loaded: np.load(p)[\"w1\"]");
      return true;
    }
    path = std::get<std::string>(*v);
  } else {
    return false;
  }
  std::optional<NumpyFileType> t = numpy_file_type(*path, base.range);
  if (!t) return true;
  if (!t->npz) {
    if (base.kind == ast::ExprKind::Name) {
      diags_.error(e.range, kCode,
                   py_quoted(*path) + " is an .npy file now, not the archive '" + base.text +
                       "' was loaded from");
      return true;
    }
    return false;
  }
  const ast::Expr& index = *e.operands[1];
  std::optional<std::string> key = known_str(index, env);
  if (!key) {
    Diagnostic& d = diags_.error(index.range, kCode,
                                 "the name of an .npz member must be known when compiling: it "
                                 "gives the array's dtype and rank");
    d.help.push_back("write the name as a str literal: z[\"w1\"]");
    return true;
  }
  const NumpyFileType::Entry* member = nullptr;
  for (const NumpyFileType::Entry& m : t->members)
    if (m.name == *key) member = &m;
  for (const NumpyFileType::Entry& m : t->members)
    if (!member && m.name == *key + ".npy") member = &m;
  if (!member) {
    std::string names;
    for (const NumpyFileType::Entry& m : t->members)
      names += (names.empty() ? "" : ", ") +
               py_quoted(ends_with(m.name, ".npy") ? m.name.substr(0, m.name.size() - 4) : m.name);
    Diagnostic& d = diags_.error(index.range, kCode,
                                 py_quoted(*key) + " is not a file in the archive " +
                                     py_quoted(*path) + " (numpy raises KeyError)");
    d.notes.push_back({index.range, "when compiling, " + py_quoted(*path) + " holds " +
                                        (names.empty() ? "nothing" : names)});
    return true;
  }
  if (!check_path_text(*key, index.range)) return true;
  out = numpy_load(*path, *member, &*key, e.range);
  return true;
}

// `NAME = np.load(p)` of an archive (bound as Note [Typing np.load] says), and what assignments
// tell the np.load of functions: module-level str constants. True when the assignment is lowered.
bool FunctionLowering::lower_numpy_io_assignment(const ast::Stmt& s, Environment& env) {
  const ast::Expr& value = *s.value;
  if (is_main_ && value.kind == ast::ExprKind::Str)
    for (const ast::ExprPtr& target : s.targets)
      if (target->kind == ast::ExprKind::Name)
        module_.numpy_files().str_constants[target->text] = value.text;
  bool archive = false;
  std::optional<std::string> path;
  bool literal_keywords =
      std::all_of(value.keywords.begin(), value.keywords.end(),
                  [](const ast::Keyword& kw) { return kw.value->kind == ast::ExprKind::Bool; });
  if (s.targets.size() == 1 && s.targets[0]->kind == ast::ExprKind::Name &&
      is_numpy_load(value, env) && literal_keywords) {
    path = known_str(*value.operands[1], env);
    if (path && path->find('\0') == std::string::npos) {
      const std::map<std::string, NumpyFileType>& saved = module_.numpy_files().saved;
      auto it = saved.find(file_key(*path));
      std::string why;
      std::optional<NumpyFileType> t = it != saved.end() ? it->second : read_file_type(*path, why);
      archive = t && t->npz;
    }
  }
  if (!archive) {
    if (npz_names_.empty()) return false;
    std::set<std::string> bound;
    for (const ast::ExprPtr& target : s.targets)
      ast::collect_assigned_names(*target, bound);
    for (const std::string& name : bound) {
      if (!npz_names_.count(name)) continue;
      Diagnostic& d = diags_.error(s.range, kCode,
                                   "'" + name +
                                       "' holds an .npz archive (np.load) above, and pyscript "
                                       "reads that name only as " +
                                       name + "[\"member\"]");
      d.help.push_back("give this value another name");
      for (const ast::ExprPtr& target : s.targets)
        poison_target(*target, env);
      return true;
    }
    return false;
  }
  const ast::Expr& target = *s.targets[0];
  if (is_main_ && module_.is_read_by_functions(target.text)) {
    Diagnostic& d = diags_.error(target.range, kCode,
                                 "a function reads '" + target.text +
                                     "', an .npz archive "
                                     "(np.load), which pyscript reads only as " +
                                     target.text + "[\"member\"] where it is loaded");
    d.help.push_back("load the arrays at the top level (w1 = " + target.text +
                     "[\"w1\"]) and let functions read those");
    poison_target(target, env);
    return true;
  }
  ir::Node* open = emit(OpKind::NumpyOpenNpz, {}, {}, value.range);
  open->set_attr("path", *path);
  npz_names_.insert(target.text);
  env.define(target.text, const_str(*path, value.range), target.range);
  return true;
}

// A use of a name bound to an archive other than NAME["member"]: a diagnostic (null).
Value* FunctionLowering::npz_name_misuse(const ast::Expr& e) {
  Diagnostic& d = diags_.error(e.range, kCode,
                               "'" + e.text +
                                   "' is an .npz archive (np.load), which pyscript reads "
                                   "only as " +
                                   e.text + "[\"member\"]");
  d.help.push_back("index it with a member's name known when compiling: " + e.text + "[\"w1\"]");
  return nullptr;
}

// An array argument of np.save / np.savez: an array, or a number as numpy's 0-d array.
Value* FunctionLowering::saved_array(Value* v, const SourceRange& r, const char* fn) {
  if (v->type().is(TypeKind::Array)) return v;
  if (v->type().is_number()) return scalar_to_array(v, r);
  type_error(r,
             std::string(fn) + " saves arrays, not a " + v->type().to_string() +
                 " (pyscript's own limit)",
             "convert it first: np.array(...)");
  return nullptr;
}

Value* FunctionLowering::lower_numpy_io(const std::string& name, const ast::Expr& e,
                                        Environment& env) {
  if (const ast::Keyword* kw = keyword(e, "allow_pickle")) {
    // Only pickled object arrays need it; pyscript has none, so its value changes nothing.
    if (kw->value->kind != ast::ExprKind::Bool) {
      type_error(kw->value->range, "allow_pickle must be True or False");
      return nullptr;
    }
  }
  if (name == "load") return lower_numpy_load(e, env);
  const ast::Expr& path_arg = *e.operands[1];
  Value* path = lower_expr(path_arg, env);
  if (!path) return nullptr;
  if (!path->type().is(TypeKind::Str)) {
    type_error(path_arg.range,
               "np." + name + "'s file must be a str path, not a " + path->type().to_string());
    return nullptr;
  }
  std::optional<std::string> known = known_str(path_arg, env);
  if (!known)
    if (std::optional<ir::AttrValue> c = ir::constant_value(path);
        c && std::holds_alternative<std::string>(*c))
      known = std::get<std::string>(*c);
  bool npz = name != "save";
  std::string file;
  if (known)
    file = file_key(*known + (ends_with(*known, npz ? ".npz" : ".npy") ? ""
                              : npz                                    ? ".npz"
                                                                       : ".npy"));
  // A save with an error in it says nothing of the file: a load of it then reports nothing more.
  auto failed = [&]() -> Value* {
    if (known) module_.numpy_files().failed.insert(file);
    return nullptr;
  };
  // The members: keyword arrays first, then the positional ones as arr_0, arr_1, ... (numpy's
  // order).
  std::vector<std::string> names;
  std::vector<Value*> arrays;
  std::vector<SourceRange> at;
  std::string fn = "np." + name;
  if (name == "save") {
    Value* a = lower_expr(*e.operands[2], env);
    if (!a) return failed();
    arrays.push_back(a);
    at.push_back(e.operands[2]->range);
  } else {
    // Evaluated in the call's order; numpy then stores the keyword arrays first.
    size_t positional = e.operands.size() - 2;
    std::vector<Value*> unnamed;
    for (size_t i = 0; i < positional; ++i) {
      Value* a = lower_expr(*e.operands[2 + i], env);
      if (!a) return failed();
      unnamed.push_back(a);
    }
    for (const ast::Keyword& kw : e.keywords) {
      Value* a = lower_expr(*kw.value, env);
      if (!a) return failed();
      names.push_back(kw.name);
      arrays.push_back(a);
      at.push_back(kw.value->range);
    }
    for (size_t i = 0; i < positional; ++i) {
      std::string member = "arr_" + std::to_string(i);
      for (const ast::Keyword& kw : e.keywords) {
        if (kw.name != member) continue;
        diags_.error(kw.name_range, kCode,
                     "numpy raises ValueError: Cannot use un-named variables and keyword " +
                         member);
        return failed();
      }
      names.push_back(member);
      arrays.push_back(unnamed[i]);
      at.push_back(e.operands[2 + i]->range);
    }
  }
  return split_values(arrays, e.range, [&](std::vector<Value*>& values) -> Value* {
    std::vector<Value*> inputs{path};
    NumpyFileType saved;
    saved.npz = npz;
    for (size_t i = 0; i < values.size(); ++i) {
      Value* a = saved_array(values[i], at[i], fn.c_str());
      if (!a) return failed();
      if (saved.npz) {
        inputs.push_back(const_str(names[i], at[i]));
        saved.members.push_back({names[i] + ".npy", a->type(), ""});
      } else {
        saved.array.type = a->type();
      }
      inputs.push_back(a);
    }
    ir::Node* n = emit(saved.npz ? OpKind::NumpySavez : OpKind::NumpySave, inputs, {}, e.range);
    if (saved.npz) n->set_attr("compressed", name == "savez_compressed");
    if (known) {
      module_.numpy_files().saved[file] = saved;
      module_.numpy_files().failed.erase(file);
    }
    return const_none(e.range);
  });
}

} // namespace pyscript::lower
