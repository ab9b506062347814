// What a name holds at one point of a function being lowered, and how two paths merge.
//
// Note [Exit flags]
// `return`, `break` and `continue` inside structured control flow become flags in the
// environment: $returned (with the value in $ret), $broke, $continued. Statements after one that
// may exit are wrapped in `If(not (flags...))`, loops continue while `not ($broke or $returned)`,
// and loops that contain a `return` carry $returned and $ret. Constant folding and
// control-flow simplification remove what turns out to be constant.
#pragma once

#include "support/source.hpp"
#include "ir/graph.hpp"

#include <map>
#include <string>

namespace pyscript::lower {

inline const std::string kReturned = "$returned";
inline const std::string kReturnValue = "$ret";
inline const std::string kBroke = "$broke";
inline const std::string kContinued = "$continued";
inline const std::string kLoopBroke = "$loopbroke"; // for/while ... else

inline const std::string kRaised = "$raised"; // an exception is pending (Note [Try regions])

inline bool is_exit_flag(const std::string& name) {
  return name == kReturned || name == kBroke || name == kContinued || name == kRaised;
}

struct Binding {
  enum class State {
    Defined,        // value holds it
    MaybeUndefined, // assigned on some paths only; `where` is one assignment
    Conflict,       // two paths give it different types; `where` and `other` are the assignments
    Poisoned,       // its assignment had an error already reported: stay quiet
  };
  State state = State::Defined;
  ir::Value* value = nullptr;
  SourceRange where;       // the assignment that defined it
  SourceRange other;       // Conflict: the assignment with the other type
  ir::Type other_type;     // Conflict: that type
  std::string why;         // MaybeUndefined: the note at `where`, when not the usual one
};

struct Environment {
  std::map<std::string, Binding> vars;
  // Every path to here has left through return/break/continue: what follows is dead.
  bool terminated = false;
  // ...and all of them through `return`, so no later code reads their variables
  // (Note [Merging paths]); after break/continue the loop end still reads them.
  bool returned_only = false;
  // Variables a lambda made on the way here captured (Note [Closures] in lower_lambda.cpp): where.
  std::map<std::string, SourceRange> captured;

  const Binding* find(const std::string& name) const {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : &it->second;
  }
  ir::Value* value_of(const std::string& name) const {
    const Binding* b = find(name);
    return b && b->state == Binding::State::Defined ? b->value : nullptr;
  }
  void define(const std::string& name, ir::Value* v, const SourceRange& where) {
    Binding b;
    b.value = v;
    b.where = where;
    vars[name] = b;
  }
};

} // namespace pyscript::lower
