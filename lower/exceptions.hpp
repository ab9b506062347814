// Exceptions in the lowering: the tree of exception classes, and what a `try` region tracks.
//
// Note [Exception values]
// An exception is a value of the static type Exception, whatever its class: `except (E1, E2) as e`,
// `raise e` and a variable holding either class need no common base computed, and two classes merge
// without a conflict. The class is a run-time property (an id in the object: Note [Exception
// objects] in include/pyscript/runtime_exceptions.h), tested by exception_matches against the ids
// of every subclass of the classes named, which the lowering knows: the built-in tree
// (include/pyscript/exception_classes.def) and the classes the program derives from it.
//
// Note [Try regions]
// Python's rule: when a statement raises, the variables hold what they held before it; what the
// statements before it assigned stays. So in a `try` body (a *region*) every statement that may
// raise is lowered inside its own Try op (`guarded`):
//     %x.1, ..., %raised, %e = Try()
//       block0():                   the statement
//         -> (%x.2, ..., False, %unset)
//       block1(%caught : Exception):    it raised: the values from before it
//         -> (%x.1, ..., True, %caught)
// and the flag $raised (an exit flag, Note [Exit flags]) makes the rest of the body skip, leaves
// loops (carried, as $returned is) and reaches the try's handlers, with the exception in $exc.
// Compound statements are guarded as a whole (their conditions and iterables raise before anything
// in them ran) and their bodies statement by statement; what raises after part of a compound
// statement ran is guarded where it runs: a while loop's condition at the end of its body, a dict
// iteration's check (lower_loop_once, lower_loop_else). A statement whose code cannot raise an
// exception a `try` catches (may_raise_catchable: int arithmetic raises only pyscript's limits) is
// not wrapped.
//
// The handlers need the variables as they were where the exception was raised, which a path that
// raised does not share with the paths that went on (`y = int(s)` binds y on the normal path only,
// and `except ValueError: y = 0` then defines y on every path that reaches what follows). So each
// region keeps a *side* of the environment: at every raise point (`snapshot`) each name of the
// function goes to `$raise<N>:name` (N: the region), and merge() merges side names as values that
// matter only on some paths (a path without them has not raised: its value is uninitialized). The
// handlers read the side; what follows the try reads the normal names. After a loop that may raise,
// the side is the loop's outputs (the rest of the body skipped, they hold the values at the raise),
// body-local names undefined.
//
// `finally` is a region too, with a second side, `$exit<N>:name`, for the paths that leave by
// return/break/continue (recorded where they leave). Its body is lowered once per kind of path, as
// CPython compiles it: for the normal path, for a pending exception (then raised again, or kept
// pending for an enclosing region), and for a pending exit (then the exit goes on). An exit in the
// finally body replaces what was pending, as in CPython. Re-raising where no region encloses is an
// exception_raise op; inside one it is the flag and a snapshot.
//
// Comprehensions, which lower synthetic statements inside an expression, are no region: an
// exception inside one leaves the whole statement (`suspend_regions`).
#pragma once

#include "ir/graph.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace pyscript::lower {

// ($raised, the exit flag of a pending exception: lower/environment.hpp)
inline const std::string kCaught = "$exc"; // the pending exception (a value like $ret)

// Side names of regions: values that matter only on the paths that raised (or left) there.
inline bool is_side_name(const std::string& name) {
  return name == kCaught || name.rfind("$raise", 0) == 0 || name.rfind("$exit", 0) == 0;
}

// The classes a program may raise and catch: CPython's built-in ones, then its own.
class ExceptionClasses {
public:
  ExceptionClasses();
  // The id of class `name`, or -1.
  int find(const std::string& name) const;
  const std::string& name(int id) const { return classes_.at(size_t(index(id))).name; }
  // Adds `class NAME(BASE)` (BASE an exception class); its id, or -1 when BASE is none.
  int add_user_class(const std::string& name, const std::string& base);
  // `id` and every class deriving from it, directly or not.
  std::vector<int64_t> subclasses(int id) const;
  bool is_subclass(int id, int base) const;
  // KeyError and its subclasses print their argument's repr as str(e).
  bool str_is_repr(int id) const { return is_subclass(id, find("KeyError")); }
  bool has_user_classes = false; // the program's were added (FunctionLowering::exception_classes)

private:
  struct Class {
    std::string name;
    int id;
    int base; // -1 for BaseException
  };
  int index(int id) const;
  std::vector<Class> classes_;
};

// The state of the `try` statements being lowered in one function (Note [Try regions]).
struct TryRegion {
  int id;
  bool is_finally;
  int loop_depth;      // loops around the region: break/continue in deeper loops stay inside
  bool raised = false; // a raise point recorded its side
  bool exited = false; // a return/break/continue recorded its exit side
  std::string raise_prefix() const { return "$raise" + std::to_string(id) + ":"; }
  std::string exit_prefix() const { return "$exit" + std::to_string(id) + ":"; }
};

struct TryState {
  std::vector<TryRegion> regions; // innermost last
  int next_id = 0;
  int loop_depth = 0;
  std::vector<ir::Value*> handled; // the exceptions of the handlers being lowered: a bare `raise`
};

} // namespace pyscript::lower
