// @dataclass, @functools.total_ordering and abc's ABC/@abstractmethod: classes as CPython's
// decorators leave them, as ordinary methods.
#pragma once

#include "frontend/ast.hpp"
#include "frontend/diagnostics.hpp"

namespace pyscript {

// Note [Class decorators]
// `@dataclass`, `@total_ordering`, the base `ABC` and `@abstractmethod` are read where the class is
// parsed (parse_class.cpp: ClassDef::markers, is_dataclass, total_ordering, fields;
// FunctionDef::is_abstract); name resolution checks that each names the import's member it looks
// like. Before name resolution, expand_class_decorators gives the class the methods CPython's
// decorator would, as AST, so the rest of the compiler sees ordinary methods:
//  - @dataclass: the class-level `name: T` and `name: T = default` are fields, in order, a base
//    dataclass's first. Unless the class defines the method itself:
//      def __init__(self, a: A, b: B = default, c: C = None):   # c = field(default_factory=f)
//          self.a = a
//          self.b = b
//          self.c = f() if c is None else c
//      def __repr__(self): return type(self).__name__ + "(a=" + repr(self.a) + ", b=" + ... + ")"
//      def __eq__(self, other):
//          if isinstance(other, C):
//              return type(other).__name__ == type(self).__name__ and
//                     (self.a, self.b, self.c) == (other.a, other.b, other.c)
//          return False
//    The last is CPython's `other.__class__ is self.__class__` test: another class's instance is
//    unequal (CPython's NotImplemented, then identity). field() takes default, default_factory, repr
//    and compare (repr=False / compare=False leave the field out of __repr__ / __eq__); its other
//    options, a mutable default and a field without a default after one with a default are
//    diagnostics where CPython raises when the class is made. Known difference: a default_factory
//    field's parameter defaults to None, so passing None explicitly gets the factory's value where
//    CPython stores None (a parameter's default must be a literal in pyscript, so no value only
//    the default can be stands in for CPython's sentinel).
//  - @total_ordering: from __lt__ (else __le__, __gt__, __ge__: CPython's choice), defined in the
//    class or a base, the missing ones of the four, as CPython's functools defines them
//    (`__gt__ = not self.__lt__(other) and self != other`, ...). NotImplemented is not in the
//    subset, so its checks have nothing to test.
//  - `class Shape(ABC)` derives from nothing observable; an @abstractmethod is an ordinary method
//    that marks its class abstract until a subclass overrides it. Making an instance of a class with
//    abstract methods left is CPython's TypeError, raised where the object is made
//    (lower/lower_class.cpp construct).
void expand_class_decorators(ast::Module& module, DiagnosticEngine& diags);

} // namespace pyscript
