// Internal to lower/: the program's user classes, their hierarchy, fields and methods.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"
#include "ir/graph.hpp"

#include <map>
#include <set>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pyscript::lower {

// Note [Objects]
// An instance of a user class is a reference-counted object shared by reference, as in CPython:
// a header, the class descriptor, then one slot per field (include/pyscript/runtime_objects.h).
// Fields are the attributes `__init__` assigns (`self.x = ...`, through super().__init__ too), laid
// out base class first, so a field sits at the same offset in every subclass and a method compiled
// for a base class reads a subclass's fields unchanged. A method is specialized on its argument
// types with `self` typed as the class that defines it (`Vec.norm.Vec`).
//
// Each field has one static type across all instances (SPEC.md: classes are not specialized per
// constructor call). Field types are learnt from the stores as code is lowered: the first store
// fixes it, None and an object merge into Optional, two classes into their common base. A store
// that widens a field after code was lowered against the narrower type makes the whole module be
// lowered again from the start with the wider type (ClassTable::widened, lower_module); types only
// grow, so this ends after a few rounds. Class ids number the classes in preorder of the class
// tree: `isinstance(x, C)` and dispatch on the run-time class are range tests on the id.
// Optional[C] is a nullable reference; using it where a C is needed checks for None and raises
// CPython's AttributeError ('NoneType' object has no attribute 'x').
struct ClassInfo {
  const ast::ClassDef* def = nullptr;
  std::string name;
  ClassInfo* base = nullptr; // user base class
  std::vector<ClassInfo*> derived;
  int64_t id = 0, id_end = 0; // this class and its subclasses: [id, id_end)
  int depth = 0;
  std::vector<std::string> fields;             // layout order, base's first
  std::map<std::string, SourceRange> field_at; // where each own field is first assigned
  bool is_exception = false;                   // derives from a built-in exception class
  // Own fields no __init__ assigns, only other methods (Note [Attributes set outside __init__]).
  std::set<std::string> late_fields;
  // The program constructs it somewhere (`C(...)`, `raise C`): classes are not values in pyscript,
  // so a class no such expression names never has an instance, nor does any object of its type.
  bool constructed = false;
};

class ClassTable {
public:
  void build(const ast::Module& module, DiagnosticEngine& diags);
  const ClassInfo* find(const std::string& name) const;
  // The method of `cls` named `name`, and the class defining it (cls or a base).
  std::pair<const ast::FunctionDef*, const ClassInfo*> method(const ClassInfo& cls,
                                                              const std::string& name) const;
  // The @abstractmethods `cls` has not overridden, by name (Note [Class decorators] in
  // frontend/class_decorators.hpp): making an instance of it is CPython's TypeError.
  std::vector<std::string> abstract_methods(const ClassInfo& cls) const;
  const ast::Stmt* constant(const ClassInfo& cls, const std::string& name,
                            const ClassInfo** owner = nullptr) const;
  int field_index(const ClassInfo& cls, const std::string& field) const; // -1 when none
  bool is_subclass(const ClassInfo& sub, const ClassInfo& base) const {
    return sub.id >= base.id && sub.id < base.id_end;
  }
  // Whether `cls` or a subclass is ever constructed: a dispatch chain leaves out the others.
  bool has_instances(const ClassInfo& cls) const;
  // The merge of two types holding objects: C and D -> their nearest common base (`object` when
  // they have none, Note [The object class]), None and C -> Optional[C]; nothing when they do not
  // merge.
  std::optional<ir::Type> merge(const ir::Type& a, const ir::Type& b) const;
  const std::vector<std::unique_ptr<ClassInfo>>& all() const { return classes_; }

  // Field types, kept across the rounds of lowering (Note [Objects]).
  struct FieldTypes {
    std::map<std::pair<std::string, std::string>, ir::Type> types; // (owner class, field)
    bool widened = false;
    int origins = 0; // the last tag of an empty container (Note [Empty containers])
    // Note [Widened displays]: the element (or dict value) type of the list or dict display at a
    // source position, widened to a base class because a sibling class joined it later.
    std::map<std::pair<const void*, uint32_t>, ir::Type> displays;
    // Note [Recursive calls before a return]: what a specialization (by its IR name) returns, as
    // the previous round found it, for recursive calls lowered before its returns settle.
    std::map<std::string, ir::Type> recursive_returns;
    // Where each of those functions is defined, and its Python name.
    std::map<std::string, std::pair<SourceRange, std::string>> recursive_sites;
    // Note [Returns that are only printed]: functions (Python names) whose returns are made str.
    std::set<std::string> stringified_returns;
  };
  FieldTypes* field_types = nullptr;
  // The class whose layout holds field `field` of `cls` (cls or a base).
  const ClassInfo* field_owner(const ClassInfo& cls, const std::string& field) const;
  // The IR description of every class (ir::Module::classes), once lowering has typed the fields.
  std::vector<ir::ClassLayout> layouts() const;

private:
  std::vector<std::unique_ptr<ClassInfo>> classes_; // preorder (by id)
  std::map<std::string, ClassInfo*> by_name_;
  // Note [The object class]: the base every class has in Python, for values of unrelated classes.
  std::unique_ptr<ast::ClassDef> root_def_;
  std::unique_ptr<ClassInfo> root_;
  mutable bool root_used_ = false; // a merge gave it: its layout goes out with the others
};

// Sets ClassLayout::acyclic (Note [Acyclic classes] in class_cycles.cpp).
void mark_acyclic_classes(const ast::Module& module, const ClassTable& table,
                          std::vector<ir::ClassLayout>& layouts);

// The class table of the module being lowered (merging paths needs it where no lowering is at
// hand: either_of in either.cpp). Set by ModuleLowering for its lifetime.
const ClassTable* active_classes();
void set_active_classes(const ClassTable* t);

} // namespace pyscript::lower
